import { handleCommand } from '#server/event-store/command-handler';
import type { JobContext, ScheduledJob } from '#server/queue/queue';
import { formatReference } from '../donation-fields.schema.ts';
import { onlinePaymentsCheckStreamId, type OnlinePaymentsChecked } from '../donations.events.ts';
import { indiaDateOf } from '../receipts/receipt-serial.ts';
import { decideOnlinePaymentsCheck, evolveOnlinePaymentsCheck, noOnlinePaymentsCheck, type OnlinePaymentsCheckState } from './online-payments-check.decider.ts';
import { razorpayClientOf } from './razorpay-client.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** India is UTC+05:30 all year. */
const IST_OFFSET_MS = 330 * 60 * 1000;

/** The first and last second (unix) of a day in India. */
export function indiaDayBounds(date: string): { from: number; to: number } {
  const start = Date.parse(`${date}T00:00:00.000Z`) - IST_OFFSET_MS;
  return { from: start / 1000, to: (start + DAY_MS) / 1000 - 1 };
}

/**
 * Compares `date`'s captured payments at the gateway with the donations verified online that day
 * and records the day's OnlinePaymentsChecked (once). Returns the number of differences, or null when
 * the day was checked already or the gateway is not configured.
 */
export async function checkOnlinePayments(context: Pick<JobContext, 'config' | 'db' | 'eventStore'>, date: string, now: Date): Promise<number | null> {
  const config = context.config.razorpay;
  if (!config) return null;
  const streamId = onlinePaymentsCheckStreamId(date);
  if ((await context.eventStore.readStream(streamId)).length > 0) return null;
  const client = razorpayClientOf(config);
  const listed = await client.listPayments(indiaDayBounds(date));
  const captured = listed.filter((payment) => payment.captured).map((payment) => ({ paymentId: payment.id, amountPaise: payment.amount }));
  // Every gift verified online that day, whatever became of it since (a refund cancels it, but the payment was captured).
  const { rows } = await context.db.query<{ payment_id: string; reference: string; amount_paise: string | number }>(
    `SELECT payment_id, reference, amount_paise FROM donations WHERE received_on = $1 AND payment_id IS NOT NULL`,
    [date],
  );
  const verified = rows.map((row) => ({ paymentId: row.payment_id, reference: formatReference(row.reference), amountPaise: Number(row.amount_paise) }));
  // A payment made just before midnight and verified just after it is listed on the day before: asked for by ID.
  const listedIds = new Set(captured.map((payment) => payment.paymentId));
  const capturedOnAnotherDay: { paymentId: string; amountPaise: number }[] = [];
  for (const donation of verified.filter((item) => !listedIds.has(item.paymentId))) {
    const payment = await client.fetchPayment(donation.paymentId).catch(() => null);
    if (payment && (payment.status === 'captured' || payment.status === 'refunded')) capturedOnAnotherDay.push({ paymentId: payment.id, amountPaise: payment.amount });
  }
  const ids = [...new Set([...captured, ...verified].map((item) => item.paymentId))];
  const flagged = (await context.db.query<{ payment_id: string }>(`SELECT payment_id FROM online_payment_flags WHERE payment_id = ANY($1::text[])`, [ids])).rows.map((row) => row.payment_id);
  const { events } = await handleCommand<OnlinePaymentsCheckState, OnlinePaymentsChecked>(context, {
    streamId,
    evolve: evolveOnlinePaymentsCheck,
    initialState: noOnlinePaymentsCheck,
    decide: (state) => decideOnlinePaymentsCheck({ date, captured, verified, capturedOnAnotherDay, flagged, now }, state),
    metadata: { actor: 'system', correlationId: `check-online-payments:${date}` },
  });
  const recorded = events[0] as OnlinePaymentsChecked | undefined;
  return recorded ? recorded.data.differences.length : null;
}

/** Daily at 00:00 UTC (05:30 in India): the day in India that ended five and a half hours before. */
export const checkOnlinePaymentsJob: ScheduledJob = {
  name: 'check-online-payments',
  everyMs: DAY_MS,
  async run(job, context) {
    const date = indiaDateOf(new Date(job.scheduledAt.getTime() - DAY_MS));
    const differences = await checkOnlinePayments(context, date, context.now());
    if (differences) context.log.warn({ jobId: job.id, date, differences }, 'online payments: the day’s captured payments and verified donations differ; shown to finance');
  },
};
