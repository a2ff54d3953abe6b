import crypto from 'node:crypto';
import type { Db, Queryable } from '#server/db/db';
import { PG_UNIQUE_VIOLATION, sqlState } from '#server/db/db';
import { AppError } from '#server/errors/app-error';
import type { PersonalDataVault } from './personal-data.ts';
import type { EventMetadata, ExpectedVersion, Projection, ProjectionContext, RecordedEvent, StreamAppend } from './types.ts';
import { UpcasterRegistry } from './upcasters.ts';

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

  constructor(options: EventStoreOptions) {
    this.db = options.db;
    this.vault = options.vault;
    this.upcasters = options.upcasters ?? new UpcasterRegistry();
    this.inlineProjections = options.inlineProjections ?? [];
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

  async appendInTransaction(tx: Queryable, appends: readonly StreamAppend[], metadata: EventMetadata): Promise<AppendResult> {
    const recorded: RecordedEvent[] = [];
    const versions: Record<string, number> = {};
    for (const batch of appends) {
      if (batch.events.length === 0) continue;
      const startVersion = await this.#claimVersions(tx, batch);
      versions[batch.streamId] = startVersion + batch.events.length;
      recorded.push(...(await this.#insert(tx, batch, startVersion, metadata)));
    }
    await this.#project(tx, recorded);
    return { events: recorded, versions };
  }

  /** Compare-and-set of the stream's version; returns the version before the batch. */
  async #claimVersions(tx: Queryable, batch: StreamAppend): Promise<number> {
    const count = batch.events.length;
    const { streamId, expected } = batch;
    if (expected === 'no_stream') {
      try {
        await tx.query(`INSERT INTO streams (stream_id, version) VALUES ($1, $2)`, [streamId, count]);
        return 0;
      } catch (error) {
        if (sqlState(error) !== PG_UNIQUE_VIOLATION) throw error;
        throw new ConcurrencyError(streamId, expected, await this.#currentVersion(tx, streamId));
      }
    }
    if (expected === 'any') {
      const { rows } = await tx.query<{ version: number }>(
        `INSERT INTO streams (stream_id, version) VALUES ($1, $2)
         ON CONFLICT (stream_id) DO UPDATE SET version = streams.version + $2, updated_at = now()
         RETURNING version`,
        [streamId, count],
      );
      return rows[0]!.version - count;
    }
    const { rows } = await tx.query<{ version: number }>(
      expected === 'stream_exists'
        ? `UPDATE streams SET version = version + $2, updated_at = now() WHERE stream_id = $1 RETURNING version`
        : `UPDATE streams SET version = version + $2, updated_at = now() WHERE stream_id = $1 AND version = $3 RETURNING version`,
      expected === 'stream_exists' ? [streamId, count] : [streamId, count, expected],
    );
    if (rows.length === 0) throw new ConcurrencyError(streamId, expected, await this.#currentVersion(tx, streamId));
    return rows[0]!.version - count;
  }

  async #currentVersion(tx: Queryable, streamId: string): Promise<number | null> {
    const { rows } = await tx.query<{ version: number }>(`SELECT version FROM streams WHERE stream_id = $1`, [streamId]);
    return rows[0]?.version ?? null;
  }

  async #insert(tx: Queryable, batch: StreamAppend, startVersion: number, metadata: EventMetadata): Promise<RecordedEvent[]> {
    const ids: string[] = [];
    const versions: number[] = [];
    const types: string[] = [];
    const schemaVersions: number[] = [];
    const data: string[] = [];
    batch.events.forEach((event, index) => {
      ids.push(crypto.randomUUID());
      versions.push(startVersion + index + 1);
      types.push(event.type);
      schemaVersions.push(event.schemaVersion ?? this.upcasters.currentVersion(event.type));
      data.push(JSON.stringify(event.data));
    });
    const { rows } = await tx.query<EventRow>(
      `INSERT INTO events (event_id, stream_id, stream_version, type, schema_version, data, metadata)
       SELECT u.event_id, $2, u.stream_version, u.type, u.schema_version, u.data::jsonb, $7::jsonb
       FROM unnest($1::uuid[], $3::int[], $4::text[], $5::int[], $6::text[])
         AS u(event_id, stream_version, type, schema_version, data)
       ORDER BY u.stream_version
       RETURNING ${EVENT_COLUMNS}`,
      [ids, batch.streamId, versions, types, schemaVersions, data, JSON.stringify(metadata)],
    );
    return rows.map((row) => this.toRecorded(row));
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
    return { tx, reveal: (sealed) => this.vault.reveal(tx, sealed, keys) };
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
       WHERE stream_id = $1 AND ($2::timestamptz IS NULL OR recorded_at <= $2)
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
  ): Promise<RecordedEvent[]> {
    const { rows } = await db.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events
       WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
         AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
         AND ($4::text[] IS NULL OR type = ANY($4::text[]))
       ORDER BY transaction_id, global_position
       LIMIT $3`,
      [after.transactionId, after.globalPosition, limit, types ?? null],
    );
    return rows.map((row) => this.toRecorded(row));
  }

  /** Seals personal fields for a subject inside a transaction (see PersonalDataVault). */
  seal(tx: Queryable, subjectId: string, value: unknown) {
    return this.vault.seal(tx, subjectId, value);
  }
}
