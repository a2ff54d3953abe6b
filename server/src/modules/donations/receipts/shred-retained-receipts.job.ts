import { handleCommand, type CommandServices } from '#server/event-store/command-handler';
import type { EventStore } from '#server/event-store/event-store';

import type { ScheduledJob } from '#server/queue/queue';
import { donationStreamId, receiptRetentionSubjectId } from '../donations.events.ts';
import { DAY_MS } from '../statements/prune-statement-codes.job.ts';
import { indiaDateOf } from './receipt-serial.ts';
import { decideShredRetainedReceipt, evolveRetention, noRetention } from '../donation.decider.ts';

/** Kept receipts shredded per batch of the read model's list. */
const BATCH = 200;
/** A run starts no new batch after this long; the rest is shredded by the next day's run. */
const TIME_BUDGET_MS = 10 * 60_000;

/**
 * Shreds every receipt the law no longer makes us keep as of `asOf` (the schedule's slot): records
 * RetainedReceiptShredded on the donation's stream (the read model drops the sealed record) and
 * destroys the record's own key in the same transaction. Batch after batch until none is due, or
 * until `timeBudgetMs` has passed (the batch under way is finished; the next run goes on from
 * there). Returns how many it shredded.
 */
export async function shredRetainedReceipts(
  services: CommandServices & { eventStore: EventStore },
  asOf: Date,
  options: { batchSize?: number; timeBudgetMs?: number } = {},
): Promise<number> {
  const today = indiaDateOf(asOf);
  const batchSize = options.batchSize ?? BATCH;
  const stopAt = performance.now() + (options.timeBudgetMs ?? TIME_BUDGET_MS);
  let shredded = 0;
  let after = '';
  for (;;) {
    const { rows } = await services.db.query<{ reference: string }>(
      `SELECT reference FROM donation_receipt_retention WHERE record IS NOT NULL AND kept_until < $1::date AND reference > $2 ORDER BY reference LIMIT $3`,
      [today, after, batchSize],
    );
    for (const { reference } of rows) {
      const { events } = await handleCommand(services, {
        streamId: donationStreamId(reference),
        evolve: evolveRetention,
        initialState: noRetention,
        decide: (state) => decideShredRetainedReceipt({ reference, today, now: asOf }, state),
        metadata: { actor: 'system', correlationId: `shred-retained-receipts:${asOf.toISOString()}` },
        async onRecorded(tx) {
          await services.eventStore.vault.destroyKey(tx, receiptRetentionSubjectId(reference));
        },
      });
      shredded += events.length;
    }
    if (rows.length < batchSize || performance.now() >= stopAt) break;
    after = rows.at(-1)!.reference;
  }
  return shredded;
}

/** Daily, at 00:00 UTC: the receipts kept past an erasure whose retention period has ended are shredded (issue 29). */
export const shredRetainedReceiptsJob: ScheduledJob = {
  name: 'shred-retained-receipts',
  everyMs: DAY_MS,
  async run(job, context) {
    const shredded = await shredRetainedReceipts(context, job.scheduledAt);
    context.log.info({ jobId: job.id, shredded }, 'retained receipts past their period shredded');
  },
};
