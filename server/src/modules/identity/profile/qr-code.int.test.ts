import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type TestApp } from '#server/testing/test-services';
import { logIn } from '../accounts/login.ts';
import { PROFILE_EDIT_NOT_YOURS } from './profile.ts';
import { MAX_UPLOAD_BYTES, recordQrUpload } from './qr-code.ts';
import { processQrCodeJob } from './process-qr-code.job.ts';
import { erasePerson } from '../erasure/erase-person.ts';
import { isEventOf } from '#server/event-store/types';
import { IMAGE_TOO_MANY_PIXELS, IMAGE_UNREADABLE, UPLOAD_NO_FILE, UPLOAD_WRONG_TYPE_IMAGES, uploadTooLarge } from '#server/uploads/upload-messages';
import type { QrCodeProcessed, QrCodeUploaded } from '../identity.events.ts';
import { binary } from '#server/testing/binary-body';

/** Every file the store holds (`<kind>:<file ID>`, oldest first); the disk holds none. */
async function storedFiles(app: TestApp): Promise<string[]> {
  expect(fs.existsSync(path.join(app.dataDir, 'files'))).toBe(false);
  const { rows } = await app.services.db.query<{ file_id: string; kind: string }>(`SELECT file_id, kind FROM files ORDER BY created_at, file_id`);
  return rows.map((row) => `${row.kind}:${row.file_id}`);
}

async function processedFileOf(app: TestApp, userId: string): Promise<string> {
  const events = (await app.services.eventStore.readStream(`user-${userId}`)).filter((event) => isEventOf<QrCodeProcessed>(event, ['QrCodeProcessed']));
  return events.at(-1)!.data.file;
}


