import { Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { RecordedEvent } from '#server/event-store/types';
import { jobsFailed, jobsRun } from '#server/lib/metrics';
import { currentTraceparent } from '#server/lib/tracing';
import { assertSchedules, slotOf } from './in-process-scheduler.ts';
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
import { inJobSpan, type JobContext, type JobHandler, type JobQueue, parseScheduledJobId, type QueuedJob, type ScheduledJob } from './queue.ts';

export const QUEUE_NAME = 'sahay-jobs';

const DAY_SECONDS = 24 * 60 * 60;

export interface BullmqQueueOptions {
  /** REDIS_URL. */
  url: string;
  /** Redis key prefix; tests use a unique one and delete its keys afterwards. */
  prefix?: string;
  /** Whether this process also runs the jobs (the worker) or only adds them (the web server). */
  runsJobs: boolean;
  handlers: readonly JobHandler[];
  /** Schedules: a BullMQ job scheduler each, set up by the processes that run jobs (decision 020). */
  schedules?: readonly ScheduledJob[];
  context: JobContext;
  log: Logger;
  /** The clock for failure times; tests inject theirs. */
  now?: () => Date;
  /** Tries per job, the first included. */
  attempts?: number;
  /** Wait before the first retry; BullMQ doubles it before each later one. */
  backoffMs?: number;
  /** Jobs one worker process runs side by side. */
  concurrency?: number;
}

/** What travels through Redis: the event as JSON, recordedAt as an ISO string. */
export interface JobData {
  handler: string;
  event: Omit<RecordedEvent, 'recordedAt'> & { recordedAt: string };
  /** Queued again by an admin: its job_failures row goes when it succeeds. */
  isRetry?: boolean;
  /** The W3C traceparent the job's span continues, while tracing is on (docs/decisions/077). */
  traceparent?: string;
}

/** A schedule's run: the slot is in the job's ID (`repeat:<schedule>:<slot>`), which BullMQ's scheduler makes. */
export interface ScheduledJobData {
  schedule: string;
  isRetry?: boolean;
  /** An admin's retry: the retry request's trace. */
  traceparent?: string;
}

export interface BullmqQueue extends JobQueue {
  readonly kind: 'bullmq';
  /** The BullMQ queue itself, for tests and admin views (job state, counts). */
  readonly queue: Queue;
  /** BullMQ's job counts by state (waiting, active, delayed, prioritized, failed). */
  depth(): Promise<Record<string, number>>;
  /** Settles when this process has set up its job schedulers (at once where runsJobs is false). */
  readonly schedulesReady: Promise<void>;
}

export function toJobData(job: QueuedJob): JobData {
  return { handler: job.handler, event: { ...job.event, recordedAt: job.event.recordedAt.toISOString() }, ...(job.traceparent ? { traceparent: job.traceparent } : {}) };
}

export function fromJobData(data: JobData): RecordedEvent {
  return { ...data.event, recordedAt: new Date(data.event.recordedAt) };
}

/** An admin's retry continues the retry request's trace, while tracing is on. */
function traceOfRetry(): { traceparent?: string } {
  const traceparent = currentTraceparent();
  return traceparent ? { traceparent } : {};
}

/** BullMQ uses ':' to build its Redis keys; an ID containing one would not dedupe reliably. */
export function assertJobId(id: string): void {
  if (id.includes(':')) throw new Error(`Job ID ${id} contains ':', which BullMQ does not allow in custom IDs.`);
}

/**
 * Jobs in Redis through BullMQ (rule 6). Each job's ID is `<eventId>_<handler>`, so adding it again
 * while BullMQ still holds it (waiting, active, completed for 7 days, failed for 30) is a no-op.
 * After that, the handler's idempotence (runOnce) keeps the effect single.
 */
export function createBullmqQueue(options: BullmqQueueOptions): BullmqQueue {
  const { log, context } = options;
  const prefix = options.prefix ?? 'bull';
  const now = options.now ?? (() => new Date());
  const handlers = new Map(options.handlers.map((handler) => [handler.name, handler]));
  const scheduleList = options.schedules ?? [];
  assertSchedules(scheduleList, options.handlers.map((handler) => handler.name));
  const schedules = new Map(scheduleList.map((schedule) => [schedule.name, schedule]));
  const attempts = options.attempts ?? 5;
  const backoffMs = options.backoffMs ?? 1_000;
  // BullMQ blocks on its connections; it requires maxRetriesPerRequest: null.
  const connection = new Redis(options.url, { maxRetriesPerRequest: null, connectionName: 'sahay-queue' });
  connection.on('error', (error) => log.warn({ err: error }, 'redis connection error'));

  const queue = new Queue(QUEUE_NAME, {
    connection,
    prefix,
    defaultJobOptions: {
      attempts,
      backoff: { type: 'exponential', delay: backoffMs },
      removeOnComplete: { age: 7 * DAY_SECONDS },
      removeOnFail: { age: 30 * DAY_SECONDS },
    },
  });
  queue.on('error', (error) => log.warn({ err: error }, 'job queue error'));

  /** Writes to job_failures still under way; close() waits for them before the database closes. */
  const bookkeeping = new Set<Promise<void>>();
  function bookkeep(what: string, jobId: string | undefined, write: () => Promise<void>) {
    const done = write().catch((error: unknown) => log.error({ err: error, jobId }, `could not ${what}`));
    bookkeeping.add(done);
    void done.finally(() => bookkeeping.delete(done));
    return done;
  }

  function sourceOf(job: Job<JobData | ScheduledJobData>): JobFailureSource | null {
    if ('schedule' in job.data) {
      const slot = job.id ? parseScheduledJobId(job.id) : null;
      return slot ? { kind: 'schedule', scheduledAt: slot.scheduledAt } : null;
    }
    return job.data.event ? eventSource(fromJobData(job.data)) : null;
  }

  let worker: Worker | undefined;
  let workerConnection: Redis | undefined;
  if (options.runsJobs) {
    workerConnection = new Redis(options.url, { maxRetriesPerRequest: null, connectionName: 'sahay-worker' });
    workerConnection.on('error', (error) => log.warn({ err: error }, 'redis worker connection error'));
    worker = new Worker(
      QUEUE_NAME,
      async (job: Job<JobData | ScheduledJobData>) => {
        const { id, data } = job;
        if (!id) throw new UnrecoverableError('Job without an ID');
        if ('schedule' in data) {
          const schedule = schedules.get(data.schedule);
          const slot = parseScheduledJobId(id);
          // A schedule dropped from the code (its scheduler is removed at the next start) or a stray ID.
          if (!schedule || !slot) throw new UnrecoverableError(`No schedule named ${data.schedule} for job ${id}`);
          // BullMQ may stamp a run a few milliseconds off the slot (seen under load); the run is for the slot it falls in.
          await inJobSpan(data.schedule, QUEUE_NAME, job.attemptsMade + 1, data.traceparent, () => schedule.run({ id, scheduledAt: slotOf(slot.scheduledAt, schedule.everyMs) }, context));
        } else {
          const handler = handlers.get(data.handler);
          // Retrying cannot make an unknown handler appear; fail the job at once.
          if (!handler) throw new UnrecoverableError(`No job handler named ${data.handler}`);
          await inJobSpan(data.handler, QUEUE_NAME, job.attemptsMade + 1, data.traceparent, () => handler.run({ id, event: fromJobData(data) }, context));
        }
        if (data.isRetry) await bookkeep('clear the failure of a retried job', id, () => clearJobFailure(context.db, id));
      },
      { connection: workerConnection, prefix, concurrency: options.concurrency ?? 4 },
    );
    worker.on('failed', (job, error) => {
      const attemptsMade = job?.attemptsMade ?? 0;
      const isFinal = !job || attemptsMade >= (job.opts.attempts ?? 1) || error instanceof UnrecoverableError;
      const name = job ? ('schedule' in job.data ? job.data.schedule : job.data.handler) : undefined;
      if (name) {
        jobsRun.inc({ queue: QUEUE_NAME, handler: name, outcome: isFinal ? 'failed' : 'retried' });
        if (isFinal) jobsFailed.inc({ queue: QUEUE_NAME, handler: name });
      }
      log[isFinal ? 'error' : 'warn'](
        { err: error, jobId: job?.id, handler: name, attempt: attemptsMade },
        isFinal ? 'job failed; giving up' : 'job failed; retrying',
      );
      const source = job && sourceOf(job);
      if (isFinal && job?.id && name && source) {
        const failure = { jobId: job.id, handler: name, source, attempts: attemptsMade, error };
        void bookkeep('record the failed job', job.id, () => recordJobFailure(context.db, failure, now()));
      }
    });
    worker.on('completed', (job) => {
      jobsRun.inc({ queue: QUEUE_NAME, handler: 'schedule' in job.data ? job.data.schedule : job.data.handler, outcome: 'completed' });
    });
    worker.on('error', (error) => log.warn({ err: error }, 'job worker error'));
  }

  /**
   * One job scheduler per schedule, whatever the number of workers: upserting an existing ID keeps
   * its slots (BullMQ replaces the waiting run with the same one). The first slot is the next start
   * of a slot, so runs fall on multiples of everyMs as in the in-process queue. Schedulers whose
   * schedule left the code are removed, or their runs would fail for want of a handler.
   */
  async function setUpSchedules() {
    try {
      for (const schedule of scheduleList) {
        const firstSlot = new Date(slotOf(now(), schedule.everyMs).getTime() + schedule.everyMs);
        await queue.upsertJobScheduler(
          schedule.name,
          { every: schedule.everyMs, startDate: firstSlot },
          { name: schedule.name, data: { schedule: schedule.name } satisfies ScheduledJobData },
        );
      }
      for (const scheduler of await queue.getJobSchedulers()) {
        if (!schedules.has(scheduler.key)) await queue.removeJobScheduler(scheduler.key);
      }
    } catch (error) {
      log.error({ err: error }, 'could not set up the job schedules');
    }
  }
  const schedulesReady = options.runsJobs ? setUpSchedules() : Promise.resolve();

  return {
    kind: 'bullmq',
    queue,
    schedulesReady,
    async enqueue(jobs) {
      if (jobs.length === 0) return;
      for (const job of jobs) assertJobId(job.id);
      await queue.addBulk(jobs.map((job) => ({ name: job.handler, data: toJobData(job), opts: { jobId: job.id } })));
    },
    async retry(jobId) {
      const failure = await requireJobFailure(context.db, jobId);
      const isKnown = failure.source.kind === 'schedule' ? schedules.has(failure.handler) : handlers.has(failure.handler);
      if (!isKnown) throw handlerGone(failure);
      const job: Job<JobData | ScheduledJobData> | undefined = await queue.getJob(jobId);
      const state = job ? await job.getState() : 'unknown';
      // Waiting, delayed or running: a retry asked for a moment ago is on its way.
      if (state !== 'failed' && state !== 'completed' && state !== 'unknown') return;
      // Redis no longer holds it (failed jobs are kept 30 days): add it again under the same ID.
      const data: JobData | ScheduledJobData | null =
        state !== 'unknown'
          ? null
          : failure.source.kind === 'schedule'
            ? { schedule: failure.handler, isRetry: true, ...traceOfRetry() }
            : { ...toJobData(await rebuildEventJob(context.eventStore, failure)), isRetry: true };
      await markJobRetried(context.db, jobId, now());
      try {
        if (data) {
          await queue.add(failure.handler, data, { jobId });
        } else if (job && state === 'failed') {
          await job.updateData({ ...job.data, isRetry: true, ...traceOfRetry() });
          await job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
        } else {
          // Completed: it succeeded after all (its row outlived a failed clean-up); nothing to run.
          await clearJobFailure(context.db, jobId);
        }
      } catch (error) {
        await markJobRetried(context.db, jobId, null);
        throw error;
      }
    },
    async isReachable() {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), 1_000);
      });
      try {
        return await Promise.race([connection.ping().then((reply) => reply === 'PONG'), timeout]);
      } catch {
        return false;
      } finally {
        clearTimeout(timer);
      }
    },
    async depth() {
      return queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'failed');
    },
    async close() {
      // Redis gone: BullMQ would wait for a connection that never comes. Drop ours, and it gives up.
      const clients = [connection, workerConnection].filter((redis) => redis !== undefined);
      for (const redis of clients) if (redis.status !== 'ready') redis.disconnect();
      await schedulesReady;
      // The worker first: it lets the jobs it runs finish.
      await worker?.close();
      await Promise.all(bookkeeping);
      await queue.close();
      await Promise.all(clients.map((redis) => (redis.status === 'ready' ? redis.quit().catch(() => redis.disconnect()) : redis.disconnect())));
    },
  };
}
