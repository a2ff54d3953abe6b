import type { Db } from '#server/db/db';
import { AppError } from '#server/errors/app-error';
import { recordOnStream } from '#server/event-store/command-handler';
import type { EventStore } from '#server/event-store/event-store';
import type { DomainEvent } from '#server/event-store/types';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import { donationStreamId, findDonationByReceiptSerial } from '#server/modules/donations/donations.api';
import { findRequestOfDisbursementOrGift, HELP_DISBURSEMENT_ID_STREAM_PREFIX, helpStreamId } from '#server/modules/help/help.api';
import { getUserNames, userStreamId, type Permission, type Role } from '#server/modules/identity/identity.api';
import { kanyadanStreamId } from '#server/modules/kanyadan/kanyadan.api';
import { requestAddresses, streamHistory } from '#server/event-store/stream-history';
import { coversStream } from './audit-access.ts';
import { redact, seesPayout } from './redact.ts';
import { AUDIT_NOT_COVERED, AUDIT_NOT_FOUND, type TAuditFindResponse, type TAuditHistoryResponse, type TAuditMatch } from './audit.schema.ts';
import { findEvents, streamExists, streamVersions } from '#server/event-store/queries';

interface AuditServices {
  db: Db;
  eventStore: EventStore;
  now: () => Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Viewer = { userId: string; role: Role; permissions: readonly Permission[] };

/** An admin looked at a record's history (its personal fields revealed): the access log's entry, on the viewer's own stream. */
export type AuditRecordViewed = DomainEvent<'AuditRecordViewed', { streamId: string; asOf: string | null; viewerId: string; viewedAt: string }>;

export function auditAccessStreamId(viewerId: string): string {
  return `audit_access-${viewerId}`;
}

/**
 * `admin.audit.find`: what a search term names — a donation reference (with or without its dash),
 * a receipt serial, a Kanyadan registration number, a help request, a disbursement's or a direct
 * gift's ID, a member ID, or a stream ID as it is — each with whether the caller may open it.
 */
export async function findRecords(services: AuditServices, viewer: Viewer, query: string): Promise<TAuditFindResponse> {
  const term = query.trim();
  const upper = term.toUpperCase().replace(/[\s-]/g, '');
  const candidates: Array<{ streamId: string; kind: TAuditMatch['kind'] }> = [{ streamId: term, kind: 'stream' }];
  if (/^[A-Z2-9]{8}$/.test(upper)) candidates.push({ streamId: donationStreamId(upper), kind: 'donation' }, { streamId: helpStreamId(upper), kind: 'help' });
  if (/^[A-Z]{5}\d{7}$/.test(upper)) candidates.push({ streamId: kanyadanStreamId(upper), kind: 'kanyadan' });
  if (/^[A-Z]{1,6}\d{5,10}$/.test(upper)) candidates.push({ streamId: userStreamId(upper), kind: 'member' });
  if (term.includes('/')) {
    const reference = await findDonationByReceiptSerial(services.db, term.toUpperCase());
    if (reference) candidates.push({ streamId: donationStreamId(reference), kind: 'receipt' });
  }
  const requestId = await findRequestOfDisbursementOrGift(services.db, term);
  if (requestId) {
    candidates.push({ streamId: helpStreamId(requestId), kind: 'disbursement' });
    candidates.push({ streamId: `${HELP_DISBURSEMENT_ID_STREAM_PREFIX}${term.toLowerCase()}`, kind: 'disbursement' });
  }
  const versions = await streamVersions(services.db, candidates.map((one) => one.streamId));
  const existing = new Set(Object.keys(versions).filter((streamId) => versions[streamId] !== null));
  const seen = new Set<string>();
  const matches: TAuditMatch[] = [];
  // The more specific reading first: a term that is a stream ID as typed comes last.
  for (const candidate of [...candidates.slice(1), candidates[0]!]) {
    if (!existing.has(candidate.streamId) || seen.has(candidate.streamId)) continue;
    seen.add(candidate.streamId);
    matches.push({ ...candidate, isCovered: coversStream(viewer, candidate.streamId) });
  }
  return { matches };
}

/**
 * `admin.audit.history`, GET /api/admin/audit/{streamId}?asOf=: the record's events up to asOf, in
 * order, each with its actor's name, the client address while kept, and the events that caused it
 * and that it caused; with the read-model rows those events alone fold to as of then. Personal
 * fields are revealed, so only an admin whose permissions cover the record sees it, and every look
 * is recorded (AuditRecordViewed) before the answer leaves.
 */
export async function auditHistory(services: AuditServices, viewer: Viewer, input: { streamId: string; asOf?: string }, meta: RequestMeta): Promise<TAuditHistoryResponse> {
  const { streamId } = input;
  // Not found before not covered: that a record exists is no secret among staff (the search says
  // so too), and its contents stay with those whose permissions cover it.
  if (!(await streamExists(services.db, streamId))) throw new AppError('NOT_FOUND', { userMessage: AUDIT_NOT_FOUND });
  if (!coversStream(viewer, streamId)) throw new AppError('FORBIDDEN', { userMessage: AUDIT_NOT_COVERED });
  const asOf = input.asOf ? new Date(input.asOf) : undefined;
  const history = await auditHistoryOf(services, streamId, asOf, { showPayout: seesPayout(viewer) });
  if (!history) throw new AppError('NOT_FOUND', { userMessage: AUDIT_NOT_FOUND });
  await recordOnStream<AuditRecordViewed>(
    services,
    auditAccessStreamId(viewer.userId),
    [{ type: 'AuditRecordViewed', data: { streamId, asOf: asOf?.toISOString() ?? null, viewerId: viewer.userId, viewedAt: services.now().toISOString() } }],
    eventMetadata(meta),
  );
  return history;
}

/**
 * A record's history as of a moment, with actors, addresses and causes, personal fields revealed:
 * for the audit screen (after its checks) and the dispute bundle's job. Secrets are hidden always,
 * payout details unless showPayout (redact.ts). Null for no such stream.
 */
export async function auditHistoryOf(
  services: { db: Db; eventStore: EventStore },
  streamId: string,
  asOf: Date | undefined,
  { showPayout }: { showPayout: boolean },
): Promise<TAuditHistoryResponse | null> {
  const history = await streamHistory(services, streamId, asOf);
  if (!history) return null;

  const eventIds = history.events.map((event) => event.eventId);
  const causationIds = history.events.map((event) => event.metadata.causationId).filter((id): id is string => Boolean(id && UUID.test(id)));
  const [names, addresses, causes, effects] = await Promise.all([
    getUserNames(services.db, [...new Set(history.events.map((event) => event.metadata.actor))]),
    requestAddresses(services.db, history.events.map((event) => event.metadata.correlationId)),
    findEvents(services.db, { eventIds: causationIds }),
    findEvents(services.db, { causedBy: eventIds }),
  ]);
  const causeOf = new Map(causes.map((cause) => [cause.eventId, { eventId: cause.eventId, streamId: cause.streamId, type: cause.type }]));
  return {
    streamId,
    asOf: asOf?.toISOString() ?? null,
    currentVersion: history.currentVersion,
    events: history.events.map((event) => ({
      eventId: event.eventId,
      version: event.streamVersion,
      type: event.type,
      recordedAt: event.recordedAt.toISOString(),
      actor: { id: event.metadata.actor, name: names.get(event.metadata.actor) ?? null },
      ip: addresses.get(event.metadata.correlationId) ?? null,
      correlationId: event.metadata.correlationId,
      causedBy: event.metadata.causationId ? (causeOf.get(event.metadata.causationId) ?? null) : null,
      caused: effects.filter((effect) => effect.metadata.causationId === event.eventId).map((effect) => ({ eventId: effect.eventId, streamId: effect.streamId, type: effect.type })),
      data: redact(event.revealed, showPayout),
    })),
    state: history.state.map((table) => ({ ...table, rows: table.rows.map((row) => redact(row, showPayout) as Record<string, unknown>) })),
  };
}
