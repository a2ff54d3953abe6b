import type { Logger } from 'pino';
import type { Queryable } from '#server/db/db';
import { errorSummary } from '#server/queue/job-failures';

export type DeliveryChannel = 'mail' | 'sms';

/**
 * Records in delivery_health whether mail or text messages get out (decision 073), for the System
 * health page: writes only when this process sees the state change, not for every message — the
 * first outcome it sees, then a failure after a success or a success after a failure. Every failure
 * is written (its time and error); a run of successes costs nothing. A write that fails is logged and
 * never changes the send's own outcome.
 */
export function deliveryHealthRecorder(db: Queryable, channel: DeliveryChannel, log: Logger, now: () => Date) {
  /** What this process last wrote: null before its first outcome. */
  let isKnownHealthy: boolean | null = null;
  async function write(sql: string, params: unknown[]) {
    try {
      await db.query(sql, params);
    } catch (error) {
      log.warn({ err: error, channel }, 'could not record whether messages get out');
    }
  }
  return {
    async succeeded(): Promise<void> {
      if (isKnownHealthy === true) return;
      isKnownHealthy = true;
      await write(
        `INSERT INTO delivery_health (channel, last_success_at) VALUES ($1, $2)
         ON CONFLICT (channel) DO UPDATE SET failing_since = NULL, last_success_at = EXCLUDED.last_success_at`,
        [channel, now()],
      );
    },
    async failed(error: unknown): Promise<void> {
      isKnownHealthy = false;
      const at = now();
      await write(
        `INSERT INTO delivery_health (channel, failing_since, last_failure_at, last_error) VALUES ($1, $2, $2, $3)
         ON CONFLICT (channel) DO UPDATE SET failing_since = COALESCE(delivery_health.failing_since, EXCLUDED.failing_since),
           last_failure_at = EXCLUDED.last_failure_at, last_error = EXCLUDED.last_error`,
        [channel, at, errorSummary(error)],
      );
    },
  };
}

export interface DeliveryHealth {
  channel: DeliveryChannel;
  failingSince: Date | null;
  lastFailureAt: Date | null;
  lastSuccessAt: Date | null;
  lastError: string | null;
}

export async function readDeliveryHealth(db: Queryable): Promise<DeliveryHealth[]> {
  const { rows } = await db.query<{ channel: DeliveryChannel; failing_since: Date | null; last_failure_at: Date | null; last_success_at: Date | null; last_error: string | null }>(
    `SELECT channel, failing_since, last_failure_at, last_success_at, last_error FROM delivery_health ORDER BY channel`,
  );
  return rows.map((row) => ({ channel: row.channel, failingSince: row.failing_since, lastFailureAt: row.last_failure_at, lastSuccessAt: row.last_success_at, lastError: row.last_error }));
}
