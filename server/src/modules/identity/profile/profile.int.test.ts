import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayAndCompare } from '#server/event-store/replay';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type TestApp } from '#server/testing/test-services';
import { PROFILE_EDIT_NOT_YOURS, PROFILE_NOT_YOURS } from './profile.ts';
import type { TUpdateProfileRequest } from './profile.schema.ts';
import { PIN_CODE_INVALID, STATE_NOT_IN_LIST } from '../fields.schema.ts';
import { RESET_CODE_SENT_BY_SMS_TOO } from '../passwords/password-reset.ts';
import { fieldErrorsOf, rejection } from '#server/testing/assertions';
import { PROFILE_NOT_FOUND, RESET_INVALID_PAIR } from '../user.decider.ts';

const PAYOUT: TUpdateProfileRequest = {
  upiId: ' Asha.Verma@okaxis ',
  bankName: 'State Bank of India',
  accountHolder: 'Asha Verma',
  accountNumber: '3012 4567 8901',
  // Typed twice, as the form sends it (issue 16); never stored.
  confirmAccountNumber: '301245678901',
  ifsc: 'sbin0001234',
};

describe.each(testDbKinds())('member profile on %s', (kind) => {
  let app: TestApp;
  let admin: Awaited<ReturnType<TestApp['account']>>;
  let contentAdmin: Awaited<ReturnType<TestApp['account']>>;

  beforeAll(async () => {
    app = await createTestApp(kind, { now: () => new Date('2031-05-01T08:00:00.000Z') });
    admin = await app.account({ role: 'admin', permissions: ['members'] });
    contentAdmin = await app.account({ role: 'admin', permissions: ['content'] });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('shows the member their account info, personal details and empty payout details', async () => {
    const member = await app.account({ fullName: 'Asha Verma' });
    const profile = await (await app.caller({ token: member.token })).identity.getProfile();
    expect(profile).toEqual({
      userId: member.userId,
      fullName: 'Asha Verma',
      email: member.email,
      joinedAt: expect.any(String),
      sponsorId: null,
      sponsorName: null,
      isEmailVerified: true,
      isActive: true,
      details: { phone: '9876543210', address: '1 Test Road', city: 'Jaipur', state: 'Rajasthan', pinCode: '', upiId: null, bankName: null, accountHolder: null, accountNumber: null, ifsc: null, otherScriptName: null },
      qrCode: { status: 'none', url: null },
      idPhoto: { status: 'none', url: null },
    });
    expect(await (await app.caller({ token: member.token })).identity.getProfile({ userId: member.userId })).toEqual(profile);
  });

  it('is the member’s own: another member and an admin without the members permission are refused; a members admin may read it', async () => {
    const member = await app.account();
    const other = await app.account();
    const forOther = await rejection((await app.caller({ token: other.token })).identity.getProfile({ userId: member.userId }));
    expect(forOther.code).toBe('FORBIDDEN');
    expect(forOther.message).toBe(PROFILE_NOT_YOURS);
    expect((await rejection((await app.caller({ token: contentAdmin.token })).identity.getProfile({ userId: member.userId }))).code).toBe('FORBIDDEN');
    expect((await rejection((await app.caller()).identity.getProfile({ userId: member.userId }))).code).toBe('UNAUTHORIZED');
    expect((await (await app.caller({ token: admin.token })).identity.getProfile({ userId: member.userId })).userId).toBe(member.userId);
    const missing = await rejection((await app.caller({ token: admin.token })).identity.getProfile({ userId: 'SH0000001' }));
    expect(missing.code).toBe('NOT_FOUND');
    expect(missing.message).toBe(PROFILE_NOT_FOUND);
  });

  it('saves the personal and payout details as one sealed event, normalised, and the new phone serves a password reset', async () => {
    const member = await app.account();
    const caller = await app.caller({ token: member.token });
    const before = await app.eventCount();
    const saved = await caller.identity.updateProfile({ ...PAYOUT, phone: '+91 91234 56789', address: '22 Lake View', city: 'Bhopal', state: 'madhya-pradesh', pinCode: '462 001' });
    expect(saved.details).toEqual({
      phone: '9123456789',
      address: '22 Lake View',
      city: 'Bhopal',
      state: 'Madhya Pradesh',
      pinCode: '462001',
      upiId: 'asha.verma@okaxis',
      bankName: 'State Bank of India',
      accountHolder: 'Asha Verma',
      accountNumber: '301245678901',
      ifsc: 'SBIN0001234',
      otherScriptName: null,
    });
    expect(await caller.identity.getProfile()).toEqual(saved);
    expect(await app.eventCount()).toBe(before + 1);

    const [event] = (await app.services.eventStore.readStream(`user-${member.userId}`)).filter((recorded) => recorded.type === 'ProfileUpdated');
    expect(event).toMatchObject({ data: { userId: member.userId, changedFields: ['phone', 'address', 'city', 'state', 'pinCode', 'upiId', 'bankName', 'accountHolder', 'accountNumber', 'ifsc'] }, metadata: { actor: member.userId } });
    const { rows } = await app.services.db.query<{ data: string }>(`SELECT data::text AS data FROM events WHERE event_id = $1`, [event!.eventId]);
    for (const secret of ['asha.verma@okaxis', '301245678901', 'SBIN0001234', '9123456789', 'Lake View', '462001']) expect(rows[0]!.data).not.toContain(secret);

    const visitor = await app.caller();
    expect((await rejection(visitor.identity.requestPasswordReset({ userId: member.userId, phone: '9876543210' }))).message).toBe(RESET_INVALID_PAIR);
    expect(await visitor.identity.requestPasswordReset({ userId: member.userId, phone: '9123456789' })).toEqual({ message: RESET_CODE_SENT_BY_SMS_TOO });
  });

  it('changes only what is sent, clears a payout field with an empty string, and records nothing when nothing changes', async () => {
    const member = await app.account();
    const caller = await app.caller({ token: member.token });
    await caller.identity.updateProfile(PAYOUT);
    const cleared = await caller.identity.updateProfile({ upiId: '', city: 'Indore' });
    expect(cleared.details).toMatchObject({ upiId: null, city: 'Indore', bankName: 'State Bank of India', phone: '9876543210' });
    const [, second] = (await app.services.eventStore.readStream(`user-${member.userId}`)).filter((recorded) => recorded.type === 'ProfileUpdated');
    expect((second!.data as { changedFields: string[] }).changedFields).toEqual(['city', 'upiId']);

    const before = await app.eventCount();
    expect((await caller.identity.updateProfile({ city: 'Indore', bankName: 'State Bank of India' })).details).toEqual(cleared.details);
    expect(await caller.identity.updateProfile({})).toEqual(cleared);
    expect(await app.eventCount()).toBe(before);
  });

  it('refuses a bad IFSC, UPI ID or account number with field errors, and writes nothing', async () => {
    const member = await app.account();
    const caller = await app.caller({ token: member.token });
    const before = await app.eventCount();
    const error = await rejection(caller.identity.updateProfile({ ifsc: 'SBIN1234567', upiId: 'asha-at-okaxis', accountNumber: '12345678', confirmAccountNumber: '12345678', bankName: 'X' }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(fieldErrorsOf(error)).toEqual({
      ifsc: ['Enter an 11-character IFSC like SBIN0001234'],
      upiId: ['Enter a UPI ID like name@bank'],
      accountNumber: ['Account number must be 9 to 18 digits'],
      bankName: ['Bank name must be 2 to 100 characters'],
    });
    for (const bad of [{ accountNumber: '1234567890123456789', confirmAccountNumber: '1234567890123456789' }, { accountNumber: '12345abc90', confirmAccountNumber: '12345abc90' }, { ifsc: 'SBIN00012345' }, { upiId: 'name@' }, { upiId: '@bank' }, { phone: '12345' }, { address: '' }, { pinCode: '02345' }, { pinCode: '4620011' }]) {
      expect((await rejection(caller.identity.updateProfile(bad))).code).toBe('BAD_REQUEST');
    }
    expect(await app.eventCount()).toBe(before);
    expect((await caller.identity.getProfile()).details.ifsc).toBeNull();
  });

  it('takes the state from the list only, by key or English name, and a 6-digit PIN code, naming what is wrong', async () => {
    const member = await app.account();
    const caller = await app.caller({ token: member.token });
    const before = await app.eventCount();
    expect(fieldErrorsOf(await rejection(caller.identity.updateProfile({ state: 'Rajputana' })))).toEqual({ state: [STATE_NOT_IN_LIST] });
    expect(fieldErrorsOf(await rejection(caller.identity.updateProfile({ state: '' })))).toEqual({ state: ['State is required'] });
    expect(fieldErrorsOf(await rejection(caller.identity.updateProfile({ pinCode: 'abcdef' })))).toEqual({ pinCode: [PIN_CODE_INVALID] });
    expect(await app.eventCount()).toBe(before);
    expect((await caller.identity.updateProfile({ state: 'tamil-nadu' })).details.state).toBe('Tamil Nadu');
    expect((await caller.identity.updateProfile({ state: 'WEST BENGAL' })).details.state).toBe('West Bengal');
  });

  it('cannot be changed by a visitor; an admin changes only their own', async () => {
    const before = await app.eventCount();
    expect((await rejection((await app.caller()).identity.updateProfile(PAYOUT))).code).toBe('UNAUTHORIZED');
    expect(await app.eventCount()).toBe(before);
    const own = await (await app.caller({ token: admin.token })).identity.updateProfile({ upiId: 'office@okhdfcbank' });
    expect(own).toMatchObject({ userId: admin.userId, details: { upiId: 'office@okhdfcbank' } });
  });

  it('is scrubbed when the person is erased, and replays to the same read model', async () => {
    const member = await app.account();
    await (await app.caller({ token: member.token })).identity.updateProfile(PAYOUT);
    const subjectId = `user-${member.userId}`;
    await app.services.eventStore.append(
      async (tx) => {
        await app.services.vault.destroyKey(tx, subjectId);
        return [{ streamId: subjectId, expected: 'stream_exists', events: [{ type: 'PersonalDataErased', data: { subjectId, erasedAt: '2031-05-01T08:00:00.000Z' } }] }];
      },
      { actor: 'system', correlationId: 'erase-test' },
    );
    const { rows } = await app.services.db.query(`SELECT * FROM member_profiles WHERE user_id = $1`, [member.userId]);
    expect(rows).toEqual([]);
    expect((await rejection((await app.caller({ token: admin.token })).identity.getProfile({ userId: member.userId }))).code).toBe('NOT_FOUND');

    for (const result of await replayAndCompare(app.services, 'member_profiles')) expect(result.differences).toEqual([]);
    for (const result of await replayAndCompare(app.services, 'users')) expect(result.differences).toEqual([]);
  });

  describe('REST', () => {
    let http: ReturnType<TestApp['http']>;
    beforeAll(() => {
      http = app.http();
    });

    it('GET and PUT /api/users/profile/:id: own only; a members admin may GET any; another member’s ID is a 403 and nothing else', async () => {
      const member = await app.account();
      const other = await app.account();
      const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

      expect((await request(http).get(`/api/users/profile/${member.userId}`)).status).toBe(401);
      const own = await request(http).get(`/api/users/profile/${member.userId}`).set(bearer(member.token));
      expect(own.status).toBe(200);
      expect(own.body.userId).toBe(member.userId);

      const foreign = await request(http).get(`/api/users/profile/${member.userId}`).set(bearer(other.token));
      expect(foreign.status).toBe(403);
      expect(Object.keys(foreign.body).sort()).toEqual(['message', 'requestId']);
      expect(foreign.body.message).toBe(PROFILE_NOT_YOURS);
      expect((await request(http).get(`/api/users/profile/${member.userId}`).set(bearer(admin.token))).status).toBe(200);
      expect((await request(http).get(`/api/users/profile/${member.userId}`).set(bearer(contentAdmin.token))).status).toBe(403);

      const before = await app.eventCount();
      for (const token of [other.token, admin.token]) {
        const put = await request(http).put(`/api/users/profile/${member.userId}`).set(bearer(token)).send(PAYOUT);
        expect(put.status).toBe(403);
        expect(put.body.message).toBe(PROFILE_EDIT_NOT_YOURS);
      }
      const invalid = await request(http).put(`/api/users/profile/${member.userId}`).set(bearer(member.token)).send({ ifsc: 'nope' });
      expect(invalid.status).toBe(400);
      expect(invalid.body.fieldErrors).toEqual({ ifsc: ['Enter an 11-character IFSC like SBIN0001234'] });
      expect(await app.eventCount()).toBe(before);

      const saved = await request(http).put(`/api/users/profile/${member.userId}`).set(bearer(member.token)).send(PAYOUT);
      expect(saved.status).toBe(200);
      expect(saved.body.details.ifsc).toBe('SBIN0001234');
      expect(await app.eventCount()).toBe(before + 1);

      // "profile" is never taken for a user ID by GET /api/users/:id.
      expect((await request(http).get('/api/users/profile').set(bearer(member.token))).status).toBe(400);
    });
  });
});
