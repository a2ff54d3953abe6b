import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore } from '#server/event-store/event-store';
import { createStore, createTestTables, meta, uniqueId } from '#server/event-store/test-fixtures';
import { createTestDb, testDbKinds, type TestDb } from '#server/testing/test-db';
import { candidateStreams, ERASED, formatHistory, parseHistoryArgs, resolveStream, streamHistory } from './history.ts';
import { runTool, TOOL_TIMEOUT_MS } from './run-tool.test-helper.ts';

describe('history arguments', () => {
  it('takes a stream ID and an optional ISO time', () => {
    expect(parseHistoryArgs(['pledge-1'])).toEqual({ streamId: 'pledge-1' });
    expect(parseHistoryArgs(['pledge-1', '--as-of', '2025-01-31T18:30:00Z'])).toEqual({
      streamId: 'pledge-1',
      asOf: new Date('2025-01-31T18:30:00Z'),
    });
    expect(parseHistoryArgs(['--as-of=2025-01-31', 'pledge-1'])).toEqual({ streamId: 'pledge-1', asOf: new Date('2025-01-31') });
  });

  it('refuses what it cannot use', () => {
    expect(parseHistoryArgs([])).toHaveProperty('error');
    expect(parseHistoryArgs(['a', 'b'])).toHaveProperty('error');
    expect(parseHistoryArgs(['a', '--as-of'])).toHaveProperty('error');
    expect(parseHistoryArgs(['a', '--as-of', 'yesterday'])).toHaveProperty('error');
    expect(parseHistoryArgs(['a', '--as-of', '2025-13-45T99:00:00Z'])).toHaveProperty('error');
    expect(parseHistoryArgs(['a', '--verbose'])).toHaveProperty('error');
  });
});

/** Issue 36: what people see is what they may type. */
describe('which record the history tool is asked for', () => {
  it('reads a donation reference or help request number as written, a Kanyadan number, a user ID, a stream ID', () => {
    const ids = (what: string) => candidateStreams(what).map((candidate) => candidate.streamId);
    for (const written of ['TK6V-R4WC', 'tk6v-r4wc', ' TK6V R4WC ', 'TK6VR4WC']) expect(ids(written)).toEqual(['donation-TK6VR4WC', 'help-TK6VR4WC']);
    expect(ids('KNYDN1234567')).toEqual(['kanyadan-KNYDN1234567', 'user-KNYDN1234567']);
    expect(ids('sh1234567')).toEqual(['user-SH1234567']);
    expect(ids('donation-TK6VR4WC')).toEqual(['donation-TK6VR4WC']);
    // Look-alikes (0, O, 1, I, L) are not in a reference; a stray word is nothing.
    expect(ids('TK0V-R4WC')).toEqual([]);
    expect(ids('शर्मा')).toEqual([]);
  });
});

