import type { Queryable } from '#server/db/db';

/** The names of these users, for showing who did what (an erased member's name is null). */
export async function getUserNames(db: Queryable, userIds: readonly string[]): Promise<Map<string, string | null>> {
  if (userIds.length === 0) return new Map();
  const { rows } = await db.query<{ user_id: string; full_name: string | null }>(`SELECT user_id, full_name FROM users WHERE user_id = ANY($1::text[])`, [[...userIds]]);
  return new Map(rows.map((row) => [row.user_id, row.full_name]));
}
