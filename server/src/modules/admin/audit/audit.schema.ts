import { z } from 'zod';

/**
 * The audit screen's inputs and answers (issue 15, "Any record's history" and "As of any moment"),
 * shared by the tRPC procedures, the REST route and the web.
 */
export const AUDIT_QUERY_LENGTH = 'Type a donation reference, receipt serial, registration number, help request, disbursement, member ID or stream ID (up to 120 characters).';
export const AUDIT_STREAM_ID = 'That is not a record’s ID.';
export const AUDIT_AS_OF = 'Give the moment as a date and time, such as 2026-11-24T10:30:00Z.';
export const AUDIT_NOT_FOUND = 'No record has that ID.';
export const AUDIT_NOT_COVERED = 'Your permissions do not cover this record.';
export const AUDIT_BUNDLE_NOT_FOUND = 'No such bundle.';
export const AUDIT_BUNDLE_NOT_READY = 'The bundle is still being made. Try again in a moment.';
export const AUDIT_BUNDLE_LEGACY = 'This bundle was made before secrets were hidden from bundles: only an admin holding every permission can download it. Ask for a new bundle instead.';
export const AUDIT_BUNDLE_PAYOUT_FINANCE = 'This bundle shows payout details: only finance staff can download it.';
/** In place of a secret (a password hash, a blind index, a token or TOTP secret), for every viewer; the console shows it in the reader's language. */
export const AUDIT_HIDDEN_SECRET = '[hidden: secret]';
/** In place of payout details (UPI ID, account number, IFSC…) for a viewer without finance. */
export const AUDIT_HIDDEN_PAYOUT = '[hidden: finance only]';

export const ZAuditFindRequestSchema = z.strictObject({
  query: z
    .string({ error: AUDIT_QUERY_LENGTH })
    .trim()
    // No control characters (NUL included): nothing an ID has.
    .refine((value) => value.length >= 1 && value.length <= 120 && [...value].every((char) => char.charCodeAt(0) >= 32), AUDIT_QUERY_LENGTH),
});
export type TAuditFindRequest = z.infer<typeof ZAuditFindRequestSchema>;

/** A stream's ID as the event store names them: `<kind>-<id>`, letters, digits and a few signs. */
export const ZStreamIdSchema = z.string({ error: AUDIT_STREAM_ID }).refine((value) => /^[a-z][a-z_]*-[A-Za-z0-9_./:@-]{1,150}$/.test(value), AUDIT_STREAM_ID);

const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

/** An ISO 8601 time with its offset, on a day that exists (Date.parse would roll 30 February over to March). */
function isIsoTime(value: string): boolean {
  const match = ISO_TIME.exec(value);
  if (!match || Number.isNaN(Date.parse(value))) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const ZAsOfSchema = z.string({ error: AUDIT_AS_OF }).refine(isIsoTime, AUDIT_AS_OF);

export const ZAuditHistoryRequestSchema = z.strictObject({ streamId: ZStreamIdSchema, asOf: ZAsOfSchema.optional() });
export type TAuditHistoryRequest = z.infer<typeof ZAuditHistoryRequestSchema>;
/** GET /api/admin/audit/{streamId}?asOf= */
export const ZAuditHistoryQuerySchema = z.strictObject({ asOf: ZAsOfSchema.optional() });

export const AUDIT_RECORD_KINDS = ['donation', 'receipt', 'kanyadan', 'help', 'disbursement', 'gift', 'member', 'stream'] as const;

export const ZAuditMatchSchema = z.object({
  streamId: z.string(),
  /** What the search term was taken for. */
  kind: z.enum(AUDIT_RECORD_KINDS),
  /** Whether the caller's permissions cover the record (else the history is refused). */
  isCovered: z.boolean(),
});
export const ZAuditFindResponseSchema = z.object({ matches: z.array(ZAuditMatchSchema) });
export type TAuditMatch = z.infer<typeof ZAuditMatchSchema>;
export type TAuditFindResponse = z.infer<typeof ZAuditFindResponseSchema>;

const ZEventLinkSchema = z.object({ eventId: z.string(), streamId: z.string(), type: z.string() });

export const ZAuditEventSchema = z.object({
  eventId: z.string(),
  version: z.number().int(),
  type: z.string(),
  recordedAt: z.string(),
  actor: z.object({ id: z.string(), name: z.string().nullable() }),
  /** The client's address, while it is kept (90 days, docs/decisions/022); null after, or for the system. */
  ip: z.string().nullable(),
  correlationId: z.string(),
  /** The event that caused this one, wherever it is recorded. */
  causedBy: ZEventLinkSchema.nullable(),
  /** The events this one caused, in any stream. */
  caused: z.array(ZEventLinkSchema),
  /** The data with personal fields revealed, or "[erased]" where the person's key is gone. */
  data: z.unknown(),
});

export const ZAuditStateTableSchema = z.object({ projection: z.string(), table: z.string(), rows: z.array(z.record(z.string(), z.unknown())) });

export const ZAuditHistoryResponseSchema = z.object({
  streamId: z.string(),
  asOf: z.string().nullable(),
  /** The stream's version now, events after asOf included. */
  currentVersion: z.number().int(),
  events: z.array(ZAuditEventSchema),
  /** The read-model rows these events alone fold to, as of asOf. */
  state: z.array(ZAuditStateTableSchema),
});
export type TAuditEvent = z.infer<typeof ZAuditEventSchema>;
export type TAuditStateTable = z.infer<typeof ZAuditStateTableSchema>;
export type TAuditHistoryResponse = z.infer<typeof ZAuditHistoryResponseSchema>;

export const ZAuditBundleIdSchema = z.strictObject({ bundleId: z.string().uuid({ error: AUDIT_BUNDLE_NOT_FOUND }) });
export const ZRequestBundleSchema = z.strictObject({ streamId: ZStreamIdSchema });
export const ZAuditBundleSchema = z.object({
  bundleId: z.string(),
  streamId: z.string(),
  /** pending while the job makes the PDF; ready once it can be downloaded. */
  status: z.enum(['pending', 'ready']),
  fileId: z.string().nullable(),
});
export type TAuditBundle = z.infer<typeof ZAuditBundleSchema>;
