import { hasPermission, PERMISSIONS, type Permission, type Role } from '#server/modules/identity/identity.api';

/**
 * Which permissions cover a record's history, by the kind its stream ID starts with: the staff who
 * work those records. A kind not listed here (the access logs themselves, settings, anything new)
 * is for a super-admin, who holds every permission.
 */
const COVERING: Readonly<Record<string, readonly Permission[]>> = {
  donation: ['finance'],
  donations: ['finance'],
  receipt: ['finance'],
  utr: ['finance'],
  instrument: ['finance'],
  bank: ['finance'],
  finance: ['finance'],
  // The girl's sealed details are for verification alone, as their reveal is (kanyadan.admin.reveal).
  kanyadan: ['verification'],
  kanyadan_access: ['verification'],
  kanyadan_submission: ['verification'],
  kanyadan_utr: ['verification', 'finance'],
  help: ['verification', 'finance'],
  help_access: ['verification'],
  help_submission: ['verification'],
  help_disbursement: ['verification', 'finance'],
  help_utr: ['finance'],
  help_gift_utr: ['verification'],
  user: ['members'],
  epin: ['members'],
  content: ['content'],
  contact: ['content'],
};

export function streamKindOf(streamId: string): string {
  return streamId.slice(0, Math.max(0, streamId.indexOf('-')));
}

/** Whether the admin's permissions cover this stream's history. */
export function coversStream(user: { role: Role; permissions: readonly Permission[] }, streamId: string): boolean {
  const covering = COVERING[streamKindOf(streamId)];
  return covering ? covering.some((permission) => hasPermission(user, permission)) : PERMISSIONS.every((permission) => hasPermission(user, permission));
}
