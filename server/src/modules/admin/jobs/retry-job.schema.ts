import { z } from 'zod';
import { ZFailedJobSchema } from './get-failed-jobs.schema.ts';

/** Job IDs are `<event ID>_<handler>` or `repeat:<schedule>:<slot>`: nothing else gets through. */
export const ZRetryJobRequestSchema = z.strictObject({
  jobId: z
    .string({ error: 'Job ID is required' })
    .min(1, 'Job ID is required')
    .max(300, 'Enter a valid job ID')
    .regex(/^[A-Za-z0-9_:.-]+$/, 'Enter a valid job ID'),
});
export type TRetryJobRequest = z.infer<typeof ZRetryJobRequestSchema>;

/** The job as listed after the retry was queued; null when it already succeeded and left the list. */
export const ZRetryJobResponseSchema = z.object({ job: ZFailedJobSchema.nullable() });
export type TRetryJobResponse = z.infer<typeof ZRetryJobResponseSchema>;
