import { AppError } from '#server/errors/app-error';
import { streamType, type StreamEvents } from '#server/event-store/command-handler';
import type { Sealed } from '#server/event-store/sealing/personal-data';
import type { Recorded } from '#server/event-store/types';
import type { Cause } from '#server/shared/causes';
import { decidePledge, verificationEvents, type PledgeCommand, type SerialSlot } from '../donation.decider.ts';
import { donationStreamId, type DonationEvent, type DonationPledged, type ReceiptIssuer } from '../donations.events.ts';
import type { PaymentSettings } from '../giving/payment-details.ts';
import { indiaDateOf } from '../receipts/receipt-serial.ts';
import {
  MONTHLY_PLAN_STREAM_PREFIX,
  monthlyPlanStreamId,
  type MonthlyGiftCharged,
  type MonthlyPlanActor,
  type MonthlyPlanEvent,
  type MonthlyPlanKind,
  type MonthlyPlanStarted,
  type MonthlyReminderDue,
  type SubscriptionStatus,
} from './monthly-plans.events.ts';

/** The words a donor reads (translated in messages.json "serverMessages"). */
export const MONTHLY_PLAN_STOPPED = 'This monthly gift has been stopped. Nothing more will be asked or charged. To give every month again, start a new monthly gift on the donate page.';
export const MONTHLY_PLAN_NOT_FOUND = 'This link is not valid. Please use the link in the latest message we sent you.';
export const MONTHLY_DAY_FIXED_BY_MANDATE = 'With automatic payment the day is fixed by your bank mandate. To change it, stop this monthly gift and start a new one on the chosen day.';
export const MONTHLY_DAY_INVALID = 'Choose a day from 1 to 28.';
export const MONTHLY_NOT_FOR_FOREIGN = 'Monthly giving is for Indian citizens. A foreign contribution is given once, into the FCRA account.';

export type MonthlyPlanStatus = 'active' | 'paused' | 'stopped';

export interface MonthlyPlanState {
  exists: boolean;
  planId: string;
  kind: MonthlyPlanKind;
  status: MonthlyPlanStatus;
  stoppedBy: MonthlyPlanActor | null;
  amountPaise: number;
  dayOfMonth: number;
  cause: Cause;
  donor: Sealed | null;
  donorKey: string;
  contactKeys: string[];
  hasPan: boolean;
  showName: boolean;
  startedOn: string;
  subscription: { subscriptionId: string; gatewayPlanId: string; status: SubscriptionStatus } | null;
  /** YYYY-MM of every month reminded. */
  remindedMonths: string[];
  /** Payment IDs of every charge recorded. */
  chargedPayments: string[];
  /** Webhook event IDs of every subscription state recorded: a second run of one delivery's job records nothing. */
  statusEventIds: string[];
  isErased: boolean;
}

export const noMonthlyPlan: MonthlyPlanState = {
  exists: false,
  planId: '',
  kind: 'reminder',
  status: 'active',
  stoppedBy: null,
  amountPaise: 0,
  dayOfMonth: 1,
  cause: 'general',
  donor: null,
  donorKey: '',
  contactKeys: [],
  hasPan: false,
  showName: false,
  startedOn: '',
  subscription: null,
  remindedMonths: [],
  chargedPayments: [],
  statusEventIds: [],
  isErased: false,
};

export function evolveMonthlyPlan(state: MonthlyPlanState, event: Recorded<MonthlyPlanEvent>): MonthlyPlanState {
  switch (event.type) {
    case 'MonthlyPlanStarted': {
      const { data } = event;
      return {
        ...noMonthlyPlan,
        exists: true,
        planId: data.planId,
        kind: data.kind,
        amountPaise: data.amountPaise,
        dayOfMonth: data.dayOfMonth,
        cause: data.cause,
        donor: data.donor,
        donorKey: data.donorKey,
        contactKeys: data.contactKeys,
        hasPan: data.hasPan,
        showName: data.showName,
        startedOn: data.startedOn,
      };
    }
    case 'MonthlySubscriptionCreated':
      return { ...state, subscription: { subscriptionId: event.data.subscriptionId, gatewayPlanId: event.data.gatewayPlanId, status: 'created' } };
    case 'MonthlyPlanPaused':
      return { ...state, status: 'paused' };
    case 'MonthlyPlanResumed':
      return { ...state, status: 'active' };
    case 'MonthlyPlanAmountChanged':
      return { ...state, amountPaise: event.data.amountPaise };
    case 'MonthlyPlanDayChanged':
      return { ...state, dayOfMonth: event.data.dayOfMonth };
    case 'MonthlyPlanStopped':
      return { ...state, status: 'stopped', stoppedBy: event.data.by };
    case 'MonthlySubscriptionStatusChanged':
      return state.subscription
        ? { ...state, subscription: { ...state.subscription, status: event.data.status }, statusEventIds: event.data.eventId ? [...state.statusEventIds, event.data.eventId] : state.statusEventIds }
        : state;
    case 'MonthlyReminderDue':
      return { ...state, remindedMonths: [...state.remindedMonths, event.data.month] };
    case 'MonthlyGiftCharged':
      return { ...state, chargedPayments: [...state.chargedPayments, event.data.paymentId] };
    case 'PersonalDataErased':
      return { ...state, isErased: true, donor: null, status: 'stopped', stoppedBy: state.stoppedBy ?? 'donor' };
    default:
      return state;
  }
}

