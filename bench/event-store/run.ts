/**
 * `npm run bench:event-store` — the event store on a real PostgreSQL (BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres). It creates its own database, measures, prints the
 * figures and drops the database again. Not a test: nothing here passes or fails.
 *
 *   1. commands/s through the full path: EventStore.append of one event with an exact expected
 *      version in one transaction, with 1 writer and with 16 writers (each on its own stream) —
 *      each with one inline projection that upserts a per-stream counter row in the same
 *      transaction, and append only. The 16-writer figures show how committing writers contend.
 *   2. batch appends, events/s: EventStore.append of 1,000 events to a new stream per call, without
 *      inline projections (the pure append path), then with the counter projection for comparison.
 *   3. replay of 1,000,000 events into the counter projection: the events are inserted with one
 *      generate_series INSERT, then read back in batches by global_position (decoded and upcast by
 *      EventStore.toRecorded, as replay does), folded with the projection's own logic (count + 1,
 *      last position) and written set-based, one upsert per batch. The generic per-event replay
 *      (projection.apply per event, as replayAndCompare does it) is measured on a sample for contrast.
 */
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { Db, Queryable } from '#server/db/db';
import { migrate } from '#server/db/migrate';
import { connectPostgres } from '#server/db/postgres';
import { EVENT_COLUMNS, EventStore } from '#server/event-store/event-store';
import { PersonalDataVault } from '#server/event-store/sealing/personal-data';
import { applyAllEvents, createFreshTables } from '#server/event-store/replay';
import type { EventMetadata, ExpectedVersion, Projection, RecordedEvent } from '#server/event-store/types';
import { benchDatabaseName } from '../database-name.ts';
import { pathToFileURL } from 'node:url';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const COMMAND_SECONDS = Number(process.env.BENCH_COMMAND_SECONDS ?? 10);
const REPLAY_EVENTS = Number(process.env.BENCH_REPLAY_EVENTS ?? 1_000_000);
const REPLAY_STREAMS = 10_000;
const REPLAY_BATCH = 20_000;

const counters: Projection<'bench_counters'> = {
  name: 'bench-counters',
  tables: ['bench_counters'],
  handles: ['Counted'],
  async apply(event, { tx, tables }) {
    await tx.query(
      `INSERT INTO ${tables.bench_counters} (stream_id, count, last_position) VALUES ($1, 1, $2)
       ON CONFLICT (stream_id) DO UPDATE SET count = ${tables.bench_counters}.count + 1, last_position = EXCLUDED.last_position`,
      [event.streamId, event.globalPosition],
      // A fixed statement on the hot path: prepared once per connection (per target table).
      { name: `bench_count_${tables.bench_counters}` },
    );
  },
};

function metadata(): EventMetadata {
  return { actor: 'system', correlationId: crypto.randomUUID() };
}

function rate(count: number, ms: number): string {
  return Math.round((count * 1000) / ms).toLocaleString('en-IN');
}

function line(label: string, count: number, ms: number, unit: string): void {
  console.log(`${label.padEnd(58)} ${rate(count, ms).padStart(10)} ${unit}   (${count.toLocaleString('en-IN')} in ${(ms / 1000).toFixed(1)} s)`);
}

async function createDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = benchDatabaseName('events');
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: ADMIN_URL });
      await cleanup.connect();
      try {
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

/** Each writer appends one event at a time to its own stream, always with the exact expected version. */
async function commands(store: EventStore, writers: number, seconds: number): Promise<{ count: number; ms: number }> {
  const run = async (ms: number) => {
    const deadline = performance.now() + ms;
    let count = 0;
    await Promise.all(
      Array.from({ length: writers }, async (_, writer) => {
        const streamId = `bench-${writers}-${writer}-${crypto.randomBytes(4).toString('hex')}`;
        let expected: ExpectedVersion = 'no_stream';
        while (performance.now() < deadline) {
          const { versions } = await store.append([{ streamId, expected, events: [{ type: 'Counted', data: { writer } }] }], metadata());
          expected = versions[streamId]!;
          count++;
        }
      }),
    );
    return count;
  };
  await run(1_000); // warm-up: connections, plans
  const started = performance.now();
  const count = await run(seconds * 1_000);
  return { count, ms: performance.now() - started };
}

async function batches(store: EventStore, batchCount: number, batchSize: number, writers: number): Promise<{ count: number; ms: number }> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async () => {
      while (next < batchCount) {
        const index = next++;
        const events = Array.from({ length: batchSize }, (_, n) => ({ type: 'Counted', data: { n } }));
        await store.append([{ streamId: `batch-${index}-${crypto.randomBytes(4).toString('hex')}`, expected: 'no_stream', events }], metadata());
      }
    }),
  );
  return { count: batchCount * batchSize, ms: performance.now() - started };
}

