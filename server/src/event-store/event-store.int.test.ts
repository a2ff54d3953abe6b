import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '#server/errors/app-error';
import { createTestDb, testDbKinds, type TestDb } from '#server/testing/test-db';
import { ConcurrencyError, type EventStore } from './event-store.ts';
import { isSealed } from './sealing/personal-data.ts';
import { replayAndCompare } from './replay.ts';
import {
  createStore,
  createTestTables,
  meta,
  pledgesProjection,
  uniqueId,
  type PledgeMade,
} from './test-fixtures.ts';

const fixtureDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const pledgeMadeV1 = JSON.parse(fs.readFileSync(path.join(fixtureDir, 'pledge-made.v1.json'), 'utf8')) as {
  type: string;
  schemaVersion: number;
  data: { pledgeId: string; amountRupees: number };
};

describe.each(testDbKinds())('event store on %s', (kind) => {
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

  it('lets exactly one of 50 concurrent appends at the same expected version through', async () => {
    const pledgeId = uniqueId('pledge');
    const streamId = `pledge-${pledgeId}`;
    await store.append(
      [{ streamId, expected: 'no_stream', events: [{ type: 'PledgeMade', data: { pledgeId, amountPaise: 10_000 } }] }],
      meta(),
    );

    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, index) =>
        store.append(
          [{ streamId, expected: 1, events: [{ type: 'PledgeIncreased', data: { pledgeId, amountPaise: index + 1 } }] }],
          meta(),
        ),
      ),
    );

    const fulfilled = results.filter((result) => result.status === 'fulfilled');
    const rejected = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(fulfilled).toHaveLength(1);
    expect(rejected).toHaveLength(49);
    for (const { reason } of rejected) {
      expect(reason).toBeInstanceOf(ConcurrencyError);
      expect(reason).toBeInstanceOf(AppError);
      expect((reason as AppError).code).toBe('CONFLICT');
      expect((reason as AppError).httpStatus).toBe(409);
      expect((reason as ConcurrencyError).actual).toBe(2);
    }
    const events = await store.readStream(streamId);
    expect(events.map((event) => event.streamVersion)).toEqual([1, 2]);
    expect(await store.streamVersion(streamId)).toBe(2);
    // The inline projection saw the one winner, in the winner's transaction.
    const winner = events[1]!.data as { amountPaise: number };
    const { rows } = await testDb.db.query<{ amount_paise: number; events: number }>(
      `SELECT amount_paise, events FROM test_pledges WHERE pledge_id = $1`,
      [pledgeId],
    );
    expect(rows).toEqual([{ amount_paise: 10_000 + winner.amountPaise, events: 2 }]);
  });

  it('refuses a second stream creation and a stale version without writing anything', async () => {
    const pledgeId = uniqueId('pledge');
    const streamId = `pledge-${pledgeId}`;
    const first = { streamId, expected: 'no_stream' as const, events: [{ type: 'PledgeMade', data: { pledgeId, amountPaise: 1 } }] };
    await store.append([first], meta());
    await expect(store.append([first], meta())).rejects.toBeInstanceOf(ConcurrencyError);
    await expect(
      store.append([{ streamId, expected: 0, events: [{ type: 'PledgeIncreased', data: { pledgeId, amountPaise: 1 } }] }], meta()),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await store.readStream(streamId)).toHaveLength(1);
  });

  it('lets exactly one of 10 concurrent creations of the same new stream through', async () => {
    const pledgeId = uniqueId('pledge');
    const streamId = `pledge-${pledgeId}`;
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, index) =>
        store.append(
          [{ streamId, expected: 'no_stream', events: [{ type: 'PledgeMade', data: { pledgeId, amountPaise: index + 1 } }] }],
          meta(),
        ),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(ConcurrencyError);
    }
    expect(await store.readStream(streamId)).toHaveLength(1);
  });

  it('rejects UPDATE, DELETE and TRUNCATE on events', async () => {
    const streamId = uniqueId('pledge');
    await store.append(
      [{ streamId, expected: 'no_stream', events: [{ type: 'PledgeMade', data: { pledgeId: streamId, amountPaise: 1 } }] }],
      meta(),
    );
    await expect(testDb.db.query(`UPDATE events SET type = 'Tampered' WHERE stream_id = $1`, [streamId])).rejects.toThrow(/append-only/);
    await expect(testDb.db.query(`DELETE FROM events WHERE stream_id = $1`, [streamId])).rejects.toThrow(/append-only/);
    await expect(testDb.db.query(`TRUNCATE events`)).rejects.toThrow(/append-only/);
    const [event] = await store.readStream(streamId);
    expect(event?.type).toBe('PledgeMade');
  });

  it('upcasts an old event version on read (fixture: PledgeMade v1)', async () => {
    const streamId = uniqueId('pledge-v1');
    // Recorded as it was back then: version 1 data, marked version 1.
    await store.append(
      [{ streamId, expected: 'no_stream', events: [{ type: pledgeMadeV1.type, schemaVersion: pledgeMadeV1.schemaVersion, data: pledgeMadeV1.data }] }],
      meta(),
    );
    const { rows } = await testDb.db.query<{ schema_version: number; data: unknown }>(
      `SELECT schema_version, data FROM events WHERE stream_id = $1`,
      [streamId],
    );
    expect(rows).toEqual([{ schema_version: 1, data: pledgeMadeV1.data }]);

    const [event] = await store.readStream(streamId);
    expect(event?.schemaVersion).toBe(2);
    expect(event?.data).toEqual({ pledgeId: 'pledge-v1-fixture', amountPaise: 25_100 });

    // A new event of the type is recorded at the current version, untouched on read.
    const fresh = uniqueId('pledge-v2');
    const { events } = await store.append(
      [{ streamId: fresh, expected: 'no_stream', events: [{ type: 'PledgeMade', data: { pledgeId: fresh, amountPaise: 5 } }] }],
      meta(),
    );
    expect(events[0]?.schemaVersion).toBe(2);
    expect((await store.readStream(fresh))[0]?.data).toEqual({ pledgeId: fresh, amountPaise: 5 });
  });

  it('seals for a new subject from 20 transactions at once under one key, each in one statement when no other waits (decision 084)', async () => {
    const subject = uniqueId('subject');
    const sealed = await Promise.all(
      Array.from({ length: 20 }, (_, n) => testDb.db.transaction((tx) => store.vault.sealBytes(tx, subject, `file-${n}`, Buffer.from(`bytes ${n}`)))),
    );
    const { rows } = await testDb.db.query<{ keys: number }>(`SELECT count(*)::int AS keys FROM data_keys WHERE subject_id = $1`, [subject]);
    expect(rows[0]!.keys).toBe(1);
    for (const [n, bytes] of sealed.entries()) expect((await store.vault.openBytes(testDb.db, subject, `file-${n}`, bytes))?.toString()).toBe(`bytes ${n}`);
    // Erased: nothing new is sealed for the subject, and the existing key's row is not brought back.
    expect(await store.vault.destroyKey(testDb.db, subject)).toBe(true);
    await expect(store.vault.sealBytes(testDb.db, subject, 'after', Buffer.from('after'))).rejects.toThrow(`The personal data of ${subject} has been erased`);
    expect(await store.vault.openBytes(testDb.db, subject, 'file-0', sealed[0]!)).toBeNull();
  });

  it('keeps an erased person’s events readable but their personal fields and read-model rows gone', async () => {
    const subjectId = uniqueId('person');
    const pledgeId = uniqueId('pledge');
    const streamId = `pledge-${pledgeId}`;
    const name = `Asha Devi ${subjectId}`;
    await store.append(
      async (tx) => [
        {
          streamId,
          expected: 'no_stream',
          events: [
            {
              type: 'PledgeMade',
              data: { pledgeId, amountPaise: 50_000, subjectId, donor: await store.seal(tx, subjectId, { name }) } satisfies PledgeMade,
            },
          ],
        },
      ],
      meta(),
    );
    const [before] = await store.readStream(streamId);
    const sealedDonor = (before!.data as PledgeMade).donor;
    expect(isSealed(sealedDonor)).toBe(true);
    expect(await store.vault.reveal(testDb.db, sealedDonor)).toEqual({ name });
    const { rows: raw } = await testDb.db.query(`SELECT 1 FROM events WHERE stream_id = $1 AND data::text LIKE $2`, [streamId, `%${name}%`]);
    expect(raw).toHaveLength(0);
    const readModel = () =>
      testDb.db.query<{ donor_name: string | null; amount_paise: number }>(
        `SELECT donor_name, amount_paise FROM test_pledges WHERE pledge_id = $1`,
        [pledgeId],
      );
    expect((await readModel()).rows).toEqual([{ donor_name: name, amount_paise: 50_000 }]);

    // Erase: destroy the key, record a PII-free fact, scrub the read models — one transaction.
    await testDb.db.transaction(async (tx) => {
      expect(await store.vault.destroyKey(tx, subjectId)).toBe(true);
      await store.appendInTransaction(
        tx,
        [{ streamId: `erasure-${subjectId}`, expected: 'no_stream', events: [{ type: 'PersonalDataErased', data: { subjectId } }] }],
        meta({ actor: 'admin-1' }),
      );
      const context = store.projectionContext(tx);
      for (const projection of store.inlineProjections) {
        await projection.erase?.(subjectId, { ...context, tables: Object.fromEntries(projection.tables.map((t) => [t, t])) });
      }
    });

    const [after] = await store.readStream(streamId);
    expect(after?.type).toBe('PledgeMade');
    expect((after!.data as PledgeMade).amountPaise).toBe(50_000);
    expect(isSealed((after!.data as PledgeMade).donor)).toBe(true);
    expect(await store.vault.reveal(testDb.db, (after!.data as PledgeMade).donor)).toBeNull();
    expect((await readModel()).rows).toEqual([{ donor_name: null, amount_paise: 50_000 }]);
    const { rows: erasure } = await testDb.db.query<{ data: unknown; metadata: unknown }>(
      `SELECT data, metadata FROM events WHERE stream_id = $1`,
      [`erasure-${subjectId}`],
    );
    expect(JSON.stringify(erasure)).not.toContain('Asha');
    await expect(store.seal(testDb.db, subjectId, { name })).rejects.toThrow(/erased/);
    // A rebuild from the events lands on the same scrubbed row.
    const [replayed] = await replayAndCompare({ db: testDb.db, eventStore: store }, pledgesProjection.name);
    expect(replayed?.differences).toEqual([]);
  });
});
