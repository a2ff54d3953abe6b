import { AppError } from '#server/errors/app-error';
import type { StreamEvents } from '#server/event-store/command-handler';
import { decideCancel, DONATION_NOT_FOUND, type DonationState } from '../donation.decider.ts';
import {
  donationStreamId,
  gatewayEventStreamId,
  onlinePaymentStreamId,
  type DonationEvent,
  type DonationRefundCreated,
  type DonationRefundFailed,
  type DonationRefundProcessed,
  type DonationRefundRequested,
  type GatewayEventHandled,
  type OnlinePaymentFailed,
  type OnlinePaymentFlagged,
} from '../donations.events.ts';

// The refund of an online gift and the gateway's reports about it and about failed attempts (issue 33,
// docs/decisions/069). Pure: command + state → events, or an AppError.

export const REFUND_NOT_ONLINE = 'Only a donation paid online through the payment gateway can be refunded here. Return other payments by bank transfer and cancel the donation.';
export const REFUND_NOT_VERIFIED = 'Only a verified donation can be refunded.';
export const REFUND_ALREADY_MADE = 'This donation was refunded already.';
export const REFUND_ALREADY_MADE_OR_CANCELLED = 'This donation was cancelled, so there is nothing to refund here. Check the payment in the Razorpay dashboard.';
export const REFUND_IN_PROGRESS = 'A refund of this donation has been asked for and the payment gateway has not answered yet. Look again in a few minutes.';
export const REFUND_REFUSED = 'The payment gateway did not make the refund. Nothing was refunded; check the payment in the Razorpay dashboard, then try again.';
export const REFUND_GATEWAY_DOWN = 'The payment gateway could not be reached, so nothing was refunded. Try again in a few minutes.';
/** The donor-facing reason of a gift cancelled by a refund nobody gave a reason for here (made in the gateway's dashboard). */
export const REFUNDED_BY_GATEWAY = 'The payment was refunded.';

/** A request the gateway never answered (the process stopped mid-call) may be asked again after this long; the call's own limit is 5 s. */
export const REFUND_STALE_AFTER_MS = 15 * 60 * 1000;

export interface RefundCommand {
  reference: string;
  reason: string;
  requestedBy: string;
  now: Date;
}

/**
 * Pure: finance asks for the whole online payment of a verified donation back. Recorded before the
 * gateway is called, so of two clicks (or ten at once) one asks and the rest are told it is under way
 * or done. A refund the gateway refused, or a request it never answered within REFUND_STALE_AFTER_MS,
 * may be asked again.
 */
export function decideRequestRefund(command: RefundCommand, state: DonationState): DonationRefundRequested[] {
  if (!state.exists) throw new AppError('NOT_FOUND', { userMessage: DONATION_NOT_FOUND });
  const paymentId = state.verification?.paymentId;
  if (state.refund?.status === 'processed' || state.refund?.status === 'pending') throw new AppError('CONFLICT', { userMessage: REFUND_ALREADY_MADE });
  if (state.status !== 'verified') throw new AppError('CONFLICT', { userMessage: state.verification ? REFUND_ALREADY_MADE_OR_CANCELLED : REFUND_NOT_VERIFIED });
  if (state.verification?.mode !== 'online' || !paymentId) throw new AppError('BAD_REQUEST', { userMessage: REFUND_NOT_ONLINE });
  if (state.refund?.status === 'requested' && state.refund.requestedAt && Date.parse(state.refund.requestedAt) + REFUND_STALE_AFTER_MS > command.now.getTime()) {
    throw new AppError('CONFLICT', { userMessage: REFUND_IN_PROGRESS });
  }
  return [
    {
      type: 'DonationRefundRequested',
      data: { reference: command.reference, gateway: 'razorpay', paymentId, amountPaise: state.amountPaise, reason: command.reason, requestedBy: command.requestedBy, requestedAt: command.now.toISOString() },
    },
  ];
}

/** What the gateway answered to the refund call: its refund, or why not. */
export type RefundAnswer = { kind: 'created'; refundId: string } | { kind: 'failed'; failure: string };

