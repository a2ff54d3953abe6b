/**
 * `npm run bench:load` — HTTP load on the production server (issue 12, "Load"): PostgreSQL
 * (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres) and a Redis of its own
 * (a redis-server started in a temporary folder on a free port: the server has no Redis key-prefix
 * setting, and BullMQ's default prefix must not mix with another Sahay on a shared Redis). It
 * creates its own database, seeds it (seed.ts), starts the server exactly as `npm run serve` does
 * (server/src/main.ts bundled by esbuild, run by node with the script's flags and malloc settings;
 * NODE_ENV=production, LOG_LEVEL=warn, TRUST_PROXY=1 as in docker-compose.yml) against the web build (`npm run build` first), loads it with autocannon, prints
 * the figures and drops the database. Not a test: nothing here passes or fails; the aims are only
 * compared.
 *
 * Scenarios, each at 10, 50 and 200 connections for BENCH_DURATION seconds (default 10), after
 * BENCH_WARMUP seconds (default 2) at 10 connections that are not counted:
 *   healthz         GET /healthz: no database, no rendering — what this machine gives the server's
 *                   plumbing alone (Express, helmet, pino-http), to read the others against.
 *   home            GET / as a browser asks for it (HTML, Accept-Encoding: br): rendered from live data, kept until it changes (docs/decisions/011).
 *   dashboard       community.team.getSummary, the member dashboard's query, as the web client sends
 *                   it (GET /trpc/…?batch=1, session cookie): the root member, team of 340.
 *   dashboard-page  the three queries of the dashboard page (identity.me, community.team.getSummary,
 *                   donations.getMine) in one batched GET: everything the page asks of the server
 *                   (the browser sends them in two round trips: me first).
 *   team-tree       community.team.getLevelMembers, one page (50) of the root's busiest level.
 *   login           POST /api/users/login (argon2id verification), the team's members in turn.
 *   donation        POST /api/donations: a new online pledge each time (an event, a sealed donor).
 * Login and donation creation are limited per address (30 and 20 per window): each request comes
 * from an X-Forwarded-For address of its own, as from many people behind the proxy, so the limits
 * apply unchanged and are never reached. Any 429 would show in the non-2xx column.
 *
 * Per run: requests/s (all responses), latency p50/p99/max (autocannon, ms), non-2xx responses by
 * status, errors (socket errors and timeouts after 10 s), the server process's peak RSS (VmHWM,
 * reset before each run through /proc/<pid>/clear_refs), its CPU time
 * per request (steadier than req/s on a shared machine), and how busy the whole machine was.
 *
 *   npm run build && npm run bench:load
 *   BENCH_DURATION=3 BENCH_SCENARIOS=dashboard,home BENCH_CONNECTIONS=50 npm run bench:load
 *   BENCH_SERVER_NODE_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/sahay-prof" BENCH_SCENARIOS=dashboard npm run bench:load
 *
 * Other knobs: BENCH_TEAM_BRANCHING (default 4) and BENCH_TEAM_DEPTH (default 4) shape the team;
 * BENCH_SERVER_NODE_FLAGS replaces the serve script's Node flags; MALLOC_ARENA_MAX and
 * SAHAY_SERVER_HEAP_MB are read as `npm run serve` reads them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type AutocannonRequest, type AutocannonResult } from 'autocannon';
import pg from 'pg';
import pino from 'pino';
import { WEB_DIST_DIR } from '#server/app';
import { loadConfig } from '#server/config';
import { SESSION_COOKIE } from '#server/modules/identity/identity.api';
import { createServices } from '#server/create-services';
import { startOwnRedis, type OwnServer } from '#server/testing/own-services';
import { bundleWorker, SERVER_ENTRY } from '../../worker/src/bundle.ts';
import { createBenchDatabase, machineCpu, npmScriptLaunch, procCpuSeconds, procMemory } from '../kanyadan/shared.ts';
import { PASSWORD, seed, type Seeded } from './seed.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(here, '../..');
/** How `npm run serve` starts Node: its flags and malloc settings. */
const SERVE_LAUNCH = npmScriptLaunch('serve');
/** server/src/main.ts, bundled as `npm run serve` bundles it (worker/src/bundle.ts). */
const SERVER_BUNDLE = path.join(ROOT, 'bench/out/load-server.mjs');
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '10,50,200').split(',').map(Number);
const ONLY = process.env.BENCH_SCENARIOS?.split(',').map((name) => name.trim());
const BRANCHING = Number(process.env.BENCH_TEAM_BRANCHING ?? 4);
const DEPTH = Number(process.env.BENCH_TEAM_DEPTH ?? 4);
const SERVER_NODE_FLAGS = process.env.BENCH_SERVER_NODE_FLAGS ? process.env.BENCH_SERVER_NODE_FLAGS.split(' ').filter(Boolean) : SERVE_LAUNCH.flags;
/** Browsers ask for compressed pages and JSON; the server compresses rendered pages. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'en-IN,en;q=0.9' };

const AIMS = { dashboardRps: 3_000, dashboardP99Ms: 50, homeRps: 2_000, aimConnections: 50, serverRssBytes: 300e6 };

// ---------------------------------------------------------------- printing

const int = (n: number) => Math.round(n).toLocaleString('en-IN');
const fixed = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '—');
const megabytes = (bytes: number) => fixed(bytes / 1e6, 0);

function table(headers: readonly string[], rows: readonly (readonly string[])[], alignRight: readonly boolean[] = []): void {
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: readonly string[]) => '  ' + cells.map((cell, i) => (alignRight[i] ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join('  ').trimEnd();
  console.log(line(headers));
  console.log('  ' + widths.map((width) => '─'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
}

// ---------------------------------------------------------------- scenarios

/** A client address of its own for every request: 10.0.0.1, 10.0.0.2, … (the limits count per address). */
let addresses = 0;
function nextAddress(): string {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

interface Scenario {
  name: string;
  /** What the requests are, in a few words. */
  what: string;
  requests: AutocannonRequest[];
  /** Checks one real response, so the load is known to get what a user gets; says what came back. */
  check(response: Response): Promise<string>;
}

const trpcGet = (procedures: string, input: Record<string, unknown>) => `/trpc/${procedures}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`;

/** The data of a batched tRPC answer's first result. */
async function trpcData<T>(response: Response): Promise<T[]> {
  const body = (await response.json()) as { result?: { data: T } }[];
  return body.map((item, index) => {
    if (!item.result) throw new Error(`procedure ${index} failed: ${JSON.stringify(item)}`);
    return item.result.data;
  });
}

function expectStatus(response: Response, status: number): void {
  if (response.status !== status) throw new Error(`expected HTTP ${status}, got ${response.status}`);
}

function scenarios(seeded: Seeded): Scenario[] {
  const teamSize = seeded.levelSizes.reduce((sum, size) => sum + size, 0);
  const busiest = seeded.levelSizes.indexOf(Math.max(...seeded.levelSizes)) + 1;
  const member = { ...BROWSER_HEADERS, cookie: `${SESSION_COOKIE}=${seeded.rootSession}`, 'x-sahay-csrf': '1', accept: '*/*' };
  const json = { ...BROWSER_HEADERS, 'content-type': 'application/json', accept: 'application/json' };
  let logins = 0;
  let pledges = 0;
  return [
    {
      name: 'healthz',
      what: 'GET /healthz: Express, helmet, the request log, no database (the floor to compare with)',
      requests: [{ method: 'GET', path: '/healthz', headers: BROWSER_HEADERS }],
      async check(response) {
        expectStatus(response, 200);
        return `200, ${await response.text()}`;
      },
    },
    {
      name: 'home',
      what: 'GET / (HTML from live data, Brotli)',
      requests: [{ method: 'GET', path: '/', headers: { ...BROWSER_HEADERS, accept: 'text/html,application/xhtml+xml' } }],
      async check(response) {
        expectStatus(response, 200);
        const html = await response.text();
        if (!/^<!doctype html>/i.test(html)) throw new Error('not an HTML page');
        return `200, ${response.headers.get('content-encoding') ?? 'uncompressed'}, ${int(html.length)} characters of HTML`;
      },
    },
    {
      name: 'dashboard',
      what: 'community.team.getSummary (GET /trpc, cookie)',
      requests: [{ method: 'GET', path: trpcGet('community.team.getSummary', {}), headers: member }],
      async check(response) {
        expectStatus(response, 200);
        const [summary] = await trpcData<{ teamSize: number; directJoinees: number }>(response);
        if (summary!.teamSize !== teamSize) throw new Error(`team of ${summary!.teamSize}, seeded ${teamSize}`);
        return `200, team of ${summary!.teamSize}, ${summary!.directJoinees} direct`;
      },
    },
    {
      name: 'dashboard-page',
      what: 'identity.me + getSummary + donations.getMine, one batch',
      requests: [{ method: 'GET', path: trpcGet('identity.me,community.team.getSummary,donations.getMine', {}), headers: member }],
      async check(response) {
        expectStatus(response, 200);
        const [me] = await trpcData<{ userId: string } | null>(response);
        if (me?.userId !== seeded.rootId) throw new Error(`signed in as ${me?.userId ?? 'nobody'}`);
        return `200, three results for ${me.userId}`;
      },
    },
    {
      name: 'team-tree',
      what: `community.team.getLevelMembers, level ${busiest} page 1`,
      requests: [{ method: 'GET', path: trpcGet('community.team.getLevelMembers', { 0: { level: busiest, page: 1 } }), headers: member }],
      async check(response) {
        expectStatus(response, 200);
        const [page] = await trpcData<{ count: number; members: unknown[] }>(response);
        return `200, ${page!.members.length} of the ${int(page!.count)} members at level ${busiest}`;
      },
    },
    {
      name: 'login',
      what: 'POST /api/users/login (argon2id), members in turn',
      requests: [
        {
          method: 'POST',
          path: '/api/users/login',
          setupRequest: (request) => {
            const userId = seeded.memberIds[logins++ % seeded.memberIds.length]!;
            return { ...request, headers: { ...json, 'x-forwarded-for': nextAddress() }, body: JSON.stringify({ userId, password: PASSWORD }) };
          },
        },
      ],
      async check(response) {
        expectStatus(response, 200);
        const body = (await response.json()) as { token?: string };
        if (!body.token) throw new Error('no token in the answer');
        return '200, a bearer token';
      },
    },
    {
      name: 'donation',
      what: 'POST /api/donations, a new pledge each',
      requests: [
        {
          method: 'POST',
          path: '/api/donations',
          setupRequest: (request) => {
            pledges += 1;
            const body = { amount: 500 + (pledges % 1000), cause: 'general', donorName: 'Bench Donor', email: `donor${pledges}@example.org`, showName: false };
            return { ...request, headers: { ...json, 'x-forwarded-for': nextAddress() }, body: JSON.stringify(body) };
          },
        },
      ],
      async check(response) {
        expectStatus(response, 201);
        const body = (await response.json()) as { reference: string; upiLink: string | null };
        if (!body.upiLink?.startsWith('upi://pay?pa=sahayfoundation@sbi')) throw new Error(`no UPI link from the seeded settings: ${JSON.stringify(body)}`);
        return `201, reference ${body.reference} with its UPI link`;
      },
    },
  ];
}

/** One request of the scenario sent by hand, as autocannon would send it. */
async function probe(url: string, scenario: Scenario): Promise<string> {
  const request = scenario.requests[0]!;
  const prepared = request.setupRequest ? request.setupRequest(request, {}) : request;
  const response = await fetch(url + prepared.path, { method: prepared.method, headers: prepared.headers, body: prepared.body });
  return scenario.check(response);
}

// ---------------------------------------------------------------- the server process

interface ServerProcess {
  /** The node process that runs the server: the one measured. */
  wrapper: ChildProcess;
  pid: number;
  url: string;
  /** The share of a core it uses when idle (more with a profiler on). */
  idleCpu: number;
  /** Its log lines (LOG_LEVEL=warn: warnings and errors only). */
  logLines: string[];
  exited: Promise<number | null>;
}

async function startServer(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const wrapper = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_BUNDLE], { cwd: ROOT, env: { ...env, ...SERVE_LAUNCH.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const logLines: string[] = [];
  let announced: (url: string) => void;
  const running = new Promise<string>((resolve) => (announced = resolve));
  for (const stream of [wrapper.stdout!, wrapper.stderr!]) {
    let partial = '';
    stream.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString('utf8')).split('\n');
      partial = lines.pop()!;
      for (const line of lines) {
        const match = /Sahay is running at (\S+)/.exec(line);
        if (match) announced(match[1]!.replace('localhost', '127.0.0.1'));
        else if (line.trim()) logLines.push(line);
      }
    });
  }
  const exited = new Promise<number | null>((resolve) => wrapper.on('exit', resolve));
  const url = await Promise.race([
    running,
    exited.then((code) => Promise.reject(new Error(`the server exited with ${code} before it was running:\n${logLines.slice(-20).join('\n')}`))),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the server did not start within 120 s')), 120_000).unref()),
  ]);
  const pid = wrapper.pid!;
  return { wrapper, pid, url, idleCpu: await idleCpuOf(pid), logLines, exited };
}

