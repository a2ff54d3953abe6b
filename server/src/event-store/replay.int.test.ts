import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, testDbKinds, type TestDb } from '#server/testing/test-db';
import type { EventStore } from './event-store.ts';
import { applyAllEvents, createFreshTables, replayAndCompare, UnknownProjectionError } from './replay.ts';
import { countersProjection, createStore, createTestTables, meta, pledgesProjection, uniqueId } from './test-fixtures.ts';
import type { Projection } from './types.ts';

describe.each(testDbKinds())('replay on %s', (kind) => {
  let testDb: TestDb;
  let store: EventStore;
  const pledgeIds: string[] = [];

  beforeAll(async () => {
    testDb = await createTestDb(kind);
    await createTestTables(testDb.db);
    store = createStore(testDb.db);
    for (let n = 0; n < 5; n++) {
      const pledgeId = uniqueId('replay');
      pledgeIds.push(pledgeId);
      const subjectId = uniqueId('person');
      await store.append(
        async (tx) => [
          {
            streamId: `pledge-${pledgeId}`,
            expected: 'no_stream',
            events: [
              { type: 'PledgeMade', data: { pledgeId, amountPaise: 1_000 * (n + 1), subjectId, donor: await store.seal(tx, subjectId, { name: `Donor ${n}` }) } },
              { type: 'PledgeIncreased', data: { pledgeId, amountPaise: 5 } },
              { type: 'Counted', data: {} },
            ],
          },
        ],
        meta(),
      );
      await store.append([{ streamId: `pledge-${pledgeId}`, expected: 3, events: [{ type: 'Counted', data: {} }] }], meta());
    }
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  async function rebuild(projection: Projection, prefix: string) {
    return testDb.db.transaction(async (tx) => {
      const fresh = await createFreshTables(tx, projection, prefix);
      await applyAllEvents(tx, store, projection, fresh, { batchSize: 4 });
      const state: Record<string, unknown[]> = {};
      for (const table of projection.tables) {
        state[table] = (await tx.query<{ row: unknown }>(`SELECT to_jsonb(t) AS row FROM ${fresh[table]} t`)).rows
          .map((r) => r.row)
          .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
      }
      return state;
    });
  }

  async function live(projection: Projection) {
    const state: Record<string, unknown[]> = {};
    for (const table of projection.tables) {
      state[table] = (await testDb.db.query<{ row: unknown }>(`SELECT to_jsonb(t) AS row FROM ${table} t`)).rows
        .map((r) => r.row)
        .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    }
    return state;
  }

  it('gives the same state when replayed twice, and the same as the live read model', async () => {
    for (const projection of [pledgesProjection, countersProjection] as Projection[]) {
      const first = await rebuild(projection, 'replay_one_');
      const second = await rebuild(projection, 'replay_two_');
      expect(second).toEqual(first);
      expect(first).toEqual(await live(projection));
      expect(Object.values(first).flat().length).toBeGreaterThan(0);
    }
  });

  it('finds no difference on a clean read model, and leaves nothing behind', async () => {
    const eventsBefore = (await testDb.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM events`)).rows[0]!.count;
    const results = await replayAndCompare({ db: testDb.db, eventStore: store });
    expect(results.map((result) => result.projection)).toEqual(['test-pledges', 'test-counters']);
    expect(results.map((result) => result.differences)).toEqual([[], []]);
    // 5 PledgeMade + 5 PledgeIncreased; 10 Counted (plus what other tests in this file never add).
    expect(results.map((result) => result.events)).toEqual([10, 10]);
    // No side effects: nothing appended, and the fresh tables are gone.
    expect((await testDb.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM events`)).rows[0]!.count).toBe(eventsBefore);
    const { rows } = await testDb.db.query(`SELECT relname FROM pg_class WHERE relname LIKE 'replay\\_%'`);
    expect(rows).toEqual([]);
  });

  it('names the known projections when asked for an unknown one', async () => {
    const failure = replayAndCompare({ db: testDb.db, eventStore: store }, 'no-such-projection');
    await expect(failure).rejects.toBeInstanceOf(UnknownProjectionError);
    await expect(failure).rejects.toThrow(/test-pledges, test-counters/);
  });

  it('finds tampered, missing and extra live rows, both ways', async () => {
    const [tampered, removed] = pledgeIds;
    await testDb.db.query(`UPDATE test_pledges SET amount_paise = amount_paise + 1 WHERE pledge_id = $1`, [tampered]);
    await testDb.db.query(`DELETE FROM test_counters WHERE stream_id = $1`, [`pledge-${removed}`]);
    await testDb.db.query(`INSERT INTO test_counters (stream_id, count, last_position) VALUES ('pledge-invented', 9, 1)`);
    try {
      const [pledges] = await replayAndCompare({ db: testDb.db, eventStore: store }, 'test-pledges');
      expect(pledges?.differences).toHaveLength(1);
      const difference = pledges!.differences[0]!;
      expect(difference).toMatchObject({ table: 'test_pledges', onlyInLiveCount: 1, onlyInReplayCount: 1 });
      expect(difference.onlyInLive[0]).toMatchObject({ pledge_id: tampered, amount_paise: 1_006 });
      expect(difference.onlyInReplay[0]).toMatchObject({ pledge_id: tampered, amount_paise: 1_005 });

      const [counters] = await replayAndCompare({ db: testDb.db, eventStore: store }, 'test-counters');
      expect(counters?.differences).toEqual([
        expect.objectContaining({
          table: 'test_counters',
          onlyInLive: [expect.objectContaining({ stream_id: 'pledge-invented' })],
          onlyInReplay: [expect.objectContaining({ stream_id: `pledge-${removed}`, count: 2 })],
        }),
      ]);
    } finally {
      await testDb.db.query(`UPDATE test_pledges SET amount_paise = amount_paise - 1 WHERE pledge_id = $1`, [tampered]);
      await testDb.db.query(`DELETE FROM test_counters WHERE stream_id = 'pledge-invented'`);
    }
  });
});
