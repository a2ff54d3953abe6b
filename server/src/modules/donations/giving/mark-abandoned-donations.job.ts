import { handleCommand, type CommandServices } from '#server/event-store/command-handler';
import type { ScheduledJob } from '#server/queue/queue';
import { ABANDON_AFTER_MS, decideAbandon, donationStream } from '../donation.decider.ts';

export const HOUR_MS = 60 * 60 * 1000;
/** Pledges marked per transaction batch of the read model's list. */
const BATCH = 200;

/**
 * Marks every pledge awaiting payment for 7 days as of `asOf` (the schedule's slot, never the clock,
 * so a retried slot decides the same). The read model only lists candidates; each is decided on its
 * own stream. Returns how many were marked.
 */
export async function markAbandonedDonations(services: CommandServices, asOf: Date): Promise<number> {
  const cutoff = new Date(asOf.getTime() - ABANDON_AFTER_MS);
  let marked = 0;
  let after = '';
  for (;;) {
    const { rows } = await services.db.query<{ reference: string }>(
      `SELECT reference FROM donations WHERE status = 'awaiting_payment' AND pledged_at <= $1 AND reference > $2 ORDER BY reference LIMIT $3`,
      [cutoff, after, BATCH],
    );
    for (const { reference } of rows) {
      const { events } = await handleCommand(services, {
        stream: donationStream,
        id: reference,
        decide: (state) => decideAbandon({ reference, now: asOf }, state),
        metadata: { actor: 'system', correlationId: `mark-abandoned-donations:${asOf.toISOString()}` },
      });
      marked += events.length;
    }
    if (rows.length < BATCH) return marked;
    after = rows.at(-1)!.reference;
  }
}

/** Hourly: a pledge shows as abandoned within the hour after its seventh day. */
export const markAbandonedDonationsJob: ScheduledJob = {
  name: 'mark-abandoned-donations',
  everyMs: HOUR_MS,
  async run(job, context) {
    const marked = await markAbandonedDonations(context, job.scheduledAt);
    if (marked > 0) context.log.info({ jobId: job.id, marked }, 'pledges without proof for 7 days marked abandoned');
  },
};
