import type { Logger } from 'pino';
import type { JobContext, JobHandler, JobQueue, QueuedJob } from './queue.ts';

export interface InProcessQueueOptions {
  handlers: readonly JobHandler[];
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
}

export interface InProcessQueue extends JobQueue {
  readonly kind: 'in-process';
  /** Resolves when every job accepted so far has finished (succeeded or given up). */
  drain(): Promise<void>;
}

const DEFAULTS = { attempts: 5, backoffMs: 200, concurrency: 4, rememberFinished: 50_000 };

/**
 * The embedded default: the same job handlers, run in this process. A job ID seen before (pending,
 * running or finished, as BullMQ keeps completed and failed jobs) is not run again; the job_effects
 * table (runOnce) covers what happened before a restart. Jobs live in memory: a crash loses the ones
 * not yet finished, whose events the relay has already passed — the price of running without Redis.
 */
export function createInProcessQueue(options: InProcessQueueOptions): InProcessQueue {
  const { context, log } = options;
  const attempts = options.attempts ?? DEFAULTS.attempts;
  const backoffMs = options.backoffMs ?? DEFAULTS.backoffMs;
  const concurrency = options.concurrency ?? DEFAULTS.concurrency;
  const rememberFinished = options.rememberFinished ?? DEFAULTS.rememberFinished;
  if (!Number.isInteger(attempts) || attempts < 1) throw new Error('attempts must be a positive integer');
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error('concurrency must be a positive integer');

  const handlers = new Map(options.handlers.map((handler) => [handler.name, handler]));
  const pendingIds = new Set<string>();
  /** Insertion-ordered, so the oldest is forgotten first. */
  const finishedIds = new Set<string>();
  const waiting: QueuedJob[] = [];
  let running = 0;
  let isClosed = false;
  let idleWaiters: (() => void)[] = [];

  const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

  function finish(id: string) {
    pendingIds.delete(id);
    finishedIds.add(id);
    if (finishedIds.size > rememberFinished) {
      const oldest = finishedIds.values().next().value;
      if (oldest !== undefined) finishedIds.delete(oldest);
    }
  }

  async function run(job: QueuedJob): Promise<void> {
    const handler = handlers.get(job.handler);
    if (!handler) {
      log.error({ jobId: job.id, handler: job.handler }, 'job for an unknown handler dropped');
      return;
    }
    for (let attempt = 1; ; attempt++) {
      try {
        await handler.run({ id: job.id, event: job.event }, context);
        return;
      } catch (error) {
        if (attempt >= attempts) {
          log.error({ err: error, jobId: job.id, handler: job.handler, attempt }, 'job failed; giving up');
          return;
        }
        const delay = backoffMs * 2 ** (attempt - 1);
        log.warn({ err: error, jobId: job.id, handler: job.handler, attempt, retryInMs: delay }, 'job failed; retrying');
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

  function drain(): Promise<void> {
    if (running === 0 && waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => idleWaiters.push(resolve));
  }

  return {
    kind: 'in-process',
    async enqueue(jobs) {
      if (isClosed) throw new Error('The job queue is closed.');
      for (const job of jobs) {
        if (pendingIds.has(job.id) || finishedIds.has(job.id)) continue;
        pendingIds.add(job.id);
        waiting.push(job);
      }
      pump();
    },
    async isReachable() {
      return !isClosed;
    },
    drain,
    async close() {
      isClosed = true;
      // Jobs already accepted are finished, retries included: the relay has moved past their events.
      await drain();
    },
  };
}
