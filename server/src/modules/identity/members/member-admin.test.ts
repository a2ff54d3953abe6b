import { describe, it } from 'vitest';
import type { Sealed } from '#server/event-store/personal-data';
import { deciderSpec } from '#server/testing/decider-spec';
import { PERMISSIONS, type IdentityEvent, type Permission } from '../identity.events.ts';
import { ALREADY_SUSPENDED, CANNOT_SUSPEND_SELF, decideChangeStatus, MEMBER_NOT_FOUND, NOT_SUSPENDED, STATUS_CHANGE_NOT_ALLOWED } from './member-admin.ts';
import { evolveUser, noUser } from '../user.decider.ts';

const userId = 'SH4500001';
const at = '2026-03-01T09:00:00.000Z';
const now = new Date('2026-03-05T12:00:00.000Z');
const personal: Sealed = { $sealed: 1, subject: `user-${userId}`, iv: 'iv', tag: 'tag', ct: 'ct' };

const registered: IdentityEvent = {
  type: 'AccountRegistered',
  data: { userId, role: 'member', permissions: [], sponsorId: null, epin: null, emailHash: 'email-hash', passwordHash: 'hash', personal, joinedAt: at },
};
const suspended: IdentityEvent = { type: 'MemberSuspended', data: { userId, reason: 'Spam', suspendedAt: at } };
const reactivated: IdentityEvent = { type: 'MemberReactivated', data: { userId, reason: 'Appeal upheld', reactivatedAt: at } };
const erased: IdentityEvent = { type: 'PersonalDataErased', data: { subjectId: `user-${userId}`, erasedAt: at } };

describe('decideChangeStatus', () => {
  const given = deciderSpec({ decide: decideChangeStatus, evolve: evolveUser, initialState: noUser });
  const membersAdmin = { userId: 'SH4500009', permissions: ['members' as const] };
  const suspend = { userId, to: 'suspended' as const, reason: 'Fake receipts', by: membersAdmin, now };
  const reactivate = { userId, to: 'active' as const, reason: 'Cleared', by: membersAdmin, now };
  const adminId = 'SH4500002';
  const registeredAdmin = (permissions: Permission[]): IdentityEvent => ({
    type: 'AccountRegistered',
    data: { userId: adminId, role: 'admin', permissions, sponsorId: null, epin: null, emailHash: 'admin-hash', passwordHash: 'hash', personal, joinedAt: at },
  });

  it('suspends an active member, with the reason', () => {
    given([registered])
      .when(suspend)
      .then([{ type: 'MemberSuspended', data: { userId, reason: 'Fake receipts', suspendedAt: now.toISOString() } }]);
  });

  it('reactivates a suspended member, with the reason', () => {
    given([registered, suspended])
      .when(reactivate)
      .then([{ type: 'MemberReactivated', data: { userId, reason: 'Cleared', reactivatedAt: now.toISOString() } }]);
  });

  it('suspends again after a reactivation', () => {
    given([registered, suspended, reactivated])
      .when(suspend)
      .then([{ type: 'MemberSuspended', data: { userId, reason: 'Fake receipts', suspendedAt: now.toISOString() } }]);
  });

  it('refuses to suspend a suspended member (the admin is told, nothing is recorded)', () => {
    given([registered, suspended]).when(suspend).thenRefuses('CONFLICT', ALREADY_SUSPENDED);
  });

  it('refuses to reactivate an active member', () => {
    given([registered]).when(reactivate).thenRefuses('CONFLICT', NOT_SUSPENDED);
  });

  it('refuses to reactivate twice', () => {
    given([registered, suspended, reactivated]).when(reactivate).thenRefuses('CONFLICT', NOT_SUSPENDED);
  });

  it('refuses either way for an account that does not exist', () => {
    given([]).when(suspend).thenRefuses('NOT_FOUND', MEMBER_NOT_FOUND);
    given([]).when(reactivate).thenRefuses('NOT_FOUND', MEMBER_NOT_FOUND);
  });

  it('lets only an admin holding every permission the account holds suspend or reactivate it', () => {
    const superAdmin = registeredAdmin([...PERMISSIONS]);
    const financeAdmin = registeredAdmin(['finance', 'members']);
    const onAdmin = { ...suspend, userId: adminId };
    // A `members` admin may not touch the super-admin, nor an admin holding finance too.
    given([superAdmin]).when(onAdmin).thenRefuses('FORBIDDEN', STATUS_CHANGE_NOT_ALLOWED);
    given([financeAdmin]).when(onAdmin).thenRefuses('FORBIDDEN', STATUS_CHANGE_NOT_ALLOWED);
    given([financeAdmin, { type: 'MemberSuspended', data: { userId: adminId, reason: 'x', suspendedAt: at } }])
      .when({ ...reactivate, userId: adminId })
      .thenRefuses('FORBIDDEN', STATUS_CHANGE_NOT_ALLOWED);
    // One holding finance and members may; so may a super-admin.
    const by = { userId: 'SH4500003', permissions: ['finance' as const, 'members' as const] };
    given([financeAdmin])
      .when({ ...onAdmin, by })
      .then([{ type: 'MemberSuspended', data: { userId: adminId, reason: 'Fake receipts', suspendedAt: now.toISOString() } }]);
    given([superAdmin])
      .when({ ...onAdmin, by: { userId: 'SH4500004', permissions: [...PERMISSIONS] } })
      .then([{ type: 'MemberSuspended', data: { userId: adminId, reason: 'Fake receipts', suspendedAt: now.toISOString() } }]);
  });

  it('refuses to let anyone suspend their own account', () => {
    given([registeredAdmin([...PERMISSIONS])])
      .when({ ...suspend, userId: adminId, by: { userId: adminId, permissions: [...PERMISSIONS] } })
      .thenRefuses('FORBIDDEN', CANNOT_SUSPEND_SELF);
  });

  it('refuses either way for an erased account, suspended or not', () => {
    given([registered, erased]).when(suspend).thenRefuses('NOT_FOUND', MEMBER_NOT_FOUND);
    given([registered, suspended, erased]).when(reactivate).thenRefuses('NOT_FOUND', MEMBER_NOT_FOUND);
  });
});
