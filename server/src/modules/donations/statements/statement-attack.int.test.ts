import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type TestApp } from '#server/testing/test-services';
import { pledgeInput, uniqueDonor, verifiedDonation } from '../donations.test-helper.ts';
import { readOutbox } from '#server/testing/outbox';
import { STATEMENT_CODE_SENT, STATEMENT_NEEDS_CODE } from './statement-code.ts';

/**
 * Issue 29, "a donor's data goes only to the donor": someone who knows a donor's e-mail or phone
 * pledges ₹1 with it and uses that unpaid reference with the contact to ask for the donor's yearly
 * statement and receipts. A reference anyone can create proves nothing: every answer is a refusal,
 * and none carries anything about the donor.
 */
describe.each(testDbKinds())("the pledge-with-someone-else's-contact attack on %s", (kind) => {
  let app: TestApp;
  let clock = new Date('2031-06-01T06:00:00.000Z');
  const victim = uniqueDonor('victim');
  const victimName = 'Vasundhara Kulkarni';
  const victimAddress = '42 Hidden Orchard Lane, Koregaon Park, Pune 411001';
  const victimPan = 'QWERT7391Z';
  let victimGift: { reference: string; receiptSerial: string };
  let attackerReference = '';

  beforeAll(async () => {
    app = await createTestApp(kind, { now: () => clock });
    const finance = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['finance'] })).token });
    victimGift = await verifiedDonation(app, finance, {
      input: { donorName: victimName, email: victim.email, phone: victim.phone, pan: victimPan, address: victimAddress, amountPaise: 73_219_00 },
      receivedOn: '2031-06-01',
    });
    clock = new Date('2032-05-02T06:00:00.000Z');
    // The attacker knows only the victim's e-mail and phone, and pledges ₹1 with them.
    const pledge = await (await app.caller({ ip: '203.0.113.66' })).donations.create(pledgeInput({ donorName: 'Mallory', email: victim.email, phone: victim.phone, amountPaise: 100 }));
    attackerReference = pledge.reference;
  });
  afterAll(async () => {
    await app?.close();
  });

  /** Nothing about the victim: name, address, PAN digits, reference, serial, amount. */
  function expectNothingOfTheVictim(body: string): void {
    for (const secret of [victimName, 'Vasundhara', 'Hidden Orchard', '7391', victimGift.reference, victimGift.receiptSerial, '73,219', '73219']) {
      expect(body, secret).not.toContain(secret);
    }
  }

  function bodyOf(response: request.Response): string {
    return Buffer.isBuffer(response.body) ? response.body.toString('latin1') : JSON.stringify(response.body ?? response.text);
  }

  it("refuses the victim's yearly statement on the attacker's reference and the victim's contact", async () => {
    for (const contact of [victim.email, victim.phone]) {
      const response = await request(app.http()).get('/api/donations/statement.pdf').query({ fy: '2031-32', reference: attackerReference, contact }).buffer(true);
      expect(response.status, contact).toBeGreaterThanOrEqual(400);
      expect(response.status, contact).toBeLessThan(500);
      expect(response.headers['content-type']).not.toBe('application/pdf');
      expect(response.body.message).toBe(STATEMENT_NEEDS_CODE);
      expectNothingOfTheVictim(bodyOf(response));
    }
  });

  it("sends a code the attacker asks for to the victim's own inbox, and the attacker's guesses give no proof", async () => {
    const asked = await request(app.http()).post('/api/donations/statement-code').send({ contact: victim.email });
    expect([asked.status, asked.body]).toEqual([202, { message: STATEMENT_CODE_SENT }]);
    await app.runJobs();
    expect(readOutbox(app.dataDir).filter((mail) => mail.text.includes('donation statement')).every((mail) => mail.text.includes(`To: ${victim.email}`))).toBe(true);
    const answers: request.Response[] = [];
    for (const guess of ['000000', '111111', '222222', '333333', '444444', '555555']) {
      answers.push(await request(app.http()).post('/api/donations/statement-code/verify').send({ contact: victim.email, code: guess }));
    }
    for (const answer of answers) {
      expect(answer.body.proof).toBeUndefined();
      expectNothingOfTheVictim(bodyOf(answer));
    }
  });

  it("gives the attacker's own reference only the attacker's pledge: no receipt, nothing of the victim", async () => {
    const receipt = await request(app.http()).get(`/api/donations/${attackerReference}/receipt.pdf`).query({ contact: victim.email }).buffer(true);
    expect(receipt.status).toBeGreaterThanOrEqual(400);
    expect(receipt.status).toBeLessThan(500);
    expectNothingOfTheVictim(bodyOf(receipt));
    const status = await request(app.http()).get(`/api/donations/${attackerReference}/status`).query({ contact: victim.email });
    expect([status.status, status.body.reference, status.body.amountPaise, status.body.status]).toEqual([200, attackerReference, 100, 'awaiting_payment']);
    expectNothingOfTheVictim(bodyOf(status));
    const trpc = await (await app.caller()).donations.getStatus({ reference: attackerReference, contact: victim.phone });
    expectNothingOfTheVictim(JSON.stringify(trpc));
  });

  it("still gives one donation's status and receipt on its own reference and contact", async () => {
    const status = await request(app.http()).get(`/api/donations/${victimGift.reference}/status`).query({ contact: victim.phone });
    expect([status.status, status.body.receiptSerial]).toEqual([200, victimGift.receiptSerial]);
    await app.runJobs();
    const receipt = await request(app.http()).get(`/api/donations/${victimGift.reference}/receipt.pdf`).query({ contact: victim.email }).buffer(true);
    expect([receipt.status, receipt.headers['content-type']]).toEqual([200, 'application/pdf']);
  });
});
