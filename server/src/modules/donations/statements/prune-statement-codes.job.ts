import type { ScheduledJob } from '#server/queue/queue';
import { pruneStatementCodes } from './statement-code.ts';

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Daily, at 00:00 UTC: deletes the statement codes whose time and whose proof's time are over and
 * shreds the contacts they were sent to (the events stay, sealed for ever). From the slot's start,
 * so a second run of the same slot does nothing more.
 */
export const pruneStatementCodesJob: ScheduledJob = {
  name: 'prune-statement-codes',
  everyMs: DAY_MS,
  async run(job, context) {
    const { deleted, shredded, isDone } = await pruneStatementCodes({ db: context.db, eventStore: context.eventStore, vault: context.eventStore.vault }, job.scheduledAt);
    context.log.info({ jobId: job.id, deleted, shredded, isDone }, isDone ? 'expired statement codes pruned, their contacts shredded' : 'expired statement codes pruned in part, the rest on the next run');
  },
};
