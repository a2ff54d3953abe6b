import crypto from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNKNOWN_FIELD } from '#server/errors/field-errors';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type TestApp } from '#server/testing/test-services';
import { hostilePdf, pixelBombPng, simplePdf } from '#server/uploads/test-files.test-helper';
import {
  IMAGE_TOO_MANY_PIXELS,
  PDF_UNREADABLE,
  UPLOAD_WRONG_TYPE_IMAGES,
  UPLOAD_WRONG_TYPE_IMAGES_OR_PDF,
  uploadTooLarge,
} from '#server/uploads/upload-messages';
import { AADHAAR_CHECKSUM, verhoeffCheckDigit } from './submission/aadhaar.schema.ts';
import { APPLICATION_ERASED, APPLICATION_NOT_FOUND, NOT_APPROVED_FOR_DISBURSAL, NOT_REQUESTED_FOR_APPROVAL, OPEN_EVERY_DOCUMENT, TOO_YOUNG_FOR_BENEFIT } from './application.decider.ts';
import { DOCUMENT_NOT_AVAILABLE, NO_MATCHING_APPLICATION, PAGE_NOT_FOUND } from './application-reads.ts';
import {
  AGE_OUT_OF_RANGE,
  CONSENT_REQUIRED,
  DOB_IN_FUTURE,
  DOB_INVALID,
  DOCUMENT_REQUIRED,
  GIRL_NAME_REQUIRED,
  MAX_DOCUMENT_BYTES,
  REG_NO_INVALID,
  type DocumentKind,
} from './submission/kanyadan-fields.schema.ts';
import { kanyadanRest } from './kanyadan.rest.ts';
import {
  applicationDocuments,
  applicationFields,
  expectNothingWritten,
  submitForm,
  submittedApplication,
  uniquePhone,
  writes,
  type TestDocument,
} from './kanyadan.test-helper.ts';
import { SUBMISSION_KEY_INVALID } from './submission/submit-application.ts';
import { binary } from '#server/testing/binary-body';

/** parseInput's answer to any schema failure; the field's own message is in fieldErrors. */
const CORRECT_FIELDS = 'Please correct the highlighted fields.';
const ACCESS_DENIED = 'Access Denied!';
const LOG_IN = 'Please log in to continue.';
const NOT_MULTIPART = 'Send the application as multipart/form-data.';
const START = new Date('2031-07-01T06:00:00.000Z');


/** A valid Aadhaar number (Verhoeff) and the same with its check digit changed. */
function aadhaarPair(): { valid: string; broken: string } {
  const body = `2${String(crypto.randomInt(0, 10_000_000_000)).padStart(10, '0')}`;
  const check = verhoeffCheckDigit(body);
  return { valid: `${body}${check}`, broken: `${body}${(check + 1) % 10}` };
}

