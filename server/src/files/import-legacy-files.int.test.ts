import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PersonalDataVault } from '#server/event-store/sealing/personal-data';
import { createTestDb, testDbKinds, type TestDb } from '#server/testing/test-db';
import { createFileStore, type FileStore } from './file-store.ts';
import { importLegacyFiles, type LegacyFile } from './import-legacy-files.ts';

const log = pino({ level: 'silent' });

describe.each(testDbKinds())('importLegacyFiles on %s', (kind) => {
  let testDb: TestDb;
  let files: FileStore;
  let vault: PersonalDataVault;
  let dataDir: string;
  let outside: string;

  beforeAll(async () => {
    testDb = await createTestDb(kind);
    vault = new PersonalDataVault(crypto.randomBytes(32));
    files = createFileStore({ config: { kind: 'db' }, db: testDb.db, vault, log, now: () => new Date('2025-02-01T00:00:00Z') });
    // Stands in for the module's record of where each file now is (an event in real use).
    await testDb.db.exec(`CREATE TABLE legacy_moves (legacy_path text PRIMARY KEY, file_id uuid NOT NULL)`);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahay-legacy-'));
    outside = fs.mkdtempSync(path.join(os.tmpdir(), 'sahay-outside-'));
  });
  afterAll(async () => {
    files?.close();
    await testDb?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(outside, { recursive: true, force: true });
  });

  function writeLegacy(relative: string, bytes: Buffer): void {
    fs.mkdirSync(path.dirname(path.join(dataDir, relative)), { recursive: true });
    fs.writeFileSync(path.join(dataDir, relative), bytes);
  }

  const record = async (tx: Parameters<Parameters<typeof importLegacyFiles>[2]['onImported']>[0], file: LegacyFile, stored: { fileId: string }) => {
    await tx.query(`INSERT INTO legacy_moves (legacy_path, file_id) VALUES ($1, $2)`, [file.path, stored.fileId]);
  };

  it('moves each file into the store under its subject, records the move with it, and removes the original', async () => {
    const webp = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#123456' } }).webp().toBuffer();
    const subjectId = `user-${crypto.randomUUID()}`;
    const name = `files/qr-codes/${crypto.randomUUID()}.webp`;
    writeLegacy(name, webp);

    const result = await importLegacyFiles({ db: testDb.db, files, log }, [{ subjectId, kind: 'qr-code', path: name }], { root: dataDir, onImported: record });
    expect(result.failed).toEqual([]);
    expect(result.imported).toHaveLength(1);
    const { fileId } = result.imported[0]!;
    const stored = await files.get(fileId, { subjectId, kind: 'qr-code' });
    expect(stored?.bytes.equals(webp)).toBe(true);
    expect(stored?.mediaType).toBe('image/webp');
    expect((await testDb.db.query(`SELECT file_id::text AS file_id FROM legacy_moves WHERE legacy_path = $1`, [name])).rows).toEqual([{ file_id: fileId }]);
    expect(fs.existsSync(path.join(dataDir, name))).toBe(false);

    // A second run over the same list finds nothing left to move.
    const again = await importLegacyFiles({ db: testDb.db, files, log }, [{ subjectId, kind: 'qr-code', path: name }], { root: dataDir, onImported: record });
    expect(again).toMatchObject({ imported: [], failed: [], missing: [{ path: name }] });
  });

  it('keeps the original and stores nothing when recording the move fails', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).png().toBuffer();
    const name = `files/qr-codes/${crypto.randomUUID()}.webp`;
    writeLegacy(name, png);
    const { rows: before } = await testDb.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM files`);
    const result = await importLegacyFiles({ db: testDb.db, files, log }, [{ subjectId: `user-${crypto.randomUUID()}`, kind: 'qr-code', path: name }], {
      root: dataDir,
      onImported: async () => {
        throw new Error('the event could not be appended');
      },
    });
    expect(result.failed).toEqual([{ file: expect.objectContaining({ path: name }), reason: 'the event could not be appended' }]);
    const { rows: after } = await testDb.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM files`);
    expect(after[0]!.count).toBe(before[0]!.count);
    expect(fs.existsSync(path.join(dataDir, name))).toBe(true);
  });

  it('reads nothing outside the data directory, follows no links, and skips what it cannot recognise', async () => {
    fs.writeFileSync(path.join(outside, 'secret.png'), await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } }).png().toBuffer());
    fs.mkdirSync(path.join(dataDir, 'files', 'links'), { recursive: true });
    fs.symlinkSync(path.join(outside, 'secret.png'), path.join(dataDir, 'files', 'links', 'link.png'));
    writeLegacy('files/qr-codes/notes.txt', Buffer.from('just some text'));
    const subjectId = `user-${crypto.randomUUID()}`;
    const list = [
      { subjectId, kind: 'qr-code', path: `../${path.basename(outside)}/secret.png` },
      { subjectId, kind: 'qr-code', path: path.join(outside, 'secret.png') },
      { subjectId, kind: 'qr-code', path: 'files/links/link.png' },
      { subjectId, kind: 'qr-code', path: 'files/qr-codes' },
      { subjectId, kind: 'qr-code', path: 'files/qr-codes/notes.txt' },
    ];
    const result = await importLegacyFiles({ db: testDb.db, files, log }, list, { root: dataDir, onImported: record });
    expect(result.imported).toEqual([]);
    expect(result.failed.map((entry) => entry.reason)).toEqual([
      'outside the data directory',
      'outside the data directory',
      'a symbolic link',
      'not a regular file',
      'type not recognised from its content',
    ]);
    expect(fs.existsSync(path.join(outside, 'secret.png'))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'files/qr-codes/notes.txt'))).toBe(true);
  });
});