/**
 * How `total` replay events are laid out: REPLAY_STREAMS streams, or one per event when fewer are
 * asked for, and as many to a stream as it takes — so the labels say what was inserted, which is
 * more than asked when `total` does not divide evenly (with BENCH_REPLAY_EVENTS=1000 it once
 * printed "1,000 events in 10,000 streams" and inserted 10,000; issue 36).
 */
export function replayLayout(total: number): { streams: number; perStream: number; events: number } {
  const streams = Math.max(1, Math.min(REPLAY_STREAMS, total));
  const perStream = Math.max(1, Math.ceil(total / streams));
  return { streams, perStream, events: streams * perStream };
}

async function insertReplayEvents(db: Db, total: number): Promise<number> {
  const { streams, perStream } = replayLayout(total);
  const started = performance.now();
  await db.query(
    `INSERT INTO streams (stream_id, version) SELECT 'replay-' || s, $1 FROM generate_series(1, $2) s`,
    [perStream, streams],
  );
  // Interleaved across streams, as real traffic would be; version-major so versions stay ordered.
  await db.query(
    `INSERT INTO events (event_id, stream_id, stream_version, type, schema_version, data, metadata)
     SELECT gen_random_uuid(), 'replay-' || s, v, 'Counted', 1, jsonb_build_object('n', v),
            '{"actor":"system","correlationId":"bench-replay"}'::jsonb
       FROM generate_series(1, $1) v, generate_series(1, $2) s`,
    [perStream, streams],
  );
  return performance.now() - started;
}

interface Fold {
  count: number;
  last: number;
}

/** The counter projection's logic, over a batch: count + 1 and last position per event. */
function fold(into: Map<string, Fold>, event: RecordedEvent): void {
  const current = into.get(event.streamId);
  if (current) {
    current.count += 1;
    current.last = event.globalPosition;
  } else {
    into.set(event.streamId, { count: 1, last: event.globalPosition });
  }
}

async function writeFold(db: Queryable, table: string, folded: Map<string, Fold>): Promise<void> {
  const ids: string[] = [];
  const counts: number[] = [];
  const lasts: number[] = [];
  for (const [id, value] of folded) {
    ids.push(id);
    counts.push(value.count);
    lasts.push(value.last);
  }
  await db.query(
    `INSERT INTO ${table} (stream_id, count, last_position)
     SELECT * FROM unnest($1::text[], $2::int[], $3::bigint[])
     ON CONFLICT (stream_id) DO UPDATE SET count = ${table}.count + EXCLUDED.count, last_position = EXCLUDED.last_position`,
    [ids, counts, lasts],
  );
}

