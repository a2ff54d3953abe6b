import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createBullmqQueue, type BullmqQueue } from '#server/queue/bullmq-queue';
import { createInProcessQueue, type InProcessQueue } from '#server/queue/in-process-queue';
import { hasRun, runOnce } from '#server/queue/job-effects';
import type { JobHandler, JobQueue } from '#server/queue/queue';
import { createTestDb, testDbKinds, type TestDb } from '#server/testing/test-db';
import { drainBatches, HELD_BACK_PATIENCE_MS } from '#server/testing/held-back';
import { describeWhere, needsRedis } from '#server/testing/requires';
import type { EventStore } from './event-store.ts';
import { readCheckpoint, releaseLease } from './processor.ts';
import { jobsFor, RELAY_PROCESSOR, type RelayServices, runRelayBatch, startRelay } from './relay.ts';
import {
  assertRedisReachable,
  createStore,
  createTestTables,
  deleteRedisKeys,
  eventually,
  jobContext,
  meta,
  redisTestPrefix,
  silentLog,
  uniqueId,
} from './test-fixtures.ts';
import type { RecordedEvent } from './types.ts';

type QueueKind = 'in-process' | 'bullmq';
// Read only by the BullMQ suites, which run when it is set (needsRedis).
const redisUrl = process.env.TEST_REDIS_URL ?? '';
const queueKinds: QueueKind[] = ['in-process', 'bullmq'];

