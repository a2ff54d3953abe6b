import { z } from 'zod';
import { foldStream, handleCommand } from '#server/event-store/command-handler';
import { streamVersion } from '#server/event-store/queries';
import { AppError } from '#server/errors/app-error';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import { currentSignatureFileId, getSettings } from '#server/modules/site/site.api';
import type { Services } from '#server/services';
import { formatReference, REFERENCE_PATTERN } from '../donation-fields.schema.ts';
import { evolveDonation, isForeignContribution, noDonation, receiptIssuerOf } from '../donation.decider.ts';
import { donationStreamId, gatewayEventStreamId, onlinePaymentStreamId, type DonationOrderCreated } from '../donations.events.ts';
import { lockSerialSlot } from '../verification/verify-donation.ts';
import { indiaDateOf } from '../receipts/receipt-serial.ts';
import { decideOnlinePayment, flagReasonOf, type CapturedPayment, type OnlinePaymentOutcome, type OnlinePaymentState } from './online-payment.decider.ts';
import { ONLINE_PAYMENTS_OFF, ZRazorpayWebhookResponseSchema } from './online-payments.schema.ts';
import { recordPaymentFailure, recordRefundReport } from './online-refunds.ts';
import { handleSubscriptionWebhook } from '../monthly/subscription-webhooks.ts';
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
  receiptSerial: string | null;
}

/**
 * Records a captured payment of `reference`'s order (null: the order names no donation of ours) in
 * one transaction: the donation folded, its year's serial locked only when the payment may verify
 * it, then decideOnlinePayment. Webhook and callback both come here, so whichever is first verifies
 * and the other records nothing; ten at once queue on the donation's stream version and the lock.
 */
export async function recordOnlinePayment(
  services: Services,
  input: { payment: CapturedPayment; reference: string | null; delivery?: { eventId: string; event: string } },
  meta: RequestMeta,
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
        const deliveryStream = gatewayEventStreamId(input.delivery.eventId);
        versions[deliveryStream] = await streamVersion(tx, deliveryStream);
        isDeliveryHandled = versions[deliveryStream] !== null;
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
    metadata: eventMetadata(meta),
    attempts: 20,
  });
  const { outcome } = decision;
  if (outcome.kind === 'flagged' && outcome.isNew) {
    services.log.warn({ paymentId: input.payment.paymentId, orderId: input.payment.orderId, reference: input.reference, reason: outcome.reason }, 'payment gateway: a captured payment verified nothing; flagged for finance');
  }
  // The serial this payment's verification issued, now or in a delivery before: read back from the stream.
  const isVerifiedByIt = outcome.kind === 'verified' || outcome.kind === 'already-verified' || outcome.kind === 'duplicate';
  const receiptSerial = isVerifiedByIt && input.reference ? await verifiedSerialOf(services, input.reference, input.payment.paymentId) : null;
  return { outcome, reference: input.reference, receiptSerial };
}

