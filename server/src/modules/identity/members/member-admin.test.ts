import { describe, it } from 'vitest';
import type { Sealed } from '#server/event-store/sealing/personal-data';
import { deciderSpec } from '#server/testing/deciders/decider-spec';
import { PERMISSIONS, type IdentityEvent, type Permission, type StaffPermissionsChanged } from '../identity.events.ts';
import { ALREADY_SUSPENDED, CANNOT_REDUCE_OWN_RIGHTS, CANNOT_SUSPEND_SELF, decideChangeStatus, decidePermissionsChange, evolveUser, MEMBER_NOT_FOUND, NOT_SUSPENDED, noUser, PERMISSIONS_ONLY_STAFF, PERMISSIONS_ONLY_SUPER_ADMIN, PERMISSIONS_UNCHANGED, STATUS_CHANGE_NOT_ALLOWED } from '../user.decider.ts';

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

describe('decidePermissionsChange', () => {
  const given = deciderSpec({ decide: decidePermissionsChange, evolve: evolveUser, initialState: noUser });
  const staffId = 'SH4500021';
  const superId = 'SH4500022';
  const staff = (permissions: Permission[], id = staffId): IdentityEvent => ({
    type: 'AccountRegistered',
    data: { userId: id, role: 'admin', permissions, sponsorId: null, epin: null, emailHash: `hash-${id}`, passwordHash: 'hash', personal, joinedAt: at },
  });
  const superAdmin = { userId: superId, permissions: [...PERMISSIONS] };
  const change = (permissions: Permission[], by: { userId: string; permissions: Permission[] } = superAdmin, userId = staffId) => ({ userId, permissions, reason: 'Joined the finance team', by, now });
  const changed = (permissions: Permission[], previous: Permission[], changedBy = superId, userId = staffId): StaffPermissionsChanged => ({
    type: 'StaffPermissionsChanged',
    data: { userId, permissions, previous, reason: 'Joined the finance team', changedBy, changedAt: now.toISOString() },
  });

  it('grants and revokes: the account holds exactly the set given (in the usual order), with who and why', () => {
    given([staff(['content'])]).when(change(['verification', 'finance'])).then([changed(['finance', 'verification'], ['content'])]);
    given([staff(['content', 'finance'])]).when(change([])).then([changed([], ['content', 'finance'])]);
    // The fold takes the change: the next one starts from it.
    given([staff(['content']), changed(['finance'], ['content'])]).when(change(['finance'])).thenRefuses('CONFLICT', PERMISSIONS_UNCHANGED);
  });

  it('lets only an admin holding every permission change them', () => {
    const membersAdmin = { userId: 'SH4500023', permissions: ['members' as const] };
    given([staff(['content'])]).when(change(['finance'], membersAdmin)).thenRefuses('FORBIDDEN', PERMISSIONS_ONLY_SUPER_ADMIN);
    const almost = { userId: 'SH4500024', permissions: PERMISSIONS.filter((permission) => permission !== 'settings') };
    given([staff(['content'])]).when(change(['finance'], almost)).thenRefuses('FORBIDDEN', PERMISSIONS_ONLY_SUPER_ADMIN);
  });

  it('refuses to reduce one’s own rights, but lets a super-admin keep them', () => {
    given([staff([...PERMISSIONS], superId)]).when(change(['finance'], superAdmin, superId)).thenRefuses('FORBIDDEN', CANNOT_REDUCE_OWN_RIGHTS);
    given([staff([...PERMISSIONS], superId)]).when(change([...PERMISSIONS], superAdmin, superId)).thenRefuses('CONFLICT', PERMISSIONS_UNCHANGED);
  });

  it('refuses a member’s account, an unknown one and an erased one', () => {
    given([registered]).when(change(['finance'], superAdmin, userId)).thenRefuses('CONFLICT', PERMISSIONS_ONLY_STAFF);
    given([]).when(change(['finance'])).thenRefuses('NOT_FOUND', MEMBER_NOT_FOUND);
    given([staff(['content']), { type: 'PersonalDataErased', data: { subjectId: `user-${staffId}`, erasedAt: at } }]).when(change(['finance'])).thenRefuses('NOT_FOUND', MEMBER_NOT_FOUND);
  });
});
