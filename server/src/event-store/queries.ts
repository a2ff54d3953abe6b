import type { Queryable } from '#server/db/db';
import type { EventMetadata } from './types.ts';

// What a module may ask of the event store besides appending and reading a stream (issue 30,
// docs/decisions/052): a stream's version, which streams exist, a filtered read of events, whether a
// subject's data key is alive, and the client addresses kept beside the events. The store's tables
// (`events`, `streams`, `data_keys`, `request_addresses`, `processor_checkpoints`) are named here
// and in the store's own files only; server/src/modules/sql-ownership.test.ts fails when a module's
// SQL names one of them.

/**
 * A SQL expression for the version of the stream whose ID `streamIdSql` evaluates to (NULL when there
 * is none), for a module's statement that must read a read-model row and the version it reflects in
 * one snapshot (READ COMMITTED: two statements could see a commit between them).
 * `streamIdSql` is SQL written by the caller (a column or a parameter), never a value from a user.
 */
export function streamVersionSql(streamIdSql: string): string {
  return `(SELECT version FROM streams WHERE stream_id = ${streamIdSql})`;
}

/** A SQL condition: the data key of the subject `subjectIdSql` evaluates to exists and was not destroyed. */
export function hasLiveKeySql(subjectIdSql: string): string {
  return `EXISTS (SELECT 1 FROM data_keys WHERE subject_id = ${subjectIdSql} AND wrapped_key IS NOT NULL)`;
}

/**
 * A stream's current version, or null when it does not exist. `forShare` takes a shared row lock:
 * an append to it waits for the caller's transaction (earmark-donations.job.ts). `name` prepares
 * the statement (a hot path).
 */
export async function streamVersion(db: Queryable, streamId: string, options: { forShare?: boolean; name?: string } = {}): Promise<number | null> {
  const { rows } = await db.query<{ version: number }>(
    `SELECT version FROM streams WHERE stream_id = $1${options.forShare ? ' FOR SHARE' : ''}`,
    [streamId],
    options.name ? { name: options.name } : undefined,
  );
  return rows[0]?.version ?? null;
}

/** The version of each stream asked for (null for one that does not exist), in one statement. */
export async function streamVersions(db: Queryable, streamIds: readonly string[]): Promise<Record<string, number | null>> {
  const { rows } = await db.query<{ stream_id: string; version: number }>(`SELECT stream_id, version FROM streams WHERE stream_id = ANY($1::text[])`, [streamIds]);
  const found = new Map(rows.map((row) => [row.stream_id, row.version]));
  return Object.fromEntries(streamIds.map((id) => [id, found.get(id) ?? null]));
}

/** Whether a stream exists. */
export async function streamExists(db: Queryable, streamId: string): Promise<boolean> {
  return (await streamVersion(db, streamId)) !== null;
}

/** Whether a subject's data key exists and was not destroyed (nothing may be sealed for an erased subject). */
export async function hasLiveKey(db: Queryable, subjectId: string): Promise<boolean> {
  const { rows } = await db.query<{ alive: boolean }>(`SELECT wrapped_key IS NOT NULL AS alive FROM data_keys WHERE subject_id = $1`, [subjectId]);
  return rows[0]?.alive ?? false;
}

/** An event as stored: its data in the schema version it was written in (not upcast). */
export interface StoredEvent {
  globalPosition: number;
  eventId: string;
  streamId: string;
  streamVersion: number;
  type: string;
  schemaVersion: number;
  data: Record<string, unknown>;
  metadata: EventMetadata;
  recordedAt: Date;
}

/** Which events `findEvents` returns: every given condition holds. */
export interface EventFilter {
  types?: readonly string[];
  streamId?: string;
  eventIds?: readonly string[];
  /** Events whose metadata's causationId is one of these. */
  causedBy?: readonly string[];
  actor?: string;
  /** A case-insensitive substring of the stream ID or of the data's JSON text. */
  text?: string;
  recordedFrom?: Date;
  recordedBefore?: Date;
  /** The data's string field is one of the values. */
  dataIn?: { field: string; values: readonly string[] };
  /** The data's field, read as a time, is at or before `at`. */
  dataTimeAtOrBefore?: { field: string; at: Date };
  /** Only events whose stream's data key is alive (not yet erased). */
  hasLiveKey?: boolean;
  newestFirst?: boolean;
  limit?: number;
  offset?: number;
}

