import type { Sealed } from '#server/event-store/personal-data';

/** Personal fields of an account; stored in events only sealed under the person's data key. */
export interface PersonalDetails {
  fullName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
}

export type Role = 'member' | 'admin';

export const PERMISSIONS = ['content', 'finance', 'verification', 'members', 'settings'] as const;
export type Permission = (typeof PERMISSIONS)[number];

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

export type PasswordChanged = {
  type: 'PasswordChanged';
  /** reason: the member changed it (knowing the old one), or reset it with an e-mailed code. Absent in v1 events: 'change'. */
  data: { userId: string; passwordHash: string; changedAt: string; reason?: 'change' | 'reset' };
};

export type PersonalDataErased = {
  type: 'PersonalDataErased';
  data: { subjectId: string; erasedAt: string };
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

export type IdentityEvent =
  | AccountRegistered
  | PasswordChanged
  | PersonalDataErased
  | EmailConfirmationRequested
  | EmailConfirmed
  | MemberSuspended
  | MemberReactivated;

export function userStreamId(userId: string): string {
  return `user-${userId}`;
}
