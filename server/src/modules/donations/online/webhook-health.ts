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
 * Records each webhook delivery's outcome in webhook_health (decision 078), for the System health
 * page. Webhooks come one per payment event, so each is one small upsert. A write that fails is
 * logged and never changes the answer to the gateway.
 */
export async function recordWebhookDelivery(db: Queryable, log: Logger, outcome: { taken: true } | { taken: false; reason: WebhookFailureReason }, at: Date): Promise<void> {
  try {
    if (outcome.taken) {
      await db.query(
        `INSERT INTO webhook_health (webhook, last_success_at) VALUES ('razorpay', $1)
         ON CONFLICT (webhook) DO UPDATE SET failing_since = NULL, failures = 0, last_success_at = EXCLUDED.last_success_at`,
        [at],
      );
    } else {
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
