import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isEventOf } from '#server/event-store/types';
import { watchWrites, type Writes } from '#server/http/authorisation-matrix.test-helper';
import { raceCalls } from '#server/testing/assertions';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type TestApp } from '#server/testing/test-services';
import { photoWithExif } from '#server/uploads/test-files.test-helper';
import { IMAGE_TOO_MANY_PIXELS, IMAGE_UNREADABLE, UPLOAD_NO_FILE, UPLOAD_WRONG_TYPE_IMAGES, uploadTooLarge } from '#server/uploads/upload-messages';
import { erasePerson } from '../erasure/erase-person.ts';
import type { IdPhotoUploaded } from '../identity.events.ts';
import { ID_PHOTO_HEIGHT, ID_PHOTO_WIDTH, MAX_UPLOAD_BYTES, recordIdPhotoUpload } from './id-photo.ts';
import { processIdPhotoJob } from './process-id-photo.job.ts';
import { PROFILE_EDIT_NOT_YOURS, PROFILE_NOT_YOURS } from './profile.ts';
import { binary } from '#server/testing/binary-body';

/**
 * The I-card photo (issue 16), over REST as other clients and the web send it, on PGlite and on
 * PostgreSQL (TEST_DATABASE_URL), where the race tests at the end really overlap.
 */

const CALLS = 10;


