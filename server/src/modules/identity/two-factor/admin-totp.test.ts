import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Sealed } from '#server/event-store/sealing/personal-data';
import type { Recorded } from '#server/event-store/types';
import { totp, TOTP_STEP_SECONDS } from '#server/lib/totp';
import { deciderSpec, fold, refusalOf } from '#server/testing/deciders/decider-spec';
import { PERMISSIONS, type IdentityEvent, type Permission } from '../identity.events.ts';
import { decideDisableTotp, decideEnableTotp, evolveUser, noUser, TOTP_ALREADY_ON, TOTP_CODE_WRONG, TOTP_NO_SETUP, TOTP_NOT_ON, TOTP_OWN_RESET, TOTP_RESET_NOT_ALLOWED, type TotpSetupState } from '../user.decider.ts';

const userId = 'SH4600001';
const otherAdmin = 'SH4600002';
const at = '2026-03-01T09:00:00.000Z';
const now = new Date('2026-03-06T08:00:10.000Z');
const minutesBefore = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
const personal: Sealed = { $sealed: 1, subject: `user-${userId}`, iv: 'iv', tag: 'tag', ct: 'ct' };
/** RFC 6238's test secret: the codes below are what an authenticator app shows for it. */
const secret = Buffer.from('12345678901234567890');
/** Another app's secret: its code is a wrong one for `secret`. */
const otherSecret = Buffer.from('09876543210987654321');
const sealedSecret: Sealed = { $sealed: 1, subject: `user-${userId}`, iv: 'iv', tag: 'tag', ct: 'secret' };

const registered = (permissions: Permission[] = ['members', 'settings']): IdentityEvent => ({
  type: 'AccountRegistered',
  data: { userId, role: 'admin', permissions, sponsorId: null, epin: null, emailHash: 'email-hash', passwordHash: 'hash', personal, joinedAt: at },
});
const enabled: IdentityEvent = { type: 'AdminTotpEnabled', data: { userId, enabledAt: at } };
const disabled: IdentityEvent = { type: 'AdminTotpDisabled', data: { userId, by: 'self', reason: null, disabledAt: at } };

describe('decideEnableTotp', () => {
  /** The account is folded from its stream; the set-up row is given as it was read. */
  const withSetup = (setup: TotpSetupState['setup']) =>
    deciderSpec({
      decide: decideEnableTotp,
      evolve: (state: TotpSetupState, event: Recorded<IdentityEvent>) => ({ ...state, user: evolveUser(state.user, event) }),
      initialState: { user: noUser, setup },
    });
  const freshSetup = { sealedSecret, secret, createdAt: minutesBefore(5) };
  const turnedOn = [{ type: 'AdminTotpEnabled', data: { userId, enabledAt: now.toISOString() } }] as const;

  it('turns it on with the code the app shows now', () => {
    withSetup(freshSetup)([registered()]).when({ userId, code: totp(secret, now), now }).then([...turnedOn]);
  });

  it('accepts the code of the step before (a code typed as it turns)', () => {
    const previous = new Date(now.getTime() - TOTP_STEP_SECONDS * 1000);
    withSetup(freshSetup)([registered()]).when({ userId, code: totp(secret, previous), now }).then([...turnedOn]);
  });

  it('turns it on again after it was turned off', () => {
    withSetup(freshSetup)([registered(), enabled, disabled]).when({ userId, code: totp(secret, now), now }).then([...turnedOn]);
  });

  it('accepts a set-up exactly 15 minutes old', () => {
    withSetup({ ...freshSetup, createdAt: minutesBefore(15) })([registered()]).when({ userId, code: totp(secret, now), now }).then([...turnedOn]);
  });

  it('refuses when it is already on (a second tab confirming the same set-up)', () => {
    withSetup(freshSetup)([registered(), enabled]).when({ userId, code: totp(secret, now), now }).thenRefuses('CONFLICT', TOTP_ALREADY_ON);
  });

  it('refuses when no secret waits for a code', () => {
    withSetup(null)([registered()]).when({ userId, code: totp(secret, now), now }).thenRefuses('BAD_REQUEST', TOTP_NO_SETUP);
  });

  it('refuses a set-up older than 15 minutes', () => {
    const stale = { ...freshSetup, createdAt: new Date(minutesBefore(15).getTime() - 1) };
    withSetup(stale)([registered()]).when({ userId, code: totp(secret, now), now }).thenRefuses('BAD_REQUEST', TOTP_NO_SETUP);
  });

  it('refuses a code two steps old', () => {
    const old = new Date(now.getTime() - 2 * TOTP_STEP_SECONDS * 1000);
    withSetup(freshSetup)([registered()]).when({ userId, code: totp(secret, old), now }).thenRefuses('BAD_REQUEST', TOTP_CODE_WRONG);
  });

  it('refuses a code of another secret', () => {
    withSetup(freshSetup)([registered()]).when({ userId, code: totp(otherSecret, now), now }).thenRefuses('BAD_REQUEST', TOTP_CODE_WRONG);
  });

  it('refuses a code that is not six digits', () => {
    withSetup(freshSetup)([registered()]).when({ userId, code: `${totp(secret, now)}0`, now }).thenRefuses('BAD_REQUEST', TOTP_CODE_WRONG);
    withSetup(freshSetup)([registered()]).when({ userId, code: 'abcdef', now }).thenRefuses('BAD_REQUEST', TOTP_CODE_WRONG);
  });

  it('refuses when the secret can no longer be read (its key was erased)', () => {
    withSetup({ ...freshSetup, secret: null })([registered()]).when({ userId, code: totp(secret, now), now }).thenRefuses('BAD_REQUEST', TOTP_CODE_WRONG);
  });

  it('puts the wrong-code message beside the code field', () => {
    const state: TotpSetupState = { user: fold({ evolve: evolveUser, initialState: noUser }, [registered()]), setup: freshSetup };
    expect(refusalOf(() => decideEnableTotp({ userId, code: totp(otherSecret, now), now }, state)).fieldErrors).toEqual({
      code: ['Enter the 6-digit code your app shows now'],
    });
  });
});

