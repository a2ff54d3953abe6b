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

  describe('with the settlements (decision 081)', () => {
    const settlements = {
      capturedOn: '2026-08-03',
      capturedThen: [
        { paymentId: 'pay_S1', amountPaise: 100_000 },
        { paymentId: 'pay_S2', amountPaise: 50_000 },
        { paymentId: 'pay_U1', amountPaise: 40_000 },
        { paymentId: 'pay_U2', amountPaise: 30_000 },
      ],
      settled: [
        { paymentId: 'pay_S1', amountPaise: 100_000, feePaise: 2_360, creditPaise: 97_640, settledOn: '2026-08-05' },
        { paymentId: 'pay_S2', amountPaise: 50_000, feePaise: 1_180, creditPaise: 48_820, settledOn: '2026-08-10' },
        { paymentId: 'pay_S3', amountPaise: 45_000, feePaise: 1_062, creditPaise: 43_938, settledOn: '2026-08-10' },
        { paymentId: 'pay_S4', amountPaise: 20_000, feePaise: 472, creditPaise: 19_528, settledOn: '2026-08-10' },
      ],
      verifiedBy: [
        { paymentId: 'pay_S1', reference: 'AAAA-2345', amountPaise: 100_000 },
        { paymentId: 'pay_S2', reference: 'BBBB-2345', amountPaise: 50_000 },
        { paymentId: 'pay_S3', reference: 'CCCC-2345', amountPaise: 50_000 },
        { paymentId: 'pay_U1', reference: 'DDDD-2345', amountPaise: 40_000 },
      ],
    };

    it('lists every payment captured a window ago that no settlement paid, and every payment settled that day for another amount; sums the day’s settlements', () => {
      spec([])
        .when({ ...base, settlements, flagged: ['pay_U2'] })
        .then([
          checked({
            differences: [
              { kind: 'captured-not-settled', paymentId: 'pay_U1', reference: 'DDDD-2345', gatewayPaise: 40_000, verifiedPaise: 40_000, isFlagged: false },
              { kind: 'captured-not-settled', paymentId: 'pay_U2', reference: null, gatewayPaise: 30_000, verifiedPaise: null, isFlagged: true },
              { kind: 'settled-amount-differs', paymentId: 'pay_S3', reference: 'CCCC-2345', gatewayPaise: 45_000, verifiedPaise: 50_000, isFlagged: false },
            ],
            settlements: { settledCount: 3, settledPaise: 115_000, feesPaise: 2_714, creditedPaise: 112_286, capturedOn: '2026-08-03', capturedCount: 4 },
          }),
        ]);
    });

    it('records a day whose settlements match, with nothing captured a window ago', () => {
      spec([])
        .when({ ...base, settlements: { capturedOn: '2026-08-03', capturedThen: [], settled: [], verifiedBy: [] } })
        .then([checked({ settlements: { settledCount: 0, settledPaise: 0, feesPaise: 0, creditedPaise: 0, capturedOn: '2026-08-03', capturedCount: 0 } })]);
    });
  });
});
