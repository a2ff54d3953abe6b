import type { Recorded } from '#server/event-store/types';
import type { IdentityEvent, Permission, Role } from './identity.events.ts';

/**
 * What the commands on a member's stream (`user-<id>`) decide on, folded from the stream's events.
 * Personal fields stay sealed in the events and out of this state: no decision here needs them.
 */
export interface UserState {
  exists: boolean;
  userId: string | null;
  role: Role;
  permissions: Permission[];
  status: 'active' | 'suspended' | 'erased';
  isEmailConfirmed: boolean;
  /** The argon2 hash in force (the one a password change must prove it knew). */
  passwordHash: string | null;
  isTotpEnabled: boolean;
  /** The QR upload waiting for its image job, and those the job has finished (processed or rejected). */
  pendingQrUploadId: string | null;
  finishedQrUploadIds: readonly string[];
  /** The processed QR image the profile shows. */
  qrFile: string | null;
  /** The I-card photo upload waiting for its job, and the photo the card shows (its file and upload). */
  pendingIdPhotoUploadId: string | null;
  idPhotoFile: string | null;
  idPhotoUploadId: string | null;
  /** When the person's data was erased. */
  erasedAt: string | null;
}

export const noUser: UserState = {
  exists: false,
  userId: null,
  role: 'member',
  permissions: [],
  status: 'active',
  isEmailConfirmed: false,
  passwordHash: null,
  isTotpEnabled: false,
  pendingQrUploadId: null,
  finishedQrUploadIds: [],
  qrFile: null,
  pendingIdPhotoUploadId: null,
  idPhotoFile: null,
  idPhotoUploadId: null,
  erasedAt: null,
};

export function evolveUser(state: UserState, event: Recorded<IdentityEvent>): UserState {
  switch (event.type) {
    case 'AccountRegistered':
      return {
        ...state,
        exists: true,
        userId: event.data.userId,
        role: event.data.role,
        permissions: event.data.permissions,
        passwordHash: event.data.passwordHash,
      };
    case 'PasswordChanged':
      return { ...state, passwordHash: event.data.passwordHash };
    case 'EmailConfirmed':
      return { ...state, isEmailConfirmed: true };
    case 'MemberSuspended':
      return { ...state, status: 'suspended' };
    case 'MemberReactivated':
      return { ...state, status: 'active' };
    case 'AdminTotpEnabled':
      return { ...state, isTotpEnabled: true };
    case 'StaffPermissionsChanged':
      return { ...state, permissions: event.data.permissions };
    case 'AdminTotpDisabled':
      return { ...state, isTotpEnabled: false };
    case 'QrCodeUploaded':
      return { ...state, pendingQrUploadId: event.data.uploadId };
    case 'QrCodeProcessed': {
      // Only the latest upload is shown (as the member_profiles projection does).
      const isLatest = state.pendingQrUploadId === event.data.uploadId;
      return {
        ...state,
        pendingQrUploadId: isLatest ? null : state.pendingQrUploadId,
        finishedQrUploadIds: [...state.finishedQrUploadIds, event.data.uploadId],
        qrFile: isLatest ? event.data.file : state.qrFile,
      };
    }
    case 'QrCodeFileImported':
      return state.qrFile === event.data.legacyFile ? { ...state, qrFile: event.data.file } : state;
    case 'QrCodeRejected':
      return {
        ...state,
        pendingQrUploadId: state.pendingQrUploadId === event.data.uploadId ? null : state.pendingQrUploadId,
        finishedQrUploadIds: [...state.finishedQrUploadIds, event.data.uploadId],
      };
    case 'IdPhotoUploaded':
      return { ...state, pendingIdPhotoUploadId: event.data.uploadId };
    case 'IdPhotoProcessed':
      // Only the latest upload is shown (as the member_profiles projection does).
      return state.pendingIdPhotoUploadId === event.data.uploadId
        ? { ...state, pendingIdPhotoUploadId: null, idPhotoFile: event.data.file, idPhotoUploadId: event.data.uploadId }
        : state;
    case 'IdPhotoRejected':
      return state.pendingIdPhotoUploadId === event.data.uploadId ? { ...state, pendingIdPhotoUploadId: null } : state;
    case 'IdPhotoRemoved':
      return { ...state, pendingIdPhotoUploadId: null, idPhotoFile: null, idPhotoUploadId: null };
    case 'PersonalDataErased':
      return {
        ...state,
        status: 'erased',
        passwordHash: null,
        isTotpEnabled: false,
        pendingQrUploadId: null,
        qrFile: null,
        pendingIdPhotoUploadId: null,
        idPhotoFile: null,
        idPhotoUploadId: null,
        erasedAt: event.data.erasedAt,
      };
    case 'PasswordResetRequested':
    case 'ProfileUpdated':
    case 'StaffInvited':
    case 'StaffInvitationAccepted':
    case 'StaffInvitationWithdrawn':
    case 'UserIdReminderRequested':
    case 'EmailConfirmationRequested':
      return state;
    default: {
      // An event type this version does not know (written by a newer one): it changes nothing here.
      const _unknown: never = event;
      return state;
    }
  }
}

/** The same words as the profile's "not found" (already translated in the web dictionaries). */
export const ACCOUNT_NOT_FOUND = 'This member was not found.';

/** Whether the account exists and may still act (not suspended, not erased). */
export function isActiveUser(state: UserState): boolean {
  return state.exists && state.status === 'active';
}
