import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '#server/testing/outbox';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type TestApp } from '#server/testing/test-services';
import { CURRENT_PASSWORD_WRONG, NEW_PASSWORD_SAME, PASSWORD_CHANGED } from './change-password.ts';
import { logIn } from '../accounts/login.ts';
import { fieldErrorsOf, rejection } from '#server/testing/assertions';
import { RESET_CODE_EXPIRED } from '../user.decider.ts';

describe.each(testDbKinds())('change password on %s', (kind) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp(kind, { now: () => new Date('2031-04-01T10:00:00.000Z') });
  });
  afterAll(async () => {
    await app?.close();
  });

  async function sessionOf(account: { userId: string; password: string }): Promise<string> {
    return (await logIn(app.services, { userId: account.userId, password: account.password }, { kind: 'cookie' })).token;
  }
  const isSignedIn = async (token: string) => (await (await app.caller({ token })).identity.me()) !== null;

  it('changes the password, keeps this session and signs out the others', async () => {
    const member = await app.account();
    const laptop = await sessionOf(member);
    const phone = await sessionOf(member);
    const other = await app.account();

    await (await app.caller()).identity.requestPasswordReset({ userId: member.userId, phone: '9876543210' });
    await app.runJobs();
    const code = /Your code is: (\d{6})/.exec(readOutbox(app.dataDir).find((mail) => mail.text.includes(`To: ${member.email}`))!.text)![1]!;

    const result = await (await app.caller({ token: laptop })).identity.changePassword({ currentPassword: member.password, newPassword: 'my new password' });
    expect(result).toEqual({ message: PASSWORD_CHANGED });
    expect(await isSignedIn(laptop)).toBe(true);
    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(member.token)).toBe(false);
    expect(await isSignedIn(other.token)).toBe(true);

    const [changed] = (await app.services.eventStore.readStream(`user-${member.userId}`)).filter((event) => event.type === 'PasswordChanged');
    expect(changed).toMatchObject({ schemaVersion: 2, data: { userId: member.userId, reason: 'change' }, metadata: { actor: member.userId } });
    expect(JSON.stringify(changed!.data)).not.toContain('my new password');
    await expect(logIn(app.services, { userId: member.userId, password: member.password }, { kind: 'bearer' })).rejects.toThrow();
    await expect(logIn(app.services, { userId: member.userId, password: 'my new password' }, { kind: 'bearer' })).resolves.toBeDefined();

    // The reset code asked for before the change no longer works.
    const stale = await rejection((await app.caller()).identity.resetPassword({ userId: member.userId, code, newPassword: 'from an old code' }));
    expect(stale.message).toBe(RESET_CODE_EXPIRED);
  });

  it('lets an admin change their own password the same way', async () => {
    const admin = await app.account({ role: 'admin' });
    const caller = await app.caller({ token: admin.token });
    expect(await caller.identity.changePassword({ currentPassword: admin.password, newPassword: 'admin new password' })).toEqual({ message: PASSWORD_CHANGED });
    expect(await isSignedIn(admin.token)).toBe(true);
  });

  it('says what was wrong and writes nothing: wrong current password, too short, unchanged, or not signed in', async () => {
    const member = await app.account();
    const other = await sessionOf(member);
    const caller = await app.caller({ token: member.token });
    const before = await app.eventCount();

    const wrongCurrent = await rejection(caller.identity.changePassword({ currentPassword: 'not my password', newPassword: 'whatever new one' }));
    expect(wrongCurrent.code).toBe('BAD_REQUEST');
    expect(wrongCurrent.message).toBe(CURRENT_PASSWORD_WRONG);
    expect(fieldErrorsOf(wrongCurrent)).toHaveProperty('currentPassword');

    const short = await rejection(caller.identity.changePassword({ currentPassword: member.password, newPassword: 'short' }));
    expect(short.code).toBe('BAD_REQUEST');
    expect(fieldErrorsOf(short).newPassword).toEqual(['Password must be at least 8 characters']);

    const same = await rejection(caller.identity.changePassword({ currentPassword: member.password, newPassword: member.password }));
    expect(same.message).toBe(NEW_PASSWORD_SAME);

    const visitor = await rejection((await app.caller()).identity.changePassword({ currentPassword: member.password, newPassword: 'visitor tries' }));
    expect(visitor.code).toBe('UNAUTHORIZED');

    expect(await app.eventCount()).toBe(before);
    expect(await isSignedIn(other)).toBe(true);
    await expect(logIn(app.services, { userId: member.userId, password: member.password }, { kind: 'bearer' })).resolves.toBeDefined();
  });

  it('limits tries per account, so a stolen session cannot guess the password for ever', async () => {
    const member = await app.account();
    const caller = await app.caller({ token: member.token });
    for (let n = 0; n < 10; n++) await rejection(caller.identity.changePassword({ currentPassword: `guess number ${n}`, newPassword: 'some new password' }));
    const limited = await rejection(caller.identity.changePassword({ currentPassword: member.password, newPassword: 'some new password' }));
    expect(limited.code).toBe('TOO_MANY_REQUESTS');
  });

  it('PUT /api/users/change-password with a bearer token, or the cookie plus the CSRF header', async () => {
    const http = app.http();
    const member = await app.account();
    const anonymous = await request(http).put('/api/users/change-password').send({ currentPassword: member.password, newPassword: 'new via rest' });
    expect(anonymous.status).toBe(401);

    const wrong = await request(http).put('/api/users/change-password').set('Authorization', `Bearer ${member.token}`).send({ currentPassword: 'nope nope', newPassword: 'new via rest' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(CURRENT_PASSWORD_WRONG);
    expect(wrong.body.fieldErrors).toHaveProperty('currentPassword');

    const cookie = await sessionOf(member);
    const withoutHeader = await request(http).put('/api/users/change-password').set('Cookie', `sahay_session=${cookie}`).send({ currentPassword: member.password, newPassword: 'new via rest' });
    expect(withoutHeader.status).toBe(403);

    const ok = await request(http)
      .put('/api/users/change-password')
      .set('Cookie', `sahay_session=${cookie}`)
      .set('x-sahay-csrf', '1')
      .send({ currentPassword: member.password, newPassword: 'new via rest' });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ message: PASSWORD_CHANGED });
    expect(await isSignedIn(cookie)).toBe(true);
    expect(await isSignedIn(member.token)).toBe(false);
  });
});
