import { UnrecoverableError } from 'bullmq';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '#server/errors/app-error';
import type { EventStore } from '#server/event-store/event-store';
import { createStore, jobContext, meta, silentLog } from '#server/event-store/test-fixtures';
import type { RecordedEvent } from '#server/event-store/types';
import { platformModule } from '#server/modules/platform/platform.module';
import { createTestDb, type TestDb, testDbKinds } from '#server/testing/test-db';
import { createInProcessQueue, type InProcessQueue } from './in-process-queue.ts';
import { getJobFailure, listJobFailures } from './job-failures.ts';
import { manualClock } from './manual-clock.ts';
import { jobId, type JobContext, type JobHandler, type ScheduledJob, scheduledJobId } from './queue.ts';

const DAY = 24 * 60 * 60 * 1000;
/** The platform module's own daily job, as the server runs it. */
const pruneRateLimitsJob = platformModule.schedules!.find((schedule) => schedule.name === 'prune-rate-limits')!;

describe.each(testDbKinds())('in-process queue: failed and scheduled jobs on %s', (kind) => {
  let testDb: TestDb;
  let store: EventStore;
  let context: JobContext;
  const queues: InProcessQueue[] = [];

  beforeAll(async () => {
    testDb = await createTestDb(kind);
    store = createStore(testDb.db, { projections: [] });
    context = jobContext(testDb.db, store);
  });
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((queue) => queue.close()));
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  function makeQueue(options: { handlers?: JobHandler[]; schedules?: ScheduledJob[]; clock?: ReturnType<typeof manualClock>; attempts?: number } = {}) {
    const clock = options.clock ?? manualClock(new Date('2031-05-01T10:00:00.000Z'));
    const queue = createInProcessQueue({
      handlers: options.handlers ?? [],
      schedules: options.schedules,
      context,
      log: silentLog,
      attempts: options.attempts ?? 3,
      backoffMs: 1,
      now: clock.now,
      timers: clock.timers,
    });
    queues.push(queue);
    return queue;
  }

  async function happened(): Promise<RecordedEvent> {
    const streamId = `job-test-${crypto.randomUUID()}`;
    const { events } = await store.append([{ streamId, expected: 'no_stream', events: [{ type: 'Happened', data: { n: 1 } }] }], meta());
    return events[0]!;
  }

  /** A handler that fails while `failing` is true, counting its runs. */
  function switchable(name: string, error: () => Error = () => new Error('mail server said no')) {
    const state = { failing: true, runs: 0 };
    const handler: JobHandler = {
      name,
      on: ['Happened'],
      async run() {
        state.runs++;
        if (state.failing) throw error();
      },
    };
    return { handler, state };
  }

  it('lists a job that gave up, with its source, attempts and only a cleaned-up message', async () => {
    const clock = manualClock(new Date('2031-05-01T10:00:00.000Z'));
    const { handler, state } = switchable('notify-office', () => new Error('SMTP refused mail for asha.devi@example.org\n    (phone 98765 43210, account 123456789012)'));
    const queue = makeQueue({ handlers: [handler], clock });
    const event = await happened();
    const id = jobId(event.eventId, 'notify-office');
    await queue.enqueue([{ id, handler: 'notify-office', event }]);
    await queue.drain();
    expect(state.runs).toBe(3);
    expect(await getJobFailure(testDb.db, id)).toEqual({
      jobId: id,
      handler: 'notify-office',
      source: { kind: 'event', eventId: event.eventId, eventType: 'Happened', streamId: event.streamId },
      attempts: 3,
      lastError: 'SMTP refused mail for [e-mail] (phone [number], account [number])',
      firstFailedAt: clock.now(),
      lastFailedAt: clock.now(),
      retriedAt: null,
    });
  });

  it('keeps the list across a restart, and a retry in the new process runs the job and clears it', async () => {
    const first = switchable('send-receipt');
    const event = await happened();
    const id = jobId(event.eventId, 'send-receipt');
    const before = makeQueue({ handlers: [first.handler] });
    await before.enqueue([{ id, handler: 'send-receipt', event }]);
    await before.drain();
    await before.close();

    const received: RecordedEvent[] = [];
    const fixed: JobHandler = { name: 'send-receipt', on: ['Happened'], run: async (job) => void received.push(job.event) };
    const after = makeQueue({ handlers: [fixed] });
    expect((await listJobFailures(testDb.db)).failures.map((failure) => failure.jobId)).toContain(id);
    await after.retry(id);
    await after.drain();
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ eventId: event.eventId, streamId: event.streamId, type: 'Happened', data: { n: 1 } });
    expect(await getJobFailure(testDb.db, id)).toBeNull();
  });

  it('a retry that gives up again adds its attempts, keeps the first failure time and drops the retry mark', async () => {
    const clock = manualClock(new Date('2031-05-01T10:00:00.000Z'));
    const { handler, state } = switchable('make-pdf');
    const queue = makeQueue({ handlers: [handler], clock });
    const event = await happened();
    const id = jobId(event.eventId, 'make-pdf');
    await queue.enqueue([{ id, handler: 'make-pdf', event }]);
    await queue.drain();
    const firstFailedAt = clock.now();

    clock.advance(60 * 60 * 1000);
    // The retry is queued behind this call: the mark is visible before the run gives up again.
    const retried = queue.retry(id);
    await retried;
    expect((await getJobFailure(testDb.db, id))?.retriedAt).toEqual(clock.now());
    await queue.drain();
    expect(state.runs).toBe(6);
    expect(await getJobFailure(testDb.db, id)).toMatchObject({ attempts: 6, firstFailedAt, lastFailedAt: clock.now(), retriedAt: null });
  });

  it('does not retry an UnrecoverableError (a payload that can never parse): one attempt, listed at once', async () => {
    let runs = 0;
    const handler: JobHandler = {
      name: 'bad-payload',
      on: ['Happened'],
      async run() {
        runs++;
        throw new UnrecoverableError('Job bad-payload: the event does not carry what the job needs (amountPaise: expected number)');
      },
    };
    const queue = makeQueue({ handlers: [handler], attempts: 5 });
    const event = await happened();
    const id = jobId(event.eventId, 'bad-payload');
    await queue.enqueue([{ id, handler: 'bad-payload', event }]);
    await queue.drain();
    expect(runs).toBe(1);
    expect(await getJobFailure(testDb.db, id)).toMatchObject({ attempts: 1, lastError: expect.stringContaining('amountPaise: expected number') });
  });

  it('refuses to retry what is not listed (404) or whose handler is gone (409), changing nothing', async () => {
    const gone = switchable('old-handler');
    const event = await happened();
    const id = jobId(event.eventId, 'old-handler');
    const before = makeQueue({ handlers: [gone.handler] });
    await before.enqueue([{ id, handler: 'old-handler', event }]);
    await before.drain();
    const listed = await getJobFailure(testDb.db, id);

    const queue = makeQueue({ handlers: [] });
    const notListed = await queue.retry(jobId(crypto.randomUUID(), 'old-handler')).catch((error: unknown) => error);
    expect(notListed).toBeInstanceOf(AppError);
    expect(notListed).toMatchObject({ code: 'NOT_FOUND' });
    const handlerGone = await queue.retry(id).catch((error: unknown) => error);
    expect(handlerGone).toBeInstanceOf(AppError);
    expect(handlerGone).toMatchObject({ code: 'CONFLICT' });
    expect(await getJobFailure(testDb.db, id)).toEqual(listed);
  });

  it('runs a job once when a retry is asked for twice', async () => {
    const { handler, state } = switchable('twice');
    const queue = makeQueue({ handlers: [handler] });
    const event = await happened();
    const id = jobId(event.eventId, 'twice');
    await queue.enqueue([{ id, handler: 'twice', event }]);
    await queue.drain();
    state.failing = false;
    state.runs = 0;
    await Promise.all([queue.retry(id), queue.retry(id)]);
    await queue.drain();
    expect(state.runs).toBe(1);
    expect(await getJobFailure(testDb.db, id)).toBeNull();
  });

  describe('schedules', () => {
    it('prunes old rate-limit windows at 00:00 UTC, from the slot’s start', async () => {
      await testDb.db.query(`DELETE FROM rate_limits`);
      const clock = manualClock(new Date('2031-05-01T18:30:00.000Z'));
      const windows = ['2031-04-29T12:00:00Z', '2031-04-30T23:00:00Z', '2031-05-01T00:00:00Z', '2031-05-01T18:00:00Z'];
      for (const [index, start] of windows.entries()) {
        await testDb.db.query(`INSERT INTO rate_limits (bucket, window_start, hits) VALUES ($1, $2, 1)`, [`test:${index}`, new Date(start)]);
      }
      const queue = makeQueue({ schedules: [pruneRateLimitsJob], clock });
      clock.advance(5 * 60 * 60 * 1000);
      await queue.drain();
      // Not yet midnight: nothing pruned.
      expect((await testDb.db.query(`SELECT bucket FROM rate_limits`)).rows).toHaveLength(4);
      clock.advance(30 * 60 * 1000);
      await queue.drain();
      // The slot starts 2031-05-02 00:00: windows that started before 2031-05-01 00:00 have ended.
      const { rows } = await testDb.db.query<{ bucket: string }>(`SELECT bucket FROM rate_limits ORDER BY bucket`);
      expect(rows.map((row) => row.bucket)).toEqual(['test:2', 'test:3']);
      const { rows: claims } = await testDb.db.query<{ slot: Date }>(`SELECT slot FROM job_schedule_slots WHERE schedule = 'prune-rate-limits'`);
      expect(claims.map((claim) => claim.slot)).toEqual([new Date('2031-05-02T00:00:00.000Z')]);
    });

    it('runs a slot once when two processes share the database', async () => {
      const runs: string[] = [];
      const counting: ScheduledJob = { name: 'count-runs', everyMs: DAY, run: async (job) => void runs.push(job.id) };
      const clock = manualClock(new Date('2031-06-01T12:00:00.000Z'));
      const one = makeQueue({ schedules: [counting], clock });
      const two = makeQueue({ schedules: [counting], clock });
      clock.advance(DAY);
      await Promise.all([one.drain(), two.drain()]);
      expect(runs).toEqual([scheduledJobId('count-runs', new Date('2031-06-02T00:00:00.000Z'))]);
      clock.advance(DAY);
      await Promise.all([one.drain(), two.drain()]);
      expect(runs).toEqual([scheduledJobId('count-runs', new Date('2031-06-02T00:00:00.000Z')), scheduledJobId('count-runs', new Date('2031-06-03T00:00:00.000Z'))]);
    });

    it('stops with the queue: no timer left and no run after close', async () => {
      const runs: string[] = [];
      const counting: ScheduledJob = { name: 'count-after-close', everyMs: DAY, run: async (job) => void runs.push(job.id) };
      const clock = manualClock(new Date('2031-07-01T12:00:00.000Z'));
      const queue = makeQueue({ schedules: [counting], clock });
      expect(clock.pendingTimers()).toBe(1);
      await queue.close();
      expect(clock.pendingTimers()).toBe(0);
      clock.advance(3 * DAY);
      expect(runs).toEqual([]);
    });

    it('lists a scheduled run that gave up by its slot, and a retry runs that same slot', async () => {
      const seen: Date[] = [];
      let isFailing = true;
      const flaky: ScheduledJob = {
        name: 'flaky-schedule',
        everyMs: DAY,
        async run(job) {
          seen.push(job.scheduledAt);
          if (isFailing) throw new Error('storage unavailable');
        },
      };
      const clock = manualClock(new Date('2031-08-01T12:00:00.000Z'));
      const queue = makeQueue({ schedules: [flaky], clock });
      clock.advance(DAY);
      await queue.drain();
      const slot = new Date('2031-08-02T00:00:00.000Z');
      const id = scheduledJobId('flaky-schedule', slot);
      expect(await getJobFailure(testDb.db, id)).toMatchObject({ handler: 'flaky-schedule', source: { kind: 'schedule', scheduledAt: slot }, attempts: 3, lastError: 'storage unavailable' });
      isFailing = false;
      await queue.retry(id);
      await queue.drain();
      expect(seen).toEqual([slot, slot, slot, slot]);
      expect(await getJobFailure(testDb.db, id)).toBeNull();
    });
  });
});
