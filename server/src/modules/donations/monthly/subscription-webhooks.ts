import { z } from 'zod';
import { foldStreamOf, handleCommand } from '#server/event-store/command-handler';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import { currentSignatureFileId, getSettings } from '#server/modules/site/site.api';
import type { Services } from '#server/services';
import { receiptIssuerOf, type PledgeCommand, type SerialSlot } from '../donation.decider.ts';
import { donationStreamId, type DonorDetails, type ReceiptIssuer } from '../donations.events.ts';
import { paymentSettingsOf } from '../giving/payment-details.ts';
import { indiaDateOf } from '../receipts/receipt-serial.ts';
import { generateReference } from '../reference.ts';
import { lockSerialSlot } from '../verification/verify-donation.ts';
import { decideMonthlyCharge, decideSubscriptionStatus, monthlyPlanStream, type MonthlyChargeOutcome, type MonthlyPlanState } from './monthly-plan.decider.ts';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from './monthly-plans.events.ts';

/** What handling a subscription notice uses: a request's services or a job's context. */
export type MonthlyServices = Pick<Services, 'db' | 'eventStore' | 'log' | 'now'>;

/** The subscription events handled (decision 079); any other subscription.* is acknowledged and records nothing. */
export const SUBSCRIPTION_EVENTS = [
  'subscription.authenticated',
  'subscription.activated',
  'subscription.charged',
  'subscription.pending',
  'subscription.halted',
  'subscription.cancelled',
  'subscription.paused',
  'subscription.resumed',
  'subscription.completed',
] as const;

const ZSubscriptionWebhookSchema = z.object({
  event: z.string(),
  payload: z
    .object({
      subscription: z.object({ entity: z.object({ id: z.string().regex(/^sub_[A-Za-z0-9]+$/), status: z.string() }).loose() }),
      payment: z
        .object({
          entity: z
            .object({
              id: z.string().regex(/^pay_[A-Za-z0-9]+$/),
              amount: z.number().int().positive(),
              currency: z.string(),
              status: z.string(),
              order_id: z.string().nullable().optional(),
            })
            .loose(),
        })
        .optional(),
    })
    .loose(),
});

export type SubscriptionWebhookStatus = 'verified' | 'duplicate' | 'ignored' | 'subscription-updated';

/** What a subscription.* delivery carries that handling it needs: IDs, amount, states (never the payer's details). */
export interface SubscriptionNotice {
  event: string;
  subscription: { id: string; status: string };
  payment: { id: string; amountPaise: number; currency: string; status: string; orderId: string | null } | null;
}

/**
 * The notice of a signed `subscription.*` body, or null for one that records nothing whatever our
 * records say: another shape, an event not handled, a charge not captured in INR, a state we do not
 * know. Read when the delivery arrives (decision 083), before anything is recorded.
 */
export function subscriptionNoticeOf(body: unknown): SubscriptionNotice | null {
  const parsed = ZSubscriptionWebhookSchema.safeParse(body);
  if (!parsed.success || !(SUBSCRIPTION_EVENTS as readonly string[]).includes(parsed.data.event)) return null;
  const { event, payload } = parsed.data;
  const entity = payload.payment?.entity;
  const payment = entity ? { id: entity.id, amountPaise: entity.amount, currency: entity.currency, status: entity.status, orderId: entity.order_id ?? null } : null;
  if (event === 'subscription.charged') {
    if (!payment || payment.status !== 'captured' || payment.currency !== 'INR') return null;
  } else if (!(SUBSCRIPTION_STATUSES as readonly string[]).includes(statusOf(event, payload.subscription.entity.status))) {
    return null;
  }
  return { event, subscription: { id: payload.subscription.entity.id, status: payload.subscription.entity.status }, payment };
}

/** `subscription.resumed` reports the subscription active again. */
function statusOf(event: string, status: string): string {
  return event === 'subscription.resumed' ? 'active' : status;
}

async function planIdOfSubscription(services: Pick<Services, 'db'>, subscriptionId: string): Promise<string | null> {
  const { rows } = await services.db.query<{ plan_id: string }>(`SELECT plan_id::text FROM monthly_plans WHERE subscription_id = $1`, [subscriptionId]);
  return rows[0]?.plan_id ?? null;
}

/**
 * A signed `subscription.*` delivery, recorded (decision 083) and handled by its job. The plan is
 * found by the subscription's ID in our own records, never by the notes it carries.
 * `subscription.charged` verifies one donation per payment; the others record the subscription's
 * state (halted and cancelled show to the donor and finance). A subscription of no plan of ours:
 * `ignored`, logged (decision 066, 7).
 */
