import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isEventOf } from '#server/event-store/types';
import { base32Decode, totp } from '#server/lib/totp';
import { expectOnlyRefusals, raceCalls } from '#server/testing/assertions';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, uniqueEmail, type TestApp } from '#server/testing/test-services';
import { createAccount, emailHash } from './accounts/accounts.ts';
import { CURRENT_PASSWORD_WRONG, PASSWORD_CHANGED } from './passwords/change-password.ts';
import { createConfirmationToken } from './confirmation/email-confirmation.ts';
import type { QrCodeUploaded } from './identity.events.ts';
import { logIn } from './accounts/login.ts';
import { deriveResetCode, PASSWORD_RESET_DONE, RESET_CODE_SENT_BY_SMS_TOO } from './passwords/password-reset.ts';
import { processQrCodeJob } from './profile/process-qr-code.job.ts';
import { EMAIL_TAKEN, PASSWORD_CHANGED_MEANWHILE, RESET_CODE_EXPIRED, TOTP_ALREADY_ON, TOTP_CODE_WRONG, TOTP_NOT_ON } from './user.decider.ts';

/**
 * Race tests (issue 9): for each identity command that changes state, ten identical calls at once
 * record exactly the right number of events, every call that does not succeed is refused with a
 * clear 4xx, and the read models agree with the events. On PGlite the calls are serialised; on
 * PostgreSQL (TEST_DATABASE_URL) they really overlap.
 */

const CALLS = 10;
const PHONE = '9876543210'; // the phone of every account made by app.account()

const TOO_MANY = /^Too many attempts\. Please try again in \d+ (minutes?|seconds?)\.$/;

