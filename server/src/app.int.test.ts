import fs from 'node:fs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import { fakeWebDist } from '#server/testing/fake-web-dist';
import { testDbKinds } from '#server/testing/test-db';
import { nextSignInCode } from '#server/testing/two-factor';
import { createTestApp, uniqueEmail, type TestApp } from '#server/testing/test-services';

describe.each(testDbKinds())('HTTP on %s', (kind) => {
  let app: TestApp;
  let http: ReturnType<typeof createApp>;
  let admin: Awaited<ReturnType<TestApp['account']>>;
  const dist = fakeWebDist();

  beforeAll(async () => {
    app = await createTestApp(kind, { limits: { registerPerIp: { limit: 1000, windowSeconds: 3600 }, loginPerIp: { limit: 1000, windowSeconds: 900 } } });
    http = createApp(app.services, { webDistDir: dist });
    admin = await app.account({ role: 'admin' });
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  async function epin(): Promise<string> {
    const response = await request(http).post('/api/epins/generate-epins').set('Authorization', `Bearer ${admin.token}`).send({ count: 1 });
    expect(response.status).toBe(201);
    return response.body.epins[0].code;
  }

  async function registrationBody(overrides: Record<string, unknown> = {}) {
    return {
      referralId: '',
      sponsorName: '',
      fullName: 'Meena Kumari',
      email: uniqueEmail('meena'),
      phone: '9123456789',
      epin: await epin(),
      password: 'long enough password',
      address: '4 Temple Street',
      city: 'Varanasi',
      state: 'Uttar Pradesh',
      pinCode: '221001',
      ...overrides,
    };
  }

  describe('REST identity', () => {
    it('registers (201), logs in (token), and reads the public card', async () => {
      const body = await registrationBody({ referralId: admin.userId });
      const registered = await request(http).post('/api/users/register').send(body);
      expect(registered.status).toBe(201);
      expect(registered.body).toEqual({ userId: expect.stringMatching(/^SH\d{7}$/), fullName: 'Meena Kumari' });

      const login = await request(http).post('/api/users/login').send({ email: body.email, password: body.password });
      expect(login.status).toBe(200);
      expect(login.body).toEqual({ userId: registered.body.userId, fullName: 'Meena Kumari', role: 'member', permissions: [], twoFactorSetupRequired: false, token: expect.any(String) });
      expect(login.headers['set-cookie']).toBeUndefined();

      const card = await request(http).get(`/api/users/${registered.body.userId}`);
      expect(card.status).toBe(200);
      expect(card.body).toEqual({ userId: registered.body.userId, fullName: 'Meena Kumari' });
    });

    it('answers 401 {message} to a wrong password and 404 to an unknown user', async () => {
      const login = await request(http).post('/api/users/login').send({ userId: admin.userId, password: 'wrong password' });
      expect(login.status).toBe(401);
      expect(login.body).toMatchObject({ message: 'Invalid user ID/e-mail or password', requestId: expect.any(String) });
      const card = await request(http).get('/api/users/SH0000001');
      expect(card.status).toBe(404);
      expect(card.body.message).toBe('Invalid referral ID');
    });

    it('answers 400 with fieldErrors to bad input, and writes nothing', async () => {
      const before = await app.eventCount();
      const missing = await request(http).post('/api/users/register').send({ fullName: 'X' });
      expect(missing.status).toBe(400);
      expect(Object.keys(missing.body.fieldErrors)).toEqual(expect.arrayContaining(['email', 'phone', 'password', 'address', 'city', 'state', 'fullName']));
      const notJson = await request(http).post('/api/users/register').set('Content-Type', 'application/json').send('{"fullName": ');
      expect(notJson.status).toBe(400);
      expect(notJson.body.message).toBe('The request body is not valid JSON.');
      expect(await app.eventCount()).toBe(before);
    });

    it('answers 409 to a duplicate e-mail', async () => {
      const body = await registrationBody();
      expect((await request(http).post('/api/users/register').send(body)).status).toBe(201);
      const again = await request(http).post('/api/users/register').send(await registrationBody({ email: body.email }));
      expect(again.status).toBe(409);
      expect(again.body.fieldErrors.email).toEqual(['An account with this e-mail already exists']);
    });

    it('answers 413 to an oversized body and writes nothing', async () => {
      const before = await app.eventCount();
      const response = await request(http).post('/api/users/register').send({ ...(await registrationBody()), address: 'x'.repeat(70 * 1024) });
      expect(response.status).toBe(413);
      expect(response.body.message).toBe('The request is too large.');
      expect(await app.eventCount()).toBe(before + 1); // only the invite code made for the body
    });
  });

  describe('REST invite codes', () => {
    it('generates (201) and lists codes for an admin; refuses members (403) and visitors (401)', async () => {
      const member = await app.account();
      const generated = await request(http).post('/api/epins/generate-epins').set('Authorization', `Bearer ${admin.token}`).send({ count: 2 });
      expect(generated.status).toBe(201);
      expect(generated.body.epins).toHaveLength(2);
      expect(generated.body.epins[0]).toMatchObject({ code: expect.any(String), used: false, usedBy: null, assignedTo: admin.userId });
      const listed = await request(http).get('/api/epins/epins').set('Authorization', `Bearer ${admin.token}`);
      expect(listed.status).toBe(200);
      expect(listed.body.epins.length).toBeGreaterThanOrEqual(2);

      const before = await app.eventCount();
      const asMember = await request(http).post('/api/epins/generate-epins').set('Authorization', `Bearer ${member.token}`).send({ count: 2 });
      expect(asMember.status).toBe(403);
      expect((await request(http).post('/api/epins/generate-epins').send({ count: 2 })).status).toBe(401);
      expect((await request(http).get('/api/epins/epins')).status).toBe(401);
      expect((await request(http).post('/api/epins/generate-epins').set('Authorization', `Bearer ${admin.token}`).send({ count: 0 })).status).toBe(400);
      expect(await app.eventCount()).toBe(before);
    });
  });

  describe('sessions over tRPC', () => {
    it('sets an HttpOnly SameSite=Lax cookie at login and refuses a cookie mutation without the CSRF header', async () => {
      const login = await request(http)
        .post('/trpc/identity.login')
        .set('x-sahay-csrf', '1')
        .send({ userId: admin.userId, password: admin.password, totpCode: nextSignInCode(admin.authenticator!, app.services.now()) });
      expect(login.status).toBe(200);
      const cookie = String(login.headers['set-cookie']);
      expect(cookie).toMatch(/sahay_session=/);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      const sessionCookie = cookie.split(';')[0]!;

      const me = await request(http).get('/trpc/identity.me').set('Cookie', sessionCookie);
      expect(me.body.result.data.userId).toBe(admin.userId);

      const before = await app.eventCount();
      const forged = await request(http).post('/trpc/community.epins.generate').set('Cookie', sessionCookie).send({ count: 1 });
      expect(forged.status).toBe(403);
      expect(await app.eventCount()).toBe(before);
      const sameSite = await request(http).post('/trpc/community.epins.generate').set('Cookie', sessionCookie).set('x-sahay-csrf', '1').send({ count: 1 });
      expect(sameSite.status).toBe(200);
    });

    it('formats tRPC input errors with fieldErrors and a request ID', async () => {
      const response = await request(http).post('/trpc/community.register').set('x-sahay-csrf', '1').set('X-Request-Id', 'test-request-12345').send({ fullName: '' });
      expect(response.status).toBe(400);
      expect(response.headers['x-request-id']).toBe('test-request-12345');
      expect(response.body.error.message).toBe('Please correct the highlighted fields.');
      expect(response.body.error.data.requestId).toBe('test-request-12345');
      expect(response.body.error.data.fieldErrors.fullName).toBeDefined();
    });
  });

  describe('pages, health and headers', () => {
    it('serves public pages, the app shell, and a 404 page with status 404', async () => {
      expect((await request(http).get('/')).text).toContain('Home page');
      expect((await request(http).get('/register/SH1234567')).text).toContain('Register');
      // A page kept in a folder is served at its own URL, not redirected to a trailing slash.
      const register = await request(http).get('/register');
      expect(register.status).toBe(200);
      expect(register.text).toContain('Register');
      expect((await request(http).get('/dashboard')).text).toContain('id="root"');
      const missing = await request(http).get('/no/such/page');
      expect(missing.status).toBe(404);
      expect(missing.text).toContain('Page Not Found');
      const api = await request(http).get('/api/no-such-thing');
      expect(api.status).toBe(404);
      expect(api.body.message).toBe('No such API path.');
    });

    it('sends a strict CSP, no framing, and a request ID', async () => {
      const response = await request(http).get('/');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(response.headers['x-powered-by']).toBeUndefined();
    });

    it('answers /healthz and /readyz', async () => {
      expect((await request(http).get('/healthz')).body).toEqual({ status: 'ok' });
      expect((await request(http).get('/readyz')).body).toEqual({ status: 'ready', database: true, queue: true });
    });

    it('serves the OpenAPI document', async () => {
      const json = await request(http).get('/api/docs/openapi.json');
      expect(json.body.openapi).toBe('3.0.3');
      expect(Object.keys(json.body.paths)).toEqual(expect.arrayContaining(['/api/users/login', '/api/users/register', '/api/epins/generate-epins']));
      const html = await request(http).get('/api/docs').set('Accept', 'text/html');
      expect(html.text).toContain('Sahay REST API');
    });
  });
});
