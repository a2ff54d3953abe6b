import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '#server/testing/test-db';
import type { EventStore } from './event-store.ts';
import { runProcessorBatch, type ProcessorOptions } from './processor.ts';
import { createStore, createTestTables, meta, uniqueId } from './test-fixtures.ts';
import type { RecordedEvent } from './types.ts';

/**
 * Events are read in transaction-ID order. The ID comes back as text (xid8 has no JSON number), and
 * `ORDER BY transaction_id` once sorted by that text alias, not the column: "1000" before "999". A
 * batch across the boundary then ended on the wrong event, its checkpoint stayed behind, and the next
 * batch handled the same events again: a projection counted them twice (seen on PGlite, whose IDs
 * pass 1000 within a test file); on PostgreSQL the same happens at 10,000,000, 100,000,000… — a
 * doubled counter, a job run twice. Here the IDs are walked up to a power of ten and across it.
 */
describe('events read across a power of ten in transaction IDs (PGlite, whose IDs are small)', () => {
  let testDb: TestDb;
  let store: EventStore;

  beforeAll(async () => {
    testDb = await createTestDb('pglite');
    await createTestTables(testDb.db);
    store = createStore(testDb.db);
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  async function currentXid(): Promise<bigint> {
    const { rows } = await testDb.db.query<{ xid: string }>(`SELECT pg_current_xact_id()::text AS xid`);
    return BigInt(rows[0]!.xid);
  }

  it('reads each event once, in order, batch after batch, when the IDs gain a digit', async () => {
    // Each statement outside a transaction that asks for its ID uses one up.
    let xid = await currentXid();
    const boundary = 10n ** BigInt(String(xid).length);
    expect(boundary - xid).toBeLessThan(20_000n);
    while (xid < boundary - 4n) xid = await currentXid();

    const appended: RecordedEvent[] = [];
    for (let i = 0; i < 8; i++) {
      const { events } = await store.append([{ streamId: uniqueId('xid'), expected: 'no_stream', events: [{ type: 'Counted', data: { n: i } }] }], meta());
      appended.push(...events);
    }
    const xids = appended.map((event) => BigInt(event.transactionId));
    expect(xids.some((id) => id < boundary) && xids.some((id) => id >= boundary)).toBe(true);

    // From just before these events, as a processor that has read everything earlier would be.
    const before = { transactionId: String(xids[0]! - 1n), globalPosition: 0 };
    const read = await store.readAllAfter(testDb.db, before, 100);
    expect(read.map((event) => event.eventId)).toEqual(appended.map((event) => event.eventId));

    const seen: RecordedEvent[] = [];
    const processor: ProcessorOptions = { name: uniqueId('xid-processor'), owner: 'test', batchSize: 3, handle: async (_tx, events) => void seen.push(...events) };
    await testDb.db.query(`INSERT INTO processor_checkpoints (processor, transaction_id, global_position) VALUES ($1, $2::xid8, $3)`, [processor.name, before.transactionId, before.globalPosition]);
    for (let batch = 0; batch < 10; batch++) {
      const result = await runProcessorBatch(testDb.db, store, processor);
      if (result.processed === 0 && !result.hasMore) break;
    }
    const mine = new Set(appended.map((event) => event.eventId));
    expect(seen.filter((event) => mine.has(event.eventId)).map((event) => event.eventId)).toEqual(appended.map((event) => event.eventId));
  });
});
