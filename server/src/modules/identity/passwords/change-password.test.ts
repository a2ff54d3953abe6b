import { describe, it } from 'vitest';
import type { Sealed } from '#server/event-store/sealing/personal-data';
import { deciderSpec } from '#server/testing/deciders/decider-spec';
import type { IdentityEvent } from '../identity.events.ts';
import { ACCOUNT_NOT_FOUND, decideChangePassword, evolveUser, noUser, PASSWORD_CHANGED_MEANWHILE } from '../user.decider.ts';

const userId = 'SH4300001';
const at = '2026-03-01T09:00:00.000Z';
const now = new Date('2026-03-03T18:30:00.000Z');
const personal: Sealed = { $sealed: 1, subject: `user-${userId}`, iv: 'iv', tag: 'tag', ct: 'ct' };

const registered: IdentityEvent = {
  type: 'AccountRegistered',
  data: { userId, role: 'member', permissions: [], sponsorId: null, epin: null, emailHash: 'email-hash', passwordHash: 'hash-old', personal, joinedAt: at },
};
const changedTo = (passwordHash: string, reason: 'change' | 'reset' = 'change'): IdentityEvent => ({
  type: 'PasswordChanged',
  data: { userId, passwordHash, changedAt: at, reason },
});

describe('decideChangePassword', () => {
  const given = deciderSpec({ decide: decideChangePassword, evolve: evolveUser, initialState: noUser });
  const command = { userId, verifiedHash: 'hash-old', passwordHash: 'hash-new', now };

  it('records the new hash when the current password was checked against the hash in force', () => {
    given([registered])
      .when(command)
      .then([{ type: 'PasswordChanged', data: { userId, passwordHash: 'hash-new', changedAt: now.toISOString(), reason: 'change' } }]);
  });

  it('checks against the latest change, not the registration', () => {
    given([registered, changedTo('hash-2', 'reset')])
      .when({ ...command, verifiedHash: 'hash-2' })
      .then([{ type: 'PasswordChanged', data: { userId, passwordHash: 'hash-new', changedAt: now.toISOString(), reason: 'change' } }]);
  });

  it('refuses when the password changed after it was checked (the same request twice: the second lost the race)', () => {
    given([registered, changedTo('hash-new')]).when(command).thenRefuses('CONFLICT', PASSWORD_CHANGED_MEANWHILE);
  });

  it('refuses when a reset code changed it meanwhile', () => {
    given([registered, changedTo('hash-by-reset', 'reset')]).when(command).thenRefuses('CONFLICT', PASSWORD_CHANGED_MEANWHILE);
  });

  it('refuses for an account that does not exist', () => {
    given([]).when(command).thenRefuses('NOT_FOUND', ACCOUNT_NOT_FOUND);
  });

  it('refuses for a suspended account', () => {
    given([registered, { type: 'MemberSuspended', data: { userId, reason: 'Spam', suspendedAt: at } }])
      .when(command)
      .thenRefuses('NOT_FOUND', ACCOUNT_NOT_FOUND);
  });

  it('refuses for an erased account', () => {
    given([registered, { type: 'PersonalDataErased', data: { subjectId: `user-${userId}`, erasedAt: at } }])
      .when(command)
      .thenRefuses('NOT_FOUND', ACCOUNT_NOT_FOUND);
  });
});
