import { foldStream, handleCommand } from '#server/event-store/command-handler';
import { streamVersion } from '#server/event-store/queries';
import { AppError } from '#server/errors/app-error';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import type { Services } from '#server/services';
import { formatReference } from '../donation-fields.schema.ts';
import { donationStream, evolveDonation, noDonation } from '../donation.decider.ts';
import { donationStreamId, onlinePaymentStreamId } from '../donations.events.ts';
import { deliveryStateOf } from './gateway-deliveries.ts';
import { ONLINE_PAYMENTS_OFF } from './online-payments.schema.ts';
import {
  decidePaymentFailed,
  decideRefundAnswer,
  decideRefundReport,
  decideRequestRefund,
  REFUND_GATEWAY_DOWN,
  REFUND_REFUSED,
  type FailedPayment,
  type GatewayRefund,
  type RefundAnswer,
  type RefundReportOutcome,
} from './online-refund.decider.ts';
import { GATEWAY_RETRY_AFTER_SECONDS, razorpayClientOf } from './razorpay-client.ts';

/** What handling a gateway's report uses: a request's services or a job's context. */
export type GatewayServices = Pick<Services, 'config' | 'db' | 'eventStore' | 'log' | 'now'>;

/** What the refund call answers: the refund is under way; the receipt is cancelled when the gateway reports it processed. */
export interface RefundResult {
  reference: string;
  refundId: string;
  status: 'pending';
}

/**
 * `donations.admin.refund` (finance, with its second factor): the whole online payment of a verified
 * donation given back through the gateway (`payments.refund`). The request is recorded first, so
 * of any number of calls at once exactly one reaches the gateway; its answer is recorded after. A
 * gateway that refuses or cannot be reached leaves the donation as it was, refundable again.
 */
export async function refundOnlinePayment(services: Services, input: { reference: string; reason: string }, meta: RequestMeta): Promise<RefundResult> {
  const config = services.config.razorpay;
  if (!config) throw new AppError('NOT_FOUND', { userMessage: ONLINE_PAYMENTS_OFF });
  const now = services.now();
  const requested = await handleCommand(services, {
    stream: donationStream,
    id: input.reference,
    decide: (state) => decideRequestRefund({ reference: input.reference, reason: input.reason, requestedBy: meta.actor, now }, state),
    metadata: eventMetadata(meta),
  });
  const paymentId = requested.state.verification!.paymentId!;
  let answer: RefundAnswer;
  let refusal: AppError | null = null;
  try {
    const refund = await razorpayClientOf(config).refundPayment(paymentId, { amountPaise: requested.state.amountPaise, reference: formatReference(input.reference) });
    answer = refund.status === 'failed' ? { kind: 'failed', failure: 'refund failed' } : { kind: 'created', refundId: refund.id };
    if (answer.kind === 'failed') refusal = new AppError('CONFLICT', { userMessage: REFUND_REFUSED });
  } catch (error) {
    const status = error && typeof error === 'object' && 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : null;
    const code = error && typeof error === 'object' && 'error' in error && error.error && typeof error.error === 'object' && 'code' in error.error ? String(error.error.code) : null;
    // A 4xx is the gateway's refusal (refunded already in its dashboard, a payment it cannot refund); anything else, it was not reached.
    const isRefusal = status !== null && status >= 400 && status < 500;
    answer = { kind: 'failed', failure: isRefusal ? `refused ${status} ${code ?? ''}`.trim() : `unreachable${status ? ` ${status}` : ''}` };
    refusal = isRefusal ? new AppError('CONFLICT', { userMessage: REFUND_REFUSED }) : new AppError('SERVICE_UNAVAILABLE', { userMessage: REFUND_GATEWAY_DOWN, retryAfterSeconds: GATEWAY_RETRY_AFTER_SECONDS });
    services.log.warn({ reference: input.reference, paymentId, statusCode: status, code }, 'payment gateway: the refund was not made');
  }
  await handleCommand(services, {
    stream: donationStream,
    id: input.reference,
    decide: (state) => decideRefundAnswer({ reference: input.reference, answer, now: services.now() }, state),
    metadata: eventMetadata(meta),
  });
  if (refusal) throw refusal;
  return { reference: formatReference(input.reference), refundId: (answer as { refundId: string }).refundId, status: 'pending' };
}