async function verifiedSerialOf(services: Services, reference: string, paymentId: string): Promise<string | null> {
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

export type WebhookAnswer = z.infer<typeof ZRazorpayWebhookResponseSchema>;

/**
 * POST /api/payments/razorpay/webhook. The signature is checked over the raw body before anything
 * is read (400 and nothing written without a good one). Every signed delivery is then acknowledged
 * with 200, whatever it is: Razorpay retries anything else for 24 hours and then disables the
 * webhook, and no retry can change a payment of the wrong amount (docs/decisions/066).
 */
export async function handleRazorpayWebhook(
  services: Services,
  delivery: { rawBody: Buffer; signature: string | undefined; eventId: string | undefined },
  meta: RequestMeta,
): Promise<WebhookAnswer> {
  const config = services.config.razorpay;
  if (!config) throw new AppError('NOT_FOUND', { userMessage: ONLINE_PAYMENTS_OFF });
  if (!isRazorpaySignature(delivery.rawBody, delivery.signature, config.webhookSecret)) {
    throw new AppError('BAD_REQUEST', { userMessage: WEBHOOK_SIGNATURE_INVALID });
  }
  let parsed: z.infer<typeof ZWebhookSchema>;
  try {
    parsed = ZWebhookSchema.parse(JSON.parse(delivery.rawBody.toString('utf8')));
  } catch {
    throw new AppError('BAD_REQUEST', { userMessage: WEBHOOK_BODY_INVALID });
  }
  const eventIdOf = () => (delivery.eventId && /^[A-Za-z0-9_-]{1,64}$/.test(delivery.eventId) ? delivery.eventId : null);
  // Monthly giving's subscriptions (decision 079).
  if (parsed.event.startsWith('subscription.')) return handleSubscriptionWebhook(services, parsed, eventIdOf(), meta);
  if (parsed.event === 'refund.processed' || parsed.event === 'refund.failed') return handleRefundEvent(services, parsed, eventIdOf(), meta);
  if (parsed.event === 'payment.failed') return handlePaymentFailedEvent(services, parsed, eventIdOf(), meta);
  const payment = parsed.payload.payment?.entity;
  if (!(PAYMENT_EVENTS as readonly string[]).includes(parsed.event) || !payment || payment.status !== 'captured' || !payment.order_id) {
    services.log.info({ event: parsed.event, eventId: delivery.eventId }, 'payment gateway: webhook event acknowledged, nothing to record');
    return { status: 'ignored' };
  }
  const eventId = eventIdOf();
  if (eventId && (await streamVersion(services.db, gatewayEventStreamId(eventId))) !== null) return { status: 'duplicate' };
  // order.paid carries its order; payment.captured names it, and the order's receipt is asked of the gateway.
  const orderReceipt =
    parsed.payload.order?.entity.id === payment.order_id ? (parsed.payload.order.entity.receipt ?? null) : (await razorpayClientOf(config).fetchOrder(payment.order_id)).receipt;
  const result = await recordOnlinePayment(
    services,
    {
      payment: { paymentId: payment.id, orderId: payment.order_id, amountPaise: payment.amount, currency: payment.currency },
      reference: referenceOfReceipt(orderReceipt),
      ...(eventId ? { delivery: { eventId, event: parsed.event } } : {}),
    },
    meta,
  );
  return { status: result.outcome.kind };
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

type ParsedWebhook = z.infer<typeof ZWebhookSchema>;

/** The reference a refund's notes name (set by refundOnlinePayment), else its payment's order's receipt, asked of the gateway. */
async function referenceOfRefund(services: Services, refund: z.infer<typeof ZWebhookRefundSchema>, orderId: string | null): Promise<string | null> {
  const noted = refund.notes && typeof refund.notes === 'object' && 'reference' in refund.notes && typeof refund.notes.reference === 'string' ? referenceOfReceipt(refund.notes.reference) : null;
  if (noted) return noted;
  const client = razorpayClientOf(services.config.razorpay!);
  const order = orderId ?? (await client.fetchPayment(refund.payment_id)).order_id;
  return order ? referenceOfReceipt((await client.fetchOrder(order)).receipt) : null;
}

/**
 * `refund.processed` and `refund.failed` (decision 069): a full refund of the payment that verified a
 * donation cancels it, whoever made the refund; a partial one is flagged; a failed one lets finance ask again.
 */
async function handleRefundEvent(services: Services, parsed: ParsedWebhook, eventId: string | null, meta: RequestMeta): Promise<WebhookAnswer> {
  const refund = parsed.payload.refund?.entity;
  if (!refund) return { status: 'ignored' };
  if (eventId && (await streamVersion(services.db, gatewayEventStreamId(eventId))) !== null) return { status: 'duplicate' };
  const payment = parsed.payload.payment?.entity;
  const reference = await referenceOfRefund(services, refund, payment?.id === refund.payment_id ? payment.order_id : null);
  const outcome = await recordRefundReport(
    services,
    {
      refund: { refundId: refund.id, paymentId: refund.payment_id, amountPaise: refund.amount, currency: refund.currency },
      status: parsed.event === 'refund.failed' ? 'failed' : 'processed',
      reference,
      ...(eventId ? { delivery: { eventId, event: parsed.event } } : {}),
    },
    meta,
  );
  if (outcome.kind === 'ignored') services.log.info({ event: parsed.event, refundId: refund.id, paymentId: refund.payment_id }, 'payment gateway: a refund of a payment that verified no donation; nothing recorded');
  return { status: outcome.kind };
}

/** `payment.failed` (decision 069): recorded once on its donation while the donation is unpaid. */
async function handlePaymentFailedEvent(services: Services, parsed: ParsedWebhook, eventId: string | null, meta: RequestMeta): Promise<WebhookAnswer> {
  const payment = parsed.payload.payment?.entity;
  if (!payment || payment.status !== 'failed' || !payment.order_id) return { status: 'ignored' };
  if (eventId && (await streamVersion(services.db, gatewayEventStreamId(eventId))) !== null) return { status: 'duplicate' };
  const order = await razorpayClientOf(services.config.razorpay!).fetchOrder(payment.order_id);
  const outcome = await recordPaymentFailure(
    services,
    {
      payment: { paymentId: payment.id, orderId: payment.order_id, errorCode: payment.error_code ?? null, errorReason: payment.error_reason ?? null },
      reference: referenceOfReceipt(order.receipt),
      ...(eventId ? { delivery: { eventId, event: parsed.event } } : {}),
    },
    meta,
  );
  return { status: outcome };
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
