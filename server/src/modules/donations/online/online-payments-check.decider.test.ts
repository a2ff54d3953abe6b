import { describe, it } from 'vitest';
import { deciderSpec } from '#server/testing/deciders/decider-spec';
import type { OnlinePaymentsChecked } from '../donations.events.ts';
import { decideOnlinePaymentsCheck, evolveOnlinePaymentsCheck, noOnlinePaymentsCheck, type OnlinePaymentsCheckCommand } from './online-payments-check.decider.ts';

const now = new Date('2026-08-11T00:00:05.000Z');
const base: OnlinePaymentsCheckCommand = { date: '2026-08-10', captured: [], verified: [], capturedOnAnotherDay: [], flagged: [], now };

describe('decideOnlinePaymentsCheck, given/when/then', () => {
  const spec = deciderSpec({ decide: decideOnlinePaymentsCheck, evolve: evolveOnlinePaymentsCheck, initialState: noOnlinePaymentsCheck });
  const checked = (data: Partial<OnlinePaymentsChecked['data']>): OnlinePaymentsChecked => ({
    type: 'OnlinePaymentsChecked',
    data: { date: '2026-08-10', capturedCount: 0, capturedPaise: 0, verifiedCount: 0, verifiedPaise: 0, differences: [], checkedAt: now.toISOString(), ...data },
  });

  it('records a day whose payments and donations match, with its counts and sums', () => {
    spec([])
      .when({ ...base, captured: [{ paymentId: 'pay_A', amountPaise: 100_000 }], verified: [{ paymentId: 'pay_A', reference: 'ABCD-2345', amountPaise: 100_000 }] })
      .then([checked({ capturedCount: 1, capturedPaise: 100_000, verifiedCount: 1, verifiedPaise: 100_000 })]);
  });

  it('lists a payment that verified nothing (saying it was flagged), a donation without its captured payment, and another amount', () => {
    spec([])
      .when({
        ...base,
        captured: [
          { paymentId: 'pay_A', amountPaise: 100_000 },
          { paymentId: 'pay_B', amountPaise: 50_000 },
        ],
        verified: [
          { paymentId: 'pay_B', reference: 'BBBB-2345', amountPaise: 60_000 },
          { paymentId: 'pay_C', reference: 'CCCC-2345', amountPaise: 70_000 },
        ],
        flagged: ['pay_A'],
      })
      .then([
        checked({
          capturedCount: 2,
          capturedPaise: 150_000,
          verifiedCount: 2,
          verifiedPaise: 130_000,
          differences: [
            { kind: 'captured-not-verified', paymentId: 'pay_A', reference: null, gatewayPaise: 100_000, verifiedPaise: null, isFlagged: true },
            { kind: 'amount-differs', paymentId: 'pay_B', reference: 'BBBB-2345', gatewayPaise: 50_000, verifiedPaise: 60_000, isFlagged: false },
            { kind: 'verified-not-captured', paymentId: 'pay_C', reference: 'CCCC-2345', gatewayPaise: null, verifiedPaise: 70_000, isFlagged: false },
          ],
        }),
      ]);
  });

  it('takes a payment captured just before midnight, on the day before, as captured', () => {
    spec([])
      .when({ ...base, verified: [{ paymentId: 'pay_C', reference: 'CCCC-2345', amountPaise: 70_000 }], capturedOnAnotherDay: [{ paymentId: 'pay_C', amountPaise: 70_000 }] })
      .then([checked({ verifiedCount: 1, verifiedPaise: 70_000 })]);
  });

  it('records a day once', () => {
    spec([checked({})]).when(base).thenNothing();
  });
});
