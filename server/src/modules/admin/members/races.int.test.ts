import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base32Decode, totp } from '#server/lib/totp';
import { raceCalls } from '#server/testing/assertions';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type AppCaller, type TestApp } from '#server/testing/test-services';
import { ALREADY_SUSPENDED, NOT_SUSPENDED, TOTP_NOT_ON } from '#server/modules/identity/identity.api';

/**
 * Race tests (issue 9) for the admin console's member commands: ten identical calls at once record
 * exactly one event, and the other nine are told, with a 409 and the module's message, that it is
 * already done. On PGlite the calls are serialised; on PostgreSQL (TEST_DATABASE_URL) they overlap.
 */

const CALLS = 10;


describe.each(testDbKinds())('admin member commands racing on %s', (kind) => {
  let app: TestApp;
  let adminToken: string;
  let adminCaller: AppCaller;
  let clock = new Date('2031-05-01T09:00:00.000Z');

  beforeAll(async () => {
    app = await createTestApp(kind, { now: () => clock });
    // Every permission: it may reset the second factor of any account (a reset needs all the account holds).
    adminToken = (await app.account({ role: 'admin' })).token;
    adminCaller = await app.caller({ token: adminToken });
  });
  afterAll(async () => {
    await app?.close();
  });

  async function countEvents(streamId: string, type: string): Promise<number> {
    const { rows } = await app.services.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM events WHERE stream_id = $1 AND type = $2`, [
      streamId,
      type,
    ]);
    return rows[0]!.count;
  }

  it('suspend: one MemberSuspended; the others are told the member is already suspended', async () => {
    const member = await app.account();
    const { succeeded, refusals } = await raceCalls(CALLS, async () => (await app.caller({ token: adminToken })).admin.members.suspend({ userId: member.userId, reason: 'Reported misuse' }));
    expect(succeeded.map((entry) => [entry.userId, entry.status])).toEqual([[member.userId, 'suspended']]);
    expect(refusals).toEqual(Array(CALLS - 1).fill(['CONFLICT', ALREADY_SUSPENDED]));
    expect(await countEvents(`user-${member.userId}`, 'MemberSuspended')).toBe(1);
    expect((await adminCaller.admin.members.get({ userId: member.userId })).member.status).toBe('suspended');
    expect(await (await app.caller({ token: member.token })).identity.me()).toBeNull();
  });

  it('reactivate: one MemberReactivated; the others are told the member is not suspended', async () => {
    const member = await app.account();
    await adminCaller.admin.members.suspend({ userId: member.userId, reason: 'Reported misuse' });
    const { succeeded, refusals } = await raceCalls(CALLS, async () => (await app.caller({ token: adminToken })).admin.members.reactivate({ userId: member.userId, reason: 'Cleared after a call' }));
    expect(succeeded.map((entry) => [entry.userId, entry.status])).toEqual([[member.userId, 'active']]);
    expect(refusals).toEqual(Array(CALLS - 1).fill(['CONFLICT', NOT_SUSPENDED]));
    expect(await countEvents(`user-${member.userId}`, 'MemberReactivated')).toBe(1);
    expect((await adminCaller.admin.members.get({ userId: member.userId })).member.status).toBe('active');
  });

  it('resetTotp: one AdminTotpDisabled; the others are told two-factor sign-in is not on', async () => {
    const lost = await app.account({ role: 'admin', permissions: ['content'] });
    const own = await app.caller({ token: lost.token });
    const secret = base32Decode((await own.identity.totp.begin()).secret);
    await own.identity.totp.confirm({ code: totp(secret, clock) });
    clock = new Date(clock.getTime() + 30_000);
    const { succeeded, refusals } = await raceCalls(CALLS, async () => (await app.caller({ token: adminToken })).admin.members.resetTotp({ userId: lost.userId, reason: 'Lost phone, confirmed by call' }));
    expect(succeeded).toEqual([{ enabled: false, enabledAt: null }]);
    expect(refusals).toEqual(Array(CALLS - 1).fill(['CONFLICT', TOTP_NOT_ON]));
    expect(await countEvents(`user-${lost.userId}`, 'AdminTotpDisabled')).toBe(1);
    const detail = await adminCaller.admin.members.get({ userId: lost.userId });
    expect(detail.twoFactor).toBe(false);
    expect(detail.history.filter((entry) => entry.type === 'AdminTotpDisabled')).toHaveLength(1);
    // The reset signs the account out everywhere.
    expect(await (await app.caller({ token: lost.token })).identity.me()).toBeNull();
  });
});
