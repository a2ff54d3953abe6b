import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { userStreamId } from '#server/modules/identity/identity.api';
import { registration, replayDifferences, reportFault, send, sleep, startFaultStage, type Answer, type FaultStage } from './harness.ts';
import { describeWhere, needsOwnServers } from '#server/testing/requires';

/** How long the burst runs before the server is killed (and again after the restart). */
const BURST_MS = 3_000;
/** How many times the burst and the kill are tried, until the kill cuts a request in flight. */
const KILL_TRIES = 3;
const REGISTERING_CLIENTS = 4;
const TRANSFERRING_CLIENTS = 4;
const MEMBERS = 3;
const CODES = 80;
/** Registrations draw from the oldest codes only — the ones transfers move first — so that they race. */
const CONTESTED_CODES = 24;

interface Sent {
  phase: 'during' | 'after';
  kind: 'register' | 'transfer';
  answer: Answer;
}

/** What the events say about one invite code, and what is wrong with its history. */
interface CodeHistory {
  holder: string | null;
  usedBy: string | null;
  problems: string[];
}

/**
 * Folds each code's own stream: a transfer must come from the code's holder at the time and only
 * while it is unused, and a code is used once. A history that breaks this means the code had two
 * holders (or two users) at once.
 */
function codeHistories(events: readonly { stream_id: string; type: string; data: Record<string, string> }[]): Map<string, CodeHistory> {
  const histories = new Map<string, CodeHistory>();
  for (const event of events) {
    const code = event.stream_id.slice('epin-'.length);
    const history = histories.get(code) ?? { holder: null, usedBy: null, problems: [] };
    histories.set(code, history);
    if (event.type === 'EpinGenerated') {
      if (history.holder !== null) history.problems.push('generated twice');
      history.holder = event.data.heldBy!;
    } else if (event.type === 'EpinTransferred') {
      if (event.data.from !== history.holder) history.problems.push(`transferred by ${event.data.from} while held by ${history.holder}`);
      if (history.usedBy !== null) history.problems.push(`transferred after ${history.usedBy} used it`);
      history.holder = event.data.to!;
    } else if (event.type === 'EpinUsed') {
      if (history.usedBy !== null) history.problems.push(`used by ${event.data.usedBy} after ${history.usedBy}`);
      history.usedBy = event.data.usedBy!;
    }
  }
  return histories;
}

/**
 * Issue 12, faults: the server process killed (SIGKILL) in the middle of a burst of registrations
 * and invite-code transfers racing for the same codes. After a restart, every read model equals a
 * replay of the events, every request the server acknowledged is in the events, and no invite
 * code ever had two holders or two users.
 */
