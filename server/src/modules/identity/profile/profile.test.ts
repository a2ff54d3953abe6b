import fc from 'fast-check';
import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { AppError } from '#server/errors/app-error';
import type { Sealed } from '#server/event-store/sealing/personal-data';
import { deciderSpec, deepFreeze } from '#server/testing/deciders/decider-spec';
import type { ProfileDetails } from '../identity.events.ts';
import type { ZUpdateProfileRequestSchema } from './profile.schema.ts';
import { decideUpdateProfile, mergeProfile, OTHER_NAME_IN_DEVANAGARI, OTHER_NAME_IN_LATIN, PROFILE_NOT_FOUND, type ProfileState } from '../user.decider.ts';

type Update = z.output<typeof ZUpdateProfileRequestSchema>;

const userId = 'SH4900001';
const now = new Date('2026-03-09T06:30:00.000Z');

const current: ProfileDetails = deepFreeze({
  phone: '9876543210',
  address: '12 MG Road',
  city: 'Jaipur',
  state: 'Rajasthan',
  pinCode: '302001',
  upiId: 'asha@okbank',
  bankName: null,
  accountHolder: null,
  accountNumber: null,
  ifsc: null,
  otherScriptName: null,
});
const latinMember: ProfileState = deepFreeze({ fullName: 'Asha Verma', details: current });
const devanagariMember: ProfileState = deepFreeze({ fullName: 'आशा वर्मा', details: current });

/** What the fake seal makes of a form: recognisable, and different for different forms. */
const sealedAs = (details: ProfileDetails): Sealed => ({ $sealed: 1, subject: `user-${userId}`, iv: 'fake-iv', tag: 'fake-tag', ct: `sealed:${JSON.stringify(details)}` });

/** A seal that records what it was given. */
function fakeSeal() {
  const sealed: ProfileDetails[] = [];
  const seal = async (details: ProfileDetails): Promise<Sealed> => {
    sealed.push(details);
    return sealedAs(details);
  };
  return { seal, sealed };
}

async function refusalOfAsync(promise: Promise<unknown>): Promise<AppError> {
  const outcome = await promise.then(
    (output) => ({ output }),
    (error: unknown) => ({ error }),
  );
  if ('output' in outcome) return expect.fail(`the decision should have refused, but it returned ${JSON.stringify(outcome.output)}`);
  if (!(outcome.error instanceof AppError)) throw outcome.error;
  return outcome.error;
}

describe('mergeProfile', () => {
  it('leaves absent fields as they are, and names no change', () => {
    expect(mergeProfile(current, {})).toEqual({ details: current, changedFields: [] });
  });

  it('does not count a field sent with the value it already has', () => {
    expect(mergeProfile(current, { city: 'Jaipur', upiId: 'asha@okbank', ifsc: null })).toEqual({ details: current, changedFields: [] });
  });

  it('applies new values and clears with null, naming the changed fields in the form’s order', () => {
    expect(mergeProfile(current, { upiId: null, city: 'Ajmer', ifsc: 'SBIN0001234', phone: '9876543210' })).toEqual({
      details: { ...current, city: 'Ajmer', upiId: null, ifsc: 'SBIN0001234' },
      changedFields: ['city', 'upiId', 'ifsc'],
    });
  });

  it('names exactly the fields sent with a different value, and keeps every other one', () => {
    const nullable = fc.option(fc.constantFrom('a', 'b'), { nil: null });
    const required = fc.constantFrom('Jaipur', 'Ajmer');
    const details = fc.record({
      phone: required,
      address: required,
      city: required,
      state: required,
      pinCode: required,
      upiId: nullable,
      bankName: nullable,
      accountHolder: nullable,
      accountNumber: nullable,
      ifsc: nullable,
      otherScriptName: nullable,
    });
    const update = fc.record(
      { phone: required, address: required, city: required, state: required, pinCode: required, upiId: nullable, bankName: nullable, accountHolder: nullable, accountNumber: nullable, ifsc: nullable, otherScriptName: nullable },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(details, update, (before, sent) => {
        const { details: after, changedFields } = mergeProfile(before, sent);
        const fields = Object.keys(before) as (keyof ProfileDetails)[];
        expect([...changedFields].sort()).toEqual(fields.filter((field) => sent[field] !== undefined && sent[field] !== before[field]).sort());
        for (const field of fields) expect(after[field]).toBe(sent[field] === undefined ? before[field] : sent[field]);
      }),
    );
  });
});

