import { describe, it } from 'vitest';
import { deciderSpec } from '#server/testing/deciders/decider-spec';
import type { OnlinePaymentFlagged, OnlinePaymentFlagResolved } from '../donations.events.ts';
import { decideResolveFlag, evolveOnlinePaymentFlag, FLAG_NOT_FOUND, FLAG_RESOLVED_ALREADY, noOnlinePaymentFlag, type ResolveFlagCommand } from './online-payment-flag.decider.ts';

const now = new Date('2026-08-12T09:00:00.000Z');
const flagged: OnlinePaymentFlagged = {
  type: 'OnlinePaymentFlagged',
  data: { gateway: 'razorpay', paymentId: 'pay_A1', orderId: 'order_O1', reference: 'ABCD2345', reason: 'paid-twice', paidPaise: 50_000, paidCurrency: 'INR', expectedPaise: 50_000, flaggedAt: '2026-08-10T06:00:00.000Z' },
};
const command: ResolveFlagCommand = { paymentId: 'pay_A1', note: 'Refunded in the Razorpay dashboard', resolvedBy: 'finance-1', now };
const resolved: OnlinePaymentFlagResolved = {
  type: 'OnlinePaymentFlagResolved',
  data: { gateway: 'razorpay', paymentId: 'pay_A1', note: 'Refunded in the Razorpay dashboard', resolvedBy: 'finance-1', resolvedAt: now.toISOString() },
};

describe('decideResolveFlag, given/when/then (decision 081)', () => {
  const spec = deciderSpec({ decide: decideResolveFlag, evolve: evolveOnlinePaymentFlag, initialState: noOnlinePaymentFlag });

  it('marks an open flag resolved with finance’s note, by whom and when', () => {
    spec([flagged]).when(command).then([resolved]);
  });

  it('refuses a payment that was never flagged', () => {
    spec([]).when(command).thenRefuses('NOT_FOUND', FLAG_NOT_FOUND);
  });

  it('refuses a flag resolved already, whatever the new note says', () => {
    spec([flagged, resolved]).when({ ...command, note: 'Another note', resolvedBy: 'finance-2' }).thenRefuses('CONFLICT', FLAG_RESOLVED_ALREADY);
  });
});
