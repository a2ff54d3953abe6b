import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CANNOT_SUSPEND_SELF,
  LAST_SUPER_ADMIN,
  PERMISSIONS,
  STATUS_CHANGE_NOT_ALLOWED,
  suspendMember,
  userStreamId,
} from '#server/modules/identity/identity.api';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type TestApp } from '#server/testing/test-services';

/**
 * Issue 12, defect 1: an admin holding only `members` could suspend any admin, the super-admin
 * included. Suspending and reactivating now take what resetting two-factor takes (every permission
 * the account holds); nobody suspends themselves; the last active super-admin stays.
 */
describe.each(testDbKinds())('suspending admins on %s', (kind) => {
  let app: TestApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  async function statusEvents(userId: string): Promise<string[]> {
    return (await app!.services.eventStore.readStream(userStreamId(userId))).map((event) => event.type).filter((type) => type.startsWith('Member'));
  }

  it('refuses a members-only admin on the super-admin and on a finance admin, and anyone on themselves; nothing is written', async () => {
    app = await createTestApp(kind);
    const superAdmin = await app.account({ role: 'admin' });
    const finance = await app.account({ role: 'admin', permissions: ['finance', 'members'] });
    const members = await app.account({ role: 'admin', permissions: ['members'] });
    const membersCaller = await app.caller({ token: members.token });
    for (const target of [superAdmin, finance]) {
      await expect(membersCaller.admin.members.suspend({ userId: target.userId, reason: 'Takeover attempt' })).rejects.toMatchObject({
        code: 'FORBIDDEN',
        message: STATUS_CHANGE_NOT_ALLOWED,
      });
      expect(await statusEvents(target.userId)).toEqual([]);
      // Still signed in: the refusal revoked no session.
      await expect((await app.caller({ token: target.token })).admin.members.search({ query: 'Test' })).resolves.toBeDefined();
    }
    const superCaller = await app.caller({ token: superAdmin.token });
    await expect(superCaller.admin.members.suspend({ userId: superAdmin.userId, reason: 'Oops' })).rejects.toMatchObject({ code: 'FORBIDDEN', message: CANNOT_SUSPEND_SELF });
    expect(await statusEvents(superAdmin.userId)).toEqual([]);

    // The super-admin may suspend the finance admin; a finance + members admin may then not reactivate the super-admin's peers it does not cover.
    await superCaller.admin.members.suspend({ userId: finance.userId, reason: 'Left the foundation' });
    expect(await statusEvents(finance.userId)).toEqual(['MemberSuspended']);
    await expect(membersCaller.admin.members.reactivate({ userId: finance.userId, reason: 'Back' })).rejects.toMatchObject({ code: 'FORBIDDEN', message: STATUS_CHANGE_NOT_ALLOWED });
    await superCaller.admin.members.reactivate({ userId: finance.userId, reason: 'Back' });
    expect(await statusEvents(finance.userId)).toEqual(['MemberSuspended', 'MemberReactivated']);
  });

  it('keeps the last active super-admin: refused with nothing written, even when asked by someone holding every permission', async () => {
    app = await createTestApp(kind);
    const only = await app.account({ role: 'admin' });
    const meta = { actor: 'tool', correlationId: crypto.randomUUID() };
    await expect(suspendMember(app.services, only.userId, 'Test', { userId: 'SH-TOOL', permissions: [...PERMISSIONS] }, meta)).rejects.toMatchObject({
      code: 'CONFLICT',
      userMessage: LAST_SUPER_ADMIN,
    });
    expect(await statusEvents(only.userId)).toEqual([]);
    await expect((await app.caller({ token: only.token })).admin.members.search({ query: 'Test' })).resolves.toBeDefined();
  });

  it('two super-admins suspending each other at once: one is suspended, the other stays', async () => {
    app = await createTestApp(kind);
    const a = await app.account({ role: 'admin' });
    const b = await app.account({ role: 'admin' });
    const [callerA, callerB] = await Promise.all([app.caller({ token: a.token }), app.caller({ token: b.token })]);
    const results = await Promise.allSettled([
      callerA.admin.members.suspend({ userId: b.userId, reason: 'Dispute' }),
      callerB.admin.members.suspend({ userId: a.userId, reason: 'Dispute' }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refusal = results.find((result): result is PromiseRejectedResult => result.status === 'rejected')!.reason as { code: string; message: string };
    // The loser was either stopped by the rule, or (calls serialised) signed out by the winner first.
    expect([['CONFLICT', LAST_SUPER_ADMIN], ['UNAUTHORIZED', expect.any(String)]]).toContainEqual([refusal.code, refusal.message]);
    const suspended = [...(await statusEvents(a.userId)), ...(await statusEvents(b.userId))];
    expect(suspended).toEqual(['MemberSuspended']);
    const { rows } = await app.services.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM users WHERE role = 'admin' AND status = 'active'`);
    expect(rows[0]!.count).toBe(1);
  });
});
