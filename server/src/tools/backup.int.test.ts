import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config';
import { replayAndCompare } from '#server/event-store/replay';
import { MasterKeyMismatchError } from '#server/event-store/sealing/master-key-check';
import { createAccount, getMe } from '#server/modules/identity/identity.api';
import { createServices } from '#server/create-services';
import type { Services } from '#server/services';
import { itWhere, needsPostgres } from '#server/testing/requires';
import { createTestDb } from '#server/testing/test-db';
import { runTool, TOOL_TIMEOUT_MS } from './run-tool.test-helper.ts';

/**
 * Issue 12, backups: `npm run backup` and `npm run restore` on both databases. A restored copy must
 * replay equal to its read models, read every file back, and know every account — with the master
 * key of the backup's time, which is never in the backup.
 */
const masterKey = crypto.randomBytes(32).toString('base64');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sahay-backup-test-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const open = (env: Record<string, string>) =>
  createServices({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SAHAY_MASTER_KEY: masterKey, ...env }), log: pino({ level: 'silent' }), owner: 'test', runsJobs: false });

/** An account (sealed personal data) and a document (a sealed file) to find again. */
async function fill(services: Services) {
  const userId = await createAccount(
    services,
    { role: 'member', permissions: [], password: 'a long password', fullName: 'Backup Person', email: `backup-${crypto.randomUUID()}@example.in`, phone: '9123456780', address: '1 Lane', city: 'Patna', state: 'Bihar' },
    { actor: 'test', correlationId: crypto.randomUUID() },
  );
  const bytes = crypto.randomBytes(50_000);
  const { fileId } = await services.files.put({ subjectId: `user-${userId}`, kind: 'member-qr', mediaType: 'image/webp', bytes });
  const { rows } = await services.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM events`);
  return { userId, fileId, bytes, events: rows[0]!.count };
}

async function expectSameRecord(restored: Services, original: Awaited<ReturnType<typeof fill>>) {
  const { rows } = await restored.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM events`);
  expect(rows[0]!.count).toBe(original.events);
  expect(await getMe(restored.db, original.userId)).toMatchObject({ userId: original.userId, fullName: 'Backup Person' });
  const file = await restored.files.get(original.fileId, { subjectId: `user-${original.userId}` });
  expect(file?.bytes.equals(original.bytes)).toBe(true);
  const replays = await replayAndCompare(restored);
  expect(replays.filter((result) => result.differences.length > 0).map((result) => result.projection)).toEqual([]);
}

describe('npm run backup and npm run restore', () => {
  it(
    'embedded: backs the data directory up without the master key, refuses a non-empty target, and restores a copy that reads',
    async () => {
      const dataDir = path.join(work, 'embedded');
      const services = await open({ SAHAY_DATA_DIR: dataDir });
      const original = await fill(services);
      // While the server holds the database, the backup refuses rather than copy it half-written.
      const busy = runTool('backup.ts', ['--out', path.join(work, 'out-embedded')], { SAHAY_DATA_DIR: dataDir });
      expect([busy.code, busy.stderr]).toEqual([1, expect.stringMatching(/is in use by test/)]);
      await services.close();

      const made = runTool('backup.ts', ['--out', path.join(work, 'out-embedded')], { SAHAY_DATA_DIR: dataDir });
      expect([made.code, made.stderr]).toEqual([0, '']);
      expect(made.stdout).toContain('The master key is not in it');
      const file = made.stdout.trim().split('\n').at(-1)!;
      expect(file).toMatch(/\.tar\.gz$/);

      const target = path.join(work, 'embedded-restored');
      const restoredRun = runTool('restore.ts', [file], { SAHAY_DATA_DIR: target });
      expect([restoredRun.code, restoredRun.stderr]).toEqual([0, '']);
      expect(fs.existsSync(path.join(target, 'master.key'))).toBe(false);
      const again = runTool('restore.ts', [file], { SAHAY_DATA_DIR: target });
      expect([again.code, again.stderr]).toEqual([1, expect.stringMatching(/already holds a database/)]);

      const restored = await open({ SAHAY_DATA_DIR: target });
      try {
        await expectSameRecord(restored, original);
      } finally {
        await restored.close();
      }
    },
    TOOL_TIMEOUT_MS * 3,
  );

  itWhere(
    [needsPostgres],
    'PostgreSQL: pg_dump of the database, restored only into an empty one, reads the same with the same key',
    async () => {
      const source = await createTestDb('postgres');
      const empty = await createTestDb('postgres', { isMigrated: false });
      const dataDir = path.join(work, 'pg');
      try {
        const services = await open({ DATABASE_URL: source.url!, SAHAY_DATA_DIR: dataDir });
        const original = await fill(services);
        await services.close();

        const made = runTool('backup.ts', ['--out', path.join(work, 'out-pg')], { DATABASE_URL: source.url!, SAHAY_DATA_DIR: dataDir });
        expect([made.code, made.stderr]).toEqual([0, '']);
        const file = made.stdout.trim().split('\n').at(-1)!;
        expect(file).toMatch(/\.pgdump$/);
        // A database that holds anything is never written over.
        const refused = runTool('restore.ts', [file], { DATABASE_URL: source.url!, SAHAY_DATA_DIR: dataDir });
        expect([refused.code, refused.stderr]).toEqual([1, expect.stringMatching(/already has \d+ table\(s\)/)]);
        // The wrong kind of backup for the configuration is named.
        const wrongKind = runTool('restore.ts', [file], { SAHAY_DATA_DIR: path.join(work, 'nowhere') });
        expect([wrongKind.code, wrongKind.stderr]).toEqual([2, expect.stringMatching(/PostgreSQL backup/)]);

        const restoredRun = runTool('restore.ts', [file], { DATABASE_URL: empty.url!, SAHAY_DATA_DIR: dataDir });
        expect([restoredRun.code, restoredRun.stderr]).toEqual([0, '']);
        const restored = await open({ DATABASE_URL: empty.url!, SAHAY_DATA_DIR: dataDir });
        try {
          await expectSameRecord(restored, original);
        } finally {
          await restored.close();
        }
        // Without the key of the backup's time, nothing sealed opens: a process with another key refuses to start (decision 044).
        await expect(
          createServices({
            config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SAHAY_MASTER_KEY: crypto.randomBytes(32).toString('base64'), DATABASE_URL: empty.url!, SAHAY_DATA_DIR: dataDir }),
            log: pino({ level: 'silent' }),
            owner: 'test',
            runsJobs: false,
          }),
        ).rejects.toBeInstanceOf(MasterKeyMismatchError);
      } finally {
        await source.drop();
        await empty.drop();
      }
    },
    TOOL_TIMEOUT_MS * 3,
  );
});
