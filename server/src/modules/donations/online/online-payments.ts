import crypto from 'node:crypto';
import { z } from 'zod';
import { foldStream, handleCommand } from '#server/event-store/command-handler';
import { ConcurrencyError } from '#server/event-store/event-store';
import { streamVersion } from '#server/event-store/queries';
import { AppError } from '#server/errors/app-error';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import { currentSignatureFileId, getSettings } from '#server/modules/site/site.api';
import type { Services } from '#server/services';
import { formatReference, REFERENCE_PATTERN } from '../donation-fields.schema.ts';
import { evolveDonation, isForeignContribution, noDonation, receiptIssuerOf } from '../donation.decider.ts';
import { donationStreamId, gatewayEventStreamId, onlinePaymentStreamId, type DonationOrderCreated, type GatewayEventReceived, type GatewayPaymentNotice } from '../donations.events.ts';
import { lockSerialSlot } from '../verification/verify-donation.ts';
import { indiaDateOf } from '../receipts/receipt-serial.ts';
import { decideOnlinePayment, flagReasonOf, type CapturedPayment, type OnlinePaymentOutcome, type OnlinePaymentState } from './online-payment.decider.ts';
import { ONLINE_PAYMENTS_OFF, ZRazorpayWebhookResponseSchema } from './online-payments.schema.ts';
import { recordPaymentFailure, recordRefundReport, type GatewayServices } from './online-refunds.ts';
import { handleSubscriptionNotice, subscriptionNoticeOf, type SubscriptionWebhookStatus } from '../monthly/subscription-webhooks.ts';
import { deliveryStateOf } from './gateway-deliveries.ts';
import { isRazorpaySignature, razorpayClientOf, type GatewayOrder, type RazorpayClient } from './razorpay-client.ts';
import { recordWebhookDelivery, webhookFailureReason } from './webhook-health.ts';

/** What the page needs to open Checkout for a pledge (issue 33, "Names over the API"). */
export interface CheckoutOrder {
  orderId: string;
  keyId: string;
}

/**
 * With the gateway configured, makes its Order for a new pledge (amount in paise, INR, receipt = the
 * reference, notes naming only the reference and cause) and records its ID on the donation. Null
 * without the gateway, for a foreign contribution (it is paid only into the FCRA account), or when
 * the gateway fails: the pledge stands, and the donor pays by UPI or bank transfer as before.
 */
export async function openOrder(
  services: Services,
  pledge: { reference: string; amountPaise: number; cause: string; isForeignContribution: boolean },
  meta: RequestMeta,
): Promise<CheckoutOrder | null> {
  const config = services.config.razorpay;
  if (!config || pledge.isForeignContribution) return null;
  let client: RazorpayClient;
  let order: GatewayOrder;
  try {
    client = razorpayClientOf(config);
    order = await client.createOrder({ amountPaise: pledge.amountPaise, receipt: formatReference(pledge.reference), notes: { reference: formatReference(pledge.reference), cause: pledge.cause } });
  } catch (error) {
    services.log.warn({ err: describeGatewayError(error), reference: pledge.reference }, 'payment gateway: no order for the pledge; it is paid by UPI or bank transfer');
    return null;
  }
  const streamId = donationStreamId(pledge.reference);
  const orderCreated: DonationOrderCreated = {
    type: 'DonationOrderCreated',
    data: { reference: pledge.reference, gateway: 'razorpay', orderId: order.id, amountPaise: order.amount, createdAt: services.now().toISOString() },
  };
  await handleCommand(services, {
    streamId,
    evolve: evolveDonation,
    initialState: noDonation,
    decide: (state) => (state.exists && state.order === null ? [orderCreated] : []),
    metadata: eventMetadata(meta),
  });
  return { orderId: order.id, keyId: client.keyId };
}

/** The gateway's error without its request (which carries the key in the Basic auth header). */
function describeGatewayError(error: unknown): Record<string, unknown> {
  if (error && typeof error === 'object' && 'statusCode' in error) return { statusCode: (error as { statusCode: unknown }).statusCode, error: (error as { error?: unknown }).error };
  return { message: error instanceof Error ? error.message : String(error) };
}

/** The donation an order's receipt names (the reference, with or without its dash), or null. */
function referenceOfReceipt(receipt: string | null | undefined): string | null {
  const reference = (receipt ?? '').replace(/[\s-]/g, '').toUpperCase();
  return REFERENCE_PATTERN.test(reference) ? reference : null;
}

