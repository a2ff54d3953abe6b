import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config';
import { runKeyMigrations } from '#server/event-store/sealing/key-migration';
import { PersonalDataVault } from '#server/event-store/sealing/personal-data';
import { runRelayBatch } from '#server/event-store/relay';
import { replayAndCompare } from '#server/event-store/replay';
import type { InProcessQueue } from '#server/queue/in-process-queue';
import { createServices } from '#server/create-services';
import { runTool, TOOL_TIMEOUT_MS } from '#server/tools/run-tool.test-helper';
import { createInnerContext, type Context } from '#server/trpc/context';
import { createCallerFactory } from '#server/trpc/procedures';
import { appRouter } from '#server/trpc/router';
import { connectAsAppRole, createTestDb, testDbKinds, type AppRoleConnection, type TestDb } from '#server/testing/test-db';
import { describeWhere, needsPostgres } from '#server/testing/requires';
import { drainBatches } from '#server/testing/held-back';
import { sqlState } from './db.ts';
import { connectPostgres } from './postgres.ts';
import { MigrationsPendingError, migrateOnStart, migrationNames, pendingMigrations } from './migrate.ts';

const PG_INSUFFICIENT_PRIVILEGE = '42501';
const NOW = new Date('2026-03-01T10:00:00Z');
const createCaller = createCallerFactory(appRouter);
type SessionPermissions = NonNullable<Context['user']>['permissions'];

/** The SQLSTATE the statement failed with, or 'ok'. */
async function sqlStateOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    return sqlState(error);
  }
  return 'ok';
}

describe.each(testDbKinds().filter((kind) => kind === 'pglite'))('the app role on %s', (kind) => {
  it('is the one superuser: the grants the migrations make change nothing there', async () => {
    const testDb = await createTestDb(kind);
    try {
      const { rows } = await testDb.db.query<{ is_superuser: boolean; has_group: boolean }>(
        `SELECT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AS is_superuser,
                EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sahay_app') AS has_group`,
      );
      expect(rows).toEqual([{ is_superuser: true, has_group: true }]);
      expect(await pendingMigrations(testDb.db)).toEqual([]);
    } finally {
      await testDb.drop();
    }
  });
});

