import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { DataDirLockedError, lockDataDir } from '#server/db/pglite';
import { runProgram } from './external-program.ts';
import { loadToolConfig } from './open-services.ts';

/**
 * `npm run restore -- <backup file>`: puts a backup of `npm run backup` back, into an EMPTY place
 * only, so that it can never overwrite a live record:
 *
 * - a `.pgdump` into the database of DATABASE_OWNER_URL (or DATABASE_URL), which must have no tables
 *   yet (create it first: `createdb sahay_restored`);
 * - a `.tar.gz` into SAHAY_DATA_DIR, which must hold no database yet.
 *
 * Then start the server with the same master key as when the backup was made (SAHAY_MASTER_KEY, or
 * its master.key put back in the data directory), and check it: `npm run replay` compares every read
 * model with the events.
 */
const USAGE = 'Usage: npm run restore -- <backup file (.pgdump or .tar.gz from npm run backup)>';

async function restorePostgres(url: string, file: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: number }>(`SELECT count(*)::int AS count FROM pg_tables WHERE schemaname = 'public'`);
    if (rows[0]!.count > 0) throw new Error(`the database of the URL already has ${rows[0]!.count} table(s); restore into a new, empty database`);
  } finally {
    await client.end();
  }
  const result = await runProgram('pg_restore', ['--no-owner', '--exit-on-error', '--single-transaction', '--dbname', url, file]);
  if (result.code !== 0) throw new Error(`pg_restore failed (exit ${result.code}): ${result.stderr.trim()}`);
}

async function restoreEmbedded(dataDir: string, file: string): Promise<void> {
  const unlock = lockDataDir(dataDir, 'restore');
  try {
    if (fs.existsSync(path.join(dataDir, 'db'))) throw new Error(`${dataDir} already holds a database; restore into a new, empty data directory`);
    const result = await runProgram('tar', ['--extract', '--gzip', '--file', file, '--directory', dataDir, '--no-same-owner', '--exclude=./master.key', '--exclude=./db.lock']);
    if (result.code !== 0) throw new Error(`tar failed (exit ${result.code}): ${result.stderr.trim()}`);
  } finally {
    unlock();
  }
}

async function main(): Promise<number> {
  let positionals;
  try {
    positionals = parseArgs({ allowPositionals: true, strict: true }).positionals;
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const file = positionals.length === 1 ? path.resolve(positionals[0]!) : null;
  if (!file || !fs.existsSync(file)) {
    console.error(`${file ? `No such file: ${file}` : 'Name one backup file.'}\n${USAGE}`);
    return 2;
  }
  const config = loadToolConfig();
  if (!config) return 1;
  const isDump = file.endsWith('.pgdump');
  if (isDump !== (config.database.kind === 'postgres')) {
    console.error(
      isDump
        ? 'This is a PostgreSQL backup: set DATABASE_URL (or DATABASE_OWNER_URL) to a new, empty database.'
        : 'This is a backup of the embedded database: unset DATABASE_URL and set SAHAY_DATA_DIR to a new, empty directory.',
    );
    return 2;
  }
  try {
    if (config.database.kind === 'postgres') await restorePostgres(config.database.ownerUrl ?? config.database.url, file);
    else await restoreEmbedded(config.dataDir, file);
  } catch (error) {
    console.error(error instanceof DataDirLockedError ? error.message : `Restore failed: ${(error as Error).message}`);
    return 1;
  }
  console.log(
    `Restored ${path.basename(file)}. Start Sahay with the master key of the backup's time ` +
      `(SAHAY_MASTER_KEY, or master.key in ${config.dataDir}); then npm run replay checks every read model against the events.`,
  );
  return 0;
}

process.exitCode = await main();
