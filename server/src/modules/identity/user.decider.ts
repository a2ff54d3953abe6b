import { AppError } from '#server/errors/app-error';
import { streamType, type StreamEvents } from '#server/event-store/command-handler';
import type { PersonalDataErased, Sealed } from '#server/event-store/sealing/personal-data';
import type { DomainEvent, Recorded } from '#server/event-store/types';
import { CODE_EXPIRED, oneTimeCodeExpiry } from '#server/lib/one-time-code';
import { matchTotp } from '#server/lib/totp';
import type { ErasureFound, ErasureKept } from '#server/modules/module';
import type { ImageMediaType } from '#server/uploads/upload-types';
import type { z } from 'zod';
import {
  PERMISSIONS,
  userStreamId,
  type AccountRegistered,
  type AdminTotpDisabled,
  type AdminTotpEnabled,
  type EmailConfirmationRequested,
  type EmailConfirmed,
  type IdentityEvent,
  type IdPhotoProcessed,
  type IdPhotoRejected,
  type IdPhotoRemoved,
  type IdPhotoUploaded,
  type MemberReactivated,
  type MemberSuspended,
  type PasswordChanged,
  type PasswordResetRequested,
  type Permission,
  type ProfileDetails,
  type ProfileUpdated,
  type QrCodeFileImported,
  type QrCodeProcessed,
  type QrCodeRejected,
  type QrCodeUploaded,
  type Role,
  type StaffPermissionsChanged,
  type UserIdReminderRequested,
} from './identity.events.ts';
import { scriptOfName, type ZUpdateProfileRequestSchema } from './profile/profile.schema.ts';

// The user stream's one decider (docs/decisions/052): its state and evolve, and every decision made
// on a member's stream (`user-<id>`) — the account opened, the e-mail confirmed, the password changed
// or reset, the user-ID reminder, the profile, the QR code and I-card photo, the status and
// permissions, two-factor sign-in, and the erasure (with every module's part and the erasure's own
// record, written beside it). Each decide function is pure (command + state → events, or an
// AppError); its given/when/then is in a test (server/src/testing/deciders/decider-coverage.test.ts checks).
// A staff invitation is a stream of its own: staff/staff-invitation.decider.ts.

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

const resetCodeExpiry = oneTimeCodeExpiry;

export const EMAIL_TAKEN = 'An account with this e-mail already exists';

/** An account's first event: the registration (by a member, or an operator creating an admin). */
export interface RegisterAccountCommand {
  userId: string;
  role: Role;
  permissions: Permission[];
  sponsorId: string | null;
  epin: string | null;
  emailHash: string;
  passwordHash: string;
  personal: Sealed;
  now: Date;
  /** An operator created it for a known address (the admin:create tool): no link to wait for. */
  isCreatedByOperator: boolean;
}

/**
 * Pure: the events that open an account on its new stream. An e-mail already in use is refused here,
 * and — for two registrations racing with one address — by the unique index on the read model.
 */
export function decideRegisterAccount(command: RegisterAccountCommand, state: { isEmailTaken: boolean }): (AccountRegistered | EmailConfirmed)[] {
  if (state.isEmailTaken) throw new AppError('CONFLICT', { userMessage: EMAIL_TAKEN, fieldErrors: { email: [EMAIL_TAKEN] } });
  const { now, isCreatedByOperator, ...data } = command;
  const joinedAt = now.toISOString();
  const registered: AccountRegistered = { type: 'AccountRegistered', data: { ...data, joinedAt } };
  if (!isCreatedByOperator) return [registered];
  return [registered, { type: 'EmailConfirmed', data: { userId: command.userId, confirmedAt: joinedAt } }];
}

export const CONFIRMATION_INVALID = 'This confirmation link is invalid or has expired. Log in and ask for a new one.';

export const EMAIL_ALREADY_CONFIRMED = 'Your e-mail address is already confirmed.';

/** Pure: confirming records EmailConfirmed once; confirming again finds it done and records nothing. */
export function decideConfirmEmail(command: { userId: string; now: Date }, state: UserState): EmailConfirmed[] {
  if (!state.exists || state.status === 'erased') throw new AppError('BAD_REQUEST', { userMessage: CONFIRMATION_INVALID });
  if (state.isEmailConfirmed) return [];
  return [{ type: 'EmailConfirmed', data: { userId: command.userId, confirmedAt: command.now.toISOString() } }];
}

