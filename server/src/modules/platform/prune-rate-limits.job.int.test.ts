import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStore, jobContext } from '#server/event-store/test-fixtures';
import { DEFAULT_RATE_LIMITS } from '#server/lib/rate-limit';
import { sahayModules } from '#server/modules/registry';
import { scheduledJobId, type JobContext } from '#server/queue/queue';
import { createTestDb, type TestDb, testDbKinds } from '#server/testing/test-db';
import { DAY_MS, pruneRateLimitsJob } from './prune-rate-limits.job.ts';

describe('the daily pruning of rate-limit windows', () => {
  it('is declared by the platform module, once a day', () => {
    const schedules = sahayModules.flatMap((module) => module.schedules ?? []);
    expect(schedules.filter((schedule) => schedule.name === 'prune-rate-limits')).toEqual([pruneRateLimitsJob]);
    expect(pruneRateLimitsJob.everyMs).toBe(DAY_MS);
  });

  it('cannot cut a window short: no limit’s window is longer than the day it keeps', () => {
    const longest = Math.max(...Object.values(DEFAULT_RATE_LIMITS).map((rule) => rule.windowSeconds));
    expect(longest * 1000).toBeLessThanOrEqual(DAY_MS);
  });
});

describe.each(testDbKinds())('pruneRateLimitsJob on %s', (kind) => {
  let testDb: TestDb;
  let context: JobContext;

  beforeAll(async () => {
    testDb = await createTestDb(kind);
    context = jobContext(testDb.db, createStore(testDb.db, { projections: [] }));
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  const buckets = async () => (await testDb.db.query<{ bucket: string }>(`SELECT bucket FROM rate_limits ORDER BY bucket`)).rows.map((row) => row.bucket);

  it('deletes the windows that ended by the slot’s start, and a second run of the slot deletes nothing more', async () => {
    const slot = new Date('2031-05-02T00:00:00.000Z');
    for (const [bucket, start] of [
      ['login:a', '2031-04-20T09:00:00Z'],
      ['codes:b', '2031-04-30T23:59:59Z'],
      ['codes:c', '2031-05-01T00:00:00Z'],
      ['login:d', '2031-05-01T23:45:00Z'],
    ] as const) {
      await testDb.db.query(`INSERT INTO rate_limits (bucket, window_start, hits) VALUES ($1, $2, 3)`, [bucket, new Date(start)]);
    }
    const job = { id: scheduledJobId('prune-rate-limits', slot), scheduledAt: slot };
    await pruneRateLimitsJob.run(job, context);
    expect(await buckets()).toEqual(['codes:c', 'login:d']);
    // Run again much later (a retry): pruning is from the slot, not the clock, so the same rows stay.
    await pruneRateLimitsJob.run(job, context);
    expect(await buckets()).toEqual(['codes:c', 'login:d']);
  });
});
