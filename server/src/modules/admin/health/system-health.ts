import type { Config } from '#server/config';
import type { Queryable } from '#server/db/db';
import { processorNames, readProcessorLag } from '#server/event-store/processor-lag';
import { storedFileBytes } from '#server/files/file-store';
import { readDeliveryHealth } from '#server/lib/delivery-health';
import { readWebhookHealth } from '#server/modules/donations/donations.api';
import { validityWarnings } from '#server/modules/site/site.api';
import { summarizeJobFailures } from '#server/queue/job-failures';
import type { Services } from '#server/services';
import {
  BACKUP_ALERT_HOURS,
  DELIVERY_ALERT_MINUTES,
  PROJECTION_LAG_ALERT_SECONDS,
  STORAGE_ALERT_PERCENT,
  type TSystemAlert,
  type TSystemHealthResponse,
  VALIDITY_ALERT_DAYS,
  WEBHOOK_ALERT_FAILURES,
  WEBHOOK_ALERT_MINUTES,
} from './system-health.schema.ts';

/** Handler names shown with a failed-jobs alert at most (the Failed jobs page lists them all). */
const HANDLERS_SHOWN = 5;

/**
 * The alerts of the System health page (decision 073), read from the database so that every server
 * process sees what the worker saw: jobs that gave up (job_failures), processors behind
 * (processor_checkpoints), mail or SMS failing for 15 minutes (delivery_health). By the services'
 * clock, so tests can move it.
 */
export async function getSystemHealth(services: Pick<Services, 'db' | 'eventStore' | 'now'> & { config: Pick<Config, 'DATABASE_SIZE_LIMIT' | 'FILE_STORE_SIZE_LIMIT'> }): Promise<TSystemHealthResponse> {
  const now = services.now();
  const alerts: TSystemAlert[] = [];

  // The queue's own record of failed jobs (server/src/queue), read through its function.
  const jobs = await summarizeJobFailures(services.db);
  if (jobs.count > 0 && jobs.since) {
    alerts.push({ kind: 'jobs-failed', since: jobs.since.toISOString(), count: jobs.count, handlers: jobs.handlers.slice(0, HANDLERS_SHOWN) });
  }

  const behind = (await readProcessorLag(services.db, processorNames(services.eventStore)))
    .map((lag) => ({ ...lag, seconds: lag.oldestPendingAt ? Math.max(0, (now.getTime() - lag.oldestPendingAt.getTime()) / 1000) : 0 }))
    .filter((lag) => lag.oldestPendingAt && lag.seconds > PROJECTION_LAG_ALERT_SECONDS);
  if (behind.length > 0) {
    const oldest = Math.min(...behind.map((lag) => lag.oldestPendingAt!.getTime()));
    alerts.push({
      kind: 'projection-lag',
      since: new Date(oldest + PROJECTION_LAG_ALERT_SECONDS * 1000).toISOString(),
      processors: behind.map((lag) => ({ name: lag.processor, events: lag.events, seconds: Math.round(lag.seconds) })),
    });
  }

  for (const delivery of await readDeliveryHealth(services.db)) {
    if (delivery.failingSince && now.getTime() - delivery.failingSince.getTime() >= DELIVERY_ALERT_MINUTES * 60_000) {
      alerts.push({ kind: delivery.channel === 'mail' ? 'mail-failing' : 'sms-failing', since: delivery.failingSince.toISOString(), lastError: delivery.lastError });
    }
  }

  const backup = await backupAlert(services.db, now);
  if (backup) alerts.push(backup);
  const storage = await storageAlert(services.db, services.config, now);
  if (storage) alerts.push(storage);
  const webhook = await webhookAlert(services.db, now);
  if (webhook) alerts.push(webhook);
  const validity = await validityAlert(services.db, now);
  if (validity) alerts.push(validity);
  return { alerts, checkedAt: now.toISOString() };
}

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * No successful backup for 26 hours (decision 078): backup_status, written by the backup service
 * from pgBackRest's repository. A stanza with no backup yet counts from the service's first report.
 * No row, no alert: nothing reports backups here. With several stanzas, the one longest without.
 */