/** Pure: another confirmation e-mail, unless the address is already confirmed. */
export function decideRequestConfirmationEmail(command: { userId: string; now: Date }, state: UserState): EmailConfirmationRequested[] {
  if (!isActiveUser(state)) throw new AppError('NOT_FOUND', { userMessage: ACCOUNT_NOT_FOUND });
  if (state.isEmailConfirmed) throw new AppError('CONFLICT', { userMessage: EMAIL_ALREADY_CONFIRMED });
  return [{ type: 'EmailConfirmationRequested', data: { userId: command.userId, requestedAt: command.now.toISOString() } }];
}

export const MEMBER_NOT_FOUND = 'Member not found';

export const ALREADY_SUSPENDED = 'This member is already suspended.';

export const NOT_SUSPENDED = 'This member is not suspended.';

export const STATUS_CHANGE_NOT_ALLOWED = 'Only an admin holding every permission this account holds can suspend or reactivate it.';

export const CANNOT_SUSPEND_SELF = 'You cannot suspend your own account.';

/** Who asks: their own account and the permissions they hold. */
export interface StatusChanger {
  userId: string;
  permissions: readonly Permission[];
}

/**
 * Pure: suspend an active account, or reactivate a suspended one; the other way round is refused.
 * As with resetting two-factor and erasing, only an admin holding every permission the account holds
 * may do it (a `members` admin cannot lock out the super-admin), and nobody suspends themselves.
 */
export function decideChangeStatus(
  command: { userId: string; to: 'suspended' | 'active'; reason: string; by: StatusChanger; now: Date },
  state: UserState,
): (MemberSuspended | MemberReactivated)[] {
  if (!state.exists || state.status === 'erased') throw new AppError('NOT_FOUND', { userMessage: MEMBER_NOT_FOUND });
  if (command.to === 'suspended' && command.by.userId === command.userId) throw new AppError('FORBIDDEN', { userMessage: CANNOT_SUSPEND_SELF });
  if (!state.permissions.every((permission) => command.by.permissions.includes(permission))) {
    throw new AppError('FORBIDDEN', { userMessage: STATUS_CHANGE_NOT_ALLOWED });
  }
  const at = command.now.toISOString();
  if (command.to === 'suspended') {
    if (state.status !== 'active') throw new AppError('CONFLICT', { userMessage: ALREADY_SUSPENDED });
    return [{ type: 'MemberSuspended', data: { userId: command.userId, reason: command.reason, suspendedAt: at } }];
  }
  if (state.status !== 'suspended') throw new AppError('CONFLICT', { userMessage: NOT_SUSPENDED });
  return [{ type: 'MemberReactivated', data: { userId: command.userId, reason: command.reason, reactivatedAt: at } }];
}

export const PERMISSIONS_ONLY_SUPER_ADMIN = 'Only an admin holding every permission can grant or revoke permissions.';

export const PERMISSIONS_ONLY_STAFF = 'Only a staff account’s permissions can be changed.';

export const PERMISSIONS_UNCHANGED = 'This account already holds exactly these permissions.';

export const CANNOT_REDUCE_OWN_RIGHTS = 'You cannot take away your own permissions; another admin holding every permission can.';

/**
 * Pure: the staff account's permissions become exactly `permissions` (issue 15). Only an admin holding
 * every permission (a super-admin) grants or revokes, with a reason; nobody reduces their own rights;
 * a member's account has none to change. Whether a super-admin remains is checked after the append.
 */
