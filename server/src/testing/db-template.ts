import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { migrate, MIGRATIONS_DIR } from '#server/db/migrate';
import { pgliteDb } from '#server/db/pglite';
import { sqlState } from '#server/db/db';

/**
 * Migrated databases to copy, so a test database costs a copy instead of a migration
 * (docs/decisions/045). The test run's global setup (global-setup.ts) makes them once per run and
 * names them to the test processes in these variables; createTestDb copies them.
 *   PGlite: a dump of a migrated data directory, in a file kept by `templateKey()` across runs.
 *   PostgreSQL: a database migrated for this run, `CREATE DATABASE … TEMPLATE` copies it; dropped
 *   when the run ends.
 */
export const PGLITE_TEMPLATE_ENV = 'SAHAY_TEST_PGLITE_TEMPLATE';
export const POSTGRES_TEMPLATE_ENV = 'SAHAY_TEST_POSTGRES_TEMPLATE';

const REPO = path.resolve(MIGRATIONS_DIR, '..');
/** Databases named so belong to test runs; the sweep drops those a killed run left. */
const TEMPLATE_PREFIX = 'sahay_template_';
/** No test run lasts this long (CI's whole limit is 90 minutes): a template older is left over. */
const LEFT_OVER_AFTER_MS = 6 * 60 * 60 * 1000;
/** A cached dump of other migrations unused this long is gone from the cache. */
const UNUSED_DUMP_MS = 24 * 60 * 60 * 1000;
const PG_OBJECT_IN_USE = '55006';

function packageVersion(name: string): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(REPO, 'node_modules', name, 'package.json'), 'utf8')) as { version: string };
  return manifest.version;
}

/**
 * What the migrated database depends on, hashed: every migration file's name and bytes, the code
 * that applies them (db/migrate.ts, node-pg-migrate's version) and, for the dump, PGlite's version.
 * A change to any of them gives a new key, so a new template.
 */
export function templateKey(): string {
  const hash = crypto.createHash('sha256');
  for (const file of fs.readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(MIGRATIONS_DIR, file)));
  }
  hash.update(fs.readFileSync(path.join(REPO, 'server/src/db/migrate.ts')));
  hash.update(`node-pg-migrate ${packageVersion('node-pg-migrate')}\0@electric-sql/pglite ${packageVersion('@electric-sql/pglite')}`);
  return hash.digest('hex').slice(0, 16);
}

/** A migrated PGlite data directory, dumped as a gzipped tar. */
export async function dumpMigratedPglite(): Promise<Blob> {
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = await PGlite.create('memory://');
  const db = pgliteDb(pglite);
  try {
    await migrate(db);
    return await pglite.dumpDataDir('gzip');
  } finally {
    await db.close();
  }
}

/**
 * The file holding the migrated PGlite dump for these migrations, made if missing. Written under a
 * temporary name and renamed, so a run never reads half a dump; dumps of other migrations that no
 * run has used for a day are removed.
 */
export async function preparePgliteTemplate(cacheDir: string): Promise<string> {
  fs.mkdirSync(cacheDir, { recursive: true });
  const file = path.join(cacheDir, `pglite-${templateKey()}.tgz`);
  if (fs.existsSync(file)) {
    const now = new Date();
    fs.utimesSync(file, now, now);
  } else {
    const partial = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
    fs.writeFileSync(partial, Buffer.from(await (await dumpMigratedPglite()).arrayBuffer()));
    fs.renameSync(partial, file);
  }
  for (const name of fs.readdirSync(cacheDir)) {
    const other = path.join(cacheDir, name);
    if (other !== file && name.startsWith('pglite-') && Date.now() - fs.statSync(other).mtimeMs > UNUSED_DUMP_MS) fs.rmSync(other, { force: true });
  }
  return file;
}

let pgliteTemplate: Promise<Blob> | undefined;

/**
 * The migrated PGlite dump for this process: read from the file the run's global setup named; made
 * here, once per process, when no global setup ran (a config without it).
 */
export function pgliteTemplateDump(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const file = process.env[PGLITE_TEMPLATE_ENV];
    // The type tells PGlite to unzip it.
    return file ? new Blob([fs.readFileSync(file)], { type: 'application/x-gzip' }) : await dumpMigratedPglite();
  })();
  return pgliteTemplate;
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropTemplate(client: pg.Client, name: string): Promise<void> {
  await client.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE false`);
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/**
 * Migrates a database for this run on the server at adminUrl and makes it a template that takes no
 * connections: copying a database PostgreSQL refuses while anyone is connected to it ("source
 * database is being accessed by other users"), so nobody may connect. Templates that killed runs
 * left (older than any run lasts) are dropped first. Returns the name and how to drop it.
 */
export async function preparePostgresTemplate(adminUrl: string): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `${TEMPLATE_PREFIX}${templateKey()}_${crypto.randomBytes(4).toString('hex')}`;
  await withClient(adminUrl, async (client) => {
    const { rows } = await client.query<{ datname: string; made: string | null }>(
      `SELECT datname, shobj_description(oid, 'pg_database') AS made FROM pg_database WHERE datname LIKE $1`,
      [`${TEMPLATE_PREFIX}%`],
    );
    for (const row of rows) {
      const madeAt = Date.parse(row.made ?? '');
      if (Number.isNaN(madeAt) || Date.now() - madeAt > LEFT_OVER_AFTER_MS) await dropTemplate(client, row.datname);
    }
    await client.query(`CREATE DATABASE ${name}`);
    await client.query(`COMMENT ON DATABASE ${name} IS '${new Date().toISOString()}'`);
  });
  try {
    // By URL: migrate's own connection, closed before it returns.
    await migrate(databaseUrl(adminUrl, name));
    await withClient(adminUrl, (client) => client.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`));
  } catch (error) {
    await withClient(adminUrl, (client) => dropTemplate(client, name));
    throw error;
  }
  return { name, drop: () => withClient(adminUrl, (client) => dropTemplate(client, name)) };
}

/**
 * CREATE DATABASE name as a copy of the template. PostgreSQL refuses a copy while the template has
 * a connection; none is allowed, but a refusal is still retried a few times, with a pause, before
 * it fails the test.
 */
export async function copyPostgresTemplate(client: pg.Client, name: string, template: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      return;
    } catch (error) {
      if (sqlState(error) !== PG_OBJECT_IN_USE || attempt === 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}