export interface OnlinePaymentResult {
  outcome: OnlinePaymentOutcome;
  /** The donation the payment's order was made for, when it is one of ours. */
  reference: string | null;
  /** The serial of the receipt this payment's verification issued; null when it verified nothing, and for a webhook's delivery. */
  receiptSerial: string | null;
}

/**
 * Records a captured payment of `reference`'s order (null: the order names no donation of ours) in
 * one transaction: the donation folded, its year's serial locked only when the payment may verify
 * it, then decideOnlinePayment. Webhook and callback both come here, so whichever is first verifies
 * and the other records nothing; ten at once queue on the donation's stream version and the lock.
 */
export async function recordOnlinePayment(
  services: GatewayServices,
  input: { payment: CapturedPayment; reference: string | null; delivery?: { eventId: string; event: string } },
  meta: RequestMeta & { causationId?: string },
): Promise<OnlinePaymentResult> {
  const now = services.now();
  // Set by the decision (of the attempt that committed: the last one).
  const decision: { outcome: OnlinePaymentOutcome } = { outcome: { kind: 'duplicate' } };
  await handleCommand(services, {
    async read(tx) {
      const versions: Record<string, number | null> = {};
      const donation = input.reference ? await foldStream(services.eventStore, tx, donationStreamId(input.reference), evolveDonation, noDonation) : { state: noDonation, versions: {} };
      Object.assign(versions, donation.versions);
      const flagStream = onlinePaymentStreamId(input.payment.paymentId);
      versions[flagStream] = await streamVersion(tx, flagStream);
      let isDeliveryHandled = false;
      if (input.delivery) {
        const delivery = await deliveryStateOf(services.eventStore, tx, input.delivery.eventId);
        versions[delivery.streamId] = delivery.version;
        isDeliveryHandled = delivery.isHandled;
      }
      const state: OnlinePaymentState = { donation: donation.state, serial: null, issuer: null, isFlagged: versions[flagStream] !== null, isDeliveryHandled };
      const mayVerify = !isDeliveryHandled && donation.state.status !== 'verified' && flagReasonOf(input.payment, donation.state) === null;
      if (mayVerify) {
        const { settings } = await getSettings(tx);
        // Last, as a finance verification does: the lock is held only for the decision and the append.
        const serial = await lockSerialSlot(tx, settings, indiaDateOf(now), isForeignContribution(donation.state));
        versions[serial.streamId] = serial.version;
        state.serial = serial;
        state.issuer = receiptIssuerOf(settings, await currentSignatureFileId(services.eventStore, tx));
      }
      return { state, versions };
    },
    decide(state) {
      const decided = decideOnlinePayment({ payment: input.payment, now, ...(input.delivery ? { delivery: input.delivery } : {}) }, state);
      decision.outcome = decided.outcome;
      return decided.batches;
    },
    metadata: eventMetadata(meta, meta.causationId),
    attempts: 20,
  });
  const { outcome } = decision;
  if (outcome.kind === 'flagged' && outcome.isNew) {
    services.log.warn({ paymentId: input.payment.paymentId, orderId: input.payment.orderId, reference: input.reference, reason: outcome.reason }, 'payment gateway: a captured payment verified nothing; flagged for finance');
  }
  // The serial this payment's verification issued, now or in a delivery before: read back from the
  // stream for the page's callback, whose donor waits for it; a webhook's job has no one to tell.
  const isVerifiedByIt = outcome.kind === 'verified' || outcome.kind === 'already-verified' || outcome.kind === 'duplicate';
  const receiptSerial = isVerifiedByIt && input.reference && !input.delivery ? await verifiedSerialOf(services, input.reference, input.payment.paymentId) : null;
  return { outcome, reference: input.reference, receiptSerial };
}

async function verifiedSerialOf(services: GatewayServices, reference: string, paymentId: string): Promise<string | null> {
  const { state } = await foldStream(services.eventStore, services.db, donationStreamId(reference), evolveDonation, noDonation);
  return state.verification?.paymentId === paymentId ? state.verification.receipt.serial : null;
}

// ---- the webhook ----

export const WEBHOOK_SIGNATURE_INVALID = 'The webhook signature is missing or does not match.';
export { ONLINE_PAYMENTS_OFF };