describe.each(testDbKinds())('I-card photo on %s', (kind) => {
  let app: TestApp;
  let http: ReturnType<TestApp['http']>;
  let writes: () => Promise<Writes>;
  let membersAdmin: Awaited<ReturnType<TestApp['account']>>;
  let financeAdmin: Awaited<ReturnType<TestApp['account']>>;
  let portrait: Buffer;
  let smallPng: Buffer;

  beforeAll(async () => {
    app = await createTestApp(kind);
    http = app.http();
    writes = watchWrites(app);
    [membersAdmin, financeAdmin, portrait, smallPng] = await Promise.all([
      app.account({ role: 'admin', permissions: ['members'] }),
      app.account({ role: 'admin', permissions: ['finance'] }),
      // Landscape, EXIF orientation 6 (turned upright: portrait 1500 × 2000), with GPS and names in its metadata.
      photoWithExif(2000, 1500),
      sharp({ create: { width: 120, height: 90, channels: 4, background: '#2a6' } }).png().toBuffer(),
    ]);
  });
  afterAll(async () => {
    await app?.close();
  });

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const upload = (userId: string, token: string) => request(http).post(`/api/users/profile-assets/${userId}/id-photo`).set(bearer(token));
  const remove = (userId: string, token: string) => request(http).post(`/api/users/profile-assets/${userId}/id-photo/remove`).set(bearer(token)).send({});
  const fetchPhoto = (url: string, token?: string) => {
    const req = request(http).get(url).buffer(true).parse(binary);
    return token ? req.set(bearer(token)) : req;
  };
  const profileOf = async (token: string) => (await app.caller({ token })).identity.getProfile();

  async function filesOf(userId: string): Promise<string[]> {
    expect(fs.existsSync(path.join(app.dataDir, 'files'))).toBe(false);
    const { rows } = await app.services.db.query<{ file_id: string; kind: string }>(`SELECT file_id, kind FROM files WHERE subject_id = $1 ORDER BY created_at, file_id`, [`user-${userId}`]);
    return rows.map((row) => `${row.kind}:${row.file_id}`);
  }

  async function photoEvents(userId: string): Promise<[string, string | null][]> {
    const { rows } = await app.services.db.query<{ type: string; upload_id: string | null }>(
      `SELECT type, data->>'uploadId' AS upload_id FROM events WHERE stream_id = $1 AND type LIKE 'IdPhoto%' ORDER BY stream_version`,
      [`user-${userId}`],
    );
    return rows.map((row) => [row.type, row.upload_id]);
  }

  async function uploadedEvent(userId: string) {
    return (await app.services.eventStore.readStream(`user-${userId}`)).filter((event) => isEventOf<IdPhotoUploaded>(event, ['IdPhotoUploaded'])).at(-1)!;
  }

  it('crops a photo to a 300 × 375 WebP portrait without metadata, stored sealed, served to its member privately, and on the I-card', async () => {
    const member = await app.account();
    expect((await sharp(portrait).metadata()).exif?.toString('latin1')).toContain('EXIF-SECRET');

    const res = await upload(member.userId, member.token).attach('idPhoto', portrait, { filename: '../../etc/passwd.jpg', contentType: 'text/plain' });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toEqual({ uploadId: expect.stringMatching(/^[0-9a-f-]{36}$/), idPhoto: `/api/users/profile-assets/${member.userId}/id-photo/${res.body.uploadId}`, status: 'processing' });
    const { uploadId } = res.body as { uploadId: string };
    expect(await filesOf(member.userId)).toEqual([`id-photo-upload:${uploadId}`]);
    const { rows: sealed } = await app.services.db.query<{ ciphertext: Uint8Array }>(`SELECT coalesce(ciphertext, (SELECT string_agg(p.bytes, ''::bytea ORDER BY p.n) FROM file_parts p WHERE p.file_id = files.file_id)) AS ciphertext FROM files WHERE file_id = $1`, [uploadId]);
    expect(Buffer.from(sealed[0]!.ciphertext).includes(Buffer.from('EXIF-SECRET'))).toBe(false);
    expect((await profileOf(member.token)).idPhoto).toEqual({ status: 'processing', url: null });
    expect((await fetchPhoto(res.body.idPhoto, member.token)).status).toBe(404);

    await app.runJobs();
    expect((await profileOf(member.token)).idPhoto).toEqual({ status: 'ready', url: res.body.idPhoto });
    const files = await filesOf(member.userId);
    expect(files).toEqual([expect.stringMatching(/^id-photo:[0-9a-f-]{36}$/)]);
    const [processed] = (await app.services.eventStore.readStream(`user-${member.userId}`)).filter((event) => event.type === 'IdPhotoProcessed');
    expect(processed).toMatchObject({ data: { userId: member.userId, uploadId, file: files[0]!.slice('id-photo:'.length), width: 300, height: 375 }, metadata: { actor: 'system' } });

    const image = await fetchPhoto(res.body.idPhoto, member.token);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('private, max-age=3600');
    const served = await sharp(image.body as Buffer).metadata();
    expect(served).toMatchObject({ format: 'webp', width: ID_PHOTO_WIDTH, height: ID_PHOTO_HEIGHT });
    expect(served.exif).toBeUndefined();
    expect(served.xmp).toBeUndefined();
    expect(served.icc).toBeUndefined();
    expect((image.body as Buffer).toString('latin1')).not.toMatch(/EXIF-SECRET|Someone Private/);

    // The member's own card carries it; the public card check never does.
    const card = await (await app.caller({ token: member.token })).community.getIdCard();
    expect(card.photoUrl).toBe(res.body.idPhoto);
    const signature = new URL(card.verifyUrl).searchParams.get('s')!;
    const verified = await (await app.caller()).community.verifyCard({ userId: member.userId, signature });
    expect(verified.isGenuine).toBe(true);
    expect(JSON.stringify(verified)).not.toContain('id-photo');
  });

  it('enlarges a small picture to the same size, and crops around the busy part of a wide one rather than its empty middle', async () => {
    const member = await app.account();
    const small = await upload(member.userId, member.token).attach('idPhoto', smallPng, 'small.png');
    await app.runJobs();
    expect(await sharp((await fetchPhoto(small.body.idPhoto, member.token)).body as Buffer).metadata()).toMatchObject({ width: 300, height: 375 });

    // Flat grey, with a saturated chequerboard far to the right: a centred crop would be flat grey.
    const [width, height] = [1600, 800];
    const patch = Buffer.alloc(300 * 400 * 3);
    for (let y = 0; y < 400; y++) {
      for (let x = 0; x < 300; x++) {
        const isRed = (Math.floor(x / 25) + Math.floor(y / 25)) % 2 === 0;
        patch.set(isRed ? [220, 30, 40] : [250, 210, 0], (y * 300 + x) * 3);
      }
    }
    const wide = await sharp({ create: { width, height, channels: 3, background: '#808080' } })
      .composite([{ input: patch, raw: { width: 300, height: 400, channels: 3 }, left: 1250, top: 200 }])
      .png()
      .toBuffer();
    const res = await upload(member.userId, member.token).attach('idPhoto', wide, 'wide.png');
    expect(res.status).toBe(202);
    await app.runJobs();
    const stats = await sharp((await fetchPhoto(res.body.idPhoto, member.token)).body as Buffer).stats();
    expect(Math.max(...stats.channels.map((channel) => channel.stdev))).toBeGreaterThan(20);
  });

  it('serves the photo to its member and admins with the members permission only', async () => {
    const member = await app.account();
    const other = await app.account();
    const res = await upload(member.userId, member.token).attach('idPhoto', smallPng, 'me.png');
    await app.runJobs();
    expect((await fetchPhoto(res.body.idPhoto)).status).toBe(401);
    const refused = await fetchPhoto(res.body.idPhoto, other.token);
    expect(refused.status).toBe(403);
    expect(JSON.parse((refused.body as Buffer).toString()).message).toBe(PROFILE_NOT_YOURS);
    expect((await fetchPhoto(res.body.idPhoto, financeAdmin.token)).status).toBe(403);
    expect((await fetchPhoto(res.body.idPhoto, membersAdmin.token)).status).toBe(200);
    expect((await fetchPhoto(res.body.idPhoto, member.token)).status).toBe(200);
    // The member's record in the console points at the same photo.
    expect((await (await app.caller({ token: membersAdmin.token })).admin.members.get({ userId: member.userId })).idPhotoUrl).toBe(res.body.idPhoto);
    expect((await (await app.caller({ token: membersAdmin.token })).admin.members.get({ userId: other.userId })).idPhotoUrl).toBeNull();
    // Someone else's upload ID under one's own user ID finds nothing.
    const othersUpload = await upload(other.userId, other.token).attach('idPhoto', smallPng, 'other.png');
    await app.runJobs();
    expect((await fetchPhoto(`/api/users/profile-assets/${member.userId}/id-photo/${othersUpload.body.uploadId}`, member.token)).status).toBe(404);
    expect((await fetchPhoto(`/api/users/profile-assets/${member.userId}/id-photo/${crypto.randomUUID()}`, member.token)).status).toBe(404);
    expect((await fetchPhoto(`/api/users/profile-assets/${member.userId}/id-photo/..%2F..%2Fmaster.key`, member.token)).status).toBe(400);
    // The QR route does not serve a photo either.
    expect((await fetchPhoto(`/api/users/profile-assets/${member.userId}/qr-code/${res.body.uploadId}`, member.token)).status).toBe(404);
  });

  describe('refusals: a 4xx with a clear message, and no event, no file, no job', () => {
    let member: Awaited<ReturnType<TestApp['account']>>;
    let before: Writes;

    beforeAll(async () => {
      member = await app.account();
    });
    async function snapshot(): Promise<void> {
      await app.runJobs();
      before = await writes();
    }
    async function expectNothingWritten(): Promise<void> {
      await app.runJobs();
      expect(await writes()).toEqual(before);
      expect(await filesOf(member.userId)).toEqual([]);
      expect((await profileOf(member.token)).idPhoto).toEqual({ status: 'none', url: null });
    }

    it('a visitor (401); another member’s ID, also for an admin (403)', async () => {
      await snapshot();
      expect((await request(http).post(`/api/users/profile-assets/${member.userId}/id-photo`).attach('idPhoto', smallPng, 'me.png')).status).toBe(401);
      for (const token of [(await app.account()).token, membersAdmin.token]) {
        await snapshot();
        const res = await upload(member.userId, token).attach('idPhoto', smallPng, 'me.png');
        expect([res.status, res.body.message]).toEqual([403, PROFILE_EDIT_NOT_YOURS]);
        await expectNothingWritten();
      }
    });

    it('a file that is not JPEG, PNG or WebP, whatever its name and type say (400)', async () => {
      await snapshot();
      const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).gif().toBuffer();
      for (const body of [gif, Buffer.from('%PDF-1.7\n%âãÏÓ\n'), Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')]) {
        const res = await upload(member.userId, member.token).attach('idPhoto', body, { filename: 'me.jpg', contentType: 'image/jpeg' });
        expect([res.status, res.body.message]).toEqual([400, UPLOAD_WRONG_TYPE_IMAGES]);
      }
      await expectNothingWritten();
    });

    it('more than 5 MB, stopped while streaming (413)', async () => {
      await snapshot();
      const big = Buffer.concat([portrait.subarray(0, 16), crypto.randomBytes(MAX_UPLOAD_BYTES + 512 * 1024)]);
      const res = await upload(member.userId, member.token).attach('idPhoto', big, 'big.jpg');
      expect([res.status, res.body.message]).toEqual([413, uploadTooLarge(MAX_UPLOAD_BYTES)]);
      await expectNothingWritten();
    });

    it('a damaged or cut-short image, or one of more than 40 megapixels (400, at once)', async () => {
      await snapshot();
      const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#888' } }).png().toBuffer();
      const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#fff' } }).png({ compressionLevel: 9 }).toBuffer();
      for (const [body, message] of [
        [Buffer.concat([portrait.subarray(0, 20), crypto.randomBytes(5000)]), IMAGE_UNREADABLE],
        [png.subarray(0, png.length >> 1), IMAGE_UNREADABLE],
        [huge, IMAGE_TOO_MANY_PIXELS],
      ] as const) {
        const res = await upload(member.userId, member.token).attach('idPhoto', body, 'me.png');
        expect([res.status, res.body.message]).toEqual([400, message]);
      }
      await expectNothingWritten();
    });

    it('the file in another field (the QR’s), two files, or no file (400)', async () => {
      await snapshot();
      const wrongField = await upload(member.userId, member.token).attach('qrCode', smallPng, 'me.png');
      expect([wrongField.status, wrongField.body.message]).toEqual([400, UPLOAD_NO_FILE]);
      expect((await upload(member.userId, member.token).attach('idPhoto', smallPng, 'a.png').attach('idPhoto', smallPng, 'b.png')).status).toBe(400);
      expect((await upload(member.userId, member.token).send({ idPhoto: 'data:image/png;base64,AAAA' })).status).toBe(400);
      await expectNothingWritten();
    });
  });

  it('rejects in the job, as a second line, an upload it still cannot decode, and keeps no file', async () => {
    const member = await app.account();
    const corrupt = Buffer.concat([portrait.subarray(0, 20), crypto.randomBytes(5000)]);
    await recordIdPhotoUpload(app.services, member.userId, { bytes: corrupt, mediaType: 'image/jpeg' }, { actor: member.userId, correlationId: 'test', ip: null });
    await app.runJobs();
    expect((await profileOf(member.token)).idPhoto).toEqual({ status: 'rejected', url: null });
    expect((await photoEvents(member.userId)).map(([type]) => type)).toEqual(['IdPhotoUploaded', 'IdPhotoRejected']);
    expect(await filesOf(member.userId)).toEqual([]);
  });

  it('replaces the photo: the old one stays until the new one is ready, then its file goes', async () => {
    const member = await app.account();
    const first = await upload(member.userId, member.token).attach('idPhoto', smallPng, 'one.png');
    await app.runJobs();
    const [firstFile] = await filesOf(member.userId);
    const second = await upload(member.userId, member.token).attach('idPhoto', portrait, 'two.jpg');
    expect((await profileOf(member.token)).idPhoto).toEqual({ status: 'processing', url: first.body.idPhoto });
    await app.runJobs();
    expect((await profileOf(member.token)).idPhoto).toEqual({ status: 'ready', url: second.body.idPhoto });
    expect((await fetchPhoto(first.body.idPhoto, member.token)).status).toBe(404);
    const files = await filesOf(member.userId);
    expect(files).toHaveLength(1);
    expect(files).not.toContain(firstFile);
  });

  it('removes the photo: the card is drawn without one, its file is deleted, and removing again records nothing', async () => {
    const member = await app.account();
    const res = await upload(member.userId, member.token).attach('idPhoto', smallPng, 'me.png');
    await app.runJobs();
    expect(await filesOf(member.userId)).toHaveLength(1);

    expect((await remove(member.userId, (await app.account()).token)).status).toBe(403);
    expect((await remove(member.userId, membersAdmin.token)).status).toBe(403);
    const removed = await remove(member.userId, member.token);
    expect([removed.status, removed.body]).toEqual([200, { idPhoto: { status: 'none', url: null } }]);
    expect(await filesOf(member.userId)).toEqual([]);
    expect((await profileOf(member.token)).idPhoto).toEqual({ status: 'none', url: null });
    expect((await fetchPhoto(res.body.idPhoto, member.token)).status).toBe(404);
    expect((await (await app.caller({ token: member.token })).community.getIdCard()).photoUrl).toBeNull();
    expect((await (await app.caller({ token: membersAdmin.token })).admin.members.get({ userId: member.userId })).idPhotoUrl).toBeNull();

    const before = await app.eventCount();
    expect((await (await app.caller({ token: member.token })).identity.removeIdPhoto()).idPhoto).toEqual({ status: 'none', url: null });
    expect(await app.eventCount()).toBe(before);
    expect(await photoEvents(member.userId)).toEqual([
      ['IdPhotoUploaded', res.body.uploadId],
      ['IdPhotoProcessed', res.body.uploadId],
      ['IdPhotoRemoved', res.body.uploadId],
    ]);
  });

  it('removing while an upload is processed drops it: the job then records nothing and no file is left', async () => {
    const member = await app.account();
    const res = await upload(member.userId, member.token).attach('idPhoto', smallPng, 'me.png');
    expect((await (await app.caller({ token: member.token })).identity.removeIdPhoto()).idPhoto).toEqual({ status: 'none', url: null });
    expect(await filesOf(member.userId)).toEqual([]);
    await app.runJobs();
    expect(await photoEvents(member.userId)).toEqual([
      ['IdPhotoUploaded', res.body.uploadId],
      ['IdPhotoRemoved', null],
    ]);
    expect(await filesOf(member.userId)).toEqual([]);
    expect((await profileOf(member.token)).idPhoto).toEqual({ status: 'none', url: null });
  });

  it('the job delivered again for the same upload records nothing more', async () => {
    const member = await app.account();
    const res = await upload(member.userId, member.token).attach('idPhoto', smallPng, 'me.png');
    await app.runJobs();
    const event = await uploadedEvent(member.userId);
    const before = await app.eventCount();
    const files = await filesOf(member.userId);
    await processIdPhotoJob.run({ id: `${event.eventId}_${processIdPhotoJob.name}`, event }, app.services);
    await processIdPhotoJob.run({ id: `${event.eventId}_${processIdPhotoJob.name}`, event }, app.services);
    expect(await app.eventCount()).toBe(before);
    expect(await filesOf(member.userId)).toEqual(files);
    expect(await photoEvents(member.userId)).toEqual([
      ['IdPhotoUploaded', res.body.uploadId],
      ['IdPhotoProcessed', res.body.uploadId],
    ]);
  });

  it('deletes the photo and an upload still waiting, in the same transaction, when the person is erased', async () => {
    const member = await app.account();
    const res = await upload(member.userId, member.token).attach('idPhoto', smallPng, 'me.png');
    await app.runJobs();
    await upload(member.userId, member.token).attach('idPhoto', portrait, 'pending.jpg');
    expect((await filesOf(member.userId)).map((file) => file.split(':')[0]).sort()).toEqual(['id-photo', 'id-photo-upload']);
    await erasePerson(app.services, { userId: member.userId, reason: 'Asked to be forgotten', by: null }, { actor: 'system', correlationId: 'erase-test' });
    expect(await filesOf(member.userId)).toEqual([]);
    expect((await fetchPhoto(res.body.idPhoto, membersAdmin.token)).status).toBe(404);
    expect((await (await app.caller({ token: membersAdmin.token })).admin.members.get({ userId: member.userId })).idPhotoUrl).toBeNull();
    // The job of the upload that was waiting finds the person erased: nothing recorded, nothing stored.
    await app.runJobs();
    expect(await filesOf(member.userId)).toEqual([]);
    expect((await photoEvents(member.userId)).map(([type]) => type)).toEqual(['IdPhotoUploaded', 'IdPhotoProcessed', 'IdPhotoUploaded']);
  });

  describe('races', () => {
    it(`${CALLS} uploads at once: ${CALLS} IdPhotoUploaded, none lost; the jobs process only the last`, async () => {
      const member = await app.account();
      const responses = await Promise.all(Array.from({ length: CALLS }, () => upload(member.userId, member.token).attach('idPhoto', smallPng, 'me.png')));
      expect(responses.filter((res) => res.status !== 202).map((res) => [res.status, res.body])).toEqual([]);
      const uploaded = (await photoEvents(member.userId)).filter(([type]) => type === 'IdPhotoUploaded');
      expect(new Set(uploaded.map(([, uploadId]) => uploadId))).toEqual(new Set(responses.map((res) => res.body.uploadId as string)));
      await app.runJobs();
      const last = uploaded.at(-1)![1];
      expect((await photoEvents(member.userId)).filter(([type]) => type !== 'IdPhotoUploaded')).toEqual([['IdPhotoProcessed', last]]);
      expect((await profileOf(member.token)).idPhoto).toEqual({ status: 'ready', url: `/api/users/profile-assets/${member.userId}/id-photo/${last}` });
      // Only the photo shown is left: every overtaken upload was dropped.
      expect((await filesOf(member.userId)).map((file) => file.split(':')[0])).toEqual(['id-photo']);
    });

    it(`process-id-photo delivered ${CALLS} times at once for one upload: exactly one IdPhotoProcessed`, async () => {
      const member = await app.account();
      const res = await upload(member.userId, member.token).attach('idPhoto', smallPng, 'me.png');
      const event = await uploadedEvent(member.userId);
      const job = { id: `${event.eventId}_${processIdPhotoJob.name}`, event };
      const { refusals } = await raceCalls(CALLS, () => processIdPhotoJob.run(job, app.services));
      // A copy that finds the work done (or in another copy's hands) does nothing and succeeds.
      expect(refusals).toEqual([]);
      expect(await photoEvents(member.userId)).toEqual([
        ['IdPhotoUploaded', res.body.uploadId],
        ['IdPhotoProcessed', res.body.uploadId],
      ]);
      expect((await filesOf(member.userId)).map((file) => file.split(':')[0])).toEqual(['id-photo']);
      await app.runJobs();
      expect(await photoEvents(member.userId)).toHaveLength(2);
      expect((await fetchPhoto(res.body.idPhoto, member.token)).status).toBe(200);
    });

    it(`${CALLS} removals at once: exactly one IdPhotoRemoved, every call answered`, async () => {
      const member = await app.account();
      await upload(member.userId, member.token).attach('idPhoto', smallPng, 'me.png');
      await app.runJobs();
      const responses = await Promise.all(Array.from({ length: CALLS }, () => remove(member.userId, member.token)));
      expect(responses.map((res) => [res.status, res.body])).toEqual(Array.from({ length: CALLS }, () => [200, { idPhoto: { status: 'none', url: null } }]));
      expect((await photoEvents(member.userId)).filter(([type]) => type === 'IdPhotoRemoved')).toHaveLength(1);
      expect(await filesOf(member.userId)).toEqual([]);
    });
  });
});
