import { countMembers } from '#server/modules/identity/accounts';
import { summarizeWebVitals } from '#server/modules/site/web-vitals';
import { ZWebVitalsSummarySchema } from '#server/modules/site/web-vitals.schema';
import { adminProcedure } from '#server/trpc/procedures';
import { ZAdminDashboardResponseSchema } from './get-dashboard.schema.ts';

export const getDashboardRoute = adminProcedure(null)
  .output(ZAdminDashboardResponseSchema)
  .query(async ({ ctx }) => ({ memberCount: await countMembers(ctx.services.db) }));

/** Core Web Vitals of real visits: the 75th percentile per page over the last 28 days. */
export const getWebVitalsRoute = adminProcedure(null)
  .output(ZWebVitalsSummarySchema)
  .query(({ ctx }) => summarizeWebVitals(ctx.services.db, ctx.services.now()));
