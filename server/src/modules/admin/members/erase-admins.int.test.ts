import { afterEach, describe, expect, it } from 'vitest';
import { LAST_SUPER_ADMIN_ERASE, LAST_SUPER_ADMIN_RIGHTS, PERMISSIONS } from '#server/modules/identity/identity.api';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type TestApp } from '#server/testing/test-services';

/**
 * Issue 29, "Smaller holes": two super-admins erasing each other (or one erasing while the other
 * takes their rights away) at the same moment left no super-admin. Erasure now takes the lock and
 * the "last super-admin" count that suspension and permission changes take. On PostgreSQL the two
 * calls truly overlap; on PGlite they run one after the other.
 */
describe.each(testDbKinds())('erasing super-admins on %s', (kind) => {
  let app: TestApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  async function activeSuperAdmins(): Promise<number> {
    const { rows } = await app!.services.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM users WHERE role = 'admin' AND status = 'active' AND permissions @> $1::text[]`,
      [PERMISSIONS],
    );
    return rows[0]!.count;
  }

  /** The loser was stopped by the rule, or (calls serialised) found its own account already erased and signed out. */
  const LOSER = [
    ['CONFLICT', LAST_SUPER_ADMIN_ERASE],
    ['CONFLICT', LAST_SUPER_ADMIN_RIGHTS],
    ['UNAUTHORIZED', expect.any(String)],
  ];

  it('two super-admins erasing each other at once: one is erased, the other stays', async () => {
    app = await createTestApp(kind);
    for (let round = 0; round < 3; round++) {
      const a = await app.account({ role: 'admin' });
      const b = await app.account({ role: 'admin' });
      // Every earlier round left one super-admin: suspend it, so a and b are the only two.
      await app.services.db.query(`UPDATE users SET status = 'suspended' WHERE role = 'admin' AND user_id NOT IN ($1, $2) AND status = 'active'`, [a.userId, b.userId]);
      const [callerA, callerB] = await Promise.all([app.caller({ token: a.token }), app.caller({ token: b.token })]);
      const results = await Promise.allSettled([
        callerA.admin.members.erase({ userId: b.userId, reason: 'Dispute between admins' }),
        callerB.admin.members.erase({ userId: a.userId, reason: 'Dispute between admins' }),
      ]);
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      const refusal = results.find((result): result is PromiseRejectedResult => result.status === 'rejected')!.reason as { code: string; message: string };
      expect(LOSER).toContainEqual([refusal.code, refusal.message]);
      expect(await activeSuperAdmins()).toBe(1);
      const { rows } = await app.services.db.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM events WHERE type = 'PersonalDataErased' AND stream_id = ANY($1::text[])`,
        [[`user-${a.userId}`, `user-${b.userId}`]],
      );
      expect(rows[0]!.count).toBe(1);
    }
  });

  it('one erasing while the other takes their rights away at once: one super-admin stays', async () => {
    app = await createTestApp(kind);
    const a = await app.account({ role: 'admin' });
    const b = await app.account({ role: 'admin' });
    const [callerA, callerB] = await Promise.all([app.caller({ token: a.token }), app.caller({ token: b.token })]);
    const results = await Promise.allSettled([
      callerA.admin.members.erase({ userId: b.userId, reason: 'Dispute between admins' }),
      callerB.admin.members.setPermissions({ userId: a.userId, permissions: ['content'], reason: 'Dispute between admins' }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refusal = results.find((result): result is PromiseRejectedResult => result.status === 'rejected')!.reason as { code: string; message: string };
    expect(LOSER).toContainEqual([refusal.code, refusal.message]);
    expect(await activeSuperAdmins()).toBe(1);
  });

  it('refuses to erase the last active super-admin, even from the server’s own tool; nothing is written', async () => {
    app = await createTestApp(kind);
    const only = await app.account({ role: 'admin' });
    const before = await app.eventCount();
    const { erasePerson } = await import('#server/modules/identity/identity.api');
    await expect(erasePerson(app.services, { userId: only.userId, reason: 'Test', by: null }, { actor: 'tool:erase', correlationId: crypto.randomUUID() })).rejects.toMatchObject({
      code: 'CONFLICT',
      userMessage: LAST_SUPER_ADMIN_ERASE,
    });
    expect(await app.eventCount()).toBe(before);
    expect(await activeSuperAdmins()).toBe(1);
  });
});
