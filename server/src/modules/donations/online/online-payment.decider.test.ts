import { describe, expect, it } from 'vitest';
import { evolveDonation, noDonation, type DonationState, type SerialSlot } from '../donation.decider.ts';
import type { DonationStreamEvent, ReceiptIssuer } from '../donations.events.ts';
import { deciderSpec, fold as foldEvents, recorded } from '#server/testing/deciders/decider-spec';
import { decideOnlinePayment, flagReasonOf, type CapturedPayment, type OnlinePaymentCommand, type OnlinePaymentState } from './online-payment.decider.ts';

const reference = 'ABCD2345';
const now = new Date('2026-08-10T06:00:00.000Z');
const issuer: ReceiptIssuer = {
  foundationName: { en: 'Sahay Foundation', hi: 'सहाय फ़ाउंडेशन' },
  address: { en: '1 Main Road, Jaipur', hi: '1 मेन रोड, जयपुर' },
  pan: 'AAATS1234F',
  registrationNo: 'REG/1',
  twelveANo: '12A/1',
  taxExemptionNo: '80G/1',
  taxSectionLabel: 'section 133, Income-tax Act 2025',
  phone: '+91 98765 43210',
  email: 'contact@sahay.example',
};
const slot: SerialSlot = { streamId: 'receipt-serials-SAHAY-2026-27', prefix: 'SAHAY', financialYear: '2026-27', version: 6 };
const payment: CapturedPayment = { paymentId: 'pay_A1', orderId: 'order_O1', amountPaise: 125_000, currency: 'INR' };

function fold(...events: DonationStreamEvent[]): DonationState {
  return foldEvents({ evolve: evolveDonation, initialState: noDonation }, events);
}

const givenPledgedWithOrder: DonationStreamEvent[] = [
  {
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
  },
  { type: 'DonationOrderCreated', data: { reference, gateway: 'razorpay', orderId: 'order_O1', amountPaise: 125_000, createdAt: '2026-08-09T10:00:01.000Z' } },
];
const pledgedWithOrder = fold(...givenPledgedWithOrder);

function stateOf(donation: DonationState, extra: Partial<OnlinePaymentState> = {}): OnlinePaymentState {
  return { donation, serial: slot, issuer, isFlagged: false, isDeliveryHandled: false, ...extra };
}

