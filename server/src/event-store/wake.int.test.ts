import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/db';
import { connectPostgres } from '#server/db/postgres';
import { createTestDb, testDbKinds, type TestDb } from '#server/testing/test-db';
import { ConcurrencyError, type EventStore } from './event-store.ts';
import { readCheckpoint, startProcessor } from './processor.ts';
import { createStore, createTestTables, eventually, meta, silentLog, uniqueId } from './test-fixtures.ts';
import type { RecordedEvent } from './types.ts';
import { configureEventsWake, EVENTS_CHANNEL, eventsWake, parseNotifyPayload } from './wake.ts';

function counted(streamId: string, expected: 'no_stream' | number = 'no_stream', count = 1) {
  return { streamId, expected, events: Array.from({ length: count }, (_, n) => ({ type: 'Counted', data: { n } })) };
}

/** A processor loop that records the IDs it handled; its poll is far longer than any test here unless given. */
function recordingLoop(db: Db, store: EventStore, pollMs = 600_000) {
  const handled = new Set<string>();
  const name = uniqueId('wake');
  const running = startProcessor(db, store, {
    name,
    owner: 'wake-test',
    batchSize: 100,
    pollMs,
    log: silentLog,
    async handle(_tx, events: readonly RecordedEvent[]) {
      for (const event of events) handled.add(event.eventId);
    },
  });
  return { name, handled, running };
}

