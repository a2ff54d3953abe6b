import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Queryable } from '#server/db/db';
import { createTestDb, testDbKinds, type TestDb } from '#server/testing/test-db';
import { readWebhookHealth, recordWebhookDelivery, WEBHOOK_HEALTH_FLUSH_MS } from './webhook-health.ts';

/**
 * webhook_health without a write per delivery (decision 083): while the webhook is well, taken
 * deliveries are written once a flush interval, the latest time last; a refusal is written at once,
 * and the next taken delivery at once after it.
 */
const log = pino({ level: 'silent' });

describe('the webhook health row, written once a second while well', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A database that only counts what it is asked. */
  function countingDb(): Queryable & { statements: { text: string; params: readonly unknown[] }[] } {
    const statements: { text: string; params: readonly unknown[] }[] = [];
    return {
      statements,
      async query(text, params = []) {
        statements.push({ text, params });
        return { rows: [], rowCount: 0 };
      },
    };
  }

  it('a hundred taken deliveries in a second are one write at once and one at the end of the second, with the latest time', async () => {
    vi.useFakeTimers();
    const db = countingDb();
    const times = Array.from({ length: 100 }, (_, index) => new Date(Date.UTC(2031, 7, 10, 6, 0, 0, index)));
    for (const at of times) await recordWebhookDelivery(db, log, { taken: true }, at);
    expect(db.statements.map((statement) => statement.params)).toEqual([[times[0]]]);
    await vi.advanceTimersByTimeAsync(WEBHOOK_HEALTH_FLUSH_MS);
    expect(db.statements.map((statement) => statement.params)).toEqual([[times[0]], [times[99]]]);
    // Nothing waits any more: no further write.
    await vi.advanceTimersByTimeAsync(WEBHOOK_HEALTH_FLUSH_MS * 3);
    expect(db.statements).toHaveLength(2);
  });

  it('a refusal is written at once, and the next taken delivery too; a time waiting from before the refusal is dropped', async () => {
    vi.useFakeTimers();
    const db = countingDb();
    const at = (ms: number) => new Date(Date.UTC(2031, 7, 10, 6, 0, 0, ms));
    await recordWebhookDelivery(db, log, { taken: true }, at(0));
    await recordWebhookDelivery(db, log, { taken: true }, at(1));
    await recordWebhookDelivery(db, log, { taken: false, reason: 'signature' }, at(2));
    await recordWebhookDelivery(db, log, { taken: true }, at(3));
    expect(db.statements.map((statement) => statement.params)).toEqual([[at(0)], [at(2), 'signature'], [at(3)]]);
    await vi.advanceTimersByTimeAsync(WEBHOOK_HEALTH_FLUSH_MS * 2);
    expect(db.statements).toHaveLength(3);
  });
});

describe.each(testDbKinds())('the taken delivery\'s statement on %s', (kind) => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb(kind);
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  it('clears the refusals recorded before it, not one recorded after it (by another process while its time waited)', async () => {
    const { db } = testDb;
    const at = (seconds: number) => new Date(Date.UTC(2031, 7, 10, 6, 0, seconds));
    // Each call on a database of its own so that none waits: the statement is what is tried here.
    const write = (outcome: Parameters<typeof recordWebhookDelivery>[2], when: Date) => recordWebhookDelivery({ query: (text, params, options) => db.query(text, params, options) }, log, outcome, when);
    await write({ taken: true }, at(0));
    expect(await readWebhookHealth(db)).toMatchObject([{ failures: 0, failingSince: null, lastSuccessAt: at(0) }]);
    await write({ taken: false, reason: 'body' }, at(10));
    await write({ taken: false, reason: 'body' }, at(20));
    // A taken delivery of second 15 (its time waited) clears nothing: a refusal came after it.
    await write({ taken: true }, at(15));
    expect(await readWebhookHealth(db)).toMatchObject([{ failures: 2, failingSince: at(10), lastSuccessAt: at(15), lastReason: 'body' }]);
    await write({ taken: true }, at(21));
    expect(await readWebhookHealth(db)).toMatchObject([{ failures: 0, failingSince: null, lastSuccessAt: at(21) }]);
    // Within a second of the last, and nothing to clear: the row is left as it is.
    await write({ taken: true }, new Date(at(21).getTime() + 500));
    expect(await readWebhookHealth(db)).toMatchObject([{ lastSuccessAt: at(21) }]);
  });
});
