import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, testDbKinds, type TestDb } from '#server/testing/test-db';
import { hasRun, runOnce } from './job-effects.ts';

describe.each(testDbKinds())('job effects on %s', (kind) => {
  let testDb: TestDb;

  beforeAll(async () => {
    testDb = await createTestDb(kind, { poolSize: 20 });
    await testDb.db.query(`CREATE TABLE effect_log (job_id text NOT NULL)`);
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  const count = async (jobId: string) =>
    (await testDb.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM effect_log WHERE job_id = $1`, [jobId])).rows[0]!.count;
  const effect = (jobId: string) => async (tx: { query: (sql: string, params: unknown[]) => Promise<unknown> }) => {
    await tx.query(`INSERT INTO effect_log (job_id) VALUES ($1)`, [jobId]);
  };

  it('runs an effect the first time and skips it after', async () => {
    const jobId = `job-${crypto.randomUUID()}_a`;
    expect(await hasRun(testDb.db, jobId)).toBe(false);
    expect(await runOnce(testDb.db, jobId, effect(jobId))).toBe(true);
    expect(await runOnce(testDb.db, jobId, effect(jobId))).toBe(false);
    expect(await hasRun(testDb.db, jobId)).toBe(true);
    expect(await count(jobId)).toBe(1);
  });

  it('lets one of many simultaneous deliveries do the effect', async () => {
    const jobId = `job-${crypto.randomUUID()}_b`;
    const ran = await Promise.all(Array.from({ length: 10 }, () => runOnce(testDb.db, jobId, effect(jobId))));
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect(await count(jobId)).toBe(1);
  });

  it('forgets a failed effect, so the retry does it', async () => {
    const jobId = `job-${crypto.randomUUID()}_c`;
    await expect(
      runOnce(testDb.db, jobId, async (tx) => {
        await effect(jobId)(tx);
        throw new Error('the mail server is down');
      }),
    ).rejects.toThrow(/mail server/);
    expect(await hasRun(testDb.db, jobId)).toBe(false);
    expect(await count(jobId)).toBe(0);
    expect(await runOnce(testDb.db, jobId, effect(jobId))).toBe(true);
    expect(await count(jobId)).toBe(1);
  });
});