/** SIGTERM to the node process, which then closes as in production (and writes a CPU profile, if asked). */
async function stopServer(server: ServerProcess): Promise<void> {
  const started = Date.now();
  const kill = (pid: number, signal: NodeJS.Signals) => {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  };
  kill(server.pid, 'SIGTERM');
  const timer = setTimeout(() => {
    console.log('  ! the server had not stopped 20 s after SIGTERM: killed (a CPU profile is then not written)');
    kill(server.pid, 'SIGKILL');
    server.wrapper.kill('SIGKILL');
  }, 20_000);
  const code = await server.exited;
  clearTimeout(timer);
  console.log(`  Server stopped in ${fixed((Date.now() - started) / 1000)} s (exit code ${code}).`);
}

/**
 * Waits until the server is back to its idle CPU use for half a second (within 5 % of a core), up
 * to a minute: a run that ends with requests still queued (argon2 at 200 connections) must not load
 * the next one. Returns the seconds waited.
 */
async function settle(server: ServerProcess): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < 60_000) {
    if ((await cpuRate(server.pid, 500)) < server.idleCpu + 0.05) break;
  }
  return (Date.now() - started) / 1000;
}

/**
 * What the process uses of a core when nothing asks anything of it: the least over half-second
 * windows (it is still loading code lazily just after it says it runs), up to 5 s.
 */
