import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { createApp } from '#server/app';
import { fakeWebDist } from '#server/testing/fake-web-dist';
import { rejection } from '#server/testing/assertions';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type TestApp } from '#server/testing/test-services';

describe.each(testDbKinds())('Core Web Vitals of real visits on %s', (kind) => {
  let app: TestApp;
  let http: ReturnType<typeof createApp>;
  let clock = new Date('2031-05-01T12:00:00.000Z');
  const dist = fakeWebDist();

  beforeAll(async () => {
    app = await createTestApp(kind, { limits: { webVitalsPerIp: { limit: 12, windowSeconds: 3600 } }, now: () => clock });
    // Behind a proxy that says who the client is, so each test can be its own visitor.
    http = createApp({ ...app.services, config: { ...app.services.config, TRUST_PROXY: true } }, { webDistDir: dist });
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const rows = async () => (await app.services.db.query<{ page: string; lcp_ms: number | null; inp_ms: number | null; cls: number | null }>(`SELECT page, lcp_ms, inp_ms, cls FROM web_vitals ORDER BY id`)).rows;
  const post = (body: unknown, ip = '203.0.113.7') => request(http).post('/api/vitals').set('X-Forwarded-For', ip).send(body as object);

  it('stores a sampled visit’s figures against the page pattern, and nothing about the visitor', async () => {
    const response = await post({ page: '/KanyadanYojna', lcp: 812, inp: 64, cls: 0.02 });
    expect(response.status).toBe(204);
    expect(await rows()).toEqual([{ page: '/KanyadanYojna', lcp_ms: 812, inp_ms: 64, cls: expect.closeTo(0.02, 5) }]);
    const { rows: columns } = await app.services.db.query<{ column_name: string }>(`SELECT column_name FROM information_schema.columns WHERE table_name = 'web_vitals' ORDER BY ordinal_position`);
    expect(columns.map((column) => column.column_name)).toEqual(['id', 'page', 'lcp_ms', 'inp_ms', 'cls', 'recorded_at']);
  });

  it('refuses bad reports with 400 and writes nothing; a visit that measured nothing is not stored', async () => {
    const before = (await rows()).length;
    for (const bad of [
      { page: 'https://example.org/?email=a@b.in', lcp: 1, inp: null, cls: null },
      // Only the build's page names: never an address with an ID in it, nor a made-up name.
      { page: '/verify/SH1234567', lcp: 1, inp: null, cls: null },
      { page: '/made-up-page', lcp: 1, inp: null, cls: null },
      { page: '/contact', lcp: -5, inp: null, cls: null },
      { page: '/contact', lcp: 1.5, inp: null, cls: null },
      { page: '/contact', lcp: null, inp: 999_999, cls: null },
      { page: '/contact', lcp: null, inp: null, cls: 1000 },
      { page: '/contact', lcp: '800', inp: null, cls: null },
      { lcp: 800 },
    ]) {
      const response = await post(bad);
      expect(response.status, JSON.stringify(bad)).toBe(400);
      expect(response.body.fieldErrors).toBeDefined();
    }
    expect((await request(http).post('/api/vitals').set('Content-Type', 'application/json').send('{not json')).status).toBe(400);
    expect((await post({ page: '/', lcp: null, inp: null, cls: null })).status).toBe(204);
    expect((await rows()).length).toBe(before);
  });

  it('limits reports from one address (429), not from everyone', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 13; index += 1) statuses.push((await post({ page: '/contact', lcp: 700, inp: null, cls: 0 }, '198.51.100.9')).status);
    expect(statuses.slice(0, 12).every((status) => status === 204)).toBe(true);
    expect(statuses[12]).toBe(429);
    expect((await post({ page: '/contact', lcp: 700, inp: null, cls: 0 }, '198.51.100.10')).status).toBe(204);
  });

  it('gives admins the 75th percentile per page over the last 28 days', async () => {
    await app.services.db.query(`DELETE FROM web_vitals`);
    for (const [lcp, inp] of [
      [100, 40],
      [200, null],
      [300, 80],
      [400, 120],
    ] as const) {
      await post({ page: '/', lcp, inp, cls: lcp / 10_000 }, '192.0.2.1');
    }
    // A visit from five weeks ago no longer counts.
    await app.services.db.query(`INSERT INTO web_vitals (page, lcp_ms, inp_ms, cls, recorded_at) VALUES ('/', 9000, 900, 1, $1)`, [new Date(clock.getTime() - 35 * 86_400_000)]);
    const admin = await app.account({ role: 'admin', permissions: ['content'] });
    const summary = await (await app.caller({ token: admin.token })).admin.getWebVitals();
    // percentile_cont(0.75) of 100, 200, 300, 400 is 325; of 40, 80, 120 (no INP on one visit) is 100.
    expect(summary).toEqual({ days: 28, pages: [{ page: '/', visits: 4, lcpMs: 325, inpMs: 100, cls: expect.closeTo(0.0325, 2) }] });

    const member = await app.account();
    expect((await rejection((await app.caller()).admin.getWebVitals())).code).toBe('UNAUTHORIZED');
    expect((await rejection((await app.caller({ token: member.token })).admin.getWebVitals())).code).toBe('FORBIDDEN');
    clock = new Date(clock.getTime() + 29 * 86_400_000);
    expect((await (await app.caller({ token: admin.token })).admin.getWebVitals()).pages).toEqual([]);
  });
});