describe.each(testDbKinds())('relay on %s', (dbKind) => {
  for (const queueKind of queueKinds) describeWhere(queueKind === 'bullmq' ? [needsRedis] : [], `with the ${queueKind} queue`, () => {
    let testDb: TestDb;
    let store: EventStore;
    const prefixes: string[] = [];
    const queues: JobQueue[] = [];
    /** Runs per job ID; the first run of a record-pledge job fails. */
    const runs = new Map<string, number>();

    const recordPledge: JobHandler = {
      name: 'record-pledge',
      on: ['PledgeMade'],
      async run(job, context) {
        const run = (runs.get(job.id) ?? 0) + 1;
        runs.set(job.id, run);
        if (run === 1) throw new Error('first delivery fails');
        await runOnce(context.db, job.id, async (tx) => {
          await tx.query(`INSERT INTO test_effects (job_id, event_id) VALUES ($1, $2)`, [job.id, job.event.eventId]);
        });
      },
    };
    const noteIncrease: JobHandler = {
      name: 'note-increase',
      on: ['PledgeIncreased'],
      async run(job, context) {
        runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
        // Delivered as it was recorded: a Date again after a trip through Redis.
        if (!(job.event.recordedAt instanceof Date)) throw new Error('recordedAt is not a Date');
        await runOnce(context.db, job.id, async (tx) => {
          await tx.query(`INSERT INTO test_effects (job_id, event_id) VALUES ($1, $2)`, [job.id, job.event.eventId]);
        });
      },
    };
    const handlers = [recordPledge, noteIncrease];

    function makeQueue(): JobQueue {
      const context = jobContext(testDb.db, store);
      let queue: JobQueue;
      if (queueKind === 'bullmq') {
        const prefix = redisTestPrefix();
        prefixes.push(prefix);
        queue = createBullmqQueue({ url: redisUrl, prefix, runsJobs: true, handlers, context, log: silentLog, backoffMs: 20 });
      } else {
        queue = createInProcessQueue({ handlers, context, log: silentLog, backoffMs: 5 });
      }
      queues.push(queue);
      return queue;
    }

    /** Until the queue has nothing waiting, running or due for a retry. */
    async function settle(queue: JobQueue): Promise<void> {
      if (queue.kind === 'in-process') return (queue as InProcessQueue).drain();
      const bull = (queue as BullmqQueue).queue;
      await eventually(async () => {
        const counts = await bull.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
        return Object.values(counts).every((count) => count === 0);
      }, 15_000, 'the BullMQ queue to settle');
    }

    function services(queue: JobQueue): RelayServices {
      return { db: testDb.db, eventStore: store, queue, jobHandlers: handlers, log: silentLog };
    }

    /** Relays everything, waiting also for events held back by a transaction open in another test's database. */
    async function relayAll(queue: JobQueue): Promise<void> {
      await drainBatches(testDb.db, 'relay', () => runRelayBatch(services(queue), { owner: 'test' }));
    }

    async function resetRelay(): Promise<void> {
      await testDb.db.query(`UPDATE processor_checkpoints SET transaction_id = '0', global_position = 0 WHERE processor = $1`, [RELAY_PROCESSOR]);
    }

    async function effects(eventIds: readonly string[]): Promise<Record<string, number>> {
      const { rows } = await testDb.db.query<{ job_id: string; count: number }>(
        `SELECT job_id, count(*)::int AS count FROM test_effects WHERE event_id = ANY($1::uuid[]) GROUP BY job_id`,
        [eventIds],
      );
      return Object.fromEntries(rows.map((row) => [row.job_id, row.count]));
    }

    async function appendPledges(): Promise<RecordedEvent[]> {
      const recorded: RecordedEvent[] = [];
      for (let n = 0; n < 3; n++) {
        const pledgeId = uniqueId('relay');
        const { events } = await store.append(
          [
            {
              streamId: `pledge-${pledgeId}`,
              expected: 'no_stream',
              events: [
                { type: 'PledgeMade', data: { pledgeId, amountPaise: 100 } },
                { type: 'PledgeIncreased', data: { pledgeId, amountPaise: 1 } },
                { type: 'Counted', data: {} },
              ],
            },
          ],
          meta(),
        );
        recorded.push(...events);
      }
      return recorded;
    }

    beforeAll(async () => {
      if (queueKind === 'bullmq') await assertRedisReachable(redisUrl);
      testDb = await createTestDb(dbKind);
      await createTestTables(testDb.db);
      store = createStore(testDb.db);
    });
    afterEach(async () => {
      await Promise.all(queues.splice(0).map((queue) => queue.close()));
    });
    afterAll(async () => {
      await testDb?.drop();
      for (const prefix of prefixes) await deleteRedisKeys(redisUrl, prefix);
    });

    it('turns events into jobs with deterministic IDs; a failing job is retried and its effect happens once', async () => {
      const events = await appendPledges();
      const queue = makeQueue();
      await relayAll(queue);
      await settle(queue);

      const expected = jobsFor(events, handlers);
      // One job per (event, interested handler): 3 pledges + 3 increases, none for Counted.
      expect(expected).toHaveLength(6);
      expect(expected.map((job) => job.id)).toEqual(
        events.filter((event) => event.type !== 'Counted').map((event) => `${event.eventId}_${event.type === 'PledgeMade' ? 'record-pledge' : 'note-increase'}`),
      );
      const eventIds = events.map((event) => event.eventId);
      expect(await effects(eventIds)).toEqual(Object.fromEntries(expected.map((job) => [job.id, 1])));
      for (const job of expected) expect(runs.get(job.id)).toBe(job.handler === 'record-pledge' ? 2 : 1);
      for (const job of expected) expect(await hasRun(testDb.db, job.id)).toBe(true);

      // Delivered again — the same jobs enqueued twice, and the relay run again from the start — the
      // queue still holds them by ID, so nothing runs again.
      await queue.enqueue(expected);
      await resetRelay();
      await relayAll(queue);
      await settle(queue);
      for (const job of expected) expect(runs.get(job.id)).toBe(job.handler === 'record-pledge' ? 2 : 1);
      expect(await effects(eventIds)).toEqual(Object.fromEntries(expected.map((job) => [job.id, 1])));
    });

    it('runs a redelivered job again once the queue has forgotten it, and the effect still happens once', async () => {
      const events = await appendPledges();
      const first = makeQueue();
      await relayAll(first);
      await settle(first);
      const expected = jobsFor(events, handlers);
      const before = new Map(expected.map((job) => [job.id, runs.get(job.id)!]));

      // A fresh in-process queue (a restart) or BullMQ after its retention: the IDs are unknown.
      let queue = first;
      if (queueKind === 'bullmq') {
        await (first as BullmqQueue).queue.clean(0, 10_000, 'completed');
      } else {
        await first.close();
        queue = makeQueue();
      }
      await resetRelay();
      await relayAll(queue);
      await settle(queue);
      for (const job of expected) expect(runs.get(job.id)).toBe(before.get(job.id)! + 1);
      expect(await effects(events.map((event) => event.eventId))).toEqual(Object.fromEntries(expected.map((job) => [job.id, 1])));
    });

    it('enqueues before it commits: a crash between the two delivers again, and the effect happens once', async () => {
      const events = await appendPledges();
      // Transaction IDs are cluster-wide: wait until no transaction open in another test's database
      // holds these events back, so that the first batch does see them (and crashes).
      const written = BigInt(events.at(-1)!.transactionId);
      await eventually(
        async () => {
          const { rows } = await testDb.db.query<{ xmin: string }>(`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin`);
          return BigInt(rows[0]!.xmin) > written;
        },
        HELD_BACK_PATIENCE_MS,
        'no open transaction to hold the pledges back',
      );
      const real = makeQueue();
      const checkpointBefore = await readCheckpoint(testDb.db, RELAY_PROCESSOR);
      let hasCrashed = false;
      const crashing: JobQueue = {
        kind: real.kind,
        isReachable: () => real.isReachable(),
        retry: (jobId) => real.retry(jobId),
        close: async () => {},
        async enqueue(jobs) {
          await real.enqueue(jobs);
          if (!hasCrashed) {
            hasCrashed = true;
            throw new Error('crash after enqueue, before the checkpoint commits');
          }
        },
      };
      await expect(runRelayBatch(services(crashing), { owner: 'test' })).rejects.toThrow(/crash after enqueue/);
      expect(await readCheckpoint(testDb.db, RELAY_PROCESSOR)).toMatchObject({
        transactionId: checkpointBefore?.transactionId,
        globalPosition: checkpointBefore?.globalPosition,
      });
      await relayAll(crashing);
      await settle(real);
      const expected = jobsFor(events, handlers);
      expect(await effects(events.map((event) => event.eventId))).toEqual(Object.fromEntries(expected.map((job) => [job.id, 1])));
      const after = await readCheckpoint(testDb.db, RELAY_PROCESSOR);
      expect(after?.globalPosition).toBeGreaterThanOrEqual(events.at(-1)!.globalPosition);
    });

    it('runs as a loop that picks up new events and stops cleanly', async () => {
      const queue = makeQueue();
      // The batches above ran as owner "test", whose lease is still live: hand it over.
      await releaseLease(testDb.db, RELAY_PROCESSOR, 'test');
      const relay = startRelay(services(queue), { owner: 'loop', pollMs: 60_000 });
      try {
        const events = await appendPledges();
        const expected = jobsFor(events, handlers);
        await eventually(async () => Object.keys(await effects(events.map((event) => event.eventId))).length === expected.length, 15_000, 'the relayed effects');
      } finally {
        await relay.stop();
      }
      expect((await readCheckpoint(testDb.db, RELAY_PROCESSOR))?.owner).toBeNull();
    });
  });
});
