import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '#server/db/db';
import { AppError } from '#server/errors/app-error';
import { createTestDb, testDbKinds, type TestDb } from '#server/testing/test-db';
import { COMMAND_CONFLICT, foldStream, handleCommand } from './command-handler.ts';
import type { EventStore } from './event-store.ts';
import { createStore, createTestTables, meta, uniqueId } from './test-fixtures.ts';
import type { Recorded } from './types.ts';

/** A counter that counts to a limit: the smallest domain with a decision that can refuse and a no-op. */
type Counted = { type: 'Counted'; data: { by: string } };
interface Count {
  count: number;
}
const zero: Count = { count: 0 };
const counted = (by: string): Counted => ({ type: 'Counted', data: { by } });
const evolve = (state: Count, event: Recorded<Counted>): Count => (event.type === 'Counted' ? { count: state.count + 1 } : state);

describe.each(testDbKinds())('handleCommand on %s', (kind) => {
  let testDb: TestDb;
  let db: Db;
  let store: EventStore;

  beforeAll(async () => {
    testDb = await createTestDb(kind);
    db = testDb.db;
    await createTestTables(db);
    store = createStore(db);
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  const countsOf = async (streamId: string) => (await store.readStream(streamId)).length;
  /**
   * Tests where a second writer commits in the middle of an attempt need a second connection: on
   * PGlite (one connection, transactions one at a time) the second writer would wait for the first.
   * The modules' race tests run them against real concurrency on PostgreSQL.
   */
  const withSecondWriter = (name: string, body: () => Promise<void>) =>
    kind === 'postgres' ? it(name, body) : it.skip(`${name} [PostgreSQL only: PGlite has one connection, so no writer can commit mid-attempt]`, body);

  it('appends at the version read, and a decision that finds the work done records nothing', async () => {
    const streamId = uniqueId('count');
    const once = (state: Count): Counted[] => (state.count === 0 ? [counted('a')] : []);
    const first = await handleCommand<Count, Counted>({ db, eventStore: store }, { streamId, evolve, initialState: zero, decide: once, metadata: meta() });
    expect(first).toMatchObject({ attempts: 1, state: zero, versions: { [streamId]: 1 } });
    expect(first.events.map((event) => event.type)).toEqual(['Counted']);
    const second = await handleCommand<Count, Counted>({ db, eventStore: store }, { streamId, evolve, initialState: zero, decide: once, metadata: meta() });
    expect(second).toMatchObject({ events: [], state: { count: 1 }, versions: {} });
    expect(await countsOf(streamId)).toBe(1);
  });

  it('decides its first attempt on a read made before, appending at its version; a write since makes it read again', async () => {
    const readStream = vi.spyOn(store, 'readStream');
    const services = { db, eventStore: store };
    const upTo = (limit: number) => (state: Count): Counted[] => (state.count < limit ? [counted('me')] : []);

    // Still current: decided on as given, with no read of the stream inside the command.
    const streamId = uniqueId('count');
    await handleCommand<Count, Counted>(services, { streamId, evolve, initialState: zero, decide: () => [counted('seed')], metadata: meta() });
    const current = await foldStream<Count, Counted>(store, db, streamId, evolve, zero);
    readStream.mockClear();
    const onCurrent = await handleCommand<Count, Counted>(services, { streamId, evolve, initialState: zero, readBefore: current, decide: upTo(2), metadata: meta() });
    expect(onCurrent).toMatchObject({ attempts: 1, state: { count: 1 }, versions: { [streamId]: 2 } });
    expect(readStream.mock.calls).toEqual([]);

    // Stale (another writer appended since it was read): its append fails, and the second attempt
    // reads the stream and decides on what is there now, which here finds the work done.
    const stale = await foldStream<Count, Counted>(store, db, streamId, evolve, zero);
    await handleCommand<Count, Counted>(services, { streamId, evolve, initialState: zero, decide: () => [counted('other')], metadata: meta() });
    readStream.mockClear();
    const onStale = await handleCommand<Count, Counted>(services, { streamId, evolve, initialState: zero, readBefore: stale, decide: upTo(3), metadata: meta() });
    expect(onStale).toMatchObject({ attempts: 2, events: [], state: { count: 3 } });
    expect(readStream.mock.calls.map(([id]) => id)).toEqual([streamId]);
    expect((await store.readStream(streamId)).map((event) => (event.data as Counted['data']).by)).toEqual(['seed', 'me', 'other']);

    // A read of another stream is refused before anything is written.
    const other = uniqueId('count');
    await expect(handleCommand<Count, Counted>(services, { streamId: other, evolve, initialState: zero, readBefore: current, decide: upTo(1), metadata: meta() })).rejects.toThrow(/another stream/);
    expect(await countsOf(other)).toBe(0);
    readStream.mockRestore();
  });

  withSecondWriter('re-reads and decides again when another writer got there first', async () => {
    const streamId = uniqueId('count');
    await handleCommand<Count, Counted>({ db, eventStore: store }, { streamId, evolve, initialState: zero, decide: () => [counted('seed')], metadata: meta() });
    const seen: number[] = [];
    let hasInterfered = false;
    const result = await handleCommand<Count, Counted>(
      { db, eventStore: store },
      {
        streamId,
        evolve,
        initialState: zero,
        decide: async (state) => {
          seen.push(state.count);
          if (!hasInterfered) {
            hasInterfered = true;
            // Another writer commits between this attempt's read and its append.
            await handleCommand<Count, Counted>({ db, eventStore: store }, { streamId, evolve, initialState: zero, decide: () => [counted('other')], metadata: meta() });
          }
          return state.count < 3 ? [counted('me')] : [];
        },
        metadata: meta(),
      },
    );
    expect(seen).toEqual([1, 2]);
    expect(result.attempts).toBe(2);
    expect(await countsOf(streamId)).toBe(3);
  });

  withSecondWriter('gives up after its attempts with a 409 and the command’s message, having written nothing', async () => {
    const streamId = uniqueId('count');
    let attempts = 0;
    const error = await handleCommand<Count, Counted>(
      { db, eventStore: store },
      {
        streamId,
        evolve,
        initialState: zero,
        attempts: 3,
        conflictMessage: 'Someone counted at the same time.',
        decide: async () => {
          attempts++;
          await handleCommand<Count, Counted>({ db, eventStore: store }, { streamId, evolve, initialState: zero, decide: () => [counted('other')], metadata: meta() });
          return [counted('me')];
        },
        metadata: meta(),
      },
    ).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AppError);
    expect([(error as AppError).code, (error as AppError).userMessage]).toEqual(['CONFLICT', 'Someone counted at the same time.']);
    expect(attempts).toBe(3);
    expect((await store.readStream(streamId)).map((event) => (event.data as Counted['data']).by)).toEqual(['other', 'other', 'other']);
    expect(COMMAND_CONFLICT).toMatch(/reload and try again/);
  });

  it('rolls back everything, onRecorded included, when the decision or onRecorded throws; runs onRecorded only with events', async () => {
    const streamId = uniqueId('count');
    let recorded = 0;
    const refused = handleCommand<Count, Counted>(
      { db, eventStore: store },
      {
        streamId,
        evolve,
        initialState: zero,
        decide: () => {
          throw new AppError('BAD_REQUEST', { userMessage: 'No.' });
        },
        metadata: meta(),
      },
    );
    await expect(refused).rejects.toThrow('No.');
    const failing = handleCommand<Count, Counted>(
      { db, eventStore: store },
      {
        streamId,
        evolve,
        initialState: zero,
        decide: () => [counted('me')],
        metadata: meta(),
        onRecorded: async (tx) => {
          await tx.query(`INSERT INTO test_counters (stream_id, count, last_position) VALUES ($1, 1, 0)`, [`${streamId}-side`]);
          throw new Error('disk full');
        },
      },
    );
    await expect(failing).rejects.toThrow('disk full');
    expect(await countsOf(streamId)).toBe(0);
    // Neither the inline projection's row nor onRecorded's survived.
    expect((await db.query(`SELECT 1 FROM test_counters WHERE stream_id = ANY($1::text[])`, [[streamId, `${streamId}-side`]])).rows).toEqual([]);
    await handleCommand<Count, Counted>({ db, eventStore: store }, { streamId, evolve, initialState: zero, decide: () => [], metadata: meta(), onRecorded: async () => void recorded++ });
    expect(recorded).toBe(0);
  });

  it('refuses to write a stream whose version it did not read', async () => {
    const streamId = uniqueId('count');
    const unread = handleCommand<null, Counted>(
      { db, eventStore: store },
      { read: async () => ({ state: null, versions: {} }), decide: () => [{ streamId, events: [counted('me')] }], metadata: meta() },
    );
    await expect(unread).rejects.toThrow(`Command wrote to ${streamId} without reading its version first`);
    expect(await countsOf(streamId)).toBe(0);
  });

  withSecondWriter('starts again when a read of several statements straddles a commit', async () => {
    const streamId = uniqueId('count');
    let reads = 0;
    const result = await handleCommand<Count, Counted>(
      { db, eventStore: store },
      {
        async read(tx) {
          reads++;
          const folded = await foldStream<Count, Counted>(store, tx, streamId, evolve, zero);
          // Between this read's statements another command commits: the version read is stale.
          if (reads === 1) {
            await handleCommand<Count, Counted>({ db, eventStore: store }, { streamId, evolve, initialState: zero, decide: () => [counted('other')], metadata: meta() });
          }
          return folded;
        },
        decide: (state) => [{ streamId, events: state.count === 0 ? [counted('me')] : [] }],
        metadata: meta(),
      },
    );
    expect(reads).toBe(2);
    expect(result.events).toEqual([]);
    expect(await countsOf(streamId)).toBe(1);
  });
});
