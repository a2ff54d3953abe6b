import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chooseBackupSet, parseRestoreTime, RestoreRefused } from './point-in-time.ts';

/** `npm run restore -- --to "<time>"`: the time read as a person writes it, and bad ones refused before anything is touched. */
const now = new Date('2026-12-02T00:00:00Z');

describe('the time of a point-in-time restore', () => {
  it('reads a minute as India time, and a zone or seconds when given', () => {
    expect(parseRestoreTime('2026-12-01 14:05', now)).toEqual({ moment: new Date('2026-12-01T08:35:00.000Z'), target: '2026-12-01 08:35:00.000000+00' });
    expect(parseRestoreTime('2026-12-01T14:05:07Z', now).target).toBe('2026-12-01 14:05:07.000000+00');
    expect(parseRestoreTime('2026-12-01 14:05:07.123456+00:00', now).target).toBe('2026-12-01 14:05:07.123456+00');
    expect(parseRestoreTime('2026-12-01 14:05 +0530', now).moment).toEqual(new Date('2026-12-01T08:35:00Z'));
    expect(parseRestoreTime(' 2026-12-01 14:05 UTC ', now).moment).toEqual(new Date('2026-12-01T14:05:00Z'));
  });

  it.each([
    ['', /is not a time/],
    ['yesterday', /is not a time/],
    ['2026-12-01', /is not a time/],
    ['01-12-2026 14:05', /is not a time/],
    ['2026-12-01 14:05; rm -rf /', /is not a time/],
    ['2026-11-31 10:00', /is not a time that exists/],
    ['2026-02-29 10:00', /is not a time that exists/],
    ['2026-13-01 10:00', /is not a time that exists/],
    ['2026-12-01 24:00', /is not a time that exists/],
    ['2026-12-01 14:60', /is not a time that exists/],
    ['2026-12-01 14:05+15:00', /is not a time that exists/],
    ['2026-12-03 10:00', /is still to come/],
  ])('refuses %j with a message and exit code 2', (text, message) => {
    let refused: unknown;
    try {
      parseRestoreTime(text, now);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(RestoreRefused);
    expect((refused as RestoreRefused).message).toMatch(message);
    expect((refused as RestoreRefused).exitCode).toBe(2);
  });

  it('starts from the newest backup finished by then, and refuses a time before the first', () => {
    const sets = [
      { label: 'A', type: 'full', stoppedAt: new Date('2026-11-29T20:30:00Z') },
      { label: 'B', type: 'full', stoppedAt: new Date('2026-11-30T20:30:00Z') },
    ];
    expect(chooseBackupSet(sets, new Date('2026-11-30T20:29:59Z')).label).toBe('A');
    expect(chooseBackupSet(sets, new Date('2026-11-30T20:30:00Z')).label).toBe('B');
    expect(() => chooseBackupSet(sets, new Date('2026-11-29T20:29:59Z'))).toThrow(/before the first backup, which finished at 2026-11-30 02:00:00 India time/);
  });
});

describe('the daily full backup of docker-compose (docker/postgres/backup-daily.sh)', () => {
  const script = path.resolve(import.meta.dirname, '../../../docker/postgres/backup-daily.sh');
  it.each([
    [{ BACKUP_FULL_AT: '25:00' }, [], /BACKUP_FULL_AT must be a time of day HH:MM in UTC/, 1],
    [{ BACKUP_FULL_AT: '2:30' }, [], /BACKUP_FULL_AT must be a time of day/, 1],
    [{ BACKUP_FULL_AT: '02:30; reboot' }, [], /BACKUP_FULL_AT must be a time of day/, 1],
    [{ BACKUP_RETENTION_DAYS: '0' }, [], /BACKUP_RETENTION_DAYS must be a whole number of days from 1 to 3650/, 1],
    [{ BACKUP_RETENTION_DAYS: '7d' }, [], /BACKUP_RETENTION_DAYS must be a whole number/, 1],
    [{ BACKUP_RETENTION_DAYS: '99999' }, [], /BACKUP_RETENTION_DAYS must be a whole number/, 1],
    [{}, ['--now'], /Usage: backup-daily \[--once\]/, 2],
  ])('checks its configuration before touching anything: %j %j', (env, args, message, code) => {
    // pgbackrest is not on this PATH: a check that passed would fail on it instead, with another message.
    const run = spawnSync('/bin/sh', [script, ...args], { env: { PATH: '/nonexistent', ...env }, encoding: 'utf8' });
    expect([run.status, run.stderr]).toEqual([code, expect.stringMatching(message)]);
  });
});