describe.each(testDbKinds())('identity commands racing on %s', (kind) => {
  let app: TestApp;
  let http: ReturnType<TestApp['http']>;
  let adminToken: string;
  let qrImage: Buffer;
  // On the hour, so no hourly rate-limit window ends in the middle of a test; moved only by whole TOTP steps.
  let clock = new Date('2031-05-01T09:00:00.000Z');
  const later = (seconds: number) => {
    clock = new Date(clock.getTime() + seconds * 1000);
  };

  beforeAll(async () => {
    app = await createTestApp(kind, { now: () => clock });
    http = app.http();
    adminToken = (await app.account({ role: 'admin' })).token;
    qrImage = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0a0' } }).png().toBuffer();
  });
  afterAll(async () => {
    await app?.close();
  });

  async function eventsOf(streamId: string, type: string): Promise<{ data: Record<string, unknown> }[]> {
    const { rows } = await app.services.db.query<{ data: Record<string, unknown> }>(
      `SELECT data FROM events WHERE stream_id = $1 AND type = $2 ORDER BY stream_version`,
      [streamId, type],
    );
    return rows;
  }

  /** A member who registered with an invite code and has not confirmed the e-mail address yet. */
  async function unconfirmedMember(): Promise<{ userId: string; token: string }> {
    const [epin] = (await (await app.caller({ token: adminToken })).community.epins.generate({ count: 1 })).epins;
    const input = { fullName: 'Geeta Sharma', email: uniqueEmail('race'), phone: PHONE, epin: epin!.code, password: 'long password', address: 'Lane 5', city: 'Patna', state: 'Bihar', pinCode: '800001' };
    const { userId } = await (await app.caller()).community.register(input);
    const { token } = await logIn(app.services, { userId, password: input.password }, { kind: 'bearer' });
    return { userId, token };
  }

  it('confirmEmail with one token: one EmailConfirmed, and all ten calls succeed', async () => {
    const member = await unconfirmedMember();
    const token = createConfirmationToken(app.services, member.userId, clock);
    const { succeeded, refusals } = await raceCalls(CALLS, async () => (await app.caller()).identity.confirmEmail({ token }));
    expect(refusals).toEqual([]);
    expect(succeeded).toEqual(Array(CALLS).fill({ userId: member.userId }));
    expect(await eventsOf(`user-${member.userId}`, 'EmailConfirmed')).toHaveLength(1);
    expect((await (await app.caller({ token: member.token })).identity.me())?.isEmailVerified).toBe(true);
  });

  it('resendConfirmation: as many events as successes, at most three, the rest 429', async () => {
    const member = await unconfirmedMember();
    const { succeeded, refusals } = await raceCalls(CALLS, async () => (await app.caller({ token: member.token })).identity.resendConfirmation());
    expect(succeeded).toHaveLength(3);
    expectOnlyRefusals(refusals, [['TOO_MANY_REQUESTS', TOO_MANY]]);
    expect(await eventsOf(`user-${member.userId}`, 'EmailConfirmationRequested')).toHaveLength(succeeded.length);
  });

  it('requestPasswordReset: as many events as successes, at most the per-account limit; the live code is the last one', async () => {
    const member = await app.account();
    const { succeeded, refusals } = await raceCalls(CALLS, async () => (await app.caller()).identity.requestPasswordReset({ userId: member.userId, phone: PHONE }));
    expect(succeeded).toHaveLength(app.services.limits.passwordResetPerAccount.limit);
    expect(succeeded).toEqual(Array(succeeded.length).fill({ message: RESET_CODE_SENT_BY_SMS_TOO }));
    expectOnlyRefusals(refusals, [['TOO_MANY_REQUESTS', TOO_MANY]]);
    const requested = await eventsOf(`user-${member.userId}`, 'PasswordResetRequested');
    expect(requested).toHaveLength(succeeded.length);
    const { rows } = await app.services.db.query<{ reset_id: string }>(`SELECT reset_id FROM password_reset_codes WHERE user_id = $1`, [member.userId]);
    expect(rows.map((row) => row.reset_id)).toEqual([requested.at(-1)!.data.resetId]);
  });

  it('resetPassword with the right code: exactly one PasswordChanged (reset); the others are told the code has expired', async () => {
    const member = await app.account();
    await (await app.caller()).identity.requestPasswordReset({ userId: member.userId, phone: PHONE });
    const { rows } = await app.services.db.query<{ reset_id: string }>(`SELECT reset_id FROM password_reset_codes WHERE user_id = $1`, [member.userId]);
    const code = deriveResetCode(app.services.vault, member.userId, rows[0]!.reset_id);
    const newPassword = 'a new long password';
    const { succeeded, refusals } = await raceCalls(CALLS, async () => (await app.caller()).identity.resetPassword({ userId: member.userId, code, newPassword }));
    expect(succeeded).toEqual([{ message: PASSWORD_RESET_DONE }]);
    expect(refusals).toEqual(Array(CALLS - 1).fill(['BAD_REQUEST', RESET_CODE_EXPIRED]));
    const changed = await eventsOf(`user-${member.userId}`, 'PasswordChanged');
    expect(changed.map((event) => event.data.reason)).toEqual(['reset']);
    expect((await logIn(app.services, { userId: member.userId, password: newPassword }, { kind: 'bearer' })).token).toBeTruthy();
    expect(await (await app.caller({ token: member.token })).identity.me()).toBeNull();
  });

  it('changePassword: exactly one PasswordChanged; the others are refused with a clear 4xx', async () => {
    const member = await app.account();
    const input = { currentPassword: member.password, newPassword: 'another long password' };
    const { succeeded, refusals } = await raceCalls(CALLS, async () => (await app.caller({ token: member.token })).identity.changePassword(input));
    expect(succeeded).toEqual([{ message: PASSWORD_CHANGED }]);
    // Told the password changed meanwhile, or (checked after the winner's commit) that the current one is wrong.
    expectOnlyRefusals(refusals, [
      ['CONFLICT', PASSWORD_CHANGED_MEANWHILE],
      ['BAD_REQUEST', CURRENT_PASSWORD_WRONG],
    ]);
    const changed = await eventsOf(`user-${member.userId}`, 'PasswordChanged');
    expect(changed.map((event) => event.data.reason)).toEqual(['change']);
    expect((await logIn(app.services, { userId: member.userId, password: input.newPassword }, { kind: 'bearer' })).token).toBeTruthy();
    expect((await (await app.caller({ token: member.token })).identity.me())?.userId).toBe(member.userId);
  });

  it('updateProfile with one change: exactly one ProfileUpdated, and all ten calls succeed with it', async () => {
    const member = await app.account();
    const update = { city: 'Varanasi', upiId: 'geeta@upi' };
    const { succeeded, refusals } = await raceCalls(CALLS, async () => (await app.caller({ token: member.token })).identity.updateProfile(update));
    expect(refusals).toEqual([]);
    expect(succeeded.map((profile) => [profile.details.city, profile.details.upiId])).toEqual(Array(CALLS).fill(['Varanasi', 'geeta@upi']));
    const updated = await eventsOf(`user-${member.userId}`, 'ProfileUpdated');
    expect(updated.map((event) => event.data.changedFields)).toEqual([['city', 'upiId']]);
    expect((await (await app.caller({ token: member.token })).identity.getProfile()).details).toMatchObject(update);
  });

  it('totp.confirm with one code: one AdminTotpEnabled; the others are told it is on', async () => {
    const admin = await app.account({ role: 'admin', permissions: ['content'] });
    const caller = await app.caller({ token: admin.token });
    const secret = base32Decode((await caller.identity.totp.begin()).secret);
    const code = totp(secret, clock);
    const { succeeded, refusals } = await raceCalls(CALLS, async () => (await app.caller({ token: admin.token })).identity.totp.confirm({ code }));
    expect(succeeded).toEqual([{ enabled: true, enabledAt: clock.toISOString() }]);
    expect(refusals).toEqual(Array(CALLS - 1).fill(['CONFLICT', TOTP_ALREADY_ON]));
    expect(await eventsOf(`user-${admin.userId}`, 'AdminTotpEnabled')).toHaveLength(1);
    expect(await caller.identity.totp.status()).toEqual({ enabled: true, enabledAt: clock.toISOString() });
    later(30);
  });

  it('totp.disable with one code: one AdminTotpDisabled; the others are told the code is used or it is off', async () => {
    const admin = await app.account({ role: 'admin', permissions: ['content'] });
    const caller = await app.caller({ token: admin.token });
    const secret = base32Decode((await caller.identity.totp.begin()).secret);
    await caller.identity.totp.confirm({ code: totp(secret, clock) });
    // A new 15-minute window for the per-account TOTP limit, and a code the confirmation did not use.
    later(15 * 60);
    const code = totp(secret, clock);
    const { succeeded, refusals } = await raceCalls(CALLS, async () => (await app.caller({ token: admin.token })).identity.totp.disable({ code }));
    expect(succeeded).toEqual([{ enabled: false, enabledAt: null }]);
    expectOnlyRefusals(refusals, [
      ['BAD_REQUEST', TOTP_CODE_WRONG],
      ['CONFLICT', TOTP_NOT_ON],
    ]);
    const disabled = await eventsOf(`user-${admin.userId}`, 'AdminTotpDisabled');
    expect(disabled.map((event) => event.data.by)).toEqual(['self']);
    expect(await caller.identity.totp.status()).toEqual({ enabled: false, enabledAt: null });
    later(30);
  });

  it('QR upload over REST: ten uploads are ten QrCodeUploaded; the jobs process only the last one', async () => {
    const member = await app.account();
    const responses = await Promise.all(
      Array.from({ length: CALLS }, () =>
        request(http).post(`/api/users/upload-profile-assets/${member.userId}`).set('Authorization', `Bearer ${member.token}`).attach('qrCode', qrImage, 'qr.png'),
      ),
    );
    // Every upload is accepted: none may be lost to the others writing the same stream.
    expect(responses.filter((res) => res.status !== 202).map((res) => [res.status, res.body])).toEqual([]);
    const uploaded = await eventsOf(`user-${member.userId}`, 'QrCodeUploaded');
    expect(uploaded).toHaveLength(CALLS);
    const urls = responses.map((res) => res.body.qrCode as string);
    expect(new Set(urls).size).toBe(CALLS);
    expect(new Set(uploaded.map((event) => event.data.uploadId))).toEqual(new Set(urls.map((url) => url.split('/').at(-1))));

    await app.runJobs();
    const last = uploaded.at(-1)!.data.uploadId;
    expect((await eventsOf(`user-${member.userId}`, 'QrCodeProcessed')).map((event) => event.data.uploadId)).toEqual([last]);
    expect(await eventsOf(`user-${member.userId}`, 'QrCodeRejected')).toEqual([]);
    const profile = await (await app.caller({ token: member.token })).identity.getProfile();
    expect(profile.qrCode).toEqual({ status: 'ready', url: urls.find((url) => url.endsWith(String(last))) });
    expect((await request(http).get(profile.qrCode.url!).set('Authorization', `Bearer ${member.token}`)).status).toBe(200);
  });

  it('process-qr-code delivered ten times at once for one upload: exactly one QrCodeProcessed', async () => {
    const member = await app.account();
    const res = await request(http).post(`/api/users/upload-profile-assets/${member.userId}`).set('Authorization', `Bearer ${member.token}`).attach('qrCode', qrImage, 'qr.png');
    expect(res.status).toBe(202);
    const [event] = (await app.services.eventStore.readStream(`user-${member.userId}`)).filter((candidate) => isEventOf<QrCodeUploaded>(candidate, ['QrCodeUploaded']));
    const job = { id: `${event!.eventId}_${processQrCodeJob.name}`, event: event! };
    const { refusals } = await raceCalls(CALLS, () => processQrCodeJob.run(job, app.services));
    // What the job recorded, processed or rejected: exactly one QrCodeProcessed for the upload.
    const results = async () => {
      const { rows } = await app.services.db.query<{ type: string; upload_id: string; reason: string | null }>(
        `SELECT type, data->>'uploadId' AS upload_id, data->>'reason' AS reason FROM events
         WHERE stream_id = $1 AND type IN ('QrCodeProcessed', 'QrCodeRejected') ORDER BY stream_version`,
        [`user-${member.userId}`],
      );
      return rows.map((row) => [row.type, row.upload_id, row.reason]);
    };
    expect(await results()).toEqual([['QrCodeProcessed', event!.data.uploadId, null]]);
    const profile = await (await app.caller({ token: member.token })).identity.getProfile();
    expect(profile.qrCode).toEqual({ status: 'ready', url: res.body.qrCode });
    const image = await request(http).get(res.body.qrCode).set('Authorization', `Bearer ${member.token}`);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    // The relay delivers it once more: still nothing new.
    await app.runJobs();
    expect(await results()).toEqual([['QrCodeProcessed', event!.data.uploadId, null]]);
    // At-least-once delivery: a copy that finds the work done (or in another copy's hands) does nothing
    // and succeeds; a failure would be retried and counted as a failed job for nothing.
    expect(refusals).toEqual([]);
  });

  it('createAccount with one e-mail: exactly one AccountRegistered, nine CONFLICT', async () => {
    const email = uniqueEmail('twin');
    const input = { role: 'member' as const, permissions: [], password: 'long password', fullName: 'Twin Person', email, phone: PHONE, address: '1 Test Road', city: 'Jaipur', state: 'Rajasthan' };
    const { succeeded, refusals } = await raceCalls(CALLS, () => createAccount(app.services, input, { actor: 'system', correlationId: `race-${email}` }));
    expect(succeeded).toHaveLength(1);
    expect(refusals).toEqual(Array(CALLS - 1).fill(['CONFLICT', EMAIL_TAKEN]));
    const hash = emailHash(app.services, email);
    const { rows: registered } = await app.services.db.query<{ stream_id: string }>(
      `SELECT stream_id FROM events WHERE type = 'AccountRegistered' AND data->>'emailHash' = $1`,
      [hash],
    );
    expect(registered.map((row) => row.stream_id)).toEqual([`user-${succeeded[0]}`]);
    const { rows: users } = await app.services.db.query<{ user_id: string }>(`SELECT user_id FROM users WHERE email_hash = $1`, [hash]);
    expect(users.map((row) => row.user_id)).toEqual([succeeded[0]]);
  });
});
