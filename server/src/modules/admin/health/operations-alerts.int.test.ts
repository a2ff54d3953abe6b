import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, parseByteSize } from '#server/config';
import { razorpaySignature } from '#server/modules/donations/donations.api';
import { scheduledJobId } from '#server/queue/queue';
import { slotOf } from '#server/queue/in-process-scheduler';
import { readOutbox } from '#server/testing/outbox';
import { itWhere, needsPostgres } from '#server/testing/requires';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type AppCaller, type TestApp } from '#server/testing/test-services';
import { HEALTH_CHECK_EVERY_MS, mailHealthAlertsJob } from './mail-health-alerts.job.ts';
import type { TSystemAlert } from './system-health.schema.ts';

/** What the backup service runs after each backup (docker/postgres/record-backup.sql), here with bound parameters for psql's variables. */
const RECORD_BACKUP_SQL = path.resolve(import.meta.dirname, '../../../../../docker/postgres/record-backup.sql');
const BACKUP_DAILY = path.resolve(import.meta.dirname, '../../../../../docker/postgres/backup-daily.sh');

/** pgBackRest's `info --output=json` for stanza `sahay` holding backups that ended at these instants (and one that ended in error). */
function pgbackrestInfo(stops: readonly Date[], failedStop?: Date): string {
  const backup = (stop: Date, error: boolean) => ({ label: `x-${stop.getTime()}`, type: 'full', error, timestamp: { start: Math.floor(stop.getTime() / 1000) - 60, stop: Math.floor(stop.getTime() / 1000) } });
  return JSON.stringify([{ name: 'sahay', status: { code: 0 }, backup: [...stops.map((stop) => backup(stop, false)), ...(failedStop ? [backup(failedStop, true)] : [])] }]);
}

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const WEBHOOK_SECRET = 'whsec-operations-alerts-test';

