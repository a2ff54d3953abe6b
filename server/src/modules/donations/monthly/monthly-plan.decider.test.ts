import { describe, expect, it } from 'vitest';
import type { Sealed } from '#server/event-store/sealing/personal-data';
import { deciderSpec, fold } from '#server/testing/deciders/decider-spec';
import type { PledgeCommand, SerialSlot } from '../donation.decider.ts';
import type { ReceiptIssuer } from '../donations.events.ts';
import type { PaymentSettings } from '../giving/payment-details.ts';
import {
  decideMonthlyChange,
  decideMonthlyCharge,
  decideMonthlyReminder,
  decideStartMonthlyPlan,
  decideSubscriptionCreated,
  decideSubscriptionStatus,
  evolveMonthlyPlan,
  isReminderDue,
  MONTHLY_DAY_FIXED_BY_MANDATE,
  MONTHLY_NOT_FOR_FOREIGN,
  MONTHLY_PLAN_STOPPED,
  noMonthlyPlan,
  type StartMonthlyPlanCommand,
} from './monthly-plan.decider.ts';
import type { MonthlyPlanEvent, MonthlyPlanStarted } from './monthly-plans.events.ts';

const sealed: Sealed = { $sealed: 1, subject: 'monthly-plan-p1', iv: 'x', ct: 'y', tag: 'z' };
// 2026-12-05 10:00 in India.
const now = new Date('2026-12-05T04:30:00.000Z');
const planId = '8d3f5a52-5e0a-4d55-9a55-8b7d2f0e6a11';
const start: StartMonthlyPlanCommand = {
  planId,
  kind: 'reminder',
  amountPaise: 50_000,
  dayOfMonth: 5,
  cause: 'education',
  donor: sealed,
  donorKey: 'dk',
  contactKeys: ['ck'],
  hasPan: false,
  showName: false,
  isForeignContribution: false,
  now,
};
const started = (data: Partial<MonthlyPlanStarted['data']> = {}): MonthlyPlanStarted => ({
  type: 'MonthlyPlanStarted',
  data: { planId, kind: 'reminder', amountPaise: 50_000, dayOfMonth: 5, cause: 'education', donor: sealed, donorKey: 'dk', contactKeys: ['ck'], hasPan: false, showName: false, startedOn: '2026-12-01', startedAt: '2026-12-01T05:00:00.000Z', ...data },
});
const at = now.toISOString();
const payment: PaymentSettings = {
  vpa: 'sahay@bank',
  payeeName: 'Sahay Foundation',
  merchantCode: null,
  upiCapPaise: 1_00_000_00,
  bank: { accountName: 'Sahay', accountNumber: '1234567890', ifsc: 'SBIN0000001', bankName: 'SBI' },
  contact: '',
  fcra: null,
};
const pledge = (reference: string, amountPaise = 50_000): PledgeCommand => ({
  reference,
  amountPaise,
  cause: 'education',
  helpRequestId: null,
  donor: sealed,
  donorKey: 'dk',
  contactKeys: ['ck'],
  hasPan: false,
  showName: false,
  referralId: null,
  memberId: null,
  channel: 'online',
  now,
  citizenship: 'indian',
});

describe('decideStartMonthlyPlan, given/when/then', () => {
  const spec = deciderSpec({ decide: decideStartMonthlyPlan, evolve: evolveMonthlyPlan, initialState: noMonthlyPlan });

  it('starts a plan on its day, dated in India', () => {
    spec([]).when(start).then([started({ startedOn: '2026-12-05', startedAt: at })]);
  });
  it('starts nothing twice', () => {
    spec([started()]).when(start).thenNothing();
  });
  it('refuses a foreign contribution and a day past the 28th', () => {
    spec([]).when({ ...start, isForeignContribution: true }).thenRefuses('BAD_REQUEST', MONTHLY_NOT_FOR_FOREIGN);
    spec([]).when({ ...start, dayOfMonth: 29 }).thenRefuses('BAD_REQUEST');
  });
});