/** Batched reads by position; the write of one batch overlaps the read of the next. */
async function fastReplay(db: Db, store: EventStore, table: string, after: number): Promise<{ count: number; ms: number }> {
  const started = performance.now();
  let count = 0;
  let pendingWrite: Promise<void> = Promise.resolve();
  for (;;) {
    const { rows } = await db.query<Parameters<EventStore['toRecorded']>[0]>(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE global_position > $1 AND type = ANY($2::text[]) ORDER BY global_position LIMIT $3`,
      [after, counters.handles, REPLAY_BATCH],
    );
    if (rows.length === 0) break;
    const folded = new Map<string, Fold>();
    for (const row of rows) fold(folded, store.toRecorded(row));
    await pendingWrite;
    pendingWrite = writeFold(db, table, folded);
    count += rows.length;
    after = rows.at(-1)!.global_position;
  }
  await pendingWrite;
  return { count, ms: performance.now() - started };
}

async function main(): Promise<void> {
  console.log(`Event store benchmark on ${new URL(ADMIN_URL).host}, ${new Date().toISOString()}`);
  const database = await createDatabase();
  const db = connectPostgres(database.url, { poolSize: 20, applicationName: 'sahay-bench' });
  try {
    await migrate(db);
    await db.query(`CREATE TABLE bench_counters (stream_id text PRIMARY KEY, count integer NOT NULL, last_position bigint NOT NULL)`);
    const vault = new PersonalDataVault(crypto.randomBytes(32));
    const withProjection = new EventStore({ db, vault, inlineProjections: [counters] });
    const appendOnly = new EventStore({ db, vault });
    const { rows: version } = await db.query<{ server_version: string }>(`SHOW server_version`);
    console.log(`PostgreSQL ${version[0]?.server_version}; pool of 20 connections; Node ${process.version}\n`);

    console.log('Commands (append 1 event at the exact expected version, one transaction each)');
    for (const writers of [1, 16]) {
      const projected = await commands(withProjection, writers, COMMAND_SECONDS);
      line(`  ${writers} writer${writers === 1 ? '' : 's'}, + inline counter upsert`, projected.count, projected.ms, 'cmds/s');
      const plain = await commands(appendOnly, writers, COMMAND_SECONDS);
      line(`  ${writers} writer${writers === 1 ? '' : 's'}, append only`, plain.count, plain.ms, 'cmds/s');
    }

    console.log('\nBatch appends (1,000 events to a new stream per append)');
    const plain1 = await batches(appendOnly, 100, 1_000, 1);
    line('  append only, 1 writer', plain1.count, plain1.ms, 'events/s');
    const plain4 = await batches(appendOnly, 200, 1_000, 4);
    line('  append only, 4 writers', plain4.count, plain4.ms, 'events/s');
    const projected = await batches(withProjection, 20, 1_000, 1);
    line('  with the inline counter projection (per-event apply), 1 writer', projected.count, projected.ms, 'events/s');

    const layout = replayLayout(REPLAY_EVENTS);
    console.log(`\nReplay (${layout.events.toLocaleString('en-IN')} events in ${layout.streams.toLocaleString('en-IN')} streams)`);
    const { rows: before } = await db.query<{ max: number | null }>(`SELECT max(global_position) AS max FROM events`);
    const start = before[0]?.max ?? 0;
    const insertMs = await insertReplayEvents(db, REPLAY_EVENTS);
    line('  insert with one generate_series INSERT', layout.events, insertMs, 'events/s');
    await db.query(`ANALYZE events`);
    await db.query(`CREATE TABLE bench_replay_counters (LIKE bench_counters INCLUDING ALL)`);
    const fast = await fastReplay(db, appendOnly, 'bench_replay_counters', start);
    line(`  batched read (${REPLAY_BATCH.toLocaleString('en-IN')}) + fold + set-based upsert`, fast.count, fast.ms, 'events/s');
    const { rows: check } = await db.query<{ streams: number; events: number; wrong: number }>(
      `SELECT count(*)::int AS streams, sum(r.count)::int AS events,
              count(*) FILTER (WHERE r.count <> e.count OR r.last_position <> e.last)::int AS wrong
         FROM bench_replay_counters r
         JOIN (SELECT stream_id, count(*) AS count, max(global_position) AS last FROM events
                WHERE global_position > $1 GROUP BY stream_id) e USING (stream_id)`,
      [start],
    );
    console.log(`  check: ${check[0]?.streams} streams, ${check[0]?.events} events counted, ${check[0]?.wrong} rows differ from a GROUP BY`);

    const sample = Math.min(50_000, layout.events);
    const generic = await db.transaction(async (tx) => {
      const fresh = await createFreshTables(tx, counters, 'replay_');
      const started = performance.now();
      const count = await applyAllEvents(tx, appendOnly, counters, fresh, { afterPosition: start, toPosition: start + sample, batchSize: 5_000 });
      return { count, ms: performance.now() - started };
    });
    line(`  generic per-event apply (replayAndCompare's path), ${sample.toLocaleString('en-IN')} events`, generic.count, generic.ms, 'events/s');
  } finally {
    await db.close();
    await database.drop();
  }
}

// Only as the program: the tests import replayLayout.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
