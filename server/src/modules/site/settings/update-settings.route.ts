import { hasPermission } from '#server/shared/access';
import { adminProcedure } from '#server/trpc/procedures';
import { metaOf } from '#server/trpc/context';
import { ZGetSettingsResponseSchema, ZUpdateSettingsRequestSchema } from './settings.schema.ts';
import { updateSettings } from './settings.ts';

export const updateSettingsRoute = adminProcedure('settings')
  .input(ZUpdateSettingsRequestSchema)
  .output(ZGetSettingsResponseSchema)
  .mutation(({ ctx, input }) =>
    // Where money goes is finance's (whose staff sign in with a second factor): settings.ts.
    updateSettings(ctx.services, { mayChangeMoney: hasPermission(ctx.user, 'finance') }, input.expectedVersion, input.data, metaOf(ctx)),
  );