export async function handleSubscriptionNotice(
  services: MonthlyServices,
  notice: SubscriptionNotice & { eventId: string | null },
  meta: RequestMeta & { causationId?: string },
): Promise<{ status: SubscriptionWebhookStatus }> {
  const { event, eventId } = notice;
  const subscriptionId = notice.subscription.id;
  const planId = await planIdOfSubscription(services, subscriptionId);
  if (!planId) {
    services.log.warn({ event, eventId, subscriptionId }, 'payment gateway: a subscription notice for no monthly plan of ours; nothing recorded');
    return { status: 'ignored' };
  }
  if (event === 'subscription.charged') {
    const payment = notice.payment!;
    const outcome = await recordMonthlyCharge(services, { planId, subscriptionId, payment: { paymentId: payment.id, orderId: payment.orderId, amountPaise: payment.amountPaise }, eventId }, meta);
    return { status: outcome };
  }
  const status = statusOf(event, notice.subscription.status) as SubscriptionStatus;
  const now = services.now();
  const { events } = await handleCommand(services, {
    stream: monthlyPlanStream,
    id: planId,
    decide: (state) => decideSubscriptionStatus({ subscriptionId, status, event, eventId, now }, state),
    metadata: eventMetadata(meta, meta.causationId),
  });
  return { status: events.length > 0 ? 'subscription-updated' : 'duplicate' };
}

/**
 * One charge in one transaction: the plan folded (a payment recorded already stops here, before
 * any lock), then the year's serial locked, then the month's donation pledged and verified and the
 * charge recorded on the plan. Ten identical deliveries at once queue on the plan's version: one
 * donation, one serial, one receipt mail.
 */
export async function recordMonthlyCharge(
  services: MonthlyServices,
  input: { planId: string; subscriptionId: string; payment: { paymentId: string; orderId: string | null; amountPaise: number }; eventId: string | null },
  meta: RequestMeta & { causationId?: string },
): Promise<MonthlyChargeOutcome> {
  const now = services.now();
  const decision: { outcome: MonthlyChargeOutcome } = { outcome: 'duplicate' };
  await handleCommand(services, {
    async read(tx) {
      const folded = await foldStreamOf(services.eventStore, tx, monthlyPlanStream, input.planId);
      const versions: Record<string, number | null> = { ...folded.versions };
      const { settings } = await getSettings(tx);
      const state: MonthlyPlanState & { payment: ReturnType<typeof paymentSettingsOf>; serial: SerialSlot | null; issuer: ReceiptIssuer | null; reference: string } = {
        ...folded.state,
        payment: paymentSettingsOf(settings),
        serial: null,
        issuer: null,
        reference: generateReference(),
      };
      if (!folded.state.chargedPayments.includes(input.payment.paymentId)) {
        versions[donationStreamId(state.reference)] = null;
        // Last, as a finance verification does: the lock is held only for the decision and the append.
        const serial = await lockSerialSlot(tx, settings, indiaDateOf(now), false);
        versions[serial.streamId] = serial.version;
        state.serial = serial;
        state.issuer = receiptIssuerOf(settings, await currentSignatureFileId(services.eventStore, tx));
      }
      return { state, versions };
    },
    async decide(state, { seal, reveal }) {
      if (state.chargedPayments.includes(input.payment.paymentId) || !state.issuer) {
        decision.outcome = 'duplicate';
        return [];
      }
      const donor = await reveal<DonorDetails>(state.donor);
      // An erased plan's donor: the gift is still recorded (the money came), in the name the law allows no more of.
      const details: DonorDetails = donor ?? { name: 'Erased donor', email: null, phone: null, pan: null, address: null };
      const pledge: PledgeCommand = {
        reference: state.reference,
        amountPaise: input.payment.amountPaise,
        cause: state.cause,
        helpRequestId: null,
        donor: await seal(donationStreamId(state.reference), details),
        donorKey: state.donorKey,
        contactKeys: donor ? state.contactKeys : [],
        hasPan: Boolean(details.pan),
        showName: state.showName,
        referralId: null,
        memberId: null,
        channel: 'online',
        now,
        citizenship: 'indian',
      };
      const decided = decideMonthlyCharge({ subscriptionId: input.subscriptionId, payment: input.payment, eventId: input.eventId, pledge, issuer: state.issuer, now }, state);
      decision.outcome = decided.outcome;
      return decided.batches;
    },
    metadata: eventMetadata(meta, meta.causationId),
    attempts: 20,
  });
  return decision.outcome;
}
