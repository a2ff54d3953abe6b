import type { Db, Queryable } from '#server/db/db';
import { asyncProjectionProcessorName } from './async-projections.ts';
import type { EventStore } from './event-store.ts';
import { EVENT_COLUMNS } from './event-store.ts';
import { readCheckpoint, type Checkpoint } from './processor.ts';
import type { Projection, RecordedEvent, TableNames } from './types.ts';

/**
 * Replay (rule 10): rebuild read models from the events into fresh tables and compare them with the
 * live ones. Only projection.apply runs — no job is enqueued, no mail sent — so rebuilding has no
 * side effects. The fresh tables are temporary and dropped with the transaction.
 */

const PLAIN_IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

export class UnknownProjectionError extends Error {
  override name = 'UnknownProjectionError';
  constructor(
    readonly projection: string,
    readonly known: readonly string[],
  ) {
    super(`No projection named ${projection}. Known projections: ${known.length > 0 ? known.join(', ') : '(none)'}.`);
  }
}

export interface TableDifference {
  projection: string;
  table: string;
  /** Rows (as JSON objects) in the live table but not in the rebuilt one, at most rowLimit of them. */
  onlyInLive: Record<string, unknown>[];
  onlyInReplay: Record<string, unknown>[];
  onlyInLiveCount: number;
  onlyInReplayCount: number;
}

export interface ProjectionReplay {
  projection: string;
  /** Events applied. */
  events: number;
  differences: TableDifference[];
}

function assertPlainName(name: string): void {
  if (!PLAIN_IDENTIFIER.test(name)) throw new Error(`Table name ${name} is not a plain lower-case identifier.`);
}

/** The projection's tables mapped to `<prefix><table>`. */
export function freshTableNames(projection: Projection, prefix: string): TableNames {
  return Object.fromEntries(projection.tables.map((table) => [table, `${prefix}${table}`]));
}

/**
 * Creates empty temporary copies of the projection's tables (columns, defaults, indexes, checks;
 * not foreign keys), dropped when the transaction ends. Returns the name mapping for apply.
 */
export async function createFreshTables(tx: Queryable, projection: Projection, prefix: string): Promise<TableNames> {
  const names = freshTableNames(projection, prefix);
  for (const table of projection.tables) {
    assertPlainName(table);
    assertPlainName(names[table]!);
    await tx.query(`CREATE TEMP TABLE ${names[table]} (LIKE ${table} INCLUDING ALL) ON COMMIT DROP`);
  }
  return names;
}

interface EventRowLike {
  global_position: number;
}

/**
 * Applies every event of the types the projection handles, in global order, read in batches by
 * position. The options narrow the events further (history: one stream, up to a time). asOf counts
 * to the end of its millisecond: PostgreSQL keeps microseconds, a Date (and a printed time) only ms.
 */
export async function applyAllEvents(
  tx: Queryable,
  eventStore: EventStore,
  projection: Projection,
  tables: TableNames,
  options: {
    batchSize?: number;
    streamId?: string;
    asOf?: Date;
    afterPosition?: number;
    toPosition?: number;
    upTo?: Checkpoint;
    /** After each batch: how many events this call has applied so far. */
    onBatch?: (applied: number) => Promise<void> | void;
  } = {},
): Promise<number> {
  const batchSize = options.batchSize ?? 2_000;
  const context = { ...eventStore.projectionContext(tx), tables };
  let after = options.afterPosition ?? 0;
  let applied = 0;
  for (;;) {
    const { rows } = await tx.query<EventRowLike & Parameters<EventStore['toRecorded']>[0]>(
      `SELECT ${EVENT_COLUMNS} FROM events
        WHERE global_position > $1 AND type = ANY($2::text[])
          AND ($4::text IS NULL OR stream_id = $4) AND ($5::timestamptz IS NULL OR recorded_at < $5::timestamptz + interval '1 millisecond')
          AND ($6::bigint IS NULL OR global_position <= $6)
          AND ($7::xid8 IS NULL OR (transaction_id, global_position) <= ($7::xid8, $8::bigint))
        ORDER BY global_position
        LIMIT $3`,
      [
        after,
        projection.handles,
        batchSize,
        options.streamId ?? null,
        options.asOf ?? null,
        options.toPosition ?? null,
        options.upTo?.transactionId ?? null,
        options.upTo?.globalPosition ?? null,
      ],
    );
    for (const row of rows) {
      const event: RecordedEvent = eventStore.toRecorded(row);
      await projection.apply(event, context);
    }
    applied += rows.length;
    await options.onBatch?.(applied);
    if (rows.length < batchSize) return applied;
    after = rows.at(-1)!.global_position;
  }
}

