import { describe, expect, it } from 'vitest';
import type { Sealed } from '#server/event-store/sealing/personal-data';
import type { Recorded } from '#server/event-store/types';
import { deciderSpec, fold, refusalOf } from '#server/testing/deciders/decider-spec';
import { EMAIL_TAKEN, INVALID_REFERRAL } from '#server/modules/identity/identity.api';
import type { EpinEvent } from '../epins/epin.events.ts';
import { decideRegistration, evolveEpin, noEpin, EPIN_REQUIRED, EPIN_UNKNOWN, EPIN_USED, type RegisterCommand, type RegistrationState } from '../epins/epin.decider.ts';

const userId = 'SH5200009';
const sponsorId = 'SH5200001';
const admin = 'SH5200000';
const code = 'ABCDEFGH23';
const at = '2026-03-10T09:00:00.000Z';
const now = new Date('2026-03-11T14:00:00.000Z');
const personal: Sealed = { $sealed: 1, subject: `user-${userId}`, iv: 'iv', tag: 'tag', ct: 'ct' };

const command: RegisterCommand = { userId, emailHash: 'email-hash', passwordHash: '$argon2id$hash', personal, now };

const generated: EpinEvent = { type: 'EpinGenerated', data: { code, generatedBy: admin, heldBy: admin, generatedAt: at } };
const transferredToSponsor: EpinEvent = { type: 'EpinTransferred', data: { code, transferId: 'transfer-1', from: admin, to: sponsorId, transferredAt: at } };
const usedBefore: EpinEvent = { type: 'EpinUsed', data: { code, usedBy: 'SH5200002', usedAt: at } };

/** What the registration reads besides the code's stream: the sponsor, the e-mail and the setting. */
type Facts = Omit<RegistrationState, 'epin'>;
const inviteOnly: Facts = { sponsor: { userId: sponsorId }, isEmailTaken: false, isInviteOnly: true };
const open: Facts = { sponsor: undefined, isEmailTaken: false, isInviteOnly: false };

/** The given events are the invite code's stream, folded into `epin`; `code` is the code typed, if any. */
function registration(facts: Facts, typedCode?: string) {
  return deciderSpec({
    decide: decideRegistration,
    evolve: (state: RegistrationState, event: Recorded<EpinEvent>) => ({ ...state, epin: state.epin && { ...evolveEpin(state.epin, event), code: state.epin.code } }),
    initialState: { ...facts, epin: typedCode === undefined ? undefined : { ...noEpin, code: typedCode } },
  });
}

const account = (sponsor: string | null, epin: string | null) => ({
  streamId: `user-${userId}`,
  events: [
    {
      type: 'AccountRegistered',
      data: { userId, role: 'member', permissions: [], sponsorId: sponsor, epin, emailHash: 'email-hash', passwordHash: '$argon2id$hash', personal, joinedAt: now.toISOString() },
    },
  ],
});

describe('decideRegistration', () => {
  it('opens the member’s account and uses the invite code, on the two streams', () => {
    registration(inviteOnly, code)([generated])
      .when(command)
      .then([account(sponsorId, code), { streamId: `epin-${code}`, events: [{ type: 'EpinUsed', data: { code, usedBy: userId, usedAt: now.toISOString() } }] }]);
  });

  it('accepts a code that changed hands (the sponsor passed it on)', () => {
    registration(inviteOnly, code)([generated, transferredToSponsor])
      .when(command)
      .then([account(sponsorId, code), { streamId: `epin-${code}`, events: [{ type: 'EpinUsed', data: { code, usedBy: userId, usedAt: now.toISOString() } }] }]);
  });

  it('opens the account alone, with the foundation as sponsor, when registration is open and no code or referral is given', () => {
    registration(open)([]).when(command).then([account(null, null)]);
  });

  it('still uses a code given when registration is open', () => {
    registration(open, code)([generated])
      .when(command)
      .then([account(null, code), { streamId: `epin-${code}`, events: [{ type: 'EpinUsed', data: { code, usedBy: userId, usedAt: now.toISOString() } }] }]);
  });

  it('refuses an unknown referral ID', () => {
    registration({ ...inviteOnly, sponsor: null }, code)([generated]).when(command).thenRefuses('BAD_REQUEST', INVALID_REFERRAL);
  });

  it('refuses an invite-only registration without a code', () => {
    registration(inviteOnly)([]).when(command).thenRefuses('BAD_REQUEST', EPIN_REQUIRED);
  });

  it('refuses a code that was never generated', () => {
    registration(inviteOnly, code)([]).when(command).thenRefuses('BAD_REQUEST', EPIN_UNKNOWN);
    registration(open, code)([]).when(command).thenRefuses('BAD_REQUEST', EPIN_UNKNOWN);
  });

  it('refuses a code already used (of two registrations racing for one code, the second)', () => {
    registration(inviteOnly, code)([generated, usedBefore]).when(command).thenRefuses('CONFLICT', EPIN_USED);
    registration(open, code)([generated, transferredToSponsor, usedBefore]).when(command).thenRefuses('CONFLICT', EPIN_USED);
  });

  it('refuses an e-mail already in use', () => {
    registration({ ...inviteOnly, isEmailTaken: true }, code)([generated]).when(command).thenRefuses('CONFLICT', EMAIL_TAKEN);
    registration({ ...open, isEmailTaken: true })([]).when(command).thenRefuses('CONFLICT', EMAIL_TAKEN);
  });

  it('puts each refusal’s message beside its field', () => {
    const decide = (facts: Facts, events: EpinEvent[], typedCode?: string) => {
      const state = fold({ evolve: evolveEpin, initialState: noEpin }, events);
      return () => decideRegistration(command, { ...facts, epin: typedCode === undefined ? undefined : { ...state, code: typedCode } });
    };
    expect(refusalOf(decide({ ...inviteOnly, sponsor: null }, [generated], code)).fieldErrors).toEqual({ referralId: [INVALID_REFERRAL] });
    expect(refusalOf(decide(inviteOnly, [])).fieldErrors).toEqual({ epin: [EPIN_REQUIRED] });
    expect(refusalOf(decide(inviteOnly, [], code)).fieldErrors).toEqual({ epin: [EPIN_UNKNOWN] });
    expect(refusalOf(decide(inviteOnly, [generated, usedBefore], code)).fieldErrors).toEqual({ epin: [EPIN_USED] });
    expect(refusalOf(decide({ ...inviteOnly, isEmailTaken: true }, [generated], code)).fieldErrors).toEqual({ email: [EMAIL_TAKEN] });
  });
});
