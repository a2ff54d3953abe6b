import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { EventStore } from '#server/event-store/event-store';
import { assertRedisReachable, createStore, deleteRedisKeys, eventually, jobContext, meta, redisTestPrefix, silentLog } from '#server/event-store/test-fixtures';
import type { RecordedEvent } from '#server/event-store/types';
import { describeWhere, needsRedis } from '#server/testing/requires';
import { platformModule } from '#server/modules/platform/platform.module';
import { createTestDb, type TestDb, testDbKinds } from '#server/testing/test-db';
import { jobsFailed, jobsRun } from '#server/lib/metrics';
import { type BullmqQueue, createBullmqQueue } from './bullmq-queue.ts';
import { slotOf } from './in-process-scheduler.ts';
import { getJobFailure } from './job-failures.ts';
import { jobId, type JobContext, type JobHandler, parseScheduledJobId, type ScheduledJob, scheduledJobId } from './queue.ts';

// Read only by the suites that run when it is set (needsRedis).
const redisUrl = process.env.TEST_REDIS_URL ?? '';
const DAY = 24 * 60 * 60 * 1000;
/** The platform module's own daily job, as the worker runs it. */
/** A job counter's value for these labels (the counters are the process's: tests compare before and after). */
async function counted(counter: typeof jobsRun | typeof jobsFailed, labels: Record<string, string>): Promise<number> {
  const { values } = await counter.get();
  const matches = (given: object) => Object.entries(labels).every(([key, wanted]) => Object.entries(given).some(([name, value]) => name === key && value === wanted));
  return values.filter((value) => matches(value.labels)).reduce((sum, value) => sum + value.value, 0);
}

const pruneRateLimitsJob = platformModule.schedules!.find((schedule) => schedule.name === 'prune-rate-limits')!;

