import type { Logger } from 'pino';
import type { Config } from '#server/config';
import type { Db } from '#server/db/db';
import type { EventStore } from '#server/event-store/event-store';
import type { DomainEvent, Recorded, RecordedEvent } from '#server/event-store/types';
import type { FileStore } from '#server/files/file-store';
import type { Mailer } from '#server/lib/mailer';
import type { SmsSender } from '#server/lib/sms';
import { inSpan } from '#server/lib/tracing';

/** What a job handler may use. */
export interface JobContext {
  config: Config;
  db: Db;
  eventStore: EventStore;
  mailer: Mailer;
  sms: SmsSender;
  files: FileStore;
  log: Logger;
  /** The clock; tests inject their own. */
  now(): Date;
}

/**
 * Work done outside the request, triggered by an event (rule 6). The relay enqueues one job per
 * (event, handler) with the ID `<eventId>_<handler name>`; delivery is at-least-once, so run must be
 * idempotent — see job-effects.ts. Modules write them with defineJob (job.ts), one `<name>.job.ts`
 * each, typed by their event union: `run` receives only the types listed in `on`.
 */
export interface JobHandler<E extends DomainEvent = DomainEvent> {
  name: string;
  /** Event types that trigger this handler. */
  on: readonly E['type'][];
  run(job: { id: string; event: Recorded<E> }, context: JobContext): Promise<void>;
}

export interface QueuedJob {
  /** `<eventId>_<handler name>`: the same event and handler always give the same ID. */
  id: string;
  handler: string;
  event: RecordedEvent;
  /** The W3C traceparent the job's span continues (docs/decisions/077): its event's append, or the admin's retry. */
  traceparent?: string;
}

/**
 * Work on a timer rather than after an event, run through the same queue (decision 020): a BullMQ
 * job scheduler with REDIS_URL, timers in the process that runs jobs without it. Each slot's run
 * has the ID scheduledJobId(name, slot), so two processes cannot both run one slot; the effect must
 * still be idempotent (a run may be retried), so compute it from `scheduledAt`, not from the clock.
 */
export interface ScheduledJob {
  /** Unique among job handlers and schedules; lower-case letters, digits and hyphens. */
  name: string;
  /** One run per slot of this many milliseconds; slots start at multiples of it since 1970 (a day: 00:00 UTC). */
  everyMs: number;
  run(job: { id: string; scheduledAt: Date }, context: JobContext): Promise<void>;
}

/** A schedule's run for one slot: `repeat:<schedule>:<slot start in ms>`, the ID BullMQ's job scheduler gives it too. */
export function scheduledJobId(schedule: string, scheduledAt: Date): string {
  return `repeat:${schedule}:${scheduledAt.getTime()}`;
}

/** The schedule and slot of a scheduled run's ID; null for any other job ID. */
export function parseScheduledJobId(id: string): { schedule: string; scheduledAt: Date } | null {
  const match = /^repeat:([a-z0-9-]+):(\d{1,15})$/.exec(id);
  return match ? { schedule: match[1]!, scheduledAt: new Date(Number(match[2])) } : null;
}

export interface JobQueue {
  readonly kind: 'in-process' | 'bullmq';
  /** Adds jobs; a job whose ID was already added (pending or completed) is not added again. */
  enqueue(jobs: readonly QueuedJob[]): Promise<void>;
  /**
   * Runs a job that gave up (listed in job_failures) again, with all its attempts; its row goes when
   * it succeeds. A 404 AppError when no such failure is listed; a no-op while it is already queued.
   */
  retry(jobId: string): Promise<void>;
  /** Whether the queue's backend answers (for /readyz). */
  isReachable(): Promise<boolean>;
  /** Jobs held now by state (waiting, active, delayed…), for /metrics; absent where no jobs are held. */
  depth?(): Promise<Record<string, number>>;
  close(): Promise<void>;
}

/** A job's span: `job <handler or schedule>`, a child of `traceparent` when given (a new trace otherwise); its queue and attempt. */
export function inJobSpan<T>(name: string, queue: string, attempt: number, traceparent: string | undefined, run: () => Promise<T>): Promise<T> {
  return inSpan(`job ${name}`, { 'sahay.job.handler': name, 'sahay.job.queue': queue, 'sahay.job.attempt': attempt }, run, { kind: 'consumer', parent: traceparent ?? '' });
}

export function jobId(eventId: string, handler: string): string {
  return `${eventId}_${handler}`;
}