export const WEBHOOK_BODY_INVALID = 'The webhook body is not an event Razorpay sends.';

/** The events that verify a donation; every other event is acknowledged and records nothing. */
export const PAYMENT_EVENTS = ['payment.captured', 'order.paid'] as const;

const ZWebhookPaymentSchema = z.object({
  id: z.string().regex(/^pay_[A-Za-z0-9]+$/),
  amount: z.number().int().nonnegative(),
  currency: z.string().min(3).max(3),
  status: z.string(),
  order_id: z.string().regex(/^order_[A-Za-z0-9]+$/).nullable(),
  /** A failed payment's error, as Razorpay reports it (`BAD_REQUEST_ERROR`, `payment_cancelled`...): codes, not the donor's details. */
  error_code: z.string().max(100).nullable().optional(),
  error_reason: z.string().max(100).nullable().optional(),
});

const ZWebhookRefundSchema = z.object({
  id: z.string().regex(/^rfnd_[A-Za-z0-9]+$/),
  payment_id: z.string().regex(/^pay_[A-Za-z0-9]+$/),
  amount: z.number().int().nonnegative(),
  currency: z.string().min(3).max(3),
  status: z.string(),
  /** An object, or `[]` when empty (as Razorpay sends it). */
  notes: z.unknown().optional(),
});

const ZWebhookSchema = z.object({
  entity: z.literal('event'),
  event: z.string().min(1),
  payload: z
    .object({
      payment: z.object({ entity: ZWebhookPaymentSchema }).optional(),
      order: z.object({ entity: z.object({ id: z.string(), receipt: z.string().nullable().optional() }) }).optional(),
      refund: z.object({ entity: ZWebhookRefundSchema }).optional(),
    })
    .loose(),
});

type ParsedWebhook = z.infer<typeof ZWebhookSchema>;

/** What the endpoint answers (decision 083): recorded for its job, a repeat of an event recorded already, or nothing to record. */
export type WebhookAnswer = z.infer<typeof ZRazorpayWebhookResponseSchema>;

/** What handling a recorded delivery did, for the log (it was answered `received` before). */
export type DeliveryOutcome =
  | OnlinePaymentOutcome['kind']
  | Awaited<ReturnType<typeof recordRefundReport>>['kind']
  | Awaited<ReturnType<typeof recordPaymentFailure>>
  | SubscriptionWebhookStatus
  | 'ignored';

/**
 * Razorpay's event ID when it is one (x-razorpay-event-id), else null. The header is not under the
 * signature, so one that starts as our body-hash IDs do is not taken: it could otherwise stand for
 * another body's delivery (recorded without an ID) and have this one answered as its repeat.
 */
function headerEventId(eventId: string | undefined): string | null {
  return eventId && /^[A-Za-z0-9_-]{1,64}$/.test(eventId) && !eventId.startsWith('body-') ? eventId : null;
}

/**
 * The ID a delivery is deduplicated by: Razorpay's x-razorpay-event-id, or, when it sends none (or
 * one of another shape), `body-` and a hash of the signed body. Razorpay redelivers an event with
 * the same body, so a repeat without an ID is still one delivery; two events never share a body
 * (each names its own entity and time). The prefix keeps it apart from Razorpay's own IDs.
 */
function deliveryIdOf(rawBody: Buffer, eventId: string | undefined): { eventId: string; eventIdFrom: 'header' | 'body' } {
  const fromHeader = headerEventId(eventId);
  if (fromHeader) return { eventId: fromHeader, eventIdFrom: 'header' };
  return { eventId: `body-${crypto.createHash('sha256').update(rawBody).digest('base64url').slice(0, 43)}`, eventIdFrom: 'body' };
}

function paymentNoticeOf(payment: z.infer<typeof ZWebhookPaymentSchema>): GatewayPaymentNotice {
  return {
    id: payment.id,
    amountPaise: payment.amount,
    currency: payment.currency,
    status: payment.status,
    orderId: payment.order_id,
    errorCode: payment.error_code ?? null,
    errorReason: payment.error_reason ?? null,
  };
}

/** The reference a refund's notes name (set by refundOnlinePayment), or null: nothing else of the notes is kept. */
function noteReferenceOf(notes: unknown): string | null {
  return notes && typeof notes === 'object' && 'reference' in notes && typeof notes.reference === 'string' ? referenceOfReceipt(notes.reference) : null;
}

