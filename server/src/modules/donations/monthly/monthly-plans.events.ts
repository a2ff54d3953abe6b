import type { PersonalDataErased, Sealed } from '#server/event-store/sealing/personal-data';
import type { Cause } from '#server/shared/causes';

/**
 * Monthly giving (issue 33, decision 079). One stream per plan, `monthly-plan-<planId>`, and the
 * donor's details sealed under that same subject: erasing the plan destroys its key. The plan
 * never holds money: each month's gift is an ordinary donation on its own stream, with its own
 * reference and receipt, pledged by the reminder or verified by the gateway's charge.
 */

export const MONTHLY_PLAN_STREAM_PREFIX = 'monthly-plan-';

export function monthlyPlanStreamId(planId: string): string {
  return `${MONTHLY_PLAN_STREAM_PREFIX}${planId}`;
}

/** How each month's gift arrives: a reminder to pay by UPI or bank transfer, or the gateway's subscription. */
export const MONTHLY_PLAN_KINDS = ['reminder', 'gateway'] as const;
export type MonthlyPlanKind = (typeof MONTHLY_PLAN_KINDS)[number];

/** Who changed the plan: the donor through the signed link, or the gateway's notice. */
export type MonthlyPlanActor = 'donor' | 'gateway';

/** The subscription's states as Razorpay reports them in its webhooks. */
export const SUBSCRIPTION_STATUSES = ['created', 'authenticated', 'active', 'pending', 'halted', 'paused', 'cancelled', 'completed'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export type MonthlyPlanStarted = {
  type: 'MonthlyPlanStarted';
  data: {
    planId: string;
    kind: MonthlyPlanKind;
    amountPaise: number;
    /** 1–28: every month has it. */
    dayOfMonth: number;
    cause: Cause;
    /** DonorDetails (name, e-mail, phone, PAN, address, language), sealed under monthly-plan-<planId>. */
    donor: Sealed;
    /** Blind indexes as a donation's (donation-donor, donation-contact): duplicate starts and erasure find the plan by them. */
    donorKey: string;
    contactKeys: string[];
    hasPan: boolean;
    showName: boolean;
    /** YYYY-MM-DD in India: no reminder is due before it. */
    startedOn: string;
    startedAt: string;
  };
};

/** The gateway's subscription for a plan of kind `gateway`: the donor authorises it in Checkout. IDs only. */
export type MonthlySubscriptionCreated = {
  type: 'MonthlySubscriptionCreated';
  data: { planId: string; gateway: 'razorpay'; subscriptionId: string; gatewayPlanId: string; amountPaise: number; createdAt: string };
};

export type MonthlyPlanPaused = { type: 'MonthlyPlanPaused'; data: { planId: string; by: MonthlyPlanActor; pausedAt: string } };
export type MonthlyPlanResumed = { type: 'MonthlyPlanResumed'; data: { planId: string; by: MonthlyPlanActor; resumedAt: string } };
export type MonthlyPlanAmountChanged = { type: 'MonthlyPlanAmountChanged'; data: { planId: string; amountPaise: number; previousPaise: number; changedAt: string } };
export type MonthlyPlanDayChanged = { type: 'MonthlyPlanDayChanged'; data: { planId: string; dayOfMonth: number; previousDay: number; changedAt: string } };
export type MonthlyPlanStopped = { type: 'MonthlyPlanStopped'; data: { planId: string; by: MonthlyPlanActor; stoppedAt: string } };

/** The gateway reported a new state of the subscription (subscription.* webhooks): halted shows to the donor and finance. */
export type MonthlySubscriptionStatusChanged = {
  type: 'MonthlySubscriptionStatusChanged';
  data: { planId: string; subscriptionId: string; status: SubscriptionStatus; event: string; eventId: string | null; changedAt: string };
};

/**
 * This month's reminder is due (kind `reminder`): recorded once per plan and month, with the
 * donation pledged for it in the same transaction. The notice job mails or texts it.
 */
export type MonthlyReminderDue = {
  type: 'MonthlyReminderDue';
  data: { planId: string; month: string; reference: string; amountPaise: number; dueOn: string; recordedAt: string };
};

/** A `subscription.charged` payment verified its own donation (the reference) in the same transaction. */
export type MonthlyGiftCharged = {
  type: 'MonthlyGiftCharged';
  data: { planId: string; subscriptionId: string; paymentId: string; reference: string; amountPaise: number; eventId: string | null; chargedAt: string };
};

export type MonthlyPlanEvent =
  | MonthlyPlanStarted
  | MonthlySubscriptionCreated
  | MonthlyPlanPaused
  | MonthlyPlanResumed
  | MonthlyPlanAmountChanged
  | MonthlyPlanDayChanged
  | MonthlyPlanStopped
  | MonthlySubscriptionStatusChanged
  | MonthlyReminderDue
  | MonthlyGiftCharged
  | PersonalDataErased;

export const MONTHLY_PLAN_EVENT_TYPES = [
  'MonthlyPlanStarted',
  'MonthlySubscriptionCreated',
  'MonthlyPlanPaused',
  'MonthlyPlanResumed',
  'MonthlyPlanAmountChanged',
  'MonthlyPlanDayChanged',
  'MonthlyPlanStopped',
  'MonthlySubscriptionStatusChanged',
  'MonthlyReminderDue',
  'MonthlyGiftCharged',
] as const satisfies readonly MonthlyPlanEvent['type'][];