describe('decideOnlinePayment', () => {
  it('verifies a pledge awaiting payment: mode online, the payment ID, the next serial, and the delivery recorded with it', () => {
    const { outcome, batches } = decideOnlinePayment({ payment, now, delivery: { eventId: 'evt_1', event: 'payment.captured' } }, stateOf(pledgedWithOrder));
    expect(outcome).toEqual({ kind: 'verified' });
    const verified = batches.find((batch) => batch.streamId === `donation-${reference}`)!.events[0]!;
    expect(verified.type).toBe('DonationVerified');
    expect(verified.data).toMatchObject({ mode: 'online', paymentId: 'pay_A1', orderId: 'order_O1', utr: null, receivedOn: '2026-08-10', receipt: { serial: 'SAHAY/2026-27/000007' } });
    expect(batches.map((batch) => batch.streamId).sort()).toEqual([`donation-${reference}`, 'razorpay-event-evt_1', 'receipt-serials-SAHAY-2026-27'].sort());
  });

  it('records nothing for a delivery already handled, or a donation this payment verified already', () => {
    expect(decideOnlinePayment({ payment, now }, stateOf(pledgedWithOrder, { isDeliveryHandled: true }))).toEqual({ outcome: { kind: 'duplicate' }, batches: [] });
    const { batches } = decideOnlinePayment({ payment, now }, stateOf(pledgedWithOrder));
    const verifiedEvent = batches.find((batch) => batch.streamId === `donation-${reference}`)!.events[0] as DonationStreamEvent;
    const verified = evolveDonation(pledgedWithOrder, recorded(verifiedEvent, 3));
    expect(decideOnlinePayment({ payment, now }, stateOf(verified, { serial: null, issuer: null }))).toEqual({ outcome: { kind: 'already-verified' }, batches: [] });
    // Another payment of the same order, after it was paid: flagged for a refund.
    expect(flagReasonOf({ ...payment, paymentId: 'pay_B2' }, verified)).toBe('paid-twice');
  });

  it('flags, once, a payment of another amount or currency, of an order not the donation’s, or of a rejected donation', () => {
    expect(flagReasonOf({ ...payment, amountPaise: 100 }, pledgedWithOrder)).toBe('amount-differs');
    expect(flagReasonOf({ ...payment, currency: 'USD' }, pledgedWithOrder)).toBe('currency-differs');
    expect(flagReasonOf({ ...payment, orderId: 'order_X9' }, pledgedWithOrder)).toBe('unknown-order');
    expect(flagReasonOf(payment, noDonation)).toBe('unknown-order');
    const rejected = evolveDonation(pledgedWithOrder, recorded<DonationStreamEvent>({ type: 'DonationRejected', data: { reference, reason: 'x', rejectedAt: now.toISOString() } }, 3));
    expect(flagReasonOf(payment, rejected)).toBe('donation-not-payable');

    const first = decideOnlinePayment({ payment: { ...payment, amountPaise: 100 }, now }, stateOf(pledgedWithOrder, { serial: null, issuer: null }));
    expect(first.outcome).toEqual({ kind: 'flagged', reason: 'amount-differs', isNew: true });
    expect(first.batches).toEqual([
      { streamId: 'online-payment-pay_A1', events: [{ type: 'OnlinePaymentFlagged', data: expect.objectContaining({ reference, paidPaise: 100, expectedPaise: 125_000, reason: 'amount-differs' }) }] },
    ]);
    const again = decideOnlinePayment({ payment: { ...payment, amountPaise: 100 }, now }, stateOf(pledgedWithOrder, { isFlagged: true }));
    expect(again).toEqual({ outcome: { kind: 'flagged', reason: 'amount-differs', isNew: false }, batches: [] });
  });
});

describe('decideOnlinePayment, given/when/then', () => {
  // The donation's stream is the given; what the transaction read besides it (the serial slot, the
  // issuer, whether the payment was flagged or the delivery handled before) rides on the command.
  type Command = OnlinePaymentCommand & { state?: Partial<Omit<OnlinePaymentState, 'donation'>> };
  const spec = deciderSpec({
    decide: ({ state, ...command }: Command, donation: DonationState) => decideOnlinePayment(command, stateOf(donation, state)),
    evolve: evolveDonation,
    initialState: noDonation,
  });

  it('answers a delivery handled before with nothing, whatever it carries', () => {
    spec(givenPledgedWithOrder).when({ payment, now, delivery: { eventId: 'evt_1', event: 'order.paid' }, state: { isDeliveryHandled: true } }).then({ outcome: { kind: 'duplicate' }, batches: [] });
  });

  it('flags a payment of another amount once, and records nothing for it again', () => {
    const other = { ...payment, amountPaise: 100 };
    spec(givenPledgedWithOrder)
      .when({ payment: other, now, state: { serial: null, issuer: null } })
      .then({
        outcome: { kind: 'flagged', reason: 'amount-differs', isNew: true },
        batches: [{ streamId: 'online-payment-pay_A1', events: [{ type: 'OnlinePaymentFlagged', data: expect.objectContaining({ reference, paidPaise: 100, expectedPaise: 125_000, reason: 'amount-differs' }) as never }] }],
      });
    spec(givenPledgedWithOrder).when({ payment: other, now, state: { isFlagged: true } }).then({ outcome: { kind: 'flagged', reason: 'amount-differs', isNew: false }, batches: [] });
  });

  it('flags a payment for an order no donation made', () => {
    spec([])
      .when({ payment, now, state: { serial: null, issuer: null } })
      .then({
        outcome: { kind: 'flagged', reason: 'unknown-order', isNew: true },
        batches: [{ streamId: 'online-payment-pay_A1', events: [{ type: 'OnlinePaymentFlagged', data: expect.objectContaining({ reference: null, reason: 'unknown-order', expectedPaise: null }) as never }] }],
      });
  });
});
