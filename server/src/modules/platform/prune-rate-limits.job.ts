import { pruneRateLimits } from '#server/lib/rate-limit';
import type { ScheduledJob } from '#server/queue/queue';

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Daily, at 00:00 UTC: deletes rate-limit windows that have ended, so the table holds about a day
 * of hits. Pruning from the slot's start rather than the clock makes a second run of the same slot
 * (a retry, a duplicate delivery) delete nothing more.
 */
export const pruneRateLimitsJob: ScheduledJob = {
  name: 'prune-rate-limits',
  everyMs: DAY_MS,
  async run(job, context) {
    const deleted = await pruneRateLimits(context.db, job.scheduledAt);
    context.log.info({ jobId: job.id, deleted }, 'old rate-limit windows pruned');
  },
};
