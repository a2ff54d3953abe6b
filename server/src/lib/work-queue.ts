import type { Queryable } from '#server/db/db';

/** How much work waits in one staff queue, and since when its oldest item has waited. */
export interface QueueCount {
  count: number;
  oldestAt: Date | null;
}

/**
 * Counts one queue: `from` is a FROM … WHERE clause over the module's own table, and `since` the
 * column that says since when an item has waited. Each module counts its own queues (its tables stay
 * its own); the admin module only gathers them.
 */
export async function countQueue(db: Queryable, sql: { from: string; since: string }, params: readonly unknown[] = []): Promise<QueueCount> {
  const { rows } = await db.query<{ count: number; oldest_at: Date | null }>(
    `SELECT count(*)::int AS count, min(${sql.since}) AS oldest_at FROM ${sql.from}`,
    [...params],
  );
  const row = rows[0];
  return { count: row?.count ?? 0, oldestAt: row?.oldest_at ? new Date(row.oldest_at) : null };
}