// Roles exist only on a real PostgreSQL server; PGlite-only runs skip this part.
describeWhere([needsPostgres], 'the app role on postgres', () => {
  let testDb: TestDb;
  let app: AppRoleConnection;

  beforeAll(async () => {
    testDb = await createTestDb('postgres', { poolSize: 5 });
  });
  afterEach(async () => {
    await app?.close();
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  it('may not update, delete or truncate events, nor change the table or its triggers', async () => {
    app = await connectAsAppRole(testDb);
    const streamId = `role-test-${crypto.randomUUID()}`;
    await testDb.db.query(`INSERT INTO streams (stream_id, version) VALUES ($1, 1)`, [streamId]);
    await testDb.db.query(
      `INSERT INTO events (event_id, stream_id, stream_version, type, data, metadata) VALUES ($1, $2, 1, 'Tested', '{}', '{}')`,
      [crypto.randomUUID(), streamId],
    );
    const refused = {
      update: await sqlStateOf(app.db.query(`UPDATE events SET type = 'Changed' WHERE stream_id = $1`, [streamId])),
      delete: await sqlStateOf(app.db.query(`DELETE FROM events WHERE stream_id = $1`, [streamId])),
      truncate: await sqlStateOf(app.db.query(`TRUNCATE events`)),
      dropTrigger: await sqlStateOf(app.db.query(`DROP TRIGGER events_no_update_or_delete ON events`)),
      disableTrigger: await sqlStateOf(app.db.query(`ALTER TABLE events DISABLE TRIGGER USER`)),
      grantToSelf: await sqlStateOf(app.db.query(`GRANT UPDATE ON events TO ${app.role}`)),
      deleteStream: await sqlStateOf(app.db.query(`DELETE FROM streams WHERE stream_id = $1`, [streamId])),
      deleteDataKey: await sqlStateOf(app.db.query(`DELETE FROM data_keys`)),
      recordMigration: await sqlStateOf(app.db.query(`INSERT INTO schema_migrations (name, run_on) VALUES ('fake', now())`)),
      createTable: await sqlStateOf(app.db.query(`CREATE TABLE sneaky (x int)`)),
    };
    expect(refused).toEqual({
      update: PG_INSUFFICIENT_PRIVILEGE,
      delete: PG_INSUFFICIENT_PRIVILEGE,
      truncate: PG_INSUFFICIENT_PRIVILEGE,
      dropTrigger: PG_INSUFFICIENT_PRIVILEGE,
      disableTrigger: PG_INSUFFICIENT_PRIVILEGE,
      // Only the owner may grant: PostgreSQL says so with a warning and grants nothing.
      grantToSelf: 'ok',
      deleteStream: PG_INSUFFICIENT_PRIVILEGE,
      deleteDataKey: PG_INSUFFICIENT_PRIVILEGE,
      recordMigration: PG_INSUFFICIENT_PRIVILEGE,
      createTable: PG_INSUFFICIENT_PRIVILEGE,
    });
    expect(await sqlStateOf(app.db.query(`UPDATE events SET type = 'Changed' WHERE stream_id = $1`, [streamId]))).toBe(PG_INSUFFICIENT_PRIVILEGE);
    const { rows } = await testDb.db.query<{ type: string }>(`SELECT type FROM events WHERE stream_id = $1`, [streamId]);
    expect(rows).toEqual([{ type: 'Tested' }]);
  });

  it('runs the app as that role: a tool, sign-in, invite codes, registration, jobs, replay, key migrations', { timeout: TOOL_TIMEOUT_MS }, async () => {
    app = await connectAsAppRole(testDb, { poolSize: 5 });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahay-app-role-'));
    const masterKey = crypto.randomBytes(32);
    const adminEmail = `admin.${crypto.randomBytes(4).toString('hex')}@example.org`;
    // A tool through createServices as the app role: a start with nothing to migrate, then a command.
    const created = runTool('admin-create.ts', ['--email', adminEmail, '--name', 'Role Admin', '--permissions', 'members'], {
      DATABASE_URL: app.url,
      SAHAY_MASTER_KEY: masterKey.toString('base64'),
      SAHAY_ADMIN_PASSWORD: 'a long admin password',
      SAHAY_DATA_DIR: dataDir,
    });
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);

    const services = await createServices({
      config: loadConfig({ NODE_ENV: 'test', SAHAY_DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
      log: pino({ level: 'silent' }),
      owner: 'test',
      db: app.db,
      masterKey,
      runsJobs: true,
      now: () => NOW,
    });
    try {
      const { rows: who } = await services.db.query<{ role: string }>('SELECT current_user AS role');
      expect(who).toEqual([{ role: app.role }]);
      expect(await migrateOnStart(app.db, { url: app.url })).toEqual([]);

      const visitor = createCaller(createInnerContext(services));
      const admin = await visitor.identity.adminLogin({ email: adminEmail, password: 'a long admin password' });
      // The response DTO widens permissions to strings; the session the server made holds these exact ones.
      const asAdmin = createCaller(createInnerContext(services, { user: { ...admin, permissions: admin.permissions as SessionPermissions } }));
      const [epin] = (await asAdmin.community.epins.generate({ count: 1 })).epins;
      const email = `member.${crypto.randomBytes(4).toString('hex')}@example.org`;
      const registered = await visitor.community.register({
        fullName: 'Sunita Devi',
        email,
        phone: '+91 98765 43210',
        epin: epin!.code,
        password: 'a strong password',
        address: '12 Station Road',
        city: 'Jaipur',
        state: 'Rajasthan',
        pinCode: '302001',
      });
      const member = await visitor.identity.login({ email, password: 'a strong password' });
      expect(member.userId).toBe(registered.userId);
      const { rows: streams } = await services.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM streams WHERE stream_id LIKE '%' || $1`, [registered.userId]);
      expect(streams[0]!.count).toBeGreaterThan(0);

      // As TestApp.runJobs: transaction IDs are cluster-wide, so another test's open transaction may hold events back a moment.
      await drainBatches(services.db, 'relay', () => runRelayBatch(services, { owner: 'test' }));
      await (services.queue as InProcessQueue).drain();

      const replays = await replayAndCompare(services);
      expect(replays.length).toBeGreaterThan(0);
      expect(replays.filter((replay) => replay.differences.length > 0)).toEqual([]);

      const report = await runKeyMigrations({ db: app.db, vault: new PersonalDataVault(masterKey), modules: services.modules, now: () => NOW });
      expect(report.rewrapped).toBe(0);
    } finally {
      await services.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses to start on a database it would have to migrate, saying what to run, and the owner URL migrates it', async () => {
    const empty = await createTestDb('postgres', { poolSize: 2, isMigrated: false });
    // The role is made in the migrated test database (sahay_app exists there); roles are cluster-wide.
    app = await connectAsAppRole(testDb);
    const url = new URL(app.url);
    url.pathname = new URL(empty.url!).pathname;
    const onEmpty = connectPostgres(url.toString(), { poolSize: 2 });
    try {
      expect(await pendingMigrations(onEmpty)).toEqual(migrationNames());
      const error = await migrateOnStart(onEmpty, { url: url.toString() }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(MigrationsPendingError);
      expect((error as MigrationsPendingError).message).toContain(`the role in DATABASE_URL (${app.role}) may not apply them`);
      expect((error as MigrationsPendingError).message).toContain('DATABASE_OWNER_URL');
      // Nothing was tried: not even the bookkeeping table exists.
      const { rows: tables } = await empty.db.query(`SELECT 1 FROM pg_tables WHERE schemaname = 'public'`);
      expect(tables).toEqual([]);

      const applied = await migrateOnStart(onEmpty, { url: url.toString(), ownerUrl: empty.url });
      expect(applied).toEqual(migrationNames());
      expect(await pendingMigrations(onEmpty)).toEqual([]);
      // The owner made the tables, so the app role is a guest in them like anywhere else.
      expect(await sqlStateOf(onEmpty.query('TRUNCATE events'))).toBe(PG_INSUFFICIENT_PRIVILEGE);
      expect(await sqlStateOf(onEmpty.query('SELECT count(*) FROM events'))).toBe('ok');
    } finally {
      await onEmpty.close();
      await app.close();
      await empty.drop();
    }
  });
});
