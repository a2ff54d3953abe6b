import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '#server/errors/app-error';
import { PersonalDataVault } from '#server/event-store/sealing/personal-data';
import { createFileStore, type FileStore } from '#server/files/file-store';
import { createTestDb, testDbKinds, type TestDb } from '#server/testing/test-db';
import { acceptUpload } from './accept-upload.ts';
import { hostilePdf, HOSTILE_MARKERS, photoWithExif, pixelBombPng, plainImage, simplePdf } from './test-files.test-helper.ts';
import {
  IMAGE_TOO_MANY_PIXELS,
  IMAGE_UNREADABLE,
  PDF_UNREADABLE,
  UPLOAD_EMPTY,
  UPLOAD_INTERRUPTED,
  UPLOAD_MALFORMED,
  UPLOAD_NO_FILE,
  UPLOAD_ONE_FILE_ONLY,
  UPLOAD_WRONG_TYPE_IMAGES,
  UPLOAD_WRONG_TYPE_IMAGES_OR_PDF,
  uploadTooLarge,
} from './upload-messages.ts';
import type { UploadAccept } from './upload-types.ts';

const MAX_BYTES = 1024 * 1024;
const log = pino({ level: 'silent' });

interface Outcome {
  status: number;
  error?: AppError;
}

/**
 * The way a REST adapter uses the library: accept the upload, then store it for its owner. Every
 * outcome is recorded, also for requests whose client is gone before it could read the answer.
 */
function uploadServer(files: FileStore, subjectId: string) {
  const outcomes: Outcome[] = [];
  const waiters: Array<(outcome: Outcome) => void> = [];
  const record = (outcome: Outcome) => {
    outcomes.push(outcome);
    waiters.shift()?.(outcome);
  };
  const server = http.createServer(async (req, res) => {
    const accept = (new URL(req.url ?? '/', 'http://x').searchParams.get('accept') ?? 'images-or-pdf') as UploadAccept;
    try {
      const upload = await acceptUpload(req, { field: 'file', maxBytes: MAX_BYTES, accept, log, image: { maxSide: 512 } });
      const stored = await files.put({ subjectId, kind: 'test-upload', mediaType: upload.mediaType, bytes: upload.bytes });
      record({ status: 201 });
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ ...stored, kind: upload.kind, mediaType: upload.mediaType }));
    } catch (error) {
      const status = error instanceof AppError ? error.httpStatus : 500;
      record({ status, error: error instanceof AppError ? error : undefined });
      if (!res.headersSent) res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ message: error instanceof AppError ? error.userMessage : String(error) }));
    }
  });
  return {
    server,
    outcomes,
    nextOutcome: () => new Promise<Outcome>((resolve) => waiters.push(resolve)),
  };
}

