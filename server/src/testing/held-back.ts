import type { Queryable } from '#server/db/db';
import type { BatchResult } from '#server/event-store/processor';

/**
 * How long a test waits for events held back by a transaction still open somewhere in the cluster.
 * Transaction IDs are cluster-wide, so on the shared test server another test file's transaction
 * (in its own database) holds back this one's events until it ends. That is usually milliseconds;
 * on a busy two-core CI machine it has been seconds. Past this, the wait fails and names the
 * oldest open transactions, instead of giving up silently and leaving a later assertion to fail.
 */
export const HELD_BACK_PATIENCE_MS = 120_000;

/** The oldest open transactions of the cluster, one line each, for a failure's message. */
export async function describeOpenTransactions(db: Queryable): Promise<string> {
  try {
    const { rows } = await db.query<{ line: string }>(
      `SELECT format('%s in %s (%s, %s s): %s', pid, datname, state, round(extract(epoch FROM now() - xact_start)::numeric, 1),
                     left(regexp_replace(query, '\\s+', ' ', 'g'), 200)) AS line
         FROM pg_stat_activity
        WHERE backend_xid IS NOT NULL AND pid <> pg_backend_pid()
        ORDER BY xact_start LIMIT 5`,
    );
    return rows.map((row) => row.line).join('\n') || '(none open now)';
  } catch (error) {
    return `(could not list them: ${error instanceof Error ? error.message : String(error)})`;
  }
}

/**
 * Runs `batch` until it has nothing more to read, waiting while events are held back; throws when
 * they stay held back past the patience. `what` names the processor in the message.
 */
export async function drainBatches(db: Queryable, what: string, batch: () => Promise<BatchResult>, patienceMs = HELD_BACK_PATIENCE_MS): Promise<void> {
  const deadline = Date.now() + patienceMs;
  for (;;) {
    const result = await batch();
    if (result.hasMore) continue;
    if (!result.isHeldBack) return;
    if (Date.now() > deadline) {
      throw new Error(`${what}: events still held back after ${patienceMs / 1000} s; the oldest open transactions:\n${await describeOpenTransactions(db)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
