import crypto from 'node:crypto';
import pg from 'pg';
import type { Db } from '#server/db/db';
import { migrate } from '#server/db/migrate';
import { openPglite } from '#server/db/pglite';
import { connectPostgres } from '#server/db/postgres';
import { copyPostgresTemplate, pgliteTemplateDump, POSTGRES_TEMPLATE_ENV } from './db-template.ts';
import { timeDatabaseMade } from './timings.ts';

export type TestDbKind = 'pglite' | 'postgres';

/** The kinds of database this run tests against: PGlite always; PostgreSQL when TEST_DATABASE_URL is set. */
export function testDbKinds(): TestDbKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestDb {
  db: Db;
  kind: TestDbKind;
  /** For PostgreSQL, the URL of the fresh database (other processes may connect to it). */
  url?: string;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database of the given kind: a copy of the run's migrated template
 * (db-template.ts, docs/decisions/045). On PostgreSQL it creates `sahay_test_<random>` on the server
 * at TEST_DATABASE_URL and drops it afterwards; an unreachable server fails the test.
 */
export async function createTestDb(kind: TestDbKind, options: { poolSize?: number; isMigrated?: boolean } = {}): Promise<TestDb> {
  return timeDatabaseMade(() => makeTestDb(kind, options));
}

async function makeTestDb(kind: TestDbKind, options: { poolSize?: number; isMigrated?: boolean }): Promise<TestDb> {
  // isMigrated: false gives an empty database, for tests of migrating itself.
  const isMigrated = options.isMigrated ?? true;
  if (kind === 'pglite') {
    const db = isMigrated ? await openPglite(undefined, { loadDataDir: await pgliteTemplateDump() }) : await openPglite();
    return { db, kind, drop: () => db.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `sahay_test_${crypto.randomBytes(6).toString('hex')}`;
  // Without a template (no global setup ran), a migrated database is migrated here.
  const template = isMigrated ? process.env[POSTGRES_TEMPLATE_ENV] : undefined;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    if (template) await copyPostgresTemplate(admin, name, template);
    else await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // A new connection makes the server start a backend: on a two-core CI machine running a dozen
  // test files at once, that has taken over the production default of 5 s, and a job that could not
  // connect gave up in silence after its retries. Tests wait longer instead.
  const db = connectPostgres(url.toString(), { poolSize: options.poolSize ?? 20, applicationName: 'sahay-test', connectionTimeoutMs: 30_000 });
  if (isMigrated && !template) await migrate(db);
  return {
    db,
    kind,
    url: url.toString(),
    async drop() {
      await db.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

export interface AppRoleConnection {
  db: Db;
  /** The login role made for this connection. */
  role: string;
  url: string;
  /** Closes the connection and drops the role (roles are cluster-wide, not per database). */
  close(): Promise<void>;
}

/**
 * PostgreSQL only: connects to the test database as a login role made for the caller, uniquely
 * named, a member of sahay_app and granted nothing else — what the app's role holds in production
 * (migrations/1732200001100_app-role.sql, docs/decisions/019).
 */
export async function connectAsAppRole(testDb: TestDb, options: { poolSize?: number } = {}): Promise<AppRoleConnection> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (testDb.kind !== 'postgres' || !testDb.url || !adminUrl) throw new Error('connectAsAppRole needs a PostgreSQL test database');
  const role = `sahay_test_app_${crypto.randomBytes(6).toString('hex')}`;
  const password = crypto.randomBytes(18).toString('hex');
  // Hex only: nothing in the name or the password needs quoting beyond this.
  await testDb.db.query(`CREATE ROLE ${role} LOGIN PASSWORD '${password}' IN ROLE sahay_app`);
  const url = new URL(testDb.url);
  url.username = role;
  url.password = password;
  const db = connectPostgres(url.toString(), { poolSize: options.poolSize ?? 5, applicationName: 'sahay-test-app-role' });
  let isClosed = false;
  return {
    db,
    role,
    url: url.toString(),
    async close() {
      if (isClosed) return;
      isClosed = true;
      await db.close();
      // Temporary tables die with their sessions; anything else it came to own or hold goes here.
      await testDb.db.query(`DROP OWNED BY ${role}`);
      await testDb.db.query(`DROP ROLE ${role}`);
    },
  };
}
