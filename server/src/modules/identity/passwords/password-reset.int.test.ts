import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '#server/testing/outbox';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type TestApp } from '#server/testing/test-services';
import { logIn } from '../accounts/login.ts';
import { deriveResetCode, PASSWORD_RESET_DONE, RESET_CODE_NOT_WAITING, RESET_CODE_SENT_BY_SMS_TOO, wrongCodeMessage } from './password-reset.ts';
import { rejection } from '#server/testing/assertions';
import { isEventOf } from '#server/event-store/types';
import type { PasswordResetRequested } from '../identity.events.ts';
import { sendPasswordResetCodeJob } from './send-password-reset-code.job.ts';
import { RESET_CODE_EXPIRED, RESET_INVALID_PAIR } from '../user.decider.ts';

const PHONE = '9876543210'; // the phone of every account made by app.account()
const MINUTE = 60_000;

describe.each(testDbKinds())('forgot password on %s', (kind) => {
  let app: TestApp;
  let admin: Awaited<ReturnType<TestApp['account']>>;
  // The clock starts on the hour, so a fixed-window rate limit cannot roll over in the middle of a test.
  let now = new Date('2031-03-01T09:00:00.000Z');

  beforeAll(async () => {
    app = await createTestApp(kind, { now: () => now });
    admin = await app.account({ role: 'admin' });
  });
  afterAll(async () => {
    await app?.close();
  });

  const advance = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };

  /** The last code e-mailed to this address, read from the outbox .eml. */
  function lastCodeFor(email: string): string {
    const mail = readOutbox(app.dataDir)
      .filter((entry) => entry.text.includes(`To: ${email}`) && entry.text.includes('Your code is:'))
      .at(-1);
    expect(mail, `a reset mail to ${email}`).toBeDefined();
    const code = /Your code is: (\d{6})/.exec(mail!.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    return code!;
  }

  const resetMailsTo = (email: string) => readOutbox(app.dataDir).filter((entry) => entry.text.includes(`To: ${email}`) && entry.text.includes('Your code is:'));

  async function isSignedIn(token: string): Promise<boolean> {
    return (await (await app.caller({ token })).identity.me()) !== null;
  }

  async function resetRows(userId: string): Promise<number> {
    const { rows } = await app.services.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM password_reset_codes WHERE user_id = $1`, [userId]);
    return rows[0]!.count;
  }

  it('e-mails a code that sets a new password once and signs the account out everywhere', async () => {
    const member = await app.account({ fullName: 'Kavita Rao' });
    const phoneSession = (await logIn(app.services, { userId: member.userId, password: member.password }, { kind: 'cookie' })).token;
    const visitor = await app.caller({ ip: '203.0.113.10' });

    const before = await app.eventCount();
    expect(await visitor.identity.requestPasswordReset({ userId: member.userId.toLowerCase(), phone: `+91 ${PHONE}` })).toEqual({ message: RESET_CODE_SENT_BY_SMS_TOO });
    expect(await app.eventCount()).toBe(before + 1);
    await app.runJobs();
    const mail = resetMailsTo(member.email).at(-1)!.text;
    expect(mail).toContain(member.userId);
    expect(mail).toContain('आपका कोड है');
    const code = lastCodeFor(member.email);

    // The code is in no event, no table; only the e-mail carries it.
    const { rows } = await app.services.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM events WHERE data::text LIKE '%' || $1 || '%' OR metadata::text LIKE '%' || $1 || '%'`,
      [code],
    );
    expect(rows[0]!.count).toBe(0);
    const stored = await app.services.db.query(`SELECT * FROM password_reset_codes WHERE user_id = $1`, [member.userId]);
    expect(JSON.stringify(stored.rows)).not.toContain(code);

    expect(await visitor.identity.resetPassword({ userId: member.userId, code, newPassword: 'a brand new secret' })).toEqual({ message: PASSWORD_RESET_DONE });
    const events = await app.services.eventStore.readStream(`user-${member.userId}`);
    expect(events.at(-1)).toMatchObject({ type: 'PasswordChanged', schemaVersion: 2, data: { userId: member.userId, reason: 'reset' }, metadata: { actor: member.userId } });

    expect(await isSignedIn(member.token)).toBe(false);
    expect(await isSignedIn(phoneSession)).toBe(false);
    await expect(logIn(app.services, { userId: member.userId, password: member.password }, { kind: 'bearer' })).rejects.toThrow();
    const fresh = await logIn(app.services, { userId: member.userId, password: 'a brand new secret' }, { kind: 'bearer' });
    expect(fresh.user.userId).toBe(member.userId);

    // Used once: the same code again changes nothing.
    const afterReset = await app.eventCount();
    const again = await rejection(visitor.identity.resetPassword({ userId: member.userId, code, newPassword: 'yet another secret' }));
    expect(again.message).toBe(RESET_CODE_EXPIRED);
    expect(await app.eventCount()).toBe(afterReset);
  });

  it('tells a code for a user ID that never asked for one to ask first, not that it expired; nothing is recorded', async () => {
    const member = await app.account();
    const before = await app.eventCount();
    const error = await rejection((await app.caller()).identity.resetPassword({ userId: member.userId, code: '123456', newPassword: 'a brand new secret' }));
    expect([error.code, error.message]).toEqual(['BAD_REQUEST', RESET_CODE_NOT_WAITING]);
    expect(await app.eventCount()).toBe(before);
  });

  it('answers an unknown user ID and a wrong phone with the same message, and records nothing', async () => {
    const member = await app.account();
    await app.runJobs();
    const mailsBefore = readOutbox(app.dataDir).length;
    const before = await app.eventCount();
    for (const caller of [await app.caller(), await app.caller({ token: member.token }), await app.caller({ token: admin.token })]) {
      const unknown = await rejection(caller.identity.requestPasswordReset({ userId: 'SH0000000', phone: PHONE }));
      const wrongPhone = await rejection(caller.identity.requestPasswordReset({ userId: member.userId, phone: '9000000001' }));
      for (const error of [unknown, wrongPhone]) {
        expect(error.code).toBe('BAD_REQUEST');
        expect(error.message).toBe(RESET_INVALID_PAIR);
      }
    }
    expect(await app.eventCount()).toBe(before);
    expect(await resetRows(member.userId)).toBe(0);
    await app.runJobs();
    expect(readOutbox(app.dataDir).length).toBe(mailsBefore);
  });

  it('works the same whoever is signed in: the member, another member or an admin', async () => {
    const member = await app.account();
    const other = await app.account();
    for (const token of [member.token, other.token, admin.token]) {
      const caller = await app.caller({ token });
      expect(await caller.identity.requestPasswordReset({ userId: member.userId, phone: PHONE })).toEqual({ message: RESET_CODE_SENT_BY_SMS_TOO });
      await app.runJobs();
      const wrong = lastCodeFor(member.email) === '999999' ? '999998' : '999999';
      expect((await rejection(caller.identity.resetPassword({ userId: member.userId, code: wrong, newPassword: 'someone else tries' }))).message).toBe(wrongCodeMessage(4));
    }
    // Each request went to the member's own e-mail, never to whoever asked.
    expect(resetMailsTo(member.email)).toHaveLength(3);
    expect(resetMailsTo(other.email)).toHaveLength(0);
    expect(await (await app.caller({ token: other.token })).identity.resetPassword({ userId: member.userId, code: lastCodeFor(member.email), newPassword: 'member chose this' })).toEqual({
      message: PASSWORD_RESET_DONE,
    });
    expect(await isSignedIn(member.token)).toBe(false);
    expect(await isSignedIn(other.token)).toBe(true);
  });

  it('refuses a suspended account like an unknown one', async () => {
    const member = await app.account();
    await app.services.eventStore.append(
      [{ streamId: `user-${member.userId}`, expected: 'stream_exists', events: [{ type: 'MemberSuspended', data: { userId: member.userId, reason: 'test', suspendedAt: now.toISOString() } }] }],
      { actor: admin.userId, correlationId: 'suspend' },
    );
    const before = await app.eventCount();
    const error = await rejection((await app.caller()).identity.requestPasswordReset({ userId: member.userId, phone: PHONE }));
    expect(error.message).toBe(RESET_INVALID_PAIR);
    expect(await app.eventCount()).toBe(before);
  });

  it('lets a code work for 10 minutes and no longer', async () => {
    const early = await app.account();
    const late = await app.account();
    const visitor = await app.caller();
    await visitor.identity.requestPasswordReset({ userId: early.userId, phone: PHONE });
    await visitor.identity.requestPasswordReset({ userId: late.userId, phone: PHONE });
    await app.runJobs();
    const earlyCode = lastCodeFor(early.email);
    const lateCode = lastCodeFor(late.email);

    advance(10 * MINUTE - 1000);
    expect(await visitor.identity.resetPassword({ userId: early.userId, code: earlyCode, newPassword: 'new password one' })).toEqual({ message: PASSWORD_RESET_DONE });

    advance(2000);
    const before = await app.eventCount();
    const error = await rejection(visitor.identity.resetPassword({ userId: late.userId, code: lateCode, newPassword: 'new password two' }));
    expect(error.message).toBe(RESET_CODE_EXPIRED);
    expect(await app.eventCount()).toBe(before);
    expect(await isSignedIn(late.token)).toBe(true);
  });

  it('stops guessing after 5 tries: the 6th, even with the right code, is told to ask again', async () => {
    const member = await app.account();
    const visitor = await app.caller();
    await visitor.identity.requestPasswordReset({ userId: member.userId, phone: PHONE });
    await app.runJobs();
    const code = lastCodeFor(member.email);
    const wrong = code === '000000' ? '000001' : '000000';

    const before = await app.eventCount();
    for (const triesLeft of [4, 3, 2, 1, 0]) {
      const error = await rejection(visitor.identity.resetPassword({ userId: member.userId, code: wrong, newPassword: 'guessing away' }));
      expect(error.code).toBe('BAD_REQUEST');
      expect(error.message).toBe(wrongCodeMessage(triesLeft));
    }
    expect(wrongCodeMessage(4)).toBe('This code is not correct. You have 4 tries left.');
    const sixth = await rejection(visitor.identity.resetPassword({ userId: member.userId, code, newPassword: 'guessing away' }));
    expect(sixth.message).toBe(RESET_CODE_EXPIRED);
    expect(await app.eventCount()).toBe(before);
    await expect(logIn(app.services, { userId: member.userId, password: member.password }, { kind: 'bearer' })).resolves.toBeDefined();
  });

  it('counts tries made in parallel: of 10 guesses at once, 5 are judged and 5 are refused', async () => {
    const member = await app.account();
    const visitor = await app.caller();
    await visitor.identity.requestPasswordReset({ userId: member.userId, phone: PHONE });
    await app.runJobs();
    const code = lastCodeFor(member.email);
    const guesses = Array.from({ length: 10 }, (_, n) => String((Number(code) + n + 1) % 1_000_000).padStart(6, '0'));
    const before = await app.eventCount();
    const errors = await Promise.all(guesses.map((guess) => rejection(visitor.identity.resetPassword({ userId: member.userId, code: guess, newPassword: 'parallel guess' }))));
    expect(errors.filter((error) => error.message === RESET_CODE_EXPIRED)).toHaveLength(5);
    expect(errors.filter((error) => error.message !== RESET_CODE_EXPIRED)).toHaveLength(5);
    const right = await rejection(visitor.identity.resetPassword({ userId: member.userId, code, newPassword: 'parallel guess' }));
    expect(right.message).toBe(RESET_CODE_EXPIRED);
    expect(await app.eventCount()).toBe(before);
  });

  it('makes an older code useless once a newer one is asked for, and does not mail a replaced request', async () => {
    const member = await app.account();
    const visitor = await app.caller();
    await visitor.identity.requestPasswordReset({ userId: member.userId, phone: PHONE });
    await app.runJobs();
    const older = lastCodeFor(member.email);
    await visitor.identity.requestPasswordReset({ userId: member.userId, phone: PHONE });
    await app.runJobs();
    const newer = lastCodeFor(member.email);
    expect(resetMailsTo(member.email)).toHaveLength(2);

    const before = await app.eventCount();
    const error = await rejection(visitor.identity.resetPassword({ userId: member.userId, code: older, newPassword: 'from the old mail' }));
    expect(error.message).not.toBe(PASSWORD_RESET_DONE);
    expect(await app.eventCount()).toBe(before);
    expect(await visitor.identity.resetPassword({ userId: member.userId, code: newer, newPassword: 'from the new mail' })).toEqual({ message: PASSWORD_RESET_DONE });

    // Two requests before the jobs run: only the newer one is mailed.
    const other = await app.account();
    await visitor.identity.requestPasswordReset({ userId: other.userId, phone: PHONE });
    await visitor.identity.requestPasswordReset({ userId: other.userId, phone: PHONE });
    await app.runJobs();
    expect(resetMailsTo(other.email)).toHaveLength(1);
    const { rows } = await app.services.db.query<{ reset_id: string }>(`SELECT reset_id FROM password_reset_codes WHERE user_id = $1`, [other.userId]);
    expect(lastCodeFor(other.email)).toBe(deriveResetCode(app.services.vault, other.userId, rows[0]!.reset_id));
  });

  it('sends the same code once when its job is delivered twice', async () => {
    const member = await app.account();
    await (await app.caller()).identity.requestPasswordReset({ userId: member.userId, phone: PHONE });
    await app.runJobs();
    const [event] = (await app.services.eventStore.readStream(`user-${member.userId}`)).filter((recorded) => isEventOf<PasswordResetRequested>(recorded, ['PasswordResetRequested']));
    const job = { id: `${event!.eventId}_${sendPasswordResetCodeJob.name}`, event: event! };
    await sendPasswordResetCodeJob.run(job, app.services);
    expect(resetMailsTo(member.email)).toHaveLength(1);
  });

  it('limits requests per account (also for IDs that do not exist) and per IP address', async () => {
    const member = await app.account();
    const visitor = await app.caller();
    for (let n = 0; n < 5; n++) await visitor.identity.requestPasswordReset({ userId: member.userId, phone: PHONE });
    const before = await app.eventCount();
    const limited = await rejection(visitor.identity.requestPasswordReset({ userId: member.userId, phone: PHONE }));
    expect(limited.code).toBe('TOO_MANY_REQUESTS');
    expect(await app.eventCount()).toBe(before);

    for (let n = 0; n < 5; n++) await rejection(visitor.identity.requestPasswordReset({ userId: 'SH0000077', phone: PHONE }));
    expect((await rejection(visitor.identity.requestPasswordReset({ userId: 'SH0000077', phone: PHONE }))).code).toBe('TOO_MANY_REQUESTS');

    const other = await app.account();
    const beforeIp = await app.eventCount();
    const fromOneAddress = await app.caller({ ip: '198.51.100.7' });
    for (let n = 0; n < 20; n++) await rejection(fromOneAddress.identity.requestPasswordReset({ userId: `SH10000${String(n).padStart(2, '0')}`, phone: PHONE }));
    const ipLimited = await rejection(fromOneAddress.identity.requestPasswordReset({ userId: other.userId, phone: PHONE }));
    expect(ipLimited.code).toBe('TOO_MANY_REQUESTS');
    expect(await app.eventCount()).toBe(beforeIp);
    expect(await resetRows(other.userId)).toBe(0);
  });

  it('validates the code and the new password before counting a try', async () => {
    const member = await app.account();
    const visitor = await app.caller();
    await visitor.identity.requestPasswordReset({ userId: member.userId, phone: PHONE });
    const before = await app.eventCount();
    for (const input of [
      { userId: member.userId, code: '12345', newPassword: 'long enough' },
      { userId: member.userId, code: 'abcdef', newPassword: 'long enough' },
      { userId: member.userId, code: '123456', newPassword: 'short' },
    ]) {
      expect((await rejection(visitor.identity.resetPassword(input))).code).toBe('BAD_REQUEST');
    }
    const { rows } = await app.services.db.query<{ attempts: number }>(`SELECT attempts FROM password_reset_codes WHERE user_id = $1`, [member.userId]);
    expect(rows[0]!.attempts).toBe(0);
    expect(await app.eventCount()).toBe(before);
  });

  describe('REST', () => {
    let http: ReturnType<TestApp['http']>;
    beforeAll(() => {
      http = app.http();
    });

    it('POST /api/users/verify-user and PUT /api/users/reset-password', async () => {
      const member = await app.account();
      const wrong = await request(http).post('/api/users/verify-user').send({ userId: member.userId, phone: '9000000002' });
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe(RESET_INVALID_PAIR);

      const sent = await request(http).post('/api/users/verify-user').send({ userId: member.userId, phone: PHONE });
      expect(sent.status).toBe(200);
      expect(sent.body).toEqual({ message: RESET_CODE_SENT_BY_SMS_TOO });
      await app.runJobs();
      const code = lastCodeFor(member.email);
      const badCode = code === '111111' ? '222222' : '111111';

      const invalid = await request(http).put('/api/users/reset-password').send({ userId: member.userId, code: '12', newPassword: 'x' });
      expect(invalid.status).toBe(400);
      expect(Object.keys(invalid.body.fieldErrors).sort()).toEqual(['code', 'newPassword']);

      const wrongCode = await request(http).put('/api/users/reset-password').send({ userId: member.userId, code: badCode, newPassword: 'rest new password' });
      expect(wrongCode.status).toBe(400);
      expect(wrongCode.body.message).toBe(wrongCodeMessage(4));

      const done = await request(http).put('/api/users/reset-password').send({ userId: member.userId, code, newPassword: 'rest new password' });
      expect(done.status).toBe(200);
      expect(done.body).toEqual({ message: PASSWORD_RESET_DONE });
      const login = await request(http).post('/api/users/login').send({ userId: member.userId, password: 'rest new password' });
      expect(login.status).toBe(200);
    });
  });
});
