import type { ScheduledJob } from '#server/queue/queue';
import { closeEndedFundraisers } from './fundraiser-commands.ts';

const HOUR_MS = 60 * 60 * 1000;

/** Hourly: a fundraiser closes within the hour after the day following its end date begins in India. */
export const closeEndedFundraisersJob: ScheduledJob = {
  name: 'close-ended-fundraisers',
  everyMs: HOUR_MS,
  async run(job, context) {
    const closed = await closeEndedFundraisers(context, job.scheduledAt);
    if (closed > 0) context.log.info({ jobId: job.id, closed }, 'fundraisers past their end date closed');
  },
};
