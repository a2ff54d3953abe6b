import { z } from 'zod';

/** A job that gave up after its last attempt, as admins holding `settings` see it (decision 020). */
export const ZFailedJobSchema = z.object({
  jobId: z.string(),
  /** The job handler's or the schedule's name. */
  name: z.string(),
  /** What started it: an event (its type and stream) or a schedule's time slot. */
  source: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('event'), eventType: z.string(), streamId: z.string() }),
    z.object({ kind: z.literal('schedule'), scheduledAt: z.string() }),
  ]),
  attempts: z.number().int().min(0),
  /** The error's message only: shortened, e-mail addresses and long numbers masked, no stack. */
  lastError: z.string(),
  firstFailedAt: z.string(),
  lastFailedAt: z.string(),
  /** Set while a retry an admin asked for is queued or running. */
  retriedAt: z.string().nullable(),
});
export type TFailedJob = z.infer<typeof ZFailedJobSchema>;

export const ZGetFailedJobsResponseSchema = z.object({
  /** The most recent first, at most FAILED_JOBS_SHOWN. */
  jobs: z.array(ZFailedJobSchema),
  /** How many are listed in all. */
  total: z.number().int().min(0),
});
export type TGetFailedJobsResponse = z.infer<typeof ZGetFailedJobsResponseSchema>;

export const FAILED_JOBS_SHOWN = 200;