describe('decideMonthlyChange, given/when/then', () => {
  const spec = deciderSpec({ decide: decideMonthlyChange, evolve: evolveMonthlyPlan, initialState: noMonthlyPlan });

  it('pauses, resumes and stops, each once', () => {
    spec([started()]).when({ action: 'pause', now }).then([{ type: 'MonthlyPlanPaused', data: { planId, by: 'donor', pausedAt: at } }]);
    spec([started(), { type: 'MonthlyPlanPaused', data: { planId, by: 'donor', pausedAt: at } }]).when({ action: 'pause', now }).thenNothing();
    spec([started()]).when({ action: 'resume', now }).thenNothing();
    spec([started(), { type: 'MonthlyPlanPaused', data: { planId, by: 'donor', pausedAt: at } }])
      .when({ action: 'resume', now })
      .then([{ type: 'MonthlyPlanResumed', data: { planId, by: 'donor', resumedAt: at } }]);
    spec([started()]).when({ action: 'stop', now }).then([{ type: 'MonthlyPlanStopped', data: { planId, by: 'donor', stoppedAt: at } }]);
  });
  it('changes the amount and the day, and records nothing for the same values', () => {
    spec([started()])
      .when({ action: 'change', amountPaise: 75_000, dayOfMonth: 10, now })
      .then([
        { type: 'MonthlyPlanDayChanged', data: { planId, dayOfMonth: 10, previousDay: 5, changedAt: at } },
        { type: 'MonthlyPlanAmountChanged', data: { planId, amountPaise: 75_000, previousPaise: 50_000, changedAt: at } },
      ]);
    spec([started()]).when({ action: 'change', amountPaise: 50_000, dayOfMonth: 5, now }).thenNothing();
  });
  it('refuses every change of a stopped plan with a clear message, and the day of a gateway plan', () => {
    const stopped: MonthlyPlanEvent = { type: 'MonthlyPlanStopped', data: { planId, by: 'donor', stoppedAt: at } };
    for (const action of ['pause', 'resume', 'stop'] as const) spec([started(), stopped]).when({ action, now }).thenRefuses('CONFLICT', MONTHLY_PLAN_STOPPED);
    spec([started({ kind: 'gateway' })]).when({ action: 'change', dayOfMonth: 9, now }).thenRefuses('BAD_REQUEST', MONTHLY_DAY_FIXED_BY_MANDATE);
    spec([]).when({ action: 'pause', now }).thenRefuses('NOT_FOUND');
  });
});

describe('decideMonthlyReminder, given/when/then', () => {
  const spec = deciderSpec({ decide: (command: Parameters<typeof decideMonthlyReminder>[0], state: typeof noMonthlyPlan) => decideMonthlyReminder(command, { ...state, payment }), evolve: evolveMonthlyPlan, initialState: noMonthlyPlan });

  it('reminds on the day with a pledge of its own reference, marked with the plan', () => {
    const batches = decideMonthlyReminder({ pledge: pledge('ABCD2345'), now }, { ...fold({ evolve: evolveMonthlyPlan, initialState: noMonthlyPlan }, [started()]), payment });
    expect(batches.map((batch) => batch.streamId)).toEqual([`monthly-plan-${planId}`, 'donation-ABCD2345']);
    expect(batches[0]!.events).toEqual([{ type: 'MonthlyReminderDue', data: { planId, month: '2026-12', reference: 'ABCD2345', amountPaise: 50_000, dueOn: '2026-12-05', recordedAt: at } }]);
    expect(batches[1]!.events[0]).toMatchObject({ type: 'DonationPledged', data: { reference: 'ABCD2345', amountPaise: 50_000, monthlyPlanId: planId, channel: 'online' } });
  });
  it('reminds once a month, never before the day, never paused, stopped or through the gateway', () => {
    const reminded: MonthlyPlanEvent = { type: 'MonthlyReminderDue', data: { planId, month: '2026-12', reference: 'ABCD2345', amountPaise: 50_000, dueOn: '2026-12-05', recordedAt: at } };
    spec([started(), reminded]).when({ pledge: pledge('BBBB2345'), now }).thenNothing();
    spec([started({ dayOfMonth: 6 })]).when({ pledge: pledge('BBBB2345'), now }).thenNothing();
    spec([started(), { type: 'MonthlyPlanPaused', data: { planId, by: 'donor', pausedAt: at } }]).when({ pledge: pledge('BBBB2345'), now }).thenNothing();
    spec([started({ kind: 'gateway' })]).when({ pledge: pledge('BBBB2345'), now }).thenNothing();
    // Started after this month's day: the first reminder is next month's.
    spec([started({ startedOn: '2026-12-05', dayOfMonth: 4 })]).when({ pledge: pledge('BBBB2345'), now }).thenNothing();
    const fresh = fold({ evolve: evolveMonthlyPlan, initialState: noMonthlyPlan }, [started()]);
    expect(isReminderDue(fresh, now)).toBe(true);
    expect(isReminderDue(fresh, new Date('2026-12-04T18:29:00.000Z'))).toBe(false);
  });
});

