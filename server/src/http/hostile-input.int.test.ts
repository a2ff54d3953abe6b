import { once } from 'node:events';
import fs from 'node:fs';
import nodeHttp from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import { CORRECT_THE_FIELDS, NUL_CHARACTER } from '#server/errors/field-errors';
import { fakeWebDist } from '#server/testing/fake-web-dist';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, uniqueEmail, type TestApp } from '#server/testing/test-services';
import { BODY_NOT_DECODABLE } from './error-handler.ts';

/**
 * Issue 12, defects 2, 3 and 5, tried over HTTP as an attacker would: a NUL character in text, a
 * body that its Content-Encoding does not describe, and a tRPC 429 without Retry-After. Each must
 * be a 4xx with a message and the request ID, and write nothing.
 */
describe.each(testDbKinds())('hostile input over HTTP on %s', (kind) => {
  let app: TestApp;
  let http: ReturnType<typeof createApp>;
  let member: Awaited<ReturnType<TestApp['account']>>;
  let settingsAdmin: Awaited<ReturnType<TestApp['account']>>;
  const dist = fakeWebDist();

  beforeAll(async () => {
    app = await createTestApp(kind, { limits: { contactPerIp: { limit: 1, windowSeconds: 3600 } } });
    http = createApp(app.services, { webDistDir: dist });
    member = await app.account();
    settingsAdmin = await app.account({ role: 'admin', permissions: ['settings'] });
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  /** A tRPC mutation as the web's client sends it (no transformer: the body is the input). */
  const mutation = (path: string, input: unknown, token?: string) => {
    const call = request(http).post(`/trpc/${path}`).send(input as object);
    return token ? call.set(bearer(token)) : call;
  };

  describe('a NUL character (U+0000) in any text', () => {
    it('is a 400 beside the field on REST registration and profile, whatever the field; nothing is written', async () => {
      const before = await app.eventCount();
      const registration = {
        referralId: '',
        sponsorName: '',
        fullName: 'Meena\u0000Kumari',
        email: uniqueEmail('nul'),
        phone: '9123456789',
        epin: '',
        password: 'long enough password',
        address: '4 Temple\u0000 Street',
        city: 'Varanasi',
        state: 'Uttar Pradesh',
        pinCode: '221001',
      };
      const registered = await request(http).post('/api/users/register').send(registration);
      expect(registered.status).toBe(400);
      expect(registered.body).toEqual({ message: CORRECT_THE_FIELDS, requestId: expect.any(String), fieldErrors: { fullName: [NUL_CHARACTER], address: [NUL_CHARACTER] } });

      const profile = await request(http).put(`/api/users/profile/${member.userId}`).set(bearer(member.token)).send({ city: 'Bho\u0000pal' });
      expect(profile.status).toBe(400);
      expect(profile.body.fieldErrors).toEqual({ city: [NUL_CHARACTER] });

      // In a query string too, and in a key.
      const status = await request(http).get('/api/kanyadan/applications/KNYDN1234567/status').query({ phone: '98765\u000043210' });
      expect(status.status).toBe(400);
      expect(status.body.fieldErrors).toEqual({ phone: [NUL_CHARACTER] });
      const key = await request(http).post('/api/users/login').send({ 'email\u0000': 'a@b.in', password: 'x' });
      expect(key.status).toBe(400);
      expect(key.body.fieldErrors).toEqual({ 'email\uFFFD': [NUL_CHARACTER] });
      expect(await app.eventCount()).toBe(before);
    });

    it('is a 400 beside the field in tRPC procedures: contact form, profile, settings (nested); nothing is written', async () => {
      const before = await app.eventCount();
      const contact = await mutation('site.contact.create', { name: 'Asha', email: 'asha@example.in', message: 'Hello\u0000' });
      expect(contact.status).toBe(400);
      expect(contact.body.error).toMatchObject({ message: CORRECT_THE_FIELDS, data: { httpStatus: 400, fieldErrors: { message: [NUL_CHARACTER] }, requestId: expect.any(String) } });

      const profile = await mutation('identity.updateProfile', { address: '\u0000' }, member.token);
      expect(profile.status).toBe(400);
      expect(profile.body.error.data.fieldErrors).toEqual({ address: [NUL_CHARACTER] });

      const settings = await mutation('site.settings.update', { expectedVersion: 0, data: { foundationName: { en: 'Sahay\u0000', hi: 'सहाय' } } }, settingsAdmin.token);
      expect(settings.status).toBe(400);
      expect(settings.body.error.data.fieldErrors).toEqual({ data: [NUL_CHARACTER] });
      expect(await app.eventCount()).toBe(before);
    });
  });

  describe('a body its Content-Encoding does not describe', () => {
    it('is a 400 saying so, on REST and on tRPC, for gzip, deflate and br; a real gzip body is read', async () => {
      const body = JSON.stringify({ email: 'nobody@example.in', password: 'wrong password' });
      for (const encoding of ['gzip', 'deflate', 'br']) {
        for (const path of ['/api/users/login', '/trpc/identity.login']) {
          const response = await request(http).post(path).set('Content-Type', 'application/json').set('Content-Encoding', encoding).send(body);
          expect([path, encoding, response.status, response.body]).toEqual([path, encoding, 400, { message: BODY_NOT_DECODABLE, requestId: expect.any(String) }]);
        }
      }
      // Truly gzipped, the same body is read and answered on its merits (a wrong password).
      // Sent with fetch: superagent serialises a Buffer given with a JSON type as JSON.
      const server = http.listen(0, '127.0.0.1');
      await once(server, 'listening');
      try {
        const { port } = server.address() as AddressInfo;
        const gzipped = await fetch(`http://127.0.0.1:${port}/api/users/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
          body: zlib.gzipSync(body),
        });
        expect([gzipped.status, ((await gzipped.json()) as { message: string }).message]).toEqual([401, 'Invalid user ID/e-mail or password']);
      } finally {
        server.close();
      }
    });
  });

  describe('an upload the client abandons half way', () => {
    it('leaves no file, no event and no held slot: after more abandoned forms than the server reads at once, the next form is read', async () => {
      const server = http.listen(0, '127.0.0.1');
      await once(server, 'listening');
      try {
        const { port } = server.address() as AddressInfo;
        const countFiles = async () => (await app.services.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM files`)).rows[0]!.count;
        const [filesBefore, eventsBefore] = [await countFiles(), await app.eventCount()];
        const photo = Buffer.alloc(600_000, 0x41);
        const body = Buffer.concat([
          Buffer.from('--b\r\nContent-Disposition: form-data; name="girlName"\r\n\r\nAsha\r\n'),
          Buffer.from('--b\r\nContent-Disposition: form-data; name="photo"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n'),
          photo,
          Buffer.from('\r\n--b--\r\n'),
        ]);
        // More than the 12 forms a process reads at once (kanyadan.rest.ts).
        for (let n = 0; n < 14; n++) {
          await new Promise<void>((resolve) => {
            const req = nodeHttp.request({ port, host: '127.0.0.1', method: 'POST', path: '/api/kanyadan/applications', headers: { 'content-type': 'multipart/form-data; boundary=b', 'content-length': String(body.length) } });
            req.on('error', () => resolve());
            req.on('close', () => resolve());
            req.write(body.subarray(0, Math.floor(body.length / 2)), () => setTimeout(() => req.destroy(), 20));
          });
        }
        // The next, complete form is read and answered on its merits (fields missing), not "busy".
        const next = await fetch(`http://127.0.0.1:${port}/api/kanyadan/applications`, { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=b' }, body });
        expect(next.status).toBe(400);
        expect(((await next.json()) as { fieldErrors?: Record<string, string[]> }).fieldErrors).toBeDefined();
        expect([await countFiles(), await app.eventCount()]).toEqual([filesBefore, eventsBefore]);
      } finally {
        server.close();
      }
    });
  });

  describe('names of Object.prototype\'s members (found by the fuzzer)', () => {
    it('a form\'s file or text field named toString, __proto__ or constructor is refused as unknown: an answer, no crash, nothing written', async () => {
      const [eventsBefore, filesBefore] = [await app.eventCount(), (await app.services.db.query(`SELECT 1 FROM files`)).rowCount];
      const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
      for (const field of ['toString', '__proto__', 'constructor']) {
        const asFile = await request(http).post('/api/kanyadan/applications').attach(field, png, { filename: 'one.png', contentType: 'image/png' });
        expect([field, asFile.status, asFile.body.fieldErrors?.[field]]).toEqual([field, 400, ['This field is not accepted.']]);
        const asText = await request(http).post('/api/donations/ABCD2345/proof').field('contact', 'a@b.in').field('utr', '123456789012').field(field, 'x');
        expect([field, asText.status, typeof asText.body.message]).toEqual([field, 400, 'string']);
      }
      // A JSON body or query naming them is a 400 beside the field, not a 500.
      const body = await request(http).post('/api/users/logout').set('Content-Type', 'application/json').send('{"__proto__":"","toString":1}');
      expect([body.status, Object.keys(body.body.fieldErrors ?? {}).sort()]).toEqual([400, ['__proto__', 'toString']]);
      expect([await app.eventCount(), (await app.services.db.query(`SELECT 1 FROM files`)).rowCount]).toEqual([eventsBefore, filesBefore]);
    });
  });

  describe('query parameters a route does not take', () => {
    it('are a 400 naming them, as unknown body fields are, on routes with and without a query', async () => {
      const cases = [`/api/users/${member.userId}?page=2`, `/api/users/team-summary/${member.userId}?x=1`, `/api/users/downline-levels/${member.userId}?level=1&x=1`];
      for (const path of cases) {
        const res = await request(http).get(path).set(bearer(member.token));
        expect([path, res.status, res.body.fieldErrors]).toEqual([path, 400, { [path.endsWith('page=2') ? 'page' : 'x']: ['This field is not accepted.'] }]);
      }
      expect((await request(http).get(`/api/users/team-summary/${member.userId}`).set(bearer(member.token))).status).toBe(200);
    });
  });

  describe('429 answers', () => {
    it('carry Retry-After on tRPC as on REST (the contact form\'s limit)', async () => {
      const first = await mutation('site.contact.create', { name: 'Asha', email: 'asha@example.in', message: 'First message' });
      expect(first.status).toBe(200);
      const second = await mutation('site.contact.create', { name: 'Asha', email: 'asha@example.in', message: 'Second message' });
      expect(second.status).toBe(429);
      const seconds = Number(second.headers['retry-after']);
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(3600);
      expect(second.body.error.message).toMatch(/too many messages/);
    });
  });
});