export function decidePermissionsChange(
  command: { userId: string; permissions: readonly Permission[]; reason: string; by: StatusChanger; now: Date },
  state: UserState,
): StaffPermissionsChanged[] {
  if (!state.exists || state.status === 'erased') throw new AppError('NOT_FOUND', { userMessage: MEMBER_NOT_FOUND });
  if (!PERMISSIONS.every((permission) => command.by.permissions.includes(permission))) throw new AppError('FORBIDDEN', { userMessage: PERMISSIONS_ONLY_SUPER_ADMIN });
  if (state.role !== 'admin') throw new AppError('CONFLICT', { userMessage: PERMISSIONS_ONLY_STAFF });
  const next = PERMISSIONS.filter((permission) => command.permissions.includes(permission));
  if (command.by.userId === command.userId && state.permissions.some((permission) => !next.includes(permission))) {
    throw new AppError('FORBIDDEN', { userMessage: CANNOT_REDUCE_OWN_RIGHTS });
  }
  const previous = PERMISSIONS.filter((permission) => state.permissions.includes(permission));
  if (previous.length === next.length && previous.every((permission, index) => permission === next[index])) {
    throw new AppError('CONFLICT', { userMessage: PERMISSIONS_UNCHANGED });
  }
  return [
    {
      type: 'StaffPermissionsChanged',
      data: { userId: command.userId, permissions: next, previous, reason: command.reason, changedBy: command.by.userId, changedAt: command.now.toISOString() },
    },
  ];
}

export const PASSWORD_CHANGED_MEANWHILE = 'Your password was changed meanwhile. Sign in again with the new password.';

/**
 * Pure: the change is recorded only while the hash the current password was checked against is still
 * the one in force. A second identical request that lost the race finds the password already
 * changed, and is told so instead of changing it again.
 */
export function decideChangePassword(
  command: { userId: string; verifiedHash: string; passwordHash: string; now: Date },
  state: UserState,
): PasswordChanged[] {
  if (!isActiveUser(state)) throw new AppError('NOT_FOUND', { userMessage: ACCOUNT_NOT_FOUND });
  if (state.passwordHash !== command.verifiedHash) throw new AppError('CONFLICT', { userMessage: PASSWORD_CHANGED_MEANWHILE });
  return [{ type: 'PasswordChanged', data: { userId: command.userId, passwordHash: command.passwordHash, changedAt: command.now.toISOString(), reason: 'change' } }];
}

/** PRODUCT.md §4, word for word; the same for an unknown user ID, a wrong phone and a closed account. */
export const RESET_INVALID_PAIR = 'Invalid User ID or Phone. Please try again.';

export const RESET_CODE_EXPIRED = CODE_EXPIRED;

/** Pure: a reset request for an active account; the code itself is derived, never recorded. */
export function decideRequestPasswordReset(command: { userId: string; resetId: string; now: Date }, state: UserState): [PasswordResetRequested] {
  if (!isActiveUser(state)) throw new AppError('BAD_REQUEST', { message: 'password reset: account not active', userMessage: RESET_INVALID_PAIR });
  return [
    {
      type: 'PasswordResetRequested',
      data: {
        userId: command.userId,
        resetId: command.resetId,
        requestedAt: command.now.toISOString(),
        expiresAt: resetCodeExpiry(command.now).toISOString(),
      },
    },
  ];
}

/** What a reset decides on: the account, and the live reset code's row (null when there is none). */
export interface ResetState {
  user: UserState;
  code: { resetId: string; isUsed: boolean } | null;
}

/**
 * Pure: the new password, once, for the code's request. A code that a newer request replaced, or
 * that a racing request with the same code has just used, is told to ask again.
 */
export function decideResetPassword(command: { userId: string; resetId: string; passwordHash: string; now: Date }, state: ResetState): PasswordChanged[] {
  if (!isActiveUser(state.user) || !state.code || state.code.resetId !== command.resetId || state.code.isUsed) {
    throw new AppError('BAD_REQUEST', { userMessage: RESET_CODE_EXPIRED, fieldErrors: { code: [RESET_CODE_EXPIRED] } });
  }
  return [{ type: 'PasswordChanged', data: { userId: command.userId, passwordHash: command.passwordHash, changedAt: command.now.toISOString(), reason: 'reset' } }];
}

/** Pure: a reminder for each active account the contact names, by the channel it came in by. */
export function decideUserIdReminders(
  command: { channel: 'email' | 'sms'; now: Date },
  accounts: ReadonlyArray<{ userId: string; state: UserState }>,
): Array<{ streamId: string; events: UserIdReminderRequested[] }> {
  return accounts
    .filter((account) => isActiveUser(account.state))
    .map((account) => ({
      streamId: userStreamId(account.userId),
      events: [{ type: 'UserIdReminderRequested', data: { userId: account.userId, channel: command.channel, requestedAt: command.now.toISOString() } }],
    }));
}

