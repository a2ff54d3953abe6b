import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findEvents } from '#server/event-store/queries';
import { extractPdfText } from '#server/testing/pdf/pdf-render';
import { makeTestPkcs12 } from '#server/testing/signing/test-certificates';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type TestApp } from '#server/testing/test-services';
import { phonePhoto } from '#server/uploads/phone-photo.test-helper';
import { UPLOAD_WRONG_TYPE_PKCS12 } from '#server/uploads/upload-messages';
import { SIGNATURE_IMAGE_STREAM, SIGNING_CERTIFICATE_STREAM } from '../site.events.ts';
import { CERTIFICATE_EXPIRED } from './signing.decider.ts';
import { CERTIFICATE_NO_KEY, CERTIFICATE_NOT_PKCS12, CERTIFICATE_WRONG_PASSWORD } from './signing-certificate.ts';
import { CERTIFICATE_PASSWORD_REQUIRED } from './signing.schema.ts';

const run = promisify(execFile);
const PASSWORD = 'कोषाध्यक्ष-2026!';
// pdfsig comes with poppler-utils, which the PDF tests need anyway (README, .ci/run).

/**
 * Issue 31: the signatory's signature and the foundation's signing certificate. Every bad upload is
 * refused with its own message and leaves nothing (no event, no file, no data key); a good one is
 * kept sealed and never given back; receipts are then signed and pdfsig finds them valid.
 */
