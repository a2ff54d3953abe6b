import { AppError } from '#server/errors/app-error';
import { streamType } from '#server/event-store/command-handler';
import type { Sealed } from '#server/event-store/sealing/personal-data';
import type { Recorded } from '#server/event-store/types';
import {
  PERMISSIONS,
  staffInvitationStreamId,
  type AccountRegistered,
  type EmailConfirmed,
  type IdentityEvent,
  type Permission,
  type StaffInvitationAccepted,
  type StaffInvitationWithdrawn,
  type StaffInvited,
} from '../identity.events.ts';
import { decideRegisterAccount } from '../user.decider.ts';

// The staff invitation stream's one decider (docs/decisions/052): its state and evolve, and the
// decisions made on it — the invitation, its withdrawal, its acceptance (which opens the account on
// the user stream beside it, through the user decider's decideRegisterAccount). Each decide function
// has its given/when/then in a test (server/src/testing/deciders/decider-coverage.test.ts checks).

/**
 * Staff invitations (issue 15): a super-admin names a person, an address and the permissions; the
 * person gets a one-time link, valid 48 hours, that sets the password of a new staff account. The
 * link's secret is an HMAC of the invitation's ID under a key derived from the master key, so no
 * table or event holds it (as the e-mail confirmation links, docs/decisions/008).
 */
export const INVITATION_VALID_HOURS = 48;

export const INVITE_ONLY_SUPER_ADMIN = 'Only an admin holding every permission can invite staff.';

export const INVITE_EMAIL_TAKEN = 'An account with this e-mail already exists: grant it permissions on its member page instead.';

export const INVITATION_INVALID = 'This invitation link is not valid.';

export const INVITATION_USED = 'This invitation has already been used. Log in with the user ID it gave you.';

export const INVITATION_EXPIRED = 'This invitation has expired. Ask the foundation’s administrator for a new one.';

export const INVITATION_WITHDRAWN = 'This invitation was withdrawn. Ask the foundation’s administrator for a new one.';

export const INVITATION_INVITER_NOT_SUPER_ADMIN = 'The administrator who sent this invitation no longer holds every permission, so it no longer works. Ask the foundation’s administrator for a new one.';

export const WITHDRAW_ONLY_SUPER_ADMIN = 'Only an admin holding every permission can withdraw a staff invitation.';

export const WITHDRAW_INVITATION_NOT_FOUND = 'This invitation was not found.';

export const WITHDRAW_INVITATION_USED = 'This invitation has already been used, so it cannot be withdrawn. Change the staff account’s permissions on its member page instead.';

export interface InvitationState {
  exists: boolean;
  emailHash: string | null;
  invitee: Sealed | null;
  permissions: Permission[];
  expiresAt: string | null;
  acceptedBy: string | null;
  invitedBy: string | null;
  withdrawnAt: string | null;
}

export const noInvitation: InvitationState = { exists: false, emailHash: null, invitee: null, permissions: [], expiresAt: null, acceptedBy: null, invitedBy: null, withdrawnAt: null };

export function evolveInvitation(state: InvitationState, event: Recorded<IdentityEvent>): InvitationState {
  switch (event.type) {
    case 'StaffInvited':
      return {
        exists: true,
        emailHash: event.data.emailHash,
        invitee: event.data.invitee,
        permissions: event.data.permissions,
        expiresAt: event.data.expiresAt,
        acceptedBy: null,
        invitedBy: event.data.invitedBy,
        withdrawnAt: null,
      };
    case 'StaffInvitationAccepted':
      return { ...state, acceptedBy: event.data.userId };
    case 'StaffInvitationWithdrawn':
      return { ...state, withdrawnAt: event.data.withdrawnAt };
    default:
      return state;
  }
}