/** Why the image job could not use an upload. */
export type ImageRejection = 'unreadable' | 'too-many-pixels';

export type ImageOutcome = { file: string; width: number; height: number } | { rejected: ImageRejection };

/** Pure: an active member's photo waits for the image job (a newer upload replaces a pending one). */
export function decideUploadIdPhoto(
  command: { userId: string; uploadId: string; mediaType: ImageMediaType; bytes: number; now: Date },
  state: UserState,
): IdPhotoUploaded[] {
  if (!isActiveUser(state)) throw new AppError('NOT_FOUND', { userMessage: ACCOUNT_NOT_FOUND });
  return [
    {
      type: 'IdPhotoUploaded',
      data: { userId: command.userId, uploadId: command.uploadId, mediaType: command.mediaType, bytes: command.bytes, uploadedAt: command.now.toISOString() },
    },
  ];
}

/**
 * Pure: the image job's result, recorded once, and only for the upload still waiting: a second
 * delivery of the job, or one for an upload a newer one (or a removal, or an erasure) overtook,
 * records nothing.
 */
export function decideIdPhotoResult(
  command: { userId: string; uploadId: string; outcome: ImageOutcome; now: Date },
  state: UserState,
): (IdPhotoProcessed | IdPhotoRejected)[] {
  if (state.pendingIdPhotoUploadId !== command.uploadId) return [];
  const at = command.now.toISOString();
  if ('rejected' in command.outcome) {
    return [{ type: 'IdPhotoRejected', data: { userId: command.userId, uploadId: command.uploadId, reason: command.outcome.rejected, rejectedAt: at } }];
  }
  return [{ type: 'IdPhotoProcessed', data: { userId: command.userId, uploadId: command.uploadId, ...command.outcome, processedAt: at } }];
}

/**
 * Pure: removing the photo takes away the one shown and drops an upload still waiting (its job then
 * finds nothing to do). With neither, it is already done: nothing is recorded, so a second click or
 * a retried request is harmless.
 */
export function decideRemoveIdPhoto(command: { userId: string; now: Date }, state: UserState): IdPhotoRemoved[] {
  if (!isActiveUser(state)) throw new AppError('NOT_FOUND', { userMessage: ACCOUNT_NOT_FOUND });
  if (!state.idPhotoFile && !state.pendingIdPhotoUploadId) return [];
  return [{ type: 'IdPhotoRemoved', data: { userId: command.userId, uploadId: state.idPhotoUploadId, removedAt: command.now.toISOString() } }];
}

/** Pure: an active member's upload waits for the image job (a newer upload replaces a pending one). */
export function decideUploadQrCode(
  command: { userId: string; uploadId: string; mediaType: ImageMediaType; bytes: number; now: Date },
  state: UserState,
): QrCodeUploaded[] {
  if (!isActiveUser(state)) throw new AppError('NOT_FOUND', { userMessage: ACCOUNT_NOT_FOUND });
  return [
    {
      type: 'QrCodeUploaded',
      data: { userId: command.userId, uploadId: command.uploadId, mediaType: command.mediaType, bytes: command.bytes, uploadedAt: command.now.toISOString() },
    },
  ];
}

/**
 * Pure: the image job's result, recorded once, and only for the upload still waiting: a second
 * delivery of the job, or one for an upload a newer one replaced, records nothing.
 */
export function decideQrCodeResult(
  command: { userId: string; uploadId: string; outcome: ImageOutcome; now: Date },
  state: UserState,
): (QrCodeProcessed | QrCodeRejected)[] {
  if (state.pendingQrUploadId !== command.uploadId) return [];
  const at = command.now.toISOString();
  if ('rejected' in command.outcome) {
    return [{ type: 'QrCodeRejected', data: { userId: command.userId, uploadId: command.uploadId, reason: command.outcome.rejected, rejectedAt: at } }];
  }
  return [{ type: 'QrCodeProcessed', data: { userId: command.userId, uploadId: command.uploadId, ...command.outcome, processedAt: at } }];
}

