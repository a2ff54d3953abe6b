import { describe, expect, it } from 'vitest';
import type { Sealed } from '#server/event-store/sealing/personal-data';
import type { Recorded } from '#server/event-store/types';
import { deciderSpec, fold, refusalOf } from '#server/testing/deciders/decider-spec';
import type { IdentityEvent } from '../identity.events.ts';
import { RESET_CODE_TTL_MINUTES } from './password-reset.ts';
import { decideRequestPasswordReset, decideResetPassword, evolveUser, noUser, RESET_CODE_EXPIRED, RESET_INVALID_PAIR, type ResetState } from '../user.decider.ts';

const userId = 'SH4400001';
const at = '2026-03-01T09:00:00.000Z';
const now = new Date('2026-03-04T07:05:00.000Z');
const resetId = '0195a1b2-0000-7000-8000-000000000001';
const personal: Sealed = { $sealed: 1, subject: `user-${userId}`, iv: 'iv', tag: 'tag', ct: 'ct' };

const registered: IdentityEvent = {
  type: 'AccountRegistered',
  data: { userId, role: 'member', permissions: [], sponsorId: null, epin: null, emailHash: 'email-hash', passwordHash: 'hash-old', personal, joinedAt: at },
};
const suspended: IdentityEvent = { type: 'MemberSuspended', data: { userId, reason: 'Spam', suspendedAt: at } };
const erased: IdentityEvent = { type: 'PersonalDataErased', data: { subjectId: `user-${userId}`, erasedAt: at } };

describe('decideRequestPasswordReset', () => {
  const given = deciderSpec({ decide: decideRequestPasswordReset, evolve: evolveUser, initialState: noUser });
  const requested = {
    type: 'PasswordResetRequested',
    data: { userId, resetId, requestedAt: now.toISOString(), expiresAt: '2026-03-04T07:15:00.000Z' },
  } as const;

  it(`records the request with its expiry ${RESET_CODE_TTL_MINUTES} minutes later, and no code`, () => {
    given([registered]).when({ userId, resetId, now }).then([requested]);
  });

  it('records a newer request after an older one (the newer replaces it)', () => {
    given([registered, { type: 'PasswordResetRequested', data: { userId, resetId: 'older', requestedAt: at, expiresAt: at } }])
      .when({ userId, resetId, now })
      .then([requested]);
  });

  it('refuses an account that does not exist with the one message of PRODUCT.md', () => {
    given([]).when({ userId, resetId, now }).thenRefuses('BAD_REQUEST', RESET_INVALID_PAIR);
  });

  it('refuses a suspended account with the same message', () => {
    given([registered, suspended]).when({ userId, resetId, now }).thenRefuses('BAD_REQUEST', RESET_INVALID_PAIR);
  });

  it('refuses an erased account with the same message', () => {
    given([registered, erased]).when({ userId, resetId, now }).thenRefuses('BAD_REQUEST', RESET_INVALID_PAIR);
  });
});

describe('decideResetPassword', () => {
  /** The user part is folded from the stream; the code's row is given as it was read. */
  const withCode = (code: ResetState['code']) =>
    deciderSpec({
      decide: decideResetPassword,
      evolve: (state: ResetState, event: Recorded<IdentityEvent>) => ({ ...state, user: evolveUser(state.user, event) }),
      initialState: { user: noUser, code },
    });
  const liveCode = { resetId, isUsed: false };
  const command = { userId, resetId, passwordHash: 'hash-new', now };
  const changed = [{ type: 'PasswordChanged', data: { userId, passwordHash: 'hash-new', changedAt: now.toISOString(), reason: 'reset' } }] as const;

  it('records the new password, with reason "reset", for the live code of an active account', () => {
    withCode(liveCode)([registered]).when(command).then([...changed]);
  });

  it('does not need the old password to still be in force', () => {
    withCode(liveCode)([registered, { type: 'PasswordChanged', data: { userId, passwordHash: 'hash-2', changedAt: at, reason: 'change' } }])
      .when(command)
      .then([...changed]);
  });

  it('refuses a code a racing request has just used', () => {
    withCode({ resetId, isUsed: true })([registered]).when(command).thenRefuses('BAD_REQUEST', RESET_CODE_EXPIRED);
  });

  it('refuses a code a newer request replaced', () => {
    withCode({ resetId: 'newer-request', isUsed: false })([registered]).when(command).thenRefuses('BAD_REQUEST', RESET_CODE_EXPIRED);
  });

  it('refuses when there is no code at all', () => {
    withCode(null)([registered]).when(command).thenRefuses('BAD_REQUEST', RESET_CODE_EXPIRED);
  });

  it('refuses for a suspended account, even with a live code', () => {
    withCode(liveCode)([registered, suspended]).when(command).thenRefuses('BAD_REQUEST', RESET_CODE_EXPIRED);
  });

  it('refuses for an erased account, even with a live code', () => {
    withCode(liveCode)([registered, erased]).when(command).thenRefuses('BAD_REQUEST', RESET_CODE_EXPIRED);
  });

  it('refuses for an account that does not exist', () => {
    withCode(liveCode)([]).when(command).thenRefuses('BAD_REQUEST', RESET_CODE_EXPIRED);
  });

  it('puts the message beside the code field too', () => {
    const state: ResetState = { user: fold({ evolve: evolveUser, initialState: noUser }, [registered]), code: null };
    expect(refusalOf(() => decideResetPassword(command, state))).toMatchObject({ code: 'BAD_REQUEST', userMessage: RESET_CODE_EXPIRED, fieldErrors: { code: [RESET_CODE_EXPIRED] } });
  });
});