function whereOf(filter: EventFilter): { where: string; params: unknown[] } {
  const params: unknown[] = [];
  const conditions: string[] = [];
  const param = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filter.types) conditions.push(`type = ANY(${param(filter.types)}::text[])`);
  if (filter.streamId !== undefined) conditions.push(`stream_id = ${param(filter.streamId)}`);
  if (filter.eventIds) conditions.push(`event_id = ANY(${param(filter.eventIds)}::uuid[])`);
  if (filter.causedBy) conditions.push(`metadata->>'causationId' = ANY(${param(filter.causedBy)}::text[])`);
  if (filter.actor !== undefined) conditions.push(`metadata->>'actor' = ${param(filter.actor)}`);
  if (filter.text !== undefined) {
    const text = param(filter.text);
    conditions.push(`(stream_id ILIKE '%' || ${text} || '%' OR data::text ILIKE '%' || ${text} || '%')`);
  }
  if (filter.recordedFrom) conditions.push(`recorded_at >= ${param(filter.recordedFrom)}::timestamptz`);
  if (filter.recordedBefore) conditions.push(`recorded_at < ${param(filter.recordedBefore)}::timestamptz`);
  if (filter.dataIn) conditions.push(`data->>${param(filter.dataIn.field)} = ANY(${param(filter.dataIn.values)}::text[])`);
  if (filter.dataTimeAtOrBefore) conditions.push(`(data->>${param(filter.dataTimeAtOrBefore.field)})::timestamptz <= ${param(filter.dataTimeAtOrBefore.at)}`);
  if (filter.hasLiveKey) conditions.push(hasLiveKeySql('events.stream_id'));
  return { where: conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '', params };
}

/** Events matching the filter, in the order they were recorded (newest first when asked), as stored. */
export async function findEvents(db: Queryable, filter: EventFilter): Promise<StoredEvent[]> {
  const { where, params } = whereOf(filter);
  const limit = filter.limit === undefined ? '' : ` LIMIT ${Number(filter.limit)}`;
  const offset = filter.offset === undefined ? '' : ` OFFSET ${Number(filter.offset)}`;
  const { rows } = await db.query<{
    global_position: number;
    event_id: string;
    stream_id: string;
    stream_version: number;
    type: string;
    schema_version: number;
    data: Record<string, unknown>;
    metadata: EventMetadata;
    recorded_at: Date;
  }>(
    `SELECT global_position, event_id::text AS event_id, stream_id, stream_version, type, schema_version, data, metadata, recorded_at
       FROM events ${where}
      ORDER BY global_position${filter.newestFirst ? ' DESC' : ''}${limit}${offset}`,
    params,
  );
  return rows.map((row) => ({
    globalPosition: Number(row.global_position),
    eventId: row.event_id,
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    type: row.type,
    schemaVersion: row.schema_version,
    data: row.data,
    metadata: row.metadata,
    recordedAt: row.recorded_at,
  }));
}

/** How many events match the filter (its order and paging ignored). */
export async function countEvents(db: Queryable, filter: EventFilter): Promise<number> {
  const { where, params } = whereOf(filter);
  const { rows } = await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM events ${where}`, params);
  return Number(rows[0]!.n);
}

/**
 * The strings a stream's events name as persons: the subject of every sealed field, and
 * `'user-' + value` of each of `accountFields` at the top of an event's data; sorted, each once.
 */
export async function personsNamedInStream(db: Queryable, streamId: string, accountFields: readonly string[]): Promise<string[]> {
  const { rows } = await db.query<{ subject: string }>(
    `SELECT subject FROM events, jsonb_path_query(data, 'strict $.**.subject') AS found(value), LATERAL (SELECT found.value #>> '{}' AS subject) s
      WHERE stream_id = $1 AND jsonb_typeof(found.value) = 'string'
     UNION
     SELECT 'user-' || (data ->> field) FROM events, unnest($2::text[]) AS field
      WHERE stream_id = $1 AND jsonb_typeof(data -> field) = 'string'
     ORDER BY 1`,
    [streamId, accountFields],
  );
  return rows.map((row) => row.subject);
}

/**
 * Where the store stands, read at one moment: the newest global position, the running transactions'
 * snapshot (pg_current_snapshot as text) and the given processors' checkpoints (their global
 * positions joined by commas, in the processors' name order; '' when none).
 */
export async function storeWatermark(db: Queryable, processors: readonly string[]): Promise<{ position: number; snapshot: string; projected: string }> {
  const { rows } = await db.query<{ position: number | null; snapshot: string; projected: string | null }>(
    `SELECT (SELECT max(global_position) FROM events) AS position, pg_current_snapshot()::text AS snapshot,
            (SELECT string_agg(global_position::text, ',' ORDER BY processor) FROM processor_checkpoints WHERE processor = ANY($1)) AS projected`,
    [processors],
  );
  return { position: Number(rows[0]?.position ?? 0), snapshot: rows[0]?.snapshot ?? '', projected: rows[0]?.projected ?? '' };
}

/** Forgets every client address kept for an actor's requests (a person's erasure). */
export async function forgetAddressesOfActor(db: Queryable, actor: string): Promise<void> {
  await db.query(`DELETE FROM request_addresses WHERE actor = $1`, [actor]);
}

/** Forgets the addresses of the requests by `actor` that recorded events on a stream (an erased application's family). */
export async function forgetAddressesOfStream(db: Queryable, streamId: string, actor: string): Promise<void> {
  await db.query(
    `DELETE FROM request_addresses WHERE actor = $2
       AND correlation_id IN (SELECT metadata->>'correlationId' FROM events WHERE stream_id = $1)`,
    [streamId, actor],
  );
}

/** Forgets the addresses recorded before a time (the retention period's end); how many went. */
export async function pruneAddresses(db: Queryable, recordedBefore: Date): Promise<number> {
  const { rowCount } = await db.query(`DELETE FROM request_addresses WHERE recorded_at < $1`, [recordedBefore]);
  return rowCount;
}
