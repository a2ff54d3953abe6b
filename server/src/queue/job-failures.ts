import type { Queryable } from '#server/db/db';
import { AppError } from '#server/errors/app-error';
import type { EventStore } from '#server/event-store/event-store';
import type { RecordedEvent } from '#server/event-store/types';
import { currentTraceparent } from '#server/lib/tracing';
import type { QueuedJob } from './queue.ts';

/** Where a failed job came from: an event the relay turned into it, or a schedule's time slot. */
export type JobFailureSource =
  | { kind: 'event'; eventId: string; eventType: string; streamId: string }
  | { kind: 'schedule'; scheduledAt: Date };

/** A job that gave up after its last attempt (decision 020), as the admins' view shows it. */
export interface JobFailure {
  jobId: string;
  /** The job handler's or the schedule's name. */
  handler: string;
  source: JobFailureSource;
  /** Attempts over every round: a retry that gives up again adds its own. */
  attempts: number;
  lastError: string;
  firstFailedAt: Date;
  lastFailedAt: Date;
  /** When an admin asked for a retry that has not given up again (the row goes when it succeeds). */
  retriedAt: Date | null;
}

/** Longest error text kept; the rest is cut. */
export const MAX_ERROR_LENGTH = 300;

export const FAILED_JOB_NOT_FOUND = 'This failed job is no longer listed. It may have been retried already.';
export const FAILED_JOB_HANDLER_GONE = 'This job can no longer run here, so it cannot be retried.';

/**
 * What is kept of an error: its message only (a stack names files, not causes, and may carry
 * arguments), on one line, with e-mail addresses and long digit runs (phone, Aadhaar and account
 * numbers) masked, and cut to MAX_ERROR_LENGTH. A message may quote the data it choked on; admins
 * with `settings` are not necessarily allowed to see members' details.
 */
