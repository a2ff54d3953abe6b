import type { Logger } from 'pino';
import type { Config } from '#server/config';
import type { Db } from '#server/db/db';
import type { EventStore } from '#server/event-store/event-store';
import type { RecordedEvent } from '#server/event-store/types';
import type { Mailer } from '#server/lib/mailer';

/** What a job handler may use. */
export interface JobContext {
  config: Config;
  db: Db;
  eventStore: EventStore;
  mailer: Mailer;
  log: Logger;
}

/**
 * Work done outside the request, triggered by an event (rule 6). The relay enqueues one job per
 * (event, handler) with the ID `<eventId>_<handler name>`; delivery is at-least-once, so run must be
 * idempotent — see runOnce in job-effects.ts for effects inside PostgreSQL.
 */
export interface JobHandler {
  name: string;
  /** Event types that trigger this handler. */
  on: readonly string[];
  run(job: { id: string; event: RecordedEvent }, context: JobContext): Promise<void>;
}

export interface QueuedJob {
  /** `<eventId>_<handler name>`: the same event and handler always give the same ID. */
  id: string;
  handler: string;
  event: RecordedEvent;
}

export interface JobQueue {
  readonly kind: 'in-process' | 'bullmq';
  /** Adds jobs; a job whose ID was already added (pending or completed) is not added again. */
  enqueue(jobs: readonly QueuedJob[]): Promise<void>;
  /** Whether the queue's backend answers (for /readyz). */
  isReachable(): Promise<boolean>;
  close(): Promise<void>;
}

export function jobId(eventId: string, handler: string): string {
  return `${eventId}_${handler}`;
}
