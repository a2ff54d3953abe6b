import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CANNOT_REDUCE_OWN_RIGHTS,
  LAST_SUPER_ADMIN_RIGHTS,
  PERMISSIONS,
  PERMISSIONS_ONLY_STAFF,
  PERMISSIONS_ONLY_SUPER_ADMIN,
  PERMISSIONS_UNCHANGED,
  TWO_FACTOR_SETUP_REQUIRED,
  userStreamId,
} from '#server/modules/identity/identity.api';
import { COMMAND_CONFLICT } from '#server/event-store/command-handler';
import { fieldErrorsOf, raceCalls, rejection } from '#server/testing/assertions';
import { enrolTwoFactor } from '#server/testing/two-factor';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type AppCaller, type TestApp } from '#server/testing/test-services';
import { PERMISSIONS_REPEATED } from './members.schema.ts';

/**
 * Staff permissions (issue 15): a super-admin grants and revokes, each change an event with the
 * actor and a reason; it takes effect on the next request; nobody reduces their own rights; the
 * last super-admin keeps every permission, even under two racing demotions.
 */
describe.each(testDbKinds())('staff permissions on %s', (kind) => {
  let app: TestApp;
  let superA: { userId: string; token: string };
  let superB: { userId: string; token: string };
  let callerA: AppCaller;
  let callerB: AppCaller;

  beforeAll(async () => {
    app = await createTestApp(kind);
    superA = await app.account({ role: 'admin', fullName: 'Super A' });
    superB = await app.account({ role: 'admin', fullName: 'Super B' });
    callerA = await app.caller({ token: superA.token });
    callerB = await app.caller({ token: superB.token });
  });
  afterAll(async () => {
    await app?.close();
  });

  const changes = async (userId: string) => (await app.services.eventStore.readStream(userStreamId(userId))).filter((event) => event.type === 'StaffPermissionsChanged');

  it('grants a permission with a reason, recorded with who did it; the staff member can use it on their next request', async () => {
    const staff = await app.account({ role: 'admin', permissions: ['content'] });
    // Each call is a new request, as from the browser: the session is resolved afresh.
    const asStaff = () => app.caller({ token: staff.token });
    expect((await rejection((await asStaff()).donations.admin.getMany({}))).code).toBe('FORBIDDEN');

    expect(await callerA.admin.members.setPermissions({ userId: staff.userId, permissions: ['finance', 'content'], reason: 'Joined the finance team' })).toEqual({
      userId: staff.userId,
      permissions: ['content', 'finance'],
    });
    const [event] = await changes(staff.userId);
    expect(event).toMatchObject({
      data: { userId: staff.userId, permissions: ['content', 'finance'], previous: ['content'], reason: 'Joined the finance team', changedBy: superA.userId },
      metadata: { actor: superA.userId },
    });
    // Finance needs a second factor: the next request is refused until it is set up, then allowed.
    expect(await rejection((await asStaff()).donations.admin.getMany({}))).toMatchObject({ code: 'FORBIDDEN', message: TWO_FACTOR_SETUP_REQUIRED });
    await enrolTwoFactor(app.services, staff.userId);
    await expect((await asStaff()).donations.admin.getMany({})).resolves.toBeDefined();
    expect((await callerA.admin.members.get({ userId: staff.userId })).permissions).toEqual(['content', 'finance']);

    // Revoked: refused again at once.
    await callerA.admin.members.setPermissions({ userId: staff.userId, permissions: ['content'], reason: 'Left the finance team' });
    expect((await rejection((await asStaff()).donations.admin.getMany({}))).code).toBe('FORBIDDEN');
    expect((await callerA.admin.members.get({ userId: staff.userId })).history.filter((entry) => entry.type === 'StaffPermissionsChanged').map((entry) => [entry.type, entry.reason])).toEqual([
      ['StaffPermissionsChanged', 'Joined the finance team'],
      ['StaffPermissionsChanged', 'Left the finance team'],
    ]);
  });

  it('refuses a members admin, a member’s account, one’s own rights, no change and bad input, writing nothing', async () => {
    const staff = await app.account({ role: 'admin', permissions: ['content'] });
    const membersAdmin = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['members'] })).token });
    const member = await app.account();
    const before = await app.eventCount();
    const refused = async (promise: Promise<unknown>) => {
      const error = await rejection(promise);
      return [error.code, error.message];
    };
    expect(await refused(membersAdmin.admin.members.setPermissions({ userId: staff.userId, permissions: ['finance'], reason: 'Needs it' }))).toEqual(['FORBIDDEN', PERMISSIONS_ONLY_SUPER_ADMIN]);
    expect(await refused(callerA.admin.members.setPermissions({ userId: member.userId, permissions: ['finance'], reason: 'Promote' }))).toEqual(['CONFLICT', PERMISSIONS_ONLY_STAFF]);
    expect(await refused(callerA.admin.members.setPermissions({ userId: superA.userId, permissions: ['finance'], reason: 'Step back' }))).toEqual(['FORBIDDEN', CANNOT_REDUCE_OWN_RIGHTS]);
    expect(await refused(callerA.admin.members.setPermissions({ userId: staff.userId, permissions: ['content'], reason: 'Same again' }))).toEqual(['CONFLICT', PERMISSIONS_UNCHANGED]);
    expect(fieldErrorsOf(await rejection(callerA.admin.members.setPermissions({ userId: staff.userId, permissions: ['finance', 'finance'], reason: 'Twice' })))).toEqual({ permissions: [PERMISSIONS_REPEATED] });
    // @ts-expect-error: not a permission
    expect((await rejection(callerA.admin.members.setPermissions({ userId: staff.userId, permissions: ['owner'], reason: 'Typo' }))).code).toBe('BAD_REQUEST');
    expect(fieldErrorsOf(await rejection(callerA.admin.members.setPermissions({ userId: staff.userId, permissions: ['finance'], reason: ' ' })))).toHaveProperty('reason');
    // @ts-expect-error: an unknown field is refused, not dropped
    expect((await rejection(callerA.admin.members.setPermissions({ userId: staff.userId, permissions: ['finance'], reason: 'Role', role: 'admin' }))).code).toBe('BAD_REQUEST');
    expect(await app.eventCount()).toBe(before);
  });

  it('records one change when the same grant is sent ten times at once', async () => {
    const staff = await app.account({ role: 'admin', permissions: [] });
    const { succeeded, refusals } = await raceCalls(10, () => callerA.admin.members.setPermissions({ userId: staff.userId, permissions: ['verification'], reason: 'Verification desk' }));
    expect(succeeded).toHaveLength(1);
    expect(refusals.every(([code, message]) => code === 'CONFLICT' && [PERMISSIONS_UNCHANGED, COMMAND_CONFLICT].includes(message))).toBe(true);
    expect(await changes(staff.userId)).toHaveLength(1);
  });

  it('keeps one super-admin: of two super-admins demoting each other at once, exactly one succeeds', async () => {
    // Only A and B hold every permission in this database (the other accounts here hold fewer).
    const results = await Promise.allSettled([
      callerA.admin.members.setPermissions({ userId: superB.userId, permissions: ['content'], reason: 'Demote B' }),
      callerB.admin.members.setPermissions({ userId: superA.userId, permissions: ['content'], reason: 'Demote A' }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refusal = results.find((result) => result.status === 'rejected');
    expect((refusal as PromiseRejectedResult).reason).toMatchObject({ code: 'CONFLICT', message: LAST_SUPER_ADMIN_RIGHTS });
    const { rows } = await app.services.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM users WHERE role = 'admin' AND status = 'active' AND permissions @> $1::text[]`,
      [PERMISSIONS],
    );
    expect(rows[0]!.count).toBe(1);
    expect([...(await changes(superA.userId)), ...(await changes(superB.userId))]).toHaveLength(1);
  });

  it('answers PUT /api/admin/staff/{userId}/permissions as the procedure does, with the documented refusals', async () => {
    const staff = await app.account({ role: 'admin', permissions: ['content'] });
    const survivor = (await app.services.db.query<{ user_id: string }>(`SELECT user_id FROM users WHERE permissions @> $1::text[] AND status = 'active'`, [PERMISSIONS])).rows[0]!.user_id;
    const token = survivor === superA.userId ? superA.token : superB.token;
    const http = app.http();
    const put = (userId: string, body: object, bearer = token) => request(http).put(`/api/admin/staff/${userId}/permissions`).set({ Authorization: `Bearer ${bearer}` }).send(body);
    const ok = await put(staff.userId, { permissions: ['content', 'settings'], reason: 'Runs the website too' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toEqual({ userId: staff.userId, permissions: ['content', 'settings'] });
    expect((await put(staff.userId, { permissions: ['settings'], reason: 'x', userId: staff.userId })).status).toBe(400);
    expect((await put('SH0000000', { permissions: ['settings'], reason: 'Nobody' })).status).toBe(404);
    expect((await put(staff.userId, { permissions: ['content', 'settings'], reason: 'Again' })).status).toBe(409);
    expect((await request(http).put(`/api/admin/staff/${staff.userId}/permissions`).send({ permissions: [], reason: 'No one' })).status).toBe(401);
    expect((await put(staff.userId, { permissions: [], reason: 'Not mine' }, (await app.account()).token)).status).toBe(403);
  });
});