export function errorSummary(error: unknown): string {
  const message = error instanceof Error && error.message.trim() !== '' ? error.message : 'The job failed without an error message.';
  const text = message
    .replace(/[\p{Cc}\s]+/gu, ' ')
    .replace(/[^\s@<>()[\]"',;:]+@[^\s@<>()[\]"',;:]+/g, '[e-mail]')
    .replace(/(?<![\p{L}\p{N}])\d(?:[ -]?\d){8,}(?![\p{L}\p{N}])/gu, '[number]')
    .trim();
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;
}

export function eventSource(event: RecordedEvent): JobFailureSource {
  return { kind: 'event', eventId: event.eventId, eventType: event.type, streamId: event.streamId };
}

/**
 * Records that a job gave up: a new row, or — for a retry that gave up again — the same row with
 * the attempts added, the new error and time, and the retry mark cleared.
 */
export async function recordJobFailure(
  db: Queryable,
  failure: { jobId: string; handler: string; source: JobFailureSource; attempts: number; error: unknown },
  now: Date,
): Promise<void> {
  const { source } = failure;
  await db.query(
    `INSERT INTO job_failures (job_id, handler, event_id, event_type, stream_id, scheduled_at, attempts, last_error, first_failed_at, last_failed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)
     ON CONFLICT (job_id) DO UPDATE SET
       attempts = job_failures.attempts + EXCLUDED.attempts,
       last_error = EXCLUDED.last_error,
       last_failed_at = EXCLUDED.last_failed_at,
       retried_at = NULL`,
    [
      failure.jobId,
      failure.handler,
      source.kind === 'event' ? source.eventId : null,
      source.kind === 'event' ? source.eventType : null,
      source.kind === 'event' ? source.streamId : null,
      source.kind === 'schedule' ? source.scheduledAt : null,
      failure.attempts,
      errorSummary(failure.error),
      now,
    ],
  );
}

interface FailureRow {
  job_id: string;
  handler: string;
  event_id: string | null;
  event_type: string | null;
  stream_id: string | null;
  scheduled_at: Date | null;
  attempts: number;
  last_error: string;
  first_failed_at: Date;
  last_failed_at: Date;
  retried_at: Date | null;
}

const COLUMNS = `job_id, handler, event_id, event_type, stream_id, scheduled_at, attempts, last_error, first_failed_at, last_failed_at, retried_at`;

function toFailure(row: FailureRow): JobFailure {
  const source: JobFailureSource =
    row.scheduled_at !== null
      ? { kind: 'schedule', scheduledAt: row.scheduled_at }
      : { kind: 'event', eventId: row.event_id ?? '', eventType: row.event_type ?? '', streamId: row.stream_id ?? '' };
  return {
    jobId: row.job_id,
    handler: row.handler,
    source,
    attempts: row.attempts,
    lastError: row.last_error,
    firstFailedAt: row.first_failed_at,
    lastFailedAt: row.last_failed_at,
    retriedAt: row.retried_at,
  };
}

/** The most recent failures first, at most `limit`, and how many there are in all. */
export async function listJobFailures(db: Queryable, limit = 200): Promise<{ failures: JobFailure[]; total: number }> {
  const [{ rows }, count] = await Promise.all([
    db.query<FailureRow>(`SELECT ${COLUMNS} FROM job_failures ORDER BY last_failed_at DESC, job_id LIMIT $1`, [limit]),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM job_failures`),
  ]);
  return { failures: rows.map(toFailure), total: count.rows[0]?.total ?? 0 };
}

/** How many failed jobs are waiting for a person, since when, and their handlers (the System health page). */
export async function summarizeJobFailures(db: Queryable): Promise<{ count: number; since: Date | null; handlers: string[] }> {
  const { rows } = await db.query<{ count: number; since: Date | null; handlers: string[] | null }>(
    `SELECT count(*)::int AS count, min(first_failed_at) AS since,
            (SELECT array_agg(handler ORDER BY handler) FROM (SELECT DISTINCT handler FROM job_failures WHERE retried_at IS NULL) h) AS handlers
       FROM job_failures WHERE retried_at IS NULL`,
  );
  return { count: rows[0]?.count ?? 0, since: rows[0]?.since ?? null, handlers: rows[0]?.handlers ?? [] };
}

export async function getJobFailure(db: Queryable, jobId: string): Promise<JobFailure | null> {
  const { rows } = await db.query<FailureRow>(`SELECT ${COLUMNS} FROM job_failures WHERE job_id = $1`, [jobId]);
  return rows[0] ? toFailure(rows[0]) : null;
}

/** Marks a failure as being retried (or, with null, takes the mark back when the retry could not be queued). */
export async function markJobRetried(db: Queryable, jobId: string, at: Date | null): Promise<void> {
  await db.query(`UPDATE job_failures SET retried_at = $2 WHERE job_id = $1`, [jobId, at]);
}

/** A retried job succeeded: it is no longer a failure. */
export async function clearJobFailure(db: Queryable, jobId: string): Promise<void> {
  await db.query(`DELETE FROM job_failures WHERE job_id = $1`, [jobId]);
}

/** The failure that queue.retry(jobId) acts on; a 404 when it is gone (retried and succeeded, or never failed). */
export async function requireJobFailure(db: Queryable, jobId: string): Promise<JobFailure> {
  const failure = await getJobFailure(db, jobId);
  if (!failure) throw new AppError('NOT_FOUND', { message: `no failed job ${jobId}`, userMessage: FAILED_JOB_NOT_FOUND });
  return failure;
}

/** The job of a failed event job again, with the event read back from its stream (events are never changed). */
export async function rebuildEventJob(eventStore: EventStore, failure: JobFailure): Promise<QueuedJob> {
  const { source } = failure;
  if (source.kind !== 'event') throw new Error(`Job ${failure.jobId} did not come from an event`);
  const event = (await eventStore.readStream(source.streamId)).find((recorded) => recorded.eventId === source.eventId);
  if (!event) throw new Error(`Event ${source.eventId} of failed job ${failure.jobId} is not in stream ${source.streamId}`);
  // An admin's retry continues the retry request's trace while tracing is on, else the event's.
  const traceparent = currentTraceparent() ?? event.metadata.traceparent;
  return { id: failure.jobId, handler: failure.handler, event, ...(traceparent ? { traceparent } : {}) };
}

export function handlerGone(failure: JobFailure): AppError {
  return new AppError('CONFLICT', { message: `no job handler or schedule named ${failure.handler}`, userMessage: FAILED_JOB_HANDLER_GONE });
}
