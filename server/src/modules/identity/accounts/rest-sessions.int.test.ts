import fs from 'node:fs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import { fakeWebDist } from '#server/testing/fake-web-dist';
import { testDbKinds } from '#server/testing/test-db';
import { nextSignInCode, type TestAuthenticator } from '#server/testing/two-factor';
import { createTestApp, type TestApp } from '#server/testing/test-services';

/**
 * Issue 12, defect 8 (and the REST contract's bearer scheme): a REST client can sign out, its token
 * lasts BEARER_TTL_HOURS (24 by default) rather than the cookie's 30 days, and "bearer" in any case
 * is the Bearer scheme.
 */
describe.each(testDbKinds())('REST sign-in and sign-out on %s', (kind) => {
  let app: TestApp;
  let http: ReturnType<typeof createApp>;
  let clock = new Date('2031-06-01T08:00:00.000Z');
  const dist = fakeWebDist();

  beforeAll(async () => {
    app = await createTestApp(kind, { now: () => clock });
    http = createApp(app.services, { webDistDir: dist });
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  /** A finance admin signs in over REST: password and a code from the authenticator their permission requires. */
  async function signIn(): Promise<{ userId: string; token: string; body: Record<string, unknown>; authenticator: TestAuthenticator }> {
    const account = await app.account({ role: 'admin', permissions: ['finance'] });
    const authenticator = account.authenticator!;
    const login = await request(http).post('/api/users/login').send({ email: account.email, password: account.password, totpCode: nextSignInCode(authenticator, clock) });
    expect(login.status).toBe(200);
    return { userId: account.userId, token: login.body.token as string, body: login.body as Record<string, unknown>, authenticator };
  }
  const profileWith = (userId: string, authorization: string) => request(http).get(`/api/users/profile/${userId}`).set('Authorization', authorization);

  it('answers the role and permissions it documents, and takes the scheme name in any case', async () => {
    const { userId, token, body } = await signIn();
    expect(body).toEqual({ userId, fullName: 'Test Person', role: 'admin', permissions: ['finance'], twoFactorSetupRequired: false, token });
    for (const scheme of ['Bearer', 'bearer', 'BEARER']) expect((await profileWith(userId, `${scheme} ${token}`)).status).toBe(200);
    expect((await profileWith(userId, `Basic ${token}`)).status).toBe(401);
  });

  it('signs out: the token stops working at once, a second sign-out is fine, other tokens of the account go on', async () => {
    const first = await signIn();
    const other = await request(http).post('/api/users/login').send({ userId: first.userId, password: 'correct horse battery', totpCode: nextSignInCode(first.authenticator, clock) });
    const out = await request(http).post('/api/users/logout').set('Authorization', `Bearer ${first.token}`).send({});
    expect([out.status, out.body]).toEqual([200, { ok: true }]);
    expect((await profileWith(first.userId, `Bearer ${first.token}`)).status).toBe(401);
    expect((await profileWith(first.userId, `Bearer ${other.body.token}`)).status).toBe(200);
    const again = await request(http).post('/api/users/logout').set('Authorization', `Bearer ${first.token}`).send({});
    expect([again.status, again.body]).toEqual([200, { ok: true }]);
    const unknownField = await request(http).post('/api/users/logout').set('Authorization', `Bearer ${other.body.token}`).send({ everywhere: true });
    expect([unknownField.status, unknownField.body.fieldErrors]).toEqual([400, { everywhere: ['This field is not accepted.'] }]);
    expect((await profileWith(first.userId, `Bearer ${other.body.token}`)).status).toBe(200);
  });

  it('ends a bearer token after BEARER_TTL_HOURS (24 by default), not the cookie\'s 30 days', async () => {
    const { userId, token } = await signIn();
    expect(app.services.config.BEARER_TTL_HOURS).toBe(24);
    clock = new Date(clock.getTime() + 23.9 * 3600_000);
    expect((await profileWith(userId, `Bearer ${token}`)).status).toBe(200);
    clock = new Date(clock.getTime() + 0.2 * 3600_000);
    expect((await profileWith(userId, `Bearer ${token}`)).status).toBe(401);
  });
});
