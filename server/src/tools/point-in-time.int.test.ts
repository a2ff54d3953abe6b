import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '#server/config';
import { createServices } from '#server/create-services';
import { createAccount, getMe } from '#server/modules/identity/identity.api';
import type { Services } from '#server/services';
import { postgresUser, startOwnPostgres, type OwnServer } from '#server/testing/own-services';
import { describeWhere, needsOwnServers, needsPgBackRest } from '#server/testing/requires';
import { runTool, startTool, TOOL_TIMEOUT_MS } from './run-tool.test-helper.ts';

/**
 * Issue 34, backups to any minute — the drill (docs/decisions/070): a PostgreSQL of the test's own
 * archiving its WAL to a pgBackRest repository, a full backup, the app's migrations and events
 * written through the real event store (with the documents kept in the database), a moment noted,
 * more events, then `npm run restore -- --to <moment>` into a fresh cluster: exactly the events up
 * to the moment, `npm run replay` equal to the read models, and the documents of those events
 * readable (and none of the later ones). It prints its figures for the note (`drill: …`).
 */
const STANZA = 'drill';
const masterKey = crypto.randomBytes(32).toString('base64');
const runAs = postgresUser();
/** The drill's folder (repository, restored clusters), made when it runs: a skipped drill leaves none. */
const work = path.join(os.tmpdir(), `sahay-drill-${process.pid}-${crypto.randomBytes(4).toString('hex')}`);
const config = path.join(work, 'pgbackrest.conf');
const repo = path.join(work, 'repo');
/** pgBackRest's settings for the restore tool, as an operator's environment would give them. */
const toolEnv = { PGBACKREST_CONFIG: config, PGBACKREST_STANZA: STANZA };

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** The compose file's `backup` service, once: stanza, archiving checked, a full backup (docker/postgres/backup-daily.sh). */
function backupOnce(): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(
      'sh',
      [path.join(ROOT, 'docker/postgres/backup-daily.sh'), '--once'],
      { ...runAs, env: { PATH: process.env.PATH ?? '', ...toolEnv, BACKUP_RETENTION_DAYS: '14' } },
      (error, stdout, stderr) => (error ? reject(new Error(`backup-daily --once: ${stdout}${stderr || error.message}`)) : resolve(stdout)),
    ),
  );
}

const open = (url: string) =>
  createServices({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SAHAY_MASTER_KEY: masterKey, DATABASE_URL: url, SAHAY_DATA_DIR: path.join(work, 'app') }),
    log: pino({ level: 'silent' }),
    owner: 'drill',
    runsJobs: false,
  });

interface Person {
  userId: string;
  fileId: string;
  bytes: Buffer;
}

/** A member through the real command (sealed personal data in events) and a document of theirs, kept in the database. */
async function person(services: Services, n: number): Promise<Person> {
  const userId = await createAccount(
    services,
    { role: 'member', permissions: [], password: 'a long password', fullName: `Drill Person ${n}`, email: `drill-${n}-${crypto.randomUUID()}@example.in`, phone: '9123456780', address: '1 Lane', city: 'Patna', state: 'Bihar' },
    { actor: 'test', correlationId: crypto.randomUUID() },
  );
  const bytes = crypto.randomBytes(40_000);
  const { fileId } = await services.files.put({ subjectId: `user-${userId}`, kind: 'member-qr', mediaType: 'image/webp', bytes });
  return { userId, fileId, bytes };
}