describeWhere([needsOwnServers], 'faults: the server killed during a burst of registrations and transfers', () => {
  let stage: FaultStage;
  const sent: Sent[] = [];
  let killedBy: NodeJS.Signals | null = null;
  let codeEvents: { stream_id: string; type: string; data: Record<string, string> }[] = [];
  let epinRows: { code: string; held_by: string | null; used_by: string | null }[] = [];
  let differences: Awaited<ReturnType<typeof replayDifferences>> = [];

  beforeAll(async () => {
    stage = await startFaultStage();
    let server = await stage.startServer();
    const admin = await stage.account({ role: 'admin', permissions: ['members'] });
    const members = await Promise.all(Array.from({ length: MEMBERS }, () => stage.account()));
    const codes = await stage.inviteCodes(admin.userId, CODES);
    // Each member starts with a share of the codes, so transfers run in every direction.
    for (const member of members) {
      const given = await send(server.url, 'POST', '/api/epintransfer/transfer', { token: admin.token, body: { toUserId: member.userId, count: 15 } });
      expect(given.status, given.text).toBe(201);
    }
    const holders = [admin, ...members];
    // One batch shares its creation time, so the oldest codes are the first in code order.
    const contested = [...codes].sort().slice(0, CONTESTED_CODES);

    let phase: Sent['phase'] = 'during';
    let isBursting = false;
    const register = async () => {
      while (isBursting) {
        const at = phase;
        // Codes drawn at random, some twice: registrations race each other and the transfers for them.
        const answer = await send(server.url, 'POST', '/api/users/register', { body: registration(contested[crypto.randomInt(contested.length)]!, 'server-killed') });
        sent.push({ phase: at, kind: 'register', answer });
      }
    };
    const transfer = async (index: number) => {
      for (let n = index; isBursting; n += 1) {
        const from = holders[n % holders.length]!;
        const to = members[(n + 1) % members.length]!;
        if (from.userId === to.userId) continue;
        const at = phase;
        const answer = await send(server.url, 'POST', '/api/epintransfer/transfer', { token: from.token, body: { toUserId: to.userId, count: 1 + (n % 3) } });
        sent.push({ phase: at, kind: 'transfer', answer });
      }
    };
    // The kill must cut requests in flight. On a loaded machine this process may be kept from the CPU
    // while the server answers every request it has, so that the kill finds it idle; then the server
    // is started again on the same database and the burst and the kill are tried again, up to
    // KILL_TRIES times (each try's requests count as sent during the burst).
    let kills = 0;
    for (;;) {
      isBursting = true;
      const burst = Promise.all([...Array.from({ length: REGISTERING_CLIENTS }, register), ...Array.from({ length: TRANSFERRING_CLIENTS }, (_, index) => transfer(index))]);
      await sleep(BURST_MS);
      // No new request from here: the ones in flight are what the kill cuts.
      isBursting = false;
      await server.kill();
      kills += 1;
      killedBy = server.child.signalCode;
      await burst;
      const isCut = sent.some((entry) => entry.phase === 'during' && entry.answer.status === 0);
      // A new server process on the same database; the burst goes on briefly against it.
      server = await stage.startServer();
      if (isCut || kills === KILL_TRIES) break;
    }
    phase = 'after';
    isBursting = true;
    const after = Promise.all([register(), transfer(0)]);
    await sleep(BURST_MS);
    isBursting = false;
    await after;

    ({ rows: codeEvents } = await stage.services.db.query(
      `SELECT stream_id, type, data FROM events WHERE stream_id LIKE 'epin-%' AND stream_id NOT LIKE 'epin-holder-%' ORDER BY stream_id, stream_version`,
    ));
    ({ rows: epinRows } = await stage.services.db.query(`SELECT code, held_by, used_by FROM epins`));
    differences = await replayDifferences(stage.services);

    const during = sent.filter((entry) => entry.phase === 'during');
    const problems = [...codeHistories(codeEvents).values()].reduce((sum, history) => sum + history.problems.length, 0);
    reportFault('server-killed', {
      sent: sent.length,
      kills,
      failedDuring: during.filter((entry) => entry.answer.status === 0 || entry.answer.status >= 500).length,
      recoveredAfter: sent.filter((entry) => entry.phase === 'after' && entry.answer.status === 201).length,
      eventsLost: (await lostAcknowledged()).length,
      effectsDoubled: problems,
      registered: sent.filter((entry) => entry.kind === 'register' && entry.answer.status === 201).length,
      transferred: sent.filter((entry) => entry.kind === 'transfer' && entry.answer.status === 201).length,
      refused: sent.filter((entry) => entry.answer.status >= 400 && entry.answer.status < 500).length,
      projectionsDiffering: differences.length,
    });
  }, 150_000);
  afterAll(async () => {
    await stage?.close();
  });

  /** Registrations and transfers the server acknowledged (201) whose events are not in the store. */
  async function lostAcknowledged(): Promise<string[]> {
    const acknowledged = sent.filter((entry) => entry.answer.status === 201);
    const users = acknowledged.filter((entry) => entry.kind === 'register').map((entry) => userStreamId(String(entry.answer.body!.userId)));
    const transfers = acknowledged.filter((entry) => entry.kind === 'transfer').map((entry) => String(entry.answer.body!.transferId));
    const { rows } = await stage.services.db.query<{ key: string }>(
      `SELECT stream_id AS key FROM events WHERE type = 'AccountRegistered' AND stream_id = ANY($1::text[])
       UNION SELECT data->>'transferId' AS key FROM events WHERE type = 'EpinsSent' AND data->>'transferId' = ANY($2::text[])`,
      [users, transfers],
    );
    const recorded = new Set(rows.map((row) => row.key));
    return [...users, ...transfers].filter((key) => !recorded.has(key));
  }

  it('killed the server while requests were in flight, and the burst had work in it', () => {
    expect(killedBy).toBe('SIGKILL');
    const during = sent.filter((entry) => entry.phase === 'during');
    expect(during.filter((entry) => entry.answer.status === 0).length).toBeGreaterThan(0);
    expect(during.filter((entry) => entry.kind === 'register' && entry.answer.status === 201).length).toBeGreaterThan(0);
    expect(during.filter((entry) => entry.kind === 'transfer' && entry.answer.status === 201).length).toBeGreaterThan(0);
  });

  it('loses nothing it acknowledged', async () => {
    expect(await lostAcknowledged()).toEqual([]);
  });

  it('gives no invite code two holders or two users, and the read model agrees with the events', () => {
    const histories = codeHistories(codeEvents);
    expect(histories.size).toBe(CODES);
    const problems = [...histories].flatMap(([code, history]) => history.problems.map((problem) => `${code}: ${problem}`));
    expect(problems).toEqual([]);
    const rowsDisagreeing = epinRows.filter((row) => {
      const history = histories.get(row.code);
      return !history || history.holder !== row.held_by || history.usedBy !== row.used_by;
    });
    expect(rowsDisagreeing).toEqual([]);
    const users = epinRows.map((row) => row.used_by).filter((user) => user !== null);
    expect(new Set(users).size).toBe(users.length);
  });

  it('has every projection equal to a replay of the events', () => {
    expect(differences).toEqual([]);
  });

  it('answers normally again after the restart', () => {
    const after = sent.filter((entry) => entry.phase === 'after');
    expect(after.filter((entry) => entry.answer.status === 201).length).toBeGreaterThan(0);
    expect(after.filter((entry) => entry.answer.status === 0 || entry.answer.status >= 500).map((entry) => `${entry.kind} ${entry.answer.status} ${entry.answer.text}`)).toEqual([]);
  });
});
