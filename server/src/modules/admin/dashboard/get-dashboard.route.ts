import { countMembers } from '#server/modules/identity/identity.api';
import { adminProcedure } from '#server/trpc/procedures';
import { ZAdminDashboardResponseSchema } from './get-dashboard.schema.ts';

export const getDashboardRoute = adminProcedure(null)
  .output(ZAdminDashboardResponseSchema)
  .query(async ({ ctx }) => ({ memberCount: await countMembers(ctx.services.db) }));
