import { describe, it } from 'vitest';
import type { Sealed } from '#server/event-store/sealing/personal-data';
import { deciderSpec } from '#server/testing/deciders/decider-spec';
import type { IdentityEvent } from '../identity.events.ts';
import { ACCOUNT_NOT_FOUND, CONFIRMATION_INVALID, decideConfirmEmail, decideRequestConfirmationEmail, EMAIL_ALREADY_CONFIRMED, evolveUser, noUser } from '../user.decider.ts';

const userId = 'SH4100001';
const joinedAt = '2026-03-01T09:00:00.000Z';
const now = new Date('2026-03-02T10:15:00.000Z');
const personal: Sealed = { $sealed: 1, subject: `user-${userId}`, iv: 'iv', tag: 'tag', ct: 'ct' };

const registered: IdentityEvent = {
  type: 'AccountRegistered',
  data: { userId, role: 'member', permissions: [], sponsorId: null, epin: null, emailHash: 'email-hash', passwordHash: '$argon2id$hash', personal, joinedAt },
};
const confirmed: IdentityEvent = { type: 'EmailConfirmed', data: { userId, confirmedAt: joinedAt } };
const suspended: IdentityEvent = { type: 'MemberSuspended', data: { userId, reason: 'Spam', suspendedAt: joinedAt } };
const erased: IdentityEvent = { type: 'PersonalDataErased', data: { subjectId: `user-${userId}`, erasedAt: joinedAt } };

describe('decideConfirmEmail', () => {
  const given = deciderSpec({ decide: decideConfirmEmail, evolve: evolveUser, initialState: noUser });

  it('records the confirmation of a registered account', () => {
    given([registered])
      .when({ userId, now })
      .then([{ type: 'EmailConfirmed', data: { userId, confirmedAt: now.toISOString() } }]);
  });

  it('records nothing when the address is already confirmed (a second click, a retried request)', () => {
    given([registered, confirmed]).when({ userId, now }).thenNothing();
  });

  it('still confirms the address of a suspended account (suspension is about signing in, not the address)', () => {
    given([registered, suspended])
      .when({ userId, now })
      .then([{ type: 'EmailConfirmed', data: { userId, confirmedAt: now.toISOString() } }]);
  });

  it('refuses a link for an account that does not exist', () => {
    given([]).when({ userId, now }).thenRefuses('BAD_REQUEST', CONFIRMATION_INVALID);
  });

  it('refuses a link for an erased account', () => {
    given([registered, erased]).when({ userId, now }).thenRefuses('BAD_REQUEST', CONFIRMATION_INVALID);
  });
});

describe('decideRequestConfirmationEmail', () => {
  const given = deciderSpec({ decide: decideRequestConfirmationEmail, evolve: evolveUser, initialState: noUser });
  const requested = [{ type: 'EmailConfirmationRequested', data: { userId, requestedAt: now.toISOString() } }] as const;

  it('asks for another confirmation e-mail for an unconfirmed account', () => {
    given([registered]).when({ userId, now }).then([...requested]);
  });

  it('asks again after an earlier request (how often is the rate limit’s business, not the decision’s)', () => {
    given([registered, { type: 'EmailConfirmationRequested', data: { userId, requestedAt: joinedAt } }])
      .when({ userId, now })
      .then([...requested]);
  });

  it('refuses when the address is already confirmed', () => {
    given([registered, confirmed]).when({ userId, now }).thenRefuses('CONFLICT', EMAIL_ALREADY_CONFIRMED);
  });

  it('refuses for an account that does not exist', () => {
    given([]).when({ userId, now }).thenRefuses('NOT_FOUND', ACCOUNT_NOT_FOUND);
  });

  it('refuses for a suspended account', () => {
    given([registered, suspended]).when({ userId, now }).thenRefuses('NOT_FOUND', ACCOUNT_NOT_FOUND);
  });

  it('refuses for an erased account', () => {
    given([registered, erased]).when({ userId, now }).thenRefuses('NOT_FOUND', ACCOUNT_NOT_FOUND);
  });
});
