import { z } from 'zod';

/** The events that record a look at personal data (issue 15, "Access log"), across the modules. */
export const ACCESS_EVENT_TYPES = [
  'KanyadanDocumentViewed',
  'KanyadanDetailsViewed',
  'HelpBeneficiaryViewed',
  'HelpDocumentViewed',
  'HelpDisbursementDetailsViewed',
  'HelpGiftScreenshotViewed',
  'DonationsExported',
  'RetainedReceiptsViewed',
  'AuditRecordViewed',
  'AuditBundleRequested',
  'AuditBundleDownloaded',
] as const;
export type AccessEventType = (typeof ACCESS_EVENT_TYPES)[number];

export const ACCESS_LOG_ONLY_SUPER_ADMIN = 'Only an admin holding every permission can read the access log.';
const DATE_TEXT = 'Give the date as YYYY-MM-DD.';
const ZDateText = z.string().refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), DATE_TEXT);

export const ZAccessLogRequestSchema = z.strictObject({
  /** The admin who looked (their user ID). */
  viewerId: z.string().trim().max(20).optional(),
  /** A record's ID (registration number, help request, stream ID…), found in what the look recorded. */
  record: z.string().trim().max(120).optional(),
  /** India's dates, inclusive. */
  from: ZDateText.optional(),
  to: ZDateText.optional(),
  page: z.number().int().min(1).max(10_000).default(1),
});
export type TAccessLogRequest = z.input<typeof ZAccessLogRequestSchema>;

export const ZAccessLogEntrySchema = z.object({
  eventId: z.string(),
  type: z.enum(ACCESS_EVENT_TYPES),
  at: z.string(),
  viewer: z.object({ id: z.string(), name: z.string().nullable() }),
  /** The record looked at, as its ID (or the stream's, for an audit look; the exports stream for an export). */
  record: z.string(),
  /** What exactly: a document's kind and page, an export's kind and whether PANs were in full. */
  detail: z.string().nullable(),
});
export const ZAccessLogSchema = z.object({ entries: z.array(ZAccessLogEntrySchema), page: z.number().int(), hasMore: z.boolean() });
export type TAccessLog = z.infer<typeof ZAccessLogSchema>;
