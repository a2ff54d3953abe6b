import sharp from 'sharp';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { replayAndCompare } from '#server/event-store/replay';
import { expectOnlyRefusals, raceCalls } from '#server/testing/assertions';
import { readOutbox } from '#server/testing/outbox';
import { testDbKinds } from '#server/testing/test-db';
import { itRaces } from '#server/testing/requires';
import { createTestApp, type AppCaller, type TestApp } from '#server/testing/test-services';
import { HOSTILE_MARKERS, hostilePdf, namesAndStringsIn, photoWithExif } from '#server/uploads/test-files.test-helper';
import { ALREADY_VERIFIED, APPLICATION_ERASED, ALREADY_REJECTED, UTR_USED } from './application.decider.ts';
import { kanyadanAccessStreamId, kanyadanStreamId } from './kanyadan.events.ts';
import { applicationDocuments, applicationFields, submitForm, submittedApplication } from './kanyadan.test-helper.ts';
import { openEveryDocument } from '#server/testing/open-every-document';
import { documentKindOf } from './submission/submit-application.ts';

/**
 * The Kanyadan module end to end on each database: documents made safe and sealed, views recorded,
 * duplicates flagged, the benefit's path, the public counters, the family's e-mail, erasure (with
 * replay equal to live), and races on PostgreSQL.
 */
