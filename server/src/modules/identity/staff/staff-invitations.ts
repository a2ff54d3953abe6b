import crypto from 'node:crypto';
import type { Queryable } from '#server/db/db';
import { AppError } from '#server/errors/app-error';
import { foldStreamOf, handleCommand } from '#server/event-store/command-handler';
import type { StreamEvents } from '#server/event-store/command-handler';
import { hashPassword } from '#server/lib/passwords';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import type { Services } from '#server/services';
import { getRegistrationSettings } from '#server/modules/site/site.api';
import { requiresTwoFactor } from '../access.ts';
import { emailHash, generateUserId, isEmailTaken, isEmailUniqueViolation } from '../accounts/accounts.ts';
import { PERMISSIONS, staffInvitationStreamId, userStreamId, type IdentityEvent, type InviteeDetails, type PersonalDetails, type Permission, type StaffInvitationWithdrawn, type StaffInvited } from '../identity.events.ts';
import { EMAIL_TAKEN } from '../user.decider.ts';
import { decideAcceptInvitation, decideInviteStaff, decideWithdrawInvitation, INVITATION_INVALID, INVITATION_USED, type InviterStanding, refusalOf, staffInvitationStream } from './staff-invitation.decider.ts';

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
  const { state, versions } = await foldStreamOf(services.eventStore, tx, staffInvitationStream, invitationId);
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
    stream: staffInvitationStream,
    id: input.invitationId,
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
