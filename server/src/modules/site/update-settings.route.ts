import { adminProcedure } from '#server/trpc/procedures';
import { metaOf } from '#server/trpc/context';
import { ZGetSettingsResponseSchema, ZUpdateSettingsRequestSchema } from './settings.schema.ts';
import { updateSettings } from './settings.ts';

export const updateSettingsRoute = adminProcedure('settings')
  .input(ZUpdateSettingsRequestSchema)
  .output(ZGetSettingsResponseSchema)
  .mutation(({ ctx, input }) =>
    updateSettings(ctx.services, input.expectedVersion, input.data, metaOf(ctx)),
  );
