import type { Queryable } from '#server/db/db';

/** The names of these users, for showing who did what (an erased member's name is null). */
export async function getUserNames(db: Queryable, userIds: readonly string[]): Promise<Map<string, string | null>> {
  if (userIds.length === 0) return new Map();
  const { rows } = await db.query<{ user_id: string; full_name: string | null }>(`SELECT user_id, full_name FROM users WHERE user_id = ANY($1::text[])`, [[...userIds]]);
  return new Map(rows.map((row) => [row.user_id, row.full_name]));
}

/** An account's e-mail and phone as the account holds them (null when there is no such account). */
export async function getUserContact(db: Queryable, userId: string): Promise<{ email: string | null; phone: string | null } | null> {
  const { rows } = await db.query<{ email: string | null; phone: string | null }>(`SELECT email, phone FROM users WHERE user_id = $1`, [userId]);
  return rows[0] ?? null;
}

/** An account's role and granted permissions (null when there is no such account). */
export async function getUserAccess(db: Queryable, userId: string): Promise<{ role: string; permissions: string[] } | null> {
  const { rows } = await db.query<{ role: string; permissions: string[] }>(`SELECT role, permissions FROM users WHERE user_id = $1`, [userId]);
  return rows[0] ?? null;
}
