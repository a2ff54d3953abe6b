import { describe, it } from 'vitest';
import type { Sealed } from '#server/event-store/sealing/personal-data';
import { deciderSpec } from '#server/testing/deciders/decider-spec';
import { PERMISSIONS, type IdentityEvent, type Permission } from '../identity.events.ts';
import { EMAIL_TAKEN } from '../user.decider.ts';
import {
  decideAcceptInvitation,
  decideInviteStaff,
  decideWithdrawInvitation,
  evolveInvitation,
  INVITATION_EXPIRED,
  INVITATION_INVALID,
  INVITATION_INVITER_NOT_SUPER_ADMIN,
  INVITATION_USED,
  INVITATION_VALID_HOURS,
  INVITATION_WITHDRAWN,
  INVITE_EMAIL_TAKEN,
  INVITE_ONLY_SUPER_ADMIN,
  noInvitation,
  WITHDRAW_INVITATION_NOT_FOUND,
  WITHDRAW_INVITATION_USED,
  WITHDRAW_ONLY_SUPER_ADMIN,
  type InvitationState,
} from './staff-invitation.decider.ts';

const invitationId = '0195a1b2-0000-7000-8000-0000000000f1';
const now = new Date('2026-04-01T09:00:00.000Z');
const at = now.toISOString();
const invitee: Sealed = { $sealed: 1, subject: `staff_invitation-${invitationId}`, iv: 'iv', tag: 'tag', ct: 'invitee' };
const personal: Sealed = { $sealed: 1, subject: 'user-SH4300001', iv: 'iv', tag: 'tag', ct: 'personal' };
const superAdmin = { userId: 'SH4300009', permissions: [...PERMISSIONS] };
const expiresAt = new Date(now.getTime() + INVITATION_VALID_HOURS * 3600_000).toISOString();
const invited: IdentityEvent = {
  type: 'StaffInvited',
  data: { invitationId, emailHash: 'email-hash', invitee, permissions: ['members', 'settings'], invitedBy: superAdmin.userId, invitedAt: at, expiresAt },
};
const accepted: IdentityEvent = { type: 'StaffInvitationAccepted', data: { invitationId, userId: 'SH4300001', acceptedAt: at } };
const withdrawn: IdentityEvent = { type: 'StaffInvitationWithdrawn', data: { invitationId, withdrawnBy: superAdmin.userId, withdrawnAt: at } };

describe('the staff invitation stream’s decisions, given/when/then', () => {
  it('invites for an address with no account, in the product’s order, only by a super-admin', () => {
    // Whether the address has an account is read from the users read model: the command carries it.
    type Command = Parameters<typeof decideInviteStaff>[0] & { isEmailTaken: boolean };
    const invite = deciderSpec({
      decide: ({ isEmailTaken, ...command }: Command, _state: InvitationState) => decideInviteStaff(command, { isEmailTaken }),
      evolve: evolveInvitation,
      initialState: noInvitation,
    });
    const command = { invitationId, emailHash: 'email-hash', invitee, permissions: ['settings', 'members'] as Permission[], by: superAdmin, now, isEmailTaken: false };
    invite([]).when(command).then([invited]);
    invite([]).when({ ...command, by: { userId: 'SH4300008', permissions: ['members'] } }).thenRefuses('FORBIDDEN', INVITE_ONLY_SUPER_ADMIN);
    invite([]).when({ ...command, isEmailTaken: true }).thenRefuses('CONFLICT', INVITE_EMAIL_TAKEN);
  });

  it('withdraws an unused invitation once, only by a super-admin', () => {
    const withdraw = deciderSpec({ decide: decideWithdrawInvitation, evolve: evolveInvitation, initialState: noInvitation });
    const command = { invitationId, by: superAdmin, now };
    withdraw([invited]).when(command).then([withdrawn]);
    withdraw([invited, withdrawn]).when(command).thenNothing();
    withdraw([]).when(command).thenRefuses('NOT_FOUND', WITHDRAW_INVITATION_NOT_FOUND);
    withdraw([invited, accepted]).when(command).thenRefuses('CONFLICT', WITHDRAW_INVITATION_USED);
    withdraw([invited]).when({ ...command, by: { userId: 'SH4300008', permissions: ['members'] } }).thenRefuses('FORBIDDEN', WITHDRAW_ONLY_SUPER_ADMIN);
  });

  it('opens the staff account once, confirmed, with the invitation’s permissions, while it is valid and its sender a super-admin', () => {
    type Command = Parameters<typeof decideAcceptInvitation>[0] & { isEmailTaken?: boolean; isSuperAdmin?: boolean };
    const accept = deciderSpec({
      decide: ({ isEmailTaken = false, isSuperAdmin = true, ...command }: Command, invitation: InvitationState) =>
        decideAcceptInvitation(command, { invitation, isEmailTaken, inviter: { isSuperAdmin } }),
      evolve: evolveInvitation,
      initialState: noInvitation,
    });
    const command = { invitationId, userId: 'SH4300001', passwordHash: 'hash', personal, now };
    accept([invited])
      .when(command)
      .then({
        account: [
          {
            type: 'AccountRegistered',
            data: { userId: 'SH4300001', role: 'admin', permissions: ['members', 'settings'], sponsorId: null, epin: null, emailHash: 'email-hash', passwordHash: 'hash', personal, joinedAt: at },
          },
          { type: 'EmailConfirmed', data: { userId: 'SH4300001', confirmedAt: at } },
        ],
        invitation: [{ type: 'StaffInvitationAccepted', data: { invitationId, userId: 'SH4300001', acceptedAt: at } }],
      });
    accept([]).when(command).thenRefuses('NOT_FOUND', INVITATION_INVALID);
    accept([invited, accepted]).when(command).thenRefuses('CONFLICT', INVITATION_USED);
    accept([invited, withdrawn]).when(command).thenRefuses('BAD_REQUEST', INVITATION_WITHDRAWN);
    accept([invited]).when({ ...command, now: new Date(expiresAt) }).thenRefuses('BAD_REQUEST', INVITATION_EXPIRED);
    accept([invited]).when({ ...command, isSuperAdmin: false }).thenRefuses('FORBIDDEN', INVITATION_INVITER_NOT_SUPER_ADMIN);
    accept([invited]).when({ ...command, isEmailTaken: true }).thenRefuses('CONFLICT', EMAIL_TAKEN);
  });
});