/** Pure: the legacy image the profile shows moves into the store once; an image it no longer shows stays behind. */
export function decideImportQrFile(
  command: { userId: string; uploadId: string; legacyFile: string; fileId: string; now: Date },
  state: UserState,
): QrCodeFileImported[] {
  if (state.status === 'erased' || state.qrFile !== command.legacyFile) return [];
  const { userId, uploadId, legacyFile, fileId, now } = command;
  return [{ type: 'QrCodeFileImported', data: { userId, uploadId, legacyFile, file: fileId, importedAt: now.toISOString() } }];
}

export const PROFILE_NOT_FOUND = ACCOUNT_NOT_FOUND;

export const OTHER_NAME_IN_DEVANAGARI = 'Your registered name is in Latin letters: write this one in Devanagari';

export const OTHER_NAME_IN_LATIN = 'Your registered name is in Devanagari: write this one in Latin letters';

const DETAIL_FIELDS = ['phone', 'address', 'city', 'state', 'pinCode', 'upiId', 'bankName', 'accountHolder', 'accountNumber', 'ifsc', 'otherScriptName'] as const satisfies readonly (keyof ProfileDetails)[];

/** Pure: the form after applying an update (absent = unchanged), and the names of the fields that changed. */
export function mergeProfile(
  current: ProfileDetails,
  update: z.output<typeof ZUpdateProfileRequestSchema>,
): { details: ProfileDetails; changedFields: (keyof ProfileDetails)[] } {
  const changes: Partial<Record<keyof ProfileDetails, string | null>> = {};
  for (const field of DETAIL_FIELDS) {
    const value = update[field];
    if (value !== undefined && value !== current[field]) changes[field] = value;
  }
  // Phone, address, city, state and PIN code are required by the schema when present: never null here.
  const details = { ...current, ...changes } as ProfileDetails;
  return { details, changedFields: DETAIL_FIELDS.filter((field) => field in changes) };
}

/** What a profile save decides on: the member's name and the form as it is now (null: not an active member). */
export type ProfileState = { fullName: string; details: ProfileDetails } | null;

/**
 * Pure: the whole form after the update, or nothing when nothing changed. The name in the other
 * script must be in the other script than the registered name. `seal` seals the form under the
 * member's key (the only impure step, injected).
 */
export async function decideUpdateProfile(
  command: { userId: string; update: z.output<typeof ZUpdateProfileRequestSchema>; now: Date },
  state: ProfileState,
  seal: (details: ProfileDetails) => Promise<Sealed>,
): Promise<ProfileUpdated[]> {
  if (!state) throw new AppError('NOT_FOUND', { userMessage: PROFILE_NOT_FOUND });
  const { otherScriptName } = command.update;
  if (otherScriptName && scriptOfName(otherScriptName) === scriptOfName(state.fullName)) {
    const message = scriptOfName(state.fullName) === 'latin' ? OTHER_NAME_IN_DEVANAGARI : OTHER_NAME_IN_LATIN;
    throw new AppError('BAD_REQUEST', { userMessage: message, fieldErrors: { otherScriptName: [message] } });
  }
  const { details, changedFields } = mergeProfile(state.details, command.update);
  if (changedFields.length === 0) return [];
  return [{ type: 'ProfileUpdated', data: { userId: command.userId, details: await seal(details), changedFields, updatedAt: command.now.toISOString() } }];
}

/**
 * The admins' second factor (PRODUCT.md §2: "an admin signs in with a password and a TOTP code once
 * it is set up"). An admin asks for a secret, adds it to an authenticator app (QR or typed), and
 * turns it on with a first code; from then on every sign-in of that account — the admin form, the
 * member form, REST — needs a current code, and each code works once. Turning it off needs a
 * current code; another admin holding at least the same permissions can reset it (a lost phone),
 * with a reason. docs/decisions/013.
 *
 * The secret is security state, not a fact: it lives only in `admin_totp` (sealed under the admin's
 * data key), written in the same transaction as the AdminTotpEnabled / AdminTotpDisabled events,
 * which record who turned it on or off and when — so no history or replay tool can show it.
 */
