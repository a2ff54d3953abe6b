import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { userStreamId } from '#server/modules/identity/identity.api';
import { QUEUE_NAME } from '#server/queue/bullmq-queue';
import { readiness, registration, replayDifferences, reportFault, send, sleep, startFaultStage, waitFor, type Answer, type FaultStage } from './harness.ts';
import { describeWhere, needsOwnServers } from '#server/testing/requires';

/** Issue 12: Redis stopped for 60 s. */
const REDIS_OUTAGE_MS = 60_000;
/** A steady stream: one registration started every this many milliseconds (or when the last one answers). */
const STREAM_EVERY_MS = 500;
/** The stream runs this long before the outage and after Redis is back. */
const AROUND_MS = 5_000;

/**
 * Issue 12, faults: Redis stopped for a minute under a steady stream of registrations. The events
 * are in PostgreSQL, so every request still succeeds; /readyz says the queue is down; when Redis
 * returns, the worker's relay hands over every job that waited, and each member gets their one
 * confirmation e-mail — none lost, none twice.
 */
describeWhere([needsOwnServers], 'faults: Redis stopped under a steady stream of commands', () => {
  let stage: FaultStage;
  beforeAll(async () => {
    stage = await startFaultStage();
  });
  afterAll(async () => {
    await stage?.close();
  });

  it('keeps answering, reports the queue down, and delivers every job once when Redis returns', async () => {
    const server = await stage.startServer();
    await stage.startWorker();
    const admin = await stage.account({ role: 'admin', permissions: ['members'] });
    const codes = await stage.inviteCodes(admin.userId, Math.ceil((REDIS_OUTAGE_MS + 2 * AROUND_MS) / STREAM_EVERY_MS) + 20);

    type Sent = { phase: 'before' | 'during' | 'after'; email: string; answer: Answer };
    const sent: Sent[] = [];
    let phase: Sent['phase'] = 'before';
    let isStreaming = true;
    const stream = (async () => {
      while (isStreaming) {
        const started = Date.now();
        const input = registration(codes[sent.length]!, 'redis-down');
        const at = phase;
        const answer = await send(server.url, 'POST', '/api/users/register', { body: input });
        sent.push({ phase: at, email: input.email!, answer });
        await sleep(Math.max(0, STREAM_EVERY_MS - (Date.now() - started)));
      }
    })();

    await sleep(AROUND_MS);
    expect(await readiness(server.url)).toEqual({ status: 200, database: true, queue: true });
    phase = 'during';
    await stage.redis.stop('fast');
    const readyDuring: Awaited<ReturnType<typeof readiness>>[] = [];
    const outageEnds = Date.now() + REDIS_OUTAGE_MS;
    while (Date.now() < outageEnds) {
      readyDuring.push(await readiness(server.url));
      await sleep(Math.min(10_000, Math.max(0, outageEnds - Date.now())));
    }
    await stage.redis.start();
    const redisBackAt = Date.now();
    phase = 'after';
    const readyAgain = await waitFor('/readyz to report the queue back', async () => {
      const ready = await readiness(server.url);
      return ready.status === 200 ? ready : null;
    }, 30_000);
    await sleep(AROUND_MS);
    isStreaming = false;
    await stream;

    // Every registration that succeeded gets its confirmation mail once the relay has caught up.
    const registered = sent.filter((entry) => entry.answer.status === 201);
    const mailsTo = (email: string) => stage.smtp.accepted.filter((mail) => mail.to.includes(email)).length;
    await waitFor('every confirmation mail', async () => registered.every((entry) => mailsTo(entry.email) >= 1), 120_000, 500);
    // Then the queue runs dry: a late second delivery would show up by now.
    const redis = new Redis(stage.redis.url, { maxRetriesPerRequest: null });
    const queue = new Queue(QUEUE_NAME, { connection: redis });
    try {
      // Schedules always keep their next run waiting as a delayed `repeat:` job; the relay's jobs are the rest.
      await waitFor('the queue to run dry', async () => {
        const jobs = await queue.getJobs(['waiting', 'active', 'delayed', 'prioritized', 'waiting-children']);
        return jobs.every((job) => job.id?.startsWith('repeat:'));
      }, 90_000, 500);
    } finally {
      await queue.close();
      redis.disconnect();
    }
    const drainedInMs = Date.now() - redisBackAt;

    const userIds = registered.map((entry) => String(entry.answer.body!.userId));
    const { rows } = await stage.services.db.query<{ stream_id: string }>(
      `SELECT stream_id FROM events WHERE type = 'AccountRegistered' AND stream_id = ANY($1::text[])`,
      [userIds.map(userStreamId)],
    );
    const recorded = new Set(rows.map((row) => row.stream_id));
    const lost = userIds.filter((userId) => !recorded.has(userStreamId(userId)));
    const doubled = registered.reduce((sum, entry) => sum + Math.max(0, mailsTo(entry.email) - 1), 0);
    const strays = stage.smtp.accepted.filter((mail) => !registered.some((entry) => mail.to.includes(entry.email)));
    const during = sent.filter((entry) => entry.phase === 'during');
    const after = sent.filter((entry) => entry.phase === 'after');
    const differences = await replayDifferences(stage.services);
    reportFault('redis-down', {
      sent: sent.length,
      failedDuring: during.filter((entry) => entry.answer.status !== 201).length,
      recoveredAfter: after.filter((entry) => entry.answer.status === 201).length,
      eventsLost: lost.length,
      effectsDoubled: doubled + strays.length,
      sentDuring: during.length,
      mailsDelivered: stage.smtp.accepted.length,
      outageMs: REDIS_OUTAGE_MS,
      drainedAfterMs: drainedInMs,
      slowestMs: Math.max(...sent.map((entry) => entry.answer.ms)),
    });

    expect(sent.filter((entry) => entry.answer.status !== 201).map((entry) => `${entry.phase}: ${entry.answer.status} ${entry.answer.error ?? entry.answer.text}`)).toEqual([]);
    // A steady stream, not a trickle: the outage saw requests all along.
    expect(during.length).toBeGreaterThanOrEqual(REDIS_OUTAGE_MS / STREAM_EVERY_MS / 4);
    expect(readyDuring.length).toBeGreaterThan(0);
    for (const ready of readyDuring) expect(ready).toEqual({ status: 503, database: true, queue: false });
    expect(readyAgain).toEqual({ status: 200, database: true, queue: true });
    expect(lost).toEqual([]);
    expect(doubled).toBe(0);
    expect(strays).toEqual([]);
    expect(stage.smtp.accepted).toHaveLength(registered.length);
    expect(differences).toEqual([]);
  }, 240_000);
});
