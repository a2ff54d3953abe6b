import type { Projection } from '#server/event-store/types';
import { contactKeysOf, donorKeyOf } from '../donor-keys.ts';
import type { DonorDetails } from '../donations.events.ts';
import { MONTHLY_PLAN_STREAM_PREFIX, type MonthlyPlanEvent } from './monthly-plans.events.ts';

/**
 * The monthly plans (decision 079): one row per plan for the reminder schedule, the manage page and
 * finance's list. Inline. No personal data: the donor's and contact's blind indexes are computed here
 * under the current key (decision 019; reindex-monthly-plans.ts after a key change) and emptied when
 * the plan is erased.
 */
export const monthlyPlansProjection: Projection<'monthly_plans', MonthlyPlanEvent> = {
  name: 'monthly_plans',
  tables: ['monthly_plans'],
  handles: [
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
    'PersonalDataErased',
  ],
  async apply(event, context) {
    const { tx, tables, reveal, blindIndex } = context;
    const table = tables.monthly_plans;
    const set = (sql: string, planId: string, at: string, values: unknown[] = []) => tx.query(`UPDATE ${table} SET ${sql}, updated_at = $2 WHERE plan_id = $1`, [planId, at, ...values]);
    switch (event.type) {
      case 'MonthlyPlanStarted': {
        const { data } = event;
        const donor = await reveal<DonorDetails>(data.donor);
        const contactKeys = donor ? contactKeysOf(blindIndex, donor) : [];
        await tx.query(
          `INSERT INTO ${table} (plan_id, kind, status, amount_paise, day_of_month, cause, donor_key, contact_keys, started_on, started_at, is_erased, updated_at)
           VALUES ($1, $2, 'active', $3, $4, $5, $6, $7, $8, $9, $10, $9) ON CONFLICT (plan_id) DO NOTHING`,
          [data.planId, data.kind, data.amountPaise, data.dayOfMonth, data.cause, donor ? donorKeyOf(blindIndex, donor) : null, contactKeys, data.startedOn, data.startedAt, donor === null],
        );
        return;
      }
      case 'MonthlySubscriptionCreated':
        await set(`subscription_id = $3, subscription_status = 'created'`, event.data.planId, event.data.createdAt, [event.data.subscriptionId]);
        return;
      case 'MonthlyPlanPaused':
        await set(`status = 'paused'`, event.data.planId, event.data.pausedAt);
        return;
      case 'MonthlyPlanResumed':
        await set(`status = 'active'`, event.data.planId, event.data.resumedAt);
        return;
      case 'MonthlyPlanAmountChanged':
        await set(`amount_paise = $3`, event.data.planId, event.data.changedAt, [event.data.amountPaise]);
        return;
      case 'MonthlyPlanDayChanged':
        await set(`day_of_month = $3`, event.data.planId, event.data.changedAt, [event.data.dayOfMonth]);
        return;
      case 'MonthlyPlanStopped':
        await set(`status = 'stopped', stopped_by = $3`, event.data.planId, event.data.stoppedAt, [event.data.by]);
        return;
      case 'MonthlySubscriptionStatusChanged':
        await set(`subscription_status = $3`, event.data.planId, event.data.changedAt, [event.data.status]);
        return;
      case 'MonthlyReminderDue':
        await set(`last_reminded_month = $3, gifts = gifts + 1`, event.data.planId, event.data.recordedAt, [event.data.month]);
        return;
      case 'MonthlyGiftCharged':
        await set(`gifts = gifts + 1`, event.data.planId, event.data.chargedAt);
        return;
      case 'PersonalDataErased': {
        const { subjectId, erasedAt } = event.data;
        if (!subjectId.startsWith(MONTHLY_PLAN_STREAM_PREFIX)) return;
        await monthlyPlansProjection.erase!(subjectId, context);
        await set(`status = 'stopped', stopped_by = COALESCE(stopped_by, 'donor')`, subjectId.slice(MONTHLY_PLAN_STREAM_PREFIX.length), erasedAt);
        return;
      }
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  },
  async erase(subjectId, { tx, tables }) {
    if (!subjectId.startsWith(MONTHLY_PLAN_STREAM_PREFIX)) return;
    await tx.query(`UPDATE ${tables.monthly_plans} SET donor_key = NULL, contact_keys = '{}', is_erased = true WHERE plan_id = $1`, [subjectId.slice(MONTHLY_PLAN_STREAM_PREFIX.length)]);
  },
};
