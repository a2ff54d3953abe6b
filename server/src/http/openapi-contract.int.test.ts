import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Express } from 'express';
import request from 'supertest';
import { openEveryDocument } from '#server/testing/open-every-document';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import { uniformRateLimits } from '#server/lib/rate-limit';
import { OpenApiContract, type ContractFinding, type OpenApiDocument } from '#server/testing/contract/openapi-contract';
import { helpFields, kanyadanFields, postForm, tooLargeJpeg, uniqueUtr, type FormFile } from '#server/testing/contract/rest-fixtures';
import { fakeWebDist } from '#server/testing/fake-web-dist';
import { readOutbox } from '#server/testing/outbox';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type AppCaller, type TestApp, uniqueEmail } from '#server/testing/test-services';
import { makeTestPkcs12 } from '#server/testing/signing/test-certificates';
import { photoWithExif, plainImage, simplePdf } from '#server/uploads/test-files.test-helper';
import { certificatePdf } from '#server/testing/form-10be-certificates';
import { startTestRazorpayGateway, type TestRazorpayGateway } from '#server/testing/razorpay-gateway';
import { gatewayEnv } from '#server/testing/gateway-test-app';

/**
 * Every operation in the OpenAPI document the running app serves is called for real: one success
 * and the error answers it documents. Each answer's status must be documented for that operation
 * and its body must validate against the documented schema, so the document and the routes cannot
 * drift apart unseen. The contract is the HTTP layer's, not the database's: one kind is enough
 * (PostgreSQL where CI has it).
 */

type Answer = PromiseLike<request.Response>;

interface OperationCalls {
  /** A real request that succeeds (set-up first where the operation needs state). */
  success: () => Answer;
  /** Other successful requests whose answers differ in shape (another media type, another form). */
  alsoSucceeds?: (() => Answer)[];
  /** Requests the operation must refuse, by the status each must get. */
  errors: Partial<Record<400 | 401 | 403 | 404 | 409 | 413 | 429 | 503, () => Answer>>;
}

const START = new Date('2031-07-01T06:00:00.000Z');
/** A self-signed PKCS#12 valid at START (issue 31), made once. */
let certificateFile: Buffer | null = null;
function signingCertificate(): Buffer {
  certificateFile ??= makeTestPkcs12({ notBefore: new Date('2031-01-01T00:00:00Z'), notAfter: new Date('2036-01-01T00:00:00Z'), password: 'Sahay-2031' });
  return certificateFile;
}
/** Four years on: a girl who applied at 14 can have her benefit requested. */
const LATER = new Date('2035-07-02T06:00:00.000Z');
const PHONE = '9876543210'; // the phone of every account app.account() makes
const UNKNOWN_USER = 'ZZZZZ0000001';
const UNKNOWN_REG_NO = 'KNYDN9999999';
const UNKNOWN_REFERENCE = 'ZZZZ-9999';
/** Past the JSON body limit (64 kB). */
const OVERSIZED = { note: 'x'.repeat(100 * 1024) };

/** A one-line bank statement crediting a UPI payment with this UTR. */
function statementCsv(utr: string): Buffer {
  return Buffer.from(`Date,Narration,Ref No.,Credit\n10/05/2031,UPI/${utr}/DONOR,,"1,000.00"\n`);
}

/** Every call comes from one address: the main app's limits stay out of the way; 429s are the throttled app's. */
const ROOMY = uniformRateLimits(10_000);
/** Every limit at one request an hour: the second call of anything limited is a 429. */
const ONE_EACH = uniformRateLimits(1);

const kind = testDbKinds().at(-1)!;

