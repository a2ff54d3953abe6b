import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSettings } from '#server/modules/site/site.api';
import { createTestApp, type TestApp } from '#server/testing/test-services';
import { testDbKinds } from '#server/testing/test-db';
import { seed } from './seed.ts';

/**
 * `npm run bench:load` seeds through the product's own functions, so a change to the product can
 * stop it at its first step (it did once: the two-factor gate refused its admin). CI runs no
 * bench, so this runs the seeding, small, on the database the tests use.
 */
describe('bench:load seeding', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(testDbKinds().at(-1)!);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('saves the payment settings, builds the team level by level, and leaves the root signed in', async () => {
    const seeded = await seed(app.services, { branching: 2, depth: 2 });
    expect(seeded.levelSizes).toEqual([2, 4]);
    expect(new Set(seeded.memberIds).size).toBe(6);
    expect((await getSettings(app.services.db)).settings.upiVpa).toBe('sahayfoundation@sbi');
    const root = await app.caller({ token: seeded.rootSession });
    expect(await root.community.team.getSummary()).toMatchObject({ userId: seeded.rootId, teamSize: 6, directJoinees: 2 });
  });
});