const eventIds = async (services: Services) => (await services.db.query<{ event_id: string }>(`SELECT event_id FROM events ORDER BY global_position`)).rows.map((row) => row.event_id);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeWhere([needsOwnServers, needsPgBackRest], 'backups to any minute: the restore drill', () => {
  let primary: OwnServer;
  let restoredServer: OwnServer | undefined;
  let services: Services;
  let beforeFirstBackup: string;

  beforeAll(async () => {
    fs.mkdirSync(work, { mode: 0o700 });
    if (runAs) fs.chownSync(work, runAs.uid, runAs.gid);
    primary = await startOwnPostgres({
      settings: ({ dir, dataDir, port }) => {
        fs.writeFileSync(
          config,
          [
            '[global]',
            `repo1-path=${repo}`,
            `lock-path=${path.join(work, 'lock')}`,
            `log-path=${path.join(work, 'log')}`,
            'log-level-file=off',
            'log-level-console=warn',
            'start-fast=y',
            `[${STANZA}]`,
            `pg1-path=${dataDir}`,
            `pg1-port=${port}`,
            `pg1-socket-path=${dir}`,
            'pg1-user=postgres',
            '',
          ].join('\n'),
        );
        return [
          'archive_mode=on',
          `archive_command=pgbackrest --config=${config} --stanza=${STANZA} archive-push %p`,
          // No timed switch within the test: the WAL reaches the repository when the test switches it.
          'archive_timeout=3600',
          'full_page_writes=on',
        ];
      },
    });
    beforeFirstBackup = new Date().toISOString();
    const output = await backupOnce();
    expect(output).toMatch(/WAL archiving to the repository works[\s\S]*full backup done in \d+ s; kept: 14 days/);
  }, TOOL_TIMEOUT_MS);

  afterAll(async () => {
    await services?.close().catch(() => {});
    await restoredServer?.close();
    await primary?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it(
    'restores a fresh cluster to a noted moment: exactly the events up to it, replay equal, their documents readable',
    async () => {
      services = await open(primary.url);
      const early = [await person(services, 1), await person(services, 2), await person(services, 3)];
      const eventsBefore = await eventIds(services);
      // The moment, on the database's clock (commit times are compared with it), between two groups of commits.
      await sleep(300);
      const { rows } = await services.db.query<{ moment: string }>(`SELECT to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || 'Z' AS moment`);
      const moment = rows[0]!.moment;
      await sleep(300);
      const late = [await person(services, 4), await person(services, 5)];
      const eventsAfter = await eventIds(services);
      expect(eventsAfter.length).toBeGreaterThan(eventsBefore.length);
      // The WAL segment holding the later commits is archived now, not after archive_timeout.
      const switched = await services.db.query<{ wal: string }>(`SELECT pg_walfile_name(pg_switch_wal()) AS wal`);
      const deadline = Date.now() + 30_000;
      for (;;) {
        const archived = await services.db.query<{ wal: string | null }>(`SELECT last_archived_wal AS wal FROM pg_stat_archiver`);
        if ((archived.rows[0]!.wal ?? '') >= switched.rows[0]!.wal) break;
        if (Date.now() > deadline) throw new Error(`WAL ${switched.rows[0]!.wal} was not archived in 30 s`);
        await sleep(100);
      }

      // Wrong requests touch nothing: no directory is made.
      const target = path.join(work, 'restored');
      const badTime = runTool('restore.ts', ['--to', '2026-02-30 10:00', '--pg-data', target], toolEnv);
      expect([badTime.code, badTime.stderr]).toEqual([2, expect.stringMatching(/is not a time that exists/)]);
      const tooEarly = runTool('restore.ts', ['--to', beforeFirstBackup, '--pg-data', target], toolEnv);
      expect([tooEarly.code, tooEarly.stderr]).toEqual([1, expect.stringMatching(/is before the first backup, which finished at/)]);
      const future = runTool('restore.ts', ['--to', new Date(Date.now() + 3_600_000).toISOString(), '--pg-data', target], toolEnv);
      expect([future.code, future.stderr]).toEqual([2, expect.stringMatching(/is still to come/)]);
      expect(fs.existsSync(target)).toBe(false);
      // Never over a cluster: a directory with anything in it is left as it is.
      const occupied = path.join(work, 'occupied');
      fs.mkdirSync(occupied);
      fs.writeFileSync(path.join(occupied, 'PG_VERSION'), '15\n');
      const over = runTool('restore.ts', ['--to', moment, '--pg-data', occupied], toolEnv);
      expect([over.code, over.stderr]).toEqual([1, expect.stringMatching(/is not empty/)]);
      expect(fs.readdirSync(occupied)).toEqual(['PG_VERSION']);

      const started = Date.now();
      const restore = runTool('restore.ts', ['--to', moment, '--pg-data', target], toolEnv);
      const restoreSeconds = (Date.now() - started) / 1000;
      expect([restore.code, restore.stderr]).toEqual([0, '']);
      expect(restore.stdout).toMatch(/recovery stopping before commit of transaction \d+, time /);
      expect(restore.stdout.trim().split('\n').at(-1)).toBe(target);

      restoredServer = await startOwnPostgres({ dataDir: target });
      const restored = await open(restoredServer.url);
      try {
        const eventsRestored = await eventIds(restored);
        expect(eventsRestored).toEqual(eventsBefore);
        for (const one of early) {
          expect(await getMe(restored.db, one.userId)).toMatchObject({ userId: one.userId });
          const file = await restored.files.get(one.fileId, { subjectId: `user-${one.userId}` });
          expect(file?.bytes.equals(one.bytes)).toBe(true);
        }
        for (const one of late) {
          expect(await getMe(restored.db, one.userId)).toBeNull();
          expect(await restored.files.get(one.fileId, { subjectId: `user-${one.userId}` })).toBeNull();
        }
      } finally {
        await restored.close();
      }
      const replay = runTool('replay.ts', [], { DATABASE_URL: restoredServer.url, SAHAY_MASTER_KEY: masterKey, SAHAY_DATA_DIR: path.join(work, 'app') });
      expect([replay.code, replay.stderr]).toEqual([0, '']);
      expect(replay.stdout).not.toMatch(/DIFFERENT/);
      const projections = replay.stdout.split('\n').filter((line) => line.endsWith('— same')).length;
      expect(projections).toBeGreaterThan(0);

      // A moment whose WAL is not archived yet: PostgreSQL's recovery ends before it, and the
      // cluster laid down for it is removed again.
      await person(services, 6);
      const { rows: unarchived } = await services.db.query<{ moment: string }>(`SELECT to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || 'Z' AS moment`);
      const notYet = path.join(work, 'not-yet');
      const tooSoon = runTool('restore.ts', ['--to', unarchived[0]!.moment, '--pg-data', notYet], toolEnv);
      expect([tooSoon.code, tooSoon.stderr]).toEqual([1, expect.stringMatching(/The archive holds no commit after that time yet/)]);
      expect(fs.existsSync(notYet)).toBe(false);

      // Interrupted halfway (SIGTERM once pgBackRest has begun to lay the cluster down), it stops and removes it.
      const halfway = path.join(work, 'interrupted');
      const interrupted = startTool('restore.ts', ['--to', moment, '--pg-data', halfway], toolEnv);
      let interruptedOutput = '';
      interrupted.stderr!.on('data', (chunk: Buffer) => (interruptedOutput += chunk.toString()));
      const interruptedExit = new Promise<number | null>((resolve) => interrupted.once('exit', resolve));
      const begun = Date.now() + 60_000;
      while (!(fs.existsSync(halfway) && fs.readdirSync(halfway).length > 0) && Date.now() < begun) await sleep(5);
      interrupted.kill('SIGTERM');
      expect([await interruptedExit, interruptedOutput]).toEqual([130, expect.stringMatching(/Restore interrupted \(SIGTERM\): .* removed again/)]);
      expect(fs.existsSync(halfway)).toBe(false);

      console.log(
        `drill: events before=${eventsBefore.length} after=${eventsAfter.length} restored=${eventsBefore.length} ` +
          `documents readable=${early.length} later documents absent=${late.length} replay same=${projections} projections ` +
          `restore_seconds=${restoreSeconds.toFixed(1)} (pgBackRest and recovery ${/ in (\d+\.\d) s;/.exec(restore.stdout)?.[1]} s) to=${moment}`,
      );
    },
    TOOL_TIMEOUT_MS * 3,
  );
});