describe(`the REST API against its OpenAPI document (${kind})`, () => {
  let clock = START;
  let app: TestApp;
  /** The payment gateway the main app takes online payments through (issue 33). */
  let gateway: TestRazorpayGateway;
  let throttled: TestApp;
  let http: Express;
  let throttledHttp: Express;
  let webDist: string;
  let contract: OpenApiContract;
  let admin: Awaited<ReturnType<TestApp['account']>>;
  let adminCaller: AppCaller;
  let member: Awaited<ReturnType<TestApp['account']>>;
  let otherMember: Awaited<ReturnType<TestApp['account']>>;
  let throttledMember: Awaited<ReturnType<TestApp['account']>>;
  let throttledAdmin: Awaited<ReturnType<TestApp['account']>>;
  /** The two documents an application cannot do without: a photo and a one-page PDF birth certificate. */
  let documents: { photo: FormFile; birthCertificate: FormFile };
  let png: Buffer;
  /** An admin signed in at LATER, made once (a session made at START has expired by then). */
  let laterAdminToken: string | null = null;
  /** A member with no part in any help request, made once. */
  let throwawayMemberToken: string | undefined;

  beforeAll(async () => {
    gateway = await startTestRazorpayGateway();
    [app, throttled] = await Promise.all([
      createTestApp(kind, { now: () => clock, limits: ROOMY, env: gatewayEnv(gateway) }),
      createTestApp(kind, { now: () => clock, limits: ONE_EACH }),
    ]);
    // With a web build, as deployed: POST /api/vitals takes only the build's page names.
    webDist = fakeWebDist();
    http = createApp(app.services, { webDistDir: webDist });
    throttledHttp = createApp(throttled.services, { webDistDir: webDist });
    let photo: Buffer, certificate: Buffer;
    [admin, member, otherMember, throttledMember, throttledAdmin, photo, certificate, png] = await Promise.all([
      app.account({ role: 'admin' }),
      app.account({ fullName: 'Meera Joshi' }),
      app.account({ fullName: 'Arjun Singh' }),
      throttled.account(),
      throttled.account({ role: 'admin' }),
      photoWithExif(600, 400),
      simplePdf(1, 'Birth certificate'),
      plainImage('png', 64, 64),
    ]);
    documents = {
      photo: { bytes: photo, filename: 'photo.jpg', contentType: 'image/jpeg' },
      birthCertificate: { bytes: certificate, filename: 'birth.pdf', contentType: 'application/pdf' },
    };
    adminCaller = await app.caller({ token: admin.token });
    const served = await request(http).get('/api/docs/openapi.json');
    expect(served.status).toBe(200);
    contract = new OpenApiContract(served.body as OpenApiDocument);
  });
  afterAll(async () => {
    await Promise.all([app?.close(), throttled?.close(), gateway?.close()]);
    if (webDist) fs.rmSync(webDist, { recursive: true, force: true });
  });

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const asAdmin = (req: request.Test) => req.set(bearer(admin.token));
  const asMember = (req: request.Test) => req.set(bearer(member.token));
  const get = (path: string) => request(http).get(path);
  const post = (path: string) => request(http).post(path);
  const put = (path: string) => request(http).put(path);

  /** Answers got on the way to a 429: real answers too, checked with the operation's. */
  const answersBeforeThrottling: request.Response[] = [];

  /**
   * A call to the app whose limits are one request an hour, sent until it is refused with 429 (at
   * most three times: another operation may share the limit and have used it up already).
   */
  const throttledAt = (call: (http: Express) => Answer) => async () => {
    let res = await call(throttledHttp);
    for (let tries = 1; res.status !== 429 && tries < 3; tries += 1) {
      answersBeforeThrottling.push(res);
      res = await call(throttledHttp);
    }
    return res;
  };

  async function withClockAt<T>(at: Date, run: () => Promise<T>): Promise<T> {
    clock = at;
    try {
      return await run();
    } finally {
      clock = START;
    }
  }

  // --- set-up through the product's own functions ---------------------------------------------

  async function inviteCode(): Promise<string> {
    return (await adminCaller.community.epins.generate({ count: 1 })).epins[0]!.code;
  }

  function registration(epin: string, email = uniqueEmail('joiner')) {
    return { fullName: 'Kavya Nair', email, phone: PHONE, epin, password: 'a long enough secret', address: '4 Lake Road', city: 'Pune', state: 'Maharashtra', pinCode: '411001', referralId: member.userId };
  }

  /** The last password-reset code e-mailed to this address. */
  function lastResetCode(email: string): string {
    const mail = readOutbox(app.dataDir)
      .filter((entry) => entry.text.includes(`To: ${email}`) && entry.text.includes('Your code is:'))
      .at(-1);
    const code = mail && /Your code is: (\d{6})/.exec(mail.text)?.[1];
    expect(code, `a reset code e-mailed to ${email}`).toMatch(/^\d{6}$/);
    return code!;
  }

  async function processedQrUpload(): Promise<string> {
    const upload = await asMember(post(`/api/users/upload-profile-assets/${member.userId}`)).attach('qrCode', png, { filename: 'qr.png', contentType: 'image/png' });
    expect(upload.status, JSON.stringify(upload.body)).toBe(202);
    await app.runJobs();
    return upload.body.uploadId as string;
  }

  /** The member's I-card photo, uploaded and processed: its upload ID. */
  async function processedIdPhoto(): Promise<string> {
    const upload = await asMember(post(`/api/users/profile-assets/${member.userId}/id-photo`)).attach('idPhoto', png, { filename: 'me.png', contentType: 'image/png' });
    expect(upload.status, JSON.stringify(upload.body)).toBe(202);
    await app.runJobs();
    return upload.body.uploadId as string;
  }

  /** A submitted application (documents not yet processed unless `process`). */
  async function application(options: { dob?: string; process?: boolean } = {}): Promise<{ regNo: string; phone: string }> {
    const fields = kanyadanFields(options.dob);
    const res = await submitApplication(http, fields);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    if (options.process) await app.runJobs();
    return { regNo: res.body.regNo as string, phone: fields.phone! };
  }

  /** Every document opened by the admin who verifies, as a verifier must before verifying (issue 32). */
  async function openedApplication(dob?: string): Promise<string> {
    const { regNo } = await application({ dob });
    await openEveryDocument(app, adminCaller, regNo);
    return regNo;
  }

  async function verifiedApplication(dob?: string): Promise<string> {
    const regNo = await openedApplication(dob);
    expect((await asAdmin(post(`/api/admin/kanyadan/applications/${regNo}/verify`)).send({})).status).toBe(200);
    return regNo;
  }

  async function setKanyadanFee(kanyadanFeePaise: number): Promise<void> {
    const { version } = await adminCaller.site.settings.get();
    await adminCaller.site.settings.update({ expectedVersion: version, data: { kanyadanFeePaise } });
  }

  /** An application submitted while a registration fee applied: payment pending. */
  async function feeApplication(): Promise<{ regNo: string; phone: string }> {
    await setKanyadanFee(100_00);
    try {
      return await application();
    } finally {
      await setKanyadanFee(0);
    }
  }

  const submitApplication = (to: Express, fields: Record<string, string>, files: Record<string, FormFile> = documents) => postForm(to, '/api/kanyadan/applications', fields, files);

  const benefitForm = (req: request.Test) =>
    req
      .field('marriageDate', '2035-11-20')
      .field('accountHolder', 'Asha Kumari')
      .field('accountNumber', '123456789012')
      .field('confirmAccountNumber', '123456789012')
      .field('ifsc', 'SBIN0001234')
      .attach('marriageProof', documents.photo.bytes, { filename: 'card.jpg', contentType: 'image/jpeg' });

  /**
   * At LATER (run inside withClockAt): a girl born 2017-07-02, verified at 13, 18 today, with her
   * benefit taken as far as `step`; and the admin token valid at LATER.
   */
  async function benefitAt(regNo: string, step: 'verified' | 'requested' | 'approved'): Promise<string> {
    laterAdminToken ??= (await app.account({ role: 'admin' })).token;
    const base = `/api/admin/kanyadan/applications/${regNo}`;
    if (step !== 'verified') expect((await benefitForm(post(`${base}/benefit-request`).set(bearer(laterAdminToken)))).status).toBe(200);
    if (step === 'approved') expect((await post(`${base}/benefit-approve`).set(bearer(laterAdminToken)).send({ amountPaise: 21_000_00 })).status).toBe(200);
    return laterAdminToken;
  }

  async function pledge(): Promise<{ reference: string; contact: string }> {
    const contact = uniqueEmail('donor');
    const { reference } = await (await app.caller()).donations.create({ amountPaise: 1250_00, cause: 'kanyadan', donorName: 'Sunita Devi', email: contact, showName: false });
    return { reference, contact };
  }

  /** A pledge paid online and verified by its webhook (issue 33): its reference. */
  async function paidOnline(): Promise<string> {
    const contact = uniqueEmail('donor');
    const pay = await (await app.caller()).donations.create({ amountPaise: 1250_00, cause: 'kanyadan', donorName: 'Sunita Devi', email: contact, showName: false });
    const webhook = gateway.webhook('payment.captured', gateway.pay(pay.razorpay!.orderId));
    const answer = await post('/api/payments/razorpay/webhook').set(webhook.headers).send(webhook.body);
    if (answer.body.status !== 'received') throw new Error(`paidOnline: ${JSON.stringify(answer.body)}`);
    // The delivery is recorded; its job verifies the donation (decision 083).
    await app.runJobs();
    const { status } = await (await app.caller()).donations.getStatus({ reference: pay.reference, contact });
    if (status !== 'verified') throw new Error(`paidOnline: the donation is ${status}`);
    return pay.reference;
  }

  async function pledgeWithProof(): Promise<{ reference: string; contact: string }> {
    const pledged = await pledge();
    await (await app.caller()).donations.submitProof({ ...pledged, utr: uniqueUtr() });
    return pledged;
  }

  async function verified(): Promise<{ reference: string; contact: string }> {
    const donation = await pledgeWithProof();
    await adminCaller.donations.admin.verify({ reference: donation.reference, receivedOn: '2031-07-01', mode: 'upi' });
    await app.runJobs(); // the receipt PDF is rendered by a job
    return donation;
  }

  async function withScreenshot(): Promise<string> {
    const { reference, contact } = await pledge();
    const res = await post(`/api/donations/${reference}/proof`).field('contact', contact).field('utr', uniqueUtr()).attach('screenshot', png, { filename: 's.png', contentType: 'image/png' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await app.runJobs();
    return reference;
  }

  /** A day 10 days before the clock's: an estimate recent enough. */
  const recentDay = () => new Date(clock.getTime() - 10 * 86_400_000).toISOString().slice(0, 10);
  const askForHelp = (to: Express, token: string, fields: Record<string, string> = helpFields(recentDay()), files: Record<string, FormFile> = { document1: documents.birthCertificate }) =>
    postForm(to, '/api/help', fields, files).set(bearer(token));

  /** A help request the member made, as yet unchecked. */
  async function helpRequest(): Promise<string> {
    const res = await askForHelp(http, member.token);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  }

  /** A statement code asked for this e-mail address, read from the mail the job sent (decision 040). */
  async function statementCodeFor(email: string): Promise<string> {
    await (await app.caller({ ip: '192.0.2.50' })).donations.requestStatementCode({ contact: email });
    await app.runJobs();
    const mail = readOutbox(app.dataDir)
      .filter((entry) => entry.text.includes(`To: ${email}`) && entry.text.includes('donation statement'))
      .at(-1);
    const code = mail && /Your code is: (\d{6})/.exec(mail.text)?.[1];
    if (!code) throw new Error(`no statement code mailed to ${email}`);
    return code;
  }

  /** A Form 10BE certificate of 2031-32 for a PAN nobody gave: left for finance to match. */
  let certificates = 0;
  async function unmatchedCertificate(): Promise<Buffer> {
    certificates += 1;
    return certificatePdf({ foundationPan: 'AAATS1234F', arn: String(200_000_000_000_000 + process.pid * 100 + certificates), idNumber: `ZZZPZ${String(1000 + certificates).slice(-4)}Z`, donorName: 'NOBODY KNOWN', amount: '1,000', financialYear: '2031-32' });
  }

  /** A certificate uploaded, then matched by hand to a verified donation's donor. */
  async function matchedCertificate(): Promise<{ id: string; contact: string; answer: request.Test }> {
    const uploaded = await asAdmin(post('/api/admin/form-10be')).attach('file', await unmatchedCertificate(), { filename: 'c.pdf', contentType: 'application/pdf' });
    const id = (uploaded.body as { certificates: { id: string }[] }).certificates[0]!.id;
    const donation = await verified();
    const answer = asAdmin(post(`/api/admin/form-10be/${id}/match`)).send({ reference: donation.reference });
    await answer;
    await app.runJobs();
    return { id, contact: donation.contact, answer };
  }

  async function statementProofFor(email: string): Promise<string> {
    const code = await statementCodeFor(email);
    return (await (await app.caller({ ip: '192.0.2.50' })).donations.verifyStatementCode({ contact: email, code })).proof;
  }

  /** Checked and published by the admin. */
  async function publishedHelp(): Promise<string> {
    const id = await helpRequest();
    await adminCaller.help.admin.checkIdentity({ id, idKind: 'aadhaar', isMatched: true });
    await adminCaller.help.admin.publish({ id });
    return id;
  }

  /** A published help request holding `amountPaise` through one verified gift through the foundation. */
  async function fundedHelp(amountPaise = 1_000_00): Promise<string> {
    const id = await publishedHelp();
    const email = uniqueEmail('donor');
    const { reference } = await (await app.caller()).donations.create({ amountPaise, cause: 'general', donorName: 'Sunita Devi', email, showName: false, helpRequestId: id });
    await (await app.caller()).donations.submitProof({ reference, contact: email, utr: uniqueUtr() });
    await adminCaller.donations.admin.verify({ reference, receivedOn: '2031-07-01', mode: 'upi' });
    await app.runJobs();
    return id;
  }

  /** A member's fundraiser (issue 33) for a cause, ending in 30 days; approved by the admin when `approve`. */
  function fundraiserFieldsOf(overrides: Record<string, string> = {}): Record<string, string> {
    return {
      cause: 'education',
      titleEn: 'School books for Class 10',
      storyEn: 'Forty children of the government school start Class 10 without books. Help the foundation buy each a full set.',
      goal: '50000',
      endsOn: new Date(clock.getTime() + 30 * 86_400_000).toISOString().slice(0, 10),
      ...overrides,
    };
  }
  const startFundraiserAt = (to: Express, token: string, fields = fundraiserFieldsOf(), files: Record<string, FormFile> = { photo: documents.photo }) =>
    postForm(to, '/api/fundraisers', fields, files).set(bearer(token));
  async function fundraiser(approve = true): Promise<string> {
    const res = await startFundraiserAt(http, member.token);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    if (approve) await adminCaller.fundraisers.admin.approve({ id: res.body.id as string });
    return res.body.id as string;
  }

  /** A withdrawal the member asked for, approved by the admin when `approve`. */
  async function withdrawal(approve = false): Promise<string> {
    const id = await fundedHelp();
    const res = await asMember(post(`/api/help/${id}/disbursements`)).send({ amount: 100, contactNumber: '98765 43210' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    if (approve) await adminCaller.help.admin.disbursements.approve({ disbursementId: res.body.id as string });
    return res.body.id as string;
  }

  /** A direct gift by the other member to one of the member's published requests, disputed by the member when `dispute`. */
  async function directGift(dispute = false): Promise<string> {
    const id = await publishedHelp();
    const res = await giveDirectly(http, otherMember.token, id);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    if (dispute) expect((await asMember(post(`/api/help/gifts/${res.body.giftId as string}/reject`)).send({})).status).toBe(200);
    return res.body.giftId as string;
  }

  const giveDirectly = (to: Express, token: string, requestId: string, fields: Record<string, string> = { amount: '500', utr: uniqueUtr() }, files: Record<string, FormFile> = { screenshot: documents.photo }) =>
    postForm(to, `/api/help/${requestId}/gifts`, fields, files).set(bearer(token));

  /** The errors every member route documents: no token, another member's ID, a malformed ID, an unknown ID (admins). */
  function memberRouteErrors(path: (id: string) => string): OperationCalls['errors'] {
    return {
      400: () => asMember(get(path('not-an-id'))),
      401: () => get(path(member.userId)),
      403: () => asMember(get(path(otherMember.userId))),
      404: () => asAdmin(get(path(UNKNOWN_USER))),
    };
  }

  /** The refusals of an admin route: no token, and a member. */
  const adminOnly = (call: () => request.Test) => ({ 401: call, 403: () => asMember(call()) });

  // --- the table: how to call each operation, keyed by operationId --------------------------------

  const CALLS: Record<string, OperationCalls> = {
    postUsersLogin: {
      success: () => post('/api/users/login').send({ userId: member.userId, password: member.password }),
      errors: {
        400: () => post('/api/users/login').send({ userId: member.userId }),
        401: () => post('/api/users/login').send({ userId: otherMember.userId, password: 'not the password' }),
        // A request riding on a session cookie without the CSRF header.
        403: () => post('/api/users/login').set('Cookie', `sahay_session=${member.token}`).send({ userId: member.userId, password: member.password }),
        413: () => post('/api/users/login').send(OVERSIZED),
        429: throttledAt((h) => request(h).post('/api/users/login').send({ userId: throttledMember.userId, password: throttledMember.password })),
      },
    },
    postUsersLogout: {
      success: async () => post('/api/users/logout').set(bearer((await app.account()).token)).send({}),
      errors: {
        400: () => post('/api/users/logout').send({ everywhere: true }),
        403: () => post('/api/users/logout').set('Cookie', `sahay_session=${member.token}`).send({}),
        413: () => post('/api/users/logout').send(OVERSIZED),
      },
    },
    postUsersRegister: {
      success: async () => post('/api/users/register').send(registration(await inviteCode())),
      errors: {
        400: () => post('/api/users/register').send({ ...registration('ABCDEFGH'), email: 'not an e-mail' }),
        409: async () => post('/api/users/register').send(registration(await inviteCode(), member.email)),
        413: () => post('/api/users/register').send(OVERSIZED),
        429: throttledAt((h) => request(h).post('/api/users/register').send(registration('ABCDEFGH'))),
      },
    },
    postUsersVerifyUser: {
      success: () => post('/api/users/verify-user').send({ userId: member.userId, phone: PHONE }),
      errors: {
        400: () => post('/api/users/verify-user').send({ userId: member.userId, phone: '12' }),
        413: () => post('/api/users/verify-user').send(OVERSIZED),
        429: throttledAt((h) => request(h).post('/api/users/verify-user').send({ userId: throttledMember.userId, phone: PHONE })),
      },
    },
    putUsersResetPassword: {
      success: async () => {
        const forgetful = await app.account();
        expect((await post('/api/users/verify-user').send({ userId: forgetful.userId, phone: PHONE })).status).toBe(200);
        await app.runJobs();
        return put('/api/users/reset-password').send({ userId: forgetful.userId, code: lastResetCode(forgetful.email), newPassword: 'a brand new secret' });
      },
      errors: {
        400: () => put('/api/users/reset-password').send({ userId: member.userId, code: '12', newPassword: 'a brand new secret' }),
        413: () => put('/api/users/reset-password').send(OVERSIZED),
        429: throttledAt((h) => request(h).put('/api/users/reset-password').send({ userId: throttledMember.userId, code: '123456', newPassword: 'a brand new secret' })),
      },
    },
    putUsersChangePassword: {
      success: async () => {
        const person = await app.account();
        return put('/api/users/change-password').set(bearer(person.token)).send({ currentPassword: person.password, newPassword: 'another long secret' });
      },
      errors: {
        400: () => asMember(put('/api/users/change-password')).send({ currentPassword: member.password }),
        401: () => put('/api/users/change-password').send({ currentPassword: member.password, newPassword: 'another long secret' }),
        403: () => put('/api/users/change-password').set('Cookie', `sahay_session=${member.token}`).send({ currentPassword: member.password, newPassword: 'another long secret' }),
        413: () => asMember(put('/api/users/change-password')).send(OVERSIZED),
        429: throttledAt((h) =>
          request(h).put('/api/users/change-password').set(bearer(throttledMember.token)).send({ currentPassword: 'not the password', newPassword: 'another long secret' }),
        ),
      },
    },
    getUsersProfileById: {
      success: () => asMember(get(`/api/users/profile/${member.userId}`)),
      errors: memberRouteErrors((id) => `/api/users/profile/${id}`),
    },
    putUsersProfileById: {
      success: () => asMember(put(`/api/users/profile/${member.userId}`)).send({ city: 'Udaipur' }),
      errors: {
        400: () => asMember(put(`/api/users/profile/${member.userId}`)).send({ favouriteColour: 'blue' }),
        401: () => put(`/api/users/profile/${member.userId}`).send({ city: 'Udaipur' }),
        403: () => asMember(put(`/api/users/profile/${otherMember.userId}`)).send({ city: 'Udaipur' }),
        413: () => asMember(put(`/api/users/profile/${member.userId}`)).send(OVERSIZED),
      },
    },
    postUsersUploadProfileAssetsById: {
      success: () => asMember(post(`/api/users/upload-profile-assets/${member.userId}`)).attach('qrCode', png, { filename: 'qr.png', contentType: 'image/png' }),
      errors: {
        400: () => asMember(post(`/api/users/upload-profile-assets/${member.userId}`)).attach('qrCode', Buffer.from('<html>not an image</html>'), { filename: 'qr.png', contentType: 'image/png' }),
        401: () => post(`/api/users/upload-profile-assets/${member.userId}`).attach('qrCode', png, { filename: 'qr.png', contentType: 'image/png' }),
        403: () => asMember(post(`/api/users/upload-profile-assets/${otherMember.userId}`)).attach('qrCode', png, { filename: 'qr.png', contentType: 'image/png' }),
        413: () => asMember(post(`/api/users/upload-profile-assets/${member.userId}`)).attach('qrCode', tooLargeJpeg(), { filename: 'qr.png', contentType: 'image/png' }),
        429: throttledAt((h) =>
          request(h).post(`/api/users/upload-profile-assets/${throttledMember.userId}`).set(bearer(throttledMember.token)).attach('qrCode', png, { filename: 'qr.png', contentType: 'image/png' }),
        ),
      },
    },
    getUsersProfileAssetsByIdQrCodeByUploadId: {
      success: async () => asMember(get(`/api/users/profile-assets/${member.userId}/qr-code/${await processedQrUpload()}`)),
      errors: {
        400: () => asMember(get(`/api/users/profile-assets/${member.userId}/qr-code/not-a-uuid`)),
        401: () => get(`/api/users/profile-assets/${member.userId}/qr-code/${crypto.randomUUID()}`),
        403: () => asMember(get(`/api/users/profile-assets/${otherMember.userId}/qr-code/${crypto.randomUUID()}`)),
        404: () => asMember(get(`/api/users/profile-assets/${member.userId}/qr-code/${crypto.randomUUID()}`)),
      },
    },
    postUsersProfileAssetsByIdIdPhoto: {
      success: () => asMember(post(`/api/users/profile-assets/${member.userId}/id-photo`)).attach('idPhoto', png, { filename: 'me.png', contentType: 'image/png' }),
      errors: {
        400: () => asMember(post(`/api/users/profile-assets/${member.userId}/id-photo`)).attach('idPhoto', Buffer.from('<html>not an image</html>'), { filename: 'me.png', contentType: 'image/png' }),
        401: () => post(`/api/users/profile-assets/${member.userId}/id-photo`).attach('idPhoto', png, { filename: 'me.png', contentType: 'image/png' }),
        403: () => asMember(post(`/api/users/profile-assets/${otherMember.userId}/id-photo`)).attach('idPhoto', png, { filename: 'me.png', contentType: 'image/png' }),
        413: () => asMember(post(`/api/users/profile-assets/${member.userId}/id-photo`)).attach('idPhoto', tooLargeJpeg(), { filename: 'me.jpg', contentType: 'image/jpeg' }),
        429: throttledAt((h) =>
          request(h).post(`/api/users/profile-assets/${throttledMember.userId}/id-photo`).set(bearer(throttledMember.token)).attach('idPhoto', png, { filename: 'me.png', contentType: 'image/png' }),
        ),
      },
    },
    postUsersProfileAssetsByIdIdPhotoRemove: {
      success: async () => {
        await processedIdPhoto();
        return asMember(post(`/api/users/profile-assets/${member.userId}/id-photo/remove`)).send({});
      },
      errors: {
        400: () => asMember(post(`/api/users/profile-assets/${member.userId}/id-photo/remove`)).send({ everything: true }),
        401: () => post(`/api/users/profile-assets/${member.userId}/id-photo/remove`).send({}),
        403: () => asMember(post(`/api/users/profile-assets/${otherMember.userId}/id-photo/remove`)).send({}),
        413: () => asMember(post(`/api/users/profile-assets/${member.userId}/id-photo/remove`)).send(OVERSIZED),
      },
    },
    getUsersProfileAssetsByIdIdPhotoByUploadId: {
      success: async () => asMember(get(`/api/users/profile-assets/${member.userId}/id-photo/${await processedIdPhoto()}`)),
      errors: {
        400: () => asMember(get(`/api/users/profile-assets/${member.userId}/id-photo/not-a-uuid`)),
        401: () => get(`/api/users/profile-assets/${member.userId}/id-photo/${crypto.randomUUID()}`),
        403: () => asMember(get(`/api/users/profile-assets/${otherMember.userId}/id-photo/${crypto.randomUUID()}`)),
        404: () => asMember(get(`/api/users/profile-assets/${member.userId}/id-photo/${crypto.randomUUID()}`)),
      },
    },
    getUsersById: {
      success: () => get(`/api/users/${member.userId}`),
      errors: {
        400: () => get('/api/users/not-an-id'),
        404: () => get(`/api/users/${UNKNOWN_USER}`),
        429: throttledAt((h) => request(h).get(`/api/users/${throttledMember.userId}`)),
      },
    },
    postEpinsGenerateEpins: {
      success: () => asAdmin(post('/api/epins/generate-epins')).send({ count: 2 }),
      errors: {
        400: () => asAdmin(post('/api/epins/generate-epins')).send({ count: 0 }),
        ...adminOnly(() => post('/api/epins/generate-epins').send({ count: 1 })),
      },
    },
    getEpinsEpins: { success: () => asAdmin(get('/api/epins/epins')), errors: adminOnly(() => get('/api/epins/epins')) },
    getUsersTeamSummaryById: { success: () => asMember(get(`/api/users/team-summary/${member.userId}`)), errors: memberRouteErrors((id) => `/api/users/team-summary/${id}`) },
    getUsersDownlineDirectById: {
      success: () => asMember(get(`/api/users/downline/direct/${member.userId}`)),
      errors: memberRouteErrors((id) => `/api/users/downline/direct/${id}`),
    },
    getUsersDownlineLevelsById: {
      success: () => asMember(get(`/api/users/downline-levels/${member.userId}`)).query({ level: 1, page: 1 }),
      errors: { ...memberRouteErrors((id) => `/api/users/downline-levels/${id}`), 400: () => asMember(get(`/api/users/downline-levels/${member.userId}`)).query({ level: 99 }) },
    },
    getEpintransferUserById: { success: () => asMember(get(`/api/epintransfer/user/${member.userId}`)), errors: memberRouteErrors((id) => `/api/epintransfer/user/${id}`) },
    getEpintransferTransferHistoryById: {
      success: () => asMember(get(`/api/epintransfer/transfer-history/${member.userId}`)),
      errors: memberRouteErrors((id) => `/api/epintransfer/transfer-history/${id}`),
    },
    postEpintransferTransfer: {
      success: async () => {
        await adminCaller.community.epins.generate({ count: 1 });
        return asAdmin(post('/api/epintransfer/transfer')).send({ toUserId: member.userId, count: 1 });
      },
      errors: {
        400: () => asMember(post('/api/epintransfer/transfer')).send({ toUserId: otherMember.userId, count: 0 }),
        401: () => post('/api/epintransfer/transfer').send({ toUserId: otherMember.userId, count: 1 }),
        404: () => asMember(post('/api/epintransfer/transfer')).send({ toUserId: UNKNOWN_USER, count: 1 }),
        413: () => asMember(post('/api/epintransfer/transfer')).send(OVERSIZED),
      },
    },
    postAdminAuditByStreamIdBundle: {
      success: async () => asAdmin(post(`/api/admin/audit/donation-${(await verified()).reference.replace('-', '')}/bundle`)).send({}),
      errors: {
        400: () => asAdmin(post('/api/admin/audit/donation-ABCD2345/bundle')).send({ pages: 2 }),
        ...adminOnly(() => post('/api/admin/audit/donation-ABCD2345/bundle').send({})),
        404: () => asAdmin(post('/api/admin/audit/donation-ZZZZ9999/bundle')).send({}),
        413: () => asAdmin(post('/api/admin/audit/donation-ABCD2345/bundle')).send(OVERSIZED),
      },
    },
    'getAdminAuditBundlesByBundleId.pdf': {
      success: async () => {
        const asked = await asAdmin(post(`/api/admin/audit/donation-${(await verified()).reference.replace('-', '')}/bundle`)).send({});
        await app.runJobs();
        return asAdmin(get(`/api/admin/audit/bundles/${asked.body.bundleId as string}.pdf`));
      },
      errors: {
        400: () => asAdmin(get('/api/admin/audit/bundles/nope.pdf')),
        ...adminOnly(() => get(`/api/admin/audit/bundles/${crypto.randomUUID()}.pdf`)),
        404: () => asAdmin(get(`/api/admin/audit/bundles/${crypto.randomUUID()}.pdf`)),
        409: async () => asAdmin(get(`/api/admin/audit/bundles/${(await asAdmin(post(`/api/admin/audit/donation-${(await verified()).reference.replace('-', '')}/bundle`)).send({})).body.bundleId as string}.pdf`)),
      },
    },
    getAdminAuditByStreamId: {
      success: async () => asAdmin(get(`/api/admin/audit/donation-${(await verified()).reference.replace('-', '')}`)).query({ asOf: '2031-07-01T06:00:00Z' }),
      errors: {
        400: () => asAdmin(get('/api/admin/audit/donation-ABCD2345')).query({ asOf: 'yesterday' }),
        ...adminOnly(() => get('/api/admin/audit/donation-ABCD2345')),
        404: () => asAdmin(get('/api/admin/audit/donation-ZZZZ9999')),
      },
    },
    postAdminStaff: {
      success: () => asAdmin(post('/api/admin/staff')).send({ email: uniqueEmail('invitee'), name: 'Meena Joshi', permissions: ['verification'] }),
      errors: {
        400: () => asAdmin(post('/api/admin/staff')).send({ email: uniqueEmail('invitee'), name: 'No Rights', permissions: [] }),
        ...adminOnly(() => post('/api/admin/staff').send({ email: uniqueEmail('invitee'), name: 'Nobody', permissions: ['content'] })),
        409: () => asAdmin(post('/api/admin/staff')).send({ email: member.email, name: 'Has An Account', permissions: ['content'] }),
        413: () => asAdmin(post('/api/admin/staff')).send(OVERSIZED),
      },
    },
    postAdminStaffInvitationsByInvitationIdWithdraw: {
      success: async () => {
        const made = await asAdmin(post('/api/admin/staff')).send({ email: uniqueEmail('invitee'), name: 'Withdrawn Invitee', permissions: ['content'] });
        return asAdmin(post(`/api/admin/staff/invitations/${made.body.invitationId as string}/withdraw`)).send({});
      },
      errors: {
        400: () => asAdmin(post('/api/admin/staff/invitations/not-an-id/withdraw')).send({}),
        ...adminOnly(() => post('/api/admin/staff/invitations/AAAAAAAAAAAAAAAAAAAAAA/withdraw').send({})),
        404: () => asAdmin(post('/api/admin/staff/invitations/AAAAAAAAAAAAAAAAAAAAAA/withdraw')).send({}),
        409: async () => {
          const email = uniqueEmail('invitee');
          const made = await asAdmin(post('/api/admin/staff')).send({ email, name: 'Used Invitee', permissions: ['content'] });
          await app.runJobs();
          const mail = readOutbox(app.dataDir).filter((entry) => entry.text.includes(`To: ${email}`)).at(-1);
          const token = decodeURIComponent(/\/staff-invitation\?token=([A-Za-z0-9_.%-]+)/.exec(mail?.text ?? '')?.[1] ?? '');
          await (await app.caller()).identity.staffInvitation.accept({ token, password: 'a long enough secret', confirmPassword: 'a long enough secret', phone: PHONE });
          return asAdmin(post(`/api/admin/staff/invitations/${made.body.invitationId as string}/withdraw`)).send({});
        },
        413: () => asAdmin(post('/api/admin/staff/invitations/AAAAAAAAAAAAAAAAAAAAAA/withdraw')).send(OVERSIZED),
      },
    },
    putAdminStaffByUserIdPermissions: {
      success: async () => {
        const staff = await app.account({ role: 'admin', permissions: ['content'] });
        return asAdmin(put(`/api/admin/staff/${staff.userId}/permissions`)).send({ permissions: ['content', 'finance'], reason: 'Joined the finance team' });
      },
      errors: {
        400: () => asAdmin(put(`/api/admin/staff/${member.userId}/permissions`)).send({ permissions: ['owner'], reason: 'Typo' }),
        401: () => put(`/api/admin/staff/${member.userId}/permissions`).send({ permissions: [], reason: 'Nobody' }),
        403: () => asMember(put(`/api/admin/staff/${member.userId}/permissions`)).send({ permissions: [], reason: 'Not mine' }),
        404: () => asAdmin(put('/api/admin/staff/SH0000000/permissions')).send({ permissions: [], reason: 'Nobody there' }),
        409: () => asAdmin(put(`/api/admin/staff/${member.userId}/permissions`)).send({ permissions: ['finance'], reason: 'A member has none' }),
        413: () => asAdmin(put(`/api/admin/staff/${member.userId}/permissions`)).send(OVERSIZED),
      },
    },
    postAdminReplayChecks: {
      success: () => asAdmin(post('/api/admin/replay-checks')).send({}),
      errors: {
        400: () => asAdmin(post('/api/admin/replay-checks')).send({ projection: 'donations' }),
        ...adminOnly(() => post('/api/admin/replay-checks').send({})),
        413: () => asAdmin(post('/api/admin/replay-checks')).send(OVERSIZED),
      },
    },
    getAdminReplayChecksByCheckId: {
      success: async () => asAdmin(get(`/api/admin/replay-checks/${(await asAdmin(post('/api/admin/replay-checks')).send({})).body.checkId as string}`)),
      errors: {
        400: () => asAdmin(get('/api/admin/replay-checks/not-a-check')),
        ...adminOnly(() => get(`/api/admin/replay-checks/${crypto.randomUUID()}`)),
        404: () => asAdmin(get(`/api/admin/replay-checks/${crypto.randomUUID()}`)),
      },
    },
    getAdminQueues: { success: () => asAdmin(get('/api/admin/queues')), errors: adminOnly(() => get('/api/admin/queues')) },
    getAdminCompanyDirects: { success: () => asAdmin(get('/api/admin/company-directs')), errors: adminOnly(() => get('/api/admin/company-directs')) },
    getAdminDirectCompanyJoiners: { success: () => asAdmin(get('/api/admin/direct-company-joiners')), errors: adminOnly(() => get('/api/admin/direct-company-joiners')) },
    getTransparency: { success: () => get('/api/transparency').query({ page: 1 }), errors: { 400: () => get('/api/transparency').query({ page: 0 }) } },
    'getTransparency.csv': { success: () => get('/api/transparency.csv').query({ page: 1, lang: 'hi' }), errors: { 400: () => get('/api/transparency.csv').query({ lang: 'fr' }) } },
    'getTransparencyPayments.csv': { success: () => get('/api/transparency/payments.csv').query({ paidPage: 1, lang: 'hi' }), errors: { 400: () => get('/api/transparency/payments.csv').query({ paidPage: 0 }) } },

    postFundraisers: {
      success: () => startFundraiserAt(http, member.token),
      errors: {
        400: () => startFundraiserAt(http, member.token, fundraiserFieldsOf({ goal: '0' })),
        401: () => postForm(http, '/api/fundraisers', fundraiserFieldsOf(), { photo: documents.photo }),
        404: () => startFundraiserAt(http, member.token, { ...fundraiserFieldsOf({ helpRequestId: 'ZZZZ2345' }), cause: '' }),
        409: async () => {
          // A help request closed by staff takes no fundraiser.
          const id = await publishedHelp();
          await adminCaller.help.admin.close({ id });
          return startFundraiserAt(http, member.token, { ...fundraiserFieldsOf({ helpRequestId: id }), cause: '' });
        },
        413: () => {
          const bytes = Buffer.alloc(9 * 1024 * 1024, 0x41);
          Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]).copy(bytes);
          return startFundraiserAt(http, member.token, fundraiserFieldsOf(), { photo: { bytes, filename: 'big.jpg', contentType: 'image/jpeg' } });
        },
        429: throttledAt((h) => startFundraiserAt(h, throttledMember.token)),
      },
    },
    getFundraisersById: {
      success: async () => get(`/api/fundraisers/${await fundraiser()}`),
      errors: { 400: () => get('/api/fundraisers/not-an-id'), 404: async () => get(`/api/fundraisers/${await fundraiser(false)}`) },
    },
    getFundraisersByIdPhoto: {
      success: async () => get(`/api/fundraisers/${await fundraiser()}/photo`),
      errors: { 400: () => get('/api/fundraisers/not-an-id/photo'), 404: async () => get(`/api/fundraisers/${await fundraiser(false)}/photo`) },
    },

    getHelp: { success: async () => (await publishedHelp(), get('/api/help').query({ cause: 'medical' })), errors: { 400: () => get('/api/help').query({ page: 0 }) } },
    getHelpById: {
      success: async () => get(`/api/help/${await publishedHelp()}`),
      errors: { 400: () => get('/api/help/not-an-id'), 404: async () => get(`/api/help/${await helpRequest()}`) },
    },
    postHelp: {
      success: () => askForHelp(http, member.token),
      errors: {
        400: () => askForHelp(http, member.token, helpFields(recentDay(), { amountNeeded: '0' })),
        401: () => postForm(http, '/api/help', helpFields(recentDay()), { document1: documents.birthCertificate }),
        413: () => askForHelp(http, member.token, helpFields(recentDay()), { document1: { bytes: tooLargeJpeg(), filename: 'big.jpg', contentType: 'image/jpeg' } }),
        429: throttledAt((h) => askForHelp(h, throttledMember.token, helpFields(recentDay()), { document1: documents.photo })),
      },
    },
    getAdminHelpByIdDocumentsByIndex: {
      success: async () => asAdmin(get(`/api/admin/help/${await helpRequest()}/documents/1`)),
      errors: {
        400: () => asAdmin(get('/api/admin/help/not-an-id/documents/1')),
        404: async () => asAdmin(get(`/api/admin/help/${await helpRequest()}/documents/4`)),
        ...adminOnly(() => get('/api/admin/help/ABCD2345/documents/1')),
      },
    },
    postAdminHelpByIdPublish: {
      success: async () => {
        const id = await helpRequest();
        await adminCaller.help.admin.checkIdentity({ id, idKind: 'pan', isMatched: true });
        return asAdmin(post(`/api/admin/help/${id}/publish`)).send({});
      },
      errors: {
        400: () => asAdmin(post('/api/admin/help/not-an-id/publish')).send({}),
        404: () => asAdmin(post('/api/admin/help/ABCD2345/publish')).send({}),
        409: async () => asAdmin(post(`/api/admin/help/${await helpRequest()}/publish`)).send({}),
        ...adminOnly(() => post('/api/admin/help/ABCD2345/publish').send({})),
      },
    },
    postAdminHelpByIdReject: {
      success: async () => asAdmin(post(`/api/admin/help/${await helpRequest()}/reject`)).send({ reason: 'The estimate is not readable.' }),
      errors: {
        400: async () => asAdmin(post(`/api/admin/help/${await helpRequest()}/reject`)).send({ reason: '' }),
        404: () => asAdmin(post('/api/admin/help/ABCD2345/reject')).send({ reason: 'The estimate is not readable.' }),
        409: async () => asAdmin(post(`/api/admin/help/${await publishedHelp()}/reject`)).send({ reason: 'The estimate is not readable.' }),
        ...adminOnly(() => post('/api/admin/help/ABCD2345/reject').send({ reason: 'The estimate is not readable.' })),
      },
    },
    postAdminHelpByIdAsk: {
      success: async () => asAdmin(post(`/api/admin/help/${await helpRequest()}/ask`)).send({ question: 'Which hospital is it?' }),
      errors: {
        400: async () => asAdmin(post(`/api/admin/help/${await helpRequest()}/ask`)).send({ question: 'Why?', extra: true }),
        404: () => asAdmin(post('/api/admin/help/ABCD2345/ask')).send({ question: 'Which hospital is it?' }),
        409: async () => asAdmin(post(`/api/admin/help/${await publishedHelp()}/ask`)).send({ question: 'Which hospital is it?' }),
        ...adminOnly(() => post('/api/admin/help/ABCD2345/ask').send({ question: 'Which hospital is it?' })),
      },
    },

    postHelpByRequestIdGifts: {
      success: async () => giveDirectly(http, otherMember.token, await publishedHelp()),
      errors: {
        400: async () => giveDirectly(http, otherMember.token, await publishedHelp(), { amount: '0', utr: uniqueUtr() }),
        401: () => postForm(http, '/api/help/ABCD2345/gifts', { amount: '500', utr: uniqueUtr() }, { screenshot: documents.photo }),
        403: async () => giveDirectly(http, member.token, await publishedHelp()),
        404: async () => giveDirectly(http, otherMember.token, await helpRequest()),
        409: async () => {
          const id = await publishedHelp();
          await giveDirectly(http, otherMember.token, id);
          return giveDirectly(http, otherMember.token, id);
        },
        413: async () => giveDirectly(http, otherMember.token, await publishedHelp(), { amount: '500', utr: uniqueUtr() }, { screenshot: { bytes: tooLargeJpeg(), filename: 'big.jpg', contentType: 'image/jpeg' } }),
        429: throttledAt((h) => giveDirectly(h, throttledMember.token, 'ABCD2345')),
      },
    },
    getHelpGiftsByGiftIdScreenshot: {
      success: async () => asMember(get(`/api/help/gifts/${await directGift()}/screenshot`)),
      errors: {
        400: () => asMember(get('/api/help/gifts/not-a-uuid/screenshot')),
        401: () => get(`/api/help/gifts/${crypto.randomUUID()}/screenshot`),
        403: async () => request(http).get(`/api/help/gifts/${await directGift()}/screenshot`).set(bearer(throwawayMemberToken ??= (await app.account()).token)),
        404: () => asMember(get(`/api/help/gifts/${crypto.randomUUID()}/screenshot`)),
      },
    },
    postHelpGiftsByGiftIdConfirm: {
      success: async () => asMember(post(`/api/help/gifts/${await directGift()}/confirm`)).send({}),
      errors: {
        400: () => asMember(post('/api/help/gifts/not-a-uuid/confirm')).send({}),
        401: () => post(`/api/help/gifts/${crypto.randomUUID()}/confirm`).send({}),
        403: async () => request(http).post(`/api/help/gifts/${await directGift()}/confirm`).set(bearer(otherMember.token)).send({}),
        404: () => asMember(post(`/api/help/gifts/${crypto.randomUUID()}/confirm`)).send({}),
        409: async () => asMember(post(`/api/help/gifts/${await directGift(true)}/confirm`)).send({}),
      },
    },
    postHelpGiftsByGiftIdReject: {
      success: async () => asMember(post(`/api/help/gifts/${await directGift()}/reject`)).send({}),
      errors: {
        400: () => asMember(post('/api/help/gifts/not-a-uuid/reject')).send({}),
        401: () => post(`/api/help/gifts/${crypto.randomUUID()}/reject`).send({}),
        403: async () => request(http).post(`/api/help/gifts/${await directGift()}/reject`).set(bearer(otherMember.token)).send({}),
        404: () => asMember(post(`/api/help/gifts/${crypto.randomUUID()}/reject`)).send({}),
        409: async () => {
          const giftId = await directGift();
          await asMember(post(`/api/help/gifts/${giftId}/confirm`)).send({});
          return asMember(post(`/api/help/gifts/${giftId}/reject`)).send({});
        },
      },
    },
    postAdminHelpGiftsByGiftIdDecide: {
      success: async () => asAdmin(post(`/api/admin/help/gifts/${await directGift(true)}/decide`)).send({ decision: 'received', reason: 'The bank statement shows it.' }),
      errors: {
        400: async () => asAdmin(post(`/api/admin/help/gifts/${await directGift(true)}/decide`)).send({ decision: 'maybe', reason: 'The bank statement shows it.' }),
        404: () => asAdmin(post(`/api/admin/help/gifts/${crypto.randomUUID()}/decide`)).send({ decision: 'received', reason: 'The bank statement shows it.' }),
        409: async () => asAdmin(post(`/api/admin/help/gifts/${await directGift()}/decide`)).send({ decision: 'received', reason: 'The bank statement shows it.' }),
        ...adminOnly(() => post(`/api/admin/help/gifts/${crypto.randomUUID()}/decide`).send({ decision: 'received', reason: 'The bank statement shows it.' })),
      },
    },
    postHelpByRequestIdDisbursements: {
      success: async () => asMember(post(`/api/help/${await fundedHelp()}/disbursements`)).send({ amount: 250.5, contactNumber: '98765 43210' }),
      errors: {
        400: async () => asMember(post(`/api/help/${await fundedHelp()}/disbursements`)).send({ amount: 0, contactNumber: '98765 43210' }),
        401: () => post('/api/help/ABCD2345/disbursements').send({ amount: 10, contactNumber: '98765 43210' }),
        404: () => asMember(post('/api/help/ABCD2345/disbursements')).send({ amount: 10, contactNumber: '98765 43210' }),
        403: async () => request(http).post(`/api/help/${await fundedHelp()}/disbursements`).set(bearer(otherMember.token)).send({ amount: 10, contactNumber: '98765 43210' }),
        409: async () => {
          const id = await fundedHelp();
          const key = crypto.randomUUID();
          await asMember(post(`/api/help/${id}/disbursements`)).set('Idempotency-Key', key).send({ amount: 10, contactNumber: '98765 43210' });
          return asMember(post(`/api/help/${id}/disbursements`)).set('Idempotency-Key', key).send({ amount: 20, contactNumber: '98765 43210' });
        },
      },
    },
    getHelpByRequestIdDisbursements: {
      success: async () => asMember(get(`/api/help/${await fundedHelp()}/disbursements`)),
      errors: {
        400: () => asMember(get('/api/help/not-an-id/disbursements')),
        401: () => get('/api/help/ABCD2345/disbursements'),
        403: async () => request(http).get(`/api/help/${await fundedHelp()}/disbursements`).set(bearer(otherMember.token)),
        404: () => asMember(get('/api/help/ABCD2345/disbursements')),
      },
    },
    getAdminDisbursements: {
      success: async () => (await withdrawal(), asAdmin(get('/api/admin/disbursements'))),
      errors: { 400: () => asAdmin(get('/api/admin/disbursements')).query({ status: 'lost' }), ...adminOnly(() => get('/api/admin/disbursements')) },
    },
    getAdminDisbursementsByIdDetails: {
      success: async () => asAdmin(get(`/api/admin/disbursements/${await withdrawal()}/details`)),
      errors: {
        400: () => asAdmin(get('/api/admin/disbursements/not-a-uuid/details')),
        404: () => asAdmin(get(`/api/admin/disbursements/${crypto.randomUUID()}/details`)),
        ...adminOnly(() => get(`/api/admin/disbursements/${crypto.randomUUID()}/details`)),
      },
    },
    postAdminDisbursementsByIdApprove: {
      success: async () => asAdmin(post(`/api/admin/disbursements/${await withdrawal()}/approve`)).send({}),
      errors: {
        400: () => asAdmin(post('/api/admin/disbursements/not-a-uuid/approve')).send({}),
        404: () => asAdmin(post(`/api/admin/disbursements/${crypto.randomUUID()}/approve`)).send({}),
        409: async () => {
          const disbursementId = await withdrawal();
          await adminCaller.help.admin.disbursements.reject({ disbursementId, reason: 'Wrong account' });
          return asAdmin(post(`/api/admin/disbursements/${disbursementId}/approve`)).send({});
        },
        ...adminOnly(() => post(`/api/admin/disbursements/${crypto.randomUUID()}/approve`).send({})),
      },
    },
    postAdminDisbursementsByIdReject: {
      success: async () => asAdmin(post(`/api/admin/disbursements/${await withdrawal()}/reject`)).send({ reason: 'The account is not the beneficiary’s.' }),
      errors: {
        400: async () => asAdmin(post(`/api/admin/disbursements/${await withdrawal()}/reject`)).send({ reason: '' }),
        404: () => asAdmin(post(`/api/admin/disbursements/${crypto.randomUUID()}/reject`)).send({ reason: 'The account is wrong.' }),
        409: async () => asAdmin(post(`/api/admin/disbursements/${await withdrawal(true)}/reject`)).send({ reason: 'The account is wrong.' }),
        ...adminOnly(() => post(`/api/admin/disbursements/${crypto.randomUUID()}/reject`).send({ reason: 'The account is wrong.' })),
      },
    },
    postAdminDisbursementsByIdPaid: {
      success: async () => asAdmin(post(`/api/admin/disbursements/${await withdrawal(true)}/paid`)).send({ utr: uniqueUtr(), paidOn: '2031-07-01' }),
      errors: {
        400: async () => asAdmin(post(`/api/admin/disbursements/${await withdrawal(true)}/paid`)).send({ utr: '12', paidOn: '2031-07-01' }),
        404: () => asAdmin(post(`/api/admin/disbursements/${crypto.randomUUID()}/paid`)).send({ utr: uniqueUtr(), paidOn: '2031-07-01' }),
        409: async () => asAdmin(post(`/api/admin/disbursements/${await withdrawal()}/paid`)).send({ utr: uniqueUtr(), paidOn: '2031-07-01' }),
        ...adminOnly(() => post(`/api/admin/disbursements/${crypto.randomUUID()}/paid`).send({ utr: uniqueUtr(), paidOn: '2031-07-01' })),
      },
    },

    postKanyadanApplications: {
      success: () => submitApplication(http, kanyadanFields()),
      errors: {
        400: () => post('/api/kanyadan/applications').send(kanyadanFields()),
        413: () => submitApplication(http, kanyadanFields(), { ...documents, photo: { bytes: tooLargeJpeg(), filename: 'photo.jpg', contentType: 'image/jpeg' } }),
        429: throttledAt((h) => submitApplication(h, kanyadanFields())),
      },
    },
    getKanyadanApplicationsByRegNoStatus: {
      success: async () => {
        const { regNo, phone } = await application();
        return get(`/api/kanyadan/applications/${regNo}/status`).query({ phone });
      },
      errors: {
        400: () => get(`/api/kanyadan/applications/not-a-number/status`).query({ phone: PHONE }),
        404: () => get(`/api/kanyadan/applications/${UNKNOWN_REG_NO}/status`).query({ phone: PHONE }),
        429: throttledAt((h) => request(h).get(`/api/kanyadan/applications/${UNKNOWN_REG_NO}/status`).query({ phone: PHONE })),
      },
    },
    postKanyadanApplicationsByRegNoFeeProof: {
      success: async () => {
        const { regNo, phone } = await feeApplication();
        return post(`/api/kanyadan/applications/${regNo}/fee-proof`).send({ phone, utr: uniqueUtr() });
      },
      errors: {
        400: () => post(`/api/kanyadan/applications/${UNKNOWN_REG_NO}/fee-proof`).send({ phone: PHONE, utr: '12345' }),
        404: () => post(`/api/kanyadan/applications/${UNKNOWN_REG_NO}/fee-proof`).send({ phone: PHONE, utr: uniqueUtr() }),
        // No fee applies to an application made while the fee was zero.
        409: async () => {
          const { regNo, phone } = await application();
          return post(`/api/kanyadan/applications/${regNo}/fee-proof`).send({ phone, utr: uniqueUtr() });
        },
        429: throttledAt((h) => request(h).post(`/api/kanyadan/applications/${UNKNOWN_REG_NO}/fee-proof`).send({ phone: PHONE, utr: uniqueUtr() })),
      },
    },
    getAdminKanyadanApplications: {
      success: () => asAdmin(get('/api/admin/kanyadan/applications')).query({ limit: 5 }),
      errors: { 400: () => asAdmin(get('/api/admin/kanyadan/applications')).query({ limit: 0 }), ...adminOnly(() => get('/api/admin/kanyadan/applications')) },
    },
    getAdminKanyadanApplicationsByRegNo: {
      success: async () => asAdmin(get(`/api/admin/kanyadan/applications/${(await application()).regNo}`)),
      errors: {
        400: () => asAdmin(get('/api/admin/kanyadan/applications/not-a-number')),
        404: () => asAdmin(get(`/api/admin/kanyadan/applications/${UNKNOWN_REG_NO}`)),
        ...adminOnly(() => get(`/api/admin/kanyadan/applications/${UNKNOWN_REG_NO}`)),
      },
    },
    getAdminKanyadanApplicationsByRegNoDocumentsByKind: {
      success: async () => asAdmin(get(`/api/admin/kanyadan/applications/${(await application({ process: true })).regNo}/documents/photo`)),
      // A PDF is shown as an image of one page.
      alsoSucceeds: [async () => asAdmin(get(`/api/admin/kanyadan/applications/${(await application({ process: true })).regNo}/documents/birthCertificate`)).query({ page: 1 })],
      errors: {
        400: () => asAdmin(get(`/api/admin/kanyadan/applications/${UNKNOWN_REG_NO}/documents/passport`)),
        404: () => asAdmin(get(`/api/admin/kanyadan/applications/${UNKNOWN_REG_NO}/documents/photo`)),
        ...adminOnly(() => get(`/api/admin/kanyadan/applications/${UNKNOWN_REG_NO}/documents/photo`)),
      },
    },
    postAdminKanyadanApplicationsByRegNoVerify: {
      success: async () => asAdmin(post(`/api/admin/kanyadan/applications/${await openedApplication()}/verify`)).send({}),
      errors: {
        400: () => asAdmin(post(`/api/admin/kanyadan/applications/${UNKNOWN_REG_NO}/verify`)).send({ force: true }),
        404: () => asAdmin(post(`/api/admin/kanyadan/applications/${UNKNOWN_REG_NO}/verify`)).send({}),
        // A rejected application cannot be verified.
        409: async () => {
          const { regNo } = await application();
          expect((await asAdmin(post(`/api/admin/kanyadan/applications/${regNo}/reject`)).send({ reason: 'documents-unclear' })).status).toBe(200);
          return asAdmin(post(`/api/admin/kanyadan/applications/${regNo}/verify`)).send({});
        },
        ...adminOnly(() => post(`/api/admin/kanyadan/applications/${UNKNOWN_REG_NO}/verify`).send({})),
      },
    },
    postAdminKanyadanApplicationsByRegNoReject: {
      success: async () => asAdmin(post(`/api/admin/kanyadan/applications/${(await application()).regNo}/reject`)).send({ reason: 'documents-unclear' }),
      errors: {
        400: () => asAdmin(post(`/api/admin/kanyadan/applications/${UNKNOWN_REG_NO}/reject`)).send({ reason: 'no reason' }),
        404: () => asAdmin(post(`/api/admin/kanyadan/applications/${UNKNOWN_REG_NO}/reject`)).send({ reason: 'documents-unclear' }),
        409: async () => asAdmin(post(`/api/admin/kanyadan/applications/${await verifiedApplication()}/reject`)).send({ reason: 'documents-unclear' }),
        ...adminOnly(() => post(`/api/admin/kanyadan/applications/${UNKNOWN_REG_NO}/reject`).send({ reason: 'documents-unclear' })),
      },
    },
    postAdminKanyadanApplicationsByRegNoBenefitRequest: {
      success: async () => {
        const regNo = await verifiedApplication('2017-07-02');
        return withClockAt(LATER, async () => benefitForm(post(`/api/admin/kanyadan/applications/${regNo}/benefit-request`).set(bearer(await benefitAt(regNo, 'verified')))));
      },
      errors: {
        400: () => asAdmin(post(`/api/admin/kanyadan/applications/${UNKNOWN_REG_NO}/benefit-request`)).send({ marriageDate: '2035-11-20' }),
        404: () => benefitForm(asAdmin(post(`/api/admin/kanyadan/applications/${UNKNOWN_REG_NO}/benefit-request`))),
        // Requested already.
        409: async () => {
          const regNo = await verifiedApplication('2017-07-02');
          return withClockAt(LATER, async () => benefitForm(post(`/api/admin/kanyadan/applications/${regNo}/benefit-request`).set(bearer(await benefitAt(regNo, 'requested')))));
        },
        413: () =>
          asAdmin(post(`/api/admin/kanyadan/applications/${UNKNOWN_REG_NO}/benefit-request`))
            .field('marriageDate', '2035-11-20')
            .attach('marriageProof', tooLargeJpeg(), { filename: 'card.jpg', contentType: 'image/jpeg' }),
        429: throttledAt((h) => benefitForm(request(h).post(`/api/admin/kanyadan/applications/${UNKNOWN_REG_NO}/benefit-request`).set(bearer(throttledAdmin.token)))),
        ...adminOnly(() => benefitForm(post(`/api/admin/kanyadan/applications/${UNKNOWN_REG_NO}/benefit-request`))),
      },
    },
    postAdminKanyadanApplicationsByRegNoBenefitApprove: {
      success: async () => {
        const regNo = await verifiedApplication('2017-07-02');
        return withClockAt(LATER, async () =>
          post(`/api/admin/kanyadan/applications/${regNo}/benefit-approve`)
            .set(bearer(await benefitAt(regNo, 'requested')))
            .send({ amountPaise: 21_000_00 }),
        );
      },
      errors: {
        400: () => asAdmin(post(`/api/admin/kanyadan/applications/${UNKNOWN_REG_NO}/benefit-approve`)).send({ amountPaise: -1 }),
        404: () => asAdmin(post(`/api/admin/kanyadan/applications/${UNKNOWN_REG_NO}/benefit-approve`)).send({ amountPaise: 21_000_00 }),
        409: async () => asAdmin(post(`/api/admin/kanyadan/applications/${await verifiedApplication()}/benefit-approve`)).send({ amountPaise: 21_000_00 }),
        ...adminOnly(() => post(`/api/admin/kanyadan/applications/${UNKNOWN_REG_NO}/benefit-approve`).send({ amountPaise: 21_000_00 })),
      },
    },
    postAdminKanyadanApplicationsByRegNoDisburse: {
      success: async () => {
        const regNo = await verifiedApplication('2017-07-02');
        return withClockAt(LATER, async () =>
          post(`/api/admin/kanyadan/applications/${regNo}/disburse`)
            .set(bearer(await benefitAt(regNo, 'approved')))
            .send({ utr: uniqueUtr(), paidOn: '2035-07-02' }),
        );
      },
      errors: {
        400: () => asAdmin(post(`/api/admin/kanyadan/applications/${UNKNOWN_REG_NO}/disburse`)).send({ utr: '12', paidOn: '2031-07-01' }),
        404: () => asAdmin(post(`/api/admin/kanyadan/applications/${UNKNOWN_REG_NO}/disburse`)).send({ utr: uniqueUtr(), paidOn: '2031-07-01' }),
        409: async () => asAdmin(post(`/api/admin/kanyadan/applications/${await verifiedApplication()}/disburse`)).send({ utr: uniqueUtr(), paidOn: '2031-07-01' }),
        ...adminOnly(() => post(`/api/admin/kanyadan/applications/${UNKNOWN_REG_NO}/disburse`).send({ utr: uniqueUtr(), paidOn: '2031-07-01' })),
      },
    },
    postAdminKanyadanApplicationsByRegNoFeePaid: {
      success: async () => asAdmin(post(`/api/admin/kanyadan/applications/${(await feeApplication()).regNo}/fee-paid`)).send({ utr: uniqueUtr(), paidOn: '2031-07-01' }),
      errors: {
        400: () => asAdmin(post(`/api/admin/kanyadan/applications/${UNKNOWN_REG_NO}/fee-paid`)).send({ utr: '12', paidOn: '2031-07-01' }),
        404: () => asAdmin(post(`/api/admin/kanyadan/applications/${UNKNOWN_REG_NO}/fee-paid`)).send({ utr: uniqueUtr(), paidOn: '2031-07-01' }),
        // No fee applies to an application made while the fee was zero.
        409: async () => asAdmin(post(`/api/admin/kanyadan/applications/${(await application()).regNo}/fee-paid`)).send({ utr: uniqueUtr(), paidOn: '2031-07-01' }),
        ...adminOnly(() => post(`/api/admin/kanyadan/applications/${UNKNOWN_REG_NO}/fee-paid`).send({ utr: uniqueUtr(), paidOn: '2031-07-01' })),
      },
    },
    postAdminKanyadanApplicationsByRegNoErase: {
      success: async () => asAdmin(post(`/api/admin/kanyadan/applications/${(await application()).regNo}/erase`)).send({ reason: 'The family asked for it' }),
      errors: {
        400: () => asAdmin(post(`/api/admin/kanyadan/applications/${UNKNOWN_REG_NO}/erase`)).send({}),
        404: () => asAdmin(post(`/api/admin/kanyadan/applications/${UNKNOWN_REG_NO}/erase`)).send({ reason: 'The family asked for it' }),
        ...adminOnly(() => post(`/api/admin/kanyadan/applications/${UNKNOWN_REG_NO}/erase`).send({ reason: 'The family asked for it' })),
      },
    },

    postVitals: {
      success: () => post('/api/vitals').send({ page: '/contact', lcp: 812, inp: 64, cls: 0.02 }),
      errors: {
        400: () => post('/api/vitals').send({ page: '/made-up-page', lcp: 1, inp: null, cls: null }),
        413: () => post('/api/vitals').send(OVERSIZED),
        429: throttledAt((h) => request(h).post('/api/vitals').send({ page: '/contact', lcp: 812, inp: 64, cls: 0.02 })),
      },
    },

    postPaymentsRazorpayWebhook: {
      success: async () => {
        const pledged = await post('/api/donations').send({ amount: 1250, cause: 'kanyadan', donorName: 'Sunita Devi', phone: PHONE });
        const webhook = gateway.webhook('payment.captured', gateway.pay(pledged.body.razorpay.orderId));
        return post('/api/payments/razorpay/webhook').set(webhook.headers).send(webhook.body);
      },
      errors: {
        400: async () => {
          const pledged = await post('/api/donations').send({ amount: 1250, cause: 'kanyadan', donorName: 'Sunita Devi', phone: PHONE });
          const webhook = gateway.webhook('payment.captured', gateway.pay(pledged.body.razorpay.orderId));
          return post('/api/payments/razorpay/webhook').set({ ...webhook.headers, 'X-Razorpay-Signature': '0'.repeat(64) }).send(webhook.body);
        },
        413: () => post('/api/payments/razorpay/webhook').send(OVERSIZED),
      },
    },
    postPaymentsRazorpayCallback: {
      success: async () => {
        const pledged = await post('/api/donations').send({ amount: 1250, cause: 'kanyadan', donorName: 'Sunita Devi', phone: PHONE });
        return post('/api/payments/razorpay/callback').send(gateway.checkoutResult(gateway.pay(pledged.body.razorpay.orderId)));
      },
      errors: {
        400: async () => {
          const pledged = await post('/api/donations').send({ amount: 1250, cause: 'kanyadan', donorName: 'Sunita Devi', phone: PHONE });
          return post('/api/payments/razorpay/callback').send({ ...gateway.checkoutResult(gateway.pay(pledged.body.razorpay.orderId)), razorpay_signature: '0'.repeat(64) });
        },
        409: async () => {
          const pledged = await post('/api/donations').send({ amount: 1250, cause: 'kanyadan', donorName: 'Sunita Devi', phone: PHONE });
          return post('/api/payments/razorpay/callback').send(gateway.checkoutResult(gateway.pay(pledged.body.razorpay.orderId, { amount: 100 })));
        },
        413: () => post('/api/payments/razorpay/callback').send(OVERSIZED),
      },
    },

    postDonationsByReferencePayOnline: {
      success: async () => {
        const { reference, contact } = await pledge();
        return post(`/api/donations/${reference}/pay-online`).send({ contact });
      },
      errors: {
        400: async () => post(`/api/donations/${(await pledge()).reference}/pay-online`).send({ contact: 'x' }),
        404: () => post(`/api/donations/${UNKNOWN_REFERENCE}/pay-online`).send({ contact: PHONE }),
        409: async () => {
          const { reference, contact } = await verified();
          return post(`/api/donations/${reference}/pay-online`).send({ contact });
        },
        413: () => post(`/api/donations/${UNKNOWN_REFERENCE}/pay-online`).send(OVERSIZED),
        429: throttledAt((h) => request(h).post(`/api/donations/${UNKNOWN_REFERENCE}/pay-online`).send({ contact: PHONE })),
        // A pledge made while the gateway was down has no order; asked for while it is still down.
        503: async () => {
          gateway.failWith = 503;
          try {
            const { reference, contact } = await pledge();
            return await post(`/api/donations/${reference}/pay-online`).send({ contact });
          } finally {
            gateway.failWith = null;
          }
        },
      },
    },

    postDonations: {
      success: () => post('/api/donations').send({ amount: 1250, cause: 'kanyadan', donorName: 'Sunita Devi', phone: PHONE }),
      errors: {
        400: () => post('/api/donations').send({ amount: 10.005, cause: 'kanyadan', donorName: 'Sunita Devi', phone: PHONE }),
        413: () => post('/api/donations').send(OVERSIZED),
        429: throttledAt((h) => request(h).post('/api/donations').send({ amount: 1250, cause: 'kanyadan', donorName: 'Sunita Devi', phone: PHONE })),
      },
    },
    postDonationsByReferenceProof: {
      success: async () => {
        const { reference, contact } = await pledge();
        return post(`/api/donations/${reference}/proof`).send({ contact, utr: uniqueUtr() });
      },
      alsoSucceeds: [
        async () => {
          const { reference, contact } = await pledge();
          return post(`/api/donations/${reference}/proof`).field('contact', contact).field('utr', uniqueUtr()).attach('screenshot', png, { filename: 's.png', contentType: 'image/png' });
        },
      ],
      errors: {
        400: async () => post(`/api/donations/${(await pledge()).reference}/proof`).send({ contact: PHONE, utr: '12345' }),
        404: () => post(`/api/donations/${UNKNOWN_REFERENCE}/proof`).send({ contact: PHONE, utr: uniqueUtr() }),
        // Proof for a donation already verified.
        409: async () => {
          const { reference, contact } = await verified();
          return post(`/api/donations/${reference}/proof`).send({ contact, utr: uniqueUtr() });
        },
        413: async () => {
          const { reference, contact } = await pledge();
          return post(`/api/donations/${reference}/proof`).field('contact', contact).field('utr', uniqueUtr()).attach('screenshot', tooLargeJpeg(), { filename: 's.jpg', contentType: 'image/jpeg' });
        },
        429: throttledAt((h) => request(h).post(`/api/donations/${UNKNOWN_REFERENCE}/proof`).send({ contact: PHONE, utr: uniqueUtr() })),
      },
    },
    getDonationsByReferenceStatus: {
      success: async () => {
        const { reference, contact } = await pledge();
        return get(`/api/donations/${reference}/status`).query({ contact });
      },
      errors: {
        400: () => get('/api/donations/not-a-reference/status').query({ contact: PHONE }),
        404: () => get(`/api/donations/${UNKNOWN_REFERENCE}/status`).query({ contact: PHONE }),
        429: throttledAt((h) => request(h).get(`/api/donations/${UNKNOWN_REFERENCE}/status`).query({ contact: PHONE })),
      },
    },
    'getDonationsByReferenceReceipt.pdf': {
      success: async () => {
        const { reference, contact } = await verified();
        return get(`/api/donations/${reference}/receipt.pdf`).query({ contact });
      },
      errors: {
        400: () => get('/api/donations/not-a-reference/receipt.pdf').query({ contact: PHONE }),
        404: () => get(`/api/donations/${UNKNOWN_REFERENCE}/receipt.pdf`).query({ contact: PHONE }),
        429: throttledAt((h) => request(h).get(`/api/donations/${UNKNOWN_REFERENCE}/receipt.pdf`).query({ contact: PHONE })),
      },
    },
    getAdminDonations: {
      success: () => asAdmin(get('/api/admin/donations')).query({ cause: 'kanyadan' }),
      errors: { 400: () => asAdmin(get('/api/admin/donations')).query({ status: 'lost' }), ...adminOnly(() => get('/api/admin/donations')) },
    },
    postAdminDonationsOffline: {
      success: () =>
        asAdmin(post('/api/admin/donations/offline')).send({ amount: '25000', cause: 'medical', donorName: 'Mohan Lal', phone: '9876500000', mode: 'cheque', instrumentNumber: '004512', receivedOn: '2031-06-30' }),
      errors: {
        400: () => asAdmin(post('/api/admin/donations/offline')).send({ amount: 100, cause: 'medical', donorName: 'Mohan Lal', phone: '9876500000', mode: 'cheque', receivedOn: '2031-06-30' }),
        // The same cheque entered twice.
        409: async () => {
          const cheque = { amount: 500, cause: 'general', donorName: 'Mohan Lal', phone: '9876500000', mode: 'cheque', instrumentNumber: uniqueUtr().slice(0, 6), receivedOn: '2031-06-30' };
          expect((await asAdmin(post('/api/admin/donations/offline')).send(cheque)).status).toBe(201);
          return asAdmin(post('/api/admin/donations/offline')).send(cheque);
        },
        413: () => asAdmin(post('/api/admin/donations/offline')).send(OVERSIZED),
        ...adminOnly(() => post('/api/admin/donations/offline').send({ amount: 100, cause: 'medical', donorName: 'Mohan Lal', mode: 'cash', receivedOn: '2031-06-30' })),
      },
    },
    postAdminDonationsByReferenceVerify: {
      success: async () => asAdmin(post(`/api/admin/donations/${(await pledgeWithProof()).reference}/verify`)).send({ receivedOn: '2031-07-01', mode: 'upi' }),
      errors: {
        400: () => asAdmin(post(`/api/admin/donations/${UNKNOWN_REFERENCE}/verify`)).send({ receivedOn: '2031-07-01', mode: 'barter' }),
        404: () => asAdmin(post(`/api/admin/donations/${UNKNOWN_REFERENCE}/verify`)).send({ receivedOn: '2031-07-01', mode: 'upi' }),
        // Rejected already.
        409: async () => {
          const { reference } = await pledgeWithProof();
          expect((await asAdmin(post(`/api/admin/donations/${reference}/reject`)).send({ reason: 'No such credit on the statement' })).status).toBe(200);
          return asAdmin(post(`/api/admin/donations/${reference}/verify`)).send({ receivedOn: '2031-07-01', mode: 'upi' });
        },
        413: () => asAdmin(post(`/api/admin/donations/${UNKNOWN_REFERENCE}/verify`)).send(OVERSIZED),
        ...adminOnly(() => post(`/api/admin/donations/${UNKNOWN_REFERENCE}/verify`).send({ receivedOn: '2031-07-01', mode: 'upi' })),
      },
    },
    postAdminDonationsByReferenceReject: {
      success: async () => asAdmin(post(`/api/admin/donations/${(await pledgeWithProof()).reference}/reject`)).send({ reason: 'No such credit on the statement' }),
      errors: {
        400: () => asAdmin(post(`/api/admin/donations/${UNKNOWN_REFERENCE}/reject`)).send({}),
        404: () => asAdmin(post(`/api/admin/donations/${UNKNOWN_REFERENCE}/reject`)).send({ reason: 'No such credit on the statement' }),
        409: async () => asAdmin(post(`/api/admin/donations/${(await verified()).reference}/reject`)).send({ reason: 'No such credit on the statement' }),
        413: () => asAdmin(post(`/api/admin/donations/${UNKNOWN_REFERENCE}/reject`)).send(OVERSIZED),
        ...adminOnly(() => post(`/api/admin/donations/${UNKNOWN_REFERENCE}/reject`).send({ reason: 'No such credit on the statement' })),
      },
    },
    postAdminDonationsByReferenceCancel: {
      success: async () => asAdmin(post(`/api/admin/donations/${(await verified()).reference}/cancel`)).send({ reason: 'Duplicate of another transfer' }),
      errors: {
        400: () => asAdmin(post(`/api/admin/donations/${UNKNOWN_REFERENCE}/cancel`)).send({}),
        404: () => asAdmin(post(`/api/admin/donations/${UNKNOWN_REFERENCE}/cancel`)).send({ reason: 'Duplicate of another transfer' }),
        // Only a verified donation can be cancelled.
        409: async () => asAdmin(post(`/api/admin/donations/${(await pledge()).reference}/cancel`)).send({ reason: 'Duplicate of another transfer' }),
        413: () => asAdmin(post(`/api/admin/donations/${UNKNOWN_REFERENCE}/cancel`)).send(OVERSIZED),
        ...adminOnly(() => post(`/api/admin/donations/${UNKNOWN_REFERENCE}/cancel`).send({ reason: 'Duplicate of another transfer' })),
      },
    },
    postAdminDonationsByReferenceRefund: {
      success: async () => asAdmin(post(`/api/admin/donations/${await paidOnline()}/refund`)).send({ reason: 'The donor paid twice by mistake' }),
      errors: {
        400: () => asAdmin(post(`/api/admin/donations/${UNKNOWN_REFERENCE}/refund`)).send({}),
        404: () => asAdmin(post(`/api/admin/donations/${UNKNOWN_REFERENCE}/refund`)).send({ reason: 'The donor paid twice by mistake' }),
        // Not verified yet: nothing to refund.
        409: async () => asAdmin(post(`/api/admin/donations/${(await pledge()).reference}/refund`)).send({ reason: 'The donor paid twice by mistake' }),
        413: () => asAdmin(post(`/api/admin/donations/${UNKNOWN_REFERENCE}/refund`)).send(OVERSIZED),
        503: async () => {
          const reference = await paidOnline();
          gateway.failWith = 503;
          try {
            return await asAdmin(post(`/api/admin/donations/${reference}/refund`)).send({ reason: 'The donor paid twice by mistake' });
          } finally {
            gateway.failWith = null;
          }
        },
        ...adminOnly(() => post(`/api/admin/donations/${UNKNOWN_REFERENCE}/refund`).send({ reason: 'The donor paid twice by mistake' })),
      },
    },
    getAdminDonationsByReferenceScreenshot: {
      success: async () => asAdmin(get(`/api/admin/donations/${await withScreenshot()}/screenshot`)),
      errors: {
        400: () => asAdmin(get('/api/admin/donations/not-a-reference/screenshot')),
        404: () => asAdmin(get(`/api/admin/donations/${UNKNOWN_REFERENCE}/screenshot`)),
        ...adminOnly(() => get(`/api/admin/donations/${UNKNOWN_REFERENCE}/screenshot`)),
      },
    },
    'getAdminDonationsByReferenceReceipt.pdf': {
      success: async () => asAdmin(get(`/api/admin/donations/${(await verified()).reference}/receipt.pdf`)),
      errors: {
        400: () => asAdmin(get('/api/admin/donations/not-a-reference/receipt.pdf')),
        404: () => asAdmin(get(`/api/admin/donations/${UNKNOWN_REFERENCE}/receipt.pdf`)),
        ...adminOnly(() => get(`/api/admin/donations/${UNKNOWN_REFERENCE}/receipt.pdf`)),
      },
    },
    postDonationsStatementCode: {
      success: () => post('/api/donations/statement-code').send({ contact: uniqueEmail('donor') }),
      errors: {
        400: () => post('/api/donations/statement-code').send({ contact: 'not a contact' }),
        413: () => post('/api/donations/statement-code').send(OVERSIZED),
        429: throttledAt((h) => request(h).post('/api/donations/statement-code').send({ contact: PHONE })),
      },
    },
    postDonationsStatementCodeVerify: {
      success: async () => {
        // A code goes only to a contact given with a verified donation (decision 049).
        const { contact } = await verified();
        return post('/api/donations/statement-code/verify').send({ contact, code: await statementCodeFor(contact) });
      },
      errors: {
        400: () => post('/api/donations/statement-code/verify').send({ contact: PHONE, code: '12' }),
        413: () => post('/api/donations/statement-code/verify').send(OVERSIZED),
        429: throttledAt((h) => request(h).post('/api/donations/statement-code/verify').send({ contact: PHONE, code: '123456' })),
      },
    },
    'getDonationsStatement.pdf': {
      success: async () => {
        const { contact } = await verified();
        return withClockAt(new Date('2032-04-05T06:00:00.000Z'), async () => get('/api/donations/statement.pdf').query({ fy: '2031-32', proof: await statementProofFor(contact) }));
      },
      errors: {
        400: () => get('/api/donations/statement.pdf').query({ fy: '2031-33', reference: UNKNOWN_REFERENCE, contact: PHONE }),
        // The old proof: a reference anyone can create by pledging proves nothing (issue 29).
        403: () => get('/api/donations/statement.pdf').query({ fy: '2030-31', reference: UNKNOWN_REFERENCE, contact: PHONE }),
        404: async () => get('/api/donations/statement.pdf').query({ fy: '2030-31', proof: await statementProofFor((await verified()).contact) }),
      },
    },
    getAdminExports10bd: {
      success: () => asAdmin(get('/api/admin/exports/10bd')).query({ fy: '2031-32' }),
      errors: { 400: () => asAdmin(get('/api/admin/exports/10bd')).query({ fy: '2031-33' }), ...adminOnly(() => get('/api/admin/exports/10bd').query({ fy: '2031-32' })) },
    },
    getAdminExports10bdMissingId: {
      success: () => asAdmin(get('/api/admin/exports/10bd-missing-id')).query({ fy: '2031-32' }),
      errors: { 400: () => asAdmin(get('/api/admin/exports/10bd-missing-id')), ...adminOnly(() => get('/api/admin/exports/10bd-missing-id').query({ fy: '2031-32' })) },
    },
    getAdminExportsFc4: {
      success: () => asAdmin(get('/api/admin/exports/fc4')).query({ fy: '2031-32' }),
      errors: { 400: () => asAdmin(get('/api/admin/exports/fc4')).query({ fy: '2031-33' }), ...adminOnly(() => get('/api/admin/exports/fc4').query({ fy: '2031-32' })) },
    },
    postAdminForm10be: {
      success: async () => asAdmin(post('/api/admin/form-10be')).attach('file', await unmatchedCertificate(), { filename: 'c.pdf', contentType: 'application/pdf' }),
      errors: {
        400: () => asAdmin(post('/api/admin/form-10be')).attach('file', Buffer.from('%PDF-1.7\nnot a certificate\n%%EOF'), { filename: 'c.pdf', contentType: 'application/pdf' }),
        401: async () => post('/api/admin/form-10be').attach('file', await unmatchedCertificate(), { filename: 'c.pdf', contentType: 'application/pdf' }),
        403: async () => asMember(post('/api/admin/form-10be')).attach('file', await unmatchedCertificate(), { filename: 'c.pdf', contentType: 'application/pdf' }),
        413: () => asAdmin(post('/api/admin/form-10be')).attach('file', Buffer.alloc(11 * 1024 * 1024, 'a'), { filename: 'c.pdf', contentType: 'application/pdf' }),
      },
    },
    getAdminForm10be: {
      success: () => asAdmin(get('/api/admin/form-10be')).query({ fy: '2031-32' }),
      errors: {
        400: () => asAdmin(get('/api/admin/form-10be')).query({ fy: '2031-33' }),
        401: () => get('/api/admin/form-10be').query({ fy: '2031-32' }),
        403: () => asMember(get('/api/admin/form-10be')).query({ fy: '2031-32' }),
      },
    },
    postAdminForm10beByIdMatch: {
      success: async () => (await matchedCertificate()).answer,
      errors: {
        400: () => asAdmin(post('/api/admin/form-10be/not-an-id/match')).send({ reference: UNKNOWN_REFERENCE }),
        401: () => post(`/api/admin/form-10be/${'f'.repeat(32)}/match`).send({ reference: UNKNOWN_REFERENCE }),
        403: () => asMember(post(`/api/admin/form-10be/${'f'.repeat(32)}/match`)).send({ reference: UNKNOWN_REFERENCE }),
        404: () => asAdmin(post(`/api/admin/form-10be/${'f'.repeat(32)}/match`)).send({ reference: UNKNOWN_REFERENCE }),
        409: async () => {
          const { id } = await matchedCertificate();
          return asAdmin(post(`/api/admin/form-10be/${id}/match`)).send({ reference: (await verified()).reference });
        },
        413: () => asAdmin(post(`/api/admin/form-10be/${'f'.repeat(32)}/match`)).send(OVERSIZED),
      },
    },
    'getDonationsForm10beByIdCertificate.pdf': {
      success: async () => {
        const { id, contact } = await matchedCertificate();
        return get(`/api/donations/form-10be/${id}/certificate.pdf`).query({ proof: await statementProofFor(contact) });
      },
      errors: {
        400: () => get(`/api/donations/form-10be/${'f'.repeat(32)}/certificate.pdf`),
        403: () => get(`/api/donations/form-10be/${'f'.repeat(32)}/certificate.pdf`).query({ proof: `0190a000-0000-7000-8000-000000000001.${'a'.repeat(43)}` }),
        404: async () => get(`/api/donations/form-10be/${'f'.repeat(32)}/certificate.pdf`).query({ proof: await statementProofFor((await verified()).contact) }),
      },
    },
    postAdminBankStatementsColumns: {
      success: () => asAdmin(post('/api/admin/bank-statements/columns')).attach('file', statementCsv(uniqueUtr()), { filename: 's.csv', contentType: 'text/csv' }),
      errors: {
        400: () => asAdmin(post('/api/admin/bank-statements/columns')).attach('file', png, { filename: 's.csv', contentType: 'text/csv' }),
        401: () => post('/api/admin/bank-statements/columns').attach('file', statementCsv(uniqueUtr()), { filename: 's.csv', contentType: 'text/csv' }),
        403: () => asMember(post('/api/admin/bank-statements/columns')).attach('file', statementCsv(uniqueUtr()), { filename: 's.csv', contentType: 'text/csv' }),
        413: () => asAdmin(post('/api/admin/bank-statements/columns')).attach('file', Buffer.alloc(6 * 1024 * 1024, 'a'), { filename: 's.csv', contentType: 'text/csv' }),
      },
    },
    postAdminBankStatements: {
      success: () => asAdmin(post('/api/admin/bank-statements')).attach('file', statementCsv(uniqueUtr()), { filename: 's.csv', contentType: 'text/csv' }),
      errors: {
        400: () => asAdmin(post('/api/admin/bank-statements')).field('mapping', '{').attach('file', statementCsv(uniqueUtr()), { filename: 's.csv', contentType: 'text/csv' }),
        401: () => post('/api/admin/bank-statements').attach('file', statementCsv(uniqueUtr()), { filename: 's.csv', contentType: 'text/csv' }),
        403: () => asMember(post('/api/admin/bank-statements')).attach('file', statementCsv(uniqueUtr()), { filename: 's.csv', contentType: 'text/csv' }),
        413: () => asAdmin(post('/api/admin/bank-statements')).attach('file', Buffer.alloc(6 * 1024 * 1024, 'a'), { filename: 's.csv', contentType: 'text/csv' }),
      },
    },
    postAdminBankStatementsByIdVerifySureMatches: {
      success: async () => {
        const statement = await asAdmin(post('/api/admin/bank-statements')).attach('file', statementCsv(uniqueUtr()), { filename: 's.csv', contentType: 'text/csv' });
        return asAdmin(post(`/api/admin/bank-statements/${(statement.body as { id: string }).id}/verify-sure-matches`)).send({});
      },
      errors: {
        400: () => asAdmin(post('/api/admin/bank-statements/not-an-id/verify-sure-matches')).send({}),
        401: () => post(`/api/admin/bank-statements/${'0'.repeat(32)}/verify-sure-matches`).send({}),
        403: () => asMember(post(`/api/admin/bank-statements/${'0'.repeat(32)}/verify-sure-matches`)).send({}),
        404: () => asAdmin(post(`/api/admin/bank-statements/${'0'.repeat(32)}/verify-sure-matches`)).send({}),
        413: () => asAdmin(post(`/api/admin/bank-statements/${'0'.repeat(32)}/verify-sure-matches`)).send(OVERSIZED),
      },
    },
    // Issue 31: the signatory's signature and the signing certificate.
    postAdminSettingsSignature: {
      success: () => asAdmin(post('/api/admin/settings/signature')).attach('signature', png, { filename: 'signature.png', contentType: 'image/png' }),
      errors: {
        400: () => asAdmin(post('/api/admin/settings/signature')).attach('signature', Buffer.from('<html>not an image</html>'), { filename: 'signature.png', contentType: 'image/png' }),
        401: () => post('/api/admin/settings/signature').attach('signature', png, { filename: 'signature.png', contentType: 'image/png' }),
        403: () => asMember(post('/api/admin/settings/signature')).attach('signature', png, { filename: 'signature.png', contentType: 'image/png' }),
        413: () => asAdmin(post('/api/admin/settings/signature')).attach('signature', tooLargeJpeg(), { filename: 'signature.jpg', contentType: 'image/jpeg' }),
      },
    },
    getAdminSettingsSignatureByVersion: {
      success: async () => {
        await asAdmin(post('/api/admin/settings/signature')).attach('signature', png, { filename: 'signature.png', contentType: 'image/png' });
        return asAdmin(get('/api/admin/settings/signature/1'));
      },
      errors: { 400: () => asAdmin(get('/api/admin/settings/signature/first')), 404: () => asAdmin(get('/api/admin/settings/signature/999')), ...adminOnly(() => get('/api/admin/settings/signature/1')) },
    },
    postAdminSettingsSigningCertificate: {
      success: () => asAdmin(post('/api/admin/settings/signing-certificate')).field('password', 'Sahay-2031').attach('certificate', signingCertificate(), { filename: 'foundation.p12', contentType: 'application/x-pkcs12' }),
      errors: {
        400: () => asAdmin(post('/api/admin/settings/signing-certificate')).field('password', 'wrong').attach('certificate', signingCertificate(), { filename: 'foundation.p12', contentType: 'application/x-pkcs12' }),
        401: () => post('/api/admin/settings/signing-certificate').field('password', 'Sahay-2031').attach('certificate', signingCertificate(), { filename: 'foundation.p12', contentType: 'application/x-pkcs12' }),
        403: () => asMember(post('/api/admin/settings/signing-certificate')).field('password', 'Sahay-2031').attach('certificate', signingCertificate(), { filename: 'foundation.p12', contentType: 'application/x-pkcs12' }),
        413: () => asAdmin(post('/api/admin/settings/signing-certificate')).field('password', 'Sahay-2031').attach('certificate', Buffer.alloc(200 * 1024, 0x30), { filename: 'foundation.p12', contentType: 'application/x-pkcs12' }),
      },
    },
    getAdminExportsDonations: {
      success: () => asAdmin(get('/api/admin/exports/donations')).query({ from: '2031-04-01', to: '2031-06-30' }),
      errors: { 400: () => asAdmin(get('/api/admin/exports/donations')).query({ from: '2031-06-30', to: '2031-04-01' }), ...adminOnly(() => get('/api/admin/exports/donations').query({ from: '2031-04-01', to: '2031-06-30' })) },
    },
  };

  /** Every finding, printed together at the end: the list the lead engineer works from. */
  const allFindings: ContractFinding[] = [];

  it('has a call for every operation in the document, and none for an operation it does not have', () => {
    expect(Object.keys(CALLS).sort()).toEqual(contract.operations.map((operation) => operation.operationId).sort());
  });

  it.each(Object.keys(CALLS))('%s: a real success and each error answer are documented, bodies valid', async (operationId) => {
    const calls = CALLS[operationId]!;
    const operation = contract.operation(operationId);
    const findings: ContractFinding[] = [];
    for (const [index, succeed] of [calls.success, ...(calls.alsoSucceeds ?? [])].entries()) {
      const call = index === 0 ? 'success' : `success ${index + 1}`;
      const res = await succeed();
      if (!operation.successStatuses.includes(res.status)) {
        findings.push({ operationId, call, status: res.status, problem: `expected a documented success (${operation.successStatuses.join(', ')}); body ${JSON.stringify(res.body).slice(0, 300)}` });
      } else {
        findings.push(...contract.check(operationId, call, res));
      }
    }
    for (const [status, send] of Object.entries(calls.errors)) {
      const res = await send();
      if (res.status !== Number(status)) findings.push({ operationId, call: `error ${status}`, status: res.status, problem: `expected ${status}; body ${JSON.stringify(res.body).slice(0, 300)}` });
      findings.push(...contract.check(operationId, `error ${status}`, res));
      for (const earlier of answersBeforeThrottling.splice(0)) findings.push(...contract.check(operationId, `before ${status}`, earlier));
    }
    allFindings.push(...findings);
    expect(findings).toEqual([]);
  });

  /** A path of the document with its parameters filled in: the member's own ID, unknown everything else. */
  function pathFor(template: string): string {
    const values: Record<string, string> = { id: member.userId, uploadId: crypto.randomUUID(), regNo: UNKNOWN_REG_NO, reference: UNKNOWN_REFERENCE, kind: 'photo' };
    return template.replace(/\{(\w+)\}/g, (_match, name: string) => values[name] ?? name);
  }

  const stateChanging = () => contract.operations.filter((operation) => operation.method !== 'get');

  it('answers a state-changing request that rides on the session cookie without the CSRF header with a documented status', async () => {
    const findings: ContractFinding[] = [];
    for (const { operationId, method, path } of stateChanging()) {
      const res = await request(http)[method as 'post' | 'put'](pathFor(path)).set('Cookie', `sahay_session=${member.token}`).send({});
      findings.push(...contract.check(operationId, 'cookie without the CSRF header', res));
    }
    allFindings.push(...findings);
    expect(stateChanging().length).toBeGreaterThan(20);
    expect(findings).toEqual([]);
  });

  it('refuses every operation the document says needs a signed-in caller with a documented 401, and no other', async () => {
    const findings: ContractFinding[] = [];
    for (const { operationId, method, path, isSignInRequired } of contract.operations) {
      const res = await request(http)[method as 'get' | 'post' | 'put'](pathFor(path));
      const isRefused = res.status === 401;
      if (isRefused !== isSignInRequired) findings.push({ operationId, call: 'no credentials', status: res.status, problem: isSignInRequired ? 'documented as needing sign-in, answered without' : 'documented as public, refused as not signed in' });
      findings.push(...contract.check(operationId, 'no credentials', res));
    }
    allFindings.push(...findings);
    expect(contract.operations.filter((operation) => operation.isSignInRequired).length).toBeGreaterThan(20);
    expect(findings).toEqual([]);
  });

  it('answers a JSON body over the limit with a documented 413, whatever the operation', async () => {
    const findings: ContractFinding[] = [];
    for (const { operationId, method, path } of stateChanging()) {
      const res = await request(http)[method as 'post' | 'put'](pathFor(path)).set(bearer(member.token)).send(OVERSIZED);
      if (res.status !== 413) findings.push({ operationId, call: 'oversized JSON', status: res.status, problem: 'expected 413' });
      findings.push(...contract.check(operationId, 'oversized JSON', res));
    }
    allFindings.push(...findings);
    expect(findings).toEqual([]);
  });

  afterAll(() => {
    if (allFindings.length > 0) console.log(`OpenAPI contract findings:\n${allFindings.map((f) => `${f.operationId} [${f.call}] ${f.status}: ${f.problem}`).join('\n')}`);
  });
});