async function exceptRows(tx: Queryable, left: string, right: string, rowLimit: number) {
  // Rows compared as jsonb: every column type has jsonb equality (json, say, has none).
  const difference = `SELECT to_jsonb(l) AS row FROM ${left} l EXCEPT ALL SELECT to_jsonb(r) AS row FROM ${right} r`;
  const { rows: counted } = await tx.query<{ count: number }>(`SELECT count(*)::int AS count FROM (${difference}) d`);
  const count = counted[0]!.count;
  if (count === 0) return { rows: [], count };
  const { rows } = await tx.query<{ row: Record<string, unknown> }>(`SELECT row FROM (${difference}) d ORDER BY row::text LIMIT $1`, [rowLimit]);
  return { rows: rows.map((r) => r.row), count };
}

/** Compares each live table with its rebuilt copy both ways. */
export async function compareTables(
  tx: Queryable,
  projection: Projection,
  fresh: TableNames,
  rowLimit: number,
): Promise<TableDifference[]> {
  const differences: TableDifference[] = [];
  for (const table of projection.tables) {
    const rebuilt = fresh[table]!;
    const onlyInLive = await exceptRows(tx, table, rebuilt, rowLimit);
    const onlyInReplay = await exceptRows(tx, rebuilt, table, rowLimit);
    if (onlyInLive.count > 0 || onlyInReplay.count > 0) {
      differences.push({
        projection: projection.name,
        table,
        onlyInLive: onlyInLive.rows,
        onlyInReplay: onlyInReplay.rows,
        onlyInLiveCount: onlyInLive.count,
        onlyInReplayCount: onlyInReplay.count,
      });
    }
  }
  return differences;
}

/** The projections to replay, inline and async: all, or the one named (UnknownProjectionError otherwise). */
export function selectProjections(eventStore: EventStore, projectionName?: string): readonly Projection[] {
  const all = [...eventStore.inlineProjections, ...eventStore.asyncProjections];
  if (projectionName === undefined) return all;
  const found = all.find((projection) => projection.name === projectionName);
  if (!found) throw new UnknownProjectionError(projectionName, all.map((projection) => projection.name));
  return [found];
}

/**
 * Rebuilds each inline projection (or the one named) into fresh `replay_<table>` tables and
 * compares them with the live tables. Each projection is rebuilt in one REPEATABLE READ transaction,
 * so the events it reads and the live rows it compares with are the same snapshot: appends that
 * commit meanwhile cannot show up as a difference. The admin audit view and `npm run replay` use it.
 */
export async function replayAndCompare(
  services: { db: Db; eventStore: EventStore },
  projectionName?: string,
  options: { rowLimit?: number; batchSize?: number; onProgress?: (eventsReplayed: number) => Promise<void> | void } = {},
): Promise<ProjectionReplay[]> {
  const { db, eventStore } = services;
  const rowLimit = options.rowLimit ?? 100;
  const results: ProjectionReplay[] = [];
  let replayedBefore = 0;
  for (const projection of selectProjections(eventStore, projectionName)) {
    results.push(
      await db.transaction(async (tx) => {
        await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
        const fresh = await createFreshTables(tx, projection, 'replay_');
        // An async projection's live tables hold what its processor has read so far: replay as much, from the same snapshot.
        const upTo = eventStore.asyncProjections.includes(projection)
          ? ((await readCheckpoint(tx, asyncProjectionProcessorName(projection))) ?? { transactionId: '0', globalPosition: 0 })
          : undefined;
        const done = replayedBefore;
        const events = await applyAllEvents(tx, eventStore, projection, fresh, { batchSize: options.batchSize, upTo, onBatch: (applied) => options.onProgress?.(done + applied) });
        replayedBefore += events;
        const differences = await compareTables(tx, projection, fresh, rowLimit);
        for (const table of projection.tables) await tx.query(`DROP TABLE ${fresh[table]}`);
        return { projection: projection.name, events, differences };
      }),
    );
  }
  return results;
}
