import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * `npm run restore -- --to "2026-12-01 14:05" [--pg-data <dir>]`: a PostgreSQL cluster as it was at
 * that minute, from the pgBackRest repository that the database's continuous WAL archiving fills
 * (docs/decisions/070): the last full backup before the time, then the archived WAL replayed up to it
 * (point-in-time recovery, pgBackRest `restore --type=time`).
 *
 * The cluster is made in a new, empty directory only, never over a live one. The recovery is run to
 * its end here, by a PostgreSQL of the tool's own that listens on no TCP port and archives nothing,
 * so that the tool ends with a cluster that was promoted at the time asked for — or with nothing:
 * on any failure the directory is removed again.
 *
 * pgBackRest reads its own settings from its environment (PGBACKREST_STANZA, PGBACKREST_REPO1_PATH,
 * PGBACKREST_REPO1_TYPE=s3 with PGBACKREST_REPO1_S3_*, PGBACKREST_CONFIG…); the stanza is `sahay`
 * unless PGBACKREST_STANZA says otherwise, and the directory is PGBACKREST_PG1_PATH without --pg-data.
 */

/** A moment written without a zone is India's time (UTC+05:30 all year), as everywhere in Sahay. */
const INDIA_OFFSET = '+05:30';
const TIME_FORM = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?\s*(Z|UTC|[+-]\d{2}:?\d{2})?$/i;

export class RestoreRefused extends Error {
  constructor(
    message: string,
    /** 2: the request is wrong (arguments); 1: it cannot be done (the repository, the directory). */
    readonly exitCode: 1 | 2 = 1,
  ) {
    super(message);
  }
}

export interface RestoreTime {
  moment: Date;
  /** The same moment as PostgreSQL reads recovery_target_time: UTC, to the microsecond (commit times are compared in microseconds). */
  target: string;
}

/** The moment of `--to`: "YYYY-MM-DD HH:MM", with optional seconds (and fraction) and zone (Z, ±HH:MM; none means India's time). */
export function parseRestoreTime(text: string, now = new Date()): RestoreTime {
  const match = TIME_FORM.exec(text.trim());
  const help = `Write the time as "YYYY-MM-DD HH:MM" (India time), e.g. "2026-12-01 14:05"; seconds and a zone (Z, +05:30) may follow.`;
  if (!match) throw new RestoreRefused(`"${text}" is not a time. ${help}`, 2);
  const [, year, month, day, hour, minute, second = '00', fraction = '', zoneText] = match;
  const zone = !zoneText ? INDIA_OFFSET : /^(z|utc)$/i.test(zoneText) ? '+00:00' : zoneText.includes(':') ? zoneText : `${zoneText.slice(0, 3)}:${zoneText.slice(3)}`;
  // Date would roll 31 November over into December: each field must be in its range.
  const daysInMonth = new Date(Date.UTC(Number(year), Number(month), 0)).getUTCDate();
  const fieldsValid =
    Number(month) >= 1 && Number(month) <= 12 && Number(day) >= 1 && Number(day) <= daysInMonth && Number(hour) <= 23 && Number(minute) <= 59 && Number(second) <= 59 && Number(zone.slice(1, 3)) <= 14 && Number(zone.slice(4)) <= 59;
  const micros = fraction.padEnd(6, '0');
  const moment = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}.${micros.slice(0, 3)}${zone}`);
  if (!fieldsValid || Number.isNaN(moment.getTime())) throw new RestoreRefused(`"${text}" is not a time that exists. ${help}`, 2);
  if (moment.getTime() > now.getTime()) throw new RestoreRefused(`${formatMoment(moment)} is still to come: choose a time that has passed.`, 2);
  return { moment, target: `${moment.toISOString().slice(0, 19).replace('T', ' ')}.${micros}+00` };
}

/** A moment for people: India's time and UTC. */
export function formatMoment(moment: Date): string {
  const india = new Date(moment.getTime() + 330 * 60_000).toISOString().slice(0, 19).replace('T', ' ');
  return `${india} India time (${moment.toISOString().slice(0, 19).replace('T', ' ')} UTC)`;
}

// ---------------------------------------------------------------------------------------------
// pgBackRest and PostgreSQL, as the `postgres` system user when run as root (PostgreSQL refuses root)

interface RunAs {
  uid: number;
  gid: number;
}

function systemPostgresUser(): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const uid = id('-u');
  const gid = id('-g');
  if (!Number.isInteger(uid) || !Number.isInteger(gid) || uid === 0) throw new RestoreRefused('Run as root, this needs a `postgres` system user to run pgBackRest and PostgreSQL as.');
  return { uid, gid };
}

/** The programs this restore has started, with the signal that stops each at once, for an interruption to stop before it removes their work. */
const children = new Map<ChildProcess, NodeJS.Signals>();

/** SIGTERM stops pgBackRest; SIGQUIT is PostgreSQL's immediate shutdown, which takes its own processes down too. */
function track<T extends ChildProcess>(child: T, stopWith: NodeJS.Signals = 'SIGTERM'): T {
  children.set(child, stopWith);
  child.once('exit', () => children.delete(child));
  return child;
}

function pgbackrest(args: readonly string[], env: NodeJS.ProcessEnv, runAs: RunAs | undefined): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    track(execFile('pgbackrest', args, { env, maxBuffer: 64 * 1024 * 1024, ...runAs }, (error, stdout, stderr) => {
      if (error && ['ENOENT', 'EACCES'].includes(String((error as NodeJS.ErrnoException).code))) {
        reject(new RestoreRefused('pgbackrest cannot run here (Debian: apt-get install pgbackrest).'));
      } else resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout: String(stdout), stderr: String(stderr) });
    }));
  });
}

export interface BackupSet {
  label: string;
  type: string;
  /** When pgBackRest finished the backup: the earliest moment it can be restored to. */
  stoppedAt: Date;
}

/** The backups in the repository, oldest first, and the PostgreSQL version they are of. */
async function backupSets(env: NodeJS.ProcessEnv, runAs: RunAs | undefined): Promise<{ sets: BackupSet[]; version: string | undefined }> {
  const stanza = env.PGBACKREST_STANZA!;
  const info = await pgbackrest(['info', '--output=json'], env, runAs);
  if (info.code !== 0) throw new RestoreRefused(`pgbackrest info failed (exit ${info.code}): ${info.stderr.trim() || info.stdout.trim()}`);
  const stanzas = JSON.parse(info.stdout) as {
    name: string;
    status: { code: number; message: string };
    backup?: { label: string; type: string; error?: boolean; timestamp: { stop: number } }[];
    db?: { version: string }[];
  }[];
  const found = stanzas.find((one) => one.name === stanza);
  const sets = (found?.backup ?? [])
    .filter((set) => !set.error)
    // pgBackRest keeps whole seconds: the next one is sure to be after the backup's end.
    .map((set) => ({ label: set.label, type: set.type, stoppedAt: new Date((set.timestamp.stop + 1) * 1000) }))
    .sort((a, b) => a.stoppedAt.getTime() - b.stoppedAt.getTime());
  if (!found || sets.length === 0) {
    throw new RestoreRefused(`The pgBackRest repository has no backup of stanza "${stanza}" to restore from${found ? ` (${found.status.message})` : ''}. Is PGBACKREST_REPO1_PATH (or the S3 settings) that of the database's archive?`);
  }
  return { sets, version: found.db?.at(-1)?.version };
}

