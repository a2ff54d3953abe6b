import { afterCommit, type Db, type Queryable } from '#server/db/db';
import { AppError } from '#server/errors/app-error';
import { eventsAppended } from '#server/lib/metrics';
import { currentTraceparent, inSpan, isTracing } from '#server/lib/tracing';
import type { PersonalDataVault } from './sealing/personal-data.ts';
import { uuidv7 } from './uuid.ts';
import type { EventMetadata, ExpectedVersion, Projection, ProjectionContext, RecordedEvent, StreamAppend } from './types.ts';
import { UpcasterRegistry } from './upcasters.ts';
import { eventsWake } from './wake.ts';

export class ConcurrencyError extends AppError {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number | null,
  ) {
    super('CONFLICT', {
      message: `Stream ${streamId}: expected ${String(expected)}, found ${actual === null ? 'no stream' : `version ${actual}`}`,
      userMessage: 'Someone else changed this at the same time. Please reload and try again.',
    });
  }
}

interface EventRow {
  global_position: number;
  event_id: string;
  stream_id: string;
  stream_version: number;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: EventMetadata;
  transaction_id: string;
  recorded_at: Date;
}

export const EVENT_COLUMNS =
  'global_position, event_id, stream_id, stream_version, type, schema_version, data, metadata, transaction_id::text AS transaction_id, recorded_at';

export interface AppendResult {
  events: RecordedEvent[];
  /** The new version of each stream written. */
  versions: Record<string, number>;
}

export interface EventStoreOptions {
  db: Db;
  vault: PersonalDataVault;
  upcasters?: UpcasterRegistry;
  /** Read models updated in the append's transaction. */
  inlineProjections?: readonly Projection[];
  /** Read models kept by async processors (async-projections.ts); listed here for replay and history, never applied on append. */
  asyncProjections?: readonly Projection[];
  /** Which module each event type belongs to, for sahay_events_appended_total; a type not listed counts as `other`. */
  moduleOfType?: ReadonlyMap<string, string>;
}

/** Live table names: a projection's logical names are its real ones. */
export function liveTables(projection: Projection): Record<string, string> {
  return Object.fromEntries(projection.tables.map((table) => [table, table]));
}

export class EventStore {
  readonly db: Db;
  readonly vault: PersonalDataVault;
  readonly upcasters: UpcasterRegistry;
  readonly inlineProjections: readonly Projection[];
  readonly asyncProjections: readonly Projection[];
  readonly #moduleOfType: ReadonlyMap<string, string>;

  constructor(options: EventStoreOptions) {
    this.db = options.db;
    this.vault = options.vault;
    this.upcasters = options.upcasters ?? new UpcasterRegistry();
    this.inlineProjections = options.inlineProjections ?? [];
    this.asyncProjections = options.asyncProjections ?? [];
    this.#moduleOfType = options.moduleOfType ?? new Map();
  }

  /**
   * Appends batches to one or more streams atomically (rules 2 and 5): each stream's version is
   * compared and set, the events are inserted, and the inline projections see them, all in one
   * transaction. `prepare` runs first in the same transaction, for work such as sealing personal
   * data that must roll back with the append.
   */
  async append(
    appends: readonly StreamAppend[] | ((tx: Queryable) => Promise<readonly StreamAppend[]>),
    metadata: EventMetadata,
  ): Promise<AppendResult> {
    return this.db.transaction(async (tx) => {
      const batches = typeof appends === 'function' ? await appends(tx) : appends;
      return this.appendInTransaction(tx, batches, metadata);
    });
  }

  /**
   * While tracing is on, in an `event-store.append` span (event types and count), whose traceparent
   * is kept in the events' metadata: the relay hands it to their jobs, which continue the trace.
   */
  appendInTransaction(tx: Queryable, appends: readonly StreamAppend[], requestMetadata: EventMetadata): Promise<AppendResult> {
    if (!isTracing()) return this.#appendInTransaction(tx, appends, requestMetadata);
    const types = [...new Set(appends.flatMap((batch) => batch.events.map((event) => event.type)))];
    const count = appends.reduce((sum, batch) => sum + batch.events.length, 0);
    return inSpan('event-store.append', { 'sahay.event.types': types, 'sahay.events.count': count }, () => {
      const traceparent = currentTraceparent();
      return this.#appendInTransaction(tx, appends, traceparent ? { ...requestMetadata, traceparent } : requestMetadata);
    });
  }

