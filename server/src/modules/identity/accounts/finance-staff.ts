import type { Queryable } from '#server/db/db';
import { PERMISSIONS } from '#server/shared/access';

/**
 * Active staff holding `finance` (every super-admin holds it), with an address to write to: who must
 * hear at once when where money goes is changed (issue 29, admin/settings/notify-money-settings.job.ts).
 */
export async function getFinanceStaffContacts(db: Queryable): Promise<Array<{ userId: string; name: string | null; email: string }>> {
  const { rows } = await db.query<{ user_id: string; full_name: string | null; email: string }>(
    `SELECT user_id, full_name, email FROM users
      WHERE role = 'admin' AND status = 'active' AND 'finance' = ANY(permissions) AND email IS NOT NULL AND email <> ''
      ORDER BY user_id`,
  );
  return rows.map((row) => ({ userId: row.user_id, name: row.full_name, email: row.email }));
}

/**
 * Active super-admins (every permission), with an address to write to: who is mailed a System health
 * alert (issue 34, admin/health/mail-health-alerts.job.ts).
 */
export async function getSuperAdminContacts(db: Queryable): Promise<Array<{ userId: string; name: string | null; email: string }>> {
  const { rows } = await db.query<{ user_id: string; full_name: string | null; email: string }>(
    `SELECT user_id, full_name, email FROM users
      WHERE role = 'admin' AND status = 'active' AND permissions @> $1::text[] AND email IS NOT NULL AND email <> ''
      ORDER BY user_id`,
    [[...PERMISSIONS]],
  );
  return rows.map((row) => ({ userId: row.user_id, name: row.full_name, email: row.email }));
}