describe('decideUpdateProfile', () => {
  it('given an active member, when a field changes, then the whole form is recorded sealed, with the changed field named', async () => {
    const { seal, sealed } = fakeSeal();
    const update: Update = { city: 'Ajmer', bankName: 'State Bank of India' };
    const expected = { ...current, city: 'Ajmer', bankName: 'State Bank of India' };
    await expect(decideUpdateProfile({ userId, update, now }, latinMember, seal)).resolves.toEqual([
      { type: 'ProfileUpdated', data: { userId, details: sealedAs(expected), changedFields: ['city', 'bankName'], updatedAt: now.toISOString() } },
    ]);
    expect(sealed).toEqual([expected]);
  });

  it('given an active member, when nothing differs, then nothing is recorded and nothing is sealed', async () => {
    const { seal, sealed } = fakeSeal();
    await expect(decideUpdateProfile({ userId, update: { city: 'Jaipur', ifsc: null }, now }, latinMember, seal)).resolves.toEqual([]);
    expect(sealed).toEqual([]);
  });

  it('given a Latin name, when the other-script name is in Devanagari, then it is recorded', async () => {
    const { seal } = fakeSeal();
    const events = await decideUpdateProfile({ userId, update: { otherScriptName: 'आशा वर्मा' }, now }, latinMember, seal);
    expect(events).toEqual([
      { type: 'ProfileUpdated', data: { userId, details: sealedAs({ ...current, otherScriptName: 'आशा वर्मा' }), changedFields: ['otherScriptName'], updatedAt: now.toISOString() } },
    ]);
  });

  it('given a Devanagari name, when the other-script name is in Latin letters, then it is recorded', async () => {
    const { seal } = fakeSeal();
    const events = await decideUpdateProfile({ userId, update: { otherScriptName: 'Asha Verma' }, now }, devanagariMember, seal);
    expect(events.map((event) => event.data.changedFields)).toEqual([['otherScriptName']]);
  });

  it('given a Latin name, when the other-script name is Latin too, then it is refused beside the field, and nothing is sealed', async () => {
    const { seal, sealed } = fakeSeal();
    const refusal = await refusalOfAsync(decideUpdateProfile({ userId, update: { otherScriptName: 'Asha V' }, now }, latinMember, seal));
    expect(refusal).toMatchObject({ code: 'BAD_REQUEST', userMessage: OTHER_NAME_IN_DEVANAGARI, fieldErrors: { otherScriptName: [OTHER_NAME_IN_DEVANAGARI] } });
    expect(sealed).toEqual([]);
  });

  it('given a Devanagari name, when the other-script name is Devanagari too, then it is refused beside the field', async () => {
    const { seal } = fakeSeal();
    const refusal = await refusalOfAsync(decideUpdateProfile({ userId, update: { otherScriptName: 'आशा' }, now }, devanagariMember, seal));
    expect(refusal).toMatchObject({ code: 'BAD_REQUEST', userMessage: OTHER_NAME_IN_LATIN, fieldErrors: { otherScriptName: [OTHER_NAME_IN_LATIN] } });
  });

  it('given an other-script name, when it is cleared, then no script is checked and the clearing is recorded', async () => {
    const { seal } = fakeSeal();
    const withName: ProfileState = { fullName: 'Asha Verma', details: { ...current, otherScriptName: 'आशा वर्मा' } };
    const events = await decideUpdateProfile({ userId, update: { otherScriptName: null }, now }, withName, seal);
    expect(events.map((event) => event.data.changedFields)).toEqual([['otherScriptName']]);
  });

  it('given no active member, when anything is saved, then it is refused as not found', async () => {
    const { seal, sealed } = fakeSeal();
    const refusal = await refusalOfAsync(decideUpdateProfile({ userId, update: { city: 'Ajmer' }, now }, null, seal));
    expect(refusal).toMatchObject({ code: 'NOT_FOUND', userMessage: PROFILE_NOT_FOUND });
    expect(sealed).toEqual([]);
  });
});

describe('decideUpdateProfile, given/when/then', () => {
  // The state is read from the read models (the member's name and form), not folded from events: the
  // spec starts from it and the command carries it; the seal is the fake one, pure.
  type Command = { userId: string; update: Update; now: Date; state: ProfileState };
  const spec = deciderSpec({
    decide: (command: Command, _state: null) => decideUpdateProfile(command, command.state, async (details) => sealedAs(details)),
    evolve: (state: null) => state,
    initialState: null,
  });

  it('records the whole form sealed, nothing when nothing changed, and refuses a name in the wrong script or no member', async () => {
    await spec([])
      .when({ userId, update: { city: 'Ajmer' }, now, state: latinMember })
      .then([{ type: 'ProfileUpdated', data: { userId, details: sealedAs({ ...current, city: 'Ajmer' }), changedFields: ['city'], updatedAt: now.toISOString() } }]);
    await spec([]).when({ userId, update: { city: 'Jaipur' }, now, state: latinMember }).thenNothing();
    await spec([]).when({ userId, update: { otherScriptName: 'Asha V' }, now, state: latinMember }).thenRefuses('BAD_REQUEST', OTHER_NAME_IN_DEVANAGARI);
    await spec([]).when({ userId, update: { otherScriptName: 'आशा' }, now, state: devanagariMember }).thenRefuses('BAD_REQUEST', OTHER_NAME_IN_LATIN);
    await spec([]).when({ userId, update: { city: 'Ajmer' }, now, state: null }).thenRefuses('NOT_FOUND', PROFILE_NOT_FOUND);
  });
});
