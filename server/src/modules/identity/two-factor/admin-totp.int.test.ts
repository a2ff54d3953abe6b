import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base32Decode, hotp, totp, totpStep } from '#server/lib/totp';
import { fieldErrorsOf, rejection } from '#server/testing/assertions';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type TestApp } from '#server/testing/test-services';
import { formatHistory, streamHistory } from '#server/tools/history';
import { ADMIN_LOGIN_FAILED, LOGIN_FAILED, TOTP_CODE_NEEDED } from '../accounts/login.ts';
import { TOTP_ALREADY_ON, TOTP_CODE_WRONG, TOTP_NO_SETUP, TOTP_NOT_ON, TOTP_OWN_RESET, TOTP_RESET_NOT_ALLOWED } from '../user.decider.ts';

describe.each(testDbKinds())('admin two-factor sign-in (TOTP) on %s', (kind) => {
  let app: TestApp;
  // The test's clock: codes depend on it, and it moves on by whole 30-second steps.
  let clock = new Date('2031-04-01T10:00:05.000Z');
  const later = (seconds: number) => {
    clock = new Date(clock.getTime() + seconds * 1000);
  };

  beforeAll(async () => {
    app = await createTestApp(kind, { now: () => clock });
  });
  afterAll(async () => {
    await app?.close();
  });

  /** An admin with two-factor sign-in on; returns the secret as the app would hold it. */
  async function adminWithTotp(permissions: Array<'content' | 'members' | 'settings'> = ['content']) {
    const admin = await app.account({ role: 'admin', permissions });
    const caller = await app.caller({ token: admin.token });
    const { secret } = await caller.identity.totp.begin();
    await caller.identity.totp.confirm({ code: totp(base32Decode(secret), clock) });
    later(30);
    return { ...admin, secret: base32Decode(secret) };
  }
  const adminLogin = async (input: { userId: string; password: string; totpCode?: string }) => (await app.caller()).identity.adminLogin(input);

  it('lets only admins ask for their own: 401 for visitors, 403 for members, nothing written', async () => {
    const member = await app.account();
    const before = await app.eventCount();
    for (const caller of [await app.caller(), await app.caller({ token: member.token })]) {
      for (const call of [() => caller.identity.totp.status(), () => caller.identity.totp.begin(), () => caller.identity.totp.confirm({ code: '123456' }), () => caller.identity.totp.disable({ code: '123456' })]) {
        expect(['UNAUTHORIZED', 'FORBIDDEN']).toContain((await rejection(call())).code);
      }
    }
    expect((await rejection((await app.caller()).identity.totp.status())).code).toBe('UNAUTHORIZED');
    expect((await rejection((await app.caller({ token: member.token })).identity.totp.begin())).code).toBe('FORBIDDEN');
    expect(await app.eventCount()).toBe(before);
    const { rows } = await app.services.db.query(`SELECT 1 FROM admin_totp_setups WHERE user_id = $1`, [member.userId]);
    expect(rows).toEqual([]);
  });

  it('turns on with a first code, keeps the secret sealed, and then asks for a code at every sign-in', async () => {
    const admin = await app.account({ role: 'admin', permissions: ['content'] });
    const caller = await app.caller({ token: admin.token });
    expect(await caller.identity.totp.status()).toEqual({ enabled: false, enabledAt: null });
    const setup = await caller.identity.totp.begin();
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUri).toContain(`secret=${setup.secret}`);
    const secret = base32Decode(setup.secret);

    // A wrong code: a field error, nothing written, still off.
    const before = await app.eventCount();
    const wrong = await rejection(caller.identity.totp.confirm({ code: hotp(secret, totpStep(clock) + 5) }));
    expect(wrong.code).toBe('BAD_REQUEST');
    expect(wrong.message).toBe(TOTP_CODE_WRONG);
    expect((await rejection(caller.identity.totp.confirm({ code: '12345' }))).code).toBe('BAD_REQUEST');
    expect(await app.eventCount()).toBe(before);
    expect((await caller.identity.totp.status()).enabled).toBe(false);

    const status = await caller.identity.totp.confirm({ code: totp(secret, clock) });
    expect(status).toEqual({ enabled: true, enabledAt: clock.toISOString() });
    const [enabled] = (await app.services.eventStore.readStream(`user-${admin.userId}`)).filter((event) => event.type === 'AdminTotpEnabled');
    expect(enabled).toMatchObject({ data: { userId: admin.userId, enabledAt: clock.toISOString() }, metadata: { actor: admin.userId } });
    // The secret is in no event, so not even the audit tool (which reveals sealed fields) can show it; the row keeps it sealed.
    expect(Object.keys(enabled!.data as object)).toEqual(['userId', 'enabledAt']);
    expect(formatHistory((await streamHistory(app.services, `user-${admin.userId}`))!)).not.toContain(setup.secret);
    expect(JSON.stringify((await app.services.db.query(`SELECT secret FROM admin_totp WHERE user_id = $1`, [admin.userId])).rows)).not.toContain(setup.secret);
    expect((await rejection(caller.identity.totp.begin())).message).toBe(TOTP_ALREADY_ON);

    // The code that turned it on does not also sign in; without a code, or a wrong one: the usual refusal.
    expect((await rejection(adminLogin({ userId: admin.userId, password: admin.password, totpCode: totp(secret, clock) }))).message).toBe(ADMIN_LOGIN_FAILED);
    later(30);
    expect((await rejection(adminLogin({ userId: admin.userId, password: admin.password }))).message).toBe(TOTP_CODE_NEEDED);
    expect((await rejection(adminLogin({ userId: admin.userId, password: admin.password, totpCode: hotp(secret, totpStep(clock) + 3) }))).message).toBe(ADMIN_LOGIN_FAILED);
    // (Three failures in a row: the next try waits a second, the one after two.)
    later(1);
    expect((await rejection(adminLogin({ userId: admin.userId, password: 'wrong password', totpCode: totp(secret, clock) }))).message).toBe(ADMIN_LOGIN_FAILED);
    later(2);
    const signedIn = await adminLogin({ userId: admin.userId, password: admin.password, totpCode: totp(secret, clock) });
    expect(signedIn.userId).toBe(admin.userId);
    // Each code works once, even within its 30 seconds.
    expect((await rejection(adminLogin({ userId: admin.userId, password: admin.password, totpCode: totp(secret, clock) }))).message).toBe(ADMIN_LOGIN_FAILED);
    // A code from the step before is still taken (a slow typist), but not once a later one was used.
    later(30);
    expect((await rejection(adminLogin({ userId: admin.userId, password: admin.password, totpCode: hotp(secret, totpStep(clock) - 1) }))).message).toBe(ADMIN_LOGIN_FAILED);
    expect((await adminLogin({ userId: admin.userId, password: admin.password, totpCode: hotp(secret, totpStep(clock) + 1) })).userId).toBe(admin.userId);
    later(60);
  });

  it('at the admin form, asks for the missing code beside its field once the password was right; a wrong password without a code is the usual refusal (issue 32)', async () => {
    const admin = await adminWithTotp();
    const before = await app.eventCount();
    const noCode = await rejection(adminLogin({ userId: admin.userId, password: admin.password }));
    expect([noCode.code, noCode.message]).toEqual(['UNAUTHORIZED', TOTP_CODE_NEEDED]);
    expect(fieldErrorsOf(noCode)).toEqual({ totpCode: [TOTP_CODE_NEEDED] });
    // Over HTTP: a 401 with the field error, as the form reads it.
    const http = await request(app.http()).post('/trpc/identity.adminLogin').set('x-sahay-csrf', '1').send({ userId: admin.userId, password: admin.password });
    expect(http.status).toBe(401);
    expect(JSON.stringify(http.body)).toContain(TOTP_CODE_NEEDED);
    const wrongPassword = await rejection(adminLogin({ userId: admin.userId, password: 'not the password' }));
    expect([wrongPassword.message, fieldErrorsOf(wrongPassword)]).toEqual([ADMIN_LOGIN_FAILED, {}]);
    expect(await app.eventCount()).toBe(before);
    later(30);
  });

  it('cannot be skipped through the member form or REST, and no answer tells that the password was right', async () => {
    const admin = await adminWithTotp();
    const memberForm = await rejection((await app.caller()).identity.login({ userId: admin.userId, password: admin.password }));
    expect(memberForm.code).toBe('UNAUTHORIZED');
    const wrongPassword = await rejection((await app.caller()).identity.login({ userId: admin.userId, password: 'not the password' }));
    expect([memberForm.message, wrongPassword.message]).toEqual([LOGIN_FAILED, LOGIN_FAILED]);
    later(5);

    const http = app.http();
    const refused = await request(http).post('/api/users/login').send({ userId: admin.userId, password: admin.password });
    expect(refused.status).toBe(401);
    const badCode = await request(http).post('/api/users/login').send({ userId: admin.userId, password: admin.password, totpCode: 'abcdef' });
    expect(badCode.status).toBe(400);
    expect(badCode.body.fieldErrors.totpCode).toEqual(['Enter the 6-digit code from your authenticator app']);
    later(2); // three failures in a row: the next try waits a second
    const accepted = await request(http).post('/api/users/login').send({ userId: admin.userId, password: admin.password, totpCode: totp(admin.secret, clock) });
    expect(accepted.status).toBe(200);
    expect(accepted.body.token).toEqual(expect.any(String));
    later(30);
  });

  it('counts missing and wrong codes as failed sign-ins: the account waits, then locks for 15 minutes', async () => {
    const admin = await adminWithTotp();
    const wrong = () => hotp(admin.secret, totpStep(clock) + 7);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await rejection(adminLogin({ userId: admin.userId, password: admin.password, totpCode: attempt === 0 ? undefined : wrong() }))).code).toBe('UNAUTHORIZED');
    }
    // The fourth try must wait a second first, even with the right code.
    expect((await rejection(adminLogin({ userId: admin.userId, password: admin.password, totpCode: totp(admin.secret, clock) }))).code).toBe('TOO_MANY_REQUESTS');
    // Three more wrong codes, each after its wait (1, 2, 4 s): the sixth failure locks the account.
    for (const wait of [1, 2, 4]) {
      later(wait);
      expect((await rejection(adminLogin({ userId: admin.userId, password: admin.password, totpCode: wrong() }))).code).toBe('UNAUTHORIZED');
    }
    later(60);
    const locked = await rejection(adminLogin({ userId: admin.userId, password: admin.password, totpCode: totp(admin.secret, clock) }));
    expect(locked.code).toBe('TOO_MANY_REQUESTS');
    expect(locked.message).toMatch(/locked; try again in 14 minutes/);
    later(15 * 60);
    expect((await adminLogin({ userId: admin.userId, password: admin.password, totpCode: totp(admin.secret, clock) })).userId).toBe(admin.userId);
    later(30);
  });

  it('turns off with a current code, and then signs in with the password alone', async () => {
    const admin = await adminWithTotp();
    const caller = await app.caller({ token: admin.token });
    const before = await app.eventCount();
    expect((await rejection(caller.identity.totp.disable({ code: hotp(admin.secret, totpStep(clock) + 4) }))).message).toBe(TOTP_CODE_WRONG);
    expect(await app.eventCount()).toBe(before);
    expect(await caller.identity.totp.disable({ code: totp(admin.secret, clock) })).toEqual({ enabled: false, enabledAt: null });
    expect((await rejection(caller.identity.totp.disable({ code: totp(admin.secret, clock) }))).message).toBe(TOTP_NOT_ON);
    expect((await adminLogin({ userId: admin.userId, password: admin.password })).userId).toBe(admin.userId);
    const [disabled] = (await app.services.eventStore.readStream(`user-${admin.userId}`)).filter((event) => event.type === 'AdminTotpDisabled');
    expect(disabled).toMatchObject({ data: { by: 'self', reason: null }, metadata: { actor: admin.userId } });
  });

  it('refuses a confirmation with no secret waiting, or one shown more than 15 minutes ago', async () => {
    const admin = await app.account({ role: 'admin', permissions: ['content'] });
    const caller = await app.caller({ token: admin.token });
    expect((await rejection(caller.identity.totp.confirm({ code: '123456' }))).message).toBe(TOTP_NO_SETUP);
    const { secret } = await caller.identity.totp.begin();
    later(16 * 60);
    expect((await rejection(caller.identity.totp.confirm({ code: totp(base32Decode(secret), clock) }))).message).toBe(TOTP_NO_SETUP);
    expect((await caller.identity.totp.status()).enabled).toBe(false);
  });

  it('lets two tabs confirm at once: exactly one turns it on, the other gets 409', async () => {
    const admin = await app.account({ role: 'admin', permissions: ['content'] });
    const caller = await app.caller({ token: admin.token });
    const secret = base32Decode((await caller.identity.totp.begin()).secret);
    const code = totp(secret, clock);
    const results = await Promise.allSettled([caller.identity.totp.confirm({ code }), caller.identity.totp.confirm({ code })]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const failed = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
    expect(['CONFLICT', 'BAD_REQUEST']).toContain((failed.reason as { code: string }).code);
    const events = (await app.services.eventStore.readStream(`user-${admin.userId}`)).filter((event) => event.type === 'AdminTotpEnabled');
    expect(events).toHaveLength(1);
    later(30);
  });

  it('lets an admin with the members permission reset another admin’s (a lost phone), with a reason; not without it', async () => {
    const lost = await adminWithTotp();
    const contentOnly = await app.account({ role: 'admin', permissions: ['content'] });
    const membersAdmin = await app.account({ role: 'admin', permissions: ['members', 'content'] });
    // A members admin cannot lower the protection of an account that can do more than they can.
    const superAdmin = await adminWithTotp(['content', 'members', 'settings']);
    const tooWeak = await rejection((await app.caller({ token: membersAdmin.token })).admin.members.resetTotp({ userId: superAdmin.userId, reason: 'lost phone' }));
    expect(tooWeak.code).toBe('FORBIDDEN');
    expect(tooWeak.message).toBe(TOTP_RESET_NOT_ALLOWED);
    expect((await rejection((await app.caller({ token: contentOnly.token })).admin.members.resetTotp({ userId: lost.userId, reason: 'lost phone' }))).code).toBe('FORBIDDEN');
    const caller = await app.caller({ token: membersAdmin.token });
    expect((await rejection(caller.admin.members.resetTotp({ userId: lost.userId, reason: 'x' }))).code).toBe('BAD_REQUEST');
    expect((await caller.admin.members.get({ userId: lost.userId })).twoFactor).toBe(true);
    // Not one's own: that takes a current code, on the Security page.
    const own = await adminWithTotp(['members']);
    const ownReset = await rejection((await app.caller({ token: own.token })).admin.members.resetTotp({ userId: own.userId, reason: 'my own phone' }));
    expect(ownReset.code).toBe('FORBIDDEN');
    expect(ownReset.message).toBe(TOTP_OWN_RESET);
    expect(await (await app.caller({ token: lost.token })).identity.me()).not.toBeNull();
    expect(await caller.admin.members.resetTotp({ userId: lost.userId, reason: 'Lost phone, confirmed by call' })).toEqual({ enabled: false, enabledAt: null });
    // Signed out everywhere: whoever has the phone may have a session too.
    expect(await (await app.caller({ token: lost.token })).identity.me()).toBeNull();
    expect((await caller.admin.members.get({ userId: lost.userId })).twoFactor).toBe(false);
    const history = (await caller.admin.members.get({ userId: lost.userId })).history;
    expect(history.at(-1)).toMatchObject({ type: 'AdminTotpDisabled', actor: membersAdmin.userId, reason: 'Lost phone, confirmed by call' });
    expect((await rejection(caller.admin.members.resetTotp({ userId: lost.userId, reason: 'again please' }))).message).toBe(TOTP_NOT_ON);
    expect((await adminLogin({ userId: lost.userId, password: lost.password })).userId).toBe(lost.userId);
  });

  it('turns off at most once when two tabs turn it off together', async () => {
    const admin = await adminWithTotp();
    const caller = await app.caller({ token: admin.token });
    const results = await Promise.allSettled([
      caller.identity.totp.disable({ code: totp(admin.secret, clock) }),
      caller.identity.totp.disable({ code: hotp(admin.secret, totpStep(clock) + 1) }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect((await app.services.eventStore.readStream(`user-${admin.userId}`)).filter((event) => event.type === 'AdminTotpDisabled')).toHaveLength(1);
    later(60);
  });
});
