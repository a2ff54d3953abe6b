import { adminProcedure, publicProcedure } from '#server/trpc/procedures';
import { ZGetSettingsResponseSchema, ZUpdateSettingsRequestSchema } from './settings.schema.ts';
import { getSettings, updateSettings } from './settings.ts';

export const getSettingsRoute = publicProcedure.output(ZGetSettingsResponseSchema).query(({ ctx }) => getSettings(ctx.services.db));

export const updateSettingsRoute = adminProcedure('settings')
  .input(ZUpdateSettingsRequestSchema)
  .output(ZGetSettingsResponseSchema)
  .mutation(({ ctx, input }) =>
    updateSettings(ctx.services, input.expectedVersion, input.data, { actor: ctx.user.userId, correlationId: ctx.requestId, ip: ctx.ip }),
  );