async function idleCpuOf(pid: number): Promise<number> {
  let least = Number.POSITIVE_INFINITY;
  for (let window = 0; window < 10 && least >= 0.05; window++) least = Math.min(least, await cpuRate(pid, 500));
  return least;
}

/** The share of one core the process used over the next `ms` milliseconds. */
async function cpuRate(pid: number, ms: number): Promise<number> {
  const before = procCpuSeconds(pid) ?? 0;
  await new Promise((resolve) => setTimeout(resolve, ms));
  return ((procCpuSeconds(pid) ?? 0) - before) / (ms / 1000);
}

/** Starts a new peak-RSS window (VmHWM) for the process; false where the kernel does not allow it. */
function resetPeakRss(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------- measuring

interface Run {
  scenario: string;
  connections: number;
  result: AutocannonResult;
  peakRssBytes: number;
  cpuMsPerRequest: number;
  /** Seconds waited for the server to finish the previous run's requests. */
  settled: number;
  machineBusy: number;
}

async function measure(server: ServerProcess, scenario: Scenario, connections: number): Promise<Run> {
  const settled = await settle(server);
  const isReset = resetPeakRss(server.pid);
  let sampledPeak = 0;
  const sampler = setInterval(() => (sampledPeak = Math.max(sampledPeak, procMemory(server.pid)?.rssBytes ?? 0)), 100);
  const cpuBefore = procCpuSeconds(server.pid) ?? Number.NaN;
  const machineBefore = machineCpu();
  const result = await autocannon({ url: server.url, connections, duration: DURATION, requests: scenario.requests });
  clearInterval(sampler);
  const cpuSeconds = (procCpuSeconds(server.pid) ?? Number.NaN) - cpuBefore;
  const machineAfter = machineCpu();
  const peak = isReset ? (procMemory(server.pid)?.peakRssBytes ?? sampledPeak) : sampledPeak;
  return {
    scenario: scenario.name,
    connections,
    result,
    peakRssBytes: peak,
    settled,
    cpuMsPerRequest: (cpuSeconds * 1000) / result.requests.total,
    machineBusy: machineBefore && machineAfter ? (machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total) : Number.NaN,
  };
}

function nonSuccessText(result: AutocannonResult): string {
  if (result.non2xx === 0) return '0';
  const codes = Object.entries(result.statusCodeStats).filter(([code]) => !code.startsWith('2'));
  return `${int(result.non2xx)} (${codes.map(([code, { count }]) => `${code}×${int(count)}`).join(' ')})`;
}

function runRow(run: Run): string[] {
  const { result } = run;
  // No response within the run: every request took longer than the run lasted.
  const latency = (ms: number) => (result.requests.total === 0 ? '—' : fixed(ms, 0));
  return [
    run.scenario,
    String(run.connections),
    int(result.requests.total / result.duration),
    latency(result.latency.p50),
    latency(result.latency.p99),
    latency(result.latency.max),
    nonSuccessText(result),
    result.timeouts > 0 ? `${int(result.errors)} (${int(result.timeouts)} timeouts)` : int(result.errors),
    megabytes(run.peakRssBytes),
    fixed(run.cpuMsPerRequest, 2),
    `${fixed(run.machineBusy * 100, 0)} %`,
  ];
}

function aimRows(runs: readonly Run[]): string[][] {
  const at = (scenario: string) => runs.find((run) => run.scenario === scenario && run.connections === AIMS.aimConnections);
  const rps = (run: Run) => run.result.requests.total / run.result.duration;
  const rows: string[][] = [];
  const yes = (isMet: boolean) => (isMet ? 'met' : 'NOT met');
  const dashboard = at('dashboard');
  if (dashboard) {
    rows.push([`dashboard req/s at ${AIMS.aimConnections} connections`, int(rps(dashboard)), `≥ ${int(AIMS.dashboardRps)}`, yes(rps(dashboard) >= AIMS.dashboardRps)]);
    rows.push([`dashboard p99 at ${AIMS.aimConnections} connections`, `${fixed(dashboard.result.latency.p99, 0)} ms`, `≤ ${AIMS.dashboardP99Ms} ms`, yes(dashboard.result.latency.p99 <= AIMS.dashboardP99Ms)]);
  }
  const home = at('home');
  if (home) rows.push([`home page req/s at ${AIMS.aimConnections} connections`, int(rps(home)), `≥ ${int(AIMS.homeRps)}`, yes(rps(home) >= AIMS.homeRps)]);
  const failures = runs.reduce((sum, run) => sum + run.result.errors + run.result.non2xx, 0);
  rows.push(['errors and non-2xx, all runs', int(failures), '0', yes(failures === 0)]);
  const peak = Math.max(...runs.map((run) => run.peakRssBytes));
  rows.push(['server peak RSS, all runs', `${megabytes(peak)} MB`, `≤ ${megabytes(AIMS.serverRssBytes)} MB`, yes(peak <= AIMS.serverRssBytes)]);
  return rows;
}

// ---------------------------------------------------------------- main

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(WEB_DIST_DIR, 'server', 'entry-server.js'))) throw new Error('Build the web app first: npm run build');
  const runStarted = Date.now();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahay-bench-load-'));
  const { name, url, version } = await createBenchDatabase(ADMIN_URL, 'load');

  let redis: OwnServer | null = null;
  let server: ServerProcess | null = null;
  let cleaning: Promise<void> | null = null;
  const cleanUp = () =>
    (cleaning ??= (async () => {
      if (server) await stopServer(server);
      await redis?.close();
      const cleanup = new pg.Client({ connectionString: ADMIN_URL });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    })());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      console.log(`\n${signal}: stopping the server, dropping ${name}…`);
      void cleanUp().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
    });
  }

  try {
    redis = await startOwnRedis();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: url.toString(),
      REDIS_URL: redis.url,
      SAHAY_MASTER_KEY: crypto.randomBytes(32).toString('base64'),
      SAHAY_DATA_DIR: dataDir,
      PUBLIC_URL: 'https://sahay.example',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
    };
    console.log(`Sahay load bench: ${DURATION} s a run after ${WARMUP} s of warm-up, connections ${CONNECTIONS.join(', ')}`);
    console.log(
      `  PostgreSQL ${version} (database ${name}), own Redis ${redis.url}, Node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), ` +
        `load average ${os.loadavg().map((load) => load.toFixed(1)).join(' ')} before the start`,
    );

    // Seeding runs the jobs itself (in this process, the confirmation mails to the outbox); the server does not.
    const seedStarted = Date.now();
    const seeding = await createServices({ config: loadConfig({ ...env, REDIS_URL: undefined }), log: pino({ level: 'silent' }), owner: 'bench', runsJobs: true });
    const seeded = await seed(seeding, { branching: BRANCHING, depth: DEPTH });
    await seeding.close();
    console.log(
      `  Seeded in ${fixed((Date.now() - seedStarted) / 1000)} s: payment settings; member ${seeded.rootId} with a team of ${int(seeded.memberIds.length)} ` +
        `(levels ${seeded.levelSizes.join(' / ')}), all registered with an invite code and confirmed by the mailed link`,
    );

    await bundleWorker(SERVER_ENTRY, SERVER_BUNDLE);
    server = await startServer(env);
    console.log(`  Server: node ${SERVER_NODE_FLAGS.join(' ')} ${path.relative(ROOT, SERVER_BUNDLE)} (server/src/main.ts bundled by esbuild; ${Object.entries(SERVE_LAUNCH.env).map(([name, value]) => `${name}=${value}`).join(' ')}), node pid ${server.pid} at ${server.url}; RSS after start ${megabytes(procMemory(server.pid)?.rssBytes ?? Number.NaN)} MB, idle CPU ${fixed(server.idleCpu * 100, 0)} % of a core`);

    const chosen = scenarios(seeded).filter((scenario) => !ONLY || ONLY.includes(scenario.name));
    const runs: Run[] = [];
    for (const scenario of chosen) {
      console.log(`\n${scenario.name}: ${scenario.what} — one request by hand: ${await probe(server.url, scenario)}`);
      if (WARMUP > 0) await autocannon({ url: server.url, connections: 10, duration: WARMUP, requests: scenario.requests });
      for (const connections of CONNECTIONS) {
        const run = await measure(server, scenario, connections);
        runs.push(run);
        const waited = run.settled > 2 ? ` (after waiting ${fixed(run.settled)} s for the server to finish the previous run's requests)` : '';
        console.log(`  ${connections} connections: ${int(run.result.requests.total / run.result.duration)} req/s, p99 ${fixed(run.result.latency.p99, 0)} ms${waited}`);
      }
    }

    console.log('');
    table(
      ['scenario', 'conns', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'non-2xx', 'errors', 'RSS peak MB', 'CPU ms/req', 'machine busy'],
      runs.map(runRow),
      [false, true, true, true, true, true, true, true, true, true, true],
    );
    console.log('  (RSS peak: the server\'s node process during that run; CPU ms/req: its CPU time per response, overstated where many requests were');
    console.log('  still under way when the run ended; machine busy: all processes, both cores.)');
    console.log('');
    table(['aim', 'measured', 'aim', ''], aimRows(runs), [false, true, false, false]);
    const problems = server.logLines.filter((line) => !line.startsWith('{') || /"level":(4|5|6)0/.test(line));
    console.log(`\nServer log (warnings and errors): ${problems.length === 0 ? 'none' : `${problems.length} lines, the first:`}`);
    for (const line of problems.slice(0, 10)) console.log(`  ${line.slice(0, 300)}`);
    console.log(`\nRun took ${fixed((Date.now() - runStarted) / 1000, 0)} s; load average ${os.loadavg().map((load) => load.toFixed(1)).join(' ')} at the end.`);
  } finally {
    await cleanUp();
  }
}

await main();
