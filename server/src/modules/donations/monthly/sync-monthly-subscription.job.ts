import { z } from 'zod';
import { defineJob } from '#server/queue/job';
import { planDonorOf } from './monthly-plans.ts';
import { MONTHLY_PLAN_STREAM_PREFIX, type MonthlyPlanAmountChanged, type MonthlyPlanPaused, type MonthlyPlanResumed, type MonthlyPlanStopped } from './monthly-plans.events.ts';
import type { PersonalDataErased } from '#server/event-store/sealing/personal-data';
import { subscriptionsClientOf } from './razorpay-subscriptions.ts';

const ENDED = ['cancelled', 'completed', 'expired'];

/**
 * Tells the gateway what the donor changed through the link (decision 079): the plan's state now
 * (read when the job runs, so a retry or a late job converges) against the subscription's as the
 * gateway answers it. Stopped or erased: cancelled; paused: paused; active again: resumed; another
 * amount: a plan of the new amount, the subscription moved to it. A gateway error fails the job,
 * and the queue retries it. Changes the gateway made itself find it in that state already.
 */
export const syncMonthlySubscriptionJob = defineJob<MonthlyPlanPaused | MonthlyPlanResumed | MonthlyPlanStopped | MonthlyPlanAmountChanged | PersonalDataErased, { planId: string | null }>({
  name: 'sync-monthly-subscription',
  on: ['MonthlyPlanPaused', 'MonthlyPlanResumed', 'MonthlyPlanStopped', 'MonthlyPlanAmountChanged', 'PersonalDataErased'],
  payload: z.union([
    z.object({ planId: z.string() }).transform(({ planId }) => ({ planId })),
    z.object({ subjectId: z.string() }).transform(({ subjectId }) => ({ planId: subjectId.startsWith(MONTHLY_PLAN_STREAM_PREFIX) ? subjectId.slice(MONTHLY_PLAN_STREAM_PREFIX.length) : null })),
  ]),
  async run({ event, payload }, context) {
    const config = context.config.razorpay;
    if (!payload.planId || !config) return;
    if ('by' in event.data && event.data.by === 'gateway') return;
    const { state } = await planDonorOf(context, payload.planId);
    if (!state.exists || !state.subscription) return;
    const client = subscriptionsClientOf(config);
    const { subscriptionId } = state.subscription;
    const subscription = await client.fetchSubscription(subscriptionId);
    if (ENDED.includes(subscription.status)) return;
    if (state.status === 'stopped') {
      await client.cancel(subscriptionId);
      return;
    }
    if (state.status === 'paused' && subscription.status === 'active') await client.pause(subscriptionId);
    if (state.status === 'active' && subscription.status === 'paused') await client.resume(subscriptionId);
    const plan = await client.fetchPlan(subscription.plan_id);
    if (plan.item.amount !== state.amountPaise) {
      const next = await client.createPlan({ amountPaise: state.amountPaise, name: `Monthly gift ₹${state.amountPaise / 100}` });
      await client.changePlan(subscriptionId, next.id);
    }
  },
});
