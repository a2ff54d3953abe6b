import { describe, expect, it } from 'vitest';
import { deciderSpec } from '#server/testing/deciders/decider-spec';
import { evolveDonation, noDonation, type DonationState } from '../donation.decider.ts';
import type { DonationStreamEvent, IssuedReceipt } from '../donations.events.ts';
import {
  decidePaymentFailed,
  decideRefundAnswer,
  decideRefundReport,
  decideRequestRefund,
  REFUND_ALREADY_MADE,
  REFUND_ALREADY_MADE_OR_CANCELLED,
  REFUND_IN_PROGRESS,
  REFUND_NOT_ONLINE,
  REFUND_NOT_VERIFIED,
  REFUNDED_BY_GATEWAY,
  type GatewayRefund,
} from './online-refund.decider.ts';

const reference = 'ABCD2345';
const now = new Date('2026-08-10T06:00:00.000Z');
const receipt = { serial: 'SAHAY/2026-27/000007', financialYear: '2026-27', number: 7, issuedOn: '2026-08-10', issuer: {} as never, isCashAboveLimit: false } satisfies IssuedReceipt;

const pledged: DonationStreamEvent = {
  type: 'DonationPledged',
  data: {
    reference,
    amountPaise: 125_000,
    cause: 'kanyadan',
    helpRequestId: null,
    donor: { v: 1 } as never,
    donorKey: 'k',
    contactKeys: [],
    hasPan: false,
    showName: false,
    referrerId: null,
    memberId: null,
    channel: 'online',
    pledgedAt: '2026-08-09T10:00:00.000Z',
  },
};
const ordered: DonationStreamEvent = { type: 'DonationOrderCreated', data: { reference, gateway: 'razorpay', orderId: 'order_O1', amountPaise: 125_000, createdAt: '2026-08-09T10:00:01.000Z' } };
function verified(mode: 'online' | 'upi'): DonationStreamEvent {
  return {
    type: 'DonationVerified',
    data: {
      reference,
      amountPaise: 125_000,
      cause: 'kanyadan',
      donorKey: 'k',
      referrerId: null,
      memberId: null,
      receivedOn: '2026-08-10',
      mode,
      instrumentNumber: null,
      utr: mode === 'upi' ? '123456789012' : null,
      receipt,
      verifiedAt: '2026-08-10T05:00:00.000Z',
      ...(mode === 'online' ? { paymentId: 'pay_A1', orderId: 'order_O1' } : {}),
    },
  };
}
const paidOnline = [pledged, ordered, verified('online')];
const requested = (at: string): DonationStreamEvent => ({
  type: 'DonationRefundRequested',
  data: { reference, gateway: 'razorpay', paymentId: 'pay_A1', amountPaise: 125_000, reason: 'Paid twice', requestedBy: 'u1', requestedAt: at },
});
const created: DonationStreamEvent = { type: 'DonationRefundCreated', data: { reference, paymentId: 'pay_A1', refundId: 'rfnd_R1', amountPaise: 125_000, createdAt: now.toISOString() } };
const processed: DonationStreamEvent = { type: 'DonationRefundProcessed', data: { reference, paymentId: 'pay_A1', refundId: 'rfnd_R1', amountPaise: 125_000, processedAt: now.toISOString() } };

