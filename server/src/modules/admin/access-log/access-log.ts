import { AppError } from '#server/errors/app-error';
import type { Queryable } from '#server/db/db';
import { getUserNames, PERMISSIONS, type Permission } from '#server/modules/identity/identity.api';
import { ACCESS_EVENT_TYPES, ACCESS_LOG_ONLY_SUPER_ADMIN, type AccessEventType, type TAccessLog, type TAccessLogRequest } from './access-log.schema.ts';
import { findEvents } from '#server/event-store/queries';

const PAGE_SIZE = 50;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The record a look was at, from what it recorded. */
function recordOf(streamId: string, data: Record<string, unknown>): string {
  for (const key of ['regNo', 'requestId', 'streamId', 'disbursementId']) if (typeof data[key] === 'string') return data[key];
  return streamId;
}

function detailOf(type: AccessEventType, data: Record<string, unknown>): string | null {
  if (type === 'DonationsExported') return `${String(data.kind)}${data.financialYear ? ` ${String(data.financialYear)}` : ''}, ${String(data.rows)} rows${data.isFullPan ? ', full PAN' : ''}`;
  if (typeof data.kind === 'string') return `${data.kind}${typeof data.page === 'number' ? `, page ${data.page}` : ''}`;
  if (type === 'AuditRecordViewed') return data.asOf ? `as of ${String(data.asOf)}` : null;
  if (type === 'AuditBundleRequested' || type === 'AuditBundleDownloaded') return Array.isArray(data.persons) && data.persons.length > 0 ? data.persons.join(', ') : null;
  if (type === 'RetainedReceiptsViewed') return Array.isArray(data.references) ? data.references.join(', ') : null;
  if (typeof data.disbursementId === 'string' && type === 'HelpDisbursementDetailsViewed') return data.disbursementId;
  return null;
}

/**
 * `admin.accessLog.list`: every recorded look at personal data — documents, unmasked details, the
 * Details dialog, exports, audit views — newest first, 50 a page, filtered by who looked, which
 * record and which days (India's). The looks are events, kept as long as the events are (for good;
 * "at least a year" is met). Only a super-admin reads it: it says who looked at which family.
 */
export async function listAccessLog(services: { db: Queryable }, by: { permissions: readonly Permission[] }, input: TAccessLogRequest): Promise<TAccessLog> {
  if (!PERMISSIONS.every((permission) => by.permissions.includes(permission))) throw new AppError('FORBIDDEN', { userMessage: ACCESS_LOG_ONLY_SUPER_ADMIN });
  const page = input.page ?? 1;
  const events = await findEvents(services.db, {
    types: ACCESS_EVENT_TYPES,
    ...(input.viewerId ? { actor: input.viewerId.toUpperCase() } : {}),
    ...(input.record ? { text: input.record } : {}),
    // India's days: midnight there is 18:30 UTC the day before (no daylight saving).
    ...(input.from ? { recordedFrom: new Date(`${input.from}T00:00:00+05:30`) } : {}),
    ...(input.to ? { recordedBefore: new Date(new Date(`${input.to}T00:00:00+05:30`).getTime() + DAY_MS) } : {}),
    newestFirst: true,
    limit: PAGE_SIZE + 1,
    offset: (page - 1) * PAGE_SIZE,
  });
  const rows = events.map((event) => ({ event_id: event.eventId, type: event.type as AccessEventType, stream_id: event.streamId, recorded_at: event.recordedAt, actor: event.metadata.actor, data: event.data }));
  const shown = rows.slice(0, PAGE_SIZE);
  const names = await getUserNames(services.db, [...new Set(shown.map((row) => row.actor))]);
  return {
    entries: shown.map((row) => ({
      eventId: row.event_id,
      type: row.type,
      at: new Date(row.recorded_at).toISOString(),
      viewer: { id: row.actor, name: names.get(row.actor) ?? null },
      record: recordOf(row.stream_id, row.data),
      detail: detailOf(row.type, row.data),
    })),
    page,
    hasMore: rows.length > PAGE_SIZE,
  };
}
