import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleCommand } from '#server/event-store/command-handler';
import { replayAndCompare } from '#server/event-store/replay';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type TestApp } from '#server/testing/test-services';
import { userStreamId, type QrCodeProcessed, type QrCodeUploaded } from '../identity.events.ts';
import { userStream } from '../user.decider.ts';
import { importLegacyQrCodes } from './import-legacy-qr-codes.ts';

/**
 * Before the file store (docs/decisions/016), QR images lived on disk: the processed image as
 * `files/qr-codes/<uploadId>.webp` named by QrCodeProcessed, and an upload waiting for its job as
 * `files/uploads/<uploadId>`. At start the identity module moves them into the store, once.
 */
describe.each(testDbKinds())('moving the disk-era QR images into the file store on %s', (kind) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(async () => {
    await app?.close();
  });

  /** Records what the disk-era upload and job recorded, and writes their files where they wrote them. */
  async function legacyMember(options: { isProcessed: boolean }) {
    const member = await app.account();
    const uploadId = crypto.randomUUID();
    const image = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#224466' } }).webp().toBuffer();
    const uploaded: QrCodeUploaded = { type: 'QrCodeUploaded', data: { userId: member.userId, uploadId, mediaType: 'image/webp', bytes: image.length, uploadedAt: new Date().toISOString() } };
    const processed: QrCodeProcessed = {
      type: 'QrCodeProcessed',
      data: { userId: member.userId, uploadId, file: `${uploadId}.webp`, width: 64, height: 64, processedAt: new Date().toISOString() },
    };
    await handleCommand(app.services, {
      stream: userStream,
      id: member.userId,
      decide: () => (options.isProcessed ? [uploaded, processed] : [uploaded]),
      metadata: { actor: 'system', correlationId: crypto.randomUUID() },
    });
    const file = options.isProcessed ? path.join(app.dataDir, 'files', 'qr-codes', `${uploadId}.webp`) : path.join(app.dataDir, 'files', 'uploads', uploadId);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, image);
    return { member, uploadId, file };
  }

  it('stores each image the profile shows and processes each waiting upload, removes the disk files, and finds nothing the second time', async () => {
    const shown = await legacyMember({ isProcessed: true });
    const waiting = await legacyMember({ isProcessed: false });
    const missing = await legacyMember({ isProcessed: true });
    fs.rmSync(missing.file);

    const report = await importLegacyQrCodes(app.services);
    expect(report).toEqual({ imported: 1, processed: 1, missing: 1 });
    expect(fs.existsSync(shown.file)).toBe(false);
    expect(fs.existsSync(waiting.file)).toBe(false);

    for (const { member, uploadId } of [shown, waiting]) {
      const profile = await (await app.caller({ token: member.token })).identity.getProfile();
      expect(profile.qrCode).toEqual({ status: 'ready', url: `/api/users/profile-assets/${member.userId}/qr-code/${uploadId}` });
      const image = await request(app.http()).get(profile.qrCode.url!).set('Authorization', `Bearer ${member.token}`);
      expect([image.status, image.headers['content-type']]).toEqual([200, 'image/webp']);
    }
    const { rows: files } = await app.services.db.query<{ kind: string }>(`SELECT kind FROM files WHERE subject_id = ANY($1::text[]) ORDER BY kind`, [
      [shown, waiting].map(({ member }) => userStreamId(member.userId)),
    ]);
    expect(files.map((row) => row.kind)).toEqual(['qr-code', 'qr-code']);
    const imported = (await app.services.eventStore.readStream(userStreamId(shown.member.userId))).filter((event) => event.type === 'QrCodeFileImported');
    expect(imported).toEqual([expect.objectContaining({ data: expect.objectContaining({ uploadId: shown.uploadId, legacyFile: `${shown.uploadId}.webp` }) })]);

    const before = await app.eventCount();
    expect(await importLegacyQrCodes(app.services)).toEqual({ imported: 0, processed: 0, missing: 1 });
    expect(await app.eventCount()).toBe(before);
    for (const projection of await replayAndCompare(app.services)) expect(projection.differences, projection.projection).toEqual([]);
  });
});