describe('decideDisableTotp', () => {
  const given = deciderSpec({ decide: decideDisableTotp, evolve: evolveUser, initialState: noUser });
  const bySelf = { userId, by: 'self' as const, reason: null, resetBy: null, now };
  const resetBy = (permissions: readonly string[]) => ({ userId, by: 'admin' as const, reason: 'Lost phone', resetBy: { userId: otherAdmin, permissions }, now });

  it('turns it off for the admin who proved a current code', () => {
    given([registered(), enabled])
      .when(bySelf)
      .then([{ type: 'AdminTotpDisabled', data: { userId, by: 'self', reason: null, disabledAt: now.toISOString() } }]);
  });

  it('lets another admin holding every permission of the account reset it, with the reason', () => {
    given([registered(['members', 'settings']), enabled])
      .when(resetBy(['content', 'members', 'settings']))
      .then([{ type: 'AdminTotpDisabled', data: { userId, by: 'admin', reason: 'Lost phone', disabledAt: now.toISOString() } }]);
  });

  it('lets the server’s own tool reset it, whatever the account holds', () => {
    given([registered([...PERMISSIONS]), enabled])
      .when({ ...resetBy([]), resetBy: null })
      .then([{ type: 'AdminTotpDisabled', data: { userId, by: 'admin', reason: 'Lost phone', disabledAt: now.toISOString() } }]);
  });

  it('refuses an admin who lacks one of the account’s permissions', () => {
    given([registered(['members', 'settings']), enabled]).when(resetBy(['members'])).thenRefuses('FORBIDDEN', TOTP_RESET_NOT_ALLOWED);
  });

  it('refuses a reset of one’s own (that takes a current code), even holding every permission', () => {
    given([registered(), enabled])
      .when({ ...resetBy([...PERMISSIONS]), resetBy: { userId, permissions: [...PERMISSIONS] } })
      .thenRefuses('FORBIDDEN', TOTP_OWN_RESET);
  });

  it('refuses when it is not on', () => {
    given([registered()]).when(bySelf).thenRefuses('CONFLICT', TOTP_NOT_ON);
    given([registered()]).when(resetBy([...PERMISSIONS])).thenRefuses('CONFLICT', TOTP_NOT_ON);
  });

  it('refuses a second turn-off (two tabs, or two admins resetting at once)', () => {
    given([registered(), enabled, disabled]).when(bySelf).thenRefuses('CONFLICT', TOTP_NOT_ON);
    given([registered(), enabled, disabled]).when(resetBy([...PERMISSIONS])).thenRefuses('CONFLICT', TOTP_NOT_ON);
  });

  it('refuses for an erased account (erasure turned it off)', () => {
    given([registered(), enabled, { type: 'PersonalDataErased', data: { subjectId: `user-${userId}`, erasedAt: at } }])
      .when(resetBy([...PERMISSIONS]))
      .thenRefuses('CONFLICT', TOTP_NOT_ON);
  });

  it('allows another admin’s reset exactly when they hold every permission the account holds', () => {
    fc.assert(
      fc.property(fc.subarray([...PERMISSIONS]), fc.subarray([...PERMISSIONS]), (held, resetter) => {
        const state = fold({ evolve: evolveUser, initialState: noUser }, [registered(held), enabled]);
        const isAllowed = held.every((permission) => resetter.includes(permission));
        if (isAllowed) expect(decideDisableTotp(resetBy(resetter), state)).toHaveLength(1);
        else expect(refusalOf(() => decideDisableTotp(resetBy(resetter), state))).toMatchObject({ code: 'FORBIDDEN', userMessage: TOTP_RESET_NOT_ALLOWED });
      }),
    );
  });
});
