import type { StreamEvents } from '#server/event-store/command-handler';
import type { DonationState, SerialSlot } from '../donation.decider.ts';
import { verificationEvents } from '../donation.decider.ts';
import {
  donationStreamId,
  gatewayEventStreamId,
  onlinePaymentStreamId,
  type DonationEvent,
  type GatewayEventHandled,
  type OnlinePaymentFlagged,
  type OnlinePaymentFlagReason,
  type ReceiptIssuer,
} from '../donations.events.ts';
import { indiaDateOf } from '../receipts/receipt-serial.ts';

/** A captured payment as the gateway reports it (a signed webhook, or its API after a signed callback). */
export interface CapturedPayment {
  paymentId: string;
  orderId: string;
  amountPaise: number;
  currency: string;
}

export interface OnlinePaymentCommand {
  payment: CapturedPayment;
  /** The webhook's event ID and name; absent for the page's callback. */
  delivery?: { eventId: string; event: string };
  now: Date;
}

export interface OnlinePaymentState {
  /** The donation the order's receipt names (noDonation when it names none of ours). */
  donation: DonationState;
  /** The year's serial slot, locked only when the payment may verify the donation. */
  serial: SerialSlot | null;
  issuer: ReceiptIssuer | null;
  /** This payment was flagged already. */
  isFlagged: boolean;
  /** This webhook delivery's event ID recorded something already. */
  isDeliveryHandled: boolean;
}

export type OnlinePaymentOutcome =
  | { kind: 'verified' }
  | { kind: 'already-verified' }
  | { kind: 'duplicate' }
  | { kind: 'flagged'; reason: OnlinePaymentFlagReason; isNew: boolean };

/** Why a payment would not verify its donation, or null when it would (read before the serial lock is taken). */
export function flagReasonOf(payment: CapturedPayment, donation: DonationState): OnlinePaymentFlagReason | null {
  if (!donation.exists || donation.order?.orderId !== payment.orderId) return 'unknown-order';
  if (payment.currency !== 'INR') return 'currency-differs';
  if (payment.amountPaise !== donation.order.amountPaise || payment.amountPaise !== donation.amountPaise) return 'amount-differs';
  if (donation.status === 'verified') return donation.verification?.paymentId === payment.paymentId ? null : 'paid-twice';
  if (donation.status === 'rejected' || donation.status === 'cancelled') return 'donation-not-payable';
  return null;
}

/**
 * Pure: what a captured payment records (issue 33). The first delivery of a payment that matches its
 * order verifies the donation (mode online, the payment ID as its reference) with the year's next
 * serial; any later delivery, by webhook or callback, records nothing. A payment that cannot verify
 * is flagged for finance, once. A webhook's event ID is recorded with whatever it recorded.
 */
export function decideOnlinePayment(command: OnlinePaymentCommand, state: OnlinePaymentState): { outcome: OnlinePaymentOutcome; batches: StreamEvents<DonationEvent>[] } {
  if (state.isDeliveryHandled) return { outcome: { kind: 'duplicate' }, batches: [] };
  const { payment, now } = command;
  const { donation } = state;
  const handled: StreamEvents<DonationEvent>[] = command.delivery
    ? [
        {
          streamId: gatewayEventStreamId(command.delivery.eventId),
          events: [
            {
              type: 'GatewayEventHandled',
              data: { gateway: 'razorpay', eventId: command.delivery.eventId, event: command.delivery.event, paymentId: payment.paymentId, handledAt: now.toISOString() },
            } satisfies GatewayEventHandled,
          ],
        },
      ]
    : [];
  const reason = flagReasonOf(payment, donation);
  if (reason) {
    if (state.isFlagged) return { outcome: { kind: 'flagged', reason, isNew: false }, batches: [] };
    const flagged: OnlinePaymentFlagged = {
      type: 'OnlinePaymentFlagged',
      data: {
        gateway: 'razorpay',
        paymentId: payment.paymentId,
        orderId: payment.orderId,
        reference: donation.exists ? donation.reference : null,
        reason,
        paidPaise: payment.amountPaise,
        paidCurrency: payment.currency,
        expectedPaise: donation.exists && donation.order?.orderId === payment.orderId ? donation.order.amountPaise : null,
        flaggedAt: now.toISOString(),
      },
    };
    return { outcome: { kind: 'flagged', reason, isNew: true }, batches: [{ streamId: onlinePaymentStreamId(payment.paymentId), events: [flagged] }, ...handled] };
  }
  if (donation.status === 'verified') return { outcome: { kind: 'already-verified' }, batches: [] };
  if (!state.serial || !state.issuer) throw new Error(`decideOnlinePayment: donation ${donation.reference} payable without a serial slot`);
  const batches = verificationEvents(
    { reference: donation.reference, receivedOn: indiaDateOf(now), mode: 'online', instrumentNumber: null, issuer: state.issuer, now },
    donation,
    state.serial,
    null,
  ).map((batch) =>
    batch.streamId === donationStreamId(donation.reference)
      ? { ...batch, events: batch.events.map((event) => (event.type === 'DonationVerified' ? { ...event, data: { ...event.data, paymentId: payment.paymentId, orderId: payment.orderId } } : event)) }
      : batch,
  );
  return { outcome: { kind: 'verified' }, batches: [...batches, ...handled] };
}
