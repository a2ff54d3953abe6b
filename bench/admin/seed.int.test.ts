import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '#server/testing/test-services';
import { testDbKinds } from '#server/testing/test-db';
import { isoDate } from '../kanyadan/population.ts';
import { seed } from '../load/seed.ts';
import { seedAuditedDonation } from './seed.ts';

/**
 * Issue 36: bench:admin failed every day from 18:30 to 24:00 UTC — it dated the money received by
 * the UTC date, a day behind India's, and the product refused money received before the donation
 * was made. The benches' seeding runs here with the clock at 23:00 UTC (04:30 the next day in India).
 */
describe('the benches’ seeding late in the UTC day', () => {
  const LATE = new Date('2031-03-31T23:00:00.000Z');
  let app: TestApp;
  beforeAll(async () => {
    // PGlite, whose clock is this process's: a real PostgreSQL's now() cannot be set to 23:00 UTC, and
    // what it stamps (a registration's time, from which its confirmation link's expiry is counted) would
    // then be years before the faked clock.
    app = await createTestApp(testDbKinds()[0]!);
  });
  afterAll(async () => {
    await app?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('bench:admin verifies its donation as received on India’s date', async () => {
    // Only Date is faked: the database's and the queue's timers run as they do.
    vi.useFakeTimers({ toFake: ['Date'], now: LATE });
    expect(new Date().toISOString()).toBe(LATE.toISOString());
    const { reference } = await seedAuditedDonation(app.services);
    const { rows } = await app.services.db.query<{ status: string; received_on: string }>(`SELECT status, received_on::text FROM donations WHERE reference = $1`, [reference]);
    expect(rows).toEqual([{ status: 'verified', received_on: '2031-04-01' }]);
  });

  it('bench:load seeds its team, and bench:kanyadan dates a birth by India’s day', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: LATE });
    const seeded = await seed(app.services, { branching: 2, depth: 1 });
    expect(seeded.levelSizes).toEqual([2]);
    expect(isoDate(new Date())).toBe('2031-04-01');
  });
});
