import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Config } from '#server/config';
import { DataDirLockedError, lockDataDir } from '#server/db/pglite';
import { runProgram } from './external-program.ts';
import { loadToolConfig } from './open-services.ts';

/**
 * `npm run backup -- [--out <directory>]` (default ./backups): one file that holds the whole record.
 *
 * - On PostgreSQL (DATABASE_URL): `pg_dump --format=custom` of the database, as its owner
 *   (DATABASE_OWNER_URL when set): events, read models, and the sealed files kept in the database.
 *   Files kept in S3 are not in it: the bucket is backed up by its own means (versioning).
 * - On the embedded default: the data directory (the PGlite database, the mail outbox), taken while
 *   holding the database's lock, so never half-written; the server must be stopped for it.
 *
 * The master key is never in a backup (SAHAY_MASTER_KEY, or master.key in the data directory): the
 * backup holds only ciphertext of people's data, and a stolen backup without the key is useless.
 * Without the key, the restored events, read models' personal fields and documents cannot be read.
 */
const USAGE = 'Usage: npm run backup -- [--out <directory>]   (default: ./backups)';

/** Left out of an embedded backup: the key (kept apart) and the lock (of the process that made it). */
const EMBEDDED_EXCLUDED = ['master.key', 'db.lock'];

const stamp = () => new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');

async function backUpPostgres(config: Config & { database: { kind: 'postgres' } }, outDir: string): Promise<string> {
  const file = path.join(outDir, `sahay-${stamp()}.pgdump`);
  const url = config.database.ownerUrl ?? config.database.url;
  const result = await runProgram('pg_dump', ['--format=custom', '--no-owner', '--file', file, '--dbname', url]);
  if (result.code !== 0) {
    fs.rmSync(file, { force: true });
    throw new Error(`pg_dump failed (exit ${result.code}): ${result.stderr.trim()}`);
  }
  return file;
}

async function backUpEmbedded(config: Config, outDir: string): Promise<string> {
  const unlock = lockDataDir(config.dataDir, 'backup');
  try {
    const file = path.join(outDir, `sahay-${stamp()}.tar.gz`);
    const result = await runProgram('tar', ['--create', '--gzip', '--file', file, '--directory', config.dataDir, ...EMBEDDED_EXCLUDED.map((name) => `--exclude=./${name}`), '.']);
    if (result.code !== 0) {
      fs.rmSync(file, { force: true });
      throw new Error(`tar failed (exit ${result.code}): ${result.stderr.trim()}`);
    }
    return file;
  } finally {
    unlock();
  }
}

async function main(): Promise<number> {
  let values;
  try {
    values = parseArgs({ options: { out: { type: 'string' } }, strict: true }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const config = loadToolConfig();
  if (!config) return 1;
  const outDir = path.resolve(values.out ?? 'backups');
  // Inside the data directory, a backup would be copied into the next one.
  if (config.database.kind === 'pglite' && (outDir + path.sep).startsWith(config.dataDir + path.sep)) {
    console.error(`Write the backup outside the data directory (${config.dataDir}).`);
    return 2;
  }
  fs.mkdirSync(outDir, { recursive: true, mode: 0o700 });
  let file;
  try {
    file = config.database.kind === 'postgres' ? await backUpPostgres({ ...config, database: config.database }, outDir) : await backUpEmbedded(config, outDir);
  } catch (error) {
    console.error(error instanceof DataDirLockedError ? error.message : `Backup failed: ${(error as Error).message}`);
    return 1;
  }
  fs.chmodSync(file, 0o600);
  console.log(`Backup written: ${file} (${(fs.statSync(file).size / 1_048_576).toFixed(1)} MiB).`);
  console.log(
    'The master key is not in it. Keep the key apart from the backups (a password manager, a safe): without it the ' +
      "people's data and documents in this backup cannot be read by anyone, the foundation included. " +
      (config.SAHAY_MASTER_KEY ? 'It is SAHAY_MASTER_KEY.' : `It is ${path.join(config.dataDir, 'master.key')}.`),
  );
  if (config.files.kind === 's3') console.log(`Documents kept in S3 (bucket ${config.files.bucket}) are not in this backup: back the bucket up too.`);
  // The last line is the file alone, for scripts.
  console.log(file);
  return 0;
}

process.exitCode = await main();
