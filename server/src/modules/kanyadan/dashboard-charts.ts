import type { Queryable } from '#server/db/db';
import type { IndianState } from './kanyadan-rules.schema.ts';

/**
 * The admin dashboard's "Kanyadan applications per week by state" (issue 15): every application by
 * the ISO week (Monday to Sunday, India time) it was submitted in, whatever became of it since; an
 * erased one too, since its state and dates stay for audit. Only weeks and states in [from, to) that
 * had an application are returned. A range of the submitted_at index (kanyadan_submitted_idx).
 */
export async function countApplicationsByWeekAndState(db: Queryable, range: { from: Date; to: Date }): Promise<Array<{ weekStart: string; state: IndianState; count: number }>> {
  const { rows } = await db.query<{ week_start: string; state: IndianState; count: number }>(
    `SELECT to_char(date_trunc('week', submitted_at AT TIME ZONE 'Asia/Kolkata'), 'YYYY-MM-DD') AS week_start, state, count(*)::int AS count
       FROM kanyadan_applications
      WHERE submitted_at >= $1 AND submitted_at < $2
      GROUP BY 1, 2
      ORDER BY 1, 2`,
    [range.from, range.to],
  );
  return rows.map((row) => ({ weekStart: row.week_start, state: row.state, count: row.count }));
}

/**
 * Kanyadan benefits paid, by the month of the day finance paid them (`disbursed_on`, India), as
 * /transparency counts them. Only months in [from, to) that had a payment are returned.
 */
export async function sumBenefitsPaidByMonth(db: Queryable, range: { from: string; to: string }): Promise<Array<{ month: string; paise: number; count: number }>> {
  const { rows } = await db.query<{ month: string; paise: string | number; count: number }>(
    `SELECT to_char(disbursed_on, 'YYYY-MM') AS month, sum(benefit_paise) AS paise, count(*)::int AS count
       FROM kanyadan_applications
      WHERE status = 'disbursed' AND disbursed_on >= $1::date AND disbursed_on < $2::date
      GROUP BY 1
      ORDER BY 1`,
    [range.from, range.to],
  );
  return rows.map((row) => ({ month: row.month, paise: Number(row.paise), count: row.count }));
}
