import { adminProcedure } from '#server/trpc/procedures';
import { getFailedJobs } from './failed-jobs.ts';
import { ZGetFailedJobsResponseSchema } from './get-failed-jobs.schema.ts';

/** Jobs that gave up after their last attempt, on either kind of queue. */
export const getFailedJobsRoute = adminProcedure('settings')
  .output(ZGetFailedJobsResponseSchema)
  .query(({ ctx }) => getFailedJobs(ctx.services));