  async #appendInTransaction(tx: Queryable, appends: readonly StreamAppend[], requestMetadata: EventMetadata): Promise<AppendResult> {
    const recorded: RecordedEvent[] = [];
    const versions: Record<string, number> = {};
    const metadata = await this.#keepAddressApart(tx, requestMetadata, appends);
    for (const batch of appends) {
      if (batch.events.length === 0) continue;
      const events = await this.#appendBatch(tx, batch, metadata);
      versions[batch.streamId] = events.at(-1)!.streamVersion;
      recorded.push(...events);
    }
    await this.#project(tx, recorded);
    // Readers are woken after the commit, never by a NOTIFY inside it (docs/decisions/018).
    if (recorded.length > 0) {
      afterCommit(tx, () => {
        eventsWake(this.db).appended(recorded.map((event) => event.type));
        for (const event of recorded) eventsAppended.inc({ module: this.#moduleOfType.get(event.type) ?? 'other' });
      });
    }
    return { events: recorded, versions };
  }

  /**
   * The client's address is personal data and the events outlive every retention period: it goes to
   * request_addresses (by correlation ID, pruned after 90 days; docs/decisions/022), never into an
   * event's metadata.
   */
  async #keepAddressApart(tx: Queryable, metadata: EventMetadata, appends: readonly StreamAppend[]): Promise<EventMetadata> {
    const { ip, ...stored } = metadata;
    if (ip && appends.some((batch) => batch.events.length > 0)) {
      await tx.query(
        `INSERT INTO request_addresses (correlation_id, actor, ip) VALUES ($1, $2, $3) ON CONFLICT (correlation_id) DO NOTHING`,
        [metadata.correlationId, metadata.actor, ip],
        { name: 'sahay_request_address' },
      );
    }
    return stored;
  }

  /**
   * Compare-and-set of the stream's version and the insert of its events, in one statement (one
   * round trip: the benchmark's command rate rests on it). No row back means the version did not
   * match: a concurrency error, never a silent drop.
   */
  async #appendBatch(tx: Queryable, batch: StreamAppend, metadata: EventMetadata): Promise<RecordedEvent[]> {
    const { streamId, expected, events } = batch;
    const ids = events.map(() => uuidv7());
    const types = events.map((event) => event.type);
    const schemaVersions = events.map((event) => event.schemaVersion ?? this.upcasters.currentVersion(event.type));
    const data = events.map((event) => JSON.stringify(event.data));
    const params: unknown[] = [streamId, events.length, ids, types, schemaVersions, data, JSON.stringify(metadata)];
    let claim: string;
    let variant: string;
    if (expected === 'no_stream') {
      variant = 'no_stream';
      claim = `INSERT INTO streams (stream_id, version) VALUES ($1, $2) ON CONFLICT (stream_id) DO NOTHING RETURNING 0 AS start`;
    } else if (expected === 'any') {
      variant = 'any';
      claim = `INSERT INTO streams (stream_id, version) VALUES ($1, $2)
               ON CONFLICT (stream_id) DO UPDATE SET version = streams.version + $2, updated_at = now()
               RETURNING version - $2 AS start`;
    } else if (expected === 'stream_exists') {
      variant = 'stream_exists';
      claim = `UPDATE streams SET version = version + $2, updated_at = now() WHERE stream_id = $1 RETURNING version - $2 AS start`;
    } else {
      variant = 'exact';
      claim = `UPDATE streams SET version = version + $2, updated_at = now() WHERE stream_id = $1 AND version = $8 RETURNING version - $2 AS start`;
      params.push(expected);
    }
    const { rows } = await tx.query<{ global_position: number; stream_version: number; transaction_id: string; recorded_at: Date }>(
      `WITH claimed AS (${claim})
       INSERT INTO events (event_id, stream_id, stream_version, type, schema_version, data, metadata)
       SELECT u.event_id, $1, claimed.start + u.n, u.type, u.schema_version, u.data::jsonb, $7::jsonb
       FROM claimed, unnest($3::uuid[], $4::text[], $5::int[], $6::text[]) WITH ORDINALITY AS u(event_id, type, schema_version, data, n)
       ORDER BY u.n
       RETURNING global_position, stream_version, transaction_id::text AS transaction_id, recorded_at`,
      params,
      { name: `sahay_append_${variant}` },
    );
    if (rows.length === 0) throw new ConcurrencyError(streamId, expected, await this.#currentVersion(tx, streamId));
    rows.sort((a, b) => a.stream_version - b.stream_version);
    // Built from what was written, in the shape a reader would see (an explicitly old version is upcast).
    return rows.map((row, index) => ({
      globalPosition: row.global_position,
      eventId: ids[index]!,
      streamId,
      streamVersion: row.stream_version,
      type: types[index]!,
      ...this.upcasters.upcast(types[index]!, schemaVersions[index]!, events[index]!.data),
      metadata,
      transactionId: row.transaction_id,
      recordedAt: row.recorded_at,
    }));
  }