/**
 * What a signed delivery records for its job, or null when it is one that records nothing whatever
 * our records say (an event not handled, a payment not captured, no order): answered `ignored`, as
 * before the inbox. IDs, amounts and states only: the e-mail, phone, VPA, card and notes Razorpay
 * puts in a payment entity are never read into it.
 */
function receivedNoticeOf(parsed: ParsedWebhook, body: unknown): Omit<GatewayEventReceived['data'], 'gateway' | 'eventId' | 'eventIdFrom' | 'receivedAt'> | null {
  const { event, payload } = parsed;
  const none = { payment: null, order: null, refund: null, subscription: null };
  const payment = payload.payment?.entity;
  // Monthly giving's subscriptions (decision 079).
  if (event.startsWith('subscription.')) {
    const notice = subscriptionNoticeOf(body);
    if (!notice) return null;
    return { ...none, event, subscription: notice.subscription, payment: notice.payment && { ...notice.payment, errorCode: null, errorReason: null } };
  }
  if (event === 'refund.processed' || event === 'refund.failed') {
    const refund = payload.refund?.entity;
    if (!refund) return null;
    return {
      ...none,
      event,
      refund: { id: refund.id, paymentId: refund.payment_id, amountPaise: refund.amount, currency: refund.currency, status: refund.status, noteReference: noteReferenceOf(refund.notes) },
      payment: payment && payment.id === refund.payment_id ? paymentNoticeOf(payment) : null,
    };
  }
  if (event === 'payment.failed') {
    if (!payment || payment.status !== 'failed' || !payment.order_id) return null;
    return { ...none, event, payment: paymentNoticeOf(payment) };
  }
  if (!(PAYMENT_EVENTS as readonly string[]).includes(event) || !payment || payment.status !== 'captured' || !payment.order_id) return null;
  const order = payload.order?.entity;
  return { ...none, event, payment: paymentNoticeOf(payment), order: order ? { id: order.id, reference: referenceOfReceipt(order.receipt) } : null };
}

/**
 * POST /api/payments/razorpay/webhook: the inbox Razorpay recommends (decision 083) — answer at
 * once, handle after. The signature is checked over the raw body before anything is read (400 and
 * nothing written without a good one), the body is read (400 for one that is not an event), and a
 * delivery that records something is recorded as one GatewayEventReceived opening the stream of its
 * event ID: 200 `received`. The stream's compare-and-set is the dedupe: a repeat of the ID, or ten
 * at once, find it opened and get `duplicate`. Handling it — verifying the donation, refunds,
 * failures, subscriptions — is the job process-razorpay-event's. Every other signed delivery gets
 * 200 `ignored`: Razorpay retries anything but a 2xx for 24 hours and then disables the webhook
 * (decision 066).
 */
export async function handleRazorpayWebhook(
  services: Pick<Services, 'config' | 'eventStore' | 'db' | 'log' | 'now'>,
  delivery: { rawBody: Buffer; signature: string | undefined; eventId: string | undefined },
  meta: RequestMeta,
): Promise<WebhookAnswer> {
  const config = services.config.razorpay;
  if (!config) throw new AppError('NOT_FOUND', { userMessage: ONLINE_PAYMENTS_OFF });
  if (!isRazorpaySignature(delivery.rawBody, delivery.signature, config.webhookSecret)) {
    throw new AppError('BAD_REQUEST', { userMessage: WEBHOOK_SIGNATURE_INVALID });
  }
  let body: unknown;
  let parsed: ParsedWebhook;
  try {
    body = JSON.parse(delivery.rawBody.toString('utf8'));
    parsed = ZWebhookSchema.parse(body);
  } catch {
    throw new AppError('BAD_REQUEST', { userMessage: WEBHOOK_BODY_INVALID });
  }
  const notice = receivedNoticeOf(parsed, body);
  if (!notice) {
    services.log.info({ event: parsed.event, eventId: delivery.eventId }, 'payment gateway: webhook event acknowledged, nothing to record');
    return { status: 'ignored' };
  }
  const { eventId, eventIdFrom } = deliveryIdOf(delivery.rawBody, delivery.eventId);
  const received: GatewayEventReceived = { type: 'GatewayEventReceived', data: { gateway: 'razorpay', eventId, eventIdFrom, ...notice, receivedAt: services.now().toISOString() } };
  try {
    // One statement, outside a transaction: the stream's compare-and-set (no_stream) and the insert
    // of its first event are one INSERT, atomic by itself, and no inline projection reads this type.
    // Not a blind append: a stream that exists is this delivery's repeat, answered as such. No
    // address: the caller is Razorpay's server, authenticated by the signature, not a person.
    await services.eventStore.appendInTransaction(services.db, [{ streamId: gatewayEventStreamId(eventId), expected: 'no_stream', events: [received] }], eventMetadata({ actor: meta.actor, correlationId: meta.correlationId }));
  } catch (error) {
    if (error instanceof ConcurrencyError) return { status: 'duplicate' };
    throw error;
  }
  return { status: 'received' };
}

