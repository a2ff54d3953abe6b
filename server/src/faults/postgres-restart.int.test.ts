import { afterAll, beforeAll, expect, it } from 'vitest';
import { GENERIC_ERROR_MESSAGE } from '#server/errors/app-error';
import { donationStreamId } from '#server/modules/donations/donations.api';
import { readiness, registration, replayDifferences, reportFault, send, sleep, startFaultStage, waitFor, type Answer, type FaultStage } from './harness.ts';
import { describeWhere, needsOwnServers } from '#server/testing/requires';

/** How long PostgreSQL stays down. */
const POSTGRES_OUTAGE_MS = 10_000;
/** Clients sending at once, each starting its next request as soon as the last one answers (with a short pause). */
const CLIENTS = 4;
const PAUSE_MS = 50;
/** The load runs this long before the stop and after the server is ready again. */
const AROUND_MS = 3_000;
/** How soon after PostgreSQL is back the server must answer normally again, on its own. */
const RECOVERY_MS = 15_000;

type Phase = 'before' | 'during' | 'after';

/**
 * Issue 12, faults: PostgreSQL stopped (a fast shutdown, as a restart does) and started again under
 * load. While it is away every request fails quickly with a 503 and a message a person can read —
 * never a hang, never a 500; /readyz says the database is down; afterwards the same server process
 * answers again without being restarted, and nothing is half written: every acknowledged pledge is
 * in the events and the read models, and a replay of the events equals the live tables.
 */
