import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '#server/modules/identity/identity.api';
import { readOutbox } from '#server/testing/outbox';
import { extractPdfText } from '#server/testing/pdf/pdf-render';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type TestApp } from '#server/testing/test-services';
import { pledgeInput, statementProof, uniqueDonor, uniqueUtr } from '../donations.test-helper.ts';
import { STATEMENT_NEEDS_CODE } from './statement-code.ts';
import { FINANCIAL_YEAR_INVALID } from '../exports/exports.schema.ts';
import { NO_GIFTS_IN_YEAR, YEAR_NOT_OVER } from './yearly-statement.ts';

describe.each(testDbKinds())("a donor's yearly statement on %s", (kind) => {
  let app: TestApp;
  let clock = new Date('2031-05-01T06:00:00.000Z');
  let member: Awaited<ReturnType<TestApp['account']>>;
  const donor = uniqueDonor('yearly');
  /** A member-to-be who gave without signing in, with the e-mail they register with later. */
  const laterMember = uniqueDonor('later-member');
  const serials: Record<string, string> = {};
  const references: Record<string, string> = {};

  async function gift(label: string, options: { email?: string; phone?: string; token?: string; amountPaise: number; receivedOn: string; pan?: string; name?: string }): Promise<void> {
    clock = new Date(`${options.receivedOn}T06:00:00.000Z`);
    const input = pledgeInput({ email: options.email ?? uniqueDonor().email, amountPaise: options.amountPaise, donorName: options.name ?? 'Kavita Rao', ...(options.pan ? { pan: options.pan } : {}), ...(options.phone ? { phone: options.phone } : {}) });
    const pay = await (await app.caller(options.token ? { token: options.token } : {})).donations.create(input);
    await (await app.caller()).donations.submitProof({ reference: pay.reference, contact: input.email!, utr: uniqueUtr() });
    // A fresh sign-in at the gift's time (sessions end after weeks of simulated time).
    const finance = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['finance'] })).token });
    const { receiptSerial } = await finance.donations.admin.verify({ reference: pay.reference, receivedOn: options.receivedOn, mode: 'upi' });
    serials[label] = receiptSerial;
    references[label] = pay.reference;
  }

  beforeAll(async () => {
    app = await createTestApp(kind, { now: () => clock, limits: { donationLookupPerIp: { limit: 12, windowSeconds: 900 } } });
    await gift('first', { email: donor.email, amountPaise: 1_000_00, receivedOn: '2031-05-01', pan: 'ABCDE1234F' });
    await gift('second', { email: donor.email, phone: donor.phone, amountPaise: 2_500_50, receivedOn: '2032-02-10' });
    await gift('cancelled', { email: donor.email, amountPaise: 9_000_00, receivedOn: '2031-06-01' });
    await (await app.caller({ token: (await app.account({ role: 'admin', permissions: ['finance'] })).token })).donations.admin.cancel({ reference: references.cancelled!, reason: 'Chargeback from the bank' });
    await gift('nextYear', { email: donor.email, amountPaise: 700_00, receivedOn: '2032-04-02' });
    await gift('someoneElse', { amountPaise: 300_00, receivedOn: '2031-07-01' });
    await gift('byMemberMail', { email: laterMember.email, amountPaise: 400_00, receivedOn: '2031-08-01' });
    clock = new Date('2032-03-20T06:00:00.000Z');
    member = await app.account({ fullName: 'Mohan Member' });
    await gift('members', { token: member.token, amountPaise: 5_100_00, receivedOn: '2032-03-20' });
    clock = new Date('2032-04-10T06:00:00.000Z');
  });
  afterAll(async () => {
    await app?.close();
  });

  const get = (query: Record<string, string>, token?: string) => {
    const req = request(app.http()).get('/api/donations/statement.pdf').query(query).buffer(true);
    return token ? req.set('Authorization', `Bearer ${token}`) : req;
  };

  it('gives the donor one PDF of every verified gift of the year given with their contact, with receipt serials and the total', async () => {
    const response = await get({ fy: '2031-32', proof: await statementProof(app, donor.email.toUpperCase()) });
    expect([response.status, response.headers['content-type'], response.headers['content-disposition']]).toEqual([200, 'application/pdf', 'attachment; filename="donation-statement-2031-32.pdf"']);
    const text = await extractPdfText(response.body as Buffer);
    expect(text).toContain(serials.first);
    expect(text).toContain(serials.second);
    for (const other of ['cancelled', 'nextYear', 'someoneElse', 'members', 'byMemberMail']) expect(text, other).not.toContain(serials[other]);
    // The gift given with a PAN and the one given without are two sections, each with its own total
    // (decision 049): the PAN of one receipt is never printed over a gift whose receipt has none.
    expect(text).not.toContain('3,500.50');
    expect(text).toContain('1,000.00');
    expect(text).toContain('2,500.50');
    expect(text.split('XXXXX1234F').length - 1).toBe(1);
    expect(text).not.toContain('ABCDE1234F');
    // A code to the phone given with a gift proves the donor too: the statement then lists the gifts given with that phone.
    const byPhone = await get({ fy: '2031-32', proof: await statementProof(app, donor.phone) });
    expect(byPhone.status).toBe(200);
    const phoneText = await extractPdfText(byPhone.body as Buffer);
    expect([phoneText.includes(serials.second!), phoneText.includes(serials.first!)]).toEqual([true, false]);
  });

  it('gives a signed-in member the gifts they made while signed in', async () => {
    const response = await get({ fy: '2031-32' }, member.token);
    expect(response.status).toBe(200);
    const text = await extractPdfText(response.body as Buffer);
    expect(text).toContain(serials.members);
    expect(text).not.toContain(serials.first);
  });

  it("adds, for a signed-in member, the gifts given with their account's e-mail address once it is confirmed, and not before", async () => {
    const admin = await app.caller({ token: (await app.account({ role: 'admin' })).token });
    const [epin] = (await admin.community.epins.generate({ count: 1 })).epins;
    const password = 'a long enough secret';
    const { userId } = await (await app.caller({ ip: '192.0.2.70' })).community.register({
      fullName: 'Later Member', email: laterMember.email, phone: '9876501234', epin: epin!.code, password, address: 'Lane 5', city: 'Patna', state: 'Bihar', pinCode: '800001',
    });
    const { token } = await logIn(app.services, { userId, password }, { kind: 'bearer' });
    const before = await get({ fy: '2031-32' }, token);
    expect([before.status, before.body.message]).toEqual([404, NO_GIFTS_IN_YEAR]);
    await app.runJobs();
    const link = readOutbox(app.dataDir)
      .filter((mail) => mail.text.includes(`To: ${laterMember.email}`))
      .map((mail) => /confirm-email\?token=(\S+)/.exec(mail.text)?.[1])
      .find((found) => found !== undefined);
    expect(link, 'the confirmation link mailed to the new member').toBeDefined();
    // The link's time comes from the event's recording (the real clock), not the test's.
    const simulated = clock;
    clock = new Date();
    await (await app.caller()).identity.confirmEmail({ token: decodeURIComponent(link!) });
    clock = simulated;
    const after = await get({ fy: '2031-32' }, token);
    expect(after.status).toBe(200);
    const text = await extractPdfText(after.body as Buffer);
    expect([text.includes(serials.byMemberMail!), text.includes(serials.first!), text.includes(serials.members!)]).toEqual([true, false, false]);
  });

  it('answers 404 for a year without gifts, 403 for a reference with its contact, and 400 for a year not over or a bad query', async () => {
    const proof = await statementProof(app, donor.email, '192.0.2.41');
    const none = await get({ fy: '2030-31', proof });
    expect([none.status, none.body.message]).toEqual([404, NO_GIFTS_IN_YEAR]);
    for (const query of [
      { fy: '2031-32', reference: references.first!, contact: donor.email },
      { fy: '2031-32', reference: references.someoneElse!, contact: 'someone@example.org' },
    ]) {
      const response = await get(query);
      expect([response.status, response.body.message]).toEqual([403, STATEMENT_NEEDS_CODE]);
    }
    const notOver = await get({ fy: '2032-33', proof });
    expect([notOver.status, notOver.body.fieldErrors]).toEqual([400, { fy: [YEAR_NOT_OVER] }]);
    for (const [query, fieldErrors] of [
      [{ fy: '2031-33', proof }, { fy: [FINANCIAL_YEAR_INVALID] }],
      [{ fy: '2031-32' }, { proof: [STATEMENT_NEEDS_CODE] }],
      [{ fy: '2031-32', proof, lang: 'hi' }, { lang: [expect.any(String)] }],
    ] as const) {
      const response = await get(query);
      expect([response.status, response.body.fieldErrors], JSON.stringify(query)).toEqual([400, fieldErrors]);
    }
  });

  it('shows each person who gave with one contact as their own receipts name them, with their own total, never the latest over all', async () => {
    const family = uniqueDonor('family');
    await gift('husband', { email: family.email, name: 'Suresh Patil', pan: 'PQRSX5678K', amountPaise: 1_111_00, receivedOn: '2031-06-10' });
    await gift('wife', { email: family.email, name: 'Meena Patil', pan: 'LMNOP4321Q', amountPaise: 2_222_00, receivedOn: '2031-09-10' });
    await gift('husbandAgain', { email: family.email, name: 'suresh  patil', pan: 'PQRSX5678K', amountPaise: 3_333_00, receivedOn: '2031-12-10' });
    clock = new Date('2032-04-10T06:00:00.000Z');
    const response = await get({ fy: '2031-32', proof: await statementProof(app, family.email, '192.0.2.44') });
    expect(response.status).toBe(200);
    const text = (await extractPdfText(response.body as Buffer)).replace(/\s+/g, ' ');
    const husband = text.indexOf('XXXXX5678K');
    const wife = text.indexOf('XXXXX4321Q');
    expect([husband >= 0, wife > husband]).toEqual([true, true]);
    // Each section: its donor, its gifts, its total; the wife's PAN is never over the husband's gifts.
    const husbandPart = text.slice(husband, wife);
    const wifePart = text.slice(wife);
    expect([husbandPart.includes(serials.husband!), husbandPart.includes(serials.husbandAgain!), husbandPart.includes(serials.wife!)]).toEqual([true, true, false]);
    expect(husbandPart).toContain('4,444.00');
    expect([wifePart.includes(serials.wife!), wifePart.includes(serials.husband!)]).toEqual([true, false]);
    expect(wifePart).toContain('2,222.00');
    expect(text).toContain('Meena Patil');
    expect(text).not.toContain('6,666.00');
  });
});