/**
 * handleRazorpayWebhook, with each delivery's outcome kept in webhook_health for the System health
 * page (decision 078): taken, or refused and why. Only while online payments are on: without the keys
 * every delivery is a 404 to a stranger, and nothing to watch.
 */
export async function takeRazorpayWebhook(
  services: Services,
  delivery: { rawBody: Buffer; signature: string | undefined; eventId: string | undefined },
  meta: RequestMeta,
): Promise<WebhookAnswer> {
  const at = services.now();
  let answer: WebhookAnswer;
  try {
    answer = await handleRazorpayWebhook(services, delivery, meta);
  } catch (error) {
    if (services.config.razorpay) {
      const reason = webhookFailureReason(error, { signature: WEBHOOK_SIGNATURE_INVALID, body: WEBHOOK_BODY_INVALID });
      await recordWebhookDelivery(services.db, services.log, { taken: false, reason }, at);
    }
    throw error;
  }
  await recordWebhookDelivery(services.db, services.log, { taken: true }, at);
  return answer;
}

/**
 * The job's work (process-razorpay-event, decision 083): a recorded delivery handled as the endpoint
 * handled it before the inbox. Exactly once in effect: each path records GatewayEventHandled (or the
 * plan's charge) with what it records, in one transaction, and a delivery handled already records
 * nothing; every later delivery of the same payment finds its donation verified. A gateway that
 * cannot be reached (the order asked for) throws, and the queue retries the job.
 */
export async function processRazorpayDelivery(services: GatewayServices, received: GatewayEventReceived['data'], meta: RequestMeta & { causationId?: string }): Promise<DeliveryOutcome> {
  const { event, eventId, payment } = received;
  const config = services.config.razorpay;
  if (!config) {
    // The keys were taken away since it was received: nothing can be asked of the gateway.
    services.log.warn({ event, eventId }, 'payment gateway: a recorded webhook delivery left unhandled, online payments are off');
    return 'ignored';
  }
  if (received.subscription) {
    const { status } = await handleSubscriptionNotice(services, { event, eventId, subscription: received.subscription, payment: payment && { id: payment.id, amountPaise: payment.amountPaise, currency: payment.currency, status: payment.status, orderId: payment.orderId } }, meta);
    return status;
  }
  if (received.refund) return handleRefundNotice(services, received, received.refund, meta);
  if (!payment?.orderId) return 'ignored';
  if (event === 'payment.failed') {
    const order = await razorpayClientOf(config).fetchOrder(payment.orderId);
    return recordPaymentFailure(
      services,
      { payment: { paymentId: payment.id, orderId: payment.orderId, errorCode: payment.errorCode, errorReason: payment.errorReason }, reference: referenceOfReceipt(order.receipt), delivery: { eventId, event } },
      meta,
    );
  }
  // order.paid carries its order; payment.captured names it, and the order's receipt is asked of the gateway.
  const reference = received.order?.id === payment.orderId ? received.order.reference : referenceOfReceipt((await razorpayClientOf(config).fetchOrder(payment.orderId)).receipt);
  const result = await recordOnlinePayment(
    services,
    { payment: { paymentId: payment.id, orderId: payment.orderId, amountPaise: payment.amountPaise, currency: payment.currency }, reference, delivery: { eventId, event } },
    meta,
  );
  return result.outcome.kind;
}

/**
 * The reference a refund's notes name, else its payment's order's receipt, asked of the gateway; and
 * that order, when known (the notes are set only for a payment that verified its donation).
 */
