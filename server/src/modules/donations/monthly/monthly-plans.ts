import crypto from 'node:crypto';
import { foldStreamOf, handleCommand } from '#server/event-store/command-handler';
import { AppError } from '#server/errors/app-error';
import { addressBucket } from '#server/lib/client-address';
import { consumeRateLimit } from '#server/lib/rate-limit';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import { getSettings } from '#server/modules/site/site.api';
import type { Services } from '#server/services';
import type { EventMetadata } from '#server/event-store/types';
import type { Queryable } from '#server/db/db';
import { isForeignContribution, type PledgeCommand } from '../donation.decider.ts';
import { donationStreamId, type DonorDetails } from '../donations.events.ts';
import { donorDetailsOf, pledgeFieldsOf } from '../giving/create-donation.ts';
import { paymentSettingsOf } from '../giving/payment-details.ts';
import { indiaDateOf } from '../receipts/receipt-serial.ts';
import { generateReference } from '../reference.ts';
import {
  decideMonthlyChange,
  decideMonthlyReminder,
  decideStartMonthlyPlan,
  decideSubscriptionCreated,
  dueOnOf,
  isReminderDue,
  MONTHLY_PLAN_NOT_FOUND,
  monthlyPlanStream,
  type MonthlyChange,
  type MonthlyPlanState,
} from './monthly-plan.decider.ts';
import type { TMonthlyPlanView, TStartMonthlyPlanInput, TStartMonthlyPlanResponse } from './monthly-plan.schema.ts';
import { monthlyPlanStreamId, type MonthlyPlanEvent, type MonthlyPlanKind } from './monthly-plans.events.ts';
import { subscriptionsClientOf } from './razorpay-subscriptions.ts';

export { MANAGE_LINK_INVALID } from './monthly-plan.schema.ts';

export const MONTHLY_NEEDS_EMAIL = 'Give an e-mail address: the private link to pause, change or stop a monthly gift is sent to it.';

// ---- the signed link (manage-link.ts) ----

export { manageLinkOf, manageTokenOf, planIdOfToken } from './manage-link.ts';
import { planIdOfToken } from './manage-link.ts';

// ---- start ----

/** Identical starts within this long (a double click, a retried request) are one plan. */
export const DUPLICATE_START_WINDOW_MS = 10 * 60_000;
/** pg_advisory_xact_lock's namespace while a donor's plan is started ("MP"). */
const START_LOCK_NAMESPACE = 0x4d50;

/** The first day a reminder or a charge falls on: this month's day if it has not passed in India, else next month's. */
export function firstDayOf(now: Date, dayOfMonth: number): string {
  const dueThisMonth = dueOnOf(now, dayOfMonth);
  return dueThisMonth >= indiaDateOf(now) ? dueThisMonth : monthAfter(dueThisMonth);
}

/** 10:00 in India on a YYYY-MM-DD, in unix seconds: when the gateway charges. */
function chargeTimeOf(date: string): number {
  return Math.floor(new Date(`${date}T04:30:00.000Z`).getTime() / 1000);
}

/**
 * `donations.monthly.start` (public): a monthly plan. With the gateway, a plan of the amount and a
 * subscription starting on the first chosen day are made first (the donor authorises it in
 * Checkout); when the gateway fails, the plan is a reminder plan. The manage link goes only to the
 * donor's e-mail or phone (the answer never carries it: anyone can start a plan with anyone's
 * contact). Identical starts by the same donor within 10 minutes are one plan.
 */