export const monthlyPlanStream = streamType<MonthlyPlanState, MonthlyPlanEvent>({ prefix: MONTHLY_PLAN_STREAM_PREFIX, evolve: evolveMonthlyPlan, initialState: noMonthlyPlan });

// ---- start ----

export interface StartMonthlyPlanCommand {
  planId: string;
  kind: MonthlyPlanKind;
  amountPaise: number;
  dayOfMonth: number;
  cause: Cause;
  donor: Sealed;
  donorKey: string;
  contactKeys: string[];
  hasPan: boolean;
  showName: boolean;
  isForeignContribution: boolean;
  now: Date;
}

/** Pure: a new plan. A foreign citizen's gift is refused (it is paid once, into the FCRA account). */
export function decideStartMonthlyPlan(command: StartMonthlyPlanCommand, state: Pick<MonthlyPlanState, 'exists'>): MonthlyPlanStarted[] {
  if (state.exists) return [];
  if (command.isForeignContribution) throw new AppError('BAD_REQUEST', { userMessage: MONTHLY_NOT_FOR_FOREIGN, fieldErrors: { citizenship: [MONTHLY_NOT_FOR_FOREIGN] } });
  if (!Number.isInteger(command.dayOfMonth) || command.dayOfMonth < 1 || command.dayOfMonth > 28) {
    throw new AppError('BAD_REQUEST', { userMessage: MONTHLY_DAY_INVALID, fieldErrors: { dayOfMonth: [MONTHLY_DAY_INVALID] } });
  }
  return [
    {
      type: 'MonthlyPlanStarted',
      data: {
        planId: command.planId,
        kind: command.kind,
        amountPaise: command.amountPaise,
        dayOfMonth: command.dayOfMonth,
        cause: command.cause,
        donor: command.donor,
        donorKey: command.donorKey,
        contactKeys: command.contactKeys,
        hasPan: command.hasPan,
        showName: command.showName,
        startedOn: indiaDateOf(command.now),
        startedAt: command.now.toISOString(),
      },
    },
  ];
}

// ---- the donor's changes, through the signed link ----

export type MonthlyChange = { action: 'pause' } | { action: 'resume' } | { action: 'stop' } | { action: 'change'; amountPaise?: number; dayOfMonth?: number };

/**
 * Pure: a change asked for through the signed link. Asking for the state the plan is in already
 * (pause a paused plan, the same amount) records nothing, so ten identical clicks are one event. A
 * stopped plan changes no more; with the gateway, the day is the mandate's and is not changed here.
 */
