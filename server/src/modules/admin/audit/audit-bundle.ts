import crypto from 'node:crypto';
import { AppError } from '#server/errors/app-error';
import { foldStream, handleCommand } from '#server/event-store/command-handler';
import type { DomainEvent, Recorded } from '#server/event-store/types';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import type { Permission, Role } from '#server/modules/identity/identity.api';
import type { Services } from '#server/services';
import { coversStream } from './audit-access.ts';
import { AUDIT_BUNDLE_NOT_FOUND, AUDIT_NOT_COVERED, AUDIT_NOT_FOUND, type TAuditBundle } from './audit.schema.ts';

/** An admin asked for a record's dispute bundle: the job that makes the PDF starts from this. */
export type AuditBundleRequested = DomainEvent<'AuditBundleRequested', { bundleId: string; streamId: string; requestedBy: string; requestedAt: string }>;
/** The PDF is made and stored (sealed under the record's key, so erasing the record's person erases it too). */
export type AuditBundleRendered = DomainEvent<'AuditBundleRendered', { bundleId: string; streamId: string; fileId: string; events: number; renderedAt: string }>;
export type AuditBundleEvent = AuditBundleRequested | AuditBundleRendered;

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
  const { rows } = await services.db.query(`SELECT 1 FROM streams WHERE stream_id = $1`, [streamId]);
  if (rows.length === 0) throw new AppError('NOT_FOUND', { userMessage: AUDIT_NOT_FOUND });
  if (!coversStream(viewer, streamId)) throw new AppError('FORBIDDEN', { userMessage: AUDIT_NOT_COVERED });
  const bundleId = crypto.randomUUID();
  await handleCommand(services, {
    streamId: auditBundleStreamId(bundleId),
    evolve: evolveBundle,
    initialState: noBundle,
    decide: (): AuditBundleRequested[] => [{ type: 'AuditBundleRequested', data: { bundleId, streamId, requestedBy: viewer.userId, requestedAt: services.now().toISOString() } }],
    metadata: eventMetadata(meta),
  });
  return { bundleId, streamId, status: 'pending', fileId: null };
}

/** The bundle's state, for an admin whose permissions cover its record. */
export async function getBundle(services: Services, viewer: Viewer, bundleId: string): Promise<TAuditBundle> {
  const { state } = await services.db.transaction(async (tx) => foldStream(services.eventStore, tx, auditBundleStreamId(bundleId), evolveBundle, noBundle));
  if (!state.request) throw new AppError('NOT_FOUND', { userMessage: AUDIT_BUNDLE_NOT_FOUND });
  if (!coversStream(viewer, state.request.streamId)) throw new AppError('FORBIDDEN', { userMessage: AUDIT_NOT_COVERED });
  return { bundleId, streamId: state.request.streamId, status: state.rendered ? 'ready' : 'pending', fileId: state.rendered?.fileId ?? null };
}
