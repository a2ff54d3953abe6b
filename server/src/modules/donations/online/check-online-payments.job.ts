import { handleCommand } from '#server/event-store/command-handler';
import type { JobContext, ScheduledJob } from '#server/queue/queue';
import { formatReference } from '../donation-fields.schema.ts';
import { onlinePaymentsCheckStreamId, type OnlinePaymentsChecked } from '../donations.events.ts';
import { indiaDateOf } from '../receipts/receipt-serial.ts';
import { decideOnlinePaymentsCheck, evolveOnlinePaymentsCheck, noOnlinePaymentsCheck, type OnlinePaymentsCheckState, type SettlementsCheckInput } from './online-payments-check.decider.ts';
import { razorpayClientOf, type RazorpayClient } from './razorpay-client.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** India is UTC+05:30 all year. */
const IST_OFFSET_MS = 330 * 60 * 1000;

/**
 * Days after its capture by which a payment must have been settled (decision 081): Razorpay settles
 * on T+2 working days by default; seven calendar days leave room for a weekend and bank holidays.
 */
export const SETTLEMENT_WINDOW_DAYS = 7;

/** The day `days` before `date` (both YYYY-MM-DD). */
export function daysBefore(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) - days * DAY_MS).toISOString().slice(0, 10);
}

/** The first and last second (unix) of a day in India. */
export function indiaDayBounds(date: string): { from: number; to: number } {
  const start = Date.parse(`${date}T00:00:00.000Z`) - IST_OFFSET_MS;
  return { from: start / 1000, to: (start + DAY_MS) / 1000 - 1 };
}

/**
 * Compares `date`'s captured payments at the gateway with the donations verified online that day,
 * and the gateway's settlements with both (decision 081), and records the day's OnlinePaymentsChecked (once). Returns the number of differences, or null when
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
  const settlements = await readSettlements(context, client, date);
  const ids = [...new Set([...captured, ...verified, ...settlements.capturedThen, ...settlements.settled].map((item) => item.paymentId))];
  const flagged = (await context.db.query<{ payment_id: string }>(`SELECT payment_id FROM online_payment_flags WHERE payment_id = ANY($1::text[])`, [ids])).rows.map((row) => row.payment_id);
  const { events } = await handleCommand<OnlinePaymentsCheckState, OnlinePaymentsChecked>(context, {
    streamId,
    evolve: evolveOnlinePaymentsCheck,
    initialState: noOnlinePaymentsCheck,
    decide: (state) => decideOnlinePaymentsCheck({ date, captured, verified, capturedOnAnotherDay, flagged, settlements, now }, state),
    metadata: { actor: 'system', correlationId: `check-online-payments:${date}` },
  });
  const recorded = events[0] as OnlinePaymentsChecked | undefined;
  return recorded ? recorded.data.differences.length : null;
}

/**
 * The settlements part of `date`'s check (decision 081): the payments captured a settlement window
 * before, every payment settled from that day to `date` (the recon report, one call per day and page),
 * and the donations those payments verified.
 */
async function readSettlements(context: Pick<JobContext, 'db'>, client: RazorpayClient, date: string): Promise<SettlementsCheckInput> {
  const capturedOn = daysBefore(date, SETTLEMENT_WINDOW_DAYS);
  const capturedThen = (await client.listPayments(indiaDayBounds(capturedOn))).filter((payment) => payment.captured).map((payment) => ({ paymentId: payment.id, amountPaise: payment.amount }));
  const settled: SettlementsCheckInput['settled'] = [];
  for (let back = SETTLEMENT_WINDOW_DAYS; back >= 0; back -= 1) {
    const settledOn = daysBefore(date, back);
    for (const item of await client.listSettledTransactions(settledOn)) {
      if (item.type === 'payment' && item.settled) settled.push({ paymentId: item.entity_id, amountPaise: item.amount, feePaise: item.fee, creditPaise: item.credit, settledOn });
    }
  }
  const ids = [...new Set([...capturedThen, ...settled].map((item) => item.paymentId))];
  const { rows } = await context.db.query<{ payment_id: string; reference: string; amount_paise: string | number }>(
    `SELECT payment_id, reference, amount_paise FROM donations WHERE payment_id = ANY($1::text[])`,
    [ids],
  );
  const verifiedBy = rows.map((row) => ({ paymentId: row.payment_id, reference: formatReference(row.reference), amountPaise: Number(row.amount_paise) }));
  return { capturedOn, capturedThen, settled, verifiedBy };
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