export const TOTP_ALREADY_ON = 'Two-factor sign-in is already on for this account.';

export const TOTP_NOT_ON = 'Two-factor sign-in is not on for this account.';

export const TOTP_NO_SETUP = 'Start the set-up again: no secret is waiting for a code.';

export const TOTP_CODE_WRONG = 'That code is not right. Enter the 6-digit code your authenticator app shows now.';

export const TOTP_OWN_RESET = 'Turn off your own two-factor sign-in on the Security page, with a code from your app.';

export const TOTP_RESET_NOT_ALLOWED = 'Only an admin holding every permission this account holds can reset its two-factor sign-in.';

/** A secret shown for set-up is good for this long. */
const SETUP_MINUTES = 15;

/** What turning two-factor on decides on: the account, and the secret waiting for its first code. */
export interface TotpSetupState {
  user: UserState;
  setup: { sealedSecret: Sealed; secret: Buffer | null; createdAt: Date } | null;
}

/** Pure: the first code from the app turns it on, once. */
export function decideEnableTotp(command: { userId: string; code: string; now: Date }, state: TotpSetupState): AdminTotpEnabled[] {
  if (!isActiveUser(state.user)) throw new AppError('NOT_FOUND', { userMessage: ACCOUNT_NOT_FOUND });
  if (state.user.isTotpEnabled) throw new AppError('CONFLICT', { userMessage: TOTP_ALREADY_ON });
  const { setup } = state;
  if (!setup || command.now.getTime() - setup.createdAt.getTime() > SETUP_MINUTES * 60_000) {
    throw new AppError('BAD_REQUEST', { userMessage: TOTP_NO_SETUP });
  }
  if (!setup.secret || matchTotp(setup.secret, command.code, command.now) === null) {
    throw new AppError('BAD_REQUEST', { userMessage: TOTP_CODE_WRONG, fieldErrors: { code: ['Enter the 6-digit code your app shows now'] } });
  }
  return [{ type: 'AdminTotpEnabled', data: { userId: command.userId, enabledAt: command.now.toISOString() } }];
}

/**
 * Pure: turning it off — by the admin (`by: 'self'`, the code already checked) or by another admin
 * holding every permission the account holds (`by: 'admin'`, with a reason). `resetBy` is null for
 * the server's own tool.
 */
export function decideDisableTotp(
  command: { userId: string; by: 'self' | 'admin'; reason: string | null; resetBy: { userId: string; permissions: readonly string[] } | null; now: Date },
  state: UserState,
): AdminTotpDisabled[] {
  if (command.by === 'admin' && command.resetBy?.userId === command.userId) throw new AppError('FORBIDDEN', { userMessage: TOTP_OWN_RESET });
  if (!state.isTotpEnabled) throw new AppError('CONFLICT', { userMessage: TOTP_NOT_ON });
  if (command.by === 'admin' && command.resetBy && !state.permissions.every((permission) => command.resetBy!.permissions.includes(permission))) {
    throw new AppError('FORBIDDEN', { userMessage: TOTP_RESET_NOT_ALLOWED });
  }
  return [{ type: 'AdminTotpDisabled', data: { userId: command.userId, by: command.by, reason: command.reason, disabledAt: command.now.toISOString() } }];
}

export const ERASE_OWN = 'You cannot erase your own account from the console.';

export const ERASE_NOT_ALLOWED = 'Only an admin holding every permission this account holds can erase it.';

/**
 * Pure: erasing a person records one PII-free PersonalDataErased on their stream. Erasing again
 * finds it done and records nothing. An admin erases only accounts that can do no more than they
 * can, and never their own; `by` is null for the server's own tool.
 */
export function decideErasePerson(
  command: { userId: string; reason: string; by: { userId: string; permissions: readonly Permission[] } | null; now: Date },
  state: UserState,
): PersonalDataErased[] {
  if (!state.exists) throw new AppError('NOT_FOUND', { userMessage: MEMBER_NOT_FOUND });
  if (state.status === 'erased') return [];
  if (command.by?.userId === command.userId) throw new AppError('FORBIDDEN', { userMessage: ERASE_OWN });
  if (command.by && !state.permissions.every((permission) => command.by!.permissions.includes(permission))) {
    throw new AppError('FORBIDDEN', { userMessage: ERASE_NOT_ALLOWED });
  }
  return [{ type: 'PersonalDataErased', data: { subjectId: userStreamId(command.userId), erasedAt: command.now.toISOString(), reason: command.reason } }];
}

