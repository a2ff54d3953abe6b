import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  assertRedisReachable,
  deleteRedisKeys,
  eventually,
  redisTestPrefix,
  silentLog,
} from '#server/event-store/test-fixtures';
import type { RecordedEvent } from '#server/event-store/types';
import { describeWhere, needsRedis } from '#server/testing/requires';
import { assertJobId, type BullmqQueue, createBullmqQueue, fromJobData, toJobData } from './bullmq-queue.ts';
import { jobId, type JobContext, type JobHandler, type QueuedJob } from './queue.ts';

// The handlers here use nothing from the context.
const context = {} as JobContext;

function event(): RecordedEvent {
  return {
    globalPosition: 7,
    eventId: crypto.randomUUID(),
    streamId: 'pledge-1',
    streamVersion: 2,
    type: 'PledgeMade',
    schemaVersion: 2,
    data: { pledgeId: 'p-1', amountPaise: 100 },
    metadata: { actor: 'user-1', correlationId: 'c-1', causationId: null },
    transactionId: '812',
    recordedAt: new Date('2025-03-01T10:20:30.456Z'),
  };
}

function job(handler: string, recorded = event()): QueuedJob {
  return { id: jobId(recorded.eventId, handler), handler, event: recorded };
}

describe('BullMQ job data', () => {
  it('travels as JSON and comes back with recordedAt as a Date', () => {
    const queued = job('h');
    const data = JSON.parse(JSON.stringify(toJobData(queued)));
    expect(fromJobData(data)).toEqual(queued.event);
    expect(fromJobData(data).recordedAt).toBeInstanceOf(Date);
  });

  it('refuses a job ID with a colon', () => {
    expect(() => assertJobId('abc:def')).toThrow(/':'/);
    expect(() => assertJobId(jobId(crypto.randomUUID(), 'send-receipt'))).not.toThrow();
  });
});

// Read only by the suites that run when it is set (needsRedis).
const redisUrl = process.env.TEST_REDIS_URL ?? '';

describeWhere([needsRedis], 'BullMQ queue on Redis', () => {
  const prefixes: string[] = [];
  const queues: BullmqQueue[] = [];

  function makeQueue(handlers: JobHandler[], options: { runsJobs?: boolean; prefix?: string } = {}): BullmqQueue {
    const prefix = options.prefix ?? redisTestPrefix();
    if (!prefixes.includes(prefix)) prefixes.push(prefix);
    const queue = createBullmqQueue({ url: redisUrl, prefix, runsJobs: options.runsJobs ?? true, handlers, context, log: silentLog, backoffMs: 10 });
    queues.push(queue);
    return queue;
  }

  beforeAll(async () => {
    await assertRedisReachable(redisUrl);
  });
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((queue) => queue.close()));
  });
  afterAll(async () => {
    for (const prefix of prefixes) await deleteRedisKeys(redisUrl, prefix);
  });

  it('adds a job ID once, keeps it by that ID, and runs it once', async () => {
    const runs: string[] = [];
    const queue = makeQueue([{ name: 'h', on: ['PledgeMade'], run: async (j) => void runs.push(j.id) }]);
    const queued = job('h');
    await queue.enqueue([queued, queued]);
    await queue.enqueue([queued]);
    await eventually(async () => (await queue.queue.getJobState(queued.id)) === 'completed', 10_000, 'the job to complete');
    await queue.enqueue([queued]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(runs).toEqual([queued.id]);
    const stored = await queue.queue.getJob(queued.id);
    expect(stored?.opts).toMatchObject({
      jobId: queued.id,
      attempts: 5,
      backoff: { type: 'exponential', delay: 10 },
      removeOnComplete: { age: 7 * 24 * 3600 },
      removeOnFail: { age: 30 * 24 * 3600 },
    });
  });

  it('retries a failing handler and hands it the event as recorded', async () => {
    const seen: RecordedEvent[] = [];
    const queue = makeQueue([
      {
        name: 'flaky',
        on: ['PledgeMade'],
        async run(j) {
          seen.push(j.event);
          if (seen.length < 3) throw new Error('not yet');
        },
      },
    ]);
    const queued = job('flaky');
    await queue.enqueue([queued]);
    await eventually(async () => (await queue.queue.getJobState(queued.id)) === 'completed', 10_000, 'the job to complete');
    expect(seen).toHaveLength(3);
    expect(seen[2]).toEqual(queued.event);
    expect((await queue.queue.getJob(queued.id))?.attemptsMade).toBe(3);
  });

  it('fails a job for an unknown handler at once', async () => {
    const queue = makeQueue([]);
    const queued = job('missing');
    await queue.enqueue([queued]);
    await eventually(async () => (await queue.queue.getJobState(queued.id)) === 'failed', 10_000, 'the job to fail');
    expect((await queue.queue.getJob(queued.id))?.attemptsMade).toBe(1);
  });

  it('only adds jobs where runsJobs is false; a worker elsewhere runs them', async () => {
    const runs: string[] = [];
    const handler: JobHandler = { name: 'h', on: ['PledgeMade'], run: async (j) => void runs.push(j.id) };
    const producer = makeQueue([handler], { runsJobs: false });
    const queued = job('h');
    await producer.enqueue([queued]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await producer.queue.getJobState(queued.id)).toBe('waiting');
    expect(runs).toEqual([]);
    const prefix = prefixes.at(-1)!;
    makeQueue([handler], { prefix });
    await eventually(() => runs.length === 1, 10_000, 'the worker to run the job');
  });

  it('refuses a job ID with a colon before adding anything', async () => {
    const queue = makeQueue([]);
    await expect(queue.enqueue([{ ...job('h'), id: 'a:b' }])).rejects.toThrow(/':'/);
    expect(await queue.queue.getJob('a:b')).toBeUndefined();
  });

  it('says whether Redis answers', async () => {
    expect(await makeQueue([]).isReachable()).toBe(true);
    const unreachable = createBullmqQueue({ url: 'redis://127.0.0.1:1', runsJobs: false, handlers: [], context, log: silentLog });
    const started = Date.now();
    expect(await unreachable.isReachable()).toBe(false);
    expect(Date.now() - started).toBeLessThan(3_000);
    await unreachable.close();
  });
});