/** The backup to start from: the newest that had finished by the moment. */
export function chooseBackupSet(sets: readonly BackupSet[], moment: Date): BackupSet {
  const before = sets.filter((set) => set.stoppedAt.getTime() <= moment.getTime());
  if (before.length === 0) {
    throw new RestoreRefused(
      `${formatMoment(moment)} is before the first backup, which finished at ${formatMoment(sets[0]!.stoppedAt)}: nothing earlier can be restored. Choose a time after it.`,
    );
  }
  return before.at(-1)!;
}

function postgresProgram(version: string | undefined): string {
  if (process.env.PG_BINDIR) return path.join(process.env.PG_BINDIR, 'postgres');
  const ofVersion = version ? `/usr/lib/postgresql/${version}/bin/postgres` : '';
  return ofVersion && fs.existsSync(ofVersion) ? ofVersion : 'postgres';
}

/** The directory to restore into: absent, or empty. Answers whether it was made here (then a failure removes it). */
function prepareTarget(dir: string, runAs: RunAs | undefined): boolean {
  if (fs.existsSync(dir)) {
    if (!fs.statSync(dir).isDirectory()) throw new RestoreRefused(`${dir} is not a directory.`);
    if (fs.readdirSync(dir).length > 0) throw new RestoreRefused(`${dir} is not empty: restore into a new, empty directory, never over a cluster.`);
    return false;
  }
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  fs.mkdirSync(dir, { mode: 0o700 });
  if (runAs) fs.chownSync(dir, runAs.uid, runAs.gid);
  return true;
}

/** Undoes a restore that did not finish: no half-made cluster is left behind. */
function removeTarget(dir: string, made: boolean): void {
  if (made) {
    fs.rmSync(dir, { recursive: true, force: true });
    return;
  }
  for (const entry of fs.existsSync(dir) ? fs.readdirSync(dir) : []) fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
}

/**
 * Replays the archived WAL up to the target in a PostgreSQL of the tool's own (a Unix socket in a
 * folder of its own, no TCP, no archiving), waits until it has promoted, and stops it cleanly.
 * Without hot standby, so a primary that allowed more connections (or locks, workers) than this
 * cluster's postgresql.conf does not stop the recovery: nobody connects before the promotion.
 * Answers PostgreSQL's own line on where it stopped.
 */
