import { hasPermission, SETTINGS_PAGE_PERMISSIONS } from '#server/shared/access';
import { anyAdminProcedure } from '#server/trpc/procedures';
import { metaOf } from '#server/trpc/context';
import { ZGetSettingsResponseSchema, ZUpdateSettingsRequestSchema } from './settings.schema.ts';
import { updateSettings } from './settings.ts';

/** Settings staff change the foundation's details; finance staff (second factor) where money goes; each only their own part. */
export const updateSettingsRoute = anyAdminProcedure(...SETTINGS_PAGE_PERMISSIONS)
  .input(ZUpdateSettingsRequestSchema)
  .output(ZGetSettingsResponseSchema)
  .mutation(({ ctx, input }) =>
    // Where money goes is finance's (whose staff sign in with a second factor): settings.ts.
    updateSettings(ctx.services, { mayChangeMoney: hasPermission(ctx.user, 'finance'), mayChangeOther: hasPermission(ctx.user, 'settings') }, input.expectedVersion, input.data, metaOf(ctx)),
  );
