import crypto from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayAndCompare } from '#server/event-store/replay';
import { RECEIPT_RETENTION_WHY, shredRetainedReceipts } from '#server/modules/donations/donations.api';
import { rejection } from '#server/testing/assertions';
import { helpFields, kanyadanFields } from '#server/testing/contract/rest-fixtures';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type AppCaller, type TestApp } from '#server/testing/test-services';
import { photoWithExif, simplePdf } from '#server/uploads/test-files.test-helper';
import { certificatePdf } from '#server/testing/form-10be-certificates';

const TODAY = '2031-07-01';
const RECENT = '2031-06-10';

/**
 * Issue 29, "Erasure everywhere": a member who donated, asked for help with payout details and
 * documents, was given a gift and a withdrawal, is erased; afterwards no table (the events included)
 * holds their name, e-mail, phone, address, PAN, UPI ID, account number or story in clear, every
 * route that served them answers 404 or the erased form, and a replay equals live.
 */
describe.each(testDbKinds())('erasing a person everywhere on %s', (kind) => {
  let app: TestApp;
  const clock = new Date(`${TODAY}T06:00:00.000Z`);
  let membersAdmin: AppCaller;
  let verifier: AppCaller;
  let finance: AppCaller;
  let financeId: string;
  let financeAccountToken: string;
  let visitor: AppCaller;

  beforeAll(async () => {
    app = await createTestApp(kind, { now: () => clock });
    membersAdmin = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['members'] })).token });
    verifier = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['verification'] })).token });
    const financeAccount = await app.account({ role: 'admin', permissions: ['finance'] });
    financeId = financeAccount.userId;
    financeAccountToken = financeAccount.token;
    finance = await app.caller({ token: financeAccount.token });
    visitor = await app.caller();
  });
  afterAll(async () => {
    await app?.close();
  });

  let counter = 0;
  const uniqueUtr = () => String(6_000_000_000_00 + ((process.pid * 1000 + (counter += 1)) % 99_999_999_999)).slice(-12);

  /** Every base table of the schema, each row cast to text, searched for each needle: the hits. */
  async function clearTextHits(needles: Record<string, string>): Promise<string[]> {
    const { rows: tables } = await app.services.db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
    );
    expect(tables.map((table) => table.table_name)).toEqual(expect.arrayContaining(['events', 'donations', 'help_requests', 'users']));
    // One scan of each table counts every needle (a statement per table and needle was over a thousand).
    const entries = Object.entries(needles);
    const counts = entries.map((_, index) => `count(*) FILTER (WHERE row::text ILIKE $${index + 1})::int AS n${index}`).join(', ');
    const hits: string[] = [];
    for (const { table_name: table } of tables) {
      const { rows } = await app.services.db.query<Record<string, number>>(
        `SELECT ${counts} FROM "${table}" AS row`,
        entries.map(([, needle]) => `%${needle}%`),
      );
      entries.forEach(([what], index) => {
        if (rows[0]![`n${index}`]! > 0) hits.push(`${table}: ${what}`);
      });
    }
    return hits;
  }

  it('leaves nothing of them in clear in any table, serves nothing of them, and replays to the same read models', async () => {
    const tag = crypto.randomBytes(3).toString('hex');
    const person = {
      name: `Savitri Erasedevi ${tag}`,
      email: `savitri.${tag}@example.org`,
      phone: `98${String(process.pid % 100_000_000).padStart(8, '0')}`,
      address: `${tag} Kasturba Nagar Lane`,
      pan: 'ABCPE1234F',
      upiId: `savitri.${tag}@okbank`,
      accountNumber: `70${String(Date.now()).slice(-10)}`,
      story: `Our roof collapsed in the monsoon of ${tag}; the children sleep at the neighbours and we need to rebuild before winter.`,
      contactNumber: `97${String((process.pid * 7) % 100_000_000).padStart(8, '0')}`,
      update: `The builder came on ${tag}; the walls are up and my daughter is back in school.`,
      question: `Is the roof of ${tag} Kasturba Nagar owned by Savitri's brother-in-law?`,
      requestRejection: `Savitri Erasedevi ${tag} already had her roof rebuilt by the panchayat in ${tag}.`,
      withdrawalRejection: `The bank says the account of Savitri ${tag} is frozen; ask her for another.`,
      giftDecision: `Savitri ${tag}'s passbook shows the ${tag} transfer on the day the giver says.`,
    };
    const member = await app.account({ fullName: person.name, email: person.email, phone: person.phone });
    const memberCaller = await app.caller({ token: member.token });
    await memberCaller.identity.updateProfile({
      address: person.address,
      upiId: person.upiId,
      accountHolder: person.name,
      accountNumber: person.accountNumber,
      confirmAccountNumber: person.accountNumber,
      ifsc: 'SBIN0001234',
      bankName: 'State Bank',
    });

    // A verified donation with every detail a receipt takes.
    // Her name as on the PAN (issue 31), given with the pledge and corrected by finance: both are hers to erase.
    const latinTag = tag.replace(/[0-9]/g, (digit) => 'abcdefghij'[Number(digit)]!);
    const panName = `Savitri Panname ${latinTag}`;
    const correctedPanName = `Savitri Corrected ${latinTag}`;
    const pay = await memberCaller.donations.create({
      amountPaise: 5_000_00, cause: 'general', donorName: person.name, email: person.email, phone: person.phone, pan: person.pan, panName, address: person.address, showName: false,
    });
    await visitor.donations.submitProof({ reference: pay.reference, contact: person.email, utr: uniqueUtr() });
    await finance.donations.admin.verify({ reference: pay.reference, receivedOn: TODAY, mode: 'upi' });
    expect((await app.services.db.query(`SELECT 1 FROM donations WHERE donor_pan_name = $1`, [panName])).rows).toHaveLength(1);
    await finance.donations.admin.recordPanName({ reference: pay.reference, panName: correctedPanName });

    // The income-tax portal's Form 10BE certificate for that gift, uploaded by finance: it names them and holds their PAN.
    const certificate = await request(app.http())
      .post('/api/admin/form-10be')
      .set({ Authorization: `Bearer ${financeAccountToken}` })
      .attach('file', await certificatePdf({ foundationPan: 'AAATS1234F', arn: '556677889900112', idNumber: person.pan, donorName: person.name.toUpperCase(), amount: '5,000', financialYear: '2031-32' }), 'c.pdf');
    expect(certificate.status, JSON.stringify(certificate.body)).toBe(200);
    const certificateSubject = `form-10be-${(certificate.body as { certificates: { id: string }[] }).certificates[0]!.id}`;
    const certificateFiles = async () => (await app.services.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM files WHERE subject_id = $1`, [certificateSubject])).rows[0]!.count;
    expect(await certificateFiles()).toBe(1);

    // A help request with payout details and two documents, published.
    const req = request(app.http()).post('/api/help').set({ Authorization: `Bearer ${member.token}` });
    const fields = helpFields(RECENT, {
      category: 'other',
      storyEn: person.story,
      beneficiaryName: person.name,
      upiId: person.upiId,
      bankName: 'State Bank',
      accountHolder: person.name,
      accountNumber: person.accountNumber,
      confirmAccountNumber: person.accountNumber,
      ifsc: 'SBIN0001234',
      document2Kind: 'other',
      document2Date: RECENT,
    });
    for (const [name, value] of Object.entries(fields)) req.field(name, value);
    req.attach('document1', await simplePdf(1, 'Estimate'), { filename: 'estimate.pdf', contentType: 'application/pdf' });
    req.attach('document2', await photoWithExif(600, 400), { filename: 'roof.jpg', contentType: 'image/jpeg' });
    const submitted = await req;
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
    const requestId = submitted.body.id as string;
    await verifier.help.admin.checkIdentity({ id: requestId, idKind: 'aadhaar', isMatched: true });
    // Staff's question names the family; the requester answers it.
    await verifier.help.admin.ask({ id: requestId, question: person.question });
    await memberCaller.help.answer({ id: requestId, answer: 'Yes, the estimate is from the district hospital.' });
    await verifier.help.admin.publish({ id: requestId });
    await memberCaller.help.postUpdate({ id: requestId, textEn: person.update });

    // A gift through the foundation, a withdrawal of it, and a direct gift with its screenshot.
    const giverEmail = `giver.${tag}@example.org`;
    const gift = await visitor.donations.create({ amountPaise: 20_000_00, cause: 'general', donorName: 'Giver Person', email: giverEmail, showName: false, helpRequestId: requestId });
    await visitor.donations.submitProof({ reference: gift.reference, contact: giverEmail, utr: uniqueUtr() });
    await finance.donations.admin.verify({ reference: gift.reference, receivedOn: TODAY, mode: 'upi' });
    await app.runJobs();
    const withdrawal = await memberCaller.help.disbursements.request({ id: requestId, disbursementId: crypto.randomUUID(), amountPaise: 10_000_00, contactNumber: person.contactNumber });
    await finance.help.admin.disbursements.approve({ disbursementId: withdrawal.id });
    // A second withdrawal, rejected with a reason that names the member.
    const refused = await memberCaller.help.disbursements.request({ id: requestId, disbursementId: crypto.randomUUID(), amountPaise: 2_000_00, contactNumber: person.contactNumber });
    await finance.help.admin.disbursements.reject({ disbursementId: refused.id, reason: person.withdrawalRejection });
    const giver = await app.account();
    const direct = await request(app.http())
      .post(`/api/help/${requestId}/gifts`)
      .set({ Authorization: `Bearer ${giver.token}` })
      .field('amount', '1500')
      .field('utr', uniqueUtr())
      .attach('screenshot', await photoWithExif(500, 800), { filename: 'paid.jpg', contentType: 'image/jpeg' });
    expect(direct.status, JSON.stringify(direct.body)).toBe(201);
    const giftId = direct.body.giftId as string;
    // A second direct gift the member disputes; staff decide it with a reason that names the member.
    const secondGiver = await app.account();
    const disputed = await request(app.http())
      .post(`/api/help/${requestId}/gifts`)
      .set({ Authorization: `Bearer ${secondGiver.token}` })
      .field('amount', '700')
      .field('utr', uniqueUtr())
      .attach('screenshot', await photoWithExif(500, 800), { filename: 'paid-again.jpg', contentType: 'image/jpeg' });
    expect(disputed.status, JSON.stringify(disputed.body)).toBe(201);
    await memberCaller.help.gifts.reject({ giftId: disputed.body.giftId as string });
    await verifier.help.admin.gifts.decide({ giftId: disputed.body.giftId as string, decision: 'received', reason: person.giftDecision });
    await app.runJobs();

    // Another help request of the member's, rejected with a reason that names her.
    const rejectedReq = request(app.http()).post('/api/help').set({ Authorization: `Bearer ${member.token}` });
    for (const [name, value] of Object.entries(helpFields(RECENT, { category: 'other', beneficiaryName: person.name }))) rejectedReq.field(name, value);
    rejectedReq.attach('document1', await simplePdf(1, 'Estimate'), { filename: 'estimate.pdf', contentType: 'application/pdf' });
    const rejectedSubmitted = await rejectedReq;
    expect(rejectedSubmitted.status, JSON.stringify(rejectedSubmitted.body)).toBe(201);
    await verifier.help.admin.reject({ id: rejectedSubmitted.body.id as string, reason: person.requestRejection });

    // Kanyadan applications: one the member sent signed in (as the father), one sent without an
    // account with the member's phone and e-mail, and another family's, which must stay.
    const girlName = `Kumari Lakshmi ${tag.replace(/[0-9]/g, 'x')}`;
    const otherGirlName = `Kumari Radha ${tag.replace(/[0-9]/g, 'y')}`;
    const strangerGirlName = `Kumari Meera ${tag.replace(/[0-9]/g, 'z')}`;
    const submitKanyadan = async (fields: Record<string, string>, headers: Record<string, string> = {}) => {
      const req = request(app.http()).post('/api/kanyadan/applications').set(headers);
      for (const [name, value] of Object.entries({ ...kanyadanFields(), ...fields })) req.field(name, value);
      req.attach('photo', await photoWithExif(600, 400), { filename: 'photo.jpg', contentType: 'image/jpeg' });
      req.attach('birthCertificate', await simplePdf(1, 'Birth certificate'), { filename: 'birth.pdf', contentType: 'application/pdf' });
      const res = await req;
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.regNo as string;
    };
    const asAccount = await submitKanyadan({ girlName, fatherName: person.name, guardianName: person.name }, { Authorization: `Bearer ${member.token}` });
    const byContact = await submitKanyadan({ girlName: otherGirlName, phone: person.phone, email: person.email });
    const stranger = await submitKanyadan({ girlName: strangerGirlName });
    await app.runJobs();

    const needles = {
      name: person.name,
      email: person.email,
      phone: person.phone,
      address: person.address,
      pan: person.pan,
      upiId: person.upiId,
      accountNumber: person.accountNumber,
      story: person.story.slice(0, 40),
      contactNumber: person.contactNumber,
      update: person.update.slice(0, 40),
      question: person.question.slice(0, 40),
      requestRejection: person.requestRejection.slice(20),
      withdrawalRejection: person.withdrawalRejection.slice(20),
      giftDecision: person.giftDecision.slice(10),
      girlName,
      otherGirlName,
      panName,
      correctedPanName,
    };
    // The search finds them before the erasure (so it would find them after, were they left).
    expect(await clearTextHits(needles)).toEqual(
      expect.arrayContaining(['donations: name', 'donations: pan', 'donations: correctedPanName', 'form_10be_certificates: name', 'form_10be_certificates: pan', 'help_requests: story', 'help_requests: update', 'help_requests: question', 'help_requests: requestRejection', 'help_disbursements: withdrawalRejection', 'help_gifts: giftDecision', 'kanyadan_applications: girlName', 'kanyadan_applications: otherGirlName']),
    );
    const kanyadanFiles = async (regNo: string) =>
      (await app.services.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM files WHERE subject_id = $1`, [`kanyadan-${regNo}`])).rows[0]!.count;
    expect(await kanyadanFiles(asAccount)).toBeGreaterThan(0);
    expect(await kanyadanFiles(byContact)).toBeGreaterThan(0);
    const kanyadanStatus = async (regNo: string, phone: string) => (await request(app.http()).get(`/api/kanyadan/applications/${regNo}/status`).query({ phone })).status;
    const served = async () => ({
      status: (await request(app.http()).get(`/api/donations/${pay.reference}/status`).query({ contact: person.email })).status,
      receipt: (await request(app.http()).get(`/api/donations/${pay.reference}/receipt.pdf`).query({ contact: person.email })).status,
      page: (await request(app.http()).get(`/api/help/${requestId}`)).status,
      screenshot: (await request(app.http()).get(`/api/help/gifts/${giftId}/screenshot`).set({ Authorization: `Bearer ${giver.token}` })).status,
    });
    expect(await served()).toEqual({ status: 200, receipt: 200, page: 200, screenshot: 200 });
    expect(await kanyadanStatus(byContact, person.phone)).toBe(200);

    const erased = await membersAdmin.admin.members.erase({ userId: member.userId, reason: 'The member asked us to forget them' });
    // The law's exception: the verified donation's receipt data, kept 8 years (the default) after its financial year 2031-32.
    const serial = (await finance.donations.admin.get({ reference: pay.reference })).receiptSerial!;
    expect(erased).toEqual({
      userId: member.userId,
      erasedAt: clock.toISOString(),
      isErasedNow: true,
      erased: { donations: 1, form10beCertificates: 1, helpRequests: 2, withdrawals: 2, giftsReceived: 2, giftScreenshotsGiven: 0, contactMessages: 0, staffInvitations: 0, kanyadanApplications: 2 },
      kept: [{ kind: 'donation-receipt', reference: `${pay.reference.replace('-', '')} (${serial})`, why: RECEIPT_RETENTION_WHY, keptUntil: '2040-03-31' }],
    });
    const { rows: records } = await app.services.db.query<{ data: unknown; stream_id: string }>(`SELECT data, stream_id FROM events WHERE type = 'PersonErased'`);
    expect(records).toEqual([expect.objectContaining({ data: expect.objectContaining({ userId: member.userId, kept: erased.kept, reason: 'The member asked us to forget them' }) })]);
    await app.runJobs();

    // Only the sealed retention record of the verified donation's receipt may keep anything.
    expect(await clearTextHits(needles)).toEqual([]);
    expect(await served()).toEqual({ status: 404, receipt: 404, page: 404, screenshot: 404 });
    // Their Form 10BE certificate: its key destroyed and its PDF gone.
    expect(await certificateFiles()).toBe(0);
    // The member's two applications: their key destroyed, their files gone, the look-up finds nothing; the other family's untouched.
    expect(await kanyadanStatus(byContact, person.phone)).toBe(404);
    expect({ asAccount: await kanyadanFiles(asAccount), byContact: await kanyadanFiles(byContact) }).toEqual({ asAccount: 0, byContact: 0 });
    const { rows: kanyadanKeys } = await app.services.db.query<{ subject_id: string; alive: boolean }>(
      `SELECT subject_id, wrapped_key IS NOT NULL AS alive FROM data_keys WHERE subject_id = ANY($1::text[]) ORDER BY subject_id`,
      [[`kanyadan-${asAccount}`, `kanyadan-${byContact}`, `kanyadan-${stranger}`]],
    );
    expect(Object.fromEntries(kanyadanKeys.map((row) => [row.subject_id, row.alive]))).toEqual({
      [`kanyadan-${asAccount}`]: false,
      [`kanyadan-${byContact}`]: false,
      [`kanyadan-${stranger}`]: true,
    });
    expect(await clearTextHits({ strangerGirlName })).toEqual(expect.arrayContaining(['kanyadan_applications: strangerGirlName']));
    expect((await visitor.help.list({})).requests.map((entry) => entry.id)).not.toContain(requestId);
    const documentDownload = await request(app.http()).get(`/api/admin/help/${requestId}/documents/1`);
    expect([401, 403, 404]).toContain(documentDownload.status);

    for (const projection of await replayAndCompare(app.services)) expect(projection.differences, projection.projection).toEqual([]);

    // The kept receipt data: finance only, sealed under its own key, shredded by the daily job once the period ends.
    const reference = pay.reference.replace('-', '');
    expect((await rejection(membersAdmin.donations.admin.retainedReceipts({ reference }))).code).toBe('FORBIDDEN');
    expect(await finance.donations.admin.retainedReceipts({ reference })).toEqual({
      receipts: [{ reference, serial, financialYear: '2031-32', keptUntil: '2040-03-31', receipt: { name: person.name, pan: person.pan, address: person.address, amountPaise: 5_000_00, receivedOn: TODAY } }],
    });
    // Each read of the kept receipt data is in the access log, with who read which receipts; a refused read is not.
    const superAdmin = await app.caller({ token: (await app.account({ role: 'admin' })).token });
    const receiptLooks = async () => (await superAdmin.admin.accessLog.list({ record: reference })).entries.filter((entry) => entry.type === 'RetainedReceiptsViewed');
    expect(await receiptLooks()).toEqual([expect.objectContaining({ viewer: expect.objectContaining({ id: financeId }), detail: reference })]);
    await finance.donations.admin.retainedReceipts({});
    expect(await receiptLooks()).toHaveLength(2);
    expect(await shredRetainedReceipts(app.services, new Date('2040-03-31T12:00:00.000Z'))).toBe(0);
    expect(await shredRetainedReceipts(app.services, new Date('2040-04-01T12:00:00.000Z'))).toBe(1);
    expect(await shredRetainedReceipts(app.services, new Date('2040-04-02T12:00:00.000Z'))).toBe(0);
    expect((await finance.donations.admin.retainedReceipts({ reference })).receipts).toEqual([expect.objectContaining({ reference, serial, receipt: null })]);
    const { rows: keys } = await app.services.db.query(`SELECT wrapped_key FROM data_keys WHERE subject_id = $1`, [`donation_receipt-${reference}`]);
    expect(keys).toEqual([{ wrapped_key: null }]);
    for (const projection of await replayAndCompare(app.services)) expect(projection.differences, projection.projection).toEqual([]);
  });
});
