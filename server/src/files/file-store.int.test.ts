import crypto from 'node:crypto';
import fs from 'node:fs';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config';
import { PersonalDataVault } from '#server/event-store/sealing/personal-data';
import { createTestDb, testDbKinds, type TestDb } from '#server/testing/test-db';
import { createFileStore, FileIntegrityError, READ_CHUNK_BYTES, type FileStore, type FileStorage } from './file-store.ts';
import { s3KeyOf, S3Blobs } from './s3-blobs.ts';
import { startLocalS3, type LocalS3 } from './s3rver.test-helper.ts';
import { sweepFiles } from './sweep.ts';

const log = pino({ level: 'silent' });
const createdAt = new Date('2025-03-01T10:00:00.000Z');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Plaintext with a marker that would show if it were stored as is. */
function documentBytes(label: string): Buffer {
  return Buffer.concat([Buffer.from(`%PLAINTEXT-MARKER ${label} `), crypto.randomBytes(2048), Buffer.from(' END-OF-PLAINTEXT')]);
}

function newSubject(): string {
  return `user-${crypto.randomUUID()}`;
}

const cases = testDbKinds().flatMap((db) => (['db', 's3'] as const).map((storage) => [db, storage] as const));

describe.each(cases)('FileStore on %s with storage %s', (dbKind, storage: FileStorage) => {
  let testDb: TestDb;
  let vault: PersonalDataVault;
  let s3: LocalS3 | undefined;
  let files: FileStore;

  beforeAll(async () => {
    testDb = await createTestDb(dbKind);
    vault = new PersonalDataVault(crypto.randomBytes(32));
    if (storage === 's3') s3 = await startLocalS3();
    files = createFileStore({ config: s3 ? s3.config : { kind: 'db' }, db: testDb.db, vault, log, now: () => createdAt });
  });
  afterAll(async () => {
    files?.close();
    await s3?.stop();
    await testDb?.drop();
  });

  async function rawRow(fileId: string) {
    const { rows } = await testDb.db.query<{ ciphertext: Uint8Array | null; storage: string; subject_id: string }>(
      `SELECT coalesce(ciphertext, (SELECT string_agg(p.bytes, ''::bytea ORDER BY p.n) FROM file_parts p WHERE p.file_id = files.file_id)) AS ciphertext,
              storage, subject_id
       FROM files WHERE file_id = $1`,
      [fileId],
    );
    return rows[0];
  }

  /** The ciphertext as it sits at rest: the parts (or the bytea column) joined, or the object's body on s3rver's disk. */
  async function ciphertextAtRest(fileId: string): Promise<Buffer | null> {
    if (s3) return s3.rawObject(s3KeyOf(fileId));
    const row = await rawRow(fileId);
    return row?.ciphertext ? Buffer.from(row.ciphertext) : null;
  }

  async function overwriteCiphertext(fileId: string, bytes: Buffer): Promise<void> {
    if (s3) s3.writeRawObject(s3KeyOf(fileId), bytes);
    else {
      // As a file written before decision 039 holds it: in the row's column, with no parts.
      await testDb.db.query(`DELETE FROM file_parts WHERE file_id = $1`, [fileId]);
      await testDb.db.query(`UPDATE files SET ciphertext = $2 WHERE file_id = $1`, [fileId, bytes]);
    }
  }

  async function fileCount(): Promise<number> {
    const { rows } = await testDb.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM files`);
    return rows[0]!.count;
  }

  it('stores and returns the bytes with what is known about them', async () => {
    const subjectId = newSubject();
    const bytes = documentBytes('round trip');
    const put = await files.put({ subjectId, kind: 'donation-proof', mediaType: 'application/pdf', bytes });
    expect(put).toEqual({ fileId: expect.stringMatching(UUID), byteSize: bytes.length, sha256: crypto.createHash('sha256').update(bytes).digest('hex') });
    expect(files.storage).toBe(storage);

    const got = await files.get(put.fileId);
    expect(got).toEqual({
      fileId: put.fileId,
      subjectId,
      kind: 'donation-proof',
      mediaType: 'application/pdf',
      byteSize: bytes.length,
      sha256: put.sha256,
      storage,
      createdAt,
      bytes,
    });
    const { bytes: _bytes, ...info } = got!;
    expect(await files.stat(put.fileId)).toEqual(info);
  });

  it('returns a file read in several slices whole and in order, whatever its size against the slice', async () => {
    const subjectId = newSubject();
    // The ciphertext is the plaintext plus 28 bytes: just under, exactly at and just over one and
    // several slices, and a last slice of one byte.
    const sizes = [READ_CHUNK_BYTES - 29, READ_CHUNK_BYTES - 28, READ_CHUNK_BYTES - 27, 3 * READ_CHUNK_BYTES - 27, 1_000_000];
    for (const size of sizes) {
      const bytes = crypto.randomBytes(size);
      const { fileId } = await files.put({ subjectId, kind: 'kanyadan-upload', mediaType: 'application/pdf', bytes });
      const got = await files.get(fileId, { subjectId });
      expect(got?.byteSize, `${size} bytes`).toBe(size);
      expect(got!.bytes.equals(bytes), `${size} bytes`).toBe(true);
    }
    // A slice boundary falls inside a flipped byte's neighbourhood: still caught as damage.
    const { fileId } = await files.put({ subjectId, kind: 'kanyadan-upload', mediaType: 'application/pdf', bytes: crypto.randomBytes(2 * READ_CHUNK_BYTES) });
    const atRest = (await ciphertextAtRest(fileId))!;
    const flipped = Buffer.from(atRest);
    flipped[READ_CHUNK_BYTES]! ^= 0x80;
    await overwriteCiphertext(fileId, flipped);
    await expect(files.get(fileId)).rejects.toThrow(FileIntegrityError);
  });

  it('stores a file in parts of at most READ_CHUNK_BYTES, never whole in one row, and still reads a file kept whole in its row', async () => {
    const subjectId = newSubject();
    const bytes = crypto.randomBytes(5 * 1024 * 1024);
    const { fileId } = await files.put({ subjectId, kind: 'kanyadan-upload', mediaType: 'image/jpeg', bytes });
    const { rows } = await testDb.db.query<{ n: number; size: number; column_size: number | null }>(
      `SELECT p.n, octet_length(p.bytes) AS size, octet_length(f.ciphertext) AS column_size
       FROM files f LEFT JOIN file_parts p USING (file_id) WHERE f.file_id = $1 ORDER BY p.n`,
      [fileId],
    );
    if (s3) {
      expect(rows).toEqual([{ n: null, size: null, column_size: null }]);
    } else {
      expect(rows.map((row) => row.n)).toEqual(Array.from({ length: Math.ceil((bytes.length + 28) / READ_CHUNK_BYTES) }, (_, n) => n));
      expect(Math.max(...rows.map((row) => row.size))).toBe(READ_CHUNK_BYTES);
      expect(rows.reduce((sum, row) => sum + row.size, 0)).toBe(bytes.length + 28);
      expect(rows.every((row) => row.column_size === null)).toBe(true);
      // A file written before the parts: the same ciphertext, whole in files.ciphertext.
      await overwriteCiphertext(fileId, (await ciphertextAtRest(fileId))!);
      const { rows: parts } = await testDb.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM file_parts WHERE file_id = $1`, [fileId]);
      expect(parts[0]!.count).toBe(0);
    }
    expect((await files.get(fileId, { subjectId }))!.bytes.equals(bytes)).toBe(true);
    // Removing the file removes its parts.
    expect(await files.remove(fileId)).toBe(true);
    const { rows: left } = await testDb.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM file_parts WHERE file_id = $1`, [fileId]);
    expect(left[0]!.count).toBe(0);
  });

  it('keeps only ciphertext at rest, under a key that names no one', async () => {
    const subjectId = newSubject();
    const bytes = documentBytes('at rest');
    const { fileId } = await files.put({ subjectId, kind: 'qr-code', mediaType: 'image/webp', bytes });
    const atRest = await ciphertextAtRest(fileId);
    expect(atRest).not.toBeNull();
    // iv (12) + tag (16) + ciphertext of the same length.
    expect(atRest!.length).toBe(bytes.length + 28);
    expect(atRest!.includes(Buffer.from('PLAINTEXT-MARKER'))).toBe(false);
    expect(atRest!.includes(bytes.subarray(40, 72))).toBe(false);
    const row = await rawRow(fileId);
    expect(row?.storage).toBe(storage);
    if (s3) {
      // The row holds no copy; the bucket holds nothing but files/<random id>.
      expect(row?.ciphertext).toBeNull();
      const stored = (fs.readdirSync(s3.directory, { recursive: true }) as string[]).join('\n');
      expect(stored).toContain(fileId);
      expect(stored).not.toContain(subjectId.slice(5));
    }
  });

  it('detects tampering with the stored bytes or with the recorded hash', async () => {
    const subjectId = newSubject();
    const { fileId } = await files.put({ subjectId, kind: 'qr-code', mediaType: 'image/png', bytes: documentBytes('tamper') });
    const atRest = (await ciphertextAtRest(fileId))!;
    const flipped = Buffer.from(atRest);
    flipped[flipped.length - 5]! ^= 0x01;
    await overwriteCiphertext(fileId, flipped);
    await expect(files.get(fileId)).rejects.toThrow(FileIntegrityError);

    await overwriteCiphertext(fileId, atRest);
    expect((await files.get(fileId))?.byteSize).toBeGreaterThan(0);
    await testDb.db.query(`UPDATE files SET sha256 = $2 WHERE file_id = $1`, [fileId, '0'.repeat(64)]);
    await expect(files.get(fileId)).rejects.toThrow(/do not match the recorded size and SHA-256/);
  });

  it("cannot be opened with another subject's key, nor passed off as another file", async () => {
    const owner = newSubject();
    const other = newSubject();
    const mine = await files.put({ subjectId: owner, kind: 'qr-code', mediaType: 'image/png', bytes: documentBytes('owner') });
    const theirs = await files.put({ subjectId: other, kind: 'qr-code', mediaType: 'image/png', bytes: documentBytes('other') });
    const ciphertext = (await ciphertextAtRest(mine.fileId))!;
    await expect(vault.openBytes(testDb.db, other, mine.fileId, ciphertext)).rejects.toThrow();

    // A row re-pointed at another subject (whose key exists) does not decrypt.
    await testDb.db.query(`UPDATE files SET subject_id = $2 WHERE file_id = $1`, [mine.fileId, other]);
    await expect(files.get(mine.fileId)).rejects.toThrow(FileIntegrityError);
    await testDb.db.query(`UPDATE files SET subject_id = $2 WHERE file_id = $1`, [mine.fileId, owner]);
    expect((await files.get(mine.fileId))?.subjectId).toBe(owner);

    // The other subject's file body copied over this one's: bound to its own ID, it is refused.
    await overwriteCiphertext(mine.fileId, (await ciphertextAtRest(theirs.fileId))!);
    await expect(files.get(mine.fileId)).rejects.toThrow(FileIntegrityError);
  });

  it('finds a file only for the subject and kind asked for', async () => {
    const subjectId = newSubject();
    const { fileId } = await files.put({ subjectId, kind: 'qr-code', mediaType: 'image/webp', bytes: documentBytes('where') });
    expect(await files.get(fileId, { subjectId: newSubject() })).toBeNull();
    expect(await files.get(fileId, { kind: 'donation-proof' })).toBeNull();
    expect(await files.stat(fileId, { subjectId: newSubject() })).toBeNull();
    expect((await files.get(fileId, { subjectId, kind: 'qr-code' }))?.fileId).toBe(fileId);
    expect(await files.get('not-a-uuid')).toBeNull();
    expect(await files.get('../../master.key')).toBeNull();
    expect(await files.get(crypto.randomUUID())).toBeNull();
    expect(await files.remove(fileId, { subjectId: newSubject() })).toBe(false);
    expect(await files.stat(fileId)).not.toBeNull();
  });

  it('refuses what is not a file for the store', async () => {
    const bytes = Buffer.from('x');
    const before = await fileCount();
    await expect(files.put({ subjectId: '', kind: 'qr-code', mediaType: 'image/png', bytes })).rejects.toThrow(/subjectId/);
    await expect(files.put({ subjectId: newSubject(), kind: '../Evil', mediaType: 'image/png', bytes })).rejects.toThrow(/kind/);
    await expect(files.put({ subjectId: newSubject(), kind: 'qr-code', mediaType: 'image/png; charset=x', bytes })).rejects.toThrow(/media type/);
    await expect(files.put({ subjectId: newSubject(), kind: 'qr-code', mediaType: 'image/png', bytes: Buffer.alloc(33 * 1024 * 1024) })).rejects.toThrow(/limit/);
    expect(await fileCount()).toBe(before);
  });

  it('reads as null once the subject key is destroyed, and the sweep then removes it', async () => {
    const subjectId = newSubject();
    const kept = await files.put({ subjectId: newSubject(), kind: 'qr-code', mediaType: 'image/png', bytes: documentBytes('kept') });
    const { fileId } = await files.put({ subjectId, kind: 'qr-code', mediaType: 'image/png', bytes: documentBytes('erased') });
    expect(await vault.destroyKey(testDb.db, subjectId)).toBe(true);
    expect(await files.get(fileId)).toBeNull();
    await expect(files.put({ subjectId, kind: 'qr-code', mediaType: 'image/png', bytes: documentBytes('after') })).rejects.toThrow(/erased/);

    const result = await sweepFiles({ files, log, now: () => new Date('2000-01-01T00:00:00Z') });
    expect(result.shreddedFiles).toBe(1);
    expect(await files.stat(fileId)).toBeNull();
    expect(await ciphertextAtRest(fileId)).toBeNull();
    expect((await files.get(kept.fileId))?.fileId).toBe(kept.fileId);
  });

  it('removes one file, and all files of a subject', async () => {
    const subjectId = newSubject();
    const neighbour = newSubject();
    const one = await files.put({ subjectId, kind: 'qr-code', mediaType: 'image/png', bytes: documentBytes('1') });
    const two = await files.put({ subjectId, kind: 'donation-proof', mediaType: 'application/pdf', bytes: documentBytes('2') });
    const three = await files.put({ subjectId, kind: 'donation-proof', mediaType: 'application/pdf', bytes: documentBytes('3') });
    const theirs = await files.put({ subjectId: neighbour, kind: 'qr-code', mediaType: 'image/png', bytes: documentBytes('n') });

    expect(await files.remove(one.fileId, { subjectId })).toBe(true);
    expect(await files.get(one.fileId)).toBeNull();
    expect(await ciphertextAtRest(one.fileId)).toBeNull();
    expect(await files.remove(one.fileId)).toBe(false);

    expect(await files.removeAllOf(subjectId)).toBe(2);
    for (const { fileId } of [two, three]) {
      expect(await files.stat(fileId)).toBeNull();
      expect(await ciphertextAtRest(fileId)).toBeNull();
    }
    expect((await files.get(theirs.fileId))?.subjectId).toBe(neighbour);
    expect(await files.removeAllOf(subjectId)).toBe(0);
  });

  it("commits with the caller's transaction, or not at all", async () => {
    const subjectId = newSubject();
    const committed = await testDb.db.transaction((tx) => files.put({ subjectId, kind: 'qr-code', mediaType: 'image/png', bytes: documentBytes('tx') }, tx));
    expect((await files.get(committed.fileId))?.fileId).toBe(committed.fileId);

    const before = await fileCount();
    let rolledBack = '';
    await expect(
      testDb.db.transaction(async (tx) => {
        rolledBack = (await files.put({ subjectId: newSubject(), kind: 'qr-code', mediaType: 'image/png', bytes: documentBytes('rollback') }, tx)).fileId;
        throw new Error('the event append failed');
      }),
    ).rejects.toThrow('the event append failed');
    expect(await fileCount()).toBe(before);
    expect(await files.get(rolledBack)).toBeNull();
    // With S3 the object was written before the row and stays until the sweep finds it old enough.
    expect((await ciphertextAtRest(rolledBack)) !== null).toBe(storage === 's3');

    // A removal inside a transaction that rolls back leaves the file whole.
    await expect(
      testDb.db.transaction(async (tx) => {
        expect(await files.remove(committed.fileId, { tx })).toBe(true);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await files.get(committed.fileId))?.fileId).toBe(committed.fileId);

    // Young objects are left alone (a put may be between its object and its row) ...
    expect((await sweepFiles({ files, log, now: () => new Date('2000-01-01T00:00:00Z') })).orphanObjects).toBe(0);
    expect((await ciphertextAtRest(rolledBack)) !== null).toBe(storage === 's3');
    // ... and removed once older than the hour.
    const late = await sweepFiles({ files, log, now: () => new Date('2100-01-01T00:00:00Z') });
    expect(late.orphanObjects).toBe(storage === 's3' ? 1 : 0);
    expect(await ciphertextAtRest(rolledBack)).toBeNull();
    expect((await files.get(committed.fileId))?.fileId).toBe(committed.fileId);
  });
});

describe.each(testDbKinds())('S3 storage on %s: order of writes and damage', (dbKind) => {
  let testDb: TestDb;
  let vault: PersonalDataVault;
  let s3: LocalS3;
  let files: FileStore;

  beforeAll(async () => {
    testDb = await createTestDb(dbKind);
    vault = new PersonalDataVault(crypto.randomBytes(32));
    s3 = await startLocalS3();
    files = createFileStore({ config: s3.config, db: testDb.db, vault, log, now: () => createdAt });
  });
  afterAll(async () => {
    files?.close();
    await s3?.stop();
    await testDb?.drop();
  });

  async function fileCount(): Promise<number> {
    const { rows } = await testDb.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM files`);
    return rows[0]!.count;
  }

  it('never writes a row when the object cannot be written, and says which bucket fails', async () => {
    const broken = createFileStore({ config: { ...s3.config, bucket: 'no-such-bucket' }, db: testDb.db, vault, log, now: () => createdAt });
    try {
      const before = await fileCount();
      await expect(broken.put({ subjectId: newSubject(), kind: 'qr-code', mediaType: 'image/png', bytes: documentBytes('nowhere') })).rejects.toThrow();
      expect(await fileCount()).toBe(before);
      await expect(broken.check()).rejects.toThrow(/S3_BUCKET "no-such-bucket" .* the bucket does not exist/);
      await expect(files.check()).resolves.toBeUndefined();
    } finally {
      broken.close();
    }
  });

  it('treats a row without its object as damage, and leaves objects it did not name alone', async () => {
    const { fileId } = await files.put({ subjectId: newSubject(), kind: 'qr-code', mediaType: 'image/png', bytes: documentBytes('lost') });
    fs.rmSync(`${s3.directory}/${s3.config.bucket}/${s3KeyOf(fileId)}._S3rver_object`);
    await expect(files.get(fileId)).rejects.toThrow(/object is missing/);
    await testDb.db.query(`DELETE FROM files WHERE file_id = $1`, [fileId]);

    const foreign = new S3Blobs(s3.config);
    try {
      await foreign.write('not-a-file-id', Buffer.from('someone else'));
      await sweepFiles({ files, log, now: () => new Date('2100-01-01T00:00:00Z') });
      expect(s3.rawObject(s3KeyOf('not-a-file-id'))?.toString()).toBe('someone else');
    } finally {
      foreign.close();
    }
  });
});

describe('createFileStore', () => {
  it('follows the configuration: the database without S3_*, S3 with all of them', async () => {
    const testDb = await createTestDb('pglite');
    const s3 = await startLocalS3('from-config');
    try {
      const vault = new PersonalDataVault(crypto.randomBytes(32));
      const plain = loadConfig({ NODE_ENV: 'test' });
      const withS3 = loadConfig({
        NODE_ENV: 'test',
        S3_ENDPOINT: s3.config.endpoint,
        S3_BUCKET: 'from-config',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      });
      const inDb = createFileStore({ config: plain.files, db: testDb.db, vault, log, now: () => createdAt });
      const inS3 = createFileStore({ config: withS3.files, db: testDb.db, vault, log, now: () => createdAt });
      expect([inDb.storage, inS3.storage]).toEqual(['db', 's3']);
      await inS3.check();
      const { fileId } = await inS3.put({ subjectId: newSubject(), kind: 'qr-code', mediaType: 'image/png', bytes: documentBytes('config') });
      expect(s3.rawObject(s3KeyOf(fileId))).not.toBeNull();
      inDb.close();
      inS3.close();
    } finally {
      await s3.stop();
      await testDb.drop();
    }
  });
});
