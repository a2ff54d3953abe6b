import type { Queryable } from '#server/db/db';
import type { HelpRequestStatus } from './help.events.ts';

/**
 * The admin dashboard's "help requests by state" (issue 15): every request ever made, by the state of
 * its handling now (submitted, question asked, published, rejected, closed). A request records no
 * place (the form asks for none; the requester's address is identity's, and personal), so its
 * workflow state is the one it has. Erased requests count: their status stays for audit. Only
 * statuses that have a request are returned; an index-only scan of help_requests_queue_idx.
 */
export async function countHelpRequestsByStatus(db: Queryable): Promise<Array<{ status: HelpRequestStatus; count: number }>> {
  const { rows } = await db.query<{ status: HelpRequestStatus; count: number }>(`SELECT status, count(*)::int AS count FROM help_requests GROUP BY status`);
  return rows;
}

/**
 * Help withdrawals paid, by the month of the day finance paid them (`paid_on`, India): what reached
 * the beneficiary (the net amount; the admin charge stays with the foundation), as /transparency
 * counts them. Only months in [from, to) that had a payment are returned.
 */
export async function sumWithdrawalsPaidByMonth(db: Queryable, range: { from: string; to: string }): Promise<Array<{ month: string; paise: number; count: number }>> {
  const { rows } = await db.query<{ month: string; paise: string | number; count: number }>(
    `SELECT to_char(paid_on, 'YYYY-MM') AS month, sum(net_paise) AS paise, count(*)::int AS count
       FROM help_disbursements
      WHERE status = 'paid' AND paid_on >= $1::date AND paid_on < $2::date
      GROUP BY 1
      ORDER BY 1`,
    [range.from, range.to],
  );
  return rows.map((row) => ({ month: row.month, paise: Number(row.paise), count: row.count }));
}