async function referenceOfRefund(
  services: GatewayServices,
  refund: NonNullable<GatewayEventReceived['data']['refund']>,
  orderId: string | null,
): Promise<{ reference: string | null; orderId: string | null }> {
  if (refund.noteReference) return { reference: refund.noteReference, orderId };
  const client = razorpayClientOf(services.config.razorpay!);
  const order = orderId ?? (await client.fetchPayment(refund.paymentId)).order_id;
  return { reference: order ? referenceOfReceipt((await client.fetchOrder(order)).receipt) : null, orderId: order ?? null };
}

/**
 * `refund.processed` and `refund.failed` (decision 069): a full refund of the payment that verified a
 * donation cancels it, whoever made the refund; a partial one is flagged; a failed one lets finance ask again.
 */
async function handleRefundNotice(
  services: GatewayServices,
  received: GatewayEventReceived['data'],
  refund: NonNullable<GatewayEventReceived['data']['refund']>,
  meta: RequestMeta & { causationId?: string },
): Promise<DeliveryOutcome> {
  const { event, eventId, payment } = received;
  const { reference, orderId } = await referenceOfRefund(services, refund, payment?.id === refund.paymentId ? payment.orderId : null);
  const outcome = await recordRefundReport(
    services,
    {
      refund: { refundId: refund.id, paymentId: refund.paymentId, amountPaise: refund.amountPaise, currency: refund.currency },
      status: event === 'refund.failed' ? 'failed' : 'processed',
      reference,
      orderId,
      delivery: { eventId, event },
    },
    meta,
  );
  // Failing the job has the queue retry it after the payment's own job; one that never comes leaves
  // it among the failed jobs, beside the nightly check's captured-but-not-verified payment.
  if (outcome.kind === 'payment-unhandled') throw new Error(`refund ${refund.id}: its payment ${refund.paymentId} of donation ${reference} is not verified yet; retried after the payment's delivery`);
  if (outcome.kind === 'ignored') services.log.info({ event, refundId: refund.id, paymentId: refund.paymentId }, 'payment gateway: a refund of a payment that verified no donation; nothing recorded');
  return outcome.kind;
}

// ---- the page's callback ----

export const CHECKOUT_SIGNATURE_INVALID = 'The payment could not be confirmed: its signature does not match. If money was taken, it will be matched to your donation shortly.';
export const CHECKOUT_NOT_CAPTURED = 'The payment is not complete yet. Your receipt is sent as soon as it is.';
export const CHECKOUT_FLAGGED = 'This payment does not match the donation. Our finance team has been told and will contact you.';

export interface CheckoutCallback {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

/**
 * `donations.confirmOnlinePayment`: what Checkout hands the page, checked (HMAC-SHA256 of
 * `order_id|payment_id` with the key secret), then the payment's amount and state asked of the
 * gateway and recorded as the webhook records it. Whichever comes first verifies the donation.
 */
export async function confirmCheckoutPayment(services: Services, input: CheckoutCallback, meta: RequestMeta): Promise<{ reference: string; status: 'verified'; receiptSerial: string }> {
  const config = services.config.razorpay;
  if (!config) throw new AppError('NOT_FOUND', { userMessage: ONLINE_PAYMENTS_OFF });
  if (!isRazorpaySignature(`${input.razorpay_order_id}|${input.razorpay_payment_id}`, input.razorpay_signature, config.keySecret)) {
    throw new AppError('BAD_REQUEST', { userMessage: CHECKOUT_SIGNATURE_INVALID });
  }
  const client = razorpayClientOf(config);
  const [payment, order] = await Promise.all([client.fetchPayment(input.razorpay_payment_id), client.fetchOrder(input.razorpay_order_id)]);
  if (payment.order_id !== input.razorpay_order_id) throw new AppError('BAD_REQUEST', { userMessage: CHECKOUT_SIGNATURE_INVALID });
  if (payment.status !== 'captured') throw new AppError('CONFLICT', { userMessage: CHECKOUT_NOT_CAPTURED });
  const result = await recordOnlinePayment(
    services,
    { payment: { paymentId: payment.id, orderId: input.razorpay_order_id, amountPaise: payment.amount, currency: payment.currency }, reference: referenceOfReceipt(order.receipt) },
    meta,
  );
  if (result.outcome.kind === 'flagged' || !result.reference || !result.receiptSerial) throw new AppError('CONFLICT', { userMessage: CHECKOUT_FLAGGED });
  return { reference: formatReference(result.reference), status: 'verified', receiptSerial: result.receiptSerial };
}
