import { summarizeWebVitals } from '#server/modules/site/site.api';
import { ZWebVitalsSummarySchema } from '#server/modules/site/web-vitals.schema';
import { adminProcedure } from '#server/trpc/procedures';

/** Core Web Vitals of real visits: the 75th percentile per page over the last 28 days. */
export const getWebVitalsRoute = adminProcedure(null)
  .output(ZWebVitalsSummarySchema)
  .query(({ ctx }) => summarizeWebVitals(ctx.services.db, ctx.services.now()));
