import { describe, expect, it } from 'vitest';
import type { Sealed } from '#server/event-store/sealing/personal-data';
import { deepFreeze, refusalOf } from '#server/testing/deciders/decider-spec';
import { decideRegisterAccount, EMAIL_TAKEN, type RegisterAccountCommand } from '../user.decider.ts';

const userId = 'SH4800001';
const now = new Date('2026-03-08T11:20:00.000Z');
const personal: Sealed = { $sealed: 1, subject: `user-${userId}`, iv: 'iv', tag: 'tag', ct: 'ct' };

const member: RegisterAccountCommand = deepFreeze({
  userId,
  role: 'member',
  permissions: [],
  sponsorId: 'SH4800000',
  epin: 'ABCDEFGH23',
  emailHash: 'email-hash',
  passwordHash: '$argon2id$hash',
  personal,
  now,
  isCreatedByOperator: false,
});
const operatorAdmin: RegisterAccountCommand = deepFreeze({ ...member, role: 'admin', permissions: ['members', 'settings'], sponsorId: null, epin: null, isCreatedByOperator: true });

/** The state is one fact read from the users read model, so each case states it and decides. */
describe('decideRegisterAccount', () => {
  it('given a free e-mail, when a member registers, then the account is opened unconfirmed, with what was given', () => {
    expect(decideRegisterAccount(member, { isEmailTaken: false })).toEqual([
      {
        type: 'AccountRegistered',
        data: {
          userId,
          role: 'member',
          permissions: [],
          sponsorId: 'SH4800000',
          epin: 'ABCDEFGH23',
          emailHash: 'email-hash',
          passwordHash: '$argon2id$hash',
          personal,
          joinedAt: now.toISOString(),
        },
      },
    ]);
  });

  it('given a free e-mail, when an operator creates an admin, then the account is opened with its address confirmed at once', () => {
    expect(decideRegisterAccount(operatorAdmin, { isEmailTaken: false })).toEqual([
      {
        type: 'AccountRegistered',
        data: {
          userId,
          role: 'admin',
          permissions: ['members', 'settings'],
          sponsorId: null,
          epin: null,
          emailHash: 'email-hash',
          passwordHash: '$argon2id$hash',
          personal,
          joinedAt: now.toISOString(),
        },
      },
      { type: 'EmailConfirmed', data: { userId, confirmedAt: now.toISOString() } },
    ]);
  });

  it('given a taken e-mail, when a member registers, then it is refused, with the message beside the e-mail field', () => {
    const refusal = refusalOf(() => decideRegisterAccount(member, { isEmailTaken: true }));
    expect(refusal).toMatchObject({ code: 'CONFLICT', userMessage: EMAIL_TAKEN, fieldErrors: { email: [EMAIL_TAKEN] } });
  });

  it('given a taken e-mail, when an operator creates an admin, then it is refused too', () => {
    expect(refusalOf(() => decideRegisterAccount(operatorAdmin, { isEmailTaken: true }))).toMatchObject({ code: 'CONFLICT', userMessage: EMAIL_TAKEN });
  });
});