async function finishRecovery(dataDir: string, program: string, env: NodeJS.ProcessEnv, runAs: RunAs | undefined): Promise<string> {
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahay-restore-'));
  if (runAs) fs.chownSync(socketDir, runAs.uid, runAs.gid);
  const settings = ['listen_addresses=', `unix_socket_directories=${socketDir}`, 'archive_mode=off', 'logging_collector=off', 'hot_standby=off'];
  const child = track(spawn(program, ['-D', dataDir, '-p', '5432', ...settings.flatMap((setting) => ['-c', setting])], { env, stdio: ['ignore', 'pipe', 'pipe'], ...runAs }), 'SIGQUIT');
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let gone = false;
  const exited = new Promise<void>((resolve) => {
    child.once('error', (error) => {
      output += `\n${error.message}`;
      gone = true;
      resolve();
    });
    child.once('exit', () => {
      gone = true;
      resolve();
    });
  });
  try {
    for (;;) {
      if (gone) {
        const notReached = output.includes('recovery ended before configured recovery target was reached');
        throw new RestoreRefused(
          notReached
            ? 'The archive holds no commit after that time yet: the WAL written since may not be archived yet (it is within archive_timeout). Try again in a minute, or choose an earlier time.'
            : `PostgreSQL could not finish the recovery:\n${output
                .split('\n')
                .filter((line) => line.trim() !== '' && !line.includes('the database system is starting up'))
                .slice(-20)
                .join('\n')}`,
        );
      }
      const client = new pg.Client({ host: socketDir, port: 5432, user: 'postgres', database: 'postgres', connectionTimeoutMillis: 2_000 });
      client.on('error', () => {});
      const promoted = await client
        .connect()
        .then(() => client.query<{ recovering: boolean }>('SELECT pg_is_in_recovery() AS recovering'))
        .then((result) => !result.rows[0]!.recovering)
        .catch(() => false)
        .finally(() => client.end().catch(() => {}));
      if (promoted) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return output.split('\n').find((line) => line.includes('recovery stopping')) ?? 'recovery reached the end of the archive';
  } finally {
    // SIGINT is PostgreSQL's fast shutdown: a checkpoint, then a clean stop.
    if (!gone) child.kill('SIGINT');
    await exited;
    fs.rmSync(socketDir, { recursive: true, force: true });
  }
}

export interface PointInTimeResult {
  dataDir: string;
  set: BackupSet;
  target: string;
  stoppedAt: string;
  seconds: number;
}

/** The whole restore; throws RestoreRefused with a message for the person, leaving no directory behind. */
export async function restoreToMoment({ moment, target }: RestoreTime, pgData: string | undefined, env: NodeJS.ProcessEnv = process.env): Promise<PointInTimeResult> {
  const started = Date.now();
  const dirText = pgData ?? env.PGBACKREST_PG1_PATH;
  if (!dirText) throw new RestoreRefused('Name the directory for the restored cluster: --pg-data <new directory> (or PGBACKREST_PG1_PATH).', 2);
  const dataDir = path.resolve(dirText);
  const stanza = env.PGBACKREST_STANZA || 'sahay';
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(stanza)) throw new RestoreRefused(`PGBACKREST_STANZA "${stanza}" is not a stanza name (letters, digits, _ . -).`, 2);
  // PostgreSQL's restore_command (pgBackRest archive-get) runs with this environment too.
  const pgEnv: NodeJS.ProcessEnv = { ...env, PGBACKREST_STANZA: stanza, PGBACKREST_PG1_PATH: dataDir };
  const runAs = systemPostgresUser();

  const { sets, version } = await backupSets(pgEnv, runAs);
  const set = chooseBackupSet(sets, moment);
  const made = prepareTarget(dataDir, runAs);
  // Interrupted (Ctrl-C, SIGTERM), it stops pgBackRest or PostgreSQL and removes what they made.
  const interrupted = (signal: NodeJS.Signals) => {
    for (const [child, stopWith] of children) child.kill(stopWith);
    void Promise.all([...children.keys()].map((child) => new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve))))).then(() => {
      removeTarget(dataDir, made);
      console.error(`Restore interrupted (${signal}): ${dataDir} ${made ? 'removed' : 'emptied'} again.`);
      process.exit(130);
    });
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    const restored = await pgbackrest(['restore', `--pg1-path=${dataDir}`, `--set=${set.label}`, '--type=time', `--target=${target}`, '--target-action=promote'], pgEnv, runAs);
    if (restored.code !== 0) throw new RestoreRefused(`pgbackrest restore failed (exit ${restored.code}): ${restored.stderr.trim() || restored.stdout.trim()}`);
    const stoppedAt = await finishRecovery(dataDir, postgresProgram(version), pgEnv, runAs);
    return { dataDir, set, target, stoppedAt: stoppedAt.replace(/^.*?(recovery stopping)/, '$1'), seconds: (Date.now() - started) / 1000 };
  } catch (error) {
    removeTarget(dataDir, made);
    throw error;
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
  }
}
