import type { ScheduledJob } from '#server/queue/queue';
import { DAY_MS } from './prune-rate-limits.job.ts';
import { pruneAddresses } from '#server/event-store/queries';

/** How long a request's client address is kept (docs/decisions/022). */
export const REQUEST_ADDRESS_DAYS = 90;

/**
 * Daily, at 00:00 UTC: deletes the client addresses of requests older than 90 days. Counted from the
 * slot's start, so a second run of the same slot deletes nothing more.
 */
export const pruneRequestAddressesJob: ScheduledJob = {
  name: 'prune-request-addresses',
  everyMs: DAY_MS,
  async run(job, context) {
    const deleted = await pruneAddresses(context.db, new Date(job.scheduledAt.getTime() - REQUEST_ADDRESS_DAYS * DAY_MS));
    context.log.info({ jobId: job.id, deleted }, 'request addresses past their retention pruned');
  },
};
