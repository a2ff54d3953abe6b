import crypto from 'node:crypto';
import pg from 'pg';
import type { Db } from '#server/db/db';
import { migrate } from '#server/db/migrate';
import { openPglite } from '#server/db/pglite';
import { connectPostgres } from '#server/db/postgres';

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
 * A fresh, migrated database of the given kind. On PostgreSQL it creates `sahay_test_<random>` on
 * the server at TEST_DATABASE_URL and drops it afterwards; an unreachable server fails the test.
 */
export async function createTestDb(kind: TestDbKind, options: { poolSize?: number } = {}): Promise<TestDb> {
  if (kind === 'pglite') {
    const db = await openPglite();
    await migrate(db);
    return { db, kind, drop: () => db.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `sahay_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = connectPostgres(url.toString(), { poolSize: options.poolSize ?? 20, applicationName: 'sahay-test' });
  await migrate(db);
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