async function backupAlert(db: Queryable, now: Date): Promise<TSystemAlert | null> {
  const { rows } = await db.query<{ stanza: string; watching_since: Date; last_backup_at: Date | null; last_failure_at: Date | null; last_error: string | null }>(
    `SELECT stanza, watching_since, last_backup_at, last_failure_at, last_error FROM backup_status
     ORDER BY COALESCE(last_backup_at, watching_since), stanza LIMIT 1`,
  );
  const row = rows[0];
  if (!row) return null;
  const since = (row.last_backup_at ?? row.watching_since).getTime() + BACKUP_ALERT_HOURS * HOUR_MS;
  if (now.getTime() < since) return null;
  const hasFailedSince = row.last_failure_at !== null && (row.last_backup_at === null || row.last_failure_at > row.last_backup_at);
  return { kind: 'backup-missing', since: new Date(since).toISOString(), stanza: row.stanza, lastBackupAt: row.last_backup_at?.toISOString() ?? null, lastError: hasFailedSince ? row.last_error : null };
}

/**
 * The database (pg_database_size) or the files (their recorded bytes) above 80 % of the configured
 * size. Since when is kept in health_conditions by the first check that sees it, and removed by the
 * first that no longer does: a store has no time of its own for crossing a line.
 */
async function storageAlert(db: Queryable, config: Pick<Config, 'DATABASE_SIZE_LIMIT' | 'FILE_STORE_SIZE_LIMIT'>, now: Date): Promise<TSystemAlert | null> {
  const measured = [
    { store: 'database' as const, limitBytes: config.DATABASE_SIZE_LIMIT, measure: async () => Number((await db.query<{ bytes: string }>(`SELECT pg_database_size(current_database())::text AS bytes`)).rows[0]!.bytes) },
    { store: 'files' as const, limitBytes: config.FILE_STORE_SIZE_LIMIT, measure: () => storedFileBytes(db) },
  ];
  const stores: Extract<TSystemAlert, { kind: 'storage-full' }>['stores'] = [];
  const sinces: Date[] = [];
  for (const { store, limitBytes, measure } of measured) {
    const condition = `storage-${store}`;
    const bytes = limitBytes === undefined ? null : await measure();
    if (limitBytes === undefined || bytes === null || bytes * 100 < limitBytes * STORAGE_ALERT_PERCENT) {
      await db.query(`DELETE FROM health_conditions WHERE kind = $1`, [condition]);
      continue;
    }
    const { rows } = await db.query<{ since: Date }>(
      `INSERT INTO health_conditions (kind, since) VALUES ($1, $2) ON CONFLICT (kind) DO UPDATE SET since = health_conditions.since RETURNING since`,
      [condition, now],
    );
    sinces.push(rows[0]!.since);
    stores.push({ store, bytes, limitBytes, percent: Math.floor((bytes * 100) / limitBytes) });
  }
  if (stores.length === 0) return null;
  return { kind: 'storage-full', since: new Date(Math.min(...sinces.map((since) => since.getTime()))).toISOString(), stores };
}

/** The gateway's webhook: 3 deliveries or more refused or failing, the first 15 minutes ago, none taken since. */
async function webhookAlert(db: Queryable, now: Date): Promise<TSystemAlert | null> {
  for (const webhook of await readWebhookHealth(db)) {
    if (webhook.failingSince && webhook.failures >= WEBHOOK_ALERT_FAILURES && now.getTime() - webhook.failingSince.getTime() >= WEBHOOK_ALERT_MINUTES * 60_000) {
      return { kind: 'webhook-failing', since: webhook.failingSince.toISOString(), failures: webhook.failures, lastReason: webhook.lastReason };
    }
  }
  return null;
}

/** The 80G approval or the FCRA registration ending within 30 days (settings), since 30 days before its last valid day (India's midnight). */
async function validityAlert(db: Queryable, now: Date): Promise<TSystemAlert | null> {
  const ending = (await validityWarnings(db, now)).filter((warning) => warning.daysLeft <= VALIDITY_ALERT_DAYS);
  if (ending.length === 0) return null;
  const since = Math.min(...ending.map((warning) => Date.parse(`${warning.validUntil}T00:00:00+05:30`) - VALIDITY_ALERT_DAYS * DAY_MS));
  return { kind: 'validity-ending', since: new Date(since).toISOString(), registrations: ending.map(({ kind, validUntil, daysLeft }) => ({ kind, validUntil, daysLeft })) };
}
