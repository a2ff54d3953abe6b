import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '#server/db/db';
import { createTestDb, testDbKinds, type TestDb } from '#server/testing/test-db';
import { drainBatches as drainHeldBack } from '#server/testing/held-back';
import type { EventStore } from './event-store.ts';
import {
  CheckpointConflictError,
  type ProcessorOptions,
  projectionProcessor,
  readCheckpoint,
  releaseLease,
  runProcessorBatch,
  startProcessor,
} from './processor.ts';
import { countersProjection, createStore, createTestTables, eventually, meta, silentLog, uniqueId } from './test-fixtures.ts';
import type { RecordedEvent } from './types.ts';

function counted(streamId: string, expected: 'no_stream' | number = 'no_stream', count = 1) {
  return { streamId, expected, events: Array.from({ length: count }, (_, n) => ({ type: 'Counted', data: { n } })) };
}

/** A processor that records what it sees, optionally writing a row per event in its transaction. */
function recorder(name: string, owner: string, options: Partial<ProcessorOptions> = {}) {
  const seen: RecordedEvent[] = [];
  const processor: ProcessorOptions = {
    name,
    owner,
    batchSize: 100,
    async handle(_tx, events) {
      seen.push(...events);
    },
    ...options,
  };
  return { seen, processor };
}

function ids(events: readonly RecordedEvent[]) {
  return events.map((event) => event.eventId);
}

function isInOrder(events: readonly RecordedEvent[]): boolean {
  for (let i = 1; i < events.length; i++) {
    const a = events[i - 1]!;
    const b = events[i]!;
    const ta = BigInt(a.transactionId);
    const tb = BigInt(b.transactionId);
    if (ta > tb || (ta === tb && a.globalPosition >= b.globalPosition)) return false;
  }
  return true;
}

/**
 * Runs batches until nothing is left or held back. Events wait behind any transaction open in the
 * whole cluster (xids are cluster-wide), and other test files share it: a transaction they hold
 * for seconds holds these events back as long, so the patience is generous (20 s).
 */
function drainBatches(testDb: TestDb, store: EventStore, processor: ProcessorOptions) {
  return drainHeldBack(testDb.db, processor.name, () => runProcessorBatch(testDb.db, store, processor));
}