/**
 * Pure: the gateway's answer recorded on the donation. Nothing when a `refund.processed` overtook the
 * answer (it is processed already) or the request is no longer the one waiting.
 */
export function decideRefundAnswer(command: { reference: string; answer: RefundAnswer; now: Date }, state: DonationState): (DonationRefundCreated | DonationRefundFailed)[] {
  if (state.refund?.status !== 'requested' || !state.verification?.paymentId) return [];
  const at = command.now.toISOString();
  const paymentId = state.verification.paymentId;
  if (command.answer.kind === 'created') {
    return [{ type: 'DonationRefundCreated', data: { reference: command.reference, paymentId, refundId: command.answer.refundId, amountPaise: state.amountPaise, createdAt: at } }];
  }
  return [{ type: 'DonationRefundFailed', data: { reference: command.reference, paymentId, refundId: null, failure: command.answer.failure, failedAt: at } }];
}

/** A refund as a signed webhook reports it. */
export interface GatewayRefund {
  refundId: string;
  paymentId: string;
  amountPaise: number;
  currency: string;
}

export interface RefundReportState {
  /** The donation the refunded payment's order names (noDonation when none of ours). */
  donation: DonationState;
  isFlagged: boolean;
  isDeliveryHandled: boolean;
}

export type RefundReportOutcome = { kind: 'refunded' } | { kind: 'already-refunded' } | { kind: 'duplicate' } | { kind: 'flagged'; isNew: boolean } | { kind: 'ignored' } | { kind: 'refund-failed' } | { kind: 'payment-unhandled' };

function handledBatch(delivery: { eventId: string; event: string }, paymentId: string, now: Date): StreamEvents<DonationEvent> {
  const handled: GatewayEventHandled = { type: 'GatewayEventHandled', data: { gateway: 'razorpay', eventId: delivery.eventId, event: delivery.event, paymentId, handledAt: now.toISOString() } };
  return { streamId: gatewayEventStreamId(delivery.eventId), events: [handled] };
}

/**
 * Pure: `refund.processed` or `refund.failed` for a payment. A full refund of the payment that
 * verified the donation cancels it (the receipt keeps its serial and is re-issued marked CANCELLED,
 * as when finance cancels), whether finance asked here or in the gateway's dashboard; a partial one
 * is flagged for finance (no receipt can show it). A refund of any other payment records nothing
 * (a flagged payment given back). A failed refund lets finance ask again.
 */