export function decideMonthlyChange(command: MonthlyChange & { now: Date }, state: MonthlyPlanState): MonthlyPlanEvent[] {
  if (!state.exists) throw new AppError('NOT_FOUND', { userMessage: MONTHLY_PLAN_NOT_FOUND });
  if (state.status === 'stopped') throw new AppError('CONFLICT', { userMessage: MONTHLY_PLAN_STOPPED });
  const at = command.now.toISOString();
  const { planId } = state;
  switch (command.action) {
    case 'pause':
      return state.status === 'paused' ? [] : [{ type: 'MonthlyPlanPaused', data: { planId, by: 'donor', pausedAt: at } }];
    case 'resume':
      return state.status === 'active' ? [] : [{ type: 'MonthlyPlanResumed', data: { planId, by: 'donor', resumedAt: at } }];
    case 'stop':
      return [{ type: 'MonthlyPlanStopped', data: { planId, by: 'donor', stoppedAt: at } }];
    case 'change': {
      const events: MonthlyPlanEvent[] = [];
      if (command.dayOfMonth !== undefined && command.dayOfMonth !== state.dayOfMonth) {
        if (state.kind === 'gateway') throw new AppError('BAD_REQUEST', { userMessage: MONTHLY_DAY_FIXED_BY_MANDATE, fieldErrors: { dayOfMonth: [MONTHLY_DAY_FIXED_BY_MANDATE] } });
        if (!Number.isInteger(command.dayOfMonth) || command.dayOfMonth < 1 || command.dayOfMonth > 28) {
          throw new AppError('BAD_REQUEST', { userMessage: MONTHLY_DAY_INVALID, fieldErrors: { dayOfMonth: [MONTHLY_DAY_INVALID] } });
        }
        events.push({ type: 'MonthlyPlanDayChanged', data: { planId, dayOfMonth: command.dayOfMonth, previousDay: state.dayOfMonth, changedAt: at } });
      }
      if (command.amountPaise !== undefined && command.amountPaise !== state.amountPaise) {
        events.push({ type: 'MonthlyPlanAmountChanged', data: { planId, amountPaise: command.amountPaise, previousPaise: state.amountPaise, changedAt: at } });
      }
      return events;
    }
  }
}

// ---- the reminder (no gateway) ----

/** YYYY-MM-DD of the plan's day in the India month of `now`. */
export function dueOnOf(now: Date, dayOfMonth: number): string {
  return `${indiaDateOf(now).slice(0, 7)}-${String(dayOfMonth).padStart(2, '0')}`;
}

export interface MonthlyReminderCommand {
  /** The new donation's reference and its pledge, the donor sealed under the donation. */
  pledge: PledgeCommand;
  now: Date;
}

/**
 * Pure: this month's reminder, when it is due: a reminder plan, active, whose day has come in India
 * this month (on or after the day it started), and not reminded this month. Recorded with the
 * month's pledge (its own reference, marked with the plan) in one decision, so a job run twice, or
 * on two workers at once, records one reminder and one pledge: the second finds the month reminded.
 */
export function decideMonthlyReminder(command: MonthlyReminderCommand, state: MonthlyPlanState & { payment: PaymentSettings }): StreamEvents<MonthlyPlanEvent | DonationEvent>[] {
  if (!isReminderDue(state, command.now)) return [];
  const month = indiaDateOf(command.now).slice(0, 7);
  const pledged = decidePledge(command.pledge, { exists: false, referrer: undefined, payment: state.payment }).map((event) => markedWithPlan(event, state.planId));
  const due: MonthlyReminderDue = {
    type: 'MonthlyReminderDue',
    data: { planId: state.planId, month, reference: command.pledge.reference, amountPaise: state.amountPaise, dueOn: dueOnOf(command.now, state.dayOfMonth), recordedAt: command.now.toISOString() },
  };
  return [
    { streamId: monthlyPlanStreamId(state.planId), events: [due] },
    { streamId: donationStreamId(command.pledge.reference), events: pledged },
  ];
}

/** Whether a reminder is due now (also what the schedule's list is narrowed by). */
export function isReminderDue(state: MonthlyPlanState, now: Date): boolean {
  if (!state.exists || state.kind !== 'reminder' || state.status !== 'active' || state.isErased) return false;
  const today = indiaDateOf(now);
  const dueOn = dueOnOf(now, state.dayOfMonth);
  return dueOn <= today && dueOn >= state.startedOn && !state.remindedMonths.includes(today.slice(0, 7));
}

function markedWithPlan(event: DonationPledged, planId: string): DonationPledged {
  return { ...event, data: { ...event.data, monthlyPlanId: planId } };
}

// ---- the gateway ----

/** Pure: the subscription made for a gateway plan, once. */
export function decideSubscriptionCreated(
  command: { subscriptionId: string; gatewayPlanId: string; now: Date },
  state: MonthlyPlanState,
): MonthlyPlanEvent[] {
  if (!state.exists || state.kind !== 'gateway' || state.subscription) return [];
  return [
    {
      type: 'MonthlySubscriptionCreated',
      data: { planId: state.planId, gateway: 'razorpay', subscriptionId: command.subscriptionId, gatewayPlanId: command.gatewayPlanId, amountPaise: state.amountPaise, createdAt: command.now.toISOString() },
    },
  ];
}

/**
 * Pure: a subscription.* notice (not charged). Its state is recorded when it is new; the plan
 * follows the gateway: cancelled or completed stops it, paused pauses it, active again resumes it.
 * `halted` (the bank refused every retry) is shown to the donor and finance, and changes nothing else.
 */
