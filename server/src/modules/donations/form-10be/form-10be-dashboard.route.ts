import { adminProcedure } from '#server/trpc/procedures';
import { getForm10BEDashboard } from './form-10be.ts';
import { ZForm10BEDashboardRequestSchema, ZForm10BEDashboardSchema } from './form-10be.schema.ts';

/** donations.admin.form10be.dashboard: a year's donors in the filing, certificates uploaded, matched, sent, opened and missing (finance). */
export const form10beDashboardRoute = adminProcedure('finance')
  .input(ZForm10BEDashboardRequestSchema)
  .output(ZForm10BEDashboardSchema)
  .query(({ ctx, input }) => getForm10BEDashboard(ctx.services, input));