export async function startMonthlyPlan(services: Services, input: TStartMonthlyPlanInput, meta: RequestMeta): Promise<TStartMonthlyPlanResponse> {
  const now = services.now();
  if (meta.ip) await consumeRateLimit(services.db, addressBucket('donation-pledge', meta.ip), services.limits.donationPledgePerIp, now);
  const donor = donorDetailsOf(input);
  // The manage link must reach the donor: a phone alone serves only where SMS is set up.
  if (!donor.email && services.sms.kind === 'none') throw new AppError('BAD_REQUEST', { userMessage: MONTHLY_NEEDS_EMAIL, fieldErrors: { email: [MONTHLY_NEEDS_EMAIL] } });
  const fields = pledgeFieldsOf(services, { ...input, referralId: undefined }, donor);
  const firstOn = firstDayOf(now, input.dayOfMonth);
  const findDuplicate = async (db: Queryable) => {
    const { rows } = await db.query<{ plan_id: string; subscription_id: string | null }>(
      `SELECT plan_id, subscription_id FROM monthly_plans WHERE donor_key = $1 AND amount_paise = $2 AND day_of_month = $3 AND cause = $4 AND status <> 'stopped' AND started_at > $5 ORDER BY started_at LIMIT 1`,
      [fields.donorKey, input.amountPaise, input.dayOfMonth, input.cause, new Date(now.getTime() - DUPLICATE_START_WINDOW_MS)],
    );
    return rows[0] ?? null;
  };
  const answer = (subscriptionId: string | null): TStartMonthlyPlanResponse => ({
    amountPaise: input.amountPaise,
    dayOfMonth: input.dayOfMonth,
    linkSentBy: donor.email ? 'email' : 'sms',
    firstOn,
    ...(subscriptionId && services.config.razorpay ? { razorpay: { subscriptionId, keyId: services.config.razorpay.keyId } } : {}),
  });
  const isForeign = isForeignContribution(fields);
  const existing = await findDuplicate(services.db);
  if (existing) return answer(existing.subscription_id);
  const planId = crypto.randomUUID();
  const gateway = isForeign ? null : await openSubscription(services, { planId, amountPaise: input.amountPaise, firstOn });
  const kind: MonthlyPlanKind = gateway ? 'gateway' : 'reminder';
  const { state } = await handleCommand<MonthlyPlanState & { duplicate: { plan_id: string; subscription_id: string | null } | null }, MonthlyPlanEvent>(services, {
    async read(tx) {
      await tx.query(`SELECT pg_advisory_xact_lock($1, hashtext($2))`, [START_LOCK_NAMESPACE, fields.donorKey]);
      const duplicate = await findDuplicate(tx);
      const folded = await foldStreamOf(services.eventStore, tx, monthlyPlanStream, planId);
      return { state: { ...folded.state, duplicate }, versions: folded.versions };
    },
    async decide(state, { seal }) {
      if (state.duplicate) return [];
      const streamId = monthlyPlanStreamId(planId);
      const started = decideStartMonthlyPlan(
        {
          planId,
          kind,
          amountPaise: input.amountPaise,
          dayOfMonth: input.dayOfMonth,
          cause: input.cause,
          donor: await seal(streamId, donor),
          donorKey: fields.donorKey,
          contactKeys: fields.contactKeys,
          hasPan: fields.hasPan,
          showName: fields.showName,
          isForeignContribution: isForeign,
          now,
        },
        state,
      );
      const startedState = { ...state, exists: started.length > 0, planId, kind, amountPaise: input.amountPaise, subscription: null };
      const created = gateway ? decideSubscriptionCreated({ ...gateway, now }, startedState) : [];
      return [{ streamId, events: [...started, ...created] }];
    },
    metadata: eventMetadata(meta),
  });
  if (state.duplicate) return answer(state.duplicate.subscription_id);
  return answer(gateway?.subscriptionId ?? null);
}

/** The gateway's plan and subscription for a new monthly plan, or null (no gateway, or it failed: the plan then reminds). */
async function openSubscription(services: Services, input: { planId: string; amountPaise: number; firstOn: string }): Promise<{ subscriptionId: string; gatewayPlanId: string } | null> {
  const config = services.config.razorpay;
  if (!config) return null;
  try {
    const client = subscriptionsClientOf(config);
    const plan = await client.createPlan({ amountPaise: input.amountPaise, name: `Monthly gift ₹${input.amountPaise / 100}` });
    const subscription = await client.createSubscription({ gatewayPlanId: plan.id, startAt: chargeTimeOf(input.firstOn), planId: input.planId });
    return { subscriptionId: subscription.id, gatewayPlanId: plan.id };
  } catch (error) {
    services.log.warn({ err: error instanceof Error ? error.message : String(error), planId: input.planId }, 'payment gateway: no subscription for the monthly plan; it sends reminders instead');
    return null;
  }
}

// ---- the manage page ----

async function readPlan(services: Services, planId: string): Promise<MonthlyPlanState> {
  const { state } = await foldStreamOf(services.eventStore, services.db, monthlyPlanStream, planId);
  if (!state.exists) throw new AppError('FORBIDDEN', { userMessage: MONTHLY_PLAN_NOT_FOUND, fieldErrors: { token: [MONTHLY_PLAN_NOT_FOUND] } });
  return state;
}

/** What a link holder sees: the plan, never the donor (no name, contact, PAN or the month's references). */
export function viewOf(state: MonthlyPlanState, now: Date): TMonthlyPlanView {
  return {
    status: state.status,
    stoppedBy: state.status === 'stopped' ? (state.stoppedBy ?? 'donor') : null,
    kind: state.kind,
    amountPaise: state.amountPaise,
    dayOfMonth: state.dayOfMonth,
    cause: state.cause,
    subscriptionStatus: state.subscription?.status ?? null,
    gifts: state.kind === 'gateway' ? state.chargedPayments.length : state.remindedMonths.length,
    nextOn: state.status === 'active' ? nextDayOf(state, now) : null,
  };
}

