import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { QUEUE_NAME } from '#server/queue/bullmq-queue';
import { describeWhere, needsCaddy, needsOwnServers } from '#server/testing/requires';
import { reportFault, send, sleep, startFaultStage, waitFor, type Answer, type FaultStage, type SahayProcess } from './harness.ts';

/**
 * Issue 34, upgrades without a minute down: two server replicas behind Caddy, as docker-compose runs
 * them (docker/Caddyfile), are restarted one at a time while clients keep sending API reads and
 * pledges, and not one request fails; the worker is stopped (SIGTERM) with mail jobs in flight,
 * finishes them, and a new worker takes the rest: every pledge's notice is mailed exactly once.
 */
describeWhere([needsOwnServers, needsCaddy], 'faults: a rolling restart of two replicas behind Caddy, and of the worker', () => {
  let stage: FaultStage;
  let redis: Redis;
  let queue: Queue;
  let caddy: ChildProcess | undefined;
  let caddyDir: string;
  /** What Caddy logged (its errors say why a request failed). */
  let caddyOutput = '';
  const replicas: (SahayProcess & { url: string })[] = [];

  beforeAll(async () => {
    stage = await startFaultStage();
    // As docker-compose.yml runs the replicas.
    stage.env.SHUTDOWN_DRAIN_MS = '3000';
    redis = new Redis(stage.redis.url, { maxRetriesPerRequest: null });
    queue = new Queue(QUEUE_NAME, { connection: redis });
  });
  afterAll(async () => {
    caddy?.kill('SIGKILL');
    await queue?.close();
    redis?.disconnect();
    await stage?.close();
    if (caddyDir) fs.rmSync(caddyDir, { recursive: true, force: true });
  });

  it('restarts each replica and the worker under load with no failed request and no lost or doubled job', async () => {
    const ports = [await freePort(), await freePort()];
    for (const port of ports) replicas.push(await stage.startServer({ port }));
    const worker = await stage.startWorker();
    const proxy = await startCaddy(ports);

    // Clients: three at a time, each sending an API read or a pledge in turn (a pause of 50 ms between
    // two, to leave the machine's cores to the restarts: CI runs this beside the browser tests), until
    // told to stop.
    const answers: { route: string; answer: Answer; at: number }[] = [];
    const loadStarted = Date.now();
    const marks: string[] = [];
    const mark = (what: string) => marks.push(`${Date.now() - loadStarted} ${what}`);
    const pledgedTo: string[] = [];
    let isLoading = true;
    const client = async (index: number) => {
      for (let turn = 0; isLoading; turn++) {
        const kind = (turn + index) % 3;
        // API answers, not pages: `npm test` runs before (and without) the web app's build.
        if (kind === 0) answers.push({ route: 'GET /api/docs/openapi.json', answer: await send(proxy, 'GET', '/api/docs/openapi.json'), at: Date.now() - loadStarted });
        if (kind === 1) answers.push({ route: 'GET /api/transparency', answer: await send(proxy, 'GET', '/api/transparency?page=1'), at: Date.now() - loadStarted });
        if (kind === 2) {
          const email = `rolling.${crypto.randomBytes(5).toString('hex')}@example.org`;
          const answer = await send(proxy, 'POST', '/api/donations', { body: { amount: 500, cause: 'education', donorName: 'Meena Kumari', email, showName: false } });
          answers.push({ route: 'POST /api/donations', answer, at: Date.now() - loadStarted });
          if (answer.status === 201) pledgedTo.push(email);
        }
        await sleep(50);
      }
    };
    // A slow mail server: each notice takes 300 ms to be accepted, so jobs are in flight at any moment.
    stage.smtp.answerDelayMs = 300;
    const load = Promise.all([0, 1, 2].map(client));

    await sleep(3_000);
    const restarts: { what: string; ms: number }[] = [];
    for (const [index, port] of ports.entries()) {
      const started = Date.now();
      // SIGTERM: the replica stops taking connections, finishes what it has, and exits; Caddy sends
      // new requests to the other one meanwhile.
      mark(`stop ${index}`);
      await replicas[index]!.stop();
      mark(`stopped ${index}`);
      expect(await replicas[index]!.exited).toBe(0);
      replicas[index] = await stage.startServer({ port });
      mark(`started ${index}`);
      // As an orchestrator does: the new replica answers its health check before the next one stops,
      // and Caddy (checking every second) has had time to see it.
      await waitFor('the new replica to be healthy', async () => (await send(replicas[index]!.url, 'GET', '/healthz')).status === 200, 30_000);
      restarts.push({ what: `server ${index + 1}`, ms: Date.now() - started });
      await sleep(2_000);
    }

    // The worker, with notices waiting and in flight: it finishes the ones it holds and exits cleanly.
    const counts = await queue.getJobCounts('active', 'waiting', 'delayed');
    const inFlight = (counts.active ?? 0) + (counts.waiting ?? 0) + (counts.delayed ?? 0);
    const workerStarted = Date.now();
    await worker.stop();
    expect(await worker.exited).toBe(0);
    // The stage stops it at the end, as every process it started.
    await stage.startWorker();
    restarts.push({ what: 'worker', ms: Date.now() - workerStarted });
    await sleep(2_000);

    isLoading = false;
    await load;
    stage.smtp.answerDelayMs = 0;

    const failed = answers.filter(({ answer }) => answer.status === 0 || answer.status >= 500 || (answer.status >= 400 && answer.status !== 429));
    // Every pledge's notice arrives (none lost with the old worker); then none may have come twice.
    await waitFor(
      'every pledge notice to be mailed',
      async () => pledgedTo.every((email) => stage.smtp.accepted.some((mail) => mail.to.includes(email))),
      120_000,
      500,
    ).catch(() => null);
    const mailsTo = (email: string) => stage.smtp.accepted.filter((mail) => mail.to.includes(email)).length;
    const { rows } = await stage.services.db.query<{ pledges: number }>(`SELECT count(*)::int AS pledges FROM events WHERE type = 'DonationPledged'`);
    reportFault('rolling restart of two replicas behind Caddy, and of the worker', {
      sent: answers.length,
      failedDuring: failed.length,
      recoveredAfter: answers.length - failed.length,
      eventsLost: pledgedTo.length - rows[0]!.pledges,
      effectsDoubled: pledgedTo.filter((email) => mailsTo(email) > 1).length,
      pledges: pledgedTo.length,
      noticesMissing: pledgedTo.filter((email) => mailsTo(email) === 0).length,
      jobsInFlightAtWorkerStop: inFlight,
      restartMs: restarts.map(({ what, ms }) => `${what} ${ms}`).join(', '),
    });

    const caddyErrors = caddyOutput.split('\n').filter((line) => line.includes('"level":"error"'));
    expect(failed.slice(0, 10).map(({ route, answer, at }) => `${at} ${marks.join(', ')} ${route}: ${answer.status} ${answer.error ?? answer.text.slice(0, 120)}`), caddyErrors.slice(0, 10).join('\n')).toEqual([]);
    // Enough traffic that a gap would have shown: requests went on through every restart.
    expect(answers.length).toBeGreaterThan(100);
    expect(pledgedTo.length).toBeGreaterThan(30);
    expect(inFlight).toBeGreaterThan(0);
    // Every pledge recorded once, and its notice mailed once.
    expect(rows[0]!.pledges).toBe(pledgedTo.length);
    for (const email of pledgedTo) expect(mailsTo(email), email).toBe(1);
  }, 240_000);

  /**
   * Caddy on a free port with docker/Caddyfile itself: its reverse_proxy settings as they are, only
   * the replicas named by address (compose finds them through Docker's DNS) and, for the test alone,
   * the clients' own X-Forwarded-For passed on (harness.send gives each request an address of its
   * own, so the per-address limits on pledges do not stand in for a failure).
   */
  async function startCaddy(ports: readonly number[]): Promise<string> {
    caddyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahay-caddy-'));
    const port = await freePort();
    const production = fs.readFileSync(path.join(import.meta.dirname, '../../../docker/Caddyfile'), 'utf8');
    const dynamic = /\tdynamic a \{[^}]*\}\n/;
    if (!dynamic.test(production) || !production.includes('{$SAHAY_SITE_ADDRESS::80} {')) throw new Error('docker/Caddyfile changed: update this test');
    const caddyfile = production
      .replace('{$SAHAY_SITE_ADDRESS::80} {', `{\n\tadmin off\n\tauto_https off\n}\nhttp://127.0.0.1:${port} {`)
      .replace(dynamic, `\tto ${ports.map((upstream) => `127.0.0.1:${upstream}`).join(' ')}\n\t\theader_up X-Forwarded-For {http.request.header.X-Forwarded-For}\n`);
    fs.writeFileSync(path.join(caddyDir, 'Caddyfile'), caddyfile);
    caddy = spawn('caddy', ['run', '--config', path.join(caddyDir, 'Caddyfile'), '--adapter', 'caddyfile'], {
      cwd: caddyDir,
      env: { PATH: process.env.PATH ?? '', HOME: caddyDir, XDG_DATA_HOME: caddyDir, XDG_CONFIG_HOME: caddyDir },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    caddy.stderr!.on('data', (chunk: Buffer) => (caddyOutput += chunk.toString()));
    const url = `http://127.0.0.1:${port}`;
    await waitFor('Caddy to answer', async () => (await send(url, 'GET', '/readyz')).status === 200, 20_000).catch((error: unknown) => {
      throw new Error(`${(error as Error).message}; Caddy said:\n${caddyOutput.slice(-2000)}`);
    });
    return url;
  }
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
