import crypto from 'node:crypto';
import type { Queryable } from '#server/db/db';
import { AppError } from '#server/errors/app-error';
import { handleCommand } from '#server/event-store/command-handler';
import type { DomainEvent } from '#server/event-store/types';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import type { Services } from '#server/services';
import { REPLAY_CHECK_NOT_FOUND, type TReplayCheck } from './replay-checks.schema.ts';

/** A super-admin asked for every read model to be rebuilt from the events and compared (issue 15). */
export type ReplayCheckRequested = DomainEvent<'ReplayCheckRequested', { checkId: string; requestedBy: string; requestedAt: string }>;
/** The outcome: per projection, the events replayed and how many rows differed each way. */
export type ReplayCheckCompleted = DomainEvent<
  'ReplayCheckCompleted',
  { checkId: string; outcome: 'equal' | 'different' | 'failed'; projections: Array<{ projection: string; events: number; onlyInLive: number; onlyInReplay: number }>; finishedAt: string }
>;

export function replayCheckStreamId(checkId: string): string {
  return `replay_check-${checkId}`;
}

interface Row {
  check_id: string;
  status: TReplayCheck['status'];
  requested_by: string;
  requested_at: Date;
  events_total: string | number;
  events_replayed: string | number;
  result: TReplayCheck['result'];
  error: string | null;
  finished_at: Date | null;
}

function toCheck(row: Row): TReplayCheck {
  return {
    checkId: row.check_id,
    status: row.status,
    requestedBy: row.requested_by,
    requestedAt: new Date(row.requested_at).toISOString(),
    eventsTotal: Number(row.events_total),
    eventsReplayed: Number(row.events_replayed),
    result: row.result,
    error: row.error,
    finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
  };
}

const COLUMNS = 'check_id::text, status, requested_by, requested_at, events_total, events_replayed, result, error, finished_at';

/**
 * `admin.replayChecks.start`, POST /api/admin/replay-checks (permission settings, as the failed-jobs
 * console: it only reads, in its own snapshot, and blocks nothing; decision 032): queues a check, or — while one is
 * queued or running — answers that one, so ten presses start one job. The request is an event
 * (with the actor); the job it triggers does the work outside the request.
 */
export async function startReplayCheck(services: Services, by: { userId: string }, meta: RequestMeta): Promise<TReplayCheck> {
  const running = await currentCheck(services.db);
  if (running) return running;
  const checkId = crypto.randomUUID();
  const now = services.now();
  try {
    await handleCommand(services, {
      streamId: replayCheckStreamId(checkId),
      evolve: (state: boolean) => state || true,
      initialState: false,
      decide: (): ReplayCheckRequested[] => [{ type: 'ReplayCheckRequested', data: { checkId, requestedBy: by.userId, requestedAt: now.toISOString() } }],
      metadata: eventMetadata(meta),
      async onRecorded(tx) {
        // The partial unique index lets one check be queued or running: a racing second insert fails
        // here, rolling its event back, and that request answers the first check.
        await tx.query(`INSERT INTO read_model_checks (check_id, status, requested_by, requested_at) VALUES ($1, 'queued', $2, $3)`, [checkId, by.userId, now]);
      },
    });
  } catch (error) {
    const other = await currentCheck(services.db);
    if (other) return other;
    throw error;
  }
  return (await getReplayCheck(services.db, checkId))!;
}

async function currentCheck(db: Queryable): Promise<TReplayCheck | null> {
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM read_model_checks WHERE status IN ('queued', 'running') LIMIT 1`);
  return rows[0] ? toCheck(rows[0]) : null;
}

export async function getReplayCheck(db: Queryable, checkId: string): Promise<TReplayCheck | null> {
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM read_model_checks WHERE check_id = $1::uuid`, [checkId]);
  return rows[0] ? toCheck(rows[0]) : null;
}

export async function requireReplayCheck(db: Queryable, checkId: string): Promise<TReplayCheck> {
  const check = await getReplayCheck(db, checkId);
  if (!check) throw new AppError('NOT_FOUND', { userMessage: REPLAY_CHECK_NOT_FOUND });
  return check;
}

/** The latest checks, newest first. */
export async function listReplayChecks(db: Queryable, limit = 10): Promise<TReplayCheck[]> {
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM read_model_checks ORDER BY requested_at DESC LIMIT $1`, [limit]);
  return rows.map(toCheck);
}