/** Pure: a super-admin invites someone whose address has no account yet. */
export function decideInviteStaff(
  command: { invitationId: string; emailHash: string; invitee: Sealed; permissions: readonly Permission[]; by: { userId: string; permissions: readonly Permission[] }; now: Date },
  state: { isEmailTaken: boolean },
): [StaffInvited] {
  if (!PERMISSIONS.every((permission) => command.by.permissions.includes(permission))) throw new AppError('FORBIDDEN', { userMessage: INVITE_ONLY_SUPER_ADMIN });
  if (state.isEmailTaken) throw new AppError('CONFLICT', { userMessage: INVITE_EMAIL_TAKEN, fieldErrors: { email: [INVITE_EMAIL_TAKEN] } });
  return [
    {
      type: 'StaffInvited',
      data: {
        invitationId: command.invitationId,
        emailHash: command.emailHash,
        invitee: command.invitee,
        // In the product's order, whatever order they were ticked in.
        permissions: PERMISSIONS.filter((permission) => command.permissions.includes(permission)),
        invitedBy: command.by.userId,
        invitedAt: command.now.toISOString(),
        expiresAt: new Date(command.now.getTime() + INVITATION_VALID_HOURS * 3600_000).toISOString(),
      },
    },
  ];
}

/** The inviter as the users read model has them now: an invitation works only while they hold every permission. */
export interface InviterStanding {
  isSuperAdmin: boolean;
}

/** Why an invitation cannot be used now, or null when it can. */
export function refusalOf(state: InvitationState, now: Date, inviter: InviterStanding): AppError | null {
  if (!state.exists) return new AppError('NOT_FOUND', { userMessage: INVITATION_INVALID });
  if (state.acceptedBy) return new AppError('CONFLICT', { userMessage: INVITATION_USED });
  if (state.withdrawnAt) return new AppError('BAD_REQUEST', { userMessage: INVITATION_WITHDRAWN });
  if (now.getTime() >= Date.parse(state.expiresAt!)) return new AppError('BAD_REQUEST', { userMessage: INVITATION_EXPIRED });
  // Granting permissions is a super-admin's: an invitation does not outlive its sender's right to grant them.
  if (!inviter.isSuperAdmin) return new AppError('FORBIDDEN', { userMessage: INVITATION_INVITER_NOT_SUPER_ADMIN });
  return null;
}

/**
 * Pure: a super-admin withdraws an invitation not yet used (expired ones too). Withdrawing one
 * already withdrawn records nothing more, so two clicks (or two super-admins) make one event.
 */
export function decideWithdrawInvitation(
  command: { invitationId: string; by: { userId: string; permissions: readonly Permission[] }; now: Date },
  state: InvitationState,
): StaffInvitationWithdrawn[] {
  if (!PERMISSIONS.every((permission) => command.by.permissions.includes(permission))) throw new AppError('FORBIDDEN', { userMessage: WITHDRAW_ONLY_SUPER_ADMIN });
  if (!state.exists) throw new AppError('NOT_FOUND', { userMessage: WITHDRAW_INVITATION_NOT_FOUND });
  if (state.acceptedBy) throw new AppError('CONFLICT', { userMessage: WITHDRAW_INVITATION_USED });
  if (state.withdrawnAt) return [];
  return [{ type: 'StaffInvitationWithdrawn', data: { invitationId: command.invitationId, withdrawnBy: command.by.userId, withdrawnAt: command.now.toISOString() } }];
}

/**
 * Pure: the invitation opens the staff account once, before it expires. The address was proven by
 * the link, so the account starts confirmed; its permissions are the invitation's.
 */
export function decideAcceptInvitation(
  command: { invitationId: string; userId: string; passwordHash: string; personal: Sealed; now: Date },
  state: { invitation: InvitationState; isEmailTaken: boolean; inviter: InviterStanding },
): { account: (AccountRegistered | EmailConfirmed)[]; invitation: [StaffInvitationAccepted] } {
  const refusal = refusalOf(state.invitation, command.now, state.inviter);
  if (refusal) throw refusal;
  const account = decideRegisterAccount(
    {
      userId: command.userId,
      role: 'admin',
      permissions: state.invitation.permissions,
      sponsorId: null,
      epin: null,
      emailHash: state.invitation.emailHash!,
      passwordHash: command.passwordHash,
      personal: command.personal,
      now: command.now,
      isCreatedByOperator: true,
    },
    { isEmailTaken: state.isEmailTaken },
  );
  return { account, invitation: [{ type: 'StaffInvitationAccepted', data: { invitationId: command.invitationId, userId: command.userId, acceptedAt: command.now.toISOString() } }] };
}

/** The staff invitation stream's type: `staff_invitation-<invitationId>`. */
export const staffInvitationStream = streamType<InvitationState, IdentityEvent>({ prefix: staffInvitationStreamId(''), evolve: evolveInvitation, initialState: noInvitation });
