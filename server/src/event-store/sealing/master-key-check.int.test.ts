import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '#server/config';
import type { Db } from '#server/db/db';
import { openPglite } from '#server/db/pglite';
import { connectPostgres } from '#server/db/postgres';
import { createAccount } from '#server/modules/identity/identity.api';
import { createServices } from '#server/create-services';
import { needsPostgres, describeWhere } from '#server/testing/requires';
import { createTestDb, type TestDb } from '#server/testing/test-db';
import { runTool, TOOL_TIMEOUT_MS } from '#server/tools/run-tool.test-helper';
import { assertMasterKeyMatches, MasterKeyMismatchError } from './master-key-check.ts';
import { PersonalDataVault } from './personal-data.ts';

/**
 * A server, worker or tool started with another SAHAY_MASTER_KEY than the one the database's data
 * keys were wrapped with refuses to start, naming SAHAY_MASTER_KEY, and writes nothing: no SQL
 * migration, no key migration, no seed (issue 29). Through createServices, which the server, the
 * worker and every tool but `npm run migrate` open (that one is checked in the same way).
 */

const KEY_A = crypto.randomBytes(32).toString('base64');
const KEY_B = crypto.randomBytes(32).toString('base64');
const log = pino({ level: 'silent' });

/** Everything a start could write: every table's rows, as text, by table. */
async function contents(db: Db): Promise<Record<string, string>> {
  const { rows: tables } = await db.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`);
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const { rows } = await db.query<{ data: string | null }>(`SELECT string_agg(t::text, E'\\n' ORDER BY t::text) AS data FROM "${name}" t`);
    out[name] = rows[0]?.data ?? '';
  }
  return out;
}

function suite(kind: 'pglite' | 'postgres') {
  let dataDir: string;
  let testDb: TestDb | undefined;
  let env: Record<string, string>;
  /** A connection of the test's own, to look at the database between starts (PGlite: opened when no process holds it). */
  let look: <T>(run: (db: Db) => Promise<T>) => Promise<T>;

  const configWith = (key: string): Config => loadConfig({ ...env, SAHAY_MASTER_KEY: key });
  const start = (key: string) => createServices({ config: configWith(key), log, owner: 'test', runsJobs: false });

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahay-key-check-'));
    env = { NODE_ENV: 'test', SAHAY_DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    if (kind === 'postgres') {
      testDb = await createTestDb('postgres', { poolSize: 2 });
      env.DATABASE_URL = testDb.url!;
      look = async (run) => {
        const db = connectPostgres(testDb!.url!, { poolSize: 1, applicationName: 'sahay-test-look' });
        try {
          return await run(db);
        } finally {
          await db.close();
        }
      };
    } else {
      look = async (run) => {
        const db = await openPglite(path.join(dataDir, 'db'));
        try {
          return await run(db);
        } finally {
          await db.close();
        }
      };
    }
    // The database is made (and migrated) with key A, and holds a person's sealed data.
    const services = await start(KEY_A);
    try {
      await createAccount(
        services,
        { role: 'member', permissions: [], password: 'correct horse battery', fullName: 'Asha Verma', email: 'asha@example.org', phone: '9876543210', address: '1 Test Road', city: 'Jaipur', state: 'Rajasthan' },
        { actor: 'system', correlationId: crypto.randomUUID() },
      );
    } finally {
      await services.close();
    }
  }, 180_000);
  afterAll(async () => {
    await testDb?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses to start with another key, naming SAHAY_MASTER_KEY, and writes nothing', async () => {
    const before = await look(contents);
    expect(before.master_key_check).not.toBe('');
    const refused = await start(KEY_B).then(
      (services) => services.close().then(() => null),
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(MasterKeyMismatchError);
    expect((refused as Error).message).toContain('SAHAY_MASTER_KEY');
    expect(await look(contents)).toEqual(before);
  });

  it('refuses another key on a database whose check was never recorded (a data key does not open), writing nothing', async () => {
    // As a database from before the check: no check value. (Dropping the table and un-recording its
    // migration no longer simulates that: node-pg-migrate refuses a pending migration older than an
    // applied one, and later migrations exist.)
    await look(async (db) => {
      await db.query(`DELETE FROM master_key_check`);
    });
    const before = await look(contents);
    expect(before.master_key_check).toBe('');
    await expect(start(KEY_B)).rejects.toBeInstanceOf(MasterKeyMismatchError);
    // No check value recorded for the wrong key, no key step or seed run.
    expect(await look(contents)).toEqual(before);

    // The right key starts and records the check.
    const services = await start(KEY_A);
    await services.close();
    const after = await look(contents);
    expect(after.master_key_check).not.toBe('');
  });

  it('the tools refuse too, naming SAHAY_MASTER_KEY, writing nothing: npm run migrate, and npm run replay (through the services every other tool opens)', async () => {
    const before = await look(contents);
    for (const tool of ['migrate.ts', 'replay.ts']) {
      const run = runTool(tool, [], { ...env, SAHAY_MASTER_KEY: KEY_B });
      expect([tool, run.code], run.stderr).toEqual([tool, 1]);
      expect(run.stderr).toContain('SAHAY_MASTER_KEY');
    }
    expect(await look(contents)).toEqual(before);
  }, 3 * TOOL_TIMEOUT_MS);

  it('refuses to start without a master key on a database holding sealed data, and writes no new master.key (issue 29 review)', async () => {
    const keyFile = path.join(dataDir, 'master.key');
    expect(fs.existsSync(keyFile)).toBe(false);
    const before = await look(contents);
    // No SAHAY_MASTER_KEY and no master.key: the embedded default would make a key of its own.
    await expect(createServices({ config: loadConfig(env), log, owner: 'test', runsJobs: false })).rejects.toBeInstanceOf(MasterKeyMismatchError);
    expect(fs.existsSync(keyFile)).toBe(false);
    const run = runTool('migrate.ts', [], env);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain('SAHAY_MASTER_KEY');
    expect(fs.existsSync(keyFile)).toBe(false);
    expect(await look(contents)).toEqual(before);
  }, 2 * TOOL_TIMEOUT_MS);

  it('starts with the right key, as often as asked', async () => {
    for (let i = 0; i < 2; i += 1) {
      const services = await start(KEY_A);
      await services.close();
    }
  });
}

/**
 * A server and a worker started together on a new database: while one migrates, the other checks
 * its key against a data_keys table that may not have its key_scheme column yet (migration
 * 1732200001000). The check must judge the key (scheme 1 then), not fail on the missing column.
 */
describe.each(['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres' as const] : [])] as const)('the key check while another process migrates (%s)', (kind) => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb(kind, { isMigrated: false });
    await testDb.db.query(`CREATE TABLE data_keys (subject_id text PRIMARY KEY, wrapped_key bytea)`);
    await testDb.db.query(`INSERT INTO data_keys (subject_id, wrapped_key) VALUES ('user-1', $1)`, [crypto.randomBytes(60)]);
  });
  afterAll(() => testDb.drop());

  it('judges a data key written before key schemes as scheme 1, instead of failing on the column', async () => {
    const vault = new PersonalDataVault(crypto.randomBytes(32));
    await expect(assertMasterKeyMatches(testDb.db, vault)).rejects.toBeInstanceOf(MasterKeyMismatchError);
  });
});

describe('a process started with another master key than the database’s (PGlite)', () => suite('pglite'));
describeWhere([needsPostgres], 'a process started with another master key than the database’s (PostgreSQL)', () => suite('postgres'));
