import crypto from 'node:crypto';
import path from 'node:path';
import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import { readOutbox, readSmsOutbox } from '#server/testing/outbox';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type AppCaller, type TestApp } from '#server/testing/test-services';
import { uniqueDonor, verifiedDonation, writes } from '../donations.test-helper.ts';
import { contactKeyOfProof, STATEMENT_CODE_NOT_ACCEPTED, STATEMENT_CODE_SENT } from './statement-code.ts';

/**
 * Issue 29 review (decision 049): a statement code is sent only to a contact given with a verified
 * gift, and nobody but the holder of the contact can spoil the donor's code. Asking for a code
 * with someone else's number costs the foundation an SMS and tells the asker nothing; a stranger's
 * request or wrong guesses never take the donor's code away from them.
 */
/** The answer floor in these tests, as in production (Services.answerFloorMs). */
const FLOOR_MS = 300;

describe.each(testDbKinds())('statement codes only to donors, and a stranger cannot spoil one, on %s', (kind) => {
  let app: TestApp;
  let clock = new Date('2032-05-02T06:00:00.000Z');
  let finance: AppCaller;
  let http: Express;

  beforeAll(async () => {
    app = await createTestApp(kind, {
      now: () => clock,
      answerFloorMs: FLOOR_MS,
      limits: { statementCodePerIp: { limit: 3, windowSeconds: 60 * 60 }, statementCodeVerifyPerIp: { limit: 100, windowSeconds: 60 * 60 } },
    });
    // Behind a proxy that says who the client is, so each test chooses its address.
    http = createApp({ ...app.services, config: { ...app.services.config, TRUST_PROXY: true } }, { webDistDir: path.join(app.dataDir, 'no-web-build') });
    finance = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['finance'] })).token });
  });
  afterAll(async () => {
    await app?.close();
  });

  let nextIp = 10;
  const freshIp = () => `198.51.100.${nextIp++}`;
  const askCode = (contact: string, ip = freshIp()) => request(http).post('/api/donations/statement-code').set('X-Forwarded-For', ip).send({ contact });
  const enter = (contact: string, code: string, ip: string) => request(http).post('/api/donations/statement-code/verify').set('X-Forwarded-For', ip).send({ contact, code });

  async function donorWithGift(label: string): Promise<{ email: string; phone: string }> {
    const donor = uniqueDonor(label);
    await verifiedDonation(app, finance, { input: { donorName: 'Asha Menon', email: donor.email, phone: donor.phone }, receivedOn: '2032-05-02' });
    await app.runJobs();
    return donor;
  }

  /** Every statement code mailed to the address or texted to the number so far. */
  function codesSentTo(contact: string): string[] {
    const sent = contact.includes('@')
      ? readOutbox(app.dataDir).filter((mail) => mail.text.includes(`To: ${contact}`) && mail.text.includes('donation statement'))
      : readSmsOutbox(app.dataDir).filter((sms) => sms.text.startsWith(`To: +91${contact}`) && sms.text.includes('donation statement'));
    return sent.map((message) => /(?:code is:|statement is) (\d{6})/.exec(message.text)?.[1] ?? '');
  }

  const otherCode = (code: string, by = 1) => String((Number(code) + by) % 1_000_000).padStart(6, '0');
  const sentMessages = () => readOutbox(app.dataDir).length + readSmsOutbox(app.dataDir).length;

  it('sends nothing and records nothing for a contact with no verified gift, and answers exactly as for a donor', async () => {
    const donor = await donorWithGift('donor-answer');
    const pledgedOnly = uniqueDonor('pledged-only');
    // A pledge without payment is not a gift: its contact gets no code either.
    await (await app.caller()).donations.create({ amountPaise: 100, cause: 'general', donorName: 'Mallory', email: pledgedOnly.email, showName: false });
    await app.runJobs();
    for (const stranger of [uniqueDonor('nobody').email, uniqueDonor('nobody').phone, pledgedOnly.email]) {
      const [before, messagesBefore] = [await writes(app), sentMessages()];
      const started = performance.now();
      const answer = await askCode(stranger);
      const took = performance.now() - started;
      await app.runJobs();
      expect([answer.status, answer.body, answer.headers['content-type']]).toEqual([202, { message: STATEMENT_CODE_SENT }, 'application/json; charset=utf-8']);
      expect(took, 'the answer waits as long as a donor\u2019s').toBeGreaterThanOrEqual(FLOOR_MS - 5);
      expect(await writes(app), stranger).toEqual(before);
      expect(sentMessages(), stranger).toBe(messagesBefore);
      expect(codesSentTo(stranger)).toEqual([]);
    }
    const started = performance.now();
    const answer = await askCode(donor.phone);
    const took = performance.now() - started;
    expect([answer.status, answer.body, answer.headers['content-type']]).toEqual([202, { message: STATEMENT_CODE_SENT }, 'application/json; charset=utf-8']);
    expect(took).toBeGreaterThanOrEqual(FLOOR_MS - 5);
    await app.runJobs();
    expect(codesSentTo(donor.phone)).toHaveLength(1);
  });

  it('answers a donor and a non-donor in the same time, not only both after the floor', async () => {
    const donor = await donorWithGift('donor-timing');
    const stranger = uniqueDonor('timing-stranger').email;
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const timed = async (contact: string) => {
      const started = performance.now();
      const answer = await askCode(contact);
      expect(answer.status).toBe(202);
      return performance.now() - started;
    };
    const [donorTimes, strangerTimes]: [number[], number[]] = [[], []];
    // Interleaved, so a busy moment of the machine falls on both alike; the donor's first request
    // makes the code, the next ones send it again.
    for (let round = 0; round < 5; round++) {
      donorTimes.push(await timed(donor.email));
      strangerTimes.push(await timed(stranger));
    }
    await app.runJobs();
    expect(codesSentTo(donor.email)).toHaveLength(5);
    for (const took of [...donorTimes, ...strangerTimes]) expect(took).toBeGreaterThanOrEqual(FLOOR_MS - 5);
    expect(Math.abs(median(donorTimes) - median(strangerTimes)), `donor ${donorTimes.map(Math.round).join(', ')}; other ${strangerTimes.map(Math.round).join(', ')}`).toBeLessThan(100);
  });

  it('answers wrong codes exactly alike for a donor and a non-donor, up to the limits and past them', async () => {
    const donor = await donorWithGift('donor-oracle');
    const stranger = uniqueDonor('not-a-donor').email;
    /** Ask once, then guess the same wrong code 12 times: 6 from one address (its limit is 5), 5 from a second, 1 from a third (the contact's limit is 10). */
    async function askThenGuess(contact: string, guess: string, net: number): Promise<[number, unknown][]> {
      await askCode(contact);
      await app.runJobs();
      const answers: [number, unknown][] = [];
      for (let i = 1; i <= 12; i++) {
        const ip = `203.0.${net}.${i <= 6 ? 1 : i <= 11 ? 2 : 3}`;
        const { status, body, headers } = await enter(contact, guess, ip);
        const { requestId: _requestId, ...sameEitherWay } = body as { requestId?: string };
        answers.push([status, { ...sameEitherWay, retryAfter: headers['retry-after'] }]);
      }
      return answers;
    }
    const donorAnswers = await askThenGuess(donor.email, '000000', 120);
    const [code] = codesSentTo(donor.email);
    expect(code, 'the wrong guess is wrong').not.toBe('000000');
    const strangerAnswers = await askThenGuess(stranger, '000000', 121);
    expect(strangerAnswers).toEqual(donorAnswers);
    // The limits are reached: the last answers are refusals to try again, not a count of tries.
    // (An address's refused try is not counted for the contact: the 12th is the contact's 11th.)
    expect(donorAnswers.map(([status]) => status)).toEqual([...Array<number>(5).fill(400), 429, ...Array<number>(5).fill(400), 429]);
    expect(donorAnswers[0]![1]).toMatchObject({ message: STATEMENT_CODE_NOT_ACCEPTED, fieldErrors: { code: [STATEMENT_CODE_NOT_ACCEPTED] } });
  });

  it("a stranger's request does not replace the donor's code: the same code is sent again, and still works", async () => {
    const donor = await donorWithGift('donor-keep');
    await askCode(donor.email);
    await app.runJobs();
    const [code] = codesSentTo(donor.email);
    await askCode(donor.email, '203.0.113.66');
    await app.runJobs();
    expect(codesSentTo(donor.email)).toEqual([code, code]);
    const { proof } = (await enter(donor.email, code!, freshIp())).body as { proof: string };
    // Asking again once the code was used makes a new code, and the donor's download goes on.
    await askCode(donor.email, '203.0.113.66');
    await app.runJobs();
    expect(codesSentTo(donor.email)).toHaveLength(3);
    await expect(contactKeyOfProof(app.services, proof)).resolves.toEqual(expect.any(String));
  });

  it("a stranger's wrong guesses lock out the stranger's address only; the donor's right code still works", async () => {
    const donor = await donorWithGift('donor-guess');
    await askCode(donor.email);
    await app.runJobs();
    const [code] = codesSentTo(donor.email);
    // Two addresses of one IPv6 /64 are one asker.
    const answers: [number, string][] = [];
    for (let guess = 1; guess <= 6; guess++) {
      const { status, body } = await enter(donor.email, otherCode(code!, guess), `2001:db8:7:1::${guess}`);
      answers.push([status, body.message]);
    }
    expect(answers).toEqual([...Array<[number, string]>(5).fill([400, STATEMENT_CODE_NOT_ACCEPTED]), [429, 'Too many attempts. Please try again in 10 minutes.']]);
    expect((await enter(donor.email, code!, '2001:db8:7:1::99')).status).toBe(429);
    const donorAnswer = await enter(donor.email, code!, '2001:db8:7:2::1');
    expect([donorAnswer.status, typeof donorAnswer.body.proof]).toEqual([200, 'string']);
  });

  it('stops guessing at 10 wrong tries of one code from all addresses together; the donor then gets a new code', async () => {
    const donor = await donorWithGift('donor-cap');
    await askCode(donor.email);
    await app.runJobs();
    const [code] = codesSentTo(donor.email);
    const judged: number[] = [];
    for (let guess = 1; guess <= 12; guess++) judged.push((await enter(donor.email, otherCode(code!, guess), `203.0.113.${100 + Math.ceil(guess / 3)}`)).status);
    expect(judged).toEqual([...Array<number>(10).fill(400), 429, 429]);
    // The contact's tries are used up for the code's 10 minutes (decision 049, review), and the code for good.
    expect((await enter(donor.email, code!, freshIp())).status).toBe(429);
    clock = new Date(clock.getTime() + 10 * 60_000);
    expect((await enter(donor.email, code!, freshIp())).body.message).toBe(STATEMENT_CODE_NOT_ACCEPTED);
    await askCode(donor.email);
    await app.runJobs();
    const codes = codesSentTo(donor.email);
    expect(codes).toHaveLength(2);
    expect((await enter(donor.email, codes[1]!, freshIp())).status).toBe(200);
  });

  it('counts requests from one IPv6 /64 together, and IPv4 addresses one by one', async () => {
    const statuses = [];
    for (let i = 1; i <= 4; i++) statuses.push((await askCode(uniqueDonor('v6').email, `2001:db8:9:9::${i}`)).status);
    expect(statuses).toEqual([202, 202, 202, 429]);
    expect((await askCode(uniqueDonor('v6').email, '2001:db8:9:a::1')).status).toBe(202);
    const v4 = [];
    for (let i = 1; i <= 4; i++) v4.push((await askCode(uniqueDonor('v4').email, `192.0.2.${i}`)).status);
    expect(v4).toEqual([202, 202, 202, 202]);
  });

  it("keeps only a keyed hash of the contact in the events, and erasing the donor shreds their live code's contact at once", async () => {
    const donor = await donorWithGift('donor-erased');
    await askCode(donor.email);
    await askCode(donor.email);
    await app.runJobs();
    const [code] = codesSentTo(donor.email);
    const { rows } = await app.services.db.query<{ data: { contactKey: string; contact: unknown } }>(
      `SELECT data FROM events WHERE type = 'StatementCodeRequested' AND data->>'contactKey' = $1`,
      [app.services.vault.blindIndex('donation-contact', `email:${donor.email}`)],
    );
    expect(rows).toHaveLength(1);
    // An HMAC under a key from the master key: nobody reading the events can test a guessed contact.
    const { contactKey } = rows[0]!.data;
    for (const plain of [donor.email, `email:${donor.email}`]) {
      expect(contactKey).not.toBe(crypto.createHash('sha256').update(plain).digest('hex'));
      expect(contactKey).not.toBe(crypto.createHash('sha256').update(plain).digest('base64url'));
    }
    const { rows: sealed } = await app.services.db.query<{ contact: unknown }>(
      `SELECT data->'contact' AS contact FROM events WHERE stream_id IN (SELECT stream_id FROM events WHERE data->>'contactKey' = $1)
         AND type IN ('StatementCodeRequested', 'StatementCodeResent')`,
      [contactKey],
    );
    expect(sealed).toHaveLength(2);
    expect(await app.services.vault.reveal(app.services.db, sealed[0]!.contact)).toEqual({ contact: donor.email });

    const membersAdmin = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['members'] })).token });
    await membersAdmin.admin.members.eraseContact({ contact: donor.email, reason: 'The donor asked to be forgotten' });
    for (const row of sealed) expect(await app.services.vault.reveal(app.services.db, row.contact)).toBeNull();
    expect((await app.services.db.query(`SELECT 1 FROM statement_codes WHERE contact_key = $1`, [contactKey])).rows).toEqual([]);
    expect((await enter(donor.email, code!, freshIp())).body.message).toBe(STATEMENT_CODE_NOT_ACCEPTED);
  });
});
