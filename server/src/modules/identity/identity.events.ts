import type { PersonalDataErased, Sealed } from '#server/event-store/sealing/personal-data';

export type { PersonalDataErased };
import type { EventSchema } from '#server/event-store/upcasters';
import type { Permission, Role } from './permissions.schema.ts';

/** Personal fields of an account; stored in events only sealed under the person's data key. */
export interface PersonalDetails {
  fullName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  /** The postal PIN code; absent in accounts registered before it was asked (issue 16). */
  pinCode?: string;
}

export type { Role };

export { PERMISSIONS, type Permission } from './permissions.schema.ts';

export type AccountRegistered = {
  type: 'AccountRegistered';
  data: {
    userId: string;
    role: Role;
    permissions: Permission[];
    /** null: the foundation is the sponsor. */
    sponsorId: string | null;
    /** The invite code consumed, if any. */
    epin: string | null;
    /** Keyed hash of the e-mail, for lookups and uniqueness without the address itself. */
    emailHash: string;
    passwordHash: string;
    personal: Sealed;
    joinedAt: string;
  };
};

/**
 * Schema version 2 (docs/decisions/008): `reason` says whether the member changed the password
 * knowing the old one, or reset it with an e-mailed code. Version 1 had no reason and is read as
 * 'change' (the upcaster below); a fixture of it stays in the tests.
 */
export type PasswordChanged = {
  type: 'PasswordChanged';
  data: { userId: string; passwordHash: string; changedAt: string; reason: 'change' | 'reset' };
};

/**
 * Someone who knew the account's user ID and phone asked for a reset code. The code is never in
 * the event: the mail job derives it from `resetId` with a key only the server holds.
 */
export type PasswordResetRequested = {
  type: 'PasswordResetRequested';
  data: { userId: string; resetId: string; requestedAt: string; expiresAt: string };
};

/** The fields of the profile form (PRODUCT.md §4); sealed in events, since they identify a person. */
export interface ProfileDetails {
  phone: string;
  address: string;
  city: string;
  state: string;
  /** Absent in events saved before the PIN code was asked: read as the registration's, or null. */
  pinCode?: string | null;
  upiId: string | null;
  bankName: string | null;
  accountHolder: string | null;
  accountNumber: string | null;
  ifsc: string | null;
  /**
   * The member's name in the other script from the one entered at registration (Devanagari for a
   * Latin name, Latin for a Devanagari one), for the I-card. Absent in events saved before it
   * existed: read as null.
   */
  otherScriptName?: string | null;
}

/** The member saved the profile. `details` is the whole form after the save; `changedFields` names what changed. */
export type ProfileUpdated = {
  type: 'ProfileUpdated';
  data: { userId: string; details: Sealed; changedFields: (keyof ProfileDetails)[]; updatedAt: string };
};

/** An image for the UPI QR was received and waits, under a random name, for the job that re-encodes it. */
export type QrCodeUploaded = {
  type: 'QrCodeUploaded';
  data: { userId: string; uploadId: string; mediaType: 'image/jpeg' | 'image/png' | 'image/webp'; bytes: number; uploadedAt: string };
};

/**
 * The job re-encoded the upload (metadata stripped, at most 1024 px) into `file`; the profile shows it
 * from now on. `file` is the image's ID in the file store; before the file store it was a file name
 * under $SAHAY_DATA_DIR/files/qr-codes (`<uploadId>.webp`), moved since by QrCodeFileImported.
 */
export type QrCodeProcessed = {
  type: 'QrCodeProcessed';
  data: { userId: string; uploadId: string; file: string; width: number; height: number; processedAt: string };
};

/** A QR image saved on disk before the file store was moved into it (once, at start): the profile shows `file` now. */
export type QrCodeFileImported = {
  type: 'QrCodeFileImported';
  data: { userId: string; uploadId: string; legacyFile: string; file: string; importedAt: string };
};

/** The upload could not be used: not a decodable image, or more pixels than the limit. */
export type QrCodeRejected = {
  type: 'QrCodeRejected';
  data: { userId: string; uploadId: string; reason: 'unreadable' | 'too-many-pixels'; rejectedAt: string };
};

/**
 * A photo for the member's I-card was received (issue 16) and waits, under a random ID, for the job
 * that crops and re-encodes it, as a QR upload does. Only the shape of the file is recorded; the
 * bytes are in the file store, sealed under the member's key.
 */
export type IdPhotoUploaded = {
  type: 'IdPhotoUploaded';
  data: { userId: string; uploadId: string; mediaType: 'image/jpeg' | 'image/png' | 'image/webp'; bytes: number; uploadedAt: string };
};

/** The job made the card's photo of the upload (metadata stripped, cropped to a passport-like portrait, WebP): `file` in the file store. */
export type IdPhotoProcessed = {
  type: 'IdPhotoProcessed';
  data: { userId: string; uploadId: string; file: string; width: number; height: number; processedAt: string };
};

