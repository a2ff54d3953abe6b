import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ConfigError, loadEnvFile } from '#server/config';
import { DataDirLockedError, lockDataDir } from '#server/db/pglite';
import { runProgram } from './external-program.ts';
import { loadToolConfig } from './open-services.ts';
import { formatMoment, parseRestoreTime, RestoreRefused, restoreToMoment } from './point-in-time.ts';

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
 *
 * `npm run restore -- --to "2026-12-01 14:05" [--pg-data <new directory>]` instead makes a PostgreSQL
 * cluster as it was at that minute from the pgBackRest archive (point-in-time recovery,
 * ./point-in-time.ts, docs/decisions/070).
 */
const USAGE = `Usage: npm run restore -- <backup file (.pgdump or .tar.gz from npm run backup)>
   or: npm run restore -- --to "YYYY-MM-DD HH:MM" [--pg-data <new directory>]   (India time unless a zone follows; from the pgBackRest archive)`;

async function restoreToTime(to: string, pgData: string | undefined): Promise<number> {
  try {
    // pgBackRest's settings may be in .env, as every other variable.
    loadEnvFile();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return 1;
  }
  try {
    const time = parseRestoreTime(to);
    console.log(`Restoring the cluster as it was at ${formatMoment(time.moment)}…`);
    const result = await restoreToMoment(time, pgData);
    console.log(
      `Restored into ${result.dataDir} from backup ${result.set.label} (${result.set.type === 'full' ? 'full' : result.set.type}, finished ${formatMoment(result.set.stoppedAt)}) ` +
        `in ${result.seconds.toFixed(1)} s; PostgreSQL: ${result.stoppedAt}.\n` +
        'Start PostgreSQL on it (a new timeline), then Sahay with the master key of that time, and check it with npm run replay. ' +
        'Take a full backup of it once it serves (pgbackrest backup --type=full): later restores start from there.',
    );
    // The last line is the directory alone, for scripts.
    console.log(result.dataDir);
    return 0;
  } catch (error) {
    if (!(error instanceof RestoreRefused)) throw error;
    console.error(`Restore refused: ${error.message}`);
    return error.exitCode;
  }
}

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
  let values;
  try {
    ({ positionals, values } = parseArgs({ allowPositionals: true, strict: true, options: { to: { type: 'string' }, 'pg-data': { type: 'string' } } }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.to !== undefined || values['pg-data'] !== undefined) {
    if (values.to === undefined || positionals.length > 0) {
      console.error(`${values.to === undefined ? '--pg-data goes with --to "<time>".' : 'Either a backup file or --to, not both.'}\n${USAGE}`);
      return 2;
    }
    return restoreToTime(values.to, values['pg-data']);
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
