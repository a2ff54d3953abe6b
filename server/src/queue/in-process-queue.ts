import { UnrecoverableError } from 'bullmq';
import type { Logger } from 'pino';
import { jobsFailed, jobsRun } from '#server/lib/metrics';
import { assertSchedules, claimScheduleSlot, type InProcessScheduler, realTimers, type ScheduleTimers, startInProcessScheduler } from './in-process-scheduler.ts';
import {
  clearJobFailure,
  eventSource,
  handlerGone,
  type JobFailureSource,
  markJobRetried,
  rebuildEventJob,
  recordJobFailure,
  requireJobFailure,
} from './job-failures.ts';
import { currentTraceparent } from '#server/lib/tracing';
import { inJobSpan, type JobContext, type JobHandler, type JobQueue, type QueuedJob, type ScheduledJob, scheduledJobId } from './queue.ts';

export interface InProcessQueueOptions {
  handlers: readonly JobHandler[];
  /** Schedules run by timers in this process (decision 020). */
  schedules?: readonly ScheduledJob[];
  context: JobContext;
  log: Logger;
  /** Tries per job, the first included. */
  attempts?: number;
  /** Wait before the first retry; doubled before each later one. */
  backoffMs?: number;
  /** Jobs run side by side at most. */
  concurrency?: number;
  /** How many finished job IDs are remembered to ignore a second enqueue (the effect table guards beyond). */
  rememberFinished?: number;
  /** The clock for failure times and schedule slots; tests inject theirs. */
  now?: () => Date;
  /** Timers for the schedules; tests inject a manual clock's. */
  timers?: ScheduleTimers;
}

export interface InProcessQueue extends JobQueue {
  readonly kind: 'in-process';
  /** Resolves when every job accepted so far (and any schedule slot starting now) has finished, succeeded or given up. */
  drain(): Promise<void>;
}

/** The queue label of this process's jobs in /metrics. */
const IN_PROCESS_QUEUE = 'in-process';

const DEFAULTS = { attempts: 5, backoffMs: 200, concurrency: 4, rememberFinished: 50_000 };

/** A job as this queue holds it: an event's job or a schedule's run, with one attempt as a function. */
interface InProcessJob {
  id: string;
  /** The handler's or the schedule's name. */
  name: string;
  source: JobFailureSource;
  /** Queued again by an admin: its job_failures row goes when it succeeds. */
  isRetry: boolean;
  /** Undefined when this process has no handler of that name. */
  attempt: (() => Promise<void>) | undefined;
  /** The trace each attempt's span continues (docs/decisions/077). */
  traceparent?: string;
}

/**
 * The embedded default: the same job handlers, run in this process. A job ID seen before (pending,
 * running or finished, as BullMQ keeps completed and failed jobs) is not run again; the job_effects
 * table (runOnce) covers what happened before a restart. Jobs live in memory: a crash loses the ones
 * not yet finished, whose events the relay has already passed — the price of running without Redis.
 * A job that gives up is written to job_failures, which does survive a restart, for admins to retry.
 */