describe.each(testDbKinds())('System health: backups, storage, the payment webhook, registrations ending, on %s', (kind) => {
  let app: TestApp;
  /** The services' clock: real time plus what a test adds. */
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);
  let admin: AppCaller;

  beforeAll(async () => {
    app = await createTestApp(kind, {
      now: clock,
      env: { RAZORPAY_KEY_ID: 'rzp_test_opsalerts', RAZORPAY_KEY_SECRET: 'key-secret-ops-alerts', RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET },
    });
    admin = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['settings'] })).token });
  });
  afterAll(async () => {
    await app?.close();
  });

  const health = async () => (await admin.admin.health.get()).alerts;
  const only = async <K extends TSystemAlert['kind']>(kind: K) => (await health()).filter((alert): alert is Extract<TSystemAlert, { kind: K }> => alert.kind === kind);
  const recordBackup = (info: string, error = '') =>
    app.services.db.query(fs.readFileSync(RECORD_BACKUP_SQL, 'utf8').replaceAll(":'stanza'", '$1::text').replaceAll(":'info'", '$2::text').replaceAll(":'error'", '$3::text'), ['sahay', info, error]);

  describe('no successful backup for 26 hours', () => {
    it('is no alert while no backup service reports (the embedded default)', async () => {
      offsetMs = 30 * DAY;
      expect(await only('backup-missing')).toEqual([]);
      offsetMs = 0;
    });

    it('counts from the newest backup pgBackRest holds: an alert 26 hours after it, with the failure since, cleared by the next backup', async () => {
      const lastBackup = new Date(Math.floor(Date.now() / 1000) * 1000 - HOUR);
      await recordBackup(pgbackrestInfo([new Date(lastBackup.getTime() - DAY), lastBackup], new Date(lastBackup.getTime() + HOUR)));
      offsetMs = 24 * HOUR;
      expect(await only('backup-missing')).toEqual([]);
      await recordBackup(pgbackrestInfo([new Date(lastBackup.getTime() - DAY), lastBackup]), 'The full backup failed (pgBackRest exit code 82); its log has the reason.');
      offsetMs = 26 * HOUR;
      expect(await only('backup-missing')).toEqual([
        {
          kind: 'backup-missing',
          since: new Date(lastBackup.getTime() + 26 * HOUR).toISOString(),
          stanza: 'sahay',
          lastBackupAt: lastBackup.toISOString(),
          lastError: 'The full backup failed (pgBackRest exit code 82); its log has the reason.',
        },
      ]);
      const next = new Date(Math.floor(clock().getTime() / 1000) * 1000);
      await recordBackup(pgbackrestInfo([lastBackup, next]));
      expect(await only('backup-missing')).toEqual([]);
      offsetMs = 0;
    });

    it('before any backup, counts from the service\'s first report; a report that is not pgBackRest\'s JSON writes nothing', async () => {
      await app.services.db.query(`DELETE FROM backup_status`);
      await recordBackup('[]');
      offsetMs = 27 * HOUR;
      expect(await only('backup-missing')).toMatchObject([{ kind: 'backup-missing', lastBackupAt: null, lastError: null }]);
      const before = (await app.services.db.query(`SELECT * FROM backup_status`)).rows;
      await expect(recordBackup('pgbackrest: unable to find stanza')).rejects.toThrow();
      await expect(recordBackup('{"name":"sahay"}')).rejects.toThrow();
      expect((await app.services.db.query(`SELECT * FROM backup_status`)).rows).toEqual(before);
      await app.services.db.query(`DELETE FROM backup_status`);
      offsetMs = 0;
    });
  });

  describe('the database or the files above 80 % of their configured size', () => {
    it('reads nothing without DATABASE_SIZE_LIMIT and FILE_STORE_SIZE_LIMIT', async () => {
      expect(app.services.config.DATABASE_SIZE_LIMIT).toBeUndefined();
      expect(await only('storage-full')).toEqual([]);
    });

    it('the database above 80 %: an alert from the first check that saw it, until it is below again', async () => {
      const { rows } = await app.services.db.query<{ bytes: string }>(`SELECT pg_database_size(current_database())::text AS bytes`);
      const size = Number(rows[0]!.bytes);
      expect(size).toBeGreaterThan(0);
      app.services.config.DATABASE_SIZE_LIMIT = Math.floor(size * 2);
      expect(await only('storage-full')).toEqual([]);
      app.services.config.DATABASE_SIZE_LIMIT = Math.floor(size * 1.1);
      const firstSeen = clock();
      const [alert] = await only('storage-full');
      expect(alert!.stores).toEqual([{ store: 'database', bytes: expect.any(Number), limitBytes: Math.floor(size * 1.1), percent: expect.any(Number) }]);
      expect(alert!.stores[0]!.percent).toBeGreaterThanOrEqual(80);
      expect(Math.abs(Date.parse(alert!.since) - firstSeen.getTime())).toBeLessThan(5_000);
      offsetMs = HOUR;
      expect((await only('storage-full'))[0]!.since).toBe(alert!.since);
      app.services.config.DATABASE_SIZE_LIMIT = size * 100;
      expect(await only('storage-full')).toEqual([]);
      app.services.config.DATABASE_SIZE_LIMIT = Math.floor(size * 1.1);
      expect(Date.parse((await only('storage-full'))[0]!.since)).toBeGreaterThan(Date.parse(alert!.since) + HOUR - 5_000);
      app.services.config.DATABASE_SIZE_LIMIT = undefined;
      expect(await only('storage-full')).toEqual([]);
      offsetMs = 0;
    });

    it('the files above 80 %: their recorded bytes, whatever holds them', async () => {
      const bytes = Buffer.alloc(900_000, 7);
      await app.services.files.put({ subjectId: 'storage-alert-test', kind: 'test', mediaType: 'application/octet-stream', bytes });
      app.services.config.FILE_STORE_SIZE_LIMIT = 1_000_000_000;
      expect(await only('storage-full')).toEqual([]);
      app.services.config.FILE_STORE_SIZE_LIMIT = 1_000_000;
      expect(await only('storage-full')).toMatchObject([{ stores: [{ store: 'files', limitBytes: 1_000_000, percent: expect.any(Number) }] }]);
      expect((await only('storage-full'))[0]!.stores[0]!.bytes).toBeGreaterThanOrEqual(900_000);
      app.services.config.FILE_STORE_SIZE_LIMIT = undefined;
      expect(await only('storage-full')).toEqual([]);
    });
  });

  describe('the payment gateway\'s webhook failing', () => {
    const deliver = (body: object, signature?: string) => {
      const raw = JSON.stringify(body);
      const call = request(app.http()).post('/api/payments/razorpay/webhook').set('content-type', 'application/json');
      return call.set('x-razorpay-signature', signature ?? razorpaySignature(raw, WEBHOOK_SECRET)).send(raw);
    };
    const ignoredEvent = { entity: 'event', event: 'payment.authorized', payload: {} };

    it('three deliveries refused, the first 15 minutes ago, none taken since: an alert with the reason; a taken delivery clears it', async () => {
      expect((await deliver(ignoredEvent)).status).toBe(200);
      const firstRefusal = clock();
      expect((await deliver(ignoredEvent, 'not-the-signature')).status).toBe(400);
      expect((await deliver(ignoredEvent, 'not-the-signature')).status).toBe(400);
      offsetMs = 16 * 60_000;
      // Two refusals are not yet an alert: a stray request is not a broken webhook.
      expect(await only('webhook-failing')).toEqual([]);
      expect((await deliver({ entity: 'event' })).status).toBe(400);
      const [alert] = await only('webhook-failing');
      expect(alert).toEqual({ kind: 'webhook-failing', since: expect.any(String), failures: 3, lastReason: 'body' });
      expect(Math.abs(Date.parse(alert!.since) - firstRefusal.getTime())).toBeLessThan(5_000);
      expect((await deliver(ignoredEvent)).status).toBe(200);
      expect(await only('webhook-failing')).toEqual([]);
      offsetMs = 0;
    });

    it('ten refused deliveries at once count ten failures, and taken ones clear them (a race on PostgreSQL)', async () => {
      const failures = async () => (await app.services.db.query<{ failures: number }>(`SELECT failures FROM webhook_health WHERE webhook = 'razorpay'`)).rows[0]?.failures ?? 0;
      const before = await failures();
      const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(ignoredEvent, 'not-the-signature')));
      expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(400));
      expect(await failures()).toBe(before + 10);
      const taken = await Promise.all(Array.from({ length: 5 }, () => deliver(ignoredEvent)));
      expect(taken.map((answer) => answer.status)).toEqual(Array(5).fill(200));
      expect(await failures()).toBe(0);
    });

    it('records nothing while online payments are off: every delivery is a stranger\'s 404', async () => {
      const before = (await app.services.db.query(`SELECT * FROM webhook_health`)).rows;
      const razorpay = app.services.config.razorpay;
      app.services.config.razorpay = null;
      try {
        expect((await deliver(ignoredEvent, 'anything')).status).toBe(404);
      } finally {
        app.services.config.razorpay = razorpay;
      }
      expect((await app.services.db.query(`SELECT * FROM webhook_health`)).rows).toEqual(before);
    });
  });

  describe('the 80G approval or the FCRA registration ending within 30 days', () => {
    /** The calendar day in India this many days from the services' clock. */
    const indiaDay = (days: number) => new Date(clock().getTime() + 330 * 60_000 + days * DAY).toISOString().slice(0, 10);
    const setValidity = async (data: { approvalValidUntil?: string; fcraValidUntil?: string }) => {
      const { version } = await admin.site.settings.get();
      await admin.site.settings.update({ expectedVersion: version, data });
    };

    it('an alert from 30 days before the last valid day, naming each registration; none once renewed', async () => {
      await setValidity({ approvalValidUntil: indiaDay(45), fcraValidUntil: indiaDay(400) });
      expect(await only('validity-ending')).toEqual([]);
      await setValidity({ approvalValidUntil: indiaDay(20), fcraValidUntil: indiaDay(5) });
      const [alert] = await only('validity-ending');
      expect(alert!.registrations).toEqual([
        { kind: 'approval', validUntil: indiaDay(20), daysLeft: 20 },
        { kind: 'fcra', validUntil: indiaDay(5), daysLeft: 5 },
      ]);
      expect(alert!.since).toBe(new Date(Date.parse(`${indiaDay(5)}T00:00:00+05:30`) - 30 * DAY).toISOString());
      await setValidity({ approvalValidUntil: indiaDay(365), fcraValidUntil: indiaDay(400) });
      expect(await only('validity-ending')).toEqual([]);
    });
  });

  it('each new alert is mailed to super-admins in both languages, with what to do', async () => {
    const superAdmin = await app.account({ role: 'admin', fullName: 'Meera Super' });
    await app.runJobs();
    const lastBackup = new Date(Math.floor(Date.now() / 1000) * 1000 - 30 * HOUR);
    await recordBackup(pgbackrestInfo([lastBackup]));
    app.services.config.DATABASE_SIZE_LIMIT = 1_000_000;
    const { version } = await admin.site.settings.get();
    await admin.site.settings.update({ expectedVersion: version, data: { approvalValidUntil: new Date(Date.now() + 10 * DAY).toISOString().slice(0, 10) } });
    try {
      const slot = new Date(slotOf(new Date(), HEALTH_CHECK_EVERY_MS).getTime() + 7 * HEALTH_CHECK_EVERY_MS);
      await mailHealthAlertsJob.run({ id: scheduledJobId(mailHealthAlertsJob.name, slot), scheduledAt: slot }, app.services);
      const mails = readOutbox(app.dataDir).filter((mail) => mail.text.includes(superAdmin.email) && mail.text.includes('/admin/health'));
      const texts = mails.map((mail) => mail.text).join('\n');
      for (const words of [
        'No successful backup for 26 hours (sahay)',
        '26 घंटे से कोई सफल बैकअप नहीं हुआ',
        'backup-daily --once',
        'Storage above 80 % of its size: the database at',
        'of 1 MB',
        'DATABASE_SIZE_LIMIT',
        'Ending within 30 days: 80G approval',
        'नवीनीकरण',
      ]) {
        expect(texts).toContain(words);
      }
    } finally {
      app.services.config.DATABASE_SIZE_LIMIT = undefined;
      await app.services.db.query(`DELETE FROM backup_status`);
    }
  });
});

