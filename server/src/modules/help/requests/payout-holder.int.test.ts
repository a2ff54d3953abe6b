import crypto from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type AppCaller, type TestApp } from '#server/testing/test-services';
import { publishedHelpRequest, submittedHelpRequest } from '../help.test-helper.ts';

const TODAY = '2031-07-01';
const RECENT = '2031-06-10';

/** Ravi's own payout details, as his profile holds them. */
const RAVIS_PROFILE = { upiId: 'ravi.kumar@okaxis', bankName: 'State Bank of India', accountHolder: 'RAVI KUMAR', accountNumber: '301245678901', confirmAccountNumber: '301245678901', ifsc: 'SBIN0001234' };

/**
 * Issue 32, item 5, on each database: Ravi Kumar asks help for his mother Kamla Devi and leaves the
 * payout empty, so it is his own profile's. The public page says whose UPI ID it is by who they are
 * to the request and names nobody new; staff see it before publishing, and finance beside the
 * account they pay (docs/decisions/061).
 */
describe.each(testDbKinds())('whose account a help request pays, on %s', (kind) => {
  let app: TestApp;
  const clock = new Date(`${TODAY}T06:00:00.000Z`);
  let ravi: { userId: string; token: string };
  let verifier: AppCaller;
  let finance: AppCaller;
  let visitor: AppCaller;

  beforeAll(async () => {
    app = await createTestApp(kind, { now: () => clock });
    ravi = await app.account({ fullName: 'Ravi Kumar' });
    await (await app.caller({ token: ravi.token })).identity.updateProfile(RAVIS_PROFILE);
    verifier = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['verification'] })).token });
    finance = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['finance'] })).token });
    visitor = await app.caller();
  });
  afterAll(async () => {
    await app?.close();
  });

  /** Kamla's request with the payout left empty: Ravi's profile's is taken. */
  const forKamla = { beneficiaryName: 'Kamla Devi', relation: 'parent', upiId: undefined };

  it('tells staff before publishing that the UPI ID and the account are the requester’s, without the names', async () => {
    const id = await submittedHelpRequest(app, ravi.token, RECENT, forKamla);
    const detail = await verifier.help.admin.get({ id });
    expect(detail.payoutHolders).toEqual({ upi: 'requester', bank: 'requester' });
    expect(JSON.stringify(detail)).not.toContain('RAVI KUMAR');
    expect(JSON.stringify(detail)).not.toContain('301245678901');

    // The beneficiary's own account, written as a passbook writes it: no warning.
    const own = await submittedHelpRequest(app, ravi.token, RECENT, { ...forKamla, upiId: 'kamla.devi@okaxis', bankName: 'Punjab National Bank', accountHolder: 'Smt. KAMLA DEVI', accountNumber: '401245678901', confirmAccountNumber: '401245678901', ifsc: 'SBIN0001234' });
    expect((await verifier.help.admin.get({ id: own })).payoutHolders).toEqual({ upi: 'beneficiary', bank: 'beneficiary' });
    // A hospital's account, and a UPI ID typed with no holder's name.
    const hospital = await submittedHelpRequest(app, ravi.token, RECENT, { ...forKamla, upiId: 'kamla.devi@okaxis', accountHolder: 'City Hospital Jaipur', accountNumber: '501245678901', confirmAccountNumber: '501245678901', ifsc: 'SBIN0001234' });
    expect((await verifier.help.admin.get({ id: hospital })).payoutHolders).toEqual({ upi: 'other', bank: 'other' });
    const unnamed = await submittedHelpRequest(app, ravi.token, RECENT, { ...forKamla, upiId: 'kamla.devi@okaxis' });
    expect((await verifier.help.admin.get({ id: unnamed })).payoutHolders).toEqual({ upi: 'unnamed', bank: null });
    // Ravi asking for himself: his own account is the beneficiary's.
    const self = await submittedHelpRequest(app, ravi.token, RECENT, { beneficiaryName: 'Ravi Kumar', relation: 'self', upiId: undefined });
    expect((await verifier.help.admin.get({ id: self })).payoutHolders).toEqual({ upi: 'beneficiary', bank: 'beneficiary' });
  });

  it('says on the public page whose UPI ID it is, by who they are to the request, and shows no name or account number more', async () => {
    const id = await publishedHelpRequest(app, ravi.token, verifier, RECENT, forKamla);
    const shown = await visitor.help.get({ id });
    expect(shown.directUpi).toEqual({ upiId: 'ravi.kumar@okaxis', payeeName: 'Kamla', holder: 'requester' });
    const rest = await request(app.http()).get(`/api/help/${id}`);
    expect(rest.status).toBe(200);
    expect(rest.body.directUpi).toEqual({ upiId: 'ravi.kumar@okaxis', payeeName: 'Kamla', holder: 'requester' });
    for (const body of [JSON.stringify(shown), JSON.stringify(rest.body)]) {
      for (const hidden of ['Ravi', 'RAVI', 'Kamla Devi', '301245678901', 'SBIN0001234', 'State Bank']) expect(body).not.toContain(hidden);
    }
    const own = await publishedHelpRequest(app, ravi.token, verifier, RECENT, { ...forKamla, upiId: 'kamla.devi@okaxis', accountHolder: 'Kamla Devi', accountNumber: '401245678901', confirmAccountNumber: '401245678901', ifsc: 'SBIN0001234' });
    expect((await visitor.help.get({ id: own })).directUpi).toEqual({ upiId: 'kamla.devi@okaxis', payeeName: 'Kamla', holder: 'beneficiary' });
  });

  it('shows finance, beside the account they pay, that it is the requester’s and who the requester is', async () => {
    const id = await publishedHelpRequest(app, ravi.token, verifier, RECENT, forKamla);
    const email = `donor.${crypto.randomBytes(4).toString('hex')}@example.org`;
    const { reference } = await visitor.donations.create({ amountPaise: 5_000_00, cause: 'general', donorName: 'Anita Sharma', email, showName: false, helpRequestId: id });
    await visitor.donations.submitProof({ reference, contact: email, utr: String(crypto.randomInt(100_000_000_000, 999_999_999_999)) });
    await finance.donations.admin.verify({ reference, receivedOn: TODAY, mode: 'upi' });
    await app.runJobs();
    const asked = await (await app.caller({ token: ravi.token })).help.disbursements.request({ id, disbursementId: crypto.randomUUID(), amountPaise: 2_000_00, contactNumber: '98765 43210' });
    const details = await finance.help.admin.disbursements.details({ disbursementId: asked.id });
    expect(details).toMatchObject({
      beneficiaryName: 'Kamla Devi',
      requesterName: 'Ravi Kumar',
      upiId: 'ravi.kumar@okaxis',
      accountHolder: 'RAVI KUMAR',
      accountNumber: '301245678901',
      upiHolder: 'requester',
      bankHolder: 'requester',
    });
  });
});
