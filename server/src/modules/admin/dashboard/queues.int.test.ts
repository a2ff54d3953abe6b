import crypto from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helpFields, kanyadanFields, postForm, type FormFile } from '#server/testing/contract/rest-fixtures';
import { photoWithExif, simplePdf } from '#server/uploads/test-files.test-helper';
import { openEveryDocument } from '#server/testing/open-every-document';
import { rejection } from '#server/testing/assertions';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type AppCaller, type TestApp } from '#server/testing/test-services';
import { QUEUE_IDS, type QueueId, type TQueuesResponse } from './queues.schema.ts';

const TODAY = '2031-07-01';
const RECENT = '2031-06-10';
const MINUTE = 60_000;

/**
 * The dashboard's staff queues (issue 15): each counts what waits for staff and says since when the
 * oldest item has waited; an admin sees only the queues their permissions cover. Every queue is
 * filled here through the real commands, and emptied again by the staff's decisions.
 */
describe.each(testDbKinds())('staff queues on %s', (kind) => {
  let app: TestApp;
  let now = new Date(`${TODAY}T06:00:00.000Z`);
  let superAdmin: AppCaller;
  let finance: AppCaller;
  let verifier: AppCaller;
  let content: AppCaller;
  let bare: AppCaller;
  let member: { userId: string; token: string };
  let financeToken: string;
  let documents: { photo: FormFile; birthCertificate: FormFile };

  beforeAll(async () => {
    documents = {
      photo: { bytes: await photoWithExif(600, 400), filename: 'photo.jpg', contentType: 'image/jpeg' },
      birthCertificate: { bytes: await simplePdf(1, 'Birth certificate'), filename: 'birth.pdf', contentType: 'application/pdf' },
    };
    app = await createTestApp(kind, { now: () => now });
    superAdmin = await app.caller({ token: (await app.account({ role: 'admin' })).token });
    financeToken = (await app.account({ role: 'admin', permissions: ['finance'] })).token;
    finance = await app.caller({ token: financeToken });
    verifier = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['verification'] })).token });
    content = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['content'] })).token });
    bare = await app.caller({ token: (await app.account({ role: 'admin', permissions: [] })).token });
    member = await app.account();
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A Kanyadan application as the family's form sends it: its number and phone. */
  async function submittedApplication(): Promise<{ regNo: string; phone: string }> {
    const fields = kanyadanFields();
    const res = await postForm(app.http(), '/api/kanyadan/applications', fields, documents);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { regNo: res.body.regNo as string, phone: fields.phone! };
  }

  /** A help request the member asked for, with one recent estimate: its ID. */
  async function submittedHelpRequest(token: string): Promise<string> {
    const res = await postForm(app.http(), '/api/help', helpFields(RECENT), { document1: documents.birthCertificate }).set({ Authorization: `Bearer ${token}` });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  }

  async function publishedHelpRequest(token: string): Promise<string> {
    const id = await submittedHelpRequest(token);
    await verifier.help.admin.checkIdentity({ id, idKind: 'aadhaar', isMatched: true });
    await verifier.help.admin.publish({ id });
    return id;
  }

  const byId = (response: TQueuesResponse) => Object.fromEntries(response.queues.map((queue) => [queue.id, queue]));
  const counts = async (caller: AppCaller) => Object.fromEntries((await caller.admin.getQueues()).queues.map((queue) => [queue.id, queue.count]));

  it('starts empty: every queue at 0 with no oldest item', async () => {
    const response = await superAdmin.admin.getQueues();
    expect(response.queues.map((queue) => queue.id)).toEqual([...QUEUE_IDS]);
    expect(response.queues.every((queue) => queue.count === 0 && queue.oldestAt === null && queue.oldestAgeSeconds === null)).toBe(true);
    expect(response.checkedAt).toBe(now.toISOString());
  });

  it('shows each admin only the queues their permissions cover; a member and a visitor are refused', async () => {
    const ids = async (caller: AppCaller) => (await caller.admin.getQueues()).queues.map((queue) => queue.id);
    expect(await ids(finance)).toEqual<QueueId[]>(['donationsToVerify', 'form10bdRevisions', 'kanyadanFinance', 'disbursementsToApprove', 'disbursementsToPay']);
    expect(await ids(verifier)).toEqual<QueueId[]>(['kanyadanToVerify', 'helpRequestsToVerify', 'giftDisputes']);
    expect(await ids(content)).toEqual<QueueId[]>(['contactMessages']);
    expect(await ids(bare)).toEqual([]);
    expect((await rejection((await app.caller({ token: member.token })).admin.getQueues())).code).toBe('FORBIDDEN');
    expect((await rejection((await app.caller()).admin.getQueues())).code).toBe('UNAUTHORIZED');
  });

  it('counts a donation with proof until finance verifies it, with the oldest proof’s age in seconds', async () => {
    const visitor = await app.caller();
    const email = `donor.${crypto.randomBytes(4).toString('hex')}@example.org`;
    const proofAt = new Date(now);
    const { reference } = await visitor.donations.create({ amountPaise: 50_000, cause: 'general', donorName: 'Asha', email, showName: false });
    await visitor.donations.submitProof({ reference, contact: email, utr: '123456789012' });
    now = new Date(now.getTime() + 90 * MINUTE);
    // A second, newer one: the oldest stays the first.
    const second = await visitor.donations.create({ amountPaise: 70_000, cause: 'general', donorName: 'Asha', email, showName: false });
    await visitor.donations.submitProof({ reference: second.reference, contact: email, utr: '223456789012' });

    const queue = byId(await finance.admin.getQueues()).donationsToVerify!;
    expect(queue).toEqual({ id: 'donationsToVerify', count: 2, oldestAt: proofAt.toISOString(), oldestAgeSeconds: 90 * 60 });

    await finance.donations.admin.verify({ reference, receivedOn: TODAY, mode: 'upi' });
    await finance.donations.admin.reject({ reference: second.reference, reason: 'not_received' });
    expect(byId(await finance.admin.getQueues()).donationsToVerify).toMatchObject({ count: 0, oldestAt: null, oldestAgeSeconds: null });
  });

  it('counts open contact messages for content until one is marked handled', async () => {
    await (await app.caller()).site.contact.create({ name: 'Visitor', email: `v.${crypto.randomBytes(3).toString('hex')}@example.org`, message: 'Where is your office?' });
    expect((await counts(content)).contactMessages).toBe(1);
    const [message] = (await content.site.contact.getMany({ status: 'open' })).messages;
    await content.site.contact.markHandled({ id: message!.id });
    expect((await counts(content)).contactMessages).toBe(0);
  });

  it('counts Kanyadan applications and help requests for verification until they are decided', async () => {
    const { regNo } = await submittedApplication();
    const requestId = await submittedHelpRequest(member.token);
    expect(await counts(verifier)).toMatchObject({ kanyadanToVerify: 1, helpRequestsToVerify: 1 });

    // A question waits on the requester, not on staff: out of the queue until it is answered.
    await verifier.help.admin.ask({ id: requestId, question: 'Please send the hospital’s letter.' });
    expect((await counts(verifier)).helpRequestsToVerify).toBe(0);
    await (await app.caller({ token: member.token })).help.answer({ id: requestId, answer: 'Sent with the documents.' });
    expect((await counts(verifier)).helpRequestsToVerify).toBe(1);

    await openEveryDocument(app, verifier, regNo);
    await verifier.kanyadan.admin.verify({ regNo });
    await verifier.help.admin.checkIdentity({ id: requestId, idKind: 'aadhaar', isMatched: true });
    await verifier.help.admin.publish({ id: requestId });
    expect(await counts(verifier)).toMatchObject({ kanyadanToVerify: 0, helpRequestsToVerify: 0 });
  });

  it('counts a Kanyadan fee for finance once the family gave its UTR, and for verification once finance recorded it', async () => {
    const setFee = async (kanyadanFeePaise: number) => {
      const { version } = await superAdmin.site.settings.get();
      await superAdmin.site.settings.update({ expectedVersion: version, data: { kanyadanFeePaise } });
    };
    await setFee(100_00);
    const { regNo, phone } = await submittedApplication();
    await setFee(0);
    // Awaiting the family's payment: nobody's queue yet.
    expect(await counts(superAdmin)).toMatchObject({ kanyadanFinance: 0, kanyadanToVerify: 0 });
    const proof = await request(app.http()).post(`/api/kanyadan/applications/${regNo}/fee-proof`).send({ phone, utr: '523456789012' });
    expect(proof.status, JSON.stringify(proof.body)).toBe(200);
    expect(await counts(superAdmin)).toMatchObject({ kanyadanFinance: 1, kanyadanToVerify: 0 });
    await finance.kanyadan.admin.recordFee({ regNo, utr: '523456789012', paidOn: TODAY });
    expect(await counts(superAdmin)).toMatchObject({ kanyadanFinance: 0, kanyadanToVerify: 1 });
    await verifier.kanyadan.admin.reject({ regNo, reason: 'documents-unclear' });
    expect((await counts(superAdmin)).kanyadanToVerify).toBe(0);
  });

  it('counts a disputed direct gift for verification, and disbursements to approve and then to pay for finance', async () => {
    const beneficiary = await app.account();
    const id = await publishedHelpRequest(beneficiary.token);
    const giver = await app.account();
    const gift = await request(app.http())
      .post(`/api/help/${id}/gifts`)
      .set({ Authorization: `Bearer ${giver.token}` })
      .field('amount', '500')
      .field('utr', '323456789012')
      .attach('screenshot', await photoWithExif(300, 600), { filename: 'paid.jpg', contentType: 'image/jpeg' });
    expect(gift.status, JSON.stringify(gift.body)).toBe(201);
    await (await app.caller({ token: beneficiary.token })).help.gifts.reject({ giftId: gift.body.giftId as string });
    expect((await counts(verifier)).giftDisputes).toBe(1);

    // Money held for the request: a verified donation earmarked to it.
    const visitor = await app.caller();
    const email = `donor.${crypto.randomBytes(4).toString('hex')}@example.org`;
    const { reference } = await visitor.donations.create({ amountPaise: 10_000_00, cause: 'general', donorName: 'Asha', email, showName: false, helpRequestId: id });
    await visitor.donations.submitProof({ reference, contact: email, utr: '423456789012' });
    await finance.donations.admin.verify({ reference, receivedOn: TODAY, mode: 'upi' });
    await app.runJobs();
    const disbursementId = crypto.randomUUID();
    await (await app.caller({ token: beneficiary.token })).help.disbursements.request({ id, disbursementId, amountPaise: 5_000_00, contactNumber: '98765 43210' });
    expect(await counts(finance)).toMatchObject({ disbursementsToApprove: 1, disbursementsToPay: 0 });
    await finance.help.admin.disbursements.approve({ disbursementId });
    expect(await counts(finance)).toMatchObject({ disbursementsToApprove: 0, disbursementsToPay: 1 });
  });

  it('lists on the dashboard what the public pages, receipts and payments still need, until it is entered', async () => {
    const { setupMissing } = await bare.admin.getDashboard();
    expect(setupMissing).toEqual(['address', 'phone', 'email', 'registrationNo', 'pan', 'twelveA', 'taxExemption', 'upi', 'bank']);
    const { version } = await superAdmin.site.settings.get();
    await superAdmin.site.settings.update({
      expectedVersion: version,
      data: { phone: '0141 222 3333', email: 'info@sahayfoundation.org', upiVpa: 'sahayfoundation@sbi', bankAccountName: 'Sahay Foundation', bankAccountNumber: '123456789012', bankIfsc: 'SBIN0001234', bankName: 'State Bank of India' },
    });
    expect((await bare.admin.getDashboard()).setupMissing).toEqual(['address', 'registrationNo', 'pan', 'twelveA', 'taxExemption']);
  });

  it('answers GET /api/admin/queues as the procedure does, 401 without a session and 403 for a member', async () => {
    const http = app.http();
    const res = await request(http).get('/api/admin/queues').set({ Authorization: `Bearer ${financeToken}` });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(await finance.admin.getQueues());
    expect((await request(http).get('/api/admin/queues')).status).toBe(401);
    expect((await request(http).get('/api/admin/queues').set({ Authorization: `Bearer ${member.token}` })).status).toBe(403);
  });
});