describe.each(testDbKinds())('waking readers on %s', (kind) => {
  let testDb: TestDb;
  let store: EventStore;

  beforeAll(async () => {
    testDb = await createTestDb(kind, { poolSize: 20 });
    await createTestTables(testDb.db);
    store = createStore(testDb.db);
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  it('has no trigger on events that sends a NOTIFY from the writing transaction', async () => {
    const { rows } = await testDb.db.query<{ tgname: string }>(
      `SELECT t.tgname FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid
        WHERE t.tgrelid = 'events'::regclass AND (p.prosrc ILIKE '%notify%' OR t.tgname ILIKE '%notify%')`,
    );
    expect(rows).toEqual([]);
  });

  it('wakes this process\'s readers once the append has committed, and not for a rollback, a conflict or nothing', async () => {
    let wakes = 0;
    const subscription = await eventsWake(testDb.db).subscribe(() => wakes++);
    try {
      const streamId = uniqueId('same-process');
      await store.append([counted(streamId)], meta());
      // Signalled before append() returned: no timer, no poll in between.
      expect(wakes).toBe(1);

      await expect(
        testDb.db.transaction(async (tx) => {
          await store.appendInTransaction(tx, [counted(uniqueId('rolled-back'))], meta());
          throw new Error('roll it back');
        }),
      ).rejects.toThrow('roll it back');
      await expect(store.append([counted(streamId, 7)], meta())).rejects.toBeInstanceOf(ConcurrencyError);
      await store.append([{ streamId, expected: 1, events: [] }], meta());
      expect(wakes).toBe(1);

      // An append inside a longer transaction wakes only when that transaction commits.
      await testDb.db.transaction(async (tx) => {
        await store.appendInTransaction(tx, [counted(streamId, 1)], meta());
        expect(wakes).toBe(1);
      });
      expect(wakes).toBe(2);
    } finally {
      await subscription.stop();
    }
  });

  it('a running processor picks up an append in this process without waiting for its poll', async () => {
    const { handled, running } = recordingLoop(testDb.db, store);
    try {
      const { events } = await store.append([counted(uniqueId('loop'), 'no_stream', 2)], meta());
      // The poll is ten minutes: only the in-process wake-up can get these handled in time.
      await eventually(() => events.every((event) => handled.has(event.eventId)), 15_000, 'the processor to handle the events');
    } finally {
      await running.stop();
    }
  });

  if (kind === 'postgres') {
    /** Another process, as far as waking goes: its own pool and event store, no shared in-process signal. */
    function otherProcess(): { db: Db; store: EventStore; applicationName: string } {
      const applicationName = uniqueId('sahay-test-other');
      const db = connectPostgres(testDb.url!, { poolSize: 4, applicationName });
      return { db, store: createStore(db), applicationName };
    }

    /** A raw LISTEN connection, outside the app's code, that records every notification's payload. */
    async function rawListener() {
      const client = new pg.Client({ connectionString: testDb.url });
      await client.connect();
      const payloads: string[] = [];
      client.on('notification', (message) => {
        if (message.channel === EVENTS_CHANNEL) payloads.push(message.payload ?? '');
      });
      await client.query(`LISTEN ${EVENTS_CHANNEL}`);
      return {
        payloads,
        /**
         * Notifications reach a connection in commit order: once this one's own, sent last, has
         * arrived, every one committed before it has arrived too. No waiting on a timer.
         */
        async drain(): Promise<void> {
          const sentinel = uniqueId('sentinel');
          await client.query(`SELECT pg_notify($1, $2)`, [EVENTS_CHANNEL, sentinel]);
          await eventually(() => payloads.includes(sentinel), 15_000, 'the sentinel notification');
          payloads.splice(payloads.indexOf(sentinel), 1);
        },
        close: () => client.end(),
      };
    }

    it('sends no NOTIFY from the writing transaction: with the notifier off, appends notify nobody', async () => {
      const writer = otherProcess();
      configureEventsWake(writer.db, { notifiesOtherProcesses: false });
      const listener = await rawListener();
      try {
        for (let n = 0; n < 3; n++) await writer.store.append([counted(uniqueId('silent'))], meta());
        await writer.db.transaction(async (tx) => {
          await writer.store.appendInTransaction(tx, [counted(uniqueId('silent-tx'))], meta());
        });
        await listener.drain();
        expect(listener.payloads).toEqual([]);
      } finally {
        await listener.close();
        await writer.db.close();
      }
    });

    it('a processor in another process wakes on the coalesced NOTIFY, long before its poll', async () => {
      const reader = otherProcess();
      const { name, handled, running } = recordingLoop(reader.db, reader.store);
      try {
        // Let it take its first look (and its lease) before appending.
        await eventually(async () => (await readCheckpoint(reader.db, name))?.owner != null, 15_000, 'the first batch');
        const { events } = await store.append([counted(uniqueId('cross'), 'no_stream', 3)], meta());
        await eventually(() => events.every((event) => handled.has(event.eventId)), 15_000, 'the other process to handle the events');
      } finally {
        await running.stop();
        await reader.db.close();
      }
    });

    it('a reader in another process that reads other types sleeps on; one that reads these types wakes', async () => {
      const writer = otherProcess();
      const reader = otherProcess();
      const woken = { other: 0, counted: 0 };
      const subscriptions = await Promise.all([
        eventsWake(reader.db).subscribe(() => woken.other++, undefined, ['SomethingElse']),
        eventsWake(reader.db).subscribe(() => woken.counted++, undefined, ['Counted']),
      ]);
      try {
        await writer.store.append([counted(uniqueId('typed'))], meta());
        await eventually(() => woken.counted === 1, 15_000, 'the reader of Counted to wake');
        // Both readers share one LISTEN connection, and each notification is handed to all of its
        // readers at once: the other one has had the same NOTIFY.
        expect(woken.other).toBe(0);
      } finally {
        await Promise.all(subscriptions.map((subscription) => subscription.stop()));
        await reader.db.close();
        await writer.db.close();
      }
    });

    it('a processor in another process still gets the events from its poll when no NOTIFY comes', async () => {
      const writer = otherProcess();
      configureEventsWake(writer.db, { notifiesOtherProcesses: false });
      const reader = otherProcess();
      let remoteWakes = 0;
      const counting = await eventsWake(reader.db).subscribe(() => remoteWakes++);
      const { handled, running } = recordingLoop(reader.db, reader.store, 200);
      try {
        const { events } = await writer.store.append([counted(uniqueId('polled'), 'no_stream', 2)], meta());
        await eventually(() => events.every((event) => handled.has(event.eventId)), 15_000, 'the poll to find the events');
        // Nothing woke it: the poll did.
        expect(remoteWakes).toBe(0);
      } finally {
        await running.stop();
        await counting.stop();
        await reader.db.close();
        await writer.db.close();
      }
    });

    it('coalesces: one NOTIFY per interval for many commits, sent after they committed', async () => {
      const writer = otherProcess();
      // An interval longer than the test: after the first NOTIFY, the rest wait.
      const wake = configureEventsWake(writer.db, { notifyIntervalMs: 600_000 });
      const listener = await rawListener();
      try {
        for (let n = 0; n < 10; n++) await writer.store.append([counted(uniqueId('burst'))], meta());
        await eventually(() => wake.notifiesSent === 1, 15_000, 'the first NOTIFY');
        await listener.drain();
        expect(listener.payloads).toHaveLength(1);
        expect(parseNotifyPayload(listener.payloads[0]!).types).toEqual(new Set(['Counted']));
        expect(wake.notifiesSent).toBe(1);
      } finally {
        await listener.close();
        await writer.db.close();
      }
    });

    it('listens again after its connection is cut, and reads once at once in case a wake-up was lost', async () => {
      const reader = otherProcess();
      let wakes = 0;
      const errors: unknown[] = [];
      const subscription = await eventsWake(reader.db).subscribe(
        () => wakes++,
        (error) => errors.push(error),
      );
      try {
        const { rows } = await testDb.db.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1 AND query ILIKE 'LISTEN%'`,
          [reader.applicationName],
        );
        expect(rows).toHaveLength(1);
        await testDb.db.query(`SELECT pg_terminate_backend($1)`, [rows[0]!.pid]);
        await eventually(() => errors.length === 1 && wakes >= 1, 15_000, 'the lost connection to be noticed');
        // Listening again (after a short pause) also wakes once.
        await eventually(() => wakes >= 2, 15_000, 'listening again');
        const before = wakes;
        await store.append([counted(uniqueId('after-cut'))], meta());
        await eventually(() => wakes > before, 15_000, 'a wake-up over the new connection');
        expect(errors).toHaveLength(1);
      } finally {
        await subscription.stop();
        await reader.db.close();
      }
    });
  }
});