async function countEvents(app: TestApp, where: string, params: unknown[]): Promise<number> {
  const { rows } = await app.services.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM events WHERE ${where}`, params);
  return rows[0]!.count;
}

const submittedEvents = (app: TestApp, regNo: string) => countEvents(app, `type = 'KanyadanApplicationSubmitted' AND data->>'regNo' = $1`, [regNo]);
const accessEvents = (app: TestApp, regNo: string) => countEvents(app, `stream_id = $1`, [`kanyadan_access-${regNo}`]);
const viewEvents = (app: TestApp) => countEvents(app, `type IN ('KanyadanDocumentViewed', 'KanyadanDetailsViewed')`, []);

interface BadInputCase {
  name: string;
  fields?: Record<string, string | undefined>;
  documents?: (docs: Record<DocumentKind, TestDocument>) => Promise<Partial<Record<string, TestDocument>>> | Partial<Record<string, TestDocument>>;
  status: number;
  message: string;
  fieldErrors: Record<string, string[]>;
}

const BAD_INPUT: BadInputCase[] = [
  { name: 'a girl of 15 (born 2016-06-30)', fields: { dob: '2016-06-30' }, status: 400, message: AGE_OUT_OF_RANGE, fieldErrors: { dob: [AGE_OUT_OF_RANGE] } },
  { name: 'a girl turning 15 today (born 2016-07-01)', fields: { dob: '2016-07-01' }, status: 400, message: AGE_OUT_OF_RANGE, fieldErrors: { dob: [AGE_OUT_OF_RANGE] } },
  { name: 'a date of birth tomorrow', fields: { dob: '2031-07-02' }, status: 400, message: DOB_IN_FUTURE, fieldErrors: { dob: [DOB_IN_FUTURE] } },
  { name: 'a date of birth that does not exist', fields: { dob: '2023-02-30' }, status: 400, message: CORRECT_FIELDS, fieldErrors: { dob: [DOB_INVALID] } },
  { name: 'an Aadhaar number failing Verhoeff', fields: { aadhaar: aadhaarPair().broken }, status: 400, message: CORRECT_FIELDS, fieldErrors: { aadhaar: [AADHAAR_CHECKSUM] } },
  { name: "no girl's name", fields: { girlName: undefined }, status: 400, message: CORRECT_FIELDS, fieldErrors: { girlName: [GIRL_NAME_REQUIRED] } },
  { name: "a girl's name of spaces", fields: { girlName: '   ' }, status: 400, message: CORRECT_FIELDS, fieldErrors: { girlName: [GIRL_NAME_REQUIRED] } },
  { name: 'no consent', fields: { consent: undefined }, status: 400, message: CORRECT_FIELDS, fieldErrors: { consent: [CONSENT_REQUIRED] } },
  { name: 'consent "false"', fields: { consent: 'false' }, status: 400, message: CORRECT_FIELDS, fieldErrors: { consent: [CONSENT_REQUIRED] } },
  { name: 'an unknown text field', fields: { nickname: 'Munni' }, status: 400, message: CORRECT_FIELDS, fieldErrors: { nickname: [UNKNOWN_FIELD] } },
  {
    name: 'an unknown file field (in place of the optional Aadhaar copy)',
    documents: (docs) => ({ ...docs, girlAadhaar: undefined, passport: docs.photo }),
    status: 400,
    message: UNKNOWN_FIELD,
    fieldErrors: { passport: [UNKNOWN_FIELD] },
  },
  {
    name: 'an unknown file field beside all four documents',
    documents: (docs) => ({ ...docs, passport: docs.photo }),
    status: 400,
    message: UNKNOWN_FIELD,
    fieldErrors: { passport: [UNKNOWN_FIELD] },
  },
  {
    name: 'an HTML file named photo.jpg',
    documents: (docs) => ({
      ...docs,
      photo: { bytes: Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'), filename: 'photo.jpg', contentType: 'image/jpeg' },
    }),
    status: 400,
    message: UPLOAD_WRONG_TYPE_IMAGES,
    fieldErrors: { photo: [UPLOAD_WRONG_TYPE_IMAGES] },
  },
  {
    name: 'an HTML file as the birth certificate',
    documents: (docs) => ({ ...docs, birthCertificate: { bytes: Buffer.from('<html><body>certificate</body></html>'), filename: 'birth.pdf', contentType: 'application/pdf' } }),
    status: 400,
    message: UPLOAD_WRONG_TYPE_IMAGES_OR_PDF,
    fieldErrors: { birthCertificate: [UPLOAD_WRONG_TYPE_IMAGES_OR_PDF] },
  },
  {
    name: 'an SVG as the photo',
    documents: (docs) => ({
      ...docs,
      photo: {
        bytes: Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>'),
        filename: 'photo.svg',
        contentType: 'image/svg+xml',
      },
    }),
    status: 400,
    message: UPLOAD_WRONG_TYPE_IMAGES,
    fieldErrors: { photo: [UPLOAD_WRONG_TYPE_IMAGES] },
  },
  {
    name: 'a PDF as the photo (the photo is an image only)',
    documents: async (docs) => ({ ...docs, photo: { bytes: await simplePdf(1, 'Photo'), filename: 'photo.pdf', contentType: 'application/pdf' } }),
    status: 400,
    message: UPLOAD_WRONG_TYPE_IMAGES,
    fieldErrors: { photo: [UPLOAD_WRONG_TYPE_IMAGES] },
  },
  {
    name: 'a 6 MB photo',
    documents: (docs) => {
      const bytes = Buffer.alloc(6 * 1024 * 1024, 0x41);
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]).copy(bytes);
      return { ...docs, photo: { bytes, filename: 'photo.jpg', contentType: 'image/jpeg' } };
    },
    status: 413,
    message: uploadTooLarge(MAX_DOCUMENT_BYTES),
    fieldErrors: { photo: [uploadTooLarge(MAX_DOCUMENT_BYTES)] },
  },
  {
    name: 'a decompression-bomb PNG of 64 MP as the photo',
    documents: (docs) => ({ ...docs, photo: { bytes: pixelBombPng(8000, 8000), filename: 'photo.png', contentType: 'image/png' } }),
    status: 400,
    message: IMAGE_TOO_MANY_PIXELS,
    fieldErrors: { photo: [IMAGE_TOO_MANY_PIXELS] },
  },
  {
    name: 'a decompression-bomb PNG of 400 MP as the photo',
    documents: (docs) => ({ ...docs, photo: { bytes: pixelBombPng(), filename: 'photo.png', contentType: 'image/png' } }),
    status: 400,
    message: IMAGE_TOO_MANY_PIXELS,
    fieldErrors: { photo: [IMAGE_TOO_MANY_PIXELS] },
  },
  {
    name: 'a broken PDF as the birth certificate',
    documents: (docs) => ({
      ...docs,
      birthCertificate: { bytes: Buffer.from(`%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 9 0 R >>\n${'garbage '.repeat(200)}\n%%EOF\n`), filename: 'birth.pdf', contentType: 'application/pdf' },
    }),
    status: 400,
    message: PDF_UNREADABLE,
    fieldErrors: { birthCertificate: [PDF_UNREADABLE] },
  },
  {
    name: 'no birth certificate',
    documents: (docs) => ({ ...docs, birthCertificate: undefined }),
    status: 400,
    message: DOCUMENT_REQUIRED,
    fieldErrors: { birthCertificate: [DOCUMENT_REQUIRED] },
  },
];

describe.each(testDbKinds())('Kanyadan REST on %s', (kind) => {
  let app: TestApp;
  let http: ReturnType<TestApp['http']>;
  /** The test app's clock: fixed, except inside the benefit test, which moves it forward and back. */
  let clock = START;
  let docs: Record<DocumentKind, TestDocument>;
  let verification: Awaited<ReturnType<TestApp['account']>>;
  let finance: Awaited<ReturnType<TestApp['account']>>;
  let membersAdmin: Awaited<ReturnType<TestApp['account']>>;
  let member: Awaited<ReturnType<TestApp['account']>>;
  /** Submitted with its documents processed; read by the look-up, the matrix and the document views (never decided on). */
  let shared: Awaited<ReturnType<typeof submittedApplication>>;

  beforeAll(async () => {
    app = await createTestApp(kind, {
      now: () => clock,
      // Every POST below counts against one address; the look-up limits stay the real ones.
      limits: { kanyadanSubmitPerIp: { limit: 1000, windowSeconds: 3600 } },
    });
    http = app.http();
    docs = await applicationDocuments();
    [verification, finance, membersAdmin, member] = await Promise.all([
      app.account({ role: 'admin', permissions: ['verification'] }),
      app.account({ role: 'admin', permissions: ['finance'] }),
      app.account({ role: 'admin', permissions: ['members'] }),
      app.account(),
    ]);
    shared = await submittedApplication(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  /** The documents an application cannot do without: fewer for the document job to process. */
  const requiredDocs = () => ({ birthCertificate: docs.birthCertificate, photo: docs.photo });

  describe('POST /api/kanyadan/applications', () => {
    it('takes a girl of 14 (born 2016-07-02) with a valid Aadhaar number: 201, one event, four files, one key', async () => {
      const before = await writes(app);
      const fields = applicationFields({ dob: '2016-07-02', aadhaar: aadhaarPair().valid });
      const res = await submitForm(app, fields, docs);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toEqual({ regNo: expect.stringMatching(/^KNYDN\d{7}$/), status: 'submitted' });
      expect(await writes(app)).toEqual({ events: before.events + 1, files: before.files + 4, keys: before.keys + 1 });
      expect(await submittedEvents(app, res.body.regNo as string)).toBe(1);
      const status = await request(http).get(`/api/kanyadan/applications/${res.body.regNo}/status`).query({ phone: fields.phone });
      expect([status.status, status.body.status]).toEqual([200, 'submitted']);
      // Born today is 0 years old: welcome too (with only the two required documents).
      const newborn = await submitForm(app, applicationFields({ dob: '2031-07-01' }), requiredDocs());
      expect([newborn.status, newborn.body.status]).toEqual([201, 'submitted']);
    });

    it('takes a PDF with JavaScript and attachments (the document job strips it): 201', async () => {
      const res = await submitForm(app, applicationFields(), { ...requiredDocs(), birthCertificate: { bytes: await hostilePdf(), filename: 'birth.pdf', contentType: 'application/pdf' } });
      expect([res.status, res.body.status]).toEqual([201, 'submitted']);
    });

    it.each(BAD_INPUT)('refuses $name, writing nothing', async ({ fields, documents, status, message, fieldErrors }) => {
      const before = await writes(app);
      const res = await submitForm(app, applicationFields(fields), documents ? await documents(docs) : docs);
      expect([res.status, res.body.message, res.body.fieldErrors]).toEqual([status, message, fieldErrors]);
      await expectNothingWritten(app, before);
    });

    it('refuses a JSON body (400), writing nothing', async () => {
      const before = await writes(app);
      const res = await request(http).post('/api/kanyadan/applications').send(applicationFields());
      expect([res.status, res.body.message]).toEqual([400, NOT_MULTIPART]);
      await expectNothingWritten(app, before);
    });

    it('refuses an Idempotency-Key that is not a UUID (400), writing nothing', async () => {
      const before = await writes(app);
      const res = await submitForm(app, applicationFields(), docs, { 'Idempotency-Key': 'retry-1' });
      expect(res.status).toBe(400);
      expect(Object.values(res.body.fieldErrors as Record<string, string[]>)).toEqual([[SUBMISSION_KEY_INVALID]]);
      await expectNothingWritten(app, before);
    });
  });

  describe('Idempotency-Key', () => {
    it('the same form sent twice with one key: the same number, one application', async () => {
      const key = crypto.randomUUID();
      const fields = applicationFields();
      const before = await writes(app);
      const first = await submitForm(app, fields, requiredDocs(), { 'Idempotency-Key': key });
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      const afterFirst = await writes(app);
      // The application and the key's claim; two documents; the application's data key.
      expect(afterFirst).toEqual({ events: before.events + 2, files: before.files + 2, keys: before.keys + 1 });
      const again = await submitForm(app, fields, requiredDocs(), { 'Idempotency-Key': key });
      expect([again.status, again.body]).toEqual([201, first.body]);
      // The key is a UUID: its letters' case does not make it another key.
      const upper = await submitForm(app, fields, requiredDocs(), { 'Idempotency-Key': key.toUpperCase() });
      expect([upper.status, upper.body]).toEqual([201, first.body]);
      await expectNothingWritten(app, afterFirst);
      expect(await submittedEvents(app, first.body.regNo as string)).toBe(1);
    });

    it('five at once with one key: all 201 with one number, one application', async () => {
      const key = crypto.randomUUID();
      const fields = applicationFields();
      const before = await writes(app);
      const { rows: applicationsBefore } = await app.services.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM kanyadan_applications`);
      const answers = await Promise.all(Array.from({ length: 5 }, () => submitForm(app, fields, requiredDocs(), { 'Idempotency-Key': key })));
      expect(answers.map((res) => res.status)).toEqual([201, 201, 201, 201, 201]);
      const regNos = new Set(answers.map((res) => res.body.regNo as string));
      expect(regNos.size).toBe(1);
      const [regNo] = [...regNos];
      expect(await submittedEvents(app, regNo!)).toBe(1);
      const { rows } = await app.services.db.query<{ count: number; all: number }>(
        `SELECT (SELECT count(*)::int FROM kanyadan_applications WHERE reg_no = $1) AS count, (SELECT count(*)::int FROM kanyadan_applications) AS all`,
        [regNo],
      );
      expect(rows[0]).toEqual({ count: 1, all: applicationsBefore[0]!.count + 1 });
      // The losers' attempts rolled back whole: no second data key, no stray file.
      expect(await writes(app)).toEqual({ events: before.events + 2, files: before.files + 2, keys: before.keys + 1 });
    });
  });

  describe('GET /api/kanyadan/applications/:regNo/status', () => {
    it('answers the right pair, and one 404 for a wrong phone or an unknown number; writes nothing', async () => {
      const before = await writes(app);
      const url = `/api/kanyadan/applications/${shared.regNo}/status`;
      const ok = await request(http).get(url).query({ phone: shared.phone });
      expect([ok.status, ok.body, ok.headers['cache-control']]).toEqual([
        200,
        { regNo: shared.regNo, status: 'submitted', submittedOn: '2031-07-01', rejection: null, feePaise: 0, feeUtrGiven: null },
        'private, no-store',
      ]);
      // As people write them: a lower-case number with a hyphen, the phone with +91.
      const written = await request(http)
        .get(`/api/kanyadan/applications/${shared.regNo.slice(0, 5).toLowerCase()}-${shared.regNo.slice(5)}/status`)
        .query({ phone: `+91 ${shared.phone}` });
      expect([written.status, written.body.regNo]).toEqual([200, shared.regNo]);
      const wrongPhone = await request(http).get(url).query({ phone: uniquePhone() });
      const unknown = await request(http).get('/api/kanyadan/applications/KNYDN0000000/status').query({ phone: shared.phone });
      expect([wrongPhone.status, wrongPhone.body.message]).toEqual([404, NO_MATCHING_APPLICATION]);
      expect([unknown.status, unknown.body.message]).toEqual([404, NO_MATCHING_APPLICATION]);
      await expectNothingWritten(app, before);
    });

    it('refuses a malformed number, phone or query (400)', async () => {
      const badNumber = await request(http).get('/api/kanyadan/applications/KNYDN12/status').query({ phone: shared.phone });
      expect([badNumber.status, badNumber.body.fieldErrors]).toEqual([400, { regNo: [REG_NO_INVALID] }]);
      const badPhone = await request(http).get(`/api/kanyadan/applications/${shared.regNo}/status`).query({ phone: '12345' });
      expect([badPhone.status, Object.keys(badPhone.body.fieldErrors as object)]).toEqual([400, ['phone']]);
      const noPhone = await request(http).get(`/api/kanyadan/applications/${shared.regNo}/status`);
      expect([noPhone.status, Object.keys(noPhone.body.fieldErrors as object)]).toEqual([400, ['phone']]);
      const extra = await request(http).get(`/api/kanyadan/applications/${shared.regNo}/status`).query({ phone: shared.phone, email: 'a@b.in' });
      expect([extra.status, extra.body.fieldErrors]).toEqual([400, { email: [UNKNOWN_FIELD] }]);
    });

    it('never locks the family out with its own look-ups: twelve right ones in a row all answer', async () => {
      const target = await submitForm(app, applicationFields(), requiredDocs());
      const phone = (await app.services.db.query<{ phone: string }>(`SELECT phone FROM kanyadan_applications WHERE reg_no = $1`, [target.body.regNo])).rows[0]!.phone;
      for (let attempt = 1; attempt <= 12; attempt++) {
        const res = await request(http).get(`/api/kanyadan/applications/${target.body.regNo as string}/status`).query({ phone });
        expect(res.status, `attempt ${attempt}`).toBe(200);
      }
    });

    it('limits the asker, not the number: wrong phones for one number from anywhere never lock the family out; the address that guessed is refused that number and further guesses', async () => {
      const target = await submitForm(app, applicationFields(), requiredDocs());
      expect(target.status).toBe(201);
      const regNo = target.body.regNo as string;
      const { phone } = (await app.services.db.query<{ phone: string }>(`SELECT phone FROM kanyadan_applications WHERE reg_no = $1`, [regNo])).rows[0]!;
      const asker = (ip: string) => app.caller({ ip });
      // Twenty wrong phones for the number from twenty addresses, then ten more from one.
      for (let i = 1; i <= 20; i++) {
        await expect((await asker(`203.0.113.${i}`)).kanyadan.getStatus({ regNo, phone: uniquePhone() }), `address ${i}`).rejects.toMatchObject({ code: 'NOT_FOUND' });
      }
      const guesser = await asker('198.51.100.7');
      for (let attempt = 1; attempt <= 10; attempt++) {
        // Five for this number, five for others: the address's ten wrong guesses of the hour.
        const number = attempt <= 5 ? regNo : `KNYDN00000${String(20 + attempt)}`;
        await expect(guesser.kanyadan.getStatus({ regNo: number, phone: uniquePhone() }), `attempt ${attempt}`).rejects.toMatchObject({ code: 'NOT_FOUND' });
      }
      // The family, from its own address or over REST, with the right phone: answered, every time.
      const family = await asker('192.0.2.10');
      for (let attempt = 1; attempt <= 3; attempt++) expect((await family.kanyadan.getStatus({ regNo, phone })).regNo).toBe(regNo);
      const rest = await request(http).get(`/api/kanyadan/applications/${regNo}/status`).query({ phone });
      expect(rest.status).toBe(200);
      // The address that guessed the number five times is refused it, right or wrong, with how long to wait; its
      // further wrong guesses are refused too; another family behind the same address still gets its own status.
      await expect(guesser.kanyadan.getStatus({ regNo, phone })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS', message: 'Too many attempts. Please try again in 60 minutes.' });
      await expect(guesser.kanyadan.getStatus({ regNo: shared.regNo, phone: uniquePhone() })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
      expect((await guesser.kanyadan.getStatus({ regNo: shared.regNo, phone: shared.phone })).regNo).toBe(shared.regNo);
    });
  });

  describe('who may do what', () => {
    type Who = 'visitor' | 'member' | 'finance' | 'verification' | 'members';
    const tokenOf = (who: Who): string | null =>
      ({ visitor: null, member: member.token, finance: finance.token, verification: verification.token, members: membersAdmin.token })[who];

    interface Route {
      name: string;
      method: 'get' | 'post';
      path: (regNo: string) => string;
      /** JSON body, or a multipart form. */
      body?: object;
      form?: boolean;
      allowed: readonly Who[];
    }
    const ROUTES: Route[] = [
      { name: 'list', method: 'get', path: () => '/api/admin/kanyadan/applications', allowed: ['finance', 'verification'] },
      { name: 'detail', method: 'get', path: (regNo) => `/api/admin/kanyadan/applications/${regNo}`, allowed: ['finance', 'verification'] },
      { name: 'document', method: 'get', path: (regNo) => `/api/admin/kanyadan/applications/${regNo}/documents/photo`, allowed: ['verification'] },
      { name: 'verify', method: 'post', path: (regNo) => `/api/admin/kanyadan/applications/${regNo}/verify`, body: {}, allowed: ['verification'] },
      { name: 'reject', method: 'post', path: (regNo) => `/api/admin/kanyadan/applications/${regNo}/reject`, body: { reason: 'documents-unclear' }, allowed: ['verification'] },
      { name: 'benefit-request', method: 'post', path: (regNo) => `/api/admin/kanyadan/applications/${regNo}/benefit-request`, form: true, allowed: ['verification'] },
      { name: 'benefit-approve', method: 'post', path: (regNo) => `/api/admin/kanyadan/applications/${regNo}/benefit-approve`, body: { amountPaise: 21_000_00 }, allowed: ['finance'] },
      {
        name: 'disburse',
        method: 'post',
        path: (regNo) => `/api/admin/kanyadan/applications/${regNo}/disburse`,
        body: { utr: '123456789012', paidOn: '2031-07-01' },
        allowed: ['finance'],
      },
      { name: 'erase', method: 'post', path: (regNo) => `/api/admin/kanyadan/applications/${regNo}/erase`, body: { reason: 'The family asked for it' }, allowed: ['verification'] },
    ];

    function send(route: Route, regNo: string, who: Who): request.Test {
      const req = request(http)[route.method](route.path(regNo));
      const token = tokenOf(who);
      if (token) req.set(bearer(token));
      if (route.form) {
        return req
          .field('marriageDate', '2031-12-01')
          .field('accountHolder', 'Ramesh Kumar')
          .field('accountNumber', '123456789012')
          .field('confirmAccountNumber', '123456789012')
          .field('ifsc', 'SBIN0001234')
          .attach('marriageProof', docs.photo.bytes, { filename: 'card.jpg', contentType: 'image/jpeg' });
      }
      return route.body ? req.send(route.body) : req;
    }

    it.each(ROUTES.map((route) => [route.name, route] as const))('%s: visitors 401; members and admins without the permission 403, writing nothing', async (_name, route) => {
      const before = await writes(app);
      const views = await accessEvents(app, shared.regNo);
      for (const who of ['visitor', 'member', 'finance', 'verification', 'members'] as const) {
        if (route.allowed.includes(who)) continue;
        const res = await send(route, shared.regNo, who);
        expect([res.status, res.body.message], who).toEqual(who === 'visitor' ? [401, LOG_IN] : [403, ACCESS_DENIED]);
      }
      await expectNothingWritten(app, before);
      expect(await accessEvents(app, shared.regNo)).toBe(views);
    });

    it('finance sees the queue and the masked detail, and records money, but opens no personal data', async () => {
      const before = await writes(app);
      const list = await request(http).get('/api/admin/kanyadan/applications').query({ limit: 100 }).set(bearer(finance.token));
      expect(list.status).toBe(200);
      expect(list.body.items.map((item: { regNo: string }) => item.regNo)).toContain(shared.regNo);
      const detail = await request(http).get(`/api/admin/kanyadan/applications/${shared.regNo}`).set(bearer(finance.token));
      expect([detail.status, detail.headers['cache-control']]).toEqual([200, 'private, no-store']);
      expect(detail.body.masked).toMatchObject({ phone: `••••••${shared.phone.slice(-4)}`, birthYear: '2023', guardianRelation: 'father' });
      const text = JSON.stringify(detail.body);
      for (const secret of [shared.fields.girlName!, shared.fields.fatherName!, shared.phone, '2023-03-15']) expect(text).not.toContain(secret);
      // Through the permission check to the decision: nothing to approve or pay yet.
      const approve = await send(ROUTES.find((route) => route.name === 'benefit-approve')!, shared.regNo, 'finance');
      expect([approve.status, approve.body.message]).toEqual([409, NOT_REQUESTED_FOR_APPROVAL]);
      const disburse = await send(ROUTES.find((route) => route.name === 'disburse')!, shared.regNo, 'finance');
      expect([disburse.status, disburse.body.message]).toEqual([409, NOT_APPROVED_FOR_DISBURSAL]);
      const views = await viewEvents(app);
      const forbidden = { code: 'FORBIDDEN' };
      await expect((await app.caller({ token: finance.token })).kanyadan.admin.reveal({ regNo: shared.regNo })).rejects.toMatchObject(forbidden);
      await expect((await app.caller({ token: member.token })).kanyadan.admin.reveal({ regNo: shared.regNo })).rejects.toMatchObject(forbidden);
      await expect((await app.caller({ token: membersAdmin.token })).kanyadan.admin.reveal({ regNo: shared.regNo })).rejects.toMatchObject(forbidden);
      await expect((await app.caller()).kanyadan.admin.reveal({ regNo: shared.regNo })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
      expect(await viewEvents(app)).toBe(views);
      await expectNothingWritten(app, before);
    });

    it('verification reveals (recorded), verifies, rejects, is refused a benefit too early, and erases', async () => {
      // Rejecting and erasing need no processed documents: the document job runs later.
      const submit = async () => {
        const fields = applicationFields();
        const res = await submitForm(app, fields, requiredDocs());
        expect(res.status).toBe(201);
        return { regNo: res.body.regNo as string, phone: fields.phone!, fields };
      };
      const [toVerify, toReject, toErase] = [await submit(), await submit(), await submit()];
      const caller = await app.caller({ token: verification.token });
      const revealed = await caller.kanyadan.admin.reveal({ regNo: toVerify.regNo });
      expect(revealed).toMatchObject({ regNo: toVerify.regNo, girlName: toVerify.fields.girlName, phone: toVerify.phone, dob: '2023-03-15', bankAccount: null });
      const { rows: viewed } = await app.services.db.query<{ type: string; viewer: string }>(
        `SELECT type, data->>'viewerId' AS viewer FROM events WHERE stream_id = $1`,
        [`kanyadan_access-${toVerify.regNo}`],
      );
      expect(viewed).toEqual([{ type: 'KanyadanDetailsViewed', viewer: verification.userId }]);

      const routeNamed = (name: string) => ROUTES.find((route) => route.name === name)!;
      // Verify waits until this verifier has opened every document (issue 32): refused, writing nothing,
      // while one is still being processed or not opened; then opened one by one, as the page does.
      const beforeTooSoon = await writes(app);
      const tooSoon = await send(routeNamed('verify'), toVerify.regNo, 'verification');
      expect([tooSoon.status, tooSoon.body.message]).toEqual([409, OPEN_EVERY_DOCUMENT]);
      await expectNothingWritten(app, beforeTooSoon);
      await app.runJobs();
      const viewsBefore = await accessEvents(app, toVerify.regNo);
      const kinds = Object.keys(requiredDocs());
      for (const kind of kinds.slice(0, -1)) expect((await request(http).get(`/api/admin/kanyadan/applications/${toVerify.regNo}/documents/${kind}`).set(bearer(verification.token))).status).toBe(200);
      const oneLeft = await send(routeNamed('verify'), toVerify.regNo, 'verification');
      expect([oneLeft.status, oneLeft.body.message, oneLeft.body.fieldErrors]).toEqual([409, OPEN_EVERY_DOCUMENT, { documents: [kinds.at(-1)] }]);
      // Another verifier's views do not count for this one.
      const other = await app.account({ role: 'admin', permissions: ['verification'] });
      expect((await request(http).get(`/api/admin/kanyadan/applications/${toVerify.regNo}/documents/${kinds.at(-1)}`).set(bearer(other.token))).status).toBe(200);
      expect((await send(routeNamed('verify'), toVerify.regNo, 'verification')).status).toBe(409);
      expect(await accessEvents(app, toVerify.regNo)).toBe(viewsBefore + kinds.length);
      expect((await request(http).get(`/api/admin/kanyadan/applications/${toVerify.regNo}/documents/${kinds.at(-1)}`).set(bearer(verification.token))).status).toBe(200);
      const verified = await send(routeNamed('verify'), toVerify.regNo, 'verification');
      expect([verified.status, verified.body]).toEqual([200, { regNo: toVerify.regNo, status: 'verified' }]);
      const rejected = await send(routeNamed('reject'), toReject.regNo, 'verification');
      expect([rejected.status, rejected.body]).toEqual([200, { regNo: toReject.regNo, status: 'rejected' }]);
      const status = await request(http).get(`/api/kanyadan/applications/${toReject.regNo}/status`).query({ phone: toReject.phone });
      expect(status.body).toMatchObject({ status: 'rejected', rejection: { reason: 'documents-unclear', text: { en: expect.any(String), hi: expect.any(String) }, note: null } });

      // A girl of 8 has no benefit yet: through the permission check to the decision, nothing written.
      const before = await writes(app);
      const early = await send(routeNamed('benefit-request'), toVerify.regNo, 'verification');
      expect([early.status, early.body.message]).toEqual([400, TOO_YOUNG_FOR_BENEFIT]);
      await expectNothingWritten(app, before);

      const erased = await send(routeNamed('erase'), toErase.regNo, 'verification');
      expect([erased.status, erased.body]).toEqual([200, { regNo: toErase.regNo, isErasedNow: true }]);
      const { rows: left } = await app.services.db.query<{ files: number; key: Buffer | null }>(
        `SELECT (SELECT count(*)::int FROM files WHERE subject_id = $1) AS files, (SELECT wrapped_key FROM data_keys WHERE subject_id = $1) AS key`,
        [`kanyadan-${toErase.regNo}`],
      );
      expect(left[0]).toEqual({ files: 0, key: null });
      const detail = await request(http).get(`/api/admin/kanyadan/applications/${toErase.regNo}`).set(bearer(verification.token));
      expect([detail.status, detail.body.isErased, detail.body.masked]).toEqual([200, true, null]);
      const lookUp = await request(http).get(`/api/kanyadan/applications/${toErase.regNo}/status`).query({ phone: toErase.phone });
      expect([lookUp.status, lookUp.body.message]).toEqual([404, NO_MATCHING_APPLICATION]);
      // Erased: nothing more to open or decide, and no view recorded.
      const afterErase = await writes(app);
      await expect(caller.kanyadan.admin.reveal({ regNo: toErase.regNo })).rejects.toMatchObject({ code: 'CONFLICT' });
      const photo = await request(http).get(`/api/admin/kanyadan/applications/${toErase.regNo}/documents/photo`).set(bearer(verification.token));
      expect([photo.status, photo.body.message]).toEqual([404, DOCUMENT_NOT_AVAILABLE]);
      const verifyErased = await send(routeNamed('verify'), toErase.regNo, 'verification');
      expect([verifyErased.status, verifyErased.body.message]).toEqual([409, APPLICATION_ERASED]);
      const eraseAgain = await send(routeNamed('erase'), toErase.regNo, 'verification');
      expect([eraseAgain.status, eraseAgain.body]).toEqual([200, { regNo: toErase.regNo, isErasedNow: false }]);
      await expectNothingWritten(app, afterErase);
    });

    it('the benefit: verification requests it when the girl is 18, finance approves and pays; neither does the other’s part', async () => {
      const application = await submittedApplication(app, { dob: '2017-07-02' });
      const routeNamed = (name: string) => ROUTES.find((route) => route.name === name)!;
      await app.runJobs();
      const { body: detail } = await request(http).get(`/api/admin/kanyadan/applications/${application.regNo}`).set(bearer(verification.token));
      for (const { kind } of detail.documents as { kind: string }[]) {
        expect((await request(http).get(`/api/admin/kanyadan/applications/${application.regNo}/documents/${kind}`).set(bearer(verification.token))).status).toBe(200);
      }
      expect((await send(routeNamed('verify'), application.regNo, 'verification')).status).toBe(200);
      // Four years on, her 18th birthday; sessions made then.
      clock = new Date('2035-07-02T06:00:00.000Z');
      try {
        const [later, laterFinance] = await Promise.all([app.account({ role: 'admin', permissions: ['verification'] }), app.account({ role: 'admin', permissions: ['finance'] })]);
        const base = `/api/admin/kanyadan/applications/${application.regNo}`;
        const card = await simplePdf(1, 'Wedding card');
        const form = (token: string) =>
          request(http)
            .post(`${base}/benefit-request`)
            .set(bearer(token))
            .field('marriageDate', '2035-11-20')
            .field('accountHolder', 'Asha Kumari')
            .field('accountNumber', '1234 5678 9012')
            .field('confirmAccountNumber', '1234 5678 9012')
            .field('ifsc', 'sbin0001234')
            .attach('marriageProof', card, { filename: 'card.pdf', contentType: 'application/pdf' });
        expect((await form(laterFinance.token)).status).toBe(403);
        const requested = await form(later.token);
        expect([requested.status, requested.body]).toEqual([200, { regNo: application.regNo, status: 'benefit_requested' }]);
        expect((await request(http).post(`${base}/benefit-approve`).set(bearer(later.token)).send({ amountPaise: 21_000_00 })).status).toBe(403);
        const approved = await request(http).post(`${base}/benefit-approve`).set(bearer(laterFinance.token)).send({ amountPaise: 21_000_00 });
        expect([approved.status, approved.body]).toEqual([200, { regNo: application.regNo, status: 'benefit_approved' }]);
        const utr = String(crypto.randomInt(100_000_000_000, 999_999_999_999));
        expect((await request(http).post(`${base}/disburse`).set(bearer(later.token)).send({ utr, paidOn: '2035-07-02' })).status).toBe(403);
        const paid = await request(http).post(`${base}/disburse`).set(bearer(laterFinance.token)).send({ utr, paidOn: '2035-07-02' });
        expect([paid.status, paid.body]).toEqual([200, { regNo: application.regNo, status: 'disbursed' }]);
        await app.runJobs();
        const detail = await request(http).get(base).set(bearer(laterFinance.token));
        expect(detail.body.benefit).toEqual({ requestedOn: '2035-07-02', marriageDate: '2035-11-20', accountLast4: '9012', amountPaise: 21_000_00, utr, paidOn: '2035-07-02' });
        expect(detail.body.documents).toContainEqual({ kind: 'marriageProof', status: 'ready', mediaType: 'application/pdf', pages: 1, rejectedReason: null, isOpenedByYou: false });
        // One proof is "1 proof of marriage", not "1 proofs"; the console translates each form.
        const requestedEntry = (detail.body.history as { type: string; summary: string }[]).find((entry) => entry.type === 'KanyadanBenefitRequested');
        expect(requestedEntry?.summary).toBe('Benefit requested with 1 proof of marriage');
        const proof = await request(http).get(`${base}/documents/marriageProof`).set(bearer(later.token)).buffer(true).parse(binary);
        expect([proof.status, proof.headers['content-type']]).toEqual([200, 'image/png']);
      } finally {
        clock = START;
      }
    });
    it('the benefit request refuses a 400 MP proof image before writing, naming the field', async () => {
      const fields = applicationFields({ dob: '2017-07-02' });
      const submitted = await submitForm(app, fields, requiredDocs());
      const regNo = submitted.body.regNo as string;
      const base = `/api/admin/kanyadan/applications/${regNo}`;
      // A verifier opens every document before verifying (issue 32).
      await app.runJobs();
      for (const kind of ['girlAadhaar', 'fatherAadhaar', 'birthCertificate', 'photo']) await request(http).get(`${base}/documents/${kind}`).set(bearer(verification.token));
      expect((await request(http).post(`${base}/verify`).set(bearer(verification.token)).send({})).status).toBe(200);
      clock = new Date('2035-07-02T06:00:00.000Z');
      try {
        const later = await app.account({ role: 'admin', permissions: ['verification'] });
        const before = await writes(app);
        const res = await request(http)
          .post(`${base}/benefit-request`)
          .set(bearer(later.token))
          .field('marriageDate', '2035-11-20')
          .field('accountHolder', 'Asha Kumari')
          .field('accountNumber', '123456789012')
          .field('confirmAccountNumber', '123456789012')
          .field('ifsc', 'SBIN0001234')
          .attach('marriageProof', pixelBombPng(), { filename: 'card.png', contentType: 'image/png' });
        expect([res.status, res.body.message, res.body.fieldErrors]).toEqual([400, IMAGE_TOO_MANY_PIXELS, { marriageProof: [IMAGE_TOO_MANY_PIXELS] }]);
        await expectNothingWritten(app, before);
      } finally {
        clock = START;
      }
    });
  });

  describe('GET /api/admin/kanyadan/applications/:regNo/documents/:kind', () => {
    const view = (regNo: string, kind: string, query: Record<string, string> = {}, token = verification.token) =>
      request(http).get(`/api/admin/kanyadan/applications/${regNo}/documents/${kind}`).query(query).set(bearer(token)).buffer(true).parse(binary);

    it('shows the photo as JPEG and the PDF page as PNG, recording each view with the viewer, in the history', async () => {
      const { regNo } = await submittedApplication(app);
      const photo = await view(regNo, 'photo');
      expect([photo.status, photo.headers['content-type'], photo.headers['cache-control'], photo.headers['content-disposition']]).toEqual([
        200,
        'image/jpeg',
        'private, no-store',
        'inline',
      ]);
      const photoBytes = photo.body as Buffer;
      // A JPEG (its start-of-image marker), with no EXIF segment left.
      expect([...photoBytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      expect(photoBytes.includes(Buffer.from('Exif\0'))).toBe(false);
      expect(photoBytes.toString('latin1')).not.toContain('EXIF-SECRET');
      expect(await accessEvents(app, regNo)).toBe(1);

      const page = await view(regNo, 'birthCertificate', { page: '1' });
      expect([page.status, page.headers['content-type']]).toEqual([200, 'image/png']);
      expect((page.body as Buffer).subarray(1, 4).toString('latin1')).toBe('PNG');

      const { rows } = await app.services.db.query<{ type: string; data: Record<string, unknown>; actor: string }>(
        `SELECT type, data, metadata->>'actor' AS actor FROM events WHERE stream_id = $1 ORDER BY stream_version`,
        [`kanyadan_access-${regNo}`],
      );
      expect(rows).toEqual([
        { type: 'KanyadanDocumentViewed', actor: verification.userId, data: { regNo, kind: 'photo', page: 1, viewerId: verification.userId, viewedAt: START.toISOString() } },
        {
          type: 'KanyadanDocumentViewed',
          actor: verification.userId,
          data: { regNo, kind: 'birthCertificate', page: 1, viewerId: verification.userId, viewedAt: START.toISOString() },
        },
      ]);

      const detail = await request(http).get(`/api/admin/kanyadan/applications/${regNo}`).set(bearer(finance.token));
      expect(detail.status).toBe(200);
      const viewed = (detail.body.history as { type: string; actor: string; summary: string }[]).filter((entry) => entry.type === 'KanyadanDocumentViewed');
      expect(viewed).toEqual([
        expect.objectContaining({ actor: verification.userId, summary: expect.stringMatching(/photo.*page 1/i) }),
        expect.objectContaining({ actor: verification.userId, summary: expect.stringMatching(/birth ?certificate.*page 1/i) }),
      ]);
    });

    it('a page, document or application that is not there is 404, a bad kind or page 400, and none is recorded', async () => {
      const { regNo } = await submittedApplication(app, {});
      const noFatherAadhaar = await submitForm(app, applicationFields(), { ...docs, fatherAadhaar: undefined });
      expect(noFatherAadhaar.status).toBe(201);
      const processing = noFatherAadhaar.body.regNo as string;
      const before = await writes(app);
      const cases: [regNo: string, kind: string, query: Record<string, string>, status: number, message?: string][] = [
        [regNo, 'birthCertificate', { page: '2' }, 404, PAGE_NOT_FOUND],
        [regNo, 'photo', { page: '2' }, 404, PAGE_NOT_FOUND],
        [regNo, 'marriageProof', {}, 404, DOCUMENT_NOT_AVAILABLE],
        // Not processed yet (the jobs have not run), and not sent at all.
        [processing, 'photo', {}, 404, DOCUMENT_NOT_AVAILABLE],
        [processing, 'fatherAadhaar', {}, 404, DOCUMENT_NOT_AVAILABLE],
        ['KNYDN0000000', 'photo', {}, 404, APPLICATION_NOT_FOUND],
        [regNo, 'passport', {}, 400],
        [regNo, 'photo', { page: '0' }, 400],
        [regNo, 'photo', { page: 'one' }, 400],
        [regNo, 'photo', { page: '1', download: '1' }, 400],
      ];
      for (const [target, kind, query, status, message] of cases) {
        const res = await view(target, kind, query);
        const body = JSON.parse((res.body as Buffer).toString('utf8')) as { message: string };
        expect([res.status, message ? body.message : undefined], `${target} ${kind} ${JSON.stringify(query)}`).toEqual([status, message]);
      }
      await expectNothingWritten(app, before);
    });
  });

  it('the OpenAPI document and the docs page list every Kanyadan route', async () => {
    // The module's declared routes, which its router serves (http/rest-route.test.ts), so a route added later is documented too.
    const routes = kanyadanRest.map(({ method, path }) => ({ method, path }));
    expect(routes).toHaveLength(13);
    const json = await request(http).get('/api/docs/openapi.json');
    expect(json.status).toBe(200);
    const paths = json.body.paths as Record<string, Record<string, unknown>>;
    for (const { method, path } of routes) expect(paths[path]?.[method], `${method} ${path}`).toBeDefined();
    const asJson = await request(http).get('/api/docs').set('Accept', 'application/json');
    expect(asJson.body).toEqual(json.body);
    const page = await request(http).get('/api/docs').set('Accept', 'text/html');
    for (const { path } of routes) expect(page.text).toContain(path);
  });
});
