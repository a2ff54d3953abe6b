import { adminProcedure } from '#server/trpc/procedures';
import { getCharts } from './charts.ts';
import { ZChartsResponseSchema } from './charts.schema.ts';

/** Any admin: sums and counts only, no person and no record, so no permission narrows it. */
export const getChartsRoute = adminProcedure(null)
  .output(ZChartsResponseSchema)
  .query(({ ctx }) => getCharts(ctx.services));