describe.each(testDbKinds())('async processors on %s', (kind) => {
  let testDb: TestDb;
  let store: EventStore;

  beforeAll(async () => {
    testDb = await createTestDb(kind, { poolSize: 20 });
    await createTestTables(testDb.db);
    store = createStore(testDb.db);
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  if (kind === 'postgres') {
    it('never skips an event whose transaction commits after a later one (lower position committed last)', async () => {
      const { seen, processor } = recorder(uniqueId('ooo-a'), 'owner-1');
      await drainBatches(testDb, store, processor);
      seen.length = 0;

      let releaseT1!: () => void;
      const t1Gate = new Promise<void>((resolve) => (releaseT1 = resolve));
      let t1Appended!: (events: RecordedEvent[]) => void;
      const t1Ready = new Promise<RecordedEvent[]>((resolve) => (t1Appended = resolve));
      // T1 begins and appends on its own connection, then holds its transaction open.
      const t1 = testDb.db.transaction(async (tx) => {
        const { events } = await store.appendInTransaction(tx, [counted(uniqueId('t1'))], meta());
        t1Appended(events);
        await t1Gate;
        return events;
      });
      const [e1] = await t1Ready;
      // T2 appends on another connection and commits first.
      const {
        events: [e2],
      } = await store.append([counted(uniqueId('t2'))], meta());
      expect(e1!.globalPosition).toBeLessThan(e2!.globalPosition);

      // T1 is still running, so nothing from a transaction at or after it is visible yet; the batch
      // knows T2's event waits behind it (no NOTIFY may follow, so its loop polls again soon).
      const held = await runProcessorBatch(testDb.db, store, processor);
      expect(held.isHeldBack).toBe(true);
      expect(ids(seen)).not.toContain(e1!.eventId);
      expect(ids(seen)).not.toContain(e2!.eventId);

      releaseT1();
      await t1;
      await drainBatches(testDb, store, processor);
      expect(ids(seen)).toEqual([e1!.eventId, e2!.eventId]);
      expect(isInOrder(seen)).toBe(true);
      await drainBatches(testDb, store, processor);
      expect(seen).toHaveLength(2);
    });

    it('sees an earlier transaction’s event at once and a later-started one, committing after, next (higher xid, lower position)', async () => {
      const { seen, processor } = recorder(uniqueId('ooo-b'), 'owner-1');
      await drainBatches(testDb, store, processor);
      seen.length = 0;

      // T2 takes its transaction ID first, then T1 starts and appends first (lower position).
      let t2Step!: () => void;
      const t2Go = new Promise<void>((resolve) => (t2Step = resolve));
      let t2HasXid!: () => void;
      const t2Started = new Promise<void>((resolve) => (t2HasXid = resolve));
      const t2 = testDb.db.transaction(async (tx: Queryable) => {
        await tx.query('SELECT pg_current_xact_id()');
        t2HasXid();
        await t2Go;
        const { events } = await store.appendInTransaction(tx, [counted(uniqueId('t2'))], meta());
        return events;
      });
      await t2Started;
      let releaseT1!: () => void;
      const t1Gate = new Promise<void>((resolve) => (releaseT1 = resolve));
      let t1Appended!: (events: RecordedEvent[]) => void;
      const t1Ready = new Promise<RecordedEvent[]>((resolve) => (t1Appended = resolve));
      const t1 = testDb.db.transaction(async (tx) => {
        const { events } = await store.appendInTransaction(tx, [counted(uniqueId('t1'))], meta());
        t1Appended(events);
        await t1Gate;
        return events;
      });
      const [e1] = await t1Ready;
      t2Step();
      const [e2] = await t2;
      expect(e1!.globalPosition).toBeLessThan(e2!.globalPosition);
      expect(BigInt(e2!.transactionId)).toBeLessThan(BigInt(e1!.transactionId));

      // T2 (older transaction ID) is committed and every older one is done: it may be seen now.
      await drainBatches(testDb, store, processor);
      expect(ids(seen)).toEqual([e2!.eventId]);

      releaseT1();
      await t1;
      await drainBatches(testDb, store, processor);
      expect(ids(seen)).toEqual([e2!.eventId, e1!.eventId]);
      expect(isInOrder(seen)).toBe(true);
    });
  } else {
    // PGlite is one connection that runs one transaction at a time: a second writer cannot append
    // while the first is open, so commits cannot overtake each other. The closest honest check is
    // that a writer and the processor, started while a transaction is open, queue behind it and the
    // processor still sees every event exactly once, in (transaction_id, global_position) order.
    it('sees every event once, in order, when writers and the processor queue behind an open transaction', async () => {
      const { seen, processor } = recorder(uniqueId('ooo'), 'owner-1');
      await drainBatches(testDb, store, processor);
      seen.length = 0;

      let releaseT1!: () => void;
      const t1Gate = new Promise<void>((resolve) => (releaseT1 = resolve));
      let t1Appended!: (events: RecordedEvent[]) => void;
      const t1Ready = new Promise<RecordedEvent[]>((resolve) => (t1Appended = resolve));
      const t1 = testDb.db.transaction(async (tx) => {
        const { events } = await store.appendInTransaction(tx, [counted(uniqueId('t1'))], meta());
        t1Appended(events);
        await t1Gate;
        return events;
      });
      const [e1] = await t1Ready;
      const t2 = store.append([counted(uniqueId('t2'))], meta());
      const batch = runProcessorBatch(testDb.db, store, processor);
      releaseT1();
      await t1;
      const {
        events: [e2],
      } = await t2;
      await batch;
      await drainBatches(testDb, store, processor);
      expect(ids(seen)).toEqual([e1!.eventId, e2!.eventId]);
      expect(isInOrder(seen)).toBe(true);
    });
  }

  it('sees each of many concurrently appended events exactly once, in a stable order', async () => {
    const { seen, processor } = recorder(uniqueId('many'), 'owner-1', { batchSize: 7 });
    await drainBatches(testDb, store, processor);
    seen.length = 0;
    const streams = Array.from({ length: 40 }, () => uniqueId('many'));
    const appending = Promise.all(streams.map((streamId) => store.append([counted(streamId, 'no_stream', 3)], meta())));
    // Batches run while the appends are landing.
    let isDone = false;
    void appending.finally(() => (isDone = true));
    while (!isDone) await runProcessorBatch(testDb.db, store, processor);
    await appending;
    await drainBatches(testDb, store, processor);
    const mine = seen.filter((event) => streams.includes(event.streamId));
    expect(mine).toHaveLength(120);
    expect(new Set(ids(seen)).size).toBe(seen.length);
    expect(isInOrder(seen)).toBe(true);
  });

  it('lets one owner run a processor: two racing with the same name, one takes it', async () => {
    const name = uniqueId('race');
    const raceStream = uniqueId('race');
    await store.append([counted(raceStream, 'no_stream', 5)], meta());
    const a = recorder(name, 'owner-a');
    const b = recorder(name, 'owner-b');
    const results = await Promise.all([
      runProcessorBatch(testDb.db, store, a.processor),
      runProcessorBatch(testDb.db, store, b.processor),
    ]);
    expect(results.filter((result) => result.isOwner)).toHaveLength(1);
    const winner = results[0]!.isOwner ? a : b;
    const loser = winner === a ? b : a;
    await drainBatches(testDb, store, winner.processor);
    expect(loser.seen).toHaveLength(0);
    expect(winner.seen.filter((event) => event.streamId === raceStream)).toHaveLength(5);
    expect(new Set(ids(winner.seen)).size).toBe(winner.seen.length);
    const checkpoint = await readCheckpoint(testDb.db, name);
    expect(checkpoint?.owner).toBe(winner.processor.owner);
    expect(checkpoint?.globalPosition).toBe(winner.seen.at(-1)!.globalPosition);

    // The loser keeps being turned away while the lease lives, even with new events to read.
    await store.append([counted(uniqueId('race'))], meta());
    expect((await runProcessorBatch(testDb.db, store, loser.processor)).isOwner).toBe(false);
    expect(loser.seen).toHaveLength(0);

    // Released, it can be taken over and goes on from the checkpoint: nothing seen twice.
    await releaseLease(testDb.db, name, winner.processor.owner);
    await drainBatches(testDb, store, loser.processor);
    expect(loser.seen).toHaveLength(1);
    expect(ids(winner.seen)).not.toContain(loser.seen[0]!.eventId);
  });

  it('takes over an expired lease', async () => {
    const name = uniqueId('lease');
    await store.append([counted(uniqueId('lease'))], meta());
    const a = recorder(name, 'owner-a', { leaseMs: 400 });
    const b = recorder(name, 'owner-b', { leaseMs: 400 });
    await drainBatches(testDb, store, a.processor);
    expect((await runProcessorBatch(testDb.db, store, b.processor)).isOwner).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await store.append([counted(uniqueId('lease'))], meta());
    expect((await runProcessorBatch(testDb.db, store, b.processor)).isOwner).toBe(true);
    // Transaction IDs are cluster-wide: a transaction still open in another test's database can
    // hold the new event back for a moment (below the snapshot's xmin). Ask again until it shows.
    for (let tries = 0; b.seen.length === 0 && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      await runProcessorBatch(testDb.db, store, b.processor);
    }
    expect(b.seen).toHaveLength(1);
    expect((await readCheckpoint(testDb.db, name))?.owner).toBe('owner-b');
  });

  it('rolls the batch back when its checkpoint moved under it (compare-and-set)', async () => {
    const name = uniqueId('cas');
    const streamId = uniqueId('cas');
    await store.append([counted(streamId)], meta());
    const before = await (async () => {
      await runProcessorBatch(testDb.db, store, recorder(name, 'owner-a').processor);
      return readCheckpoint(testDb.db, name);
    })();
    await store.append([counted(uniqueId('cas'))], meta());
    const processor: ProcessorOptions = {
      name,
      owner: 'owner-a',
      batchSize: 100,
      async handle(tx, events) {
        await tx.query(`INSERT INTO test_effects (job_id, event_id) VALUES ($1, $2)`, [`cas-${name}`, events[0]!.eventId]);
        // Someone else moved the checkpoint meanwhile.
        await tx.query(`UPDATE processor_checkpoints SET global_position = global_position + 1 WHERE processor = $1`, [name]);
      },
    };
    await expect(runProcessorBatch(testDb.db, store, processor)).rejects.toBeInstanceOf(CheckpointConflictError);
    const after = await readCheckpoint(testDb.db, name);
    expect(after?.globalPosition).toBe(before?.globalPosition);
    expect(after?.transactionId).toBe(before?.transactionId);
    const { rows } = await testDb.db.query(`SELECT 1 FROM test_effects WHERE job_id = $1`, [`cas-${name}`]);
    expect(rows).toHaveLength(0);
  });

  it('with a type filter, moves past events of other types so they are not scanned again', async () => {
    const name = uniqueId('filter');
    const { seen, processor } = recorder(name, 'owner-a', { types: ['NeverRecorded'] });
    await store.append([counted(uniqueId('filter'), 'no_stream', 3)], meta());
    const { rows } = await testDb.db.query<{ global_position: number }>(`SELECT max(global_position) AS global_position FROM events`);
    // Events of other types still behind a transaction open elsewhere on the server (other test
    // files' databases share its transaction IDs) are not "held back" for this filter: the
    // checkpoint passes them at a later batch, so batches run until it has, for at most 20 s.
    for (let attempt = 0; attempt < 400; attempt++) {
      await drainBatches(testDb, store, processor);
      if ((await readCheckpoint(testDb.db, name))?.globalPosition === rows[0]!.global_position) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(seen).toHaveLength(0);
    expect((await readCheckpoint(testDb.db, name))?.globalPosition).toBe(rows[0]!.global_position);
  });

  it('runs until stopped, wakes on the events notification, and two running loops share no event', async () => {
    const name = uniqueId('loop');
    const handledBy = new Map<string, string[]>();
    const loop = (owner: string) =>
      startProcessor(testDb.db, store, {
        name,
        owner,
        batchSize: 10,
        // Far longer than the test: only the NOTIFY can wake it in time.
        pollMs: 60_000,
        log: silentLog,
        async handle(_tx, events) {
          for (const event of events) handledBy.set(event.eventId, [...(handledBy.get(event.eventId) ?? []), owner]);
        },
      });
    const first = loop('owner-a');
    const second = loop('owner-b');
    try {
      // Let both take their first look (one of them takes the lease) before appending.
      await eventually(async () => (await readCheckpoint(testDb.db, name))?.owner != null, 5_000, 'a lease holder');
      const streams = Array.from({ length: 10 }, () => uniqueId('loop'));
      for (const streamId of streams) await store.append([counted(streamId, 'no_stream', 3)], meta());
      const appended = await testDb.db.query<{ event_id: string }>(`SELECT event_id FROM events WHERE stream_id = ANY($1)`, [streams]);
      const wanted = appended.rows.map((row) => row.event_id);
      await eventually(() => wanted.every((id) => handledBy.has(id)), 10_000, 'all events handled');
      for (const id of wanted) expect(handledBy.get(id)).toHaveLength(1);
      const owners = new Set(wanted.flatMap((id) => handledBy.get(id)!));
      expect(owners.size).toBe(1);
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
    // Stopping released the lease.
    expect((await readCheckpoint(testDb.db, name))?.owner).toBeNull();
  });

  it('gathers a steady stream of wake-ups into batches at least minBatchGapMs apart, each event handled once (decision 084)', async () => {
    const name = uniqueId('gap');
    const batches: number[] = [];
    const handled = new Map<string, number>();
    const running = startProcessor(testDb.db, store, {
      name,
      owner: 'owner-gap',
      batchSize: 100,
      pollMs: 60_000,
      minBatchGapMs: 250,
      log: silentLog,
      async handle(_tx, events) {
        batches.push(events.length);
        for (const event of events) handled.set(event.eventId, (handled.get(event.eventId) ?? 0) + 1);
      },
    });
    try {
      await eventually(async () => (await readCheckpoint(testDb.db, name))?.owner != null, 5_000, 'a lease holder');
      // 30 appends, one every 20 ms: each wakes the loop at once (same process); without the gap each would be a batch.
      const streams = Array.from({ length: 30 }, () => uniqueId('gap'));
      const started = performance.now();
      for (const streamId of streams) {
        await store.append([counted(streamId)], meta());
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const appendedMs = performance.now() - started;
      const appended = await testDb.db.query<{ event_id: string }>(`SELECT event_id FROM events WHERE stream_id = ANY($1)`, [streams]);
      const wanted = appended.rows.map((row) => row.event_id);
      await eventually(() => wanted.every((id) => handled.has(id)), 10_000, 'all events handled');
      for (const id of wanted) expect(handled.get(id)).toBe(1);
      // At most one batch a gap while the appends went on, and the one after.
      expect(batches.length).toBeLessThanOrEqual(Math.ceil(appendedMs / 250) + 2);
      expect(batches.length).toBeLessThan(wanted.length / 2);
    } finally {
      await running.stop();
    }
  });

  it('keeps a projection up to date as an async processor', async () => {
    const table = 'test_counters';
    const streamId = uniqueId('async-projection');
    await store.append([counted(streamId, 'no_stream', 4)], meta());
    // The inline projection already counted it; the async one writes the same table under another
    // name, so clear the row and let the processor rebuild it from its checkpoint onwards.
    const processor = projectionProcessor(store, countersProjection, { owner: 'owner-a', name: uniqueId('projection'), batchSize: 3 });
    await testDb.db.query(`DELETE FROM ${table}`);
    await drainBatches(testDb, store, processor);
    const { rows } = await testDb.db.query<{ count: number }>(`SELECT count FROM ${table} WHERE stream_id = $1`, [streamId]);
    expect(rows).toEqual([{ count: 4 }]);
  });
});
