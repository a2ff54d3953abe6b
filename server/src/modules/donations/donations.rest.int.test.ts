import { UNKNOWN_FIELD } from '#server/errors/field-errors';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type AppCaller, type TestApp } from '#server/testing/test-services';
import { UPLOAD_WRONG_TYPE_IMAGES, uploadTooLarge } from '#server/uploads/upload-messages';
import { AMOUNT_FRACTION_OF_PAISA, LOOKUP_CONTACT_INVALID, UTR_INVALID } from './donation-fields.schema.ts';
import { NO_MATCHING_DONATION } from './donation.decider.ts';
import { expectNothingWritten, uniqueDonor, uniqueUtr, writes } from './donations.test-helper.ts';
import { RECEIPT_NOT_ISSUED } from './donation-reads.ts';
import { MAX_SCREENSHOT_BYTES } from './giving/submit-proof.schema.ts';
import { binary } from '#server/testing/binary-body';


describe.each(testDbKinds())('donations REST on %s', (kind) => {
  let app: TestApp;
  let http: ReturnType<TestApp['http']>;
  let financeToken: string;
  let finance: AppCaller;
  let membersAdminToken: string;
  let member: Awaited<ReturnType<TestApp['account']>>;
  let otherMember: Awaited<ReturnType<TestApp['account']>>;
  let screenshot: Buffer;

  beforeAll(async () => {
    app = await createTestApp(kind, { now: () => new Date('2031-07-01T06:00:00.000Z') });
    http = app.http();
    financeToken = (await app.account({ role: 'admin', permissions: ['finance'] })).token;
    finance = await app.caller({ token: financeToken });
    membersAdminToken = (await app.account({ role: 'admin', permissions: ['members', 'settings', 'content', 'verification'] })).token;
    member = await app.account();
    otherMember = await app.account();
    screenshot = await sharp({ create: { width: 1080, height: 2400, channels: 3, background: { r: 250, g: 250, b: 250 } } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Artist: 'Private Person', Copyright: 'secret' } } })
      .toBuffer();
  });
  afterAll(async () => {
    await app?.close();
  });

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  async function pledge(token?: string) {
    const donor = uniqueDonor();
    const req = request(http).post('/api/donations');
    if (token) req.set(bearer(token));
    const res = await req.send({ amount: '1250.50', cause: 'education', donorName: 'Sunita Devi', email: donor.email, phone: donor.phone, showName: false });
    expect(res.status).toBe(201);
    return { reference: res.body.reference as string, contact: donor.email, phone: donor.phone };
  }

  it('POST /api/donations takes the amount in rupees and answers 201 with how to pay', async () => {
    const res = await request(http).post('/api/donations').send({ amount: 1250, cause: 'kanyadan', donorName: 'Sunita Devi', phone: '9876543210' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ reference: expect.stringMatching(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/), amount: 1250, amountPaise: 125_000, upiLink: null, bank: { accountNumber: '' } });
  });

  it('POST /api/donations takes a string amount in Devanagari digits, as pasted from Hindi text (issue 32)', async () => {
    const res = await request(http).post('/api/donations').send({ amount: '१२५०.५०', cause: 'kanyadan', donorName: 'Sunita Devi', phone: '9876543210' });
    expect([res.status, res.body.fieldErrors]).toEqual([201, undefined]);
    expect(res.body).toMatchObject({ amount: 1250.5, amountPaise: 125_050 });
  });

  it('POST /api/donations refuses bad input with fieldErrors under the REST names, writing nothing', async () => {
    const before = await writes(app);
    const base = { amount: 100, cause: 'general', donorName: 'Sunita Devi', email: uniqueDonor().email };
    const fraction = await request(http).post('/api/donations').send({ ...base, amount: 10.005 });
    expect([fraction.status, fraction.body.fieldErrors]).toEqual([400, { amount: [AMOUNT_FRACTION_OF_PAISA] }]);
    const unknown = await request(http).post('/api/donations').send({ ...base, amountPaise: 100 });
    expect([unknown.status, unknown.body.fieldErrors]).toEqual([400, { amountPaise: [UNKNOWN_FIELD] }]);
    const tooLarge = await request(http).post('/api/donations').send({ ...base, amount: '1000000.01' });
    expect(tooLarge.status).toBe(400);
    expect(Object.keys(tooLarge.body.fieldErrors)).toEqual(['amount']);
    expect(tooLarge.body.message).toContain('cannot be made online');
    const notJson = await request(http).post('/api/donations').set('Content-Type', 'application/json').send('{"amount": ');
    expect(notJson.status).toBe(400);
    await expectNothingWritten(app, before);
  });

  it('POST /api/donations/:reference/proof takes the UTR and a screenshot; the job strips it, and only finance sees it', async () => {
    const { reference, contact } = await pledge();
    const res = await request(http)
      .post(`/api/donations/${reference}/proof`)
      .field('contact', contact)
      .field('utr', 'sbin 1234 5678 9012 34')
      .attach('screenshot', screenshot, { filename: '../../etc/passwd.png', contentType: 'image/png' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ reference, status: 'proof_received' });
    await app.runJobs();
    const detail = await finance.donations.admin.get({ reference });
    expect(detail).toMatchObject({ utr: 'SBIN12345678901234', utrKind: 'neft-rtgs', screenshotStatus: 'ready', screenshotUrl: expect.any(String) });

    const get = (token?: string) => {
      const req = request(http).get(detail.screenshotUrl!);
      return token ? req.set(bearer(token)) : req;
    };
    expect((await get()).status).toBe(401);
    expect((await get(member.token)).status).toBe(403);
    expect((await get(membersAdminToken)).status).toBe(403);
    const image = await get(financeToken).buffer(true).parse(binary);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    const metadata = await sharp(image.body as Buffer).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 1080, height: 2400 });
    expect(metadata.exif).toBeUndefined();
    expect((image.body as Buffer).toString('latin1')).not.toContain('secret');
  });

  it('the proof also comes as JSON without a screenshot', async () => {
    const { reference, phone } = await pledge();
    const res = await request(http).post(`/api/donations/${reference.toLowerCase()}/proof`).send({ contact: phone, utr: uniqueUtr() });
    expect([res.status, res.body.status]).toEqual([200, 'proof_received']);
  });

  it('refuses a bad proof — not an image, over 5 MB, a bad UTR, an unknown field, a wrong contact — writing nothing', async () => {
    const { reference, contact } = await pledge();
    const before = await writes(app);
    const post = () => request(http).post(`/api/donations/${reference}/proof`);

    const notImage = await post().field('contact', contact).field('utr', uniqueUtr()).attach('screenshot', Buffer.from('%PDF-1.4 not an image at all'.repeat(200)), 'x.png');
    expect([notImage.status, notImage.body.fieldErrors]).toEqual([400, { screenshot: [UPLOAD_WRONG_TYPE_IMAGES] }]);
    const large = await sharp({ create: { width: 3000, height: 3000, channels: 3, background: { r: 0, g: 0, b: 0 }, noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(large.length).toBeGreaterThan(MAX_SCREENSHOT_BYTES);
    const tooLarge = await post().field('contact', contact).field('utr', uniqueUtr()).attach('screenshot', large, 'big.png');
    expect([tooLarge.status, tooLarge.body.message]).toEqual([413, uploadTooLarge(MAX_SCREENSHOT_BYTES)]);
    const badUtr = await post().field('contact', contact).field('utr', '12345').attach('screenshot', screenshot, 's.jpg');
    expect([badUtr.status, badUtr.body.fieldErrors]).toEqual([400, { utr: [UTR_INVALID] }]);
    const unknownField = await post().field('contact', contact).field('utr', uniqueUtr()).field('amount', '1').attach('screenshot', screenshot, 's.jpg');
    expect([unknownField.status, unknownField.body.fieldErrors]).toEqual([400, { amount: [UNKNOWN_FIELD] }]);
    const otherFile = await post().field('contact', contact).field('utr', uniqueUtr()).attach('receipt', screenshot, 's.jpg');
    expect([otherFile.status, otherFile.body.fieldErrors]).toEqual([400, { receipt: [UNKNOWN_FIELD] }]);
    const wrongContact = await post().field('contact', uniqueDonor().email).field('utr', uniqueUtr()).attach('screenshot', screenshot, 's.jpg');
    expect([wrongContact.status, wrongContact.body.message]).toEqual([404, NO_MATCHING_DONATION]);
    await app.runJobs();
    await expectNothingWritten(app, before);
    // The same form without the screenshot is fine (and the test could tell a write apart).
    const withoutScreenshot = await post().field('contact', contact).field('utr', uniqueUtr());
    expect(withoutScreenshot.status).toBe(200);
    expect(await writes(app)).toEqual({ ...before, events: before.events + 1 });
  });

  it('GET status answers by reference and contact, one 404 for every wrong pair, 400 without a contact', async () => {
    const { reference, contact } = await pledge();
    const ok = await request(http).get(`/api/donations/${reference}/status`).query({ contact });
    expect([ok.status, ok.body.status, ok.headers['cache-control']]).toEqual([200, 'awaiting_payment', 'private, no-store']);
    const wrong = await request(http).get(`/api/donations/${reference}/status`).query({ contact: uniqueDonor().email });
    expect([wrong.status, wrong.body.message]).toEqual([404, NO_MATCHING_DONATION]);
    const unknown = await request(http).get('/api/donations/ZZZZ-9999/status').query({ contact });
    expect([unknown.status, unknown.body.message]).toEqual([404, NO_MATCHING_DONATION]);
    const missing = await request(http).get(`/api/donations/${reference}/status`);
    expect([missing.status, missing.body.fieldErrors]).toEqual([400, { contact: [LOOKUP_CONTACT_INVALID] }]);
    const badReference = await request(http).get('/api/donations/not-a-reference/status').query({ contact });
    expect(badReference.status).toBe(400);
  });

  it('the receipt PDF goes to the donor by contact, the member who gave it, and finance; to nobody else', async () => {
    const mine = await pledge(member.token);
    await request(http).post(`/api/donations/${mine.reference}/proof`).send({ contact: mine.contact, utr: uniqueUtr() });
    const notYet = await request(http).get(`/api/donations/${mine.reference}/receipt.pdf`).query({ contact: mine.contact });
    expect([notYet.status, notYet.body.message]).toEqual([404, RECEIPT_NOT_ISSUED]);
    const verified = await request(http).post(`/api/admin/donations/${mine.reference}/verify`).set(bearer(financeToken)).send({ receivedOn: '2031-07-01', mode: 'bank-transfer' });
    expect([verified.status, verified.body.status]).toEqual([200, 'verified']);
    await app.runJobs();

    const pdf = (path: string, token?: string, query: Record<string, string> = {}) => {
      const req = request(http).get(path).query(query).buffer(true).parse(binary);
      return token ? req.set(bearer(token)) : req;
    };
    const donorPath = `/api/donations/${mine.reference}/receipt.pdf`;
    for (const res of [
      await pdf(donorPath, undefined, { contact: mine.phone }),
      await pdf(donorPath, member.token),
      await pdf(donorPath, financeToken),
      await pdf(`/api/admin/donations/${mine.reference}/receipt.pdf`, financeToken),
    ]) {
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="receipt-SAHAY-2031-32-\d{6}\.pdf"$/);
      expect((res.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect((await pdf(donorPath)).status).toBe(400);
    expect((await pdf(donorPath, undefined, { contact: uniqueDonor().email })).status).toBe(404);
    expect((await pdf(donorPath, otherMember.token)).status).toBe(404);
    expect((await pdf(donorPath, membersAdminToken)).status).toBe(404);
    expect((await pdf(`/api/admin/donations/${mine.reference}/receipt.pdf`)).status).toBe(401);
    expect((await pdf(`/api/admin/donations/${mine.reference}/receipt.pdf`, member.token)).status).toBe(403);
    expect((await pdf(`/api/admin/donations/${mine.reference}/receipt.pdf`, membersAdminToken)).status).toBe(403);

    // Cancelled: the same links serve the re-issued receipt marked CANCELLED.
    const cancelled = await request(http).post(`/api/admin/donations/${mine.reference}/cancel`).set(bearer(financeToken)).send({ reason: 'Duplicate of another transfer' });
    expect([cancelled.status, cancelled.body.status]).toEqual([200, 'cancelled']);
    await app.runJobs();
    const reissued = await pdf(donorPath, member.token);
    expect(reissued.headers['content-disposition']).toMatch(/-cancelled\.pdf"$/);
  });

  it('the finance paths refuse visitors (401), members and admins without finance (403), and write nothing', async () => {
    const { reference, contact } = await pledge();
    await request(http).post(`/api/donations/${reference}/proof`).send({ contact, utr: uniqueUtr() });
    const paths: [method: 'get' | 'post', path: string, body?: object][] = [
      ['get', '/api/admin/donations'],
      ['post', `/api/admin/donations/${reference}/verify`, { receivedOn: '2031-07-01', mode: 'upi' }],
      ['post', `/api/admin/donations/${reference}/reject`, { reason: 'Not on the statement' }],
      ['post', `/api/admin/donations/${reference}/cancel`, { reason: 'Not on the statement' }],
      ['post', '/api/admin/donations/offline', { amount: 500, cause: 'general', donorName: 'Walk In', phone: '9876543210', mode: 'cash', receivedOn: '2031-07-01' }],
      ['get', `/api/admin/donations/${reference}/screenshot`],
      ['get', `/api/admin/donations/${reference}/receipt.pdf`],
    ];
    const before = await writes(app);
    for (const [token, status] of [
      [null, 401],
      [member.token, 403],
      [membersAdminToken, 403],
    ] as const) {
      for (const [method, path, body] of paths) {
        const req = request(http)[method](path);
        if (token) req.set(bearer(token));
        const res = await (body ? req.send(body) : req);
        expect(res.status, `${method} ${path}`).toBe(status);
      }
    }
    await expectNothingWritten(app, before);
  });

  it('finance works the queue over REST: list with filters, reject, record an offline gift', async () => {
    const { reference } = await pledge();
    const list = await request(http).get('/api/admin/donations').query({ status: 'awaiting_payment', cause: 'education', minAmount: '1250.50', maxAmount: 1250.5, hasPan: 'false' }).set(bearer(financeToken));
    expect(list.status).toBe(200);
    expect(list.body.donations.map((donation: { reference: string }) => donation.reference)).toContain(reference);
    expect(list.body.donations.every((donation: { amountPaise: number }) => donation.amountPaise === 125_050)).toBe(true);
    const badFilter = await request(http).get('/api/admin/donations').query({ status: 'lost', page: '0' }).set(bearer(financeToken));
    expect([badFilter.status, Object.keys(badFilter.body.fieldErrors).sort()]).toEqual([400, ['page', 'status']]);

    const rejected = await request(http).post(`/api/admin/donations/${reference}/reject`).set(bearer(financeToken)).send({ reason: 'No such credit on the statement' });
    expect([rejected.status, rejected.body]).toEqual([200, { reference, status: 'rejected' }]);

    const offline = await request(http)
      .post('/api/admin/donations/offline')
      .set(bearer(financeToken))
      .send({ amount: '25000', cause: 'medical', donorName: 'Mohan Lal', phone: '9876500000', pan: 'ABCDE1234F', mode: 'cheque', instrumentNumber: '004512', receivedOn: '2031-06-30' });
    expect(offline.status).toBe(201);
    expect(offline.body).toEqual({ reference: expect.stringMatching(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/), receiptSerial: expect.stringMatching(/^SAHAY\/2031-32\/\d{6}$/) });
    const noNumber = await request(http)
      .post('/api/admin/donations/offline')
      .set(bearer(financeToken))
      .send({ amount: 100, cause: 'medical', donorName: 'Mohan Lal', phone: '9876500000', mode: 'cheque', receivedOn: '2031-06-30' });
    expect([noNumber.status, Object.keys(noNumber.body.fieldErrors)]).toEqual([400, ['instrumentNumber']]);
  });

  it("takes a cheque's bank and date when given, checks them, and writes nothing when they are wrong (issue 31)", async () => {
    const cheque = { amount: 5100, cause: 'education', donorName: 'श्रीमती कृष्णा श्रीवास्तव', phone: '9876500001', mode: 'cheque', receivedOn: '2031-06-30' };
    const withDetails = await request(http)
      .post('/api/admin/donations/offline')
      .set(bearer(financeToken))
      .send({ ...cheque, instrumentNumber: '778899', instrumentBank: 'Punjab National Bank, Patna', instrumentDate: '2031-06-25' });
    expect(withDetails.status).toBe(201);
    const reference = (withDetails.body as { reference: string }).reference.replace('-', '');
    const events = await app.services.eventStore.readStream(`donation-${reference}`);
    expect(events.find((event) => event.type === 'DonationVerified')?.data).toMatchObject({ instrumentBank: 'Punjab National Bank, Patna', instrumentDate: '2031-06-25' });

    for (const [extra, field, message] of [
      [{ instrumentBank: 'SBI', instrumentDate: '2031-07-02' }, 'instrumentDate', 'The date on the cheque or DD cannot be after the day it was received.'],
      [{ instrumentBank: 'SBI', instrumentDate: '2031-03-29' }, 'instrumentDate', 'The cheque or DD is dated more than 3 months before it was received, so a bank will not honour it. Check the date.'],
      [{ instrumentBank: 'SBI' }, 'instrumentDate', 'Give the bank and the date of the cheque or DD together.'],
      [{ instrumentBank: 'S\u0000BI', instrumentDate: '2031-06-25' }, 'instrumentBank', null],
      [{ instrumentBank: 'S', instrumentDate: '2031-06-25' }, 'instrumentBank', 'Enter the bank the cheque or DD is drawn on: 2 to 100 characters on one line'],
      [{ instrumentDate: '2031-02-30', instrumentBank: 'SBI' }, 'instrumentDate', null],
    ] as const) {
      const before = await writes(app);
      const res = await request(http)
        .post('/api/admin/donations/offline')
        .set(bearer(financeToken))
        .send({ ...cheque, instrumentNumber: String(600_000 + Math.floor(Math.random() * 300_000)), ...extra });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.fieldErrors)).toContain(field);
      if (message) expect(res.body.fieldErrors[field]).toContain(message);
      await expectNothingWritten(app, before);
    }
    const cash = await request(http)
      .post('/api/admin/donations/offline')
      .set(bearer(financeToken))
      .send({ ...cheque, mode: 'cash', instrumentBank: 'SBI', instrumentDate: '2031-06-25' });
    expect([cash.status, Object.keys(cash.body.fieldErrors)]).toEqual([400, ['instrumentBank', 'instrumentDate']]);
  });

  it('documents every donations path in the OpenAPI document from the same schemas', async () => {
    const json = (await request(http).get('/api/docs/openapi.json')).body as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>> };
    expect(Object.keys(json.paths)).toEqual(
      expect.arrayContaining([
        '/api/donations',
        '/api/donations/{reference}/proof',
        '/api/donations/{reference}/status',
        '/api/donations/{reference}/receipt.pdf',
        '/api/admin/donations',
        '/api/admin/donations/offline',
        '/api/admin/donations/{reference}/verify',
        '/api/admin/donations/{reference}/reject',
        '/api/admin/donations/{reference}/cancel',
        '/api/admin/donations/{reference}/screenshot',
        '/api/admin/donations/{reference}/receipt.pdf',
      ]),
    );
    expect(Object.keys(json.paths['/api/donations/{reference}/proof']!.post!.requestBody!.content)).toEqual(['multipart/form-data', 'application/json']);
  });
});