export function createInProcessQueue(options: InProcessQueueOptions): InProcessQueue {
  const { context, log } = options;
  const attempts = options.attempts ?? DEFAULTS.attempts;
  const backoffMs = options.backoffMs ?? DEFAULTS.backoffMs;
  const concurrency = options.concurrency ?? DEFAULTS.concurrency;
  const rememberFinished = options.rememberFinished ?? DEFAULTS.rememberFinished;
  const now = options.now ?? (() => new Date());
  const scheduleList = options.schedules ?? [];
  if (!Number.isInteger(attempts) || attempts < 1) throw new Error('attempts must be a positive integer');
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error('concurrency must be a positive integer');
  assertSchedules(scheduleList, options.handlers.map((handler) => handler.name));

  const handlers = new Map(options.handlers.map((handler) => [handler.name, handler]));
  const schedules = new Map(scheduleList.map((schedule) => [schedule.name, schedule]));
  const pendingIds = new Set<string>();
  /** Retries between their check and their acceptance (they await the database in between). */
  const retrying = new Set<string>();
  /** Insertion-ordered, so the oldest is forgotten first. */
  const finishedIds = new Set<string>();
  const waiting: InProcessJob[] = [];
  let running = 0;
  let isClosed = false;
  let idleWaiters: (() => void)[] = [];

  const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

  function eventJob(job: QueuedJob, isRetry: boolean): InProcessJob {
    const handler = handlers.get(job.handler);
    return {
      id: job.id,
      name: job.handler,
      source: eventSource(job.event),
      isRetry,
      attempt: handler && (() => handler.run({ id: job.id, event: job.event }, context)),
      traceparent: job.traceparent,
    };
  }

  function scheduledJob(schedule: ScheduledJob, scheduledAt: Date, isRetry: boolean): InProcessJob {
    const id = scheduledJobId(schedule.name, scheduledAt);
    // A slot's run starts a trace of its own; an admin's retry continues the retry request's.
    const traceparent = isRetry ? currentTraceparent() : undefined;
    return { id, name: schedule.name, source: { kind: 'schedule', scheduledAt }, isRetry, attempt: () => schedule.run({ id, scheduledAt }, context), traceparent };
  }

  function finish(id: string) {
    pendingIds.delete(id);
    finishedIds.add(id);
    if (finishedIds.size > rememberFinished) {
      const oldest = finishedIds.values().next().value;
      if (oldest !== undefined) finishedIds.delete(oldest);
    }
  }

  /** A broken database must not stop the queue: the failure is in the log either way. */
  async function bookkeep(what: string, job: InProcessJob, write: () => Promise<void>) {
    try {
      await write();
    } catch (error) {
      log.error({ err: error, jobId: job.id, handler: job.name }, `could not ${what}`);
    }
  }

  async function run(job: InProcessJob): Promise<void> {
    if (!job.attempt) {
      log.error({ jobId: job.id, handler: job.name }, 'job for an unknown handler dropped');
      return;
    }
    for (let attempt = 1; ; attempt++) {
      try {
        await inJobSpan(job.name, IN_PROCESS_QUEUE, attempt, job.traceparent, job.attempt);
        jobsRun.inc({ queue: IN_PROCESS_QUEUE, handler: job.name, outcome: 'completed' });
        if (job.isRetry) await bookkeep('clear the failure of a retried job', job, () => clearJobFailure(context.db, job.id));
        return;
      } catch (error) {
        // As in BullMQ: an UnrecoverableError (a payload that will never parse) is not retried.
        if (attempt >= attempts || error instanceof UnrecoverableError) {
          jobsRun.inc({ queue: IN_PROCESS_QUEUE, handler: job.name, outcome: 'failed' });
          jobsFailed.inc({ queue: IN_PROCESS_QUEUE, handler: job.name });
          log.error({ err: error, jobId: job.id, handler: job.name, attempt }, 'job failed; giving up');
          await bookkeep('record the failed job', job, () =>
            recordJobFailure(context.db, { jobId: job.id, handler: job.name, source: job.source, attempts: attempt, error }, now()),
          );
          return;
        }
        jobsRun.inc({ queue: IN_PROCESS_QUEUE, handler: job.name, outcome: 'retried' });
        const delay = backoffMs * 2 ** (attempt - 1);
        log.warn({ err: error, jobId: job.id, handler: job.name, attempt, retryInMs: delay }, 'job failed; retrying');
        await sleep(delay);
      }
    }
  }

  function pump() {
    while (running < concurrency && waiting.length > 0) {
      const job = waiting.shift()!;
      running++;
      void run(job).finally(() => {
        running--;
        finish(job.id);
        pump();
      });
    }
    if (running === 0 && waiting.length === 0) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  function accept(job: InProcessJob) {
    pendingIds.add(job.id);
    waiting.push(job);
    pump();
  }

  function idle(): Promise<void> {
    if (running === 0 && waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => idleWaiters.push(resolve));
  }

  async function drain(): Promise<void> {
    await scheduler?.settled();
    await idle();
  }

  const scheduler: InProcessScheduler | null =
    scheduleList.length > 0
      ? startInProcessScheduler({
          schedules: scheduleList,
          now,
          timers: options.timers ?? realTimers,
          log,
          claim: (schedule, slot) => claimScheduleSlot(context.db, schedule, slot, now()),
          isPending: (id) => pendingIds.has(id),
          // A slot's ID is new unless this process already ran it (finishedIds): then once is enough.
          run: (schedule, slot) => {
            const job = scheduledJob(schedule, slot, false);
            if (!pendingIds.has(job.id) && !finishedIds.has(job.id)) accept(job);
          },
        })
      : null;

  return {
    kind: 'in-process',
    async enqueue(jobs) {
      if (isClosed) throw new Error('The job queue is closed.');
      for (const job of jobs) {
        if (pendingIds.has(job.id) || finishedIds.has(job.id)) continue;
        pendingIds.add(job.id);
        waiting.push(eventJob(job, false));
      }
      pump();
    },
    async retry(jobId) {
      if (isClosed) throw new Error('The job queue is closed.');
      // Asked twice (two admins, a double click): the first request's run is enough. Claimed before
      // the failure is read, so the second cannot find it already retried and answer "no failed job".
      if (pendingIds.has(jobId) || retrying.has(jobId)) return;
      retrying.add(jobId);
      try {
        const failure = await requireJobFailure(context.db, jobId);
        let job: InProcessJob;
        if (failure.source.kind === 'schedule') {
          const schedule = schedules.get(failure.handler);
          if (!schedule) throw handlerGone(failure);
          job = scheduledJob(schedule, failure.source.scheduledAt, true);
        } else {
          if (!handlers.has(failure.handler)) throw handlerGone(failure);
          job = eventJob(await rebuildEventJob(context.eventStore, failure), true);
        }
        await markJobRetried(context.db, jobId, now());
        finishedIds.delete(jobId);
        accept(job);
      } finally {
        retrying.delete(jobId);
      }
    },
    async isReachable() {
      return !isClosed;
    },
    async depth() {
      return { waiting: waiting.length, active: running };
    },
    drain,
    async close() {
      isClosed = true;
      // No new slot starts; one being claimed right now is still queued, and run below.
      await scheduler?.stop();
      // Jobs already accepted are finished, retries included: the relay has moved past their events.
      await drain();
    },
  };
}