describe('the gateway, given/when/then', () => {
  const gatewayPlan = [started({ kind: 'gateway' }), { type: 'MonthlySubscriptionCreated', data: { planId, gateway: 'razorpay', subscriptionId: 'sub_A', gatewayPlanId: 'plan_A', amountPaise: 50_000, createdAt: at } }] as MonthlyPlanEvent[];
  const created = deciderSpec({ decide: decideSubscriptionCreated, evolve: evolveMonthlyPlan, initialState: noMonthlyPlan });
  const status = deciderSpec({ decide: decideSubscriptionStatus, evolve: evolveMonthlyPlan, initialState: noMonthlyPlan });
  const charged = deciderSpec({
    decide: (command: Parameters<typeof decideMonthlyCharge>[0], state: typeof noMonthlyPlan) => decideMonthlyCharge(command, { ...state, payment, serial }).batches,
    evolve: evolveMonthlyPlan,
    initialState: noMonthlyPlan,
  });
  const serial: SerialSlot = { streamId: 'receipt-serials-SAHAY-2026-27', prefix: 'SAHAY', financialYear: '2026-27', version: 4 };
  const issuer = { foundationName: { en: 'Sahay', hi: 'सहाय' } } as ReceiptIssuer;

  it('records the subscription once', () => {
    created([started({ kind: 'gateway' })])
      .when({ subscriptionId: 'sub_A', gatewayPlanId: 'plan_A', now })
      .then([{ type: 'MonthlySubscriptionCreated', data: { planId, gateway: 'razorpay', subscriptionId: 'sub_A', gatewayPlanId: 'plan_A', amountPaise: 50_000, createdAt: at } }]);
    created(gatewayPlan).when({ subscriptionId: 'sub_B', gatewayPlanId: 'plan_B', now }).thenNothing();
  });
  it('records a new state once; cancelled stops the plan; another subscription records nothing', () => {
    status(gatewayPlan)
      .when({ subscriptionId: 'sub_A', status: 'halted', event: 'subscription.halted', eventId: 'evt_1', now })
      .then([{ type: 'MonthlySubscriptionStatusChanged', data: { planId, subscriptionId: 'sub_A', status: 'halted', event: 'subscription.halted', eventId: 'evt_1', changedAt: at } }]);
    status(gatewayPlan)
      .when({ subscriptionId: 'sub_A', status: 'cancelled', event: 'subscription.cancelled', eventId: 'evt_2', now })
      .then([
        { type: 'MonthlySubscriptionStatusChanged', data: { planId, subscriptionId: 'sub_A', status: 'cancelled', event: 'subscription.cancelled', eventId: 'evt_2', changedAt: at } },
        { type: 'MonthlyPlanStopped', data: { planId, by: 'gateway', stoppedAt: at } },
      ]);
    status(gatewayPlan).when({ subscriptionId: 'sub_X', status: 'halted', event: 'subscription.halted', eventId: null, now }).thenNothing();
    status(gatewayPlan).when({ subscriptionId: 'sub_A', status: 'created', event: 'subscription.pending', eventId: null, now }).thenNothing();
  });
  it('a state’s delivery handled already records nothing again, though a newer state was recorded since', () => {
    const paused: MonthlyPlanEvent = { type: 'MonthlySubscriptionStatusChanged', data: { planId, subscriptionId: 'sub_A', status: 'paused', event: 'subscription.paused', eventId: 'evt_P', changedAt: at } };
    const resumed: MonthlyPlanEvent = { type: 'MonthlySubscriptionStatusChanged', data: { planId, subscriptionId: 'sub_A', status: 'active', event: 'subscription.resumed', eventId: 'evt_R', changedAt: at } };
    status([...gatewayPlan, paused, { type: 'MonthlyPlanPaused', data: { planId, by: 'gateway', pausedAt: at } }, resumed, { type: 'MonthlyPlanResumed', data: { planId, by: 'gateway', resumedAt: at } }])
      .when({ subscriptionId: 'sub_A', status: 'paused', event: 'subscription.paused', eventId: 'evt_P', now })
      .thenNothing();
    // Under another event ID (Razorpay's own redelivery would share it), the state is new.
    status([...gatewayPlan, paused, resumed])
      .when({ subscriptionId: 'sub_A', status: 'paused', event: 'subscription.paused', eventId: 'evt_P2', now })
      .then([
        { type: 'MonthlySubscriptionStatusChanged', data: { planId, subscriptionId: 'sub_A', status: 'paused', event: 'subscription.paused', eventId: 'evt_P2', changedAt: at } },
        { type: 'MonthlyPlanPaused', data: { planId, by: 'gateway', pausedAt: at } },
      ]);
  });
  it('a charge pledges and verifies its own donation with the next serial, once per payment', () => {
    const command = { subscriptionId: 'sub_A', payment: { paymentId: 'pay_A', orderId: 'order_A', amountPaise: 50_000 }, eventId: 'evt_3', pledge: pledge('CCCC2345'), issuer, now };
    const state = { ...fold({ evolve: evolveMonthlyPlan, initialState: noMonthlyPlan }, gatewayPlan), payment, serial };
    const { outcome, batches } = decideMonthlyCharge(command, state);
    expect(outcome).toBe('verified');
    expect(batches[0]).toEqual({
      streamId: `monthly-plan-${planId}`,
      events: [{ type: 'MonthlyGiftCharged', data: { planId, subscriptionId: 'sub_A', paymentId: 'pay_A', reference: 'CCCC2345', amountPaise: 50_000, eventId: 'evt_3', chargedAt: at } }],
    });
    const donation = batches.find((batch) => batch.streamId === 'donation-CCCC2345')!;
    expect(donation.events.map((event) => event.type)).toEqual(['DonationPledged', 'DonationVerified']);
    expect(donation.events[1]).toMatchObject({ data: { mode: 'online', paymentId: 'pay_A', orderId: 'order_A', receipt: { serial: 'SAHAY/2026-27/000005' } } });
    charged([...gatewayPlan, batches[0]!.events[0] as MonthlyPlanEvent]).when(command).thenNothing();
  });
});
