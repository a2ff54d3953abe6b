import { pathToFileURL } from 'node:url';
import type { Db, Queryable } from '#server/db/db';
import { EVENT_COLUMNS, type EventStore } from '#server/event-store/event-store';
import { isSealed } from '#server/event-store/personal-data';
import { applyAllEvents, createFreshTables } from '#server/event-store/replay';
import type { RecordedEvent } from '#server/event-store/types';
import { openToolServices } from './open-services.ts';

const USAGE = `Usage: npm run history -- <streamId> [--as-of <ISO time>] [--with-ip]

Prints a stream's events with their actors and times (personal fields revealed, or [erased] when
the person's key is gone), then the read-model rows those events alone produce as of that time.
--with-ip adds the client address each request came from, where it is still kept (90 days): it is
personal data, for looking into abuse only (docs/decisions/022).`;

export const ERASED = '[erased]';

export type HistoryArgs = { streamId: string; asOf?: Date; withIp?: true } | { error: string } | { help: true };

export function parseHistoryArgs(argv: readonly string[]): HistoryArgs {
  if (argv.includes('--help') || argv.includes('-h')) return { help: true };
  let streamId: string | undefined;
  let asOf: Date | undefined;
  let withIp = false;
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    if (arg === '--with-ip') {
      withIp = true;
    } else if (arg === '--as-of' || arg.startsWith('--as-of=')) {
      const value = arg === '--as-of' ? argv[++index] : arg.slice('--as-of='.length);
      if (!value) return { error: '--as-of needs a time, e.g. 2025-01-31T18:30:00Z' };
      // Only ISO 8601 dates and times: Date.parse accepts much else, differently between engines.
      if (!/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) || Number.isNaN(Date.parse(value))) {
        return { error: `Not an ISO time: ${value}` };
      }
      asOf = new Date(value);
    } else if (arg.startsWith('-')) {
      return { error: `Unknown option ${arg}` };
    } else if (streamId === undefined) {
      streamId = arg;
    } else {
      return { error: 'Only one stream ID.' };
    }
  }
  if (!streamId) return { error: 'A stream ID is required.' };
  return { streamId, ...(asOf ? { asOf } : {}), ...(withIp ? { withIp: true as const } : {}) };
}

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

export async function main(argv: readonly string[]): Promise<number> {
  const args = parseHistoryArgs(argv);
  if ('help' in args) {
    console.log(USAGE);
    return 0;
  }
  if ('error' in args) {
    console.error(`${args.error}\n\n${USAGE}`);
    return 2;
  }
  const services = await openToolServices('history');
  if ('exitCode' in services) return services.exitCode;
  try {
    const history = await streamHistory(services, args.streamId, args.asOf);
    if (!history) {
      console.error(`No stream named ${args.streamId}.`);
      return 1;
    }
    if (args.withIp) {
      history.addresses = await requestAddresses(services.db, history.events.map((event) => event.metadata.correlationId));
      console.error('Client addresses are personal data: for looking into abuse only. Those older than 90 days are gone.');
    }
    console.log(formatHistory(history));
    return 0;
  } finally {
    await services.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
