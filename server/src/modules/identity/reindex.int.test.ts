import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKeyMigrations } from '#server/event-store/sealing/key-migration';
import { replayAndCompare } from '#server/event-store/replay';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type TestApp } from '#server/testing/test-services';
import { logIn } from './accounts/login.ts';

/**
 * After a blind-index key change (docs/decisions/019) the users read model holds hashes made with
 * the old key: e-mail sign-in finds nobody until identity's reindex hook has run, and a replay (which
 * hashes with the key in force) must equal the re-indexed table.
 */
describe.each(testDbKinds())('identity re-index after a key change on %s', (kind) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('recomputes every e-mail hash from the address, once, and replay equals live', async () => {
    const member = await app.account({ email: 'Reindex.Me@Example.org' });
    const other = await app.account();
    // Every module's read model indexed with the key in force (test apps skip the start-up step)...
    await runKeyMigrations({ db: app.services.db, vault: app.services.vault, modules: app.services.modules, now: app.services.now });
    // ...then identity's as a read model indexed under another key looks: hashes that match nothing, and no marker.
    await app.services.db.query(`UPDATE users SET email_hash = 'stale-' || user_id WHERE email IS NOT NULL`);
    await app.services.db.query(`DELETE FROM blind_index_versions WHERE module = 'identity'`);
    await expect(logIn(app.services, { email: member.email, password: member.password }, { kind: 'bearer' })).rejects.toThrow();

    const report = await runKeyMigrations({ db: app.services.db, vault: app.services.vault, modules: app.services.modules, now: app.services.now });
    expect(report.reindexed).toEqual(['identity']);

    expect((await logIn(app.services, { email: 'reindex.me@example.org', password: member.password }, { kind: 'bearer' })).user.userId).toBe(member.userId);
    expect((await logIn(app.services, { email: other.email, password: other.password }, { kind: 'bearer' })).user.userId).toBe(other.userId);
    const [users] = await replayAndCompare(app.services, 'users');
    expect(users?.differences).toEqual([]);
    expect((await runKeyMigrations({ db: app.services.db, vault: app.services.vault, modules: app.services.modules, now: app.services.now })).reindexed).toEqual([]);
  });
});