describe.each(testDbKinds())('stream history on %s', (kind) => {
  let testDb: TestDb;
  let store: EventStore;

  beforeAll(async () => {
    testDb = await createTestDb(kind);
    await createTestTables(testDb.db);
    store = createStore(testDb.db);
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  it('prints events with actors and revealed fields, and the state as of a time', async () => {
    const pledgeId = uniqueId('history');
    const streamId = `pledge-${pledgeId}`;
    const subjectId = uniqueId('person');
    const {
      events: [made],
    } = await store.append(
      async (tx) => [
        {
          streamId,
          expected: 'no_stream',
          events: [{ type: 'PledgeMade', data: { pledgeId, amountPaise: 10_000, subjectId, donor: await store.seal(tx, subjectId, { name: 'Meera Nair' }) } }],
        },
      ],
      meta({ actor: 'user-42', correlationId: 'corr-1' }),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    await store.append(
      [{ streamId, expected: 1, events: [{ type: 'PledgeIncreased', data: { pledgeId, amountPaise: 500 } }] }],
      meta({ actor: 'admin-7', correlationId: 'corr-2', causationId: 'cause-9' }),
    );

    const now = await streamHistory({ db: testDb.db, eventStore: store }, streamId);
    expect(now?.events.map((event) => event.type)).toEqual(['PledgeMade', 'PledgeIncreased']);
    expect(now?.events[0]?.revealed).toMatchObject({ donor: { name: 'Meera Nair' }, amountPaise: 10_000 });
    expect(now?.state).toEqual([
      {
        projection: 'test-pledges',
        table: 'test_pledges',
        rows: [expect.objectContaining({ pledge_id: pledgeId, amount_paise: 10_500, events: 2, donor_name: 'Meera Nair' })],
      },
    ]);
    const printed = formatHistory(now!);
    for (const text of ['user-42', 'admin-7', 'corr-1', 'cause-9', 'PledgeMade (schema v2)', 'Meera Nair', made!.recordedAt.toISOString()]) {
      expect(printed).toContain(text);
    }

    const then = await streamHistory({ db: testDb.db, eventStore: store }, streamId, made!.recordedAt);
    expect(then?.events.map((event) => event.type)).toEqual(['PledgeMade']);
    expect(then?.currentVersion).toBe(2);
    expect(then?.state[0]?.rows).toEqual([expect.objectContaining({ amount_paise: 10_000, events: 1 })]);
    // The temporary tables went with the transaction; the live model is untouched.
    const { rows } = await testDb.db.query(`SELECT amount_paise FROM test_pledges WHERE pledge_id = $1`, [pledgeId]);
    expect(rows).toEqual([{ amount_paise: 10_500 }]);

    await testDb.db.transaction((tx) => store.vault.destroyKey(tx, subjectId));
    const erased = await streamHistory({ db: testDb.db, eventStore: store }, streamId);
    expect(erased?.events[0]?.revealed).toMatchObject({ donor: ERASED });
    expect(formatHistory(erased!)).not.toContain('Meera');
  });

  it('finds the one record a reference names, and says when it names none or several', async () => {
    const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
    const reference = Array.from({ length: 8 }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join('');
    const shown = `${reference.slice(0, 4)}-${reference.slice(4)}`;
    expect(await resolveStream(store, shown)).toEqual({ error: `No stream named ${shown} (looked for donation-${reference}, help-${reference}).` });
    await store.append([{ streamId: `donation-${reference}`, expected: 'no_stream', events: [{ type: 'PledgeIncreased', data: { pledgeId: reference, amountPaise: 100 } }] }], meta({ actor: 'SH1234567' }));
    expect(await resolveStream(store, shown.toLowerCase())).toEqual({ streamId: `donation-${reference}` });
    await store.append([{ streamId: `help-${reference}`, expected: 'no_stream', events: [{ type: 'PledgeIncreased', data: { pledgeId: reference, amountPaise: 100 } }] }], meta({ actor: 'SH1234567' }));
    const both = await resolveStream(store, shown);
    expect(both).toHaveProperty('error', expect.stringMatching(/names several records: donation donation-\w+, help request help-\w+\. Give the stream ID\./));
    expect(await resolveStream(store, `donation-${reference}`)).toEqual({ streamId: `donation-${reference}` });
  });

  it('has nothing for an unknown stream', async () => {
    expect(await streamHistory({ db: testDb.db, eventStore: store }, uniqueId('nobody'))).toBeNull();
  });
});

describe('npm run history', { timeout: TOOL_TIMEOUT_MS }, () => {
  it('prints the usage and exits 2 on bad arguments', () => {
    const result = runTool('history.ts', ['--as-of', 'soon'], { SAHAY_DATA_DIR: os.tmpdir() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Usage: npm run history');
  });

  it('refuses the embedded database while another process holds it', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahay-history-'));
    try {
      // This test process plays the running server.
      fs.writeFileSync(path.join(dataDir, 'db.lock'), JSON.stringify({ pid: process.pid, owner: 'server', since: new Date().toISOString() }));
      const result = runTool('history.ts', ['pledge-1'], { SAHAY_DATA_DIR: dataDir });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`is in use by server (PID ${process.pid})`);
      expect(result.stderr).toContain('DATABASE_URL');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('says so and exits 1 for an unknown stream', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahay-history-'));
    try {
      const result = runTool('history.ts', ['pledge-nobody'], { SAHAY_DATA_DIR: dataDir });
      expect(result.stderr).toContain('No stream named pledge-nobody');
      const reference = runTool('history.ts', ['TK6V-R4WC'], { SAHAY_DATA_DIR: dataDir });
      expect(reference.stderr).toContain('No stream named TK6V-R4WC (looked for donation-TK6VR4WC, help-TK6VR4WC).');
      expect(reference.code).toBe(1);
      expect(result.code).toBe(1);
      // The tool let go of the data directory.
      expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