/** The upload could not be used: not a decodable image, or more pixels than the limit. */
export type IdPhotoRejected = {
  type: 'IdPhotoRejected';
  data: { userId: string; uploadId: string; reason: 'unreadable' | 'too-many-pixels'; rejectedAt: string };
};

/**
 * The member removed the I-card photo: the card is drawn without one. `uploadId` is the upload of
 * the photo shown until now (null when only an upload still waiting was dropped).
 */
export type IdPhotoRemoved = {
  type: 'IdPhotoRemoved';
  data: { userId: string; uploadId: string | null; removedAt: string };
};


/**
 * Someone asked "Forgot user ID?" with the e-mail address or the mobile number of this account: a
 * job sends the user ID there. No address or number is in the event; the channel says which.
 */
export type UserIdReminderRequested = {
  type: 'UserIdReminderRequested';
  data: { userId: string; channel: 'email' | 'sms'; requestedAt: string };
};

/** A member asked for the confirmation e-mail again. */
export type EmailConfirmationRequested = {
  type: 'EmailConfirmationRequested';
  data: { userId: string; requestedAt: string };
};

export type EmailConfirmed = {
  type: 'EmailConfirmed';
  data: { userId: string; confirmedAt: string };
};

/** An admin with the members permission suspended the account: it cannot sign in, and shows as non-active. */
export type MemberSuspended = {
  type: 'MemberSuspended';
  data: { userId: string; reason: string; suspendedAt: string };
};

export type MemberReactivated = {
  type: 'MemberReactivated';
  data: { userId: string; reason: string; reactivatedAt: string };
};

/**
 * The admin turned on sign-in with an authenticator code, proving it with a first code. The secret
 * itself is not in the event (no history or replay may show it): it is kept sealed in admin_totp,
 * written in the same transaction (docs/decisions/013).
 */
export type AdminTotpEnabled = {
  type: 'AdminTotpEnabled';
  data: { userId: string; enabledAt: string };
};

/** Turned off: by the admin with a current code, or reset by another admin (a lost phone) with a reason. */
export type AdminTotpDisabled = {
  type: 'AdminTotpDisabled';
  data: { userId: string; by: 'self' | 'admin'; reason: string | null; disabledAt: string };
};

/**
 * A super-admin granted or revoked a staff account's permissions (issue 15): the full set it now
 * holds, who changed it and why. It takes effect on the account's next request.
 */
export type StaffPermissionsChanged = {
  type: 'StaffPermissionsChanged';
  data: { userId: string; permissions: Permission[]; previous: Permission[]; reason: string; changedBy: string; changedAt: string };
};

/** The name and address a staff invitation is for; sealed under the invitation's own key. */
export interface InviteeDetails {
  fullName: string;
  email: string;
}

/**
 * A super-admin invited a staff member by e-mail (issue 15): a one-time link, valid until
 * `expiresAt`, sets the password of a new staff account holding `permissions`. The link's secret is
 * never recorded: the mail job derives it from `invitationId` with a key only the server holds.
 */
export type StaffInvited = {
  type: 'StaffInvited';
  data: { invitationId: string; emailHash: string; invitee: Sealed; permissions: Permission[]; invitedBy: string; invitedAt: string; expiresAt: string };
};

/** The invitation was used: it opened the account `userId` (whose AccountRegistered is in the same append). */
export type StaffInvitationAccepted = {
  type: 'StaffInvitationAccepted';
  data: { invitationId: string; userId: string; acceptedAt: string };
};

/**
 * A super-admin withdrew an invitation nobody had used yet (issue 29): its link no longer opens an
 * account. No personal data: the invitee's details stay sealed in StaffInvited.
 */
export type StaffInvitationWithdrawn = {
  type: 'StaffInvitationWithdrawn';
  data: { invitationId: string; withdrawnBy: string; withdrawnAt: string };
};

export type IdentityEvent =
  | AccountRegistered
  | PasswordChanged
  | PasswordResetRequested
  | ProfileUpdated
  | QrCodeUploaded
  | QrCodeProcessed
  | QrCodeFileImported
  | QrCodeRejected
  | IdPhotoUploaded
  | IdPhotoProcessed
  | IdPhotoRejected
  | IdPhotoRemoved
  | PersonalDataErased
  | EmailConfirmationRequested
  | EmailConfirmed
  | MemberSuspended
  | MemberReactivated
  | AdminTotpEnabled
  | AdminTotpDisabled
  | StaffPermissionsChanged
  | StaffInvited
  | StaffInvitationAccepted
  | StaffInvitationWithdrawn
  | UserIdReminderRequested;

export function userStreamId(userId: string): string {
  return `user-${userId}`;
}

export function staffInvitationStreamId(invitationId: string): string {
  return `staff_invitation-${invitationId}`;
}

/** Schema versions and upcasters of the identity events that have changed shape (rule 8). */
export const identityEventSchemas: readonly EventSchema[] = [
  {
    type: 'PasswordChanged',
    currentVersion: 2,
    upcasters: { 1: (data) => ({ reason: 'change', ...(data as object) }) },
  },
];