describe.each(testDbKinds())('Kanyadan applications on %s', (kind) => {
  let app: TestApp;
  let clock = new Date('2031-07-01T06:00:00.000Z');
  let verification: AppCaller;
  let verifierId: string;
  let verifierToken: string;
  let finance: AppCaller;

  beforeAll(async () => {
    app = await createTestApp(kind, { now: () => clock });
    const verifier = await app.account({ role: 'admin', permissions: ['verification'] });
    verifierId = verifier.userId;
    verifierToken = verifier.token;
    verification = await app.caller({ token: verifier.token });
    finance = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['finance'] })).token });
  });
  afterAll(async () => {
    await app?.close();
  });
  // A test that moves the clock (the benefit's years later) leaves it where the others expect it.
  afterEach(() => {
    clock = new Date('2031-07-01T06:00:00.000Z');
  });

  const viewDocument = (regNo: string, documentKind: string, page = 1) =>
    request(app.http()).get(`/api/admin/kanyadan/applications/${regNo}/documents/${documentKind}?page=${page}`).set({ Authorization: `Bearer ${verifierToken}` }).buffer(true).parse((res, callback) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => callback(null, Buffer.concat(chunks)));
    });

  async function storedDocument(regNo: string, documentKind: string) {
    const { rows } = await app.services.db.query<{ file_id: string }>(`SELECT documents->$2->>'fileId' AS file_id FROM kanyadan_applications WHERE reg_no = $1`, [regNo, documentKind]);
    return app.services.files.get(rows[0]!.file_id, { subjectId: kanyadanStreamId(regNo), kind: documentKindOf(documentKind) });
  }

  it('re-encodes photos without EXIF or GPS, strips active content from PDFs, and keeps only ciphertext in the store', async () => {
    const documents = await applicationDocuments();
    const hostile = await hostilePdf();
    const res = await submitForm(app, applicationFields(), { ...documents, birthCertificate: { bytes: hostile, filename: 'birth.pdf' } });
    expect(res.status).toBe(201);
    const regNo = res.body.regNo as string;
    // Before the job: the documents wait as sent, sealed.
    expect((await verification.kanyadan.admin.get({ regNo })).documents.map((document) => document.status)).toEqual(['processing', 'processing', 'processing', 'processing']);
    await app.runJobs();

    const photo = await storedDocument(regNo, 'photo');
    expect(photo?.mediaType).toBe('image/jpeg');
    const metadata = await sharp(photo!.bytes).metadata();
    expect([metadata.format, metadata.exif, metadata.xmp, metadata.icc]).toEqual(['jpeg', undefined, undefined, undefined]);
    expect(photo!.bytes.includes(Buffer.from('EXIF-SECRET'))).toBe(false);
    // The photo was 600 × 400 with orientation 6 (turned a quarter): upright now.
    expect([metadata.width, metadata.height]).toEqual([400, 600]);

    const certificate = await storedDocument(regNo, 'birthCertificate');
    expect(certificate?.mediaType).toBe('application/pdf');
    const { names, strings } = await namesAndStringsIn(certificate!.bytes);
    for (const name of ['JavaScript', 'JS', 'OpenAction', 'AA', 'EmbeddedFiles', 'Annots', 'AcroForm', 'URI']) expect(names.has(name), name).toBe(false);
    const text = certificate!.bytes.toString('latin1');
    for (const marker of Object.values(HOSTILE_MARKERS)) {
      expect(text.includes(marker), marker).toBe(false);
      expect(strings.some((value) => value.includes(marker)), marker).toBe(false);
    }

    // At rest: every file of the application is ciphertext; neither the processed bytes nor the originals appear.
    const { rows } = await app.services.db.query<{ ciphertext: Buffer | null }>(`SELECT coalesce(ciphertext, (SELECT string_agg(p.bytes, ''::bytea ORDER BY p.n) FROM file_parts p WHERE p.file_id = files.file_id)) AS ciphertext FROM files WHERE subject_id = $1`, [kanyadanStreamId(regNo)]);
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      expect(row.ciphertext).not.toBeNull();
      expect(row.ciphertext!.includes(photo!.bytes.subarray(0, 64))).toBe(false);
      expect(row.ciphertext!.includes(documents.photo.bytes.subarray(100, 164))).toBe(false);
      expect(row.ciphertext!.includes(Buffer.from('%PDF'))).toBe(false);
    }
    // The uploads as sent are gone once processed.
    const { rows: uploads } = await app.services.db.query(`SELECT 1 FROM files WHERE subject_id = $1 AND kind LIKE 'kanyadan-upload-%'`, [kanyadanStreamId(regNo)]);
    expect(uploads).toHaveLength(0);
  });

  it('records every view of a document and of the full details, with the viewer, in the history', async () => {
    const { regNo } = await submittedApplication(app);
    const accessEvents = async () => (await app.services.eventStore.readStream(kanyadanAccessStreamId(regNo))).map((event) => [event.type, (event.data as { viewerId: string }).viewerId, event.metadata.actor]);
    expect(await accessEvents()).toEqual([]);

    const photo = await viewDocument(regNo, 'photo');
    expect([photo.status, photo.headers['content-type'], photo.headers['cache-control']]).toEqual([200, 'image/jpeg', 'private, no-store']);
    const page = await viewDocument(regNo, 'birthCertificate', 1);
    expect([page.status, page.headers['content-type']]).toEqual([200, 'image/png']);
    expect((await sharp(page.body as Buffer).metadata()).format).toBe('png');
    const details = await verification.kanyadan.admin.reveal({ regNo });
    expect(details.girlName).toMatch(/^Asha /);

    expect(await accessEvents()).toEqual([
      ['KanyadanDocumentViewed', verifierId, verifierId],
      ['KanyadanDocumentViewed', verifierId, verifierId],
      ['KanyadanDetailsViewed', verifierId, verifierId],
    ]);
    const history = (await verification.kanyadan.admin.get({ regNo })).history;
    expect(history.filter((entry) => entry.actor === verifierId).map((entry) => entry.summary)).toEqual([
      'Document viewed: photo, page 1',
      'Document viewed: birth certificate, page 1',
      'Full details viewed',
    ]);
    // The masked view records nothing and shows no full name or phone.
    const detail = await verification.kanyadan.admin.get({ regNo });
    expect(JSON.stringify(detail.masked)).not.toContain(details.girlName);
    expect(JSON.stringify(detail.masked)).not.toContain(details.phone);
    expect(await accessEvents()).toHaveLength(3);
  });

  it('flags likely duplicates both ways: the same Aadhaar, or the same girl’s name, date of birth and father’s name', async () => {
    const first = await submittedApplication(app, { aadhaar: '2341 2341 2346' });
    const sameAadhaar = await submittedApplication(app, { aadhaar: '234123412346' });
    const person = { girlName: 'Meera Kumari Duplicate', fatherName: 'Suresh Lal', dob: '2020-05-05' };
    const third = await submittedApplication(app, person);
    const sameGirl = await submittedApplication(app, { girlName: '  meera  kumari duplicate ', fatherName: 'SURESH LAL', dob: '2020-05-05' });
    const other = await submittedApplication(app, { ...person, dob: '2020-05-06' });

    const duplicatesOf = async (regNo: string) => (await verification.kanyadan.admin.get({ regNo })).duplicateOf;
    expect(await duplicatesOf(first.regNo)).toEqual([sameAadhaar.regNo]);
    expect(await duplicatesOf(sameAadhaar.regNo)).toEqual([first.regNo]);
    expect(await duplicatesOf(third.regNo)).toEqual([sameGirl.regNo]);
    expect(await duplicatesOf(sameGirl.regNo)).toEqual([third.regNo]);
    expect(await duplicatesOf(other.regNo)).toEqual([]);
    const flagged = (await verification.kanyadan.admin.getMany({ isDuplicate: true, limit: 100 })).items.map((item) => item.regNo);
    expect(flagged).toEqual(expect.arrayContaining([first.regNo, sameAadhaar.regNo, third.regNo, sameGirl.regNo]));
    expect(flagged).not.toContain(other.regNo);
    // The Aadhaar number itself is kept nowhere: only its last 4 digits, sealed, and a keyed hash.
    const { rows } = await app.services.db.query(`SELECT 1 FROM events WHERE data::text LIKE '%234123412346%' OR data::text LIKE '%2341 2341 2346%'`);
    expect(rows).toHaveLength(0);
    expect((await verification.kanyadan.admin.get({ regNo: first.regNo })).masked?.aadhaar).toBe('XXXX XXXX 2346');
  });

  it('filters the queue by state, district, age and dates, newest first, a page at a time', async () => {
    const a = await submittedApplication(app, { state: 'bihar', district: 'Gaya Ji', dob: '2027-01-01' });
    const b = await submittedApplication(app, { state: 'bihar', district: '  gaya   ji ', dob: '2020-01-01' });
    const byDistrict = await verification.kanyadan.admin.getMany({ state: 'bihar', district: 'GAYA JI', limit: 100 });
    expect(byDistrict.items.map((item) => item.regNo)).toEqual(expect.arrayContaining([a.regNo, b.regNo]));
    const young = await verification.kanyadan.admin.getMany({ state: 'bihar', ageMax: 5, limit: 100 });
    expect(young.items.map((item) => item.regNo)).toContain(a.regNo);
    expect(young.items.map((item) => item.regNo)).not.toContain(b.regNo);
    const none = await verification.kanyadan.admin.getMany({ submittedFrom: '2031-07-02', limit: 100 });
    expect(none.items).toEqual([]);
    const firstPage = await verification.kanyadan.admin.getMany({ limit: 2 });
    expect(firstPage.nextAfter).toBe(firstPage.items[1]!.regNo);
    const secondPage = await verification.kanyadan.admin.getMany({ limit: 2, after: firstPage.nextAfter! });
    expect(secondPage.items.map((item) => item.regNo)).not.toContain(firstPage.items[0]!.regNo);
  });

  it('goes from verified to a benefit paid: the request at 18 with proof, approval within the range, payment with a UTR used once; the counters follow', async () => {
    const countersBefore = await (await app.caller()).transparency.counters.get();
    const { regNo } = await submittedApplication(app, { dob: '2017-01-10', district: 'Udaipur Benefit' });
    await openEveryDocument(app, verification, regNo);
    await verification.kanyadan.admin.verify({ regNo });
    await app.runJobs();
    const afterVerify = await (await app.caller()).transparency.counters.get();
    expect(afterVerify.kanyadanGirls - countersBefore.kanyadanGirls).toBe(1);
    expect(afterVerify.kanyadanDistricts - countersBefore.kanyadanDistricts).toBe(1);

    // Sessions end with time: the staff of 2035 sign in again.
    const later = async () => {
      const verifier = await app.account({ role: 'admin', permissions: ['verification'] });
      return { token: verifier.token, verification: await app.caller({ token: verifier.token }), finance: await app.caller({ token: (await app.account({ role: 'admin', permissions: ['finance'] })).token }) };
    };
    let staff = { token: verifierToken, verification, finance };
    const requestBenefit = (fields: Record<string, string>) => {
      const req = request(app.http()).post(`/api/admin/kanyadan/applications/${regNo}/benefit-request`).set({ Authorization: `Bearer ${staff.token}` });
      for (const [name, value] of Object.entries(fields)) req.field(name, value);
      return req.attach('marriageProof', documentsCache!, { filename: 'card.jpg', contentType: 'image/jpeg' });
    };
    const documentsCache = await photoWithExif(300, 200);
    const account = { accountHolder: 'Ramesh Kumar', accountNumber: '123456789012', ifsc: 'SBIN0001234' };
    // At 17 (9 January 2035) the request is refused; on her 18th birthday it is taken.
    clock = new Date('2035-01-09T06:00:00.000Z');
    staff = await later();
    const early = await requestBenefit({ ...account, confirmAccountNumber: account.accountNumber, marriageDate: '2035-02-14' });
    expect([early.status, early.body.message]).toEqual([400, 'The benefit can be requested only when the girl is 18 years old or older.']);
    clock = new Date('2035-01-10T06:00:00.000Z');
    const accepted = await requestBenefit({ ...account, confirmAccountNumber: account.accountNumber, marriageDate: '2035-02-14' });
    expect([accepted.status, accepted.body]).toEqual([200, { regNo, status: 'benefit_requested' }]);
    await app.runJobs();
    const detail = await staff.finance.kanyadan.admin.get({ regNo });
    expect(detail.benefit).toMatchObject({ requestedOn: '2035-01-10', marriageDate: '2035-02-14', accountLast4: '9012', amountPaise: null });
    expect(detail.documents.find((document) => document.kind === 'marriageProof')?.status).toBe('ready');
    // The account number is sealed in the event, shown only in the full details.
    const { rows: plain } = await app.services.db.query(`SELECT 1 FROM events WHERE data::text LIKE '%123456789012%'`);
    expect(plain).toHaveLength(0);
    expect((await staff.verification.kanyadan.admin.reveal({ regNo })).bankAccount).toEqual(account);

    await expect(staff.finance.kanyadan.admin.approveBenefit({ regNo, amountPaise: 60_000_00 })).rejects.toThrow('The benefit must be between ₹5,000 and ₹51,000.');
    expect(await staff.finance.kanyadan.admin.approveBenefit({ regNo, amountPaise: 21_000_00 })).toEqual({ regNo, status: 'benefit_approved' });
    const utr = `${Date.now()}`.slice(-12).padStart(12, '7');
    await app.runJobs();
    const transparencyBefore = await (await app.caller()).transparency.report.get({});
    expect(await staff.finance.kanyadan.admin.disburse({ regNo, utr, paidOn: '2035-01-10' })).toEqual({ regNo, status: 'disbursed' });
    await app.runJobs();
    const afterPaid = await (await app.caller()).transparency.counters.get();
    expect(afterPaid.kanyadanFundsPaise - afterVerify.kanyadanFundsPaise).toBe(21_000_00);
    // The transparency page shows it as disbursed, in the month paid and under Kanyadan.
    const transparency = await (await app.caller()).transparency.report.get({});
    const disbursedIn = (page: typeof transparency) => [page.months.find((month) => month.month === '2035-01')?.disbursedPaise, page.causes.find((cause) => cause.cause === 'kanyadan')?.disbursedPaise];
    expect(disbursedIn(transparency).map((paise, index) => paise! - disbursedIn(transparencyBefore)[index]!)).toEqual([21_000_00, 21_000_00]);
    expect(transparency.totals.disbursedPaise - transparencyBefore.totals.disbursedPaise).toBe(21_000_00);
    expect(transparency.payments.total - transparencyBefore.payments.total).toBe(1);
    expect(transparency.payments.items).toContainEqual({ paidOn: '2035-01-10', amountPaise: 21_000_00, cause: 'kanyadan', scheme: 'kanyadan' });
    expect(JSON.stringify(transparency.payments)).not.toContain(regNo);
    expect((await staff.finance.kanyadan.admin.get({ regNo })).benefit).toMatchObject({ amountPaise: 21_000_00, utr, paidOn: '2035-01-10' });

    // The same UTR cannot pay another benefit (nor a fee).
    clock = new Date('2031-07-01T06:00:00.000Z');
    const second = await submittedApplication(app, { dob: '2017-01-01' });
    await openEveryDocument(app, verification, second.regNo);
    await verification.kanyadan.admin.verify({ regNo: second.regNo });
    clock = new Date('2035-01-10T06:00:00.000Z');
    const res = await request(app.http())
      .post(`/api/admin/kanyadan/applications/${second.regNo}/benefit-request`)
      .set({ Authorization: `Bearer ${staff.token}` })
      .field('marriageDate', '2035-03-01')
      .field('accountHolder', 'Someone')
      .field('accountNumber', '998877665544')
      .field('confirmAccountNumber', '998877665544')
      .field('ifsc', 'HDFC0000123')
      .attach('marriageProof', documentsCache, { filename: 'card.jpg', contentType: 'image/jpeg' });
    expect(res.status).toBe(200);
    await staff.finance.kanyadan.admin.approveBenefit({ regNo: second.regNo, amountPaise: 5_000_00 });
    await expect(staff.finance.kanyadan.admin.disburse({ regNo: second.regNo, utr, paidOn: '2035-01-10' })).rejects.toThrow(UTR_USED);

    // Erased after payment: the account and the wedding day go with the family; the amounts stay.
    await staff.verification.kanyadan.admin.erase({ regNo, reason: 'Asked at the office' });
    const { rows: scrubbed } = await app.services.db.query(`SELECT marriage_date, account_last4, bank_account, benefit_paise::int AS benefit_paise, disbursed_utr FROM kanyadan_applications WHERE reg_no = $1`, [regNo]);
    expect(scrubbed).toEqual([{ marriage_date: null, account_last4: null, bank_account: null, benefit_paise: 21_000_00, disbursed_utr: utr }]);
    const { rows: plainAfter } = await app.services.db.query(`SELECT 1 FROM events WHERE stream_id = $1 AND (data::text LIKE '%2035-02-14%' OR data::text LIKE '%123456789012%')`, [kanyadanStreamId(regNo)]);
    expect(plainAfter).toHaveLength(0);
    expect((await staff.finance.kanyadan.admin.get({ regNo })).benefit).toMatchObject({ marriageDate: null, accountLast4: null, amountPaise: 21_000_00 });
  });

  it('tells a family who gave an e-mail the decision in both languages, once', async () => {
    const { regNo } = await submittedApplication(app, { email: 'family.kanyadan@example.org' });
    await verification.kanyadan.admin.reject({ regNo, reason: 'documents-unclear', note: 'The photo of the birth certificate is blurred.' });
    await app.runJobs();
    await app.runJobs();
    // The decision's own mail (the submission's notice, issue 32, is another mail).
    const mails = readOutbox(app.dataDir).filter((mail) => mail.text.includes(regNo) && mail.text.includes('not accepted'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('The documents could not be read clearly.');
    expect(mails[0]!.text).toContain('दस्तावेज़ साफ़ पढ़े नहीं जा सके।');
    expect(mails[0]!.text).toContain('The photo of the birth certificate is blurred.');
    const status = await (await app.caller()).kanyadan.getStatus({ regNo, phone: (await verification.kanyadan.admin.reveal({ regNo })).phone });
    expect(status.rejection).toEqual({ reason: 'documents-unclear', text: { en: 'The documents could not be read clearly.', hi: 'दस्तावेज़ साफ़ पढ़े नहीं जा सके।' }, note: 'The photo of the birth certificate is blurred.' });
    const detail = await verification.kanyadan.admin.get({ regNo });
    expect(detail.smsText).toContain('दस्तावेज़ साफ़ पढ़े नहीं जा सके।');
    expect(detail.smsText).toContain(regNo);
    await expect(verification.kanyadan.admin.verify({ regNo })).rejects.toThrow(ALREADY_REJECTED);
  });

  it('erases an application: no personal byte left in events, read model or file store; the number and decisions stay; replay equals live', async () => {
    const { regNo, phone, fields } = await submittedApplication(app, { aadhaar: '499118665246', email: 'erase.me@example.org', girlName: 'Kavya Erasable', fatherName: 'Mohan Erasable' });
    await openEveryDocument(app, verification, regNo);
    await verification.kanyadan.admin.verify({ regNo });
    await viewDocument(regNo, 'photo');
    const twin = await submittedApplication(app, { aadhaar: '499118665246' });
    expect((await verification.kanyadan.admin.get({ regNo: twin.regNo })).duplicateOf).toEqual([regNo]);

    const submittedFrom = `SELECT count(*)::int AS n FROM request_addresses WHERE actor = 'anonymous'
      AND correlation_id IN (SELECT metadata->>'correlationId' FROM events WHERE stream_id = $1)`;
    expect((await app.services.db.query<{ n: number }>(submittedFrom, [kanyadanStreamId(regNo)])).rows[0]!.n).toBe(1);
    expect(await verification.kanyadan.admin.erase({ regNo, reason: 'Family asked for erasure at the office' })).toEqual({ regNo, isErasedNow: true });
    // The address the family sent from goes with them (docs/decisions/022).
    expect((await app.services.db.query<{ n: number }>(submittedFrom, [kanyadanStreamId(regNo)])).rows[0]!.n).toBe(0);
    expect(await verification.kanyadan.admin.erase({ regNo, reason: 'Family asked for erasure at the office' })).toEqual({ regNo, isErasedNow: false });

    const personal = [fields.girlName!, fields.fatherName!, fields.motherName!, phone, 'erase.me@example.org', '499118665246', '5246', fields.dob!, fields.guardianName!];
    const { rows: events } = await app.services.db.query<{ text: string }>(`SELECT data::text || metadata::text AS text FROM events WHERE stream_id LIKE $1`, [`%${regNo}`]);
    for (const value of personal.filter((item) => item !== 'Ramesh Kumar')) for (const event of events) expect(event.text.includes(value), value).toBe(false);
    const { rows } = await app.services.db.query<Record<string, unknown>>(`SELECT * FROM kanyadan_applications WHERE reg_no = $1`, [regNo]);
    const row = rows[0]!;
    for (const value of personal) expect(JSON.stringify(row).includes(value), value).toBe(false);
    expect(row).toMatchObject({ status: 'verified', is_erased: true, girl_name: null, phone: null, phone_key: null, aadhaar_key: null, identity_key: null, duplicate_of: [] });
    const { rows: files } = await app.services.db.query(`SELECT 1 FROM files WHERE subject_id = $1`, [kanyadanStreamId(regNo)]);
    expect(files).toHaveLength(0);
    const { rows: keys } = await app.services.db.query(`SELECT 1 FROM data_keys WHERE subject_id = $1 AND wrapped_key IS NOT NULL`, [kanyadanStreamId(regNo)]);
    expect(keys).toHaveLength(0);
    // Its twin is no longer flagged; the family's look-up finds nothing; nothing can change it any more.
    expect((await verification.kanyadan.admin.get({ regNo: twin.regNo })).duplicateOf).toEqual([]);
    await expect((await app.caller()).kanyadan.getStatus({ regNo, phone })).rejects.toThrow('No application matches');
    await expect(verification.kanyadan.admin.reject({ regNo, reason: 'other' })).rejects.toThrow(APPLICATION_ERASED);
    const view = await viewDocument(regNo, 'photo');
    expect(view.status).toBe(404);
    const detail = await verification.kanyadan.admin.get({ regNo });
    expect([detail.status, detail.isErased, detail.masked]).toEqual(['verified', true, null]);
    expect(detail.history.map((entry) => entry.type)).toEqual(expect.arrayContaining(['KanyadanApplicationSubmitted', 'KanyadanApplicationVerified', 'KanyadanDocumentViewed', 'PersonalDataErased']));

    for (const projection of await replayAndCompare(app.services)) expect(projection.differences, projection.projection).toEqual([]);
  });

  itRaces(kind, 'races: one decision of many at once; verify against reject, one wins; one disbursement per UTR', async () => {
    const { regNo } = await submittedApplication(app);
    await openEveryDocument(app, verification, regNo);
    const verifies = await raceCalls(8, () => verification.kanyadan.admin.verify({ regNo }));
    expect(verifies.succeeded).toHaveLength(1);
    expectOnlyRefusals(verifies.refusals, [['CONFLICT', ALREADY_VERIFIED]]);
    const verified = (await app.services.eventStore.readStream(kanyadanStreamId(regNo))).filter((event) => event.type === 'KanyadanApplicationVerified');
    expect(verified).toHaveLength(1);

    const contested = await submittedApplication(app);
    await openEveryDocument(app, verification, contested.regNo);
    const mixed = await raceCalls(6, (index) =>
      index % 2 === 0 ? verification.kanyadan.admin.verify({ regNo: contested.regNo }) : verification.kanyadan.admin.reject({ regNo: contested.regNo, reason: 'other' }),
    );
    expect(mixed.succeeded).toHaveLength(1);
    expectOnlyRefusals(mixed.refusals, [['CONFLICT', ALREADY_VERIFIED], ['CONFLICT', ALREADY_REJECTED]]);
    const decisions = (await app.services.eventStore.readStream(kanyadanStreamId(contested.regNo))).filter((event) => /Verified|Rejected/.test(event.type));
    expect(decisions).toHaveLength(1);

    // The benefit's path: one request, one approval, one payment per UTR, however many press at once.
    clock = new Date('2031-07-01T06:00:00.000Z');
    const girl = await submittedApplication(app, { dob: '2017-01-01' });
    await openEveryDocument(app, verification, girl.regNo);
    await verification.kanyadan.admin.verify({ regNo: girl.regNo });
    clock = new Date('2035-01-10T06:00:00.000Z');
    const verifier = await app.account({ role: 'admin', permissions: ['verification'] });
    const cashier = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['finance'] })).token });
    const card = await photoWithExif(200, 120);
    const requests = await Promise.all(
      Array.from({ length: 5 }, () =>
        request(app.http())
          .post(`/api/admin/kanyadan/applications/${girl.regNo}/benefit-request`)
          .set({ Authorization: `Bearer ${verifier.token}` })
          .field('marriageDate', '2035-03-01')
          .field('accountHolder', 'Ramesh Kumar')
          .field('accountNumber', '123456789012')
          .field('confirmAccountNumber', '123456789012')
          .field('ifsc', 'SBIN0001234')
          .attach('marriageProof', card, { filename: 'card.jpg', contentType: 'image/jpeg' }),
      ),
    );
    expect(requests.map((res) => res.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const approvals = await raceCalls(5, () => cashier.kanyadan.admin.approveBenefit({ regNo: girl.regNo, amountPaise: 11_000_00 }));
    expect(approvals.succeeded).toHaveLength(1);
    expectOnlyRefusals(approvals.refusals, [['CONFLICT', 'The benefit has already been approved.']]);
    const utr = `5${String(Date.now()).slice(-11)}`;
    const payments = await raceCalls(5, () => cashier.kanyadan.admin.disburse({ regNo: girl.regNo, utr, paidOn: '2035-01-10' }));
    expect(payments.succeeded).toHaveLength(1);
    expectOnlyRefusals(payments.refusals, [['CONFLICT', 'The benefit has already been paid out.'], ['CONFLICT', UTR_USED]]);
    const path = (await app.services.eventStore.readStream(kanyadanStreamId(girl.regNo))).map((event) => event.type).filter((type) => type.startsWith('KanyadanBenefit'));
    expect(path).toEqual(['KanyadanBenefitRequested', 'KanyadanBenefitApproved', 'KanyadanBenefitDisbursed']);
    clock = new Date('2031-07-01T06:00:00.000Z');

    // A fee recorded once, however many press at once; views are each recorded (five looks are five events).
    const settingsAdmin = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['settings', 'finance'] })).token });
    const setFee = async (kanyadanFeePaise: number) => {
      const { version } = await settingsAdmin.site.settings.get();
      await settingsAdmin.site.settings.update({ expectedVersion: version, data: { kanyadanFeePaise } });
    };
    await setFee(100_00);
    const feeApplication = await submittedApplication(app);
    await setFee(0);
    expect((await finance.kanyadan.admin.get({ regNo: feeApplication.regNo })).status).toBe('payment_pending');
    // The family gives the UTR of the fee: a wrong phone finds nothing and writes nothing; five taps at once record it once.
    const feeProofUrl = `/api/kanyadan/applications/${feeApplication.regNo}/fee-proof`;
    const familyUtr = `7${String(Date.now()).slice(-11)}`;
    const eventsBefore = (await app.services.eventStore.readStream(kanyadanStreamId(feeApplication.regNo))).length;
    const wrongPhone = await request(app.http()).post(feeProofUrl).send({ phone: '9000000001', utr: familyUtr });
    expect([wrongPhone.status, wrongPhone.body.message]).toEqual([404, 'No application matches this registration number and phone number. Please check both.']);
    const badUtr = await request(app.http()).post(feeProofUrl).send({ phone: feeApplication.phone, utr: '12345' });
    expect([badUtr.status, Object.keys(badUtr.body.fieldErrors as object)]).toEqual([400, ['utr']]);
    expect((await app.services.eventStore.readStream(kanyadanStreamId(feeApplication.regNo))).length).toBe(eventsBefore);
    const taps = await Promise.all(Array.from({ length: 5 }, () => request(app.http()).post(feeProofUrl).send({ phone: feeApplication.phone, utr: familyUtr })));
    expect(taps.map((res) => [res.status, res.body.feeUtrGiven])).toEqual(Array.from({ length: 5 }, () => [200, familyUtr]));
    expect((await app.services.eventStore.readStream(kanyadanStreamId(feeApplication.regNo))).filter((event) => event.type === 'KanyadanFeeProofSubmitted')).toHaveLength(1);
    expect((await finance.kanyadan.admin.get({ regNo: feeApplication.regNo })).feeUtrGiven).toBe(familyUtr);
    await expect(verification.kanyadan.admin.verify({ regNo: feeApplication.regNo })).rejects.toThrow('The registration fee has not been recorded yet.');
    const feeUtr = `6${String(Date.now()).slice(-11)}`;
    const fees = await raceCalls(5, () => finance.kanyadan.admin.recordFee({ regNo: feeApplication.regNo, utr: feeUtr, paidOn: '2031-07-01' }));
    expect(fees.succeeded).toEqual([{ regNo: feeApplication.regNo, status: 'paid' }]);
    expectOnlyRefusals(fees.refusals, [['CONFLICT', 'The fee has already been recorded.'], ['CONFLICT', UTR_USED]]);
    expect((await app.services.eventStore.readStream(kanyadanStreamId(feeApplication.regNo))).filter((event) => event.type === 'KanyadanFeePaid')).toHaveLength(1);
    expect((await finance.kanyadan.admin.get({ regNo: feeApplication.regNo })).feeUtrGiven).toBeNull();
    await openEveryDocument(app, verification, feeApplication.regNo);
    expect(await verification.kanyadan.admin.verify({ regNo: feeApplication.regNo })).toEqual({ regNo: feeApplication.regNo, status: 'verified' });
    // Five looks at once at the full details: five views recorded, besides the documents opened before verifying.
    const viewsBefore = (await app.services.eventStore.readStream(kanyadanAccessStreamId(feeApplication.regNo))).length;
    const looks = await raceCalls(5, () => verification.kanyadan.admin.reveal({ regNo: feeApplication.regNo }));
    expect(looks.succeeded).toHaveLength(5);
    const views = await app.services.eventStore.readStream(kanyadanAccessStreamId(feeApplication.regNo));
    expect(views.slice(viewsBefore).map((event) => event.type)).toEqual(Array(5).fill('KanyadanDetailsViewed'));

    // The same girl sent from four phones at once: every one is flagged with the other three, as replay finds.
    const sameGirl = { girlName: 'Simultaneous Sister', fatherName: 'Same Father', dob: '2021-02-02' };
    const twins = await Promise.all(Array.from({ length: 4 }, async () => submitForm(app, applicationFields(sameGirl), await applicationDocuments())));
    const twinNumbers = twins.map((res) => res.body.regNo as string).sort();
    for (const regNo of twinNumbers) {
      expect((await verification.kanyadan.admin.get({ regNo })).duplicateOf).toEqual(twinNumbers.filter((other) => other !== regNo));
    }
    for (const projection of await replayAndCompare(app.services, 'kanyadan_applications')) expect(projection.differences, projection.projection).toEqual([]);

    // Many families at once: each gets a number of its own.
    const families = await Promise.all(Array.from({ length: 6 }, async () => submitForm(app, applicationFields(), await applicationDocuments())));
    expect(families.map((res) => res.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(new Set(families.map((res) => res.body.regNo as string)).size).toBe(6);

    const erasures = await raceCalls(5, () => verification.kanyadan.admin.erase({ regNo: contested.regNo, reason: 'Asked at the office' }));
    expect(erasures.succeeded.filter((result) => result.isErasedNow)).toHaveLength(1);
    expect((await app.services.eventStore.readStream(kanyadanStreamId(contested.regNo))).filter((event) => event.type === 'PersonalDataErased')).toHaveLength(1);
  });
});
