import type { Queryable } from '#server/db/db';

/**
 * The e-mail address an active account has confirmed it holds (the link of its welcome mail), or
 * null: what a signed-in member has proved, so what gathers their gifts given with it (decision 040).
 */
export async function getVerifiedEmail(db: Queryable, userId: string): Promise<string | null> {
  const { rows } = await db.query<{ email: string | null }>(`SELECT email FROM users WHERE user_id = $1 AND status = 'active' AND email_verified_at IS NOT NULL`, [userId]);
  return rows[0]?.email ?? null;
}
