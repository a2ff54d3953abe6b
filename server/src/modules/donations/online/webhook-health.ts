import type { Logger } from 'pino';
import type { Queryable } from '#server/db/db';
import { AppError } from '#server/errors/app-error';

/** Why a delivery was not taken: a fixed word, never the body or an error's message. */
export type WebhookFailureReason = 'signature' | 'body' | 'error';

/**
 * A refused delivery's reason from what handleRazorpayWebhook threw: a bad signature, a body that is
 * not a webhook, or anything else (the database, the gateway asked for an order).
 */
export function webhookFailureReason(error: unknown, userMessages: { signature: string; body: string }): WebhookFailureReason {
  if (error instanceof AppError && error.code === 'BAD_REQUEST') {
    if (error.userMessage === userMessages.signature) return 'signature';
    if (error.userMessage === userMessages.body) return 'body';
  }
  return 'error';
}

/**
 * How long a taken delivery's time may wait before it is written, when the row already says the
 * webhook is well: at 500 deliveries a second, one write a second instead of one per delivery.
 */
export const WEBHOOK_HEALTH_FLUSH_MS = 1_000;

/** Per database (one per process; tests make several): when this process last wrote a taken delivery, and one waiting. */
const writers = new WeakMap<Queryable, { lastWrittenAt: number | null; pendingAt: Date | null; timer: NodeJS.Timeout | null }>();

function writerOf(db: Queryable) {
  let writer = writers.get(db);
  if (!writer) {
    writer = { lastWrittenAt: null, pendingAt: null, timer: null };
    writers.set(db, writer);
  }
  return writer;
}

/**
 * A taken delivery: clears the failures recorded before it (not one recorded after it by another
 * process while its time waited) and notes the time. One statement, and one that writes (and locks
 * the one row every delivery shares) only when it changes something: a failure to clear, or a
 * success time older than the flush interval.
 */
async function writeTaken(db: Queryable, at: Date): Promise<void> {
  await db.query(
    `WITH updated AS (
       UPDATE webhook_health SET
         failing_since = CASE WHEN last_failure_at > $1 THEN failing_since END,
         failures = CASE WHEN last_failure_at > $1 THEN failures ELSE 0 END,
         last_success_at = GREATEST(last_success_at, $1)
       WHERE webhook = 'razorpay'
         AND ((failures > 0 AND NOT last_failure_at > $1) OR last_success_at IS NULL OR last_success_at < $1::timestamptz - interval '1 second')
       RETURNING 1
     )
     INSERT INTO webhook_health (webhook, last_success_at) SELECT 'razorpay', $1 WHERE NOT EXISTS (SELECT 1 FROM webhook_health WHERE webhook = 'razorpay')
     ON CONFLICT (webhook) DO NOTHING`,
    [at],
    { name: 'sahay_webhook_taken' },
  );
}

/**
 * Records each webhook delivery's outcome in webhook_health (decision 078), for the System health
 * page. A refusal is written at once (one upsert). A taken delivery is written at once when this
 * process wrote none in the last WEBHOOK_HEALTH_FLUSH_MS or recorded a refusal since; otherwise its
 * time waits, and the latest is written when the interval ends (decision 083): the row says "taken
 * at" at most a second late, and a refusal by another process is cleared by the next write. A write
 * that fails is logged and never changes the answer to the gateway.
 */
export async function recordWebhookDelivery(db: Queryable, log: Logger, outcome: { taken: true } | { taken: false; reason: WebhookFailureReason }, at: Date): Promise<void> {
  const writer = writerOf(db);
  try {
    if (outcome.taken) {
      const nowMs = Date.now();
      if (writer.lastWrittenAt !== null && nowMs - writer.lastWrittenAt < WEBHOOK_HEALTH_FLUSH_MS) {
        if (!writer.pendingAt || writer.pendingAt < at) writer.pendingAt = at;
        writer.timer ??= setTimeout(() => {
          writer.timer = null;
          const pending = writer.pendingAt;
          writer.pendingAt = null;
          if (!pending) return;
          writer.lastWrittenAt = Date.now();
          writeTaken(db, pending).catch((error: unknown) => log.warn({ err: error }, 'could not record the webhook delivery\'s outcome'));
        }, WEBHOOK_HEALTH_FLUSH_MS - (nowMs - writer.lastWrittenAt)).unref();
        return;
      }
      writer.lastWrittenAt = nowMs;
      writer.pendingAt = null;
      await writeTaken(db, at);
    } else {
      // The next taken delivery is written at once: it must clear this. One waiting is older: it must not.
      writer.lastWrittenAt = null;
      writer.pendingAt = null;
      await db.query(
        `INSERT INTO webhook_health (webhook, failing_since, failures, last_failure_at, last_reason) VALUES ('razorpay', $1, 1, $1, $2)
         ON CONFLICT (webhook) DO UPDATE SET failing_since = COALESCE(webhook_health.failing_since, EXCLUDED.failing_since),
           failures = webhook_health.failures + 1, last_failure_at = EXCLUDED.last_failure_at, last_reason = EXCLUDED.last_reason`,
        [at, outcome.reason],
      );
    }
  } catch (error) {
    log.warn({ err: error }, 'could not record the webhook delivery\'s outcome');
  }
}

export interface WebhookHealth {
  webhook: 'razorpay';
  failingSince: Date | null;
  failures: number;
  lastFailureAt: Date | null;
  lastReason: WebhookFailureReason | null;
  lastSuccessAt: Date | null;
}

export async function readWebhookHealth(db: Queryable): Promise<WebhookHealth[]> {
  const { rows } = await db.query<{ webhook: 'razorpay'; failing_since: Date | null; failures: number; last_failure_at: Date | null; last_reason: WebhookFailureReason | null; last_success_at: Date | null }>(
    `SELECT webhook, failing_since, failures, last_failure_at, last_reason, last_success_at FROM webhook_health ORDER BY webhook`,
  );
  return rows.map((row) => ({
    webhook: row.webhook,
    failingSince: row.failing_since,
    failures: row.failures,
    lastFailureAt: row.last_failure_at,
    lastReason: row.last_reason,
    lastSuccessAt: row.last_success_at,
  }));
}
