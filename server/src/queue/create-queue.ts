import type { Logger } from 'pino';
import type { Config } from '#server/config';
import { createBullmqQueue } from './bullmq-queue.ts';
import { createInProcessQueue } from './in-process-queue.ts';
import type { JobContext, JobHandler, JobQueue, ScheduledJob } from './queue.ts';

export interface CreateQueueOptions {
  config: Config;
  log: Logger;
  /** Whether this process runs jobs (embedded server, worker) or only enqueues them (server with Redis, tools). */
  runsJobs: boolean;
  handlers: readonly JobHandler[];
  /** The modules' schedules; run only where runsJobs is true. */
  schedules?: readonly ScheduledJob[];
  context: JobContext;
  /** The clock for failure times and schedule slots. */
  now?: () => Date;
  /** Redis key prefix (tests). */
  prefix?: string;
}

/**
 * A queue that refuses jobs: for a tool (history, replay) on the embedded database, which has no
 * shared queue to hand them to and must not run them itself — tooling has no side effects.
 */
function createNoJobsQueue(): JobQueue {
  return {
    kind: 'in-process',
    async enqueue(jobs) {
      if (jobs.length > 0) throw new Error('This process neither runs jobs nor has a shared queue (REDIS_URL) to add them to.');
    },
    async retry() {
      throw new Error('This process neither runs jobs nor has a shared queue (REDIS_URL) to retry them on.');
    },
    async isReachable() {
      return true;
    },
    async close() {},
  };
}

/** The embedded in-process runner without REDIS_URL; BullMQ on Redis with it. */
export function createQueue(options: CreateQueueOptions): JobQueue {
  const { config, log, runsJobs, handlers, schedules, context, now } = options;
  if (config.queue.kind === 'in-process') {
    if (!runsJobs) return createNoJobsQueue();
    return createInProcessQueue({ handlers, schedules, context, now, log: log.child({ component: 'jobs' }) });
  }
  return createBullmqQueue({
    url: config.queue.url,
    prefix: options.prefix,
    runsJobs,
    handlers,
    schedules,
    now,
    context,
    log: log.child({ component: 'jobs' }),
  });
}