  async #currentVersion(tx: Queryable, streamId: string): Promise<number | null> {
    const { rows } = await tx.query<{ version: number }>(`SELECT version FROM streams WHERE stream_id = $1`, [streamId]);
    return rows[0]?.version ?? null;
  }

  async #project(tx: Queryable, events: readonly RecordedEvent[]): Promise<void> {
    if (events.length === 0 || this.inlineProjections.length === 0) return;
    const context = this.projectionContext(tx);
    for (const projection of this.inlineProjections) {
      const tables = liveTables(projection);
      for (const event of events) {
        if (projection.handles.includes(event.type)) await projection.apply(event, { ...context, tables });
      }
    }
  }

  projectionContext(tx: Queryable): Omit<ProjectionContext, 'tables'> {
    const keys = new Map<string, Buffer | null>();
    return { tx, reveal: (sealed) => this.vault.reveal(tx, sealed, keys), blindIndex: (purpose, value) => this.vault.blindIndex(purpose, value) };
  }

  toRecorded(row: EventRow): RecordedEvent {
    const { schemaVersion, data } = this.upcasters.upcast(row.type, row.schema_version, row.data);
    return {
      globalPosition: row.global_position,
      eventId: row.event_id,
      streamId: row.stream_id,
      streamVersion: row.stream_version,
      type: row.type,
      schemaVersion,
      data,
      metadata: row.metadata,
      transactionId: row.transaction_id,
      recordedAt: row.recorded_at,
    };
  }

  /** A stream's events in order, upcast to their current shape; optionally only those recorded by a time. */
  async readStream(streamId: string, options: { asOf?: Date; db?: Queryable } = {}): Promise<RecordedEvent[]> {
    const { rows } = await (options.db ?? this.db).query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events
       WHERE stream_id = $1 AND ($2::timestamptz IS NULL OR date_trunc('milliseconds', recorded_at) <= $2)
       ORDER BY stream_version`,
      [streamId, options.asOf ?? null],
    );
    return rows.map((row) => this.toRecorded(row));
  }

  async streamVersion(streamId: string, db: Queryable = this.db): Promise<number | null> {
    return this.#currentVersion(db, streamId);
  }

  /**
   * Every committed event in (transaction_id, global_position) order after a position, limited to
   * transactions older than every one still running, so none committed later can slip in behind.
   */
  async readAllAfter(
    db: Queryable,
    after: { transactionId: string; globalPosition: number },
    limit: number,
    types?: readonly string[],
    /**
     * Read only events of transactions below this ID: the oldest transaction still running when the
     * caller took it (pg_snapshot_xmin). Without it, the oldest running now. A caller that also asks
     * what is held back must use the same bound for both, or an event can fall between them.
     */
    visibleBelow?: string,
  ): Promise<RecordedEvent[]> {
    const { rows } = await db.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events
       WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
         AND transaction_id < coalesce($5::xid8, pg_snapshot_xmin(pg_current_snapshot()))
         AND ($4::text[] IS NULL OR type = ANY($4::text[]))
       ORDER BY events.transaction_id, global_position -- the column (xid8), not the text alias of EVENT_COLUMNS: "1000" sorts before "999"
       LIMIT $3`,
      [after.transactionId, after.globalPosition, limit, types ?? null, visibleBelow ?? null],
    );
    return rows.map((row) => this.toRecorded(row));
  }

  /** Seals personal fields for a subject inside a transaction (see PersonalDataVault). */
  seal(tx: Queryable, subjectId: string, value: unknown) {
    return this.vault.seal(tx, subjectId, value);
  }

  /** Opens a sealed value inside a transaction (null once its key is destroyed). */
  reveal<V>(tx: Queryable, sealed: unknown): Promise<V | null> {
    return this.vault.reveal<V>(tx, sealed);
  }
}