describe.each(testDbKinds())('the signature and the signing certificate, on %s', (kind) => {
  let app: TestApp;
  const now = new Date('2026-06-01T05:30:00Z');
  let finance: Awaited<ReturnType<TestApp['account']>>;
  let settingsOnly: Awaited<ReturnType<TestApp['account']>>;
  let membersOnly: Awaited<ReturnType<TestApp['account']>>;
  let member: Awaited<ReturnType<TestApp['account']>>;
  const valid = makeTestPkcs12({ notBefore: new Date('2026-01-01T00:00:00Z'), notAfter: new Date('2031-01-01T00:00:00Z'), password: PASSWORD });

  beforeAll(async () => {
    app = await createTestApp(kind, { now: () => now });
    finance = await app.account({ role: 'admin', permissions: ['finance'], fullName: 'फ़ातिमा ख़ान' });
    settingsOnly = await app.account({ role: 'admin', permissions: ['settings'], fullName: 'Sanjay Settings' });
    membersOnly = await app.account({ role: 'admin', permissions: ['members'], fullName: 'Manoj Members' });
    member = await app.account({ role: 'member', fullName: 'कृष्ण कुमार' });
  });
  afterAll(async () => {
    await app?.close();
  });

  async function writes() {
    const { rows } = await app.services.db.query<{ events: number; files: number; keys: number }>(
      `SELECT (SELECT count(*)::int FROM events) AS events, (SELECT count(*)::int FROM files) AS files, (SELECT count(*)::int FROM data_keys) AS keys`,
    );
    return rows[0]!;
  }

  const uploadCertificate = (bytes: Buffer, password: string | null, token = finance.token, filename = 'foundation.p12') => {
    const req = request(app.http()).post('/api/admin/settings/signing-certificate').set('Authorization', `Bearer ${token}`);
    if (password !== null) req.field('password', password);
    return req.attach('certificate', bytes, { filename, contentType: 'application/x-pkcs12' });
  };
  const uploadSignature = (bytes: Buffer, token = settingsOnly.token, filename = 'signature.png') =>
    request(app.http()).post('/api/admin/settings/signature').set('Authorization', `Bearer ${token}`).attach('signature', bytes, { filename, contentType: 'image/png' });

  describe('certificate uploads refused, with nothing written', () => {
    const png = () => sharp({ create: { width: 40, height: 20, channels: 3, background: '#ffffff' } }).png().toBuffer();
    const cases: Array<[string, () => Promise<{ bytes: Buffer; password: string | null; filename?: string }>, number, string]> = [
      ['a wrong password', async () => ({ bytes: valid, password: 'not the password' }), 400, CERTIFICATE_WRONG_PASSWORD],
      ['no password', async () => ({ bytes: valid, password: null }), 400, CERTIFICATE_PASSWORD_REQUIRED],
      ['a file with no private key', async () => ({ bytes: makeTestPkcs12({ notBefore: new Date('2026-01-01'), notAfter: new Date('2031-01-01'), password: PASSWORD, withKey: false }), password: PASSWORD }), 400, CERTIFICATE_NO_KEY],
      ['an expired certificate', async () => ({ bytes: makeTestPkcs12({ notBefore: new Date('2024-01-01'), notAfter: new Date('2026-05-31'), password: PASSWORD }), password: PASSWORD }), 400, CERTIFICATE_EXPIRED],
      ['a PNG renamed .p12', async () => ({ bytes: await png(), password: PASSWORD, filename: 'foundation.p12' }), 400, UPLOAD_WRONG_TYPE_PKCS12],
      ['DER that is not a PKCS#12', async () => ({ bytes: Buffer.from([0x30, 0x03, 0x02, 0x01, 0x05]), password: PASSWORD }), 400, CERTIFICATE_NOT_PKCS12],
    ];
    for (const [name, make, status, message] of cases) {
      it(`refuses ${name}`, async () => {
        const before = await writes();
        const { bytes, password, filename } = await make();
        const res = await uploadCertificate(bytes, password, finance.token, filename);
        expect(res.status).toBe(status);
        expect(JSON.stringify(res.body)).toContain(message);
        expect(await writes()).toEqual(before);
      });
    }

    it('refuses staff without finance, and members', async () => {
      for (const [token, status] of [
        [settingsOnly.token, 403],
        [membersOnly.token, 403],
        [member.token, 403],
      ] as const) {
        const before = await writes();
        expect((await uploadCertificate(valid, PASSWORD, token)).status).toBe(status);
        expect(await writes()).toEqual(before);
      }
      expect((await request(app.http()).post('/api/admin/settings/signing-certificate').attach('certificate', valid, 'x.p12')).status).toBe(401);
    });
  });

  describe('signature uploads', () => {
    it('takes a 12-megapixel phone photo of a signature within the pipeline, scaled down, metadata dropped', async () => {
      const photo = await phonePhoto({ width: 4000, height: 3000, seed: 31 });
      const res = await uploadSignature(photo.bytes, settingsOnly.token, 'IMG_20260601.jpg');
      expect(res.status).toBe(200);
      expect(res.body.signatureImage).toMatchObject({ version: 1, width: 600, height: 450 });
      const image = await request(app.http()).get('/api/admin/settings/signature/1').set('Authorization', `Bearer ${finance.token}`);
      expect(image.status).toBe(200);
      expect(image.headers['content-type']).toBe('image/jpeg');
      const metadata = await sharp(image.body as Buffer).metadata();
      expect([metadata.format, metadata.width, metadata.exif]).toEqual(['jpeg', 600, undefined]);
      expect((image.body as Buffer).length).toBeLessThan(200 * 1024);
    });

    it('refuses a file that is not an image, and staff without settings or finance, leaving nothing', async () => {
      const before = await writes();
      const notImage = await uploadSignature(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj<<>>endobj\n'), settingsOnly.token, 'signature.png');
      expect(notImage.status).toBe(400);
      expect((await uploadSignature(await sharp({ create: { width: 30, height: 10, channels: 3, background: '#000' } }).png().toBuffer(), membersOnly.token)).status).toBe(403);
      expect(await writes()).toEqual(before);
      expect((await request(app.http()).get('/api/admin/settings/signature/1').set('Authorization', `Bearer ${membersOnly.token}`)).status).toBe(403);
      expect((await request(app.http()).get('/api/admin/settings/signature/9').set('Authorization', `Bearer ${finance.token}`)).status).toBe(404);
    });

    it('records one version when the same image is sent ten times at once', async () => {
      const image = await sharp({ create: { width: 600, height: 200, channels: 3, background: '#f4f1ea' } }).png().toBuffer();
      const answers = await Promise.all(Array.from({ length: 10 }, () => uploadSignature(image)));
      expect(answers.every((res) => res.status === 200 || res.status === 409)).toBe(true);
      const versions = await findEvents(app.services.db, { streamId: SIGNATURE_IMAGE_STREAM, types: ['SignatureImageUploaded'] });
      expect(versions).toHaveLength(2);
      const { rows } = await app.services.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM files WHERE subject_id = $1`, [SIGNATURE_IMAGE_STREAM]);
      expect(rows[0]!.count).toBe(2);
    });
  });

  describe('a certificate accepted', () => {
    it('is kept sealed, recorded once when uploaded ten times at once, and only its public details are shown', async () => {
      const answers = await Promise.all(Array.from({ length: 10 }, () => uploadCertificate(valid, PASSWORD)));
      expect(answers.every((res) => res.status === 200 || res.status === 409)).toBe(true);
      const events = await findEvents(app.services.db, { streamId: SIGNING_CERTIFICATE_STREAM, types: ['SigningCertificateUploaded'] });
      expect(events).toHaveLength(1);
      // The password is sealed in the event, never in clear; the file is sealed in the store.
      expect(JSON.stringify(events[0]!.data)).not.toContain(PASSWORD);
      expect(JSON.stringify(events[0]!.data)).toContain('"$sealed":1');
      const { rows } = await app.services.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM files WHERE subject_id = $1`, [SIGNING_CERTIFICATE_STREAM]);
      expect(rows[0]!.count).toBe(1);

      const status = await (await app.caller({ token: finance.token })).site.signing.get();
      expect(status.certificate).toMatchObject({ subject: 'CN=Sahay Foundation (test), O=Sahay Foundation, C=IN', validUntil: '2031-01-01T00:00:00.000Z' });
      expect(status.certificate!.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
      expect(Object.keys(status.certificate!).sort()).toEqual(['fingerprint', 'issuer', 'serialNumber', 'subject', 'uploadedAt', 'uploadedBy', 'validFrom', 'validUntil']);
      // The settings page's other staff see the same; no other admin or member sees it.
      expect((await (await app.caller({ token: settingsOnly.token })).site.signing.get()).certificate?.fingerprint).toBe(status.certificate!.fingerprint);
      await expect((await app.caller({ token: membersOnly.token })).site.signing.get()).rejects.toThrow('Access Denied!');
    });

    it('signs every receipt issued from now on, with the signature image and the signatory printed', async () => {
      const caller = await app.caller({ token: finance.token });
      const { version } = await caller.site.settings.get();
      await (await app.caller({ token: (await app.account({ role: 'admin', permissions: ['settings'] })).token })).site.settings.update({
        expectedVersion: version,
        data: { signatoryName: 'श्रीमती सुनीता शर्मा', signatoryDesignation: 'Treasurer / कोषाध्यक्ष', approvalIssuedOn: '2022-03-28', approvalValidFrom: '2022-04-01', approvalValidUntil: '2027-03-31' },
      });
      const { reference } = await caller.donations.admin.recordOffline({
        amountPaise: 11_000_00,
        cause: 'education',
        donorName: 'श्री राजेश श्रीवास्तव',
        email: 'rajesh.srivastava@example.org',
        pan: 'ABCDE1234F',
        address: 'सिविल लाइंस, पटना',
        showName: false,
        mode: 'cheque',
        instrumentNumber: '004512',
        instrumentBank: 'State Bank of India, Patna Main',
        instrumentDate: '2026-05-20',
        receivedOn: '2026-05-30',
      });
      await app.runJobs();
      const streamId = `donation-${reference.replace('-', '')}`;
      // An office gift has no proof: the receipt is the donation's one file.
      const { rows } = await app.services.db.query<{ file_id: string }>(`SELECT file_id::text AS file_id FROM files WHERE subject_id = $1 AND media_type = 'application/pdf'`, [streamId]);
      expect(rows).toHaveLength(1);
      const pdf = (await app.services.files.get(rows[0]!.file_id))!.bytes;
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahay-signed-receipt-'));
      fs.writeFileSync(path.join(dir, 'receipt.pdf'), pdf);
      const { stdout } = await run('pdfsig', [path.join(dir, 'receipt.pdf')]);
      fs.rmSync(dir, { recursive: true, force: true });
      expect(stdout).toContain('Signature Validation: Signature is Valid.');
      const text = (await extractPdfText(pdf)).replace(/\s+/g, ' ');
      expect(text).toContain('004512 — State Bank of India, Patna Main — 20/05/2026');
      expect(text).toContain('श्रीमती सुनीता शर्मा');
      expect(text).toContain('Tax-exemption approval valid / कर-छूट अनुमोदन की वैधता 01/04/2022 – 31/03/2027');
      expect(text).toContain('digital signature');
    });
  });
});