describe('decideRequestRefund, given/when/then', () => {
  const spec = deciderSpec({ decide: decideRequestRefund, evolve: evolveDonation, initialState: noDonation });
  const command = { reference, reason: 'Paid twice', requestedBy: 'u1', now };

  it('asks for the whole payment of a gift verified online', () => {
    spec(paidOnline)
      .when(command)
      .then([{ type: 'DonationRefundRequested', data: { reference, gateway: 'razorpay', paymentId: 'pay_A1', amountPaise: 125_000, reason: 'Paid twice', requestedBy: 'u1', requestedAt: now.toISOString() } }]);
  });

  it('refuses a gift paid otherwise, one not verified, one cancelled, and one unknown', () => {
    spec([pledged, verified('upi')]).when(command).thenRefuses('BAD_REQUEST', REFUND_NOT_ONLINE);
    spec([pledged, ordered]).when(command).thenRefuses('CONFLICT', REFUND_NOT_VERIFIED);
    spec([...paidOnline, { type: 'DonationCancelled', data: { reference, amountPaise: 125_000, donorKey: 'k', referrerId: null, memberId: null, reason: 'x', cancelledAt: now.toISOString() } }])
      .when(command)
      .thenRefuses('CONFLICT', REFUND_ALREADY_MADE_OR_CANCELLED);
    spec([]).when(command).thenRefuses('NOT_FOUND');
  });

  it('refuses a second request while the first waits for the gateway, or once it was taken; asks again after a failure or a request never answered', () => {
    spec([...paidOnline, requested('2026-08-10T05:59:00.000Z')]).when(command).thenRefuses('CONFLICT', REFUND_IN_PROGRESS);
    spec([...paidOnline, requested('2026-08-10T05:59:00.000Z'), created]).when(command).thenRefuses('CONFLICT', REFUND_ALREADY_MADE);
    spec([...paidOnline, requested('2026-08-10T05:59:00.000Z'), created, processed]).when(command).thenRefuses('CONFLICT', REFUND_ALREADY_MADE);
    const failed: DonationStreamEvent = { type: 'DonationRefundFailed', data: { reference, paymentId: 'pay_A1', refundId: null, failure: 'unreachable 503', failedAt: now.toISOString() } };
    spec([...paidOnline, requested('2026-08-10T05:59:00.000Z'), failed]).when(command).then([expect.objectContaining({ type: 'DonationRefundRequested' }) as never]);
    spec([...paidOnline, requested('2026-08-10T05:00:00.000Z')]).when(command).then([expect.objectContaining({ type: 'DonationRefundRequested' }) as never]);
  });
});

describe('decideRefundAnswer, given/when/then', () => {
  const spec = deciderSpec({ decide: decideRefundAnswer, evolve: evolveDonation, initialState: noDonation });
  const given = [...paidOnline, requested('2026-08-10T05:59:00.000Z')];

  it('records the refund the gateway took, or why it did not', () => {
    spec(given).when({ reference, answer: { kind: 'created', refundId: 'rfnd_R1' }, now }).then([created as never]);
    spec(given)
      .when({ reference, answer: { kind: 'failed', failure: 'refused 400 BAD_REQUEST_ERROR' }, now })
      .then([{ type: 'DonationRefundFailed', data: { reference, paymentId: 'pay_A1', refundId: null, failure: 'refused 400 BAD_REQUEST_ERROR', failedAt: now.toISOString() } }]);
  });

  it('records nothing when refund.processed overtook the answer', () => {
    spec([...given, processed]).when({ reference, answer: { kind: 'created', refundId: 'rfnd_R1' }, now }).thenNothing();
  });
});