export function decideSubscriptionStatus(
  command: { subscriptionId: string; status: SubscriptionStatus; event: string; eventId: string | null; now: Date },
  state: MonthlyPlanState,
): MonthlyPlanEvent[] {
  if (!state.exists || state.subscription?.subscriptionId !== command.subscriptionId) return [];
  // Handled already (the job run again after its commit): its state may be stale by now, as a
  // cancellation handled since, and must not be recorded over the newer one.
  if (command.eventId !== null && state.statusEventIds.includes(command.eventId)) return [];
  if (state.subscription.status === command.status) return [];
  const at = command.now.toISOString();
  const { planId } = state;
  const events: MonthlyPlanEvent[] = [
    { type: 'MonthlySubscriptionStatusChanged', data: { planId, subscriptionId: command.subscriptionId, status: command.status, event: command.event, eventId: command.eventId, changedAt: at } },
  ];
  if ((command.status === 'cancelled' || command.status === 'completed') && state.status !== 'stopped') events.push({ type: 'MonthlyPlanStopped', data: { planId, by: 'gateway', stoppedAt: at } });
  if (command.status === 'paused' && state.status === 'active') events.push({ type: 'MonthlyPlanPaused', data: { planId, by: 'gateway', pausedAt: at } });
  if (command.status === 'active' && state.status === 'paused') events.push({ type: 'MonthlyPlanResumed', data: { planId, by: 'gateway', resumedAt: at } });
  return events;
}

export interface MonthlyChargeCommand {
  subscriptionId: string;
  payment: { paymentId: string; orderId: string | null; amountPaise: number };
  eventId: string | null;
  /** The month's donation: a new reference, the donor sealed under it. */
  pledge: PledgeCommand;
  issuer: ReceiptIssuer;
  now: Date;
}

export type MonthlyChargeOutcome = 'verified' | 'duplicate';

/**
 * Pure: a `subscription.charged` payment. Its first delivery pledges and verifies a donation of
 * the amount paid (mode online, the payment ID its reference, the year's next serial) and records
 * the charge on the plan, in one decision; a payment recorded already records nothing. The money
 * was taken, so a charge verifies its gift whatever the plan's state.
 */
export function decideMonthlyCharge(
  command: MonthlyChargeCommand,
  state: MonthlyPlanState & { payment: PaymentSettings; serial: SerialSlot | null },
): { outcome: MonthlyChargeOutcome; batches: StreamEvents<MonthlyPlanEvent | DonationEvent>[] } {
  if (!state.exists || state.subscription?.subscriptionId !== command.subscriptionId) throw new Error(`decideMonthlyCharge: ${command.subscriptionId} is not this plan's subscription`);
  if (state.chargedPayments.includes(command.payment.paymentId)) return { outcome: 'duplicate', batches: [] };
  if (!state.serial) throw new Error(`decideMonthlyCharge: plan ${state.planId} charged without a serial slot`);
  const { pledge, payment, now } = command;
  const pledged = decidePledge(pledge, { exists: false, referrer: undefined, payment: state.payment }).map((event) => markedWithPlan(event, state.planId));
  const donation = {
    amountPaise: pledge.amountPaise,
    cause: pledge.cause,
    donorKey: pledge.donorKey,
    referrerId: null,
    memberId: null,
    channel: 'online' as const,
    pledgedAt: now.toISOString(),
  };
  const donationStream = donationStreamId(pledge.reference);
  const verified = verificationEvents({ reference: pledge.reference, receivedOn: indiaDateOf(now), mode: 'online', instrumentNumber: null, issuer: command.issuer, now }, donation, state.serial, null).map(
    (batch) =>
      batch.streamId === donationStream
        ? {
            streamId: donationStream,
            events: [
              ...pledged,
              ...batch.events.map((event) =>
                event.type === 'DonationVerified' ? { ...event, data: { ...event.data, paymentId: payment.paymentId, ...(payment.orderId ? { orderId: payment.orderId } : {}) } } : event,
              ),
            ],
          }
        : batch,
  );
  const charged: MonthlyGiftCharged = {
    type: 'MonthlyGiftCharged',
    data: {
      planId: state.planId,
      subscriptionId: command.subscriptionId,
      paymentId: payment.paymentId,
      reference: pledge.reference,
      amountPaise: payment.amountPaise,
      eventId: command.eventId,
      chargedAt: now.toISOString(),
    },
  };
  return { outcome: 'verified', batches: [{ streamId: monthlyPlanStreamId(state.planId), events: [charged] }, ...verified] };
}