describe.each(testDbKinds())('acceptUpload over HTTP on %s', (kind) => {
  let testDb: TestDb;
  let files: FileStore;
  let harness: ReturnType<typeof uploadServer>;
  let port: number;
  const subjectId = `user-${crypto.randomUUID()}`;

  beforeAll(async () => {
    testDb = await createTestDb(kind);
    files = createFileStore({ config: { kind: 'db' }, db: testDb.db, vault: new PersonalDataVault(crypto.randomBytes(32)), log, now: () => new Date('2025-01-01T00:00:00Z') });
    harness = uploadServer(files, subjectId);
    await new Promise<void>((resolve) => harness.server.listen(0, '127.0.0.1', resolve));
    port = (harness.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => harness?.server.close(resolve));
    await testDb?.drop();
  });

  const post = (accept: UploadAccept = 'images-or-pdf') => request(harness.server).post(`/?accept=${accept}`);
  async function storedCount(): Promise<number> {
    const { rows } = await testDb.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM files`);
    return rows[0]!.count;
  }
  /** Sends a request and checks it was refused with this status and message, with nothing stored. */
  async function expectRefused(send: Promise<request.Response>, status: number, message: string) {
    const before = await storedCount();
    const res = await send;
    expect({ status: res.status, message: res.body.message }).toEqual({ status, message });
    expect(await storedCount()).toBe(before);
  }

  it('stores a re-encoded photo, whatever name and type the client gave it', async () => {
    const res = await post().attach('file', await photoWithExif(1200, 800), { filename: '../../../etc/cron.d/evil.pdf', contentType: 'application/pdf' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ kind: 'image', mediaType: 'image/webp' });
    const stored = await files.get(res.body.fileId, { subjectId });
    expect(stored?.mediaType).toBe('image/webp');
    const metadata = await sharp(stored!.bytes).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 341, height: 512 });
    expect(metadata.exif).toBeUndefined();
    const { rows } = await testDb.db.query(`SELECT * FROM files WHERE file_id = $1`, [res.body.fileId]);
    expect(JSON.stringify(rows[0])).not.toContain('evil');
  });

  it('stores a PDF only after stripping its active content', async () => {
    const res = await post().attach('file', await hostilePdf(), { filename: 'receipt.pdf', contentType: 'application/pdf' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ kind: 'pdf', mediaType: 'application/pdf' });
    const stored = (await files.get(res.body.fileId))!.bytes.toString('latin1');
    expect(stored.startsWith('%PDF-')).toBe(true);
    for (const needle of ['/JavaScript', '/OpenAction', '/EmbeddedFile', '/Annots', HOSTILE_MARKERS.script]) expect(stored).not.toContain(needle);
  });

  it('decides the type from the content, not the name or the claimed type', async () => {
    await expectRefused(post().attach('file', await plainImage('gif'), { filename: 'photo.jpg', contentType: 'image/jpeg' }), 400, UPLOAD_WRONG_TYPE_IMAGES_OR_PDF);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    await expectRefused(post().attach('file', svg, { filename: 'logo.png', contentType: 'image/png' }), 400, UPLOAD_WRONG_TYPE_IMAGES_OR_PDF);
    const exe = Buffer.concat([Buffer.from('MZ'), crypto.randomBytes(5000)]);
    await expectRefused(post().attach('file', exe, { filename: 'statement.pdf', contentType: 'application/pdf' }), 400, UPLOAD_WRONG_TYPE_IMAGES_OR_PDF);
    await expectRefused(post('images').attach('file', await simplePdf(), { filename: 'photo.png', contentType: 'image/png' }), 400, UPLOAD_WRONG_TYPE_IMAGES);
  });

  it('refuses an empty file, a truncated image, a pixel bomb, and broken PDFs', async () => {
    await expectRefused(post().attach('file', Buffer.alloc(0), { filename: 'empty.png', contentType: 'image/png' }), 400, UPLOAD_EMPTY);
    const photo = await photoWithExif(600, 400);
    await expectRefused(post().attach('file', photo.subarray(0, photo.length / 2), { filename: 'half.jpg' }), 400, IMAGE_UNREADABLE);
    await expectRefused(post().attach('file', pixelBombPng(20_000, 20_000), { filename: 'bomb.png' }), 400, IMAGE_TOO_MANY_PIXELS);
    await expectRefused(post().attach('file', Buffer.from('%PDF-1.7\nnothing of a PDF follows'), { filename: 'garbage.pdf' }), 400, PDF_UNREADABLE);
    const pdf = await simplePdf(2);
    await expectRefused(post().attach('file', pdf.subarray(0, Math.floor(pdf.length * 0.7)), { filename: 'cut.pdf' }), 400, PDF_UNREADABLE);
  });

  it('refuses a second file, any text field, a file under another name, and no file', async () => {
    const png = await plainImage('png');
    await expectRefused(post().attach('file', png, 'a.png').attach('file', png, 'b.png'), 400, UPLOAD_ONE_FILE_ONLY);
    await expectRefused(post().attach('file', png, 'a.png').attach('other', png, 'b.png'), 400, UPLOAD_ONE_FILE_ONLY);
    await expectRefused(post().field('note', 'hello').attach('file', png, 'a.png'), 400, UPLOAD_ONE_FILE_ONLY);
    await expectRefused(post().attach('file', png, 'a.png').field('note', 'hello'), 400, UPLOAD_ONE_FILE_ONLY);
    await expectRefused(post().attach('avatar', png, 'a.png'), 400, UPLOAD_NO_FILE);
    await expectRefused(post().type('multipart/form-data; boundary=nothing').send('--nothing--\r\n'), 400, UPLOAD_NO_FILE);
  });

  it('refuses bodies that are not a well-formed multipart form', async () => {
    await expectRefused(post().send({ file: 'iVBORw0KGgo=' }), 400, UPLOAD_MALFORMED);
    await expectRefused(post().set('Content-Type', 'multipart/form-data').send('no boundary'), 400, UPLOAD_MALFORMED);
    const unfinished = '--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n' + 'x'.repeat(100);
    await expectRefused(post().set('Content-Type', 'multipart/form-data; boundary=b').send(unfinished), 400, UPLOAD_MALFORMED);
  });

  it('answers 413 as soon as the stream crosses the cap, long before the client has sent it all', async () => {
    const before = await storedCount();
    const total = 64 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 0x41);
    const outcome = harness.nextOutcome();
    const photoHead = (await photoWithExif(1200, 800)).subarray(0, 16 * 1024);
    const result = await new Promise<{ status: number; sent: number; body: string }>((resolve, reject) => {
      let sent = 0;
      let isAnswered = false;
      const req = http.request({ port, host: '127.0.0.1', method: 'POST', path: '/', headers: { 'content-type': 'multipart/form-data; boundary=b', 'transfer-encoding': 'chunked' } });
      req.on('response', (res) => {
        isAnswered = true;
        let body = '';
        res.on('data', (data: Buffer) => (body += data.toString()));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, sent, body });
          req.destroy();
        });
      });
      req.on('error', (error) => (isAnswered ? undefined : reject(error)));
      req.write('--b\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n');
      // A real photo's start, so the type check passes and only the size can stop it.
      req.write(photoHead);
      const pump = () => {
        while (!isAnswered && sent < total) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        if (!isAnswered) req.end('\r\n--b--\r\n');
      };
      pump();
    });
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body).message).toBe(uploadTooLarge(MAX_BYTES));
    expect(uploadTooLarge(MAX_BYTES)).toBe('The file is larger than 1 MB. Please choose a smaller one.');
    expect(result.sent).toBeLessThan(total / 4);
    expect((await outcome).status).toBe(413);
    expect(await storedCount()).toBe(before);
  });

  it('refuses a declared Content-Length above the cap before reading the body', async () => {
    const outcome = harness.nextOutcome();
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request({ port, host: '127.0.0.1', method: 'POST', path: '/', headers: { 'content-type': 'multipart/form-data; boundary=b', 'content-length': String(50 * 1024 * 1024) } });
      req.on('response', (res) => {
        resolve(res.statusCode ?? 0);
        res.resume();
        req.destroy();
      });
      req.on('error', reject);
      // Only the start of the body: the answer must not wait for the rest.
      req.write('--b\r\n');
    });
    expect(status).toBe(413);
    expect((await outcome).error?.userMessage).toBe(uploadTooLarge(MAX_BYTES));
  });

  it('keeps nothing when the client goes away half way', async () => {
    const before = await storedCount();
    const outcome = harness.nextOutcome();
    const photo = await photoWithExif(1200, 800);
    const body = Buffer.concat([
      Buffer.from('--b\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n'),
      photo,
      Buffer.from('\r\n--b--\r\n'),
    ]);
    const req = http.request({ port, host: '127.0.0.1', method: 'POST', path: '/', headers: { 'content-type': 'multipart/form-data; boundary=b', 'content-length': String(body.length) } });
    req.on('error', () => {});
    req.write(body.subarray(0, Math.floor(body.length / 2)), () => setTimeout(() => req.destroy(), 50));
    const result = await outcome;
    expect(result.status).toBe(400);
    expect(result.error?.userMessage).toBe(UPLOAD_INTERRUPTED);
    expect(await storedCount()).toBe(before);
  });
});
