import crypto from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractPdfText } from '#server/testing/pdf/pdf-render';
import { readOutbox, readSmsOutbox } from '#server/testing/outbox';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type TestApp } from '#server/testing/test-services';
import { uniqueDonor, verifiedDonation } from '../donations.test-helper.ts';
import { STATEMENT_CODE_FORMAT } from './statement-code.schema.ts';
import { pruneStatementCodes, STATEMENT_CODE_SENT, STATEMENT_NEEDS_CODE, STATEMENT_PROOF_INVALID, STATEMENT_CODE_NOT_ACCEPTED } from './statement-code.ts';
import { NO_GIFTS_IN_YEAR } from './yearly-statement.ts';

/**
 * Issue 29: a donor's yearly statement is given only to whoever proves they hold the e-mail address
 * or phone, with a one-time code sent to it (decision 040).
 */
describe.each(testDbKinds())('the one-time code for a yearly statement on %s', (kind) => {
  let app: TestApp;
  let clock = new Date('2031-07-01T06:00:00.000Z');
  const donor = uniqueDonor('statement');
  const serials: Record<string, string> = {};

  beforeAll(async () => {
    app = await createTestApp(kind, { now: () => clock, limits: { statementCodePerIp: { limit: 20, windowSeconds: 60 * 60 } } });
    const finance = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['finance'] })).token });
    serials.someoneElse = (await verifiedDonation(app, finance, { receivedOn: '2031-07-01' })).receiptSerial;
    serials.byEmail = (await verifiedDonation(app, finance, { input: { donorName: 'Asha Menon', email: donor.email, pan: 'ABCDE1234F' }, receivedOn: '2031-07-01' })).receiptSerial;
    clock = new Date('2031-09-01T06:00:00.000Z');
    serials.byBoth = (await verifiedDonation(app, finance, { input: { donorName: 'Asha Menon', email: donor.email, phone: donor.phone }, receivedOn: '2031-09-01' })).receiptSerial;
    clock = new Date('2032-05-02T06:00:00.000Z');
  });
  afterAll(async () => {
    await app?.close();
  });

  const askCode = (contact: string) => request(app.http()).post('/api/donations/statement-code').send({ contact });
  const enter = (contact: string, code: string) => request(app.http()).post('/api/donations/statement-code/verify').send({ contact, code });
  const statement = (query: Record<string, string>) => request(app.http()).get('/api/donations/statement.pdf').query(query).buffer(true);

  /** The last code mailed to the address, or texted to the number, after the jobs ran. */
  async function lastCodeFor(contact: string): Promise<string> {
    await app.runJobs();
    const sent = contact.includes('@')
      ? readOutbox(app.dataDir).filter((mail) => mail.text.includes(`To: ${contact}`) && mail.text.includes('donation statement'))
      : readSmsOutbox(app.dataDir).filter((sms) => sms.text.startsWith(`To: +91${contact}`) && sms.text.includes('donation statement'));
    const code = /(?:code is:|statement is) (\d{6})/.exec(sent.at(-1)?.text ?? '')?.[1];
    if (!code) throw new Error(`no statement code sent to ${contact}`);
    return code;
  }

  /** A contact given with one verified gift of 2032-33 (a code goes only to a donor's contact), none of 2031-32. */
  async function donorContact(label: string): Promise<string> {
    const { email } = uniqueDonor(label);
    const finance = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['finance'] })).token });
    await verifiedDonation(app, finance, { input: { donorName: 'Ravi Kumar', email }, receivedOn: clock.toISOString().slice(0, 10) });
    return email;
  }

  function otherCode(code: string): string {
    return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  }

  it('mails a code to the e-mail; the right code gives a proof that downloads every gift given with it, once', async () => {
    const asked = await askCode(donor.email.toUpperCase());
    expect([asked.status, asked.body]).toEqual([202, { message: STATEMENT_CODE_SENT }]);
    const code = await lastCodeFor(donor.email);
    const verified = await enter(donor.email, code.replace(/(\d{3})/, '$1 '));
    expect(verified.status).toBe(200);
    expect(new Date(verified.body.expiresAt).getTime() - clock.getTime()).toBe(30 * 60_000);
    const response = await statement({ fy: '2031-32', proof: verified.body.proof });
    expect([response.status, response.headers['content-type']]).toEqual([200, 'application/pdf']);
    const text = await extractPdfText(response.body as Buffer);
    expect([text.includes(serials.byEmail!), text.includes(serials.byBoth!), text.includes(serials.someoneElse!)]).toEqual([true, true, false]);
    expect(text).toContain('XXXXX1234F');
    // A code is used once.
    const again = await enter(donor.email, code);
    expect([again.status, again.body.message]).toEqual([400, STATEMENT_CODE_NOT_ACCEPTED]);
  });

  it('texts a code to the phone, through tRPC too; the statement then lists the gifts given with that phone', async () => {
    const visitor = await app.caller({ ip: '198.51.100.8' });
    expect(await visitor.donations.requestStatementCode({ contact: `+91 ${donor.phone}` })).toEqual({ message: STATEMENT_CODE_SENT });
    const { proof } = await visitor.donations.verifyStatementCode({ contact: donor.phone, code: await lastCodeFor(donor.phone) });
    const text = await extractPdfText((await statement({ fy: '2031-32', proof })).body as Buffer);
    expect([text.includes(serials.byBoth!), text.includes(serials.byEmail!)]).toEqual([true, false]);
  });

  it('answers the same whether or not the contact gave anything, and the code for a donor with no gifts that year finds none', async () => {
    const stranger = await donorContact('stranger');
    const [known, unknown] = [await askCode(uniqueDonor('x').email), await askCode(stranger)];
    expect([unknown.status, unknown.body]).toEqual([known.status, known.body]);
    const code = await lastCodeFor(stranger);
    const wrong = await enter(stranger, otherCode(code));
    expect([wrong.status, wrong.body.message]).toEqual([400, STATEMENT_CODE_NOT_ACCEPTED]);
    const { proof } = (await enter(stranger, code)).body as { proof: string };
    const response = await statement({ fy: '2031-32', proof });
    expect([response.status, response.body.message]).toEqual([404, NO_GIFTS_IN_YEAR]);
  });

  it('allows 5 tries (the 6th is refused, even with the right code), 10 minutes; a request while a code is live sends it again', async () => {
    const contact = await donorContact('tries');
    await askCode(contact);
    const code = await lastCodeFor(contact);
    for (let i = 0; i < 5; i++) {
      const response = await enter(contact, otherCode(code));
      expect([response.status, response.body.fieldErrors]).toEqual([400, { code: [STATEMENT_CODE_NOT_ACCEPTED] }]);
    }
    expect((await enter(contact, code)).status).toBe(429);

    await askCode(contact);
    const expiring = await lastCodeFor(contact);
    clock = new Date(clock.getTime() + 10 * 60_000 + 1000);
    expect((await enter(contact, expiring)).body.message).toBe(STATEMENT_CODE_NOT_ACCEPTED);

    await askCode(contact);
    const older = await lastCodeFor(contact);
    await askCode(contact);
    // A live code is sent again, never replaced (decision 049).
    expect(await lastCodeFor(contact)).toBe(older);
    expect((await enter(contact, older)).status).toBe(200);
    // A contact nobody asked a code for: the same answer as a wrong or used code.
    expect((await enter(uniqueDonor('none').email, '123456')).body.message).toBe(STATEMENT_CODE_NOT_ACCEPTED);
    expect((await enter(contact, '12345')).body.fieldErrors).toEqual({ code: [STATEMENT_CODE_FORMAT] });
  });

  it('refuses a forged, altered or expired proof, and the old proof (a reference and its contact) with a 403 that says a code is needed', async () => {
    const contact = await donorContact('proof');
    await askCode(contact);
    const { proof } = (await enter(contact, await lastCodeFor(contact))).body as { proof: string };
    const [codeId, mac] = proof.split('.') as [string, string];
    const forged = `${codeId}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`;
    expect([(await statement({ fy: '2031-32', proof: forged })).status, (await statement({ fy: '2031-32', proof: forged })).body.message]).toEqual([403, STATEMENT_PROOF_INVALID]);
    expect((await statement({ fy: '2031-32', proof: `${crypto.randomUUID()}.${mac}` })).status).toBe(403);
    clock = new Date(clock.getTime() + 31 * 60_000);
    expect((await statement({ fy: '2031-32', proof })).status).toBe(403);

    const old = await statement({ fy: '2031-32', reference: 'ABCD2345', contact: donor.email });
    expect([old.status, old.body.message, old.body.fieldErrors]).toEqual([403, STATEMENT_NEEDS_CODE, { proof: [STATEMENT_NEEDS_CODE] }]);
    const none = await statement({ fy: '2031-32' });
    expect([none.status, none.body.fieldErrors]).toEqual([400, { proof: [STATEMENT_NEEDS_CODE] }]);
  });

  it('limits codes per contact and address (3 a day), per contact (6 a day) and per address', async () => {
    const contact = await donorContact('limited');
    const ask = async (who: string, ip: string) =>
      (await app.caller({ ip })).donations.requestStatementCode({ contact: who }).then(
        () => 'sent',
        (error: { code?: string }) => error.code ?? 'error',
      );
    // A stranger asking again and again from one address uses up only that address's share.
    const stranger: string[] = [];
    for (let attempt = 0; attempt < 4; attempt++) stranger.push(await ask(contact, '198.51.100.19'));
    expect(stranger).toEqual(['sent', 'sent', 'sent', 'TOO_MANY_REQUESTS']);
    const statuses: string[] = [];
    for (let attempt = 0; attempt < 4; attempt++) statuses.push(await ask(contact, `198.51.100.${20 + attempt}`));
    expect(statuses).toEqual(['sent', 'sent', 'sent', 'TOO_MANY_REQUESTS']);
    // One code, sent six times: each request while it is live sends it again.
    await app.runJobs();
    const sent = readOutbox(app.dataDir).filter((mail) => mail.text.includes(`To: ${contact}`) && mail.text.includes('donation statement'));
    expect(sent).toHaveLength(6);
    expect(new Set(sent.map((mail) => /(?:code is:|statement is) (\d{6})/.exec(mail.text)?.[1])).size).toBe(1);
    const fromOne: string[] = [];
    for (let attempt = 0; attempt < 21; attempt++) fromOne.push(await ask(uniqueDonor('flood').email, '198.51.100.99'));
    expect([fromOne.filter((status) => status === 'sent').length, fromOne.at(-1)]).toEqual([20, 'TOO_MANY_REQUESTS']);
  });

  it('records the contact only sealed and the code nowhere, and prunes codes whose time is over', async () => {
    const { rows } = await app.services.db.query<{ data: unknown }>(`SELECT data FROM events WHERE type LIKE 'StatementCode%'`);
    expect(rows.length).toBeGreaterThan(5);
    const text = JSON.stringify(rows);
    expect(text).not.toContain(donor.email);
    expect(text).not.toContain(donor.phone);
    expect(text).not.toContain('"code"');
    const before = (await app.services.db.query(`SELECT 1 FROM statement_codes`)).rows.length;
    const liveKeys = async () => (await app.services.db.query(`SELECT 1 FROM data_keys WHERE subject_id LIKE 'statement-code-%' AND wrapped_key IS NOT NULL`)).rows.length;
    const keysBefore = await liveKeys();
    const now = await pruneStatementCodes(app.services, clock);
    expect(now.deleted).toBeGreaterThan(0);
    expect(now.deleted).toBeLessThan(before);
    expect(now.shredded).toBeGreaterThan(0);
    expect(await liveKeys()).toBe(keysBefore - now.shredded);
    const nextDay = await pruneStatementCodes(app.services, new Date(clock.getTime() + 24 * 60 * 60_000));
    expect([nextDay.deleted, nextDay.shredded]).toEqual([before - now.deleted, keysBefore - now.shredded]);
    expect((await app.services.db.query(`SELECT 1 FROM statement_codes`)).rows).toEqual([]);
    expect(await liveKeys()).toBe(0);
    // Shredded: the contact in the events opens no more; a second run changes nothing.
    const { rows: sealed } = await app.services.db.query<{ contact: unknown }>(`SELECT data->'contact' AS contact FROM events WHERE type = 'StatementCodeRequested' LIMIT 1`);
    expect(await app.services.vault.reveal(app.services.db, sealed[0]!.contact)).toBeNull();
    expect(await pruneStatementCodes(app.services, new Date(clock.getTime() + 24 * 60 * 60_000))).toEqual({ deleted: 0, shredded: 0, isDone: true });
  });

  it('shreds batch after batch until no expired code is left, and leaves the rest for the next run when its time is up', async () => {
    const contacts = await Promise.all([1, 2, 3, 4, 5].map((n) => donorContact(`batch-${n}`)));
    for (const contact of contacts) await askCode(contact);
    const due = new Date(clock.getTime() + 11 * 60_000);
    // No time left after the first batch: that batch is done, the rest waits for the next run.
    expect(await pruneStatementCodes(app.services, due, { batchSize: 2, timeBudgetMs: 0 })).toEqual({ deleted: 5, shredded: 2, isDone: false });
    // More due than one batch holds: one run catches up.
    expect(await pruneStatementCodes(app.services, due, { batchSize: 2 })).toEqual({ deleted: 0, shredded: 3, isDone: true });
    expect(await pruneStatementCodes(app.services, due, { batchSize: 2 })).toEqual({ deleted: 0, shredded: 0, isDone: true });
  });
});