describe('the storage limits\' configuration', () => {
  it.each([
    ['20GB', 20e9],
    ['512MiB', 512 * 2 ** 20],
    ['1.5 TB', 1.5e12],
    ['1048576', 1_048_576],
  ])('%s is %d bytes', (text, bytes) => {
    expect(parseByteSize(text)).toBe(bytes);
    expect(loadConfig({ DATABASE_SIZE_LIMIT: text, FILE_STORE_SIZE_LIMIT: text })).toMatchObject({ DATABASE_SIZE_LIMIT: bytes, FILE_STORE_SIZE_LIMIT: bytes });
  });

  it.each(['20 gigs', '-5GB', '0', '500KB', '2000TB', 'GB', '1e9'])('refuses %j, naming the variable and the forms it takes', (text) => {
    expect(() => loadConfig({ DATABASE_SIZE_LIMIT: text })).toThrow(/DATABASE_SIZE_LIMIT: must be a size from 1MB to 1000TB, such as 20GB/);
    expect(() => loadConfig({ FILE_STORE_SIZE_LIMIT: text })).toThrow(/FILE_STORE_SIZE_LIMIT: must be a size/);
  });
});

describe('the backup service reports to the database (docker/postgres/backup-daily.sh with psql)', () => {
  itWhere([needsPostgres], 'after a backup, and after a failed one, with pgBackRest\'s account of the repository', async () => {
    const app = await createTestApp('postgres');
    const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'sahay-fake-pgbackrest-'));
    try {
      const stop = Math.floor(Date.now() / 1000) - 120;
      const info = pgbackrestInfo([new Date(stop * 1000)]);
      // pgBackRest as a script: every command succeeds but `backup` when FAIL_BACKUP is set; `info` prints the repository.
      fs.writeFileSync(path.join(bin, 'pgbackrest'), `#!/bin/sh\ncase "$1" in info) printf '%s' '${info}' ;; backup) [ -z "$FAIL_BACKUP" ] || exit 82 ;; esac\nexit 0\n`, { mode: 0o755 });
      const url = new URL(app.databaseUrl!);
      const env = {
        PATH: `${bin}:${process.env.PATH}`,
        PGBACKREST_PG1_SOCKET_PATH: url.hostname,
        PGPORT: url.port || '5432',
        PGUSER: decodeURIComponent(url.username),
        BACKUP_REPORT_DATABASE: url.pathname.slice(1),
        BACKUP_REPORT_SQL: RECORD_BACKUP_SQL,
        PGBACKREST_STANZA: 'sahay',
      };
      const ok = spawnSync('/bin/sh', [BACKUP_DAILY, '--once'], { env, encoding: 'utf8' });
      expect([ok.status, ok.stderr]).toEqual([0, '']);
      const { rows } = await app.services.db.query<{ last_backup_at: Date; last_error: string | null }>(`SELECT last_backup_at, last_error FROM backup_status WHERE stanza = 'sahay'`);
      expect(rows).toEqual([{ last_backup_at: new Date(stop * 1000), last_error: null }]);

      const failed = spawnSync('/bin/sh', [BACKUP_DAILY, '--once'], { env: { ...env, FAIL_BACKUP: '1' }, encoding: 'utf8' });
      expect(failed.status).toBe(1);
      expect(failed.stdout).toContain('FULL BACKUP FAILED (exit 82)');
      const after = await app.services.db.query<{ last_backup_at: Date; last_error: string | null }>(`SELECT last_backup_at, last_error FROM backup_status WHERE stanza = 'sahay'`);
      expect(after.rows).toEqual([{ last_backup_at: new Date(stop * 1000), last_error: 'The full backup failed (pgBackRest exit code 82); its log has the reason.' }]);
    } finally {
      fs.rmSync(bin, { recursive: true, force: true });
      await app.close();
    }
  });
});
