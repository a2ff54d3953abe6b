import crypto from 'node:crypto';
import type { Queryable } from '#server/db/db';
import { AppError } from '#server/errors/app-error';
import { foldStream, handleCommand } from '#server/event-store/command-handler';
import type { Sealed } from '#server/event-store/sealing/personal-data';
import type { Recorded } from '#server/event-store/types';
import type { StreamEvents } from '#server/event-store/command-handler';
import { hashPassword } from '#server/lib/passwords';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import type { Services } from '#server/services';
import { getRegistrationSettings } from '#server/modules/site/site.api';
import { requiresTwoFactor } from '../access.ts';
import { decideRegisterAccount, EMAIL_TAKEN, emailHash, generateUserId, isEmailTaken, isEmailUniqueViolation } from '../accounts/accounts.ts';
import {
  PERMISSIONS,
  staffInvitationStreamId,
  userStreamId,
  type AccountRegistered,
  type EmailConfirmed,
  type IdentityEvent,
  type InviteeDetails,
  type PersonalDetails,
  type Permission,
  type StaffInvitationAccepted,
  type StaffInvitationWithdrawn,
  type StaffInvited,
} from '../identity.events.ts';

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

function sign(services: Pick<Services, 'vault'>, invitationId: string): string {
  return crypto.createHmac('sha256', services.vault.deriveKey('staff-invitation')).update(invitationId).digest('base64url');
}

/** The link's token for an invitation: `<invitationId>.<signature>`. */
export function invitationToken(services: Pick<Services, 'vault'>, invitationId: string): string {
  return `${invitationId}.${sign(services, invitationId)}`;
}

/** The invitation a token names, or null when it was not made by this server (forged or mistyped). */
export function readInvitationToken(services: Pick<Services, 'vault'>, token: string): string | null {
  const [invitationId, signature] = token.split('.');
  if (!invitationId || !signature) return null;
  const expected = sign(services, invitationId);
  return signature.length === expected.length && crypto.timingSafeEqual(Buffer.from(signature), Buffer.from(expected)) ? invitationId : null;
}

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
function refusalOf(state: InvitationState, now: Date, inviter: InviterStanding): AppError | null {
  if (!state.exists) return new AppError('NOT_FOUND', { userMessage: INVITATION_INVALID });
  if (state.acceptedBy) return new AppError('CONFLICT', { userMessage: INVITATION_USED });
  if (state.withdrawnAt) return new AppError('BAD_REQUEST', { userMessage: INVITATION_WITHDRAWN });
  if (now.getTime() >= Date.parse(state.expiresAt!)) return new AppError('BAD_REQUEST', { userMessage: INVITATION_EXPIRED });
  // Granting permissions is a super-admin's: an invitation does not outlive its sender's right to grant them.
  if (!inviter.isSuperAdmin) return new AppError('FORBIDDEN', { userMessage: INVITATION_INVITER_NOT_SUPER_ADMIN });
  return null;
}

/**
 * Whether the inviter still holds every permission, active. Locks their row (FOR SHARE) for the
 * caller's transaction: a change of their permissions or status, which updates that row, waits for
 * an acceptance in progress, or the acceptance waits for it and reads the change.
 */