/** The erasure's own record (issue 29), on stream `erasure-<erasureId>`: what went and what was kept, why and until when. PII-free. */
export type PersonErased = {
  type: 'PersonErased';
  data: {
    erasureId: string;
    /** The account erased; null for a donor who never had one (found by e-mail or phone, neither recorded). */
    userId: string | null;
    reason: string;
    erasedAt: string;
    /** Per kind of record, how many were erased (donations, help requests, …). */
    erased: Record<string, number>;
    /** What the law makes us keep, sealed under keys of their own, and the day each is shredded. */
    kept: ErasureKept[];
  };
};

export const ERASURE_STREAM_PREFIX = 'erasure-';

export interface ErasureState {
  user: UserState;
  found: ErasureFound[];
  /** An active admin holding every permission: erasing them must leave another. */
  isSuperAdmin: boolean;
}

/** The events of every module's part and the erasure's record: one recorded action. */
function decideEverywhere(
  found: readonly ErasureFound[],
  record: { erasureId: string; userId: string | null; reason: string; now: Date },
): StreamEvents<DomainEvent>[] {
  const erasedAt = record.now.toISOString();
  const batches: StreamEvents<DomainEvent>[] = [];
  const erased: Record<string, number> = {};
  for (const part of found) {
    for (const streamId of Object.keys(part.streams)) {
      const erasure: PersonalDataErased = { type: 'PersonalDataErased', data: { subjectId: streamId, erasedAt, reason: record.reason } };
      batches.push({ streamId, events: [...(part.before?.[streamId] ?? []), erasure] });
    }
    for (const [kind, count] of Object.entries(part.counts)) erased[kind] = (erased[kind] ?? 0) + count;
  }
  const personErased: PersonErased = {
    type: 'PersonErased',
    data: { erasureId: record.erasureId, userId: record.userId, reason: record.reason, erasedAt, erased, kept: found.flatMap((part) => part.kept) },
  };
  batches.push({ streamId: `${ERASURE_STREAM_PREFIX}${record.erasureId}`, events: [personErased] });
  return batches;
}

/** The member stream's type: `user-<userId>`, folded with evolveUser (the command handler takes it). */
export const userStream = streamType<UserState, IdentityEvent>({ prefix: userStreamId(''), evolve: evolveUser, initialState: noUser });

/** An active admin holding every permission: suspending, demoting or erasing one must leave another. */
export function isSuperAdmin(state: UserState): boolean {
  return state.role === 'admin' && state.status === 'active' && PERMISSIONS.every((permission) => state.permissions.includes(permission));
}

/**
 * Pure: erasing a person everywhere — PersonalDataErased on their account's stream and on every
 * stream each module found naming them, and the erasure's PII-free record. An account already
 * erased records nothing (and nothing elsewhere).
 */
export function decideErasure(
  command: { userId: string; erasureId: string; reason: string; by: { userId: string; permissions: readonly Permission[] } | null; now: Date },
  state: Pick<ErasureState, 'user' | 'found'>,
): StreamEvents<DomainEvent>[] {
  const own = decideErasePerson(command, state.user);
  if (own.length === 0) return [];
  return [{ streamId: userStreamId(command.userId), events: own }, ...decideEverywhere(state.found, { erasureId: command.erasureId, userId: command.userId, reason: command.reason, now: command.now })];
}

/**
 * Pure: erasing a donor who never had an account, known by a contact: every stream each module found
 * by it, and the erasure's record. Nothing found (or all of it erased already) records nothing.
 */
export function decideEraseContact(command: { erasureId: string; reason: string; now: Date }, state: { found: readonly ErasureFound[] }): StreamEvents<DomainEvent>[] {
  if (state.found.every((part) => Object.keys(part.streams).length === 0)) return [];
  return decideEverywhere(state.found, { erasureId: command.erasureId, userId: null, reason: command.reason, now: command.now });
}