describeWhere([needsOwnServers], 'faults: PostgreSQL stopped and restarted under load', () => {
  let stage: FaultStage;
  let server: Awaited<ReturnType<FaultStage['startServer']>>;
  let worker: Awaited<ReturnType<FaultStage['startWorker']>>;
  let workerExit: number | null | 'running' = 'running';
  let inviteCode: string;
  const sent: { phase: Phase; kind: 'pledge' | 'read'; answer: Answer }[] = [];
  let readyDuring: Awaited<ReturnType<typeof readiness>>;
  let readyAgain: Awaited<ReturnType<typeof readiness>>;
  let serverExit: number | null | 'running' = 'running';
  const during = () => sent.filter((entry) => entry.phase === 'during');
  const after = () => sent.filter((entry) => entry.phase === 'after');
  const isFailure = (answer: Answer) => answer.status >= 400 || answer.status === 0;

  // One run of the fault; the tests below each judge one side of it.
  beforeAll(async () => {
    stage = await startFaultStage();
    server = await stage.startServer();
    void server.exited.then((code) => (serverExit = code));
    worker = await stage.startWorker();
    void worker.exited.then((code) => (workerExit = code));
    const member = await stage.account();
    const admin = await stage.account({ role: 'admin', permissions: ['members'] });
    inviteCode = (await stage.inviteCodes(admin.userId, 1))[0]!;
    let phase: Phase = 'before';
    let isLoading = true;
    const client = async (index: number) => {
      for (let n = index; isLoading; n += 1) {
        const at = phase;
        const answer =
          n % 2 === 0
            ? await send(server.url, 'POST', '/api/donations', { body: { amount: 500, cause: 'general', donorName: 'Sunita Devi', phone: '9876543210', showName: false } })
            : await send(server.url, 'GET', `/api/users/team-summary/${member.userId}`, { token: member.token });
        sent.push({ phase: at, kind: n % 2 === 0 ? 'pledge' : 'read', answer });
        await sleep(PAUSE_MS);
      }
    };
    const load = Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index)));

    await sleep(AROUND_MS);
    expect(await readiness(server.url)).toEqual({ status: 200, database: true, queue: true });
    phase = 'during';
    await stage.postgres.stop('fast');
    await sleep(POSTGRES_OUTAGE_MS / 2);
    readyDuring = await readiness(server.url);
    await sleep(POSTGRES_OUTAGE_MS / 2);
    await stage.postgres.start();
    const backAt = Date.now();
    readyAgain = await waitFor('/readyz to report the database back', async () => {
      const ready = await readiness(server.url);
      return ready.status === 200 ? ready : null;
    }, RECOVERY_MS).catch(() => readiness(server.url));
    phase = 'after';
    const recoveredInMs = Date.now() - backAt;
    await sleep(AROUND_MS);
    isLoading = false;
    await load;

    reportFault('postgres-restart', {
      sent: sent.length,
      failedDuring: during().filter((entry) => isFailure(entry.answer)).length,
      recoveredAfter: after().filter((entry) => !isFailure(entry.answer)).length,
      eventsLost: (await lostPledges()).length,
      effectsDoubled: 0,
      sentDuring: during().length,
      failedAfter: after().filter((entry) => isFailure(entry.answer)).length,
      statusesDuring: [...new Set(during().map((entry) => entry.answer.status))].sort().join('/'),
      slowestDuringMs: Math.max(0, ...during().map((entry) => entry.answer.ms)),
      recoveredInMs,
      serverExit: String(serverExit),
      workerExit: String(workerExit),
    });
  }, 120_000);
  afterAll(async () => {
    await stage?.close();
  });

  /** Pledges the server acknowledged (201) whose event is not in the store. */
  async function lostPledges(): Promise<string[]> {
    const acknowledged = sent.filter((entry) => entry.kind === 'pledge' && entry.answer.status === 201).map((entry) => String(entry.answer.body!.reference).replace('-', ''));
    const { rows } = await stage.services.db.query<{ stream_id: string }>(`SELECT stream_id FROM events WHERE type = 'DonationPledged'`);
    const recorded = new Set(rows.map((row) => row.stream_id));
    return acknowledged.filter((reference) => !recorded.has(donationStreamId(reference)));
  }

  it('keeps the server process alive through the outage', () => {
    expect(serverExit, server.output().slice(-3000)).toBe('running');
  });

  it('answers 503 with a message a person can act on while the database is away — never a hang, never a 500', () => {
    const failed = during().filter((entry) => isFailure(entry.answer));
    // Requests kept coming while it was down.
    expect(failed.length).toBeGreaterThan(0);
    const unclear = failed.filter(
      (entry) => entry.answer.status !== 503 || typeof entry.answer.body?.message !== 'string' || entry.answer.body.message === GENERIC_ERROR_MESSAGE || /\n\s+at /.test(entry.answer.text),
    );
    const seen = [...new Set(unclear.map((entry) => `${entry.kind} ${entry.answer.status} ${entry.answer.error ?? entry.answer.text.replace(/"requestId":"[^"]+"/, '')}`))];
    expect(seen, `${unclear.length} of ${failed.length} failures were not a clear 503`).toEqual([]);
  });

  it('reports the database down on /readyz while it is away', () => {
    expect(readyDuring).toEqual({ status: 503, database: false, queue: true });
  });

  it('keeps the worker alive, and its relay hands over new jobs again', async () => {
    expect(workerExit, worker.output().slice(-3000)).toBe('running');
    const input = registration(inviteCode, 'postgres-restart');
    const registered = await send(server.url, 'POST', '/api/users/register', { body: input });
    expect(registered.status, registered.text).toBe(201);
    await waitFor('the confirmation mail of a member registered after the restart', async () => stage.smtp.accepted.some((mail) => mail.to.includes(input.email!)), 30_000);
  }, 40_000);

  it('recovers on its own, without a restart of the server', () => {
    expect(readyAgain).toEqual({ status: 200, database: true, queue: true });
    expect(after().length).toBeGreaterThan(0);
    expect(after().filter((entry) => isFailure(entry.answer)).map((entry) => `${entry.kind} ${entry.answer.status} ${entry.answer.error ?? entry.answer.text}`)).toEqual([]);
  });

  it('leaves no half-written record: acknowledged pledges are kept whole, streams match their events, replay equals live', async () => {
    expect(await lostPledges()).toEqual([]);
    const { rows: torn } = await stage.services.db.query<{ stream_id: string }>(
      `SELECT s.stream_id FROM streams s LEFT JOIN (SELECT stream_id, max(stream_version) AS version, count(*)::int AS events FROM events GROUP BY stream_id) e USING (stream_id)
       WHERE e.version IS DISTINCT FROM s.version OR e.events IS DISTINCT FROM s.version`,
    );
    expect(torn).toEqual([]);
    expect(await replayDifferences(stage.services)).toEqual([]);
  });
});
