import { publicProcedure } from '#server/trpc/procedures';
import { ZGetSettingsResponseSchema } from './settings.schema.ts';
import { getSettings } from './settings.ts';

export const getSettingsRoute = publicProcedure.output(ZGetSettingsResponseSchema).query(({ ctx }) => getSettings(ctx.services.db));
