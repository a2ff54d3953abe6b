import type { Services } from '#server/services';
import type { TMonthlyPlansList } from './monthly-plan.schema.ts';

/** Plans shown to finance at a time. */
export const MONTHLY_PLANS_SHOWN = 200;

/** finance's list (decision 079): counts by state, and the newest plans of the state asked for, halted subscriptions first. */
export async function listMonthlyPlans(services: Pick<Services, 'db'>, input: { status?: 'active' | 'paused' | 'stopped' | 'halted' }): Promise<TMonthlyPlansList> {
  const { rows: countRows } = await services.db.query<{ active: number; paused: number; stopped: number; halted: number }>(
    `SELECT count(*) FILTER (WHERE status = 'active')::int AS active, count(*) FILTER (WHERE status = 'paused')::int AS paused,
            count(*) FILTER (WHERE status = 'stopped')::int AS stopped, count(*) FILTER (WHERE subscription_status = 'halted' AND status <> 'stopped')::int AS halted
       FROM monthly_plans`,
  );
  const where = input.status === 'halted' ? `WHERE subscription_status = 'halted' AND status <> 'stopped'` : input.status ? `WHERE status = $2` : '';
  const { rows } = await services.db.query<{
    plan_id: string;
    kind: 'reminder' | 'gateway';
    status: 'active' | 'paused' | 'stopped';
    stopped_by: 'donor' | 'gateway' | null;
    amount_paise: string | number;
    day_of_month: number;
    cause: string;
    subscription_id: string | null;
    subscription_status: string | null;
    gifts: number;
    started_on: string;
    updated_at: Date;
  }>(
    `SELECT plan_id::text, kind, status, stopped_by, amount_paise, day_of_month, cause, subscription_id, subscription_status, gifts, started_on::text AS started_on, updated_at
       FROM monthly_plans ${where}
      ORDER BY (subscription_status = 'halted' AND status <> 'stopped') DESC NULLS LAST, updated_at DESC, plan_id LIMIT $1`,
    input.status && input.status !== 'halted' ? [MONTHLY_PLANS_SHOWN, input.status] : [MONTHLY_PLANS_SHOWN],
  );
  return {
    counts: countRows[0]!,
    plans: rows.map((row) => ({
      planId: row.plan_id,
      kind: row.kind,
      status: row.status,
      stoppedBy: row.stopped_by,
      amountPaise: Number(row.amount_paise),
      dayOfMonth: row.day_of_month,
      cause: row.cause,
      subscriptionId: row.subscription_id,
      subscriptionStatus: row.subscription_status,
      gifts: row.gifts,
      startedOn: row.started_on,
      updatedAt: new Date(row.updated_at).toISOString(),
    })),
  };
}