export function decideRefundReport(
  command: { refund: GatewayRefund; status: 'processed' | 'failed'; delivery?: { eventId: string; event: string }; now: Date; orderId?: string | null },
  state: RefundReportState,
): { outcome: RefundReportOutcome; batches: StreamEvents<DonationEvent>[] } {
  if (state.isDeliveryHandled) return { outcome: { kind: 'duplicate' }, batches: [] };
  const { refund, now } = command;
  const { donation } = state;
  if (!donation.exists || donation.verification?.paymentId !== refund.paymentId) {
    // A processed refund of a payment of the donation's own order, not flagged, while the donation
    // is still payable: that payment's delivery is not handled yet (its job queued beside this one,
    // or retrying at a gateway that was down). Ignored, its job would then verify the donation and
    // mail a receipt for money given back; so this one waits for it (decision 083).
    const isPaymentUnhandled =
      command.status === 'processed' &&
      donation.exists &&
      !state.isFlagged &&
      Boolean(command.orderId) &&
      donation.order?.orderId === command.orderId &&
      donation.status !== 'verified' &&
      donation.status !== 'cancelled' &&
      donation.status !== 'rejected';
    return { outcome: { kind: isPaymentUnhandled ? 'payment-unhandled' : 'ignored' }, batches: [] };
  }
  const handled = command.delivery ? [handledBatch(command.delivery, refund.paymentId, now)] : [];
  const streamId = donationStreamId(donation.reference);
  const at = now.toISOString();
  if (command.status === 'failed') {
    if (donation.refund?.status === 'processed' || donation.refund?.status === 'failed') return { outcome: { kind: 'refund-failed' }, batches: [] };
    const failed: DonationRefundFailed = { type: 'DonationRefundFailed', data: { reference: donation.reference, paymentId: refund.paymentId, refundId: refund.refundId, failure: 'refund.failed', failedAt: at } };
    return { outcome: { kind: 'refund-failed' }, batches: [{ streamId, events: [failed] }, ...handled] };
  }
  if (donation.refund?.status === 'processed') return { outcome: { kind: 'already-refunded' }, batches: [] };
  if (refund.amountPaise !== donation.amountPaise || refund.currency !== 'INR') {
    if (state.isFlagged) return { outcome: { kind: 'flagged', isNew: false }, batches: [] };
    const flagged: OnlinePaymentFlagged = {
      type: 'OnlinePaymentFlagged',
      data: {
        gateway: 'razorpay',
        paymentId: refund.paymentId,
        orderId: donation.order?.orderId ?? null,
        reference: donation.reference,
        reason: 'partial-refund',
        paidPaise: refund.amountPaise,
        paidCurrency: refund.currency,
        expectedPaise: donation.amountPaise,
        flaggedAt: at,
      },
    };
    return { outcome: { kind: 'flagged', isNew: true }, batches: [{ streamId: onlinePaymentStreamId(refund.paymentId), events: [flagged] }, ...handled] };
  }
  const processed: DonationRefundProcessed = { type: 'DonationRefundProcessed', data: { reference: donation.reference, paymentId: refund.paymentId, refundId: refund.refundId, amountPaise: refund.amountPaise, processedAt: at } };
  // Cancelled by hand before the money went back: the receipt is cancelled already.
  const cancelled = donation.status === 'verified' ? decideCancel({ reference: donation.reference, reason: donation.refund?.reason ?? REFUNDED_BY_GATEWAY, now }, donation) : [];
  return { outcome: { kind: 'refunded' }, batches: [{ streamId, events: [processed, ...cancelled] }, ...handled] };
}

/** A payment attempt as `payment.failed` reports it. */
export interface FailedPayment {
  paymentId: string;
  orderId: string;
  errorCode: string | null;
  errorReason: string | null;
}

/**
 * Pure: `payment.failed` for the donation's order, recorded once per payment while the donation is
 * still unpaid, so the donor's status page can say the attempt failed and how else to pay. After the
 * donation is paid or decided, or for an order not the donation's, nothing is recorded.
 */
export function decidePaymentFailed(
  command: { payment: FailedPayment; delivery?: { eventId: string; event: string }; now: Date },
  state: { donation: DonationState; isDeliveryHandled: boolean },
): { outcome: 'failure-recorded' | 'duplicate' | 'ignored'; batches: StreamEvents<DonationEvent>[] } {
  if (state.isDeliveryHandled) return { outcome: 'duplicate', batches: [] };
  const { donation } = state;
  const { payment, now } = command;
  if (!donation.exists || donation.order?.orderId !== payment.orderId) return { outcome: 'ignored', batches: [] };
  if (donation.status !== 'awaiting_payment' && donation.status !== 'abandoned' && donation.status !== 'proof_received') return { outcome: 'ignored', batches: [] };
  if (donation.paymentFailures.some((failure) => failure.paymentId === payment.paymentId)) return { outcome: 'duplicate', batches: [] };
  const failed: OnlinePaymentFailed = {
    type: 'OnlinePaymentFailed',
    data: { reference: donation.reference, gateway: 'razorpay', paymentId: payment.paymentId, orderId: payment.orderId, errorCode: payment.errorCode, errorReason: payment.errorReason, failedAt: now.toISOString() },
  };
  const handled = command.delivery ? [handledBatch(command.delivery, payment.paymentId, now)] : [];
  return { outcome: 'failure-recorded', batches: [{ streamId: donationStreamId(donation.reference), events: [failed] }, ...handled] };
}
