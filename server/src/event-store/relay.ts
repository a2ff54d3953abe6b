import os from 'node:os';
import type { Logger } from 'pino';
import type { Db } from '#server/db/db';
import type { JobHandler, JobQueue, QueuedJob } from '#server/queue/queue';
import { jobId } from '#server/queue/queue';
import type { EventStore } from './event-store.ts';
import { type ProcessorOptions, type RunningProcessor, runProcessorBatch, startProcessor } from './processor.ts';
import type { RecordedEvent } from './types.ts';

export const RELAY_PROCESSOR = 'relay';

/** The parts of Services the relay uses. */
export interface RelayServices {
  db: Db;
  eventStore: EventStore;
  queue: JobQueue;
  jobHandlers: readonly JobHandler[];
  log: Logger;
}

export interface RelayOptions {
  /** Who runs it; defaults to host and PID. */
  owner?: string;
  batchSize?: number;
  pollMs?: number;
  leaseMs?: number;
}

/** One job per (event, handler that listens to its type), with the deterministic ID. */
export function jobsFor(events: readonly RecordedEvent[], handlers: readonly JobHandler[]): QueuedJob[] {
  const jobs: QueuedJob[] = [];
  for (const event of events) {
    for (const handler of handlers) {
      if (handler.on.includes(event.type)) {
        jobs.push({ id: jobId(event.eventId, handler.name), handler: handler.name, event, ...(event.metadata.traceparent ? { traceparent: event.metadata.traceparent } : {}) });
      }
    }
  }
  return jobs;
}

export function defaultOwner(): string {
  return `${os.hostname()}-${process.pid}`;
}

/**
 * The relay (rule 6) as an async processor: the jobs are enqueued before the batch's transaction
 * commits its checkpoint, so a crash in between enqueues them again — at-least-once — and the
 * deterministic job IDs make the second enqueue a no-op while the queue still holds the first.
 */
export function relayProcessor(services: RelayServices, options: RelayOptions = {}): ProcessorOptions {
  const { queue, jobHandlers } = services;
  return {
    name: RELAY_PROCESSOR,
    owner: options.owner ?? defaultOwner(),
    // With no handler at all the filter is empty and the relay only moves its checkpoint along,
    // so a handler added later starts from then, not from the first event ever recorded.
    types: [...new Set(jobHandlers.flatMap((handler) => handler.on))],
    batchSize: options.batchSize ?? 200,
    leaseMs: options.leaseMs,
    async handle(_tx, events) {
      const jobs = jobsFor(events, jobHandlers);
      if (jobs.length > 0) await queue.enqueue(jobs);
    },
  };
}

/** One relay batch (tests and tools); see startRelay for the running loop. */
export function runRelayBatch(services: RelayServices, options: RelayOptions = {}) {
  return runProcessorBatch(services.db, services.eventStore, relayProcessor(services, options));
}

/** Starts the relay loop; stop() lets the batch in flight finish and releases its lease. */
export function startRelay(services: RelayServices, options: RelayOptions = {}): RunningProcessor {
  return startProcessor(services.db, services.eventStore, {
    ...relayProcessor(services, options),
    log: services.log.child({ component: 'relay' }),
    pollMs: options.pollMs,
  });
}