describe.each(testDbKinds())('UPI QR upload on %s', (kind) => {
  let app: TestApp;
  let http: ReturnType<TestApp['http']>;
  let admin: Awaited<ReturnType<TestApp['account']>>;
  let financeAdmin: Awaited<ReturnType<TestApp['account']>>;
  let photoWithExif: Buffer;

  beforeAll(async () => {
    app = await createTestApp(kind);
    http = app.http();
    admin = await app.account({ role: 'admin', permissions: ['members'] });
    financeAdmin = await app.account({ role: 'admin', permissions: ['finance'] });
    photoWithExif = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: { r: 240, g: 240, b: 240 } } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret', Artist: 'Someone Private' } } })
      .toBuffer();
  });
  afterAll(async () => {
    await app?.close();
  });

  const upload = (userId: string, token: string) => request(http).post(`/api/users/upload-profile-assets/${userId}`).set('Authorization', `Bearer ${token}`);
  const profileOf = async (token: string) => (await app.caller({ token })).identity.getProfile();

  it('stores the upload sealed in the file store, and the job re-encodes it: WebP, at most 1024 px, no metadata', async () => {
    const member = await app.account();
    expect((await sharp(photoWithExif).metadata()).exif?.toString('latin1')).toContain('secret');
    const before = await app.eventCount();

    const res = await upload(member.userId, member.token).attach('qrCode', photoWithExif, { filename: '../../../etc/cron.d/evil.png', contentType: 'image/png' });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ uploadId: expect.stringMatching(/^[0-9a-f-]{36}$/), qrCode: `/api/users/profile-assets/${member.userId}/qr-code/${res.body.uploadId}`, status: 'processing' });
    expect(await app.eventCount()).toBe(before + 1);
    const uploadId = res.body.uploadId;
    expect(await storedFiles(app)).toContain(`qr-code-upload:${uploadId}`);
    const { rows: raw } = await app.services.db.query<{ ciphertext: Uint8Array }>(`SELECT coalesce(ciphertext, (SELECT string_agg(p.bytes, ''::bytea ORDER BY p.n) FROM file_parts p WHERE p.file_id = files.file_id)) AS ciphertext FROM files WHERE file_id = $1`, [uploadId]);
    expect(Buffer.from(raw[0]!.ciphertext).includes(Buffer.from('secret'))).toBe(false);
    // Not shown before the job has processed it.
    expect((await profileOf(member.token)).qrCode).toEqual({ status: 'processing', url: null });
    expect((await request(http).get(res.body.qrCode).set('Authorization', `Bearer ${member.token}`)).status).toBe(404);

    await app.runJobs();
    const failures = await app.services.db.query(`SELECT * FROM job_failures`);
    const events = (await app.services.eventStore.readStream(`user-${member.userId}`)).map((event) => event.type);
    expect((await profileOf(member.token)).qrCode, JSON.stringify({ failures: failures.rows, events })).toEqual({ status: 'ready', url: res.body.qrCode });
    const fileId = await processedFileOf(app, member.userId);
    expect((await storedFiles(app)).filter((file) => file.endsWith(uploadId) || file.endsWith(fileId))).toEqual([`qr-code:${fileId}`]);

    const image = await request(http).get(res.body.qrCode).set('Authorization', `Bearer ${member.token}`).buffer(true).parse(binary);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('private, max-age=3600');
    const served = await sharp(image.body as Buffer).metadata();
    expect(served).toMatchObject({ format: 'webp', width: 1024, height: 768 });
    expect(served.exif).toBeUndefined();
    expect(served.xmp).toBeUndefined();
    expect((image.body as Buffer).toString('latin1')).not.toContain('secret');

    const [processed] = (await app.services.eventStore.readStream(`user-${member.userId}`)).filter((event) => event.type === 'QrCodeProcessed');
    expect(processed).toMatchObject({ data: { userId: member.userId, uploadId, file: fileId, width: 1024, height: 768 }, metadata: { actor: 'system' } });
  });

  it('serves the image, which says where the member’s money goes, to its member and to finance only, as private (issue 29)', async () => {
    const member = await app.account();
    const other = await app.account();
    const res = await upload(member.userId, member.token).attach('qrCode', photoWithExif, 'qr.jpg');
    await app.runJobs();
    const get = (token?: string) => {
      const req = request(http).get(res.body.qrCode);
      return token ? req.set('Authorization', `Bearer ${token}`) : req;
    };
    expect((await get()).status).toBe(401);
    expect((await get(other.token)).status).toBe(403);
    expect((await get(admin.token)).status).toBe(403);
    expect((await get(financeAdmin.token)).status).toBe(200);
    expect((await get(member.token)).status).toBe(200);
    expect((await request(http).get(`/api/users/profile-assets/${member.userId}/qr-code/${crypto.randomUUID()}`).set('Authorization', `Bearer ${member.token}`)).status).toBe(404);
    expect((await request(http).get(`/api/users/profile-assets/${member.userId}/qr-code/..%2F..%2Fmaster.key`).set('Authorization', `Bearer ${member.token}`)).status).toBe(400);
  });

  it('accepts the cookie session with the CSRF header, and refuses it without', async () => {
    const member = await app.account();
    const { token } = await logIn(app.services, { userId: member.userId, password: member.password }, { kind: 'cookie' });
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#123456' } }).png().toBuffer();
    const before = await app.eventCount();
    const refused = await request(http).post(`/api/users/upload-profile-assets/${member.userId}`).set('Cookie', `sahay_session=${token}`).attach('qrCode', png, 'qr.png');
    expect(refused.status).toBe(403);
    expect(await app.eventCount()).toBe(before);
    const accepted = await request(http)
      .post(`/api/users/upload-profile-assets/${member.userId}`)
      .set('Cookie', `sahay_session=${token}`)
      .set('x-sahay-csrf', '1')
      .attach('qrCode', png, 'qr.png');
    expect(accepted.status).toBe(202);
    await app.runJobs();
    expect((await profileOf(member.token)).qrCode.status).toBe('ready');
  });

  describe('refusals leave no file and record nothing', () => {
    let member: Awaited<ReturnType<TestApp['account']>>;
    let filesBefore: string[];
    let eventsBefore: number;

    beforeAll(async () => {
      member = await app.account();
    });
    async function expectNothingWritten(): Promise<void> {
      expect(await storedFiles(app)).toEqual(filesBefore);
      expect(await app.eventCount()).toBe(eventsBefore);
      await app.runJobs();
      expect(await storedFiles(app)).toEqual(filesBefore);
    }
    async function snapshot(): Promise<void> {
      await app.runJobs();
      filesBefore = await storedFiles(app);
      eventsBefore = await app.eventCount();
    }

    it('a visitor (401), another member’s ID (403) — also for an admin', async () => {
      await snapshot();
      const other = await app.account();
      await snapshot();
      expect((await request(http).post(`/api/users/upload-profile-assets/${member.userId}`).attach('qrCode', photoWithExif, 'qr.jpg')).status).toBe(401);
      for (const token of [other.token, admin.token]) {
        const res = await upload(member.userId, token).attach('qrCode', photoWithExif, 'qr.jpg');
        expect(res.status).toBe(403);
        expect(res.body.message).toBe(PROFILE_EDIT_NOT_YOURS);
      }
      await expectNothingWritten();
    });

    it('a file that is not JPEG, PNG or WebP, whatever its name and type say (400)', async () => {
      await snapshot();
      const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).gif().toBuffer();
      for (const [body, name] of [
        [gif, 'qr.png'],
        [Buffer.from('#!/bin/sh\necho hello\n'), 'qr.jpg'],
        [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'qr.webp'],
        [Buffer.from([0xff, 0xd8]), 'tiny.jpg'],
      ] as const) {
        const res = await upload(member.userId, member.token).attach('qrCode', body, { filename: name, contentType: 'image/png' });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(UPLOAD_WRONG_TYPE_IMAGES);
      }
      await expectNothingWritten();
    });

    it('more than 5 MB, stopped while streaming (413)', async () => {
      await snapshot();
      const big = Buffer.concat([photoWithExif.subarray(0, 16), crypto.randomBytes(6 * 1024 * 1024)]);
      const res = await upload(member.userId, member.token).attach('qrCode', big, 'big.jpg');
      expect(res.status).toBe(413);
      expect(res.body.message).toBe(uploadTooLarge(MAX_UPLOAD_BYTES));
      await expectNothingWritten();
    });

    it('no file, a file in another field, an extra field, or not multipart at all (400)', async () => {
      await snapshot();
      expect((await upload(member.userId, member.token).field('note', 'hello')).status).toBe(400);
      const wrongField = await upload(member.userId, member.token).attach('photo', photoWithExif, 'qr.jpg');
      expect(wrongField.status).toBe(400);
      expect(wrongField.body.message).toBe(UPLOAD_NO_FILE);
      expect((await upload(member.userId, member.token).attach('qrCode', photoWithExif, 'a.jpg').attach('qrCode', photoWithExif, 'b.jpg')).status).toBe(400);
      expect((await upload(member.userId, member.token).send({ qrCode: 'data:image/png;base64,AAAA' })).status).toBe(400);
      expect((await upload(member.userId, member.token).attach('qrCode', Buffer.alloc(0), 'empty.jpg')).status).toBe(400);
      await expectNothingWritten();
    });

    it('an image that does not decode, damaged or cut short, or one of more than 40 megapixels (400, at once)', async () => {
      await snapshot();
      const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#888' } }).png().toBuffer();
      const damaged = Buffer.from(png.map((byte, index) => (index > 60 && index % 50 === 0 ? byte ^ 0xff : byte)));
      const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#fff' } }).png({ compressionLevel: 9 }).toBuffer();
      expect(huge.length).toBeLessThan(MAX_UPLOAD_BYTES);
      for (const [body, name, message] of [
        [Buffer.concat([photoWithExif.subarray(0, 20), crypto.randomBytes(5000)]), 'broken.jpg', IMAGE_UNREADABLE],
        [png.subarray(0, png.length >> 1), 'half.png', IMAGE_UNREADABLE],
        [damaged, 'damaged.png', IMAGE_UNREADABLE],
        [huge, 'huge.png', IMAGE_TOO_MANY_PIXELS],
      ] as const) {
        const res = await upload(member.userId, member.token).attach('qrCode', body, name);
        expect([name, res.status, res.body.message]).toEqual([name, 400, message]);
      }
      expect((await profileOf(member.token)).qrCode).toEqual({ status: 'none', url: null });
      await expectNothingWritten();
    });
  });

  it('rejects in the job, as a second line, an upload it still cannot decode, and keeps no file', async () => {
    const member = await app.account();
    const corrupt = Buffer.concat([photoWithExif.subarray(0, 20), crypto.randomBytes(5000)]);
    const { uploadId } = await recordQrUpload(app.services, member.userId, { bytes: corrupt, mediaType: 'image/jpeg' }, { actor: member.userId, correlationId: 'test', ip: null });
    await app.runJobs();
    expect((await profileOf(member.token)).qrCode).toEqual({ status: 'rejected', url: null });
    const reasons = (await app.services.eventStore.readStream(`user-${member.userId}`))
      .filter((event) => event.type === 'QrCodeRejected')
      .map((event) => (event.data as { reason: string }).reason);
    expect(reasons).toEqual(['unreadable']);
    expect((await storedFiles(app)).filter((file) => file.includes(uploadId))).toEqual([]);
  });

  it('shows the newest image once processed, keeps the old one until then, and deletes the replaced file', async () => {
    const member = await app.account();
    const first = await upload(member.userId, member.token).attach('qrCode', photoWithExif, 'one.jpg');
    await app.runJobs();
    const firstFile = await processedFileOf(app, member.userId);
    const png = await sharp({ create: { width: 500, height: 500, channels: 4, background: '#0a0' } }).png().toBuffer();
    const second = await upload(member.userId, member.token).attach('qrCode', png, 'two.png');
    expect((await profileOf(member.token)).qrCode).toEqual({ status: 'processing', url: first.body.qrCode });
    await app.runJobs();
    expect((await profileOf(member.token)).qrCode).toEqual({ status: 'ready', url: second.body.qrCode });
    expect((await request(http).get(first.body.qrCode).set('Authorization', `Bearer ${member.token}`)).status).toBe(404);
    const firstId = first.body.qrCode.split('/').at(-1);
    expect((await storedFiles(app)).filter((file) => file.includes(firstId) || file.includes(firstFile))).toEqual([]);
    const served = await request(http).get(second.body.qrCode).set('Authorization', `Bearer ${member.token}`).buffer(true).parse(binary);
    expect(await sharp(served.body as Buffer).metadata()).toMatchObject({ format: 'webp', width: 500, height: 500 });
  });

  it('drops an upload that a newer one replaced before the job ran, and a second delivery of a job does nothing', async () => {
    const member = await app.account();
    const older = await upload(member.userId, member.token).attach('qrCode', photoWithExif, 'older.jpg');
    const newer = await upload(member.userId, member.token).attach('qrCode', photoWithExif, 'newer.jpg');
    await app.runJobs();
    expect((await profileOf(member.token)).qrCode).toEqual({ status: 'ready', url: newer.body.qrCode });
    const olderId = older.body.qrCode.split('/').at(-1);
    expect((await storedFiles(app)).filter((file) => file.includes(olderId))).toEqual([]);
    const processed = (await app.services.eventStore.readStream(`user-${member.userId}`)).filter((event) => event.type === 'QrCodeProcessed');
    expect(processed).toHaveLength(1);

    const [uploaded] = (await app.services.eventStore.readStream(`user-${member.userId}`)).filter((event) => isEventOf<QrCodeUploaded>(event, ['QrCodeUploaded'])).slice(-1);
    const before = await app.eventCount();
    await processQrCodeJob.run({ id: `${uploaded!.eventId}_${processQrCodeJob.name}`, event: uploaded! }, app.services);
    expect(await app.eventCount()).toBe(before);
    expect((await request(http).get(newer.body.qrCode).set('Authorization', `Bearer ${member.token}`)).status).toBe(200);
  });

  it('deletes the member’s images, in the same transaction, when the person is erased', async () => {
    const member = await app.account();
    const res = await upload(member.userId, member.token).attach('qrCode', photoWithExif, 'qr.jpg');
    await app.runJobs();
    await upload(member.userId, member.token).attach('qrCode', photoWithExif, 'pending.jpg');
    const { rows: before } = await app.services.db.query(`SELECT 1 FROM files WHERE subject_id = $1`, [`user-${member.userId}`]);
    expect(before).toHaveLength(2);
    await erasePerson(app.services, { userId: member.userId, reason: 'Asked to be forgotten', by: null }, { actor: 'system', correlationId: 'erase-test' });
    const { rows: after } = await app.services.db.query(`SELECT 1 FROM files WHERE subject_id = $1`, [`user-${member.userId}`]);
    expect(after).toEqual([]);
    expect((await request(http).get(res.body.qrCode).set('Authorization', `Bearer ${financeAdmin.token}`)).status).toBe(404);
    await app.runJobs();
    expect(await app.services.db.query(`SELECT 1 FROM files WHERE subject_id = $1`, [`user-${member.userId}`]).then((result) => result.rows)).toEqual([]);
  });

  it('limits uploads per account', async () => {
    const limited = await createTestApp(kind, { limits: { uploadPerAccount: { limit: 1, windowSeconds: 3600 } } });
    try {
      const limitedHttp = limited.http();
      const member = await limited.account();
      const send = () => request(limitedHttp).post(`/api/users/upload-profile-assets/${member.userId}`).set('Authorization', `Bearer ${member.token}`).attach('qrCode', photoWithExif, 'qr.jpg');
      expect((await send()).status).toBe(202);
      const before = await storedFiles(limited);
      const second = await send();
      expect(second.status).toBe(429);
      expect(second.headers['retry-after']).toBeDefined();
      expect(await storedFiles(limited)).toEqual(before);
    } finally {
      await limited.close();
    }
  });
});