/**
 * `refund.processed` / `refund.failed` from a signed webhook, in one transaction with the delivery's
 * marker: the donation whose payment it was is folded and decideRefundReport decides.
 */
export async function recordRefundReport(
  services: GatewayServices,
  input: { refund: GatewayRefund; status: 'processed' | 'failed'; reference: string | null; orderId?: string | null; delivery?: { eventId: string; event: string } },
  meta: RequestMeta & { causationId?: string },
): Promise<RefundReportOutcome> {
  const now = services.now();
  const decision: { outcome: RefundReportOutcome } = { outcome: { kind: 'duplicate' } };
  await handleCommand(services, {
    async read(tx) {
      const donation = input.reference ? await foldStream(services.eventStore, tx, donationStreamId(input.reference), evolveDonation, noDonation) : { state: noDonation, versions: {} };
      const versions: Record<string, number | null> = { ...donation.versions };
      const flagStream = onlinePaymentStreamId(input.refund.paymentId);
      versions[flagStream] = await streamVersion(tx, flagStream);
      let isDeliveryHandled = false;
      if (input.delivery) {
        const delivery = await deliveryStateOf(services.eventStore, tx, input.delivery.eventId);
        versions[delivery.streamId] = delivery.version;
        isDeliveryHandled = delivery.isHandled;
      }
      return { state: { donation: donation.state, isFlagged: versions[flagStream] !== null, isDeliveryHandled }, versions };
    },
    decide(state) {
      const decided = decideRefundReport({ refund: input.refund, status: input.status, now, orderId: input.orderId ?? null, ...(input.delivery ? { delivery: input.delivery } : {}) }, state);
      decision.outcome = decided.outcome;
      return decided.batches;
    },
    metadata: eventMetadata(meta, meta.causationId),
  });
  if (decision.outcome.kind === 'flagged' && decision.outcome.isNew) {
    services.log.warn({ paymentId: input.refund.paymentId, refundId: input.refund.refundId, reference: input.reference }, 'payment gateway: a partial refund of a verified gift; flagged for finance');
  }
  return decision.outcome;
}

/** `payment.failed` from a signed webhook: recorded once on the donation while it is unpaid. */
export async function recordPaymentFailure(
  services: GatewayServices,
  input: { payment: FailedPayment; reference: string | null; delivery?: { eventId: string; event: string } },
  meta: RequestMeta & { causationId?: string },
): Promise<'failure-recorded' | 'duplicate' | 'ignored'> {
  const now = services.now();
  const decision: { outcome: 'failure-recorded' | 'duplicate' | 'ignored' } = { outcome: 'duplicate' };
  await handleCommand(services, {
    async read(tx) {
      const donation = input.reference ? await foldStream(services.eventStore, tx, donationStreamId(input.reference), evolveDonation, noDonation) : { state: noDonation, versions: {} };
      const versions: Record<string, number | null> = { ...donation.versions };
      let isDeliveryHandled = false;
      if (input.delivery) {
        const delivery = await deliveryStateOf(services.eventStore, tx, input.delivery.eventId);
        versions[delivery.streamId] = delivery.version;
        isDeliveryHandled = delivery.isHandled;
      }
      return { state: { donation: donation.state, isDeliveryHandled }, versions };
    },
    decide(state) {
      const decided = decidePaymentFailed({ payment: input.payment, now, ...(input.delivery ? { delivery: input.delivery } : {}) }, state);
      decision.outcome = decided.outcome;
      return decided.batches;
    },
    metadata: eventMetadata(meta, meta.causationId),
  });
  return decision.outcome;
}
