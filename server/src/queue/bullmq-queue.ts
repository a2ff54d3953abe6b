import { Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { RecordedEvent } from '#server/event-store/types';
import type { JobContext, JobHandler, JobQueue, QueuedJob } from './queue.ts';

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
  context: JobContext;
  log: Logger;
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
}

export interface BullmqQueue extends JobQueue {
  readonly kind: 'bullmq';
  /** The BullMQ queue itself, for tests and admin views (job state, counts). */
  readonly queue: Queue;
}

export function toJobData(job: QueuedJob): JobData {
  return { handler: job.handler, event: { ...job.event, recordedAt: job.event.recordedAt.toISOString() } };
}

export function fromJobData(data: JobData): RecordedEvent {
  return { ...data.event, recordedAt: new Date(data.event.recordedAt) };
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

  let worker: Worker | undefined;
  let workerConnection: Redis | undefined;
  if (options.runsJobs) {
    const handlers = new Map(options.handlers.map((handler) => [handler.name, handler]));
    workerConnection = new Redis(options.url, { maxRetriesPerRequest: null, connectionName: 'sahay-worker' });
    workerConnection.on('error', (error) => log.warn({ err: error }, 'redis worker connection error'));
    worker = new Worker(
      QUEUE_NAME,
      async (job: Job<JobData>) => {
        const handler = handlers.get(job.data.handler);
        // Retrying cannot make an unknown handler appear; fail the job at once.
        if (!handler) throw new UnrecoverableError(`No job handler named ${job.data.handler}`);
        if (!job.id) throw new UnrecoverableError('Job without an ID');
        await handler.run({ id: job.id, event: fromJobData(job.data) }, context);
      },
      { connection: workerConnection, prefix, concurrency: options.concurrency ?? 4 },
    );
    worker.on('failed', (job, error) => {
      const attemptsMade = job?.attemptsMade ?? 0;
      const isFinal = !job || attemptsMade >= (job.opts.attempts ?? 1) || error instanceof UnrecoverableError;
      log[isFinal ? 'error' : 'warn'](
        { err: error, jobId: job?.id, handler: job?.data.handler, attempt: attemptsMade },
        isFinal ? 'job failed; giving up' : 'job failed; retrying',
      );
    });
    worker.on('error', (error) => log.warn({ err: error }, 'job worker error'));
  }

  return {
    kind: 'bullmq',
    queue,
    async enqueue(jobs) {
      if (jobs.length === 0) return;
      for (const job of jobs) assertJobId(job.id);
      await queue.addBulk(jobs.map((job) => ({ name: job.handler, data: toJobData(job), opts: { jobId: job.id } })));
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
    async close() {
      // Redis gone: BullMQ would wait for a connection that never comes. Drop ours, and it gives up.
      const clients = [connection, workerConnection].filter((redis) => redis !== undefined);
      for (const redis of clients) if (redis.status !== 'ready') redis.disconnect();
      // The worker first: it lets the jobs it runs finish.
      await worker?.close();
      await queue.close();
      await Promise.all(clients.map((redis) => (redis.status === 'ready' ? redis.quit().catch(() => redis.disconnect()) : redis.disconnect())));
    },
  };
}