async function inviterStanding(tx: Queryable, invitedBy: string | null): Promise<InviterStanding> {
  if (!invitedBy) return { isSuperAdmin: false };
  const { rows } = await tx.query<{ is_super_admin: boolean }>(
    `SELECT role = 'admin' AND status = 'active' AND permissions @> $2::text[] AS is_super_admin FROM users WHERE user_id = $1 FOR SHARE`,
    [invitedBy, PERMISSIONS],
  );
  return { isSuperAdmin: rows[0]?.is_super_admin ?? false };
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

export async function inviteStaff(
  services: Services,
  input: { email: string; name: string; permissions: readonly Permission[] },
  by: { userId: string; permissions: readonly Permission[] },
  meta: RequestMeta,
): Promise<{ invitationId: string; expiresAt: string }> {
  const invitationId = crypto.randomBytes(16).toString('base64url');
  const streamId = staffInvitationStreamId(invitationId);
  const hashOfEmail = emailHash(services, input.email);
  const now = services.now();
  const { events } = await handleCommand(services, {
    async read(tx) {
      return { state: { isEmailTaken: await isEmailTaken(tx, hashOfEmail) }, versions: { [streamId]: null } };
    },
    decide: async (state, { seal }) => {
      const invitee: InviteeDetails = { fullName: input.name, email: input.email };
      return [{ streamId, events: decideInviteStaff({ invitationId, emailHash: hashOfEmail, invitee: await seal(streamId, invitee), permissions: input.permissions, by, now }, state) }];
    },
    metadata: eventMetadata(meta),
  });
  const invited = events[0]!.data as StaffInvited['data'];
  return { invitationId, expiresAt: invited.expiresAt };
}

async function readInvitation(services: Services, tx: Queryable, token: string) {
  const invitationId = readInvitationToken(services, token);
  if (!invitationId) throw new AppError('NOT_FOUND', { userMessage: INVITATION_INVALID });
  const streamId = staffInvitationStreamId(invitationId);
  const { state, versions } = await foldStream(services.eventStore, tx, streamId, evolveInvitation, noInvitation);
  return { invitationId, streamId, state, versions };
}

/** What the invitation page shows: whose it is and what it grants; refused when used, expired or not genuine. */
export async function lookUpInvitation(services: Services, token: string): Promise<{ fullName: string; permissions: Permission[]; expiresAt: string }> {
  const { state } = await readInvitation(services, services.db, token);
  const refusal = refusalOf(state, services.now(), await inviterStanding(services.db, state.invitedBy));
  if (refusal) throw refusal;
  const invitee = await services.vault.reveal<InviteeDetails>(services.db, state.invitee);
  return { fullName: invitee?.fullName ?? '', permissions: state.permissions, expiresAt: state.expiresAt! };
}

/**
 * The invited person sets a password: the staff account is opened and the invitation used, in one
 * append. Two tabs (or two people with the link) at once: one account, the other is told it is used.
 */
export async function acceptStaffInvitation(
  services: Services,
  input: { token: string; password: string; phone: string },
  meta: RequestMeta,
): Promise<{ userId: string; fullName: string; twoFactorSetupRequired: boolean }> {
  const passwordHash = await hashPassword(input.password);
  const settings = await getRegistrationSettings(services.db);
  const now = services.now();
  try {
    const { state } = await handleCommand(services, {
      async read(tx) {
        const invitation = await readInvitation(services, tx, input.token);
        // A new ID on every attempt: one that exists already makes the no_stream append conflict.
        const userId = generateUserId(settings.userIdPrefix);
        const invitee = await services.vault.reveal<InviteeDetails>(tx, invitation.state.invitee);
        const emailTaken = invitation.state.emailHash ? await isEmailTaken(tx, invitation.state.emailHash) : false;
        const inviter = await inviterStanding(tx, invitation.state.invitedBy);
        return {
          state: { ...invitation, userId, invitee, isEmailTaken: emailTaken, inviter },
          versions: { ...invitation.versions, [userStreamId(userId)]: null },
        };
      },
      decide: async (state, { seal }): Promise<StreamEvents<IdentityEvent>[]> => {
        const accountStream = userStreamId(state.userId);
        const personal: PersonalDetails = { fullName: state.invitee?.fullName ?? '', email: state.invitee?.email ?? '', phone: input.phone, address: '-', city: '-', state: '-' };
        const { account, invitation } = decideAcceptInvitation(
          { invitationId: state.invitationId, userId: state.userId, passwordHash, personal: await seal(accountStream, personal), now },
          { invitation: state.state, isEmailTaken: state.isEmailTaken, inviter: state.inviter },
        );
        return [
          { streamId: accountStream, events: account },
          { streamId: state.streamId, events: invitation },
        ];
      },
      // The account acts for itself from its first event, as a registration does.
      metadata: (state) => eventMetadata({ ...meta, actor: state.userId }),
      conflictMessage: INVITATION_USED,
    });
    const user = { role: 'admin' as const, permissions: state.state.permissions };
    return { userId: state.userId, fullName: state.invitee?.fullName ?? '', twoFactorSetupRequired: requiresTwoFactor(user) };
  } catch (error) {
    if (isEmailUniqueViolation(error)) throw new AppError('CONFLICT', { userMessage: EMAIL_TAKEN, cause: error });
    throw error;
  }
}

/** A super-admin withdraws an unused invitation: its link stops working at once. */
export async function withdrawStaffInvitation(
  services: Services,
  input: { invitationId: string },
  by: { userId: string; permissions: readonly Permission[] },
  meta: RequestMeta,
): Promise<{ invitationId: string; withdrawnAt: string }> {
  const now = services.now();
  const { state, events } = await handleCommand(services, {
    streamId: staffInvitationStreamId(input.invitationId),
    evolve: evolveInvitation,
    initialState: noInvitation,
    decide: (state) => decideWithdrawInvitation({ invitationId: input.invitationId, by, now }, state),
    metadata: eventMetadata(meta),
  });
  const withdrawn = events[0] as StaffInvitationWithdrawn | undefined;
  return { invitationId: input.invitationId, withdrawnAt: withdrawn?.data.withdrawnAt ?? state.withdrawnAt! };
}

export async function listStaffInvitations(db: Queryable) {
  const { rows } = await db.query<{
    invitation_id: string;
    full_name: string | null;
    email: string | null;
    permissions: Permission[];
    invited_by: string;
    invited_at: Date;
    expires_at: Date;
    accepted_at: Date | null;
    user_id: string | null;
    withdrawn_at: Date | null;
  }>(`SELECT invitation_id, full_name, email, permissions, invited_by, invited_at, expires_at, accepted_at, user_id, withdrawn_at
      FROM staff_invitations ORDER BY invited_at DESC, invitation_id LIMIT 200`);
  return {
    invitations: rows.map((row) => ({
      invitationId: row.invitation_id,
      fullName: row.full_name,
      email: row.email,
      permissions: row.permissions,
      invitedBy: row.invited_by,
      invitedAt: new Date(row.invited_at).toISOString(),
      expiresAt: new Date(row.expires_at).toISOString(),
      acceptedAt: row.accepted_at ? new Date(row.accepted_at).toISOString() : null,
      userId: row.user_id,
      withdrawnAt: row.withdrawn_at ? new Date(row.withdrawn_at).toISOString() : null,
    })),
  };
}