/** The same day of the month after a YYYY-MM-DD. */
function monthAfter(date: string): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return `${month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`}-${date.slice(8)}`;
}

/** The next reminder's or charge's day: the first day to come whose month has not had its reminder. */
function nextDayOf(state: MonthlyPlanState, now: Date): string {
  const first = firstDayOf(now, state.dayOfMonth);
  return state.remindedMonths.includes(first.slice(0, 7)) ? monthAfter(first) : first;
}

/** `donations.monthly.get` (public, by the signed link). A stopped plan is shown as stopped. */
export async function getMonthlyPlan(services: Services, input: { token: string }): Promise<TMonthlyPlanView> {
  const planId = planIdOfToken(services.vault, input.token);
  return viewOf(await readPlan(services, planId), services.now());
}

/**
 * `donations.monthly.manage` (public, by the signed link): pause, resume, change the amount or day,
 * stop. A bad signature is refused before anything is read; a stopped plan refuses every change
 * with a clear message. Each change is an event; with the gateway, the sync job tells Razorpay.
 */
export async function manageMonthlyPlan(services: Services, input: { token: string; change: MonthlyChange }, meta: RequestMeta): Promise<TMonthlyPlanView> {
  const planId = planIdOfToken(services.vault, input.token);
  const now = services.now();
  if (meta.ip) await consumeRateLimit(services.db, addressBucket('monthly-manage', meta.ip), services.limits.donationPledgePerIp, now);
  await readPlan(services, planId);
  const { state, events } = await handleCommand(services, {
    stream: monthlyPlanStream,
    id: planId,
    decide: (current) => decideMonthlyChange({ ...input.change, now }, current),
    metadata: eventMetadata(meta),
  });
  return viewOf(events.reduce((folded, event) => monthlyPlanStream.evolve(folded, event as never), state), now);
}

// ---- the reminder schedule ----

/**
 * Records this month's reminder for every reminder plan whose day has come (as of `asOf`, the
 * schedule's slot): for each, in one transaction, the plan's MonthlyReminderDue and a new pledge of
 * the amount with its own reference. The read model only lists candidates; each is decided on its
 * plan's stream, so two runs at once (a retried slot, two workers) record one reminder a month.
 */
export async function sendMonthlyReminders(services: Pick<Services, 'db' | 'eventStore'>, asOf: Date): Promise<number> {
  const today = indiaDateOf(asOf);
  const month = today.slice(0, 7);
  const { rows } = await services.db.query<{ plan_id: string }>(
    `SELECT plan_id::text FROM monthly_plans
      WHERE kind = 'reminder' AND status = 'active' AND NOT is_erased AND day_of_month <= $1
        AND (last_reminded_month IS NULL OR last_reminded_month < $2)
        AND started_on <= $3::date + (day_of_month - 1)
      ORDER BY plan_id`,
    [Number(today.slice(8)), month, `${month}-01`],
  );
  let recorded = 0;
  for (const { plan_id: planId } of rows) {
    const metadata: EventMetadata = { actor: 'system', correlationId: `monthly-reminders:${asOf.toISOString()}` };
    const { events } = await handleCommand(services, {
      async read(tx) {
        const folded = await foldStreamOf(services.eventStore, tx, monthlyPlanStream, planId);
        const { settings } = await getSettings(tx);
        // A new reference on every attempt: one that exists already makes the no_stream append conflict.
        const reference = generateReference();
        return { state: { ...folded.state, payment: paymentSettingsOf(settings), reference }, versions: { ...folded.versions, [donationStreamId(reference)]: null } };
      },
      async decide(state, { seal, reveal }) {
        if (!isReminderDue(state, asOf)) return [];
        const donor = await reveal<DonorDetails>(state.donor);
        if (!donor) return [];
        const pledge: PledgeCommand = {
          reference: state.reference,
          amountPaise: state.amountPaise,
          cause: state.cause,
          helpRequestId: null,
          donor: await seal(donationStreamId(state.reference), donor),
          donorKey: state.donorKey,
          contactKeys: state.contactKeys,
          hasPan: state.hasPan,
          showName: state.showName,
          referralId: null,
          memberId: null,
          channel: 'online',
          now: asOf,
          citizenship: 'indian',
        };
        return decideMonthlyReminder({ pledge, now: asOf }, state);
      },
      metadata,
    });
    if (events.length > 0) recorded += 1;
  }
  return recorded;
}

/** The plan's donor, revealed (null once erased): for the notice jobs. */
export async function planDonorOf(services: Pick<Services, 'db' | 'eventStore'>, planId: string): Promise<{ state: MonthlyPlanState; donor: DonorDetails | null }> {
  return services.db.transaction(async (tx) => {
    const { state } = await foldStreamOf(services.eventStore, tx, monthlyPlanStream, planId);
    const donor = state.donor && !state.isErased ? await services.eventStore.vault.reveal<DonorDetails>(tx, state.donor) : null;
    return { state, donor };
  });
}
