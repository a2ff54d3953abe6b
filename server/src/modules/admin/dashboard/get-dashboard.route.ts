import { countMembers } from '#server/modules/identity/identity.api';
import { getSettings, missingSetup } from '#server/modules/site/site.api';
import { adminProcedure } from '#server/trpc/procedures';
import { ZAdminDashboardResponseSchema } from './get-dashboard.schema.ts';

export const getDashboardRoute = adminProcedure(null)
  .output(ZAdminDashboardResponseSchema)
  .query(async ({ ctx }) => {
    const [memberCount, { settings }] = await Promise.all([countMembers(ctx.services.db), getSettings(ctx.services.db)]);
    return { memberCount, setupMissing: missingSetup(settings) };
  });
