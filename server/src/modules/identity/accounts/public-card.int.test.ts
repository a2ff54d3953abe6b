import fs from 'node:fs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import { fakeWebDist } from '#server/testing/fake-web-dist';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type TestApp } from '#server/testing/test-services';
import { INVALID_REFERRAL } from './accounts.ts';

/**
 * Issue 12, defect 6: GET /api/users/:id had no limit, so walking the (sequential) ID space listed
 * every member's name. Now each address may look up publicCardPerIp cards a window, found or not,
 * on REST and tRPC alike; the card still holds only the ID and the name.
 */
describe.each(testDbKinds())('public card look-ups on %s', (kind) => {
  let app: TestApp;
  let http: ReturnType<typeof createApp>;
  const dist = fakeWebDist();

  beforeAll(async () => {
    app = await createTestApp(kind, { limits: { publicCardPerIp: { limit: 3, windowSeconds: 900 } } });
    http = createApp(app.services, { webDistDir: dist });
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers the ID and name only, then 429 with Retry-After once the address has used its look-ups, found or not', async () => {
    const sponsor = await app.account({ fullName: 'Meena Kumari' });
    const found = await request(http).get(`/api/users/${sponsor.userId}`);
    expect([found.status, found.body]).toEqual([200, { userId: sponsor.userId, fullName: 'Meena Kumari' }]);
    const missing = await request(http).get('/api/users/SH0000001');
    expect([missing.status, missing.body.message]).toEqual([404, INVALID_REFERRAL]);
    await request(http).get(`/api/users/${sponsor.userId}`);
    const limited = await request(http).get(`/api/users/${sponsor.userId}`);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body).toEqual({ message: expect.stringMatching(/^Too many attempts/), requestId: expect.any(String) });

    // tRPC counts the same way (the registration form's look-up).
    const caller = await app.caller({ ip: '198.51.100.7' });
    for (let n = 0; n < 3; n++) await expect(caller.identity.getPublicCard({ userId: sponsor.userId })).resolves.toMatchObject({ userId: sponsor.userId });
    await expect(caller.identity.getPublicCard({ userId: sponsor.userId })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });

    // Another address is not affected.
    const elsewhere = await app.caller({ ip: '203.0.113.9' });
    await expect(elsewhere.identity.getPublicCard({ userId: sponsor.userId })).resolves.toMatchObject({ fullName: 'Meena Kumari' });
  });
});
