import type { Db, Queryable } from '#server/db/db';
import { EVENT_COLUMNS, type EventStore } from './event-store.ts';
import { isSealed } from './sealing/personal-data.ts';
import { applyAllEvents, createFreshTables } from './replay.ts';
import type { RecordedEvent } from './types.ts';

// A stream's history as of a time, with the read-model rows its events alone produce: for
// `npm run history` and the console's audit view (kept here, not in the tool, so the audit does not
// import a command-line tool; issue 30).

export const ERASED = '[erased]';


/** A copy of value with every sealed personal field opened, or replaced by "[erased]". */
export async function revealDeep(eventStore: EventStore, tx: Queryable, value: unknown, keys = new Map<string, Buffer | null>()): Promise<unknown> {
  if (isSealed(value)) {
    const revealed = await eventStore.vault.reveal(tx, value, keys);
    return revealed === null ? ERASED : revealed;
  }
  if (Array.isArray(value)) return Promise.all(value.map((item) => revealDeep(eventStore, tx, item, keys)));
  if (typeof value === 'object' && value !== null) {
    const entries = await Promise.all(
      Object.entries(value).map(async ([key, item]) => [key, await revealDeep(eventStore, tx, item, keys)] as const),
    );
    return Object.fromEntries(entries);
  }
  return value;
}

export interface StreamHistory {
  streamId: string;
  asOf?: Date;
  /** The stream's version now (events after asOf included). */
  currentVersion: number;
  events: (RecordedEvent & { revealed: unknown })[];
  /** Rows the inline projections produce from these events alone, per table. */
  state: { projection: string; table: string; rows: Record<string, unknown>[] }[];
  /** Correlation ID → client address, when asked for (--with-ip) and still kept. */
  addresses?: Map<string, string>;
}

/**
 * A stream's events recorded by asOf, counting to the end of its millisecond: recorded_at has
 * microseconds, while the time a person copies from this tool's output (a Date) has milliseconds,
 * and "as of the time printed beside an event" must include that event.
 */
async function readStreamAsOf(tx: Queryable, eventStore: EventStore, streamId: string, asOf?: Date): Promise<RecordedEvent[]> {
  const { rows } = await tx.query<Parameters<EventStore['toRecorded']>[0]>(
    `SELECT ${EVENT_COLUMNS} FROM events
      WHERE stream_id = $1 AND ($2::timestamptz IS NULL OR recorded_at < $2::timestamptz + interval '1 millisecond')
      ORDER BY stream_version`,
    [streamId, asOf ?? null],
  );
  return rows.map((row) => eventStore.toRecorded(row));
}

/**
 * The stream's events up to asOf, and the state they fold to: each inline projection that handles
 * any of its types is replayed over just these events into temporary tables (dropped at commit).
 * Null when there is no such stream.
 */
export async function streamHistory(
  services: { db: Db; eventStore: EventStore },
  streamId: string,
  asOf?: Date,
): Promise<StreamHistory | null> {
  const { db, eventStore } = services;
  return db.transaction(async (tx) => {
    // One snapshot for the events and the state built from them.
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    const currentVersion = await eventStore.streamVersion(streamId, tx);
    if (currentVersion === null) return null;
    const events = await readStreamAsOf(tx, eventStore, streamId, asOf);
    const keys = new Map<string, Buffer | null>();
    const revealed = [];
    for (const event of events) revealed.push({ ...event, revealed: await revealDeep(eventStore, tx, event.data, keys) });
    const types = new Set(events.map((event) => event.type));
    const state: StreamHistory['state'] = [];
    for (const projection of [...eventStore.inlineProjections, ...eventStore.asyncProjections]) {
      if (!projection.handles.some((type) => types.has(type))) continue;
      const fresh = await createFreshTables(tx, projection, 'history_');
      await applyAllEvents(tx, eventStore, projection, fresh, { streamId, asOf });
      for (const table of projection.tables) {
        const { rows } = await tx.query<{ row: Record<string, unknown> }>(
          `SELECT to_jsonb(t) AS row FROM ${fresh[table]} t ORDER BY to_jsonb(t)::text`,
        );
        state.push({ projection: projection.name, table, rows: rows.map((r) => r.row) });
      }
    }
    return { streamId, asOf, currentVersion, events: revealed, state };
  });
}

function indent(text: string, prefix: string): string {
  return text
    .split('\n')
    .map((line) => prefix + line)
    .join('\n');
}

export function formatHistory(history: StreamHistory): string {
  const lines: string[] = [];
  const when = history.asOf ? `as of ${history.asOf.toISOString()}` : 'now';
  lines.push(`Stream ${history.streamId} — ${history.events.length} events ${when} (current version ${history.currentVersion})`);
  for (const event of history.events) {
    lines.push('');
    lines.push(`#${event.streamVersion} ${event.type} (schema v${event.schemaVersion}) at position ${event.globalPosition}`);
    lines.push(`  recorded    ${event.recordedAt.toISOString()}`);
    lines.push(`  actor       ${event.metadata.actor}`);
    lines.push(`  correlation ${event.metadata.correlationId}`);
    if (event.metadata.causationId) lines.push(`  causation   ${event.metadata.causationId}`);
    if (history.addresses) lines.push(`  ip          ${history.addresses.get(event.metadata.correlationId) ?? '(not kept)'}`);
    lines.push(`  event ID    ${event.eventId}`);
    lines.push('  data');
    lines.push(indent(JSON.stringify(event.revealed, null, 2), '    '));
  }
  lines.push('');
  lines.push(`State ${when}:`);
  if (history.state.length === 0) lines.push('  (no inline projection reads these events)');
  for (const table of history.state) {
    lines.push(`  ${table.table} (projection ${table.projection}): ${table.rows.length} rows`);
    for (const row of table.rows) lines.push(indent(JSON.stringify(row), '    '));
  }
  return lines.join('\n');
}

/** The client addresses kept for these requests (request_addresses, docs/decisions/022). */
export async function requestAddresses(db: Queryable, correlationIds: readonly string[]): Promise<Map<string, string>> {
  const { rows } = await db.query<{ correlation_id: string; ip: string }>(`SELECT correlation_id, ip FROM request_addresses WHERE correlation_id = ANY($1::text[])`, [
    [...new Set(correlationIds)],
  ]);
  return new Map(rows.map((row) => [row.correlation_id, row.ip]));
}

