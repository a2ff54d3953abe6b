import { z } from 'zod';

/**
 * One thing a volunteer should look at (issue 34, "Alerts a volunteer sees"), with since when. The
 * page says what it means and what to do from its kind; the figures here fill in the sentence.
 */
export const ZSystemAlertSchema = z.discriminatedUnion('kind', [
  /** Jobs that failed their last attempt and are not being retried. */
  z.object({ kind: z.literal('jobs-failed'), since: z.string(), count: z.number().int().min(1), handlers: z.array(z.string()) }),
  /** Processors more than PROJECTION_LAG_ALERT_SECONDS behind the last committed event. */
  z.object({
    kind: z.literal('projection-lag'),
    since: z.string(),
    processors: z.array(z.object({ name: z.string(), events: z.number().int().min(0), seconds: z.number().min(0) })),
  }),
  /** No mail (or text message) has got out for DELIVERY_ALERT_MINUTES, and sending fails. */
  z.object({ kind: z.enum(['mail-failing', 'sms-failing']), since: z.string(), lastError: z.string().nullable() }),
  /**
   * The backup service's newest backup (or, before any, its first report) is BACKUP_ALERT_HOURS old
   * (decision 078). lastBackupAt null: none recorded yet; lastError: the service's last failure after it.
   */
  z.object({ kind: z.literal('backup-missing'), since: z.string(), stanza: z.string(), lastBackupAt: z.string().nullable(), lastError: z.string().nullable() }),
  /** A store above STORAGE_ALERT_PERCENT of its configured size (DATABASE_SIZE_LIMIT, FILE_STORE_SIZE_LIMIT). */
  z.object({
    kind: z.literal('storage-full'),
    since: z.string(),
    stores: z.array(z.object({ store: z.enum(['database', 'files']), bytes: z.number().min(0), limitBytes: z.number().min(1), percent: z.number().min(0) })).min(1),
  }),
  /** The payment gateway's webhook deliveries refused or failing: WEBHOOK_ALERT_FAILURES at least, the first WEBHOOK_ALERT_MINUTES ago, none taken since. */
  z.object({ kind: z.literal('webhook-failing'), since: z.string(), failures: z.number().int().min(1), lastReason: z.enum(['signature', 'body', 'error']).nullable() }),
  /** The 80G approval or the FCRA registration ends within VALIDITY_ALERT_DAYS (or has ended): since that many days before its last valid day. */
  z.object({
    kind: z.literal('validity-ending'),
    since: z.string(),
    registrations: z.array(z.object({ kind: z.enum(['approval', 'fcra']), validUntil: z.string(), daysLeft: z.number().int() })).min(1),
  }),
]);
export type TSystemAlert = z.infer<typeof ZSystemAlertSchema>;

export const ZSystemHealthResponseSchema = z.object({
  alerts: z.array(ZSystemAlertSchema),
  checkedAt: z.string(),
});
export type TSystemHealthResponse = z.infer<typeof ZSystemHealthResponseSchema>;

export const PROJECTION_LAG_ALERT_SECONDS = 60;
export const DELIVERY_ALERT_MINUTES = 15;
export const BACKUP_ALERT_HOURS = 26;
export const STORAGE_ALERT_PERCENT = 80;
export const WEBHOOK_ALERT_FAILURES = 3;
export const WEBHOOK_ALERT_MINUTES = 15;
export const VALIDITY_ALERT_DAYS = 30;