describe('decideRefundReport, given/when/then', () => {
  const refund: GatewayRefund = { refundId: 'rfnd_R1', paymentId: 'pay_A1', amountPaise: 125_000, currency: 'INR' };
  type Command = Parameters<typeof decideRefundReport>[0] & { isFlagged?: boolean; isDeliveryHandled?: boolean };
  const spec = deciderSpec({
    decide: ({ isFlagged = false, isDeliveryHandled = false, ...command }: Command, donation: DonationState) => decideRefundReport(command, { donation, isFlagged, isDeliveryHandled }),
    evolve: evolveDonation,
    initialState: noDonation,
  });

  it('cancels the gift a full refund gave back, with finance’s reason, and records the delivery', () => {
    spec([...paidOnline, requested('2026-08-10T05:59:00.000Z'), created])
      .when({ refund, status: 'processed', now, delivery: { eventId: 'evt_1', event: 'refund.processed' } })
      .then({
        outcome: { kind: 'refunded' },
        batches: [
          { streamId: `donation-${reference}`, events: [processed as never, { type: 'DonationCancelled', data: expect.objectContaining({ reason: 'Paid twice' }) as never }] },
          { streamId: 'razorpay-event-evt_1', events: [expect.objectContaining({ type: 'GatewayEventHandled' }) as never] },
        ],
      });
  });

  it('cancels a gift refunded in the dashboard with the gateway’s reason; records nothing again, nor for a delivery handled before', () => {
    spec(paidOnline)
      .when({ refund, status: 'processed', now })
      .then({ outcome: { kind: 'refunded' }, batches: [{ streamId: `donation-${reference}`, events: [processed as never, { type: 'DonationCancelled', data: expect.objectContaining({ reason: REFUNDED_BY_GATEWAY }) as never }] }] });
    spec([...paidOnline, processed]).when({ refund, status: 'processed', now }).then({ outcome: { kind: 'already-refunded' }, batches: [] });
    spec(paidOnline).when({ refund, status: 'processed', now, isDeliveryHandled: true }).then({ outcome: { kind: 'duplicate' }, batches: [] });
  });

  it('flags a partial refund once, and ignores a refund of a payment that verified nothing', () => {
    spec(paidOnline)
      .when({ refund: { ...refund, amountPaise: 25_000 }, status: 'processed', now })
      .then({
        outcome: { kind: 'flagged', isNew: true },
        batches: [{ streamId: 'online-payment-pay_A1', events: [{ type: 'OnlinePaymentFlagged', data: expect.objectContaining({ reason: 'partial-refund', paidPaise: 25_000, expectedPaise: 125_000 }) as never }] }],
      });
    spec(paidOnline).when({ refund: { ...refund, amountPaise: 25_000 }, status: 'processed', now, isFlagged: true }).then({ outcome: { kind: 'flagged', isNew: false }, batches: [] });
    spec(paidOnline).when({ refund: { ...refund, paymentId: 'pay_B2' }, status: 'processed', now }).then({ outcome: { kind: 'ignored' }, batches: [] });
  });

  it('a processed refund of the order’s payment before that payment verified the donation waits for it; flagged, another order, unknown or failed: ignored', () => {
    spec([pledged, ordered]).when({ refund, status: 'processed', now, orderId: 'order_O1' }).then({ outcome: { kind: 'payment-unhandled' }, batches: [] });
    spec([pledged, ordered]).when({ refund, status: 'processed', now, orderId: 'order_O1', isFlagged: true }).then({ outcome: { kind: 'ignored' }, batches: [] });
    spec([pledged, ordered]).when({ refund, status: 'processed', now, orderId: 'order_X9' }).then({ outcome: { kind: 'ignored' }, batches: [] });
    spec([pledged, ordered]).when({ refund, status: 'processed', now }).then({ outcome: { kind: 'ignored' }, batches: [] });
    spec([pledged, ordered]).when({ refund, status: 'failed', now, orderId: 'order_O1' }).then({ outcome: { kind: 'ignored' }, batches: [] });
    // Verified by another payment: this one is paid twice, its own job flags it.
    spec(paidOnline).when({ refund: { ...refund, paymentId: 'pay_B2' }, status: 'processed', now, orderId: 'order_O1' }).then({ outcome: { kind: 'ignored' }, batches: [] });
  });

  it('records a failed refund, so finance may ask again', () => {
    spec([...paidOnline, requested('2026-08-10T05:59:00.000Z'), created])
      .when({ refund, status: 'failed', now })
      .then({
        outcome: { kind: 'refund-failed' },
        batches: [{ streamId: `donation-${reference}`, events: [{ type: 'DonationRefundFailed', data: { reference, paymentId: 'pay_A1', refundId: 'rfnd_R1', failure: 'refund.failed', failedAt: now.toISOString() } }] }],
      });
  });
});

describe('decidePaymentFailed, given/when/then', () => {
  type Command = Parameters<typeof decidePaymentFailed>[0] & { isDeliveryHandled?: boolean };
  const spec = deciderSpec({
    decide: ({ isDeliveryHandled = false, ...command }: Command, donation: DonationState) => decidePaymentFailed(command, { donation, isDeliveryHandled }),
    evolve: evolveDonation,
    initialState: noDonation,
  });
  const payment = { paymentId: 'pay_F1', orderId: 'order_O1', errorCode: 'BAD_REQUEST_ERROR', errorReason: 'payment_declined' };
  const failed: DonationStreamEvent = { type: 'OnlinePaymentFailed', data: { reference, gateway: 'razorpay', ...payment, failedAt: now.toISOString() } };

  it('records a failed attempt of the donation’s order while it is unpaid, once', () => {
    spec([pledged, ordered]).when({ payment, now }).then({ outcome: 'failure-recorded', batches: [{ streamId: `donation-${reference}`, events: [failed as never] }] });
    spec([pledged, ordered, failed]).when({ payment, now }).then({ outcome: 'duplicate', batches: [] });
    spec([pledged, ordered]).when({ payment, now, isDeliveryHandled: true }).then({ outcome: 'duplicate', batches: [] });
  });

  it('records nothing once paid, or for another order', () => {
    spec(paidOnline).when({ payment, now }).then({ outcome: 'ignored', batches: [] });
    spec([pledged, ordered]).when({ payment: { ...payment, orderId: 'order_X9' }, now }).then({ outcome: 'ignored', batches: [] });
  });
});
