import crypto from 'node:crypto';
import { AppError } from '#server/errors/app-error';
import type { Queryable } from '#server/db/db';
import { foldStream, handleCommand, recordOnStream } from '#server/event-store/command-handler';
import type { DomainEvent, Recorded } from '#server/event-store/types';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import { hasPermission, PERMISSIONS, type Permission, type Role } from '#server/modules/identity/identity.api';
import type { Services } from '#server/services';
import { coversStream } from './audit-access.ts';
import { AUDIT_BUNDLE_LEGACY, AUDIT_BUNDLE_NOT_FOUND, AUDIT_BUNDLE_PAYOUT_FINANCE, AUDIT_NOT_COVERED, AUDIT_NOT_FOUND, type TAuditBundle } from './audit.schema.ts';
import { seesPayout } from './redact.ts';
import { personsNamedInStream, streamExists } from '#server/event-store/queries';

/**
 * An admin asked for a record's dispute bundle: the job that makes the PDF starts from this. A look
 * at personal data, so it is in the access log (issue 29): `persons` are the people the record's
 * events name (the subjects their sealed fields belong to: user-…, kanyadan-…, donation-…), so the
 * log found by any of them shows the bundle. `showsPayout`: made for an admin with finance, so it
 * shows payout details and only finance may download it (absent in bundles asked before: false).
 */
export type AuditBundleRequested = DomainEvent<
  'AuditBundleRequested',
  { bundleId: string; streamId: string; requestedBy: string; requestedAt: string; persons?: string[]; showsPayout?: boolean }
>;
/** The PDF is made and stored (sealed under the record's key, so erasing the record's person erases it too). */
export type AuditBundleRendered = DomainEvent<'AuditBundleRendered', { bundleId: string; streamId: string; fileId: string; events: number; renderedAt: string }>;
/** An admin downloaded the bundle's PDF: in the access log, with the people it names. */
export type AuditBundleDownloaded = DomainEvent<'AuditBundleDownloaded', { bundleId: string; streamId: string; persons: string[]; viewerId: string; downloadedAt: string }>;
export type AuditBundleEvent = AuditBundleRequested | AuditBundleRendered | AuditBundleDownloaded;

export const AUDIT_BUNDLE_FILE_KIND = 'audit-bundle';

export function auditBundleStreamId(bundleId: string): string {
  return `audit_bundle-${bundleId}`;
}

export interface BundleState {
  request: AuditBundleRequested['data'] | null;
  rendered: AuditBundleRendered['data'] | null;
}

export const noBundle: BundleState = { request: null, rendered: null };

export function evolveBundle(state: BundleState, event: Recorded<AuditBundleEvent>): BundleState {
  switch (event.type) {
    case 'AuditBundleRequested':
      return { ...state, request: event.data };
    case 'AuditBundleRendered':
      return { ...state, rendered: event.data };
    case 'AuditBundleDownloaded':
      return state;
    default:
      return state;
  }
}

type Viewer = { userId: string; role: Role; permissions: readonly Permission[] };

/**
 * `admin.audit.requestBundle`, POST /api/admin/audit/{streamId}/bundle: asks for the record's
 * dispute bundle, for an admin whose permissions cover the record. Asking is itself an event; the
 * PDF is made by a job (audit-bundle.job.ts).
 */
export async function requestBundle(services: Services, viewer: Viewer, streamId: string, meta: RequestMeta): Promise<TAuditBundle> {
  if (!(await streamExists(services.db, streamId))) throw new AppError('NOT_FOUND', { userMessage: AUDIT_NOT_FOUND });
  if (!coversStream(viewer, streamId)) throw new AppError('FORBIDDEN', { userMessage: AUDIT_NOT_COVERED });
  const bundleId = crypto.randomUUID();
  const persons = await personsNamedIn(services.db, streamId);
  const showsPayout = seesPayout(viewer);
  await handleCommand(services, {
    streamId: auditBundleStreamId(bundleId),
    evolve: evolveBundle,
    initialState: noBundle,
    decide: (): AuditBundleRequested[] => [
      { type: 'AuditBundleRequested', data: { bundleId, streamId, requestedBy: viewer.userId, requestedAt: services.now().toISOString(), persons, showsPayout } },
    ],
    metadata: eventMetadata(meta),
  });
  return { bundleId, streamId, status: 'pending', fileId: null };
}

/**
 * The accounts a record is about though no sealed field of it is theirs: a help request's requester,
 * a direct gift's giver, a donation's member (issue 29 review: a help request's bundle missed its
 * requester). Staff who acted on the record are its actors, not its subjects.
 */
const SUBJECT_ACCOUNT_FIELDS = ['requesterId', 'giverId', 'memberId'];

/** The people a record's events name: the subjects of their sealed fields and the accounts it is about (user-…), in order. */
function personsNamedIn(db: Queryable, streamId: string): Promise<string[]> {
  return personsNamedInStream(db, streamId, SUBJECT_ACCOUNT_FIELDS);
}

/** The bundle's state, for an admin whose permissions cover its record (and finance, when it shows payout details). */
export async function getBundle(services: Services, viewer: Viewer, bundleId: string): Promise<TAuditBundle & { persons: string[] }> {
  const { state } = await services.db.transaction(async (tx) => foldStream(services.eventStore, tx, auditBundleStreamId(bundleId), evolveBundle, noBundle));
  if (!state.request) throw new AppError('NOT_FOUND', { userMessage: AUDIT_BUNDLE_NOT_FOUND });
  if (!coversStream(viewer, state.request.streamId)) throw new AppError('FORBIDDEN', { userMessage: AUDIT_NOT_COVERED });
  if (state.request.showsPayout && !seesPayout(viewer)) throw new AppError('FORBIDDEN', { userMessage: AUDIT_BUNDLE_PAYOUT_FINANCE });
  // A bundle asked for before issue 29 was made with every secret and payout detail in it: a super-admin's alone.
  if (state.request.showsPayout === undefined && !PERMISSIONS.every((permission) => hasPermission(viewer, permission))) {
    throw new AppError('FORBIDDEN', { userMessage: AUDIT_BUNDLE_LEGACY });
  }
  return {
    bundleId,
    streamId: state.request.streamId,
    status: state.rendered ? 'ready' : 'pending',
    fileId: state.rendered?.fileId ?? null,
    persons: state.request.persons ?? [],
  };
}

/** Records a download of the bundle's PDF (the access log), before its bytes leave. */
export async function recordBundleDownload(services: Services, viewer: Viewer, bundle: { bundleId: string; streamId: string; persons: string[] }, meta: RequestMeta): Promise<void> {
  await recordOnStream<AuditBundleDownloaded>(
    services,
    auditBundleStreamId(bundle.bundleId),
    [{ type: 'AuditBundleDownloaded', data: { bundleId: bundle.bundleId, streamId: bundle.streamId, persons: bundle.persons, viewerId: viewer.userId, downloadedAt: services.now().toISOString() } }],
    eventMetadata(meta),
  );
}
