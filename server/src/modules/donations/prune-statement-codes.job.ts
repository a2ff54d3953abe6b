import type { ScheduledJob } from '#server/queue/queue';
import { pruneStatementCodes } from './statement-code.ts';

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Daily, at 00:00 UTC: deletes the statement codes whose time and whose proof's time are over (the
 * events stay). From the slot's start, so a second run of the same slot deletes nothing more.
 */
export const pruneStatementCodesJob: ScheduledJob = {
  name: 'prune-statement-codes',
  everyMs: DAY_MS,
  async run(job, context) {
    const deleted = await pruneStatementCodes(context.db, job.scheduledAt);
    context.log.info({ jobId: job.id, deleted }, 'expired statement codes pruned');
  },
};
