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
]);
export type TSystemAlert = z.infer<typeof ZSystemAlertSchema>;

export const ZSystemHealthResponseSchema = z.object({
  alerts: z.array(ZSystemAlertSchema),
  checkedAt: z.string(),
});
export type TSystemHealthResponse = z.infer<typeof ZSystemHealthResponseSchema>;

export const PROJECTION_LAG_ALERT_SECONDS = 60;
export const DELIVERY_ALERT_MINUTES = 15;
