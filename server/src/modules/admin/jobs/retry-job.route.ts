import { adminProcedure } from '#server/trpc/procedures';
import { retryFailedJob } from './failed-jobs.ts';
import { ZRetryJobRequestSchema, ZRetryJobResponseSchema } from './retry-job.schema.ts';

/** Runs a failed job again with all its attempts; it leaves the list when it succeeds. */
export const retryJobRoute = adminProcedure('settings')
  .input(ZRetryJobRequestSchema)
  .output(ZRetryJobResponseSchema)
  .mutation(({ ctx, input }) => retryFailedJob(ctx.services, input.jobId));