// Failed and scheduled jobs on Redis; the database holds job_failures (PostgreSQL when it is set).
describeWhere([needsRedis], 'BullMQ queue: failed and scheduled jobs', () => {
  let testDb: TestDb;
  let store: EventStore;
  let context: JobContext;
  const prefixes: string[] = [];
  const queues: BullmqQueue[] = [];

  beforeAll(async () => {
    await assertRedisReachable(redisUrl);
    testDb = await createTestDb(testDbKinds().at(-1)!);
    store = createStore(testDb.db, { projections: [] });
    context = jobContext(testDb.db, store);
  });
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((queue) => queue.close()));
  });
  afterAll(async () => {
    for (const prefix of prefixes) await deleteRedisKeys(redisUrl, prefix);
    await testDb?.drop();
  });

  function makeQueue(options: { prefix: string; handlers?: JobHandler[]; schedules?: ScheduledJob[]; runsJobs?: boolean; attempts?: number }): BullmqQueue {
    if (!prefixes.includes(options.prefix)) prefixes.push(options.prefix);
    const queue = createBullmqQueue({
      url: redisUrl,
      prefix: options.prefix,
      runsJobs: options.runsJobs ?? true,
      handlers: options.handlers ?? [],
      schedules: options.schedules,
      context,
      log: silentLog,
      attempts: options.attempts ?? 2,
      backoffMs: 10,
    });
    queues.push(queue);
    return queue;
  }

  async function happened(): Promise<RecordedEvent> {
    const { events } = await store.append([{ streamId: `job-test-${crypto.randomUUID()}`, expected: 'no_stream', events: [{ type: 'Happened', data: { n: 1 } }] }], meta());
    return events[0]!;
  }

  function switchable(name: string) {
    // `hold`, when set, keeps a run waiting until it settles, so a test can look between a retry and its run.
    const state: { failing: boolean; runs: number; hold: Promise<void> | null } = { failing: true, runs: 0, hold: null };
    const handler: JobHandler = {
      name,
      on: ['Happened'],
      async run() {
        state.runs++;
        if (state.hold) await state.hold;
        if (state.failing) throw new Error(`${name} failed for ravi@example.org`);
      },
    };
    return { handler, state };
  }

  it('sets up one job scheduler per schedule however many workers start, and removes schedules that left the code', async () => {
    const prefix = redisTestPrefix();
    const daily: ScheduledJob = { name: 'daily-upkeep', everyMs: DAY, run: async () => {} };
    const stale = makeQueue({ prefix, runsJobs: false });
    await stale.queue.upsertJobScheduler('old-schedule', { every: DAY }, { name: 'old-schedule', data: { schedule: 'old-schedule' } });
    const before = Date.now();
    const one = makeQueue({ prefix, schedules: [daily] });
    const two = makeQueue({ prefix, schedules: [daily] });
    await Promise.all([one.schedulesReady, two.schedulesReady]);
    const schedulers = await one.queue.getJobSchedulers();
    expect(schedulers.map((scheduler) => ({ key: scheduler.key, every: scheduler.every }))).toEqual([{ key: 'daily-upkeep', every: DAY }]);
    // Its one waiting run is the next 00:00 UTC slot, under the ID the in-process queue gives it too.
    const nextMidnight = new Date(slotOf(new Date(before), DAY).getTime() + DAY);
    const delayed = await one.queue.getDelayed();
    expect(delayed.map((job) => job.id)).toEqual([scheduledJobId('daily-upkeep', nextMidnight)]);
    expect(parseScheduledJobId(delayed[0]!.id!)).toEqual({ schedule: 'daily-upkeep', scheduledAt: nextMidnight });
  });

  it('runs each slot once across two workers, prunes rate limits, and stops running when closed', async () => {
    const prefix = redisTestPrefix();
    await testDb.db.query(`DELETE FROM rate_limits`);
    await testDb.db.query(`INSERT INTO rate_limits (bucket, window_start, hits) VALUES ('test:old', $1, 1), ('test:new', $2, 1)`, [
      new Date(Date.now() - 3 * DAY),
      slotOf(new Date(), 60 * 60 * 1000),
    ]);
    const runs: string[] = [];
    const slots: number[] = [];
    // The daily job's own run, every second, so the test sees slots go by; counted when it has pruned.
    const everySecond: ScheduledJob = {
      ...pruneRateLimitsJob,
      everyMs: 1_000,
      async run(job, jobContext) {
        await pruneRateLimitsJob.run(job, jobContext);
        runs.push(job.id);
        slots.push(job.scheduledAt.getTime());
      },
    };
    const one = makeQueue({ prefix, schedules: [everySecond] });
    const two = makeQueue({ prefix, schedules: [everySecond] });
    await eventually(() => runs.length >= 2, 10_000, 'two slots to run');
    expect(new Set(runs).size).toBe(runs.length);
    for (const id of runs) expect(parseScheduledJobId(id)).not.toBeNull();
    for (const slot of slots) expect(slot % 1_000).toBe(0);
    const { rows } = await testDb.db.query<{ bucket: string }>(`SELECT bucket FROM rate_limits ORDER BY bucket`);
    expect(rows.map((row) => row.bucket)).toEqual(['test:new']);

    await Promise.all([one.close(), two.close()]);
    queues.splice(0);
    const afterClose = runs.length;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(runs.length).toBe(afterClose);
  });

  it('lists a job that gave up; a retry from a process that only adds jobs runs it in the worker and clears it', async () => {
    const prefix = redisTestPrefix();
    const { handler, state } = switchable('send-receipt');
    const worker = makeQueue({ prefix, handlers: [handler] });
    const webServer = makeQueue({ prefix, handlers: [handler], runsJobs: false });
    const event = await happened();
    const id = jobId(event.eventId, 'send-receipt');
    const labels = { queue: 'sahay-jobs', handler: 'send-receipt' };
    const before = { retried: await counted(jobsRun, { ...labels, outcome: 'retried' }), failed: await counted(jobsRun, { ...labels, outcome: 'failed' }), gaveUp: await counted(jobsFailed, labels), completed: await counted(jobsRun, { ...labels, outcome: 'completed' }) };
    await webServer.enqueue([{ id, handler: 'send-receipt', event }]);
    await eventually(async () => (await getJobFailure(testDb.db, id)) !== null, 10_000, 'the failure to be recorded');
    // /metrics: the first attempt retried, the second gave up (issue 34).
    expect([await counted(jobsRun, { ...labels, outcome: 'retried' }), await counted(jobsRun, { ...labels, outcome: 'failed' }), await counted(jobsFailed, labels)]).toEqual([before.retried + 1, before.failed + 1, before.gaveUp + 1]);
    expect((await worker.depth()).failed).toBeGreaterThanOrEqual(1);
    expect(await getJobFailure(testDb.db, id)).toMatchObject({
      handler: 'send-receipt',
      source: { kind: 'event', eventId: event.eventId, eventType: 'Happened', streamId: event.streamId },
      attempts: 2,
      lastError: 'send-receipt failed for [e-mail]',
      retriedAt: null,
    });
    expect(await worker.queue.getJobState(id)).toBe('failed');

    state.failing = false;
    // The worker may take the retried job before the next line reads; held, it cannot clear the failure yet.
    let release = () => {};
    state.hold = new Promise((resolve) => (release = resolve));
    await webServer.retry(id);
    expect((await getJobFailure(testDb.db, id))?.retriedAt).toBeInstanceOf(Date);
    release();
    await eventually(async () => (await getJobFailure(testDb.db, id)) === null, 10_000, 'the retried job to clear its failure');
    // The failure is cleared inside the job's run; BullMQ marks it completed just after.
    await eventually(async () => (await worker.queue.getJobState(id)) === 'completed', 10_000, 'the retried job to complete');
    expect(state.runs).toBe(3);
    await eventually(async () => (await counted(jobsRun, { ...labels, outcome: 'completed' })) === before.completed + 1, 10_000, 'the completed run to be counted');
  });

  it('a retry that gives up again adds its attempts and drops the retry mark', async () => {
    const prefix = redisTestPrefix();
    const { handler, state } = switchable('make-pdf');
    const queue = makeQueue({ prefix, handlers: [handler] });
    const event = await happened();
    const id = jobId(event.eventId, 'make-pdf');
    await queue.enqueue([{ id, handler: 'make-pdf', event }]);
    await eventually(async () => (await getJobFailure(testDb.db, id)) !== null, 10_000, 'the failure to be recorded');
    await queue.retry(id);
    await eventually(async () => (await getJobFailure(testDb.db, id))?.attempts === 4, 10_000, 'the retry to give up');
    expect(await getJobFailure(testDb.db, id)).toMatchObject({ attempts: 4, retriedAt: null });
    expect(state.runs).toBe(4);
  });

  it('adds a failed job again when Redis no longer holds it', async () => {
    const prefix = redisTestPrefix();
    const received: RecordedEvent[] = [];
    const { handler, state } = switchable('notify-office');
    const worker = makeQueue({ prefix, handlers: [{ ...handler, run: async (job, jobContext) => (await handler.run(job, jobContext), void received.push(job.event)) }] });
    const event = await happened();
    const id = jobId(event.eventId, 'notify-office');
    await worker.enqueue([{ id, handler: 'notify-office', event }]);
    await eventually(async () => (await getJobFailure(testDb.db, id)) !== null, 10_000, 'the failure to be recorded');
    await (await worker.queue.getJob(id))!.remove();
    state.failing = false;
    await worker.retry(id);
    await eventually(async () => (await getJobFailure(testDb.db, id)) === null, 10_000, 'the re-added job to succeed');
    expect(received).toHaveLength(1);
    expect(received[0]).toEqual(event);
  });

  it('lists a scheduled run that gave up by its slot, and a retry runs that slot again', async () => {
    const prefix = redisTestPrefix();
    const seen: string[] = [];
    let isFailing = true;
    const flaky: ScheduledJob = {
      name: 'flaky-schedule',
      everyMs: 1_000,
      async run(job) {
        seen.push(`${job.id}@${job.scheduledAt.toISOString()}`);
        if (isFailing) throw new Error('storage unavailable');
      },
    };
    const queue = makeQueue({ prefix, schedules: [flaky], attempts: 1 });
    await eventually(() => seen.length >= 1, 10_000, 'a scheduled run');
    const id = seen[0]!.split('@')[0]!;
    const slot = parseScheduledJobId(id)!.scheduledAt;
    await eventually(async () => (await getJobFailure(testDb.db, id)) !== null, 10_000, 'the failure to be recorded');
    isFailing = false;
    await queue.close();
    queues.splice(0);
    expect(await getJobFailure(testDb.db, id)).toMatchObject({ handler: 'flaky-schedule', source: { kind: 'schedule', scheduledAt: slot }, attempts: 1 });

    // Cleared before the new worker starts: under load it may pick the slot up as a stalled job
    // before the retry is even asked for, and that run counts as well.
    seen.length = 0;
    const again = makeQueue({ prefix, schedules: [flaky], attempts: 1 });
    await again.retry(id);
    // Usually a second; on a loaded machine it was twice seen to take over 10 s. Should the closed
    // worker's hold on the slot have to lapse first, BullMQ's stalled-job check (its lock of 30 s,
    // then a check every 30 s) hands it on: up to 60 s, and 65 s ran out once on a shared host in a
    // CI-shaped run (decision 088), so the margin past BullMQ's 60 s is a minute.
    await eventually(() => seen.includes(`${id}@${slot.toISOString()}`), 120_000, 'the retried slot to run');
    await eventually(async () => (await getJobFailure(testDb.db, id)) === null, 30_000, 'the retried slot to succeed');
  }, 240_000);
});
