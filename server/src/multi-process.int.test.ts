import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '#server/lib/rate-limit';
import { getSettings } from '#server/modules/site/site.api';
import { getPublicSiteData } from '#server/modules/transparency/transparency.api';
import { createServices } from '#server/create-services';
import type { Services } from '#server/services';
import { startOwnRedis, type OwnServer } from '#server/testing/own-services';
import { startTestSmtpServer, type TestSmtpServer } from '#server/testing/smtp-server';
import { createTestDb, type TestDb } from '#server/testing/test-db';
import { describeWhere, needsPostgres } from '#server/testing/requires';
import { createTestApp, type TestApp } from '#server/testing/test-services';

/**
 * The production layout, scaled out: two server processes and one worker, as docker-compose.yml
 * runs them (docs/decisions/028), on one PostgreSQL and one Redis. Each process has its own data
 * folder, so whatever one process must see of another's work has to travel through the shared
 * services. The test plays the reverse proxy: it sends each request to one process or the other
 * and names the client in X-Forwarded-For (TRUST_PROXY=1, as behind the compose file's proxy).
 *
 * PostgreSQL: a fresh database on the test server (TEST_DATABASE_URL), since nothing here stops or
 * kills PostgreSQL and a database isolates as well as a cluster, for less start-up time. Redis: one
 * of its own, since BullMQ's queue names have no prefix: on the shared Redis another test's worker
 * could take these jobs, or this worker theirs.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
// Three processes starting at once (tsx, migrations, seeding) take 10-20 s on an idle machine, far longer on a busy one.
const START_TIMEOUT_MS = 90_000;

interface Started {
  name: string;
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

function launch(name: string, script: string, args: string[], env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), SAHAY_ENV_FILE: '/dev/null', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { name, child, output: () => output, exited };
}

/** The first match of `pattern` in the process's output; throws, with the output, if it exits or times out first. */
async function waitForOutput(started: Started, pattern: RegExp): Promise<RegExpMatchArray> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let hasExited = false;
  void started.exited.then(() => (hasExited = true));
  while (Date.now() < deadline) {
    const match = started.output().match(pattern);
    if (match) return match;
    if (hasExited) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${started.name} did not print ${pattern} (${hasExited ? 'it exited' : 'timed out'}):\n${started.output()}`);
}

async function waitFor<T>(what: string, check: () => Promise<T | null | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await check();
    if (value !== null && value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

/** An answer's JSON body, in the shape the test expects of it (a wrong guess fails the assertions on it). */
function bodyOf<T>(answer: Answer): T {
  return answer.body as T;
}

interface ErrorBody {
  message: string;
  fieldErrors?: Record<string, string[]>;
}
interface LoginBody {
  userId: string;
  token: string;
}
interface MeBody {
  result: { data: { userId: string } | null };
}
interface SettingsBody {
  result: { data: { version: number; settings: { isInviteOnly: boolean } } };
}

/** One HTTP request to one server process, as the proxy would forward it for the client at `ip`. */
async function send(
  base: string,
  method: string,
  urlPath: string,
  options: { token?: string; ip: string; json?: unknown; form?: FormData; isBinary?: boolean },
): Promise<Answer> {
  const headers: Record<string, string> = { 'X-Forwarded-For': options.ip };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.json !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${base}${urlPath}`, {
    method,
    headers,
    body: options.json !== undefined ? JSON.stringify(options.json) : options.form,
  });
  const body = options.isBinary ? Buffer.from(await response.arrayBuffer()) : await response.json().catch(() => null);
  return { status: response.status, headers: response.headers, body };
}

/** A client address of the documentation range (RFC 5737) of its own for each part of the test. */
let lastAddress = 0;
function newClientAddress(): string {
  lastAddress += 1;
  return `203.0.113.${lastAddress}`;
}

/** A user ID nobody has: failed logins for it count against the address, never lock a real account. */
function unknownUserId(index: number): string {
  return `SH9${String(index).padStart(6, '0')}`;
}

/** What the message for a failed login says (identity's LOGIN_FAILED, which its api does not export). */
const LOGIN_FAILED = 'Invalid user ID/e-mail or password';

/** A registration without an invite code; e-mail addresses are made unique per run. */
function newMember(fullName: string, phone: string) {
  return {
    fullName,
    email: `${fullName.split(' ')[0]!.toLowerCase()}-${crypto.randomBytes(4).toString('hex')}@example.org`,
    phone,
    password: 'a long enough password',
    address: '12 Station Road',
    city: 'Varanasi',
    state: 'Uttar Pradesh',
    pinCode: '221001',
  };
}

describeWhere([needsPostgres], 'several processes on one PostgreSQL and one Redis', () => {
  let db: TestDb;
  let redis: OwnServer;
  let smtp: TestSmtpServer;
  let env: Record<string, string>;
  const dataDirs: string[] = [];
  const processes: Started[] = [];
  /** The two server processes' base URLs. */
  let serverA: string;
  let serverB: string;
  const adminEmail = 'operator@example.org';
  const adminPassword = crypto.randomBytes(12).toString('hex');
  let adminToken: string;
  /** The worker's METRICS_PORT address. */
  let workerMetrics = '';
  const METRICS_TOKEN = crypto.randomBytes(24).toString('hex');

  function dataDir(): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahay-multi-'));
    dataDirs.push(dir);
    return dir;
  }

  function startProcess(name: string, script: string, extraEnv: Record<string, string> = {}): Started {
    const started = launch(name, script, [], { ...env, SAHAY_DATA_DIR: dataDir(), ...extraEnv });
    processes.push(started);
    return started;
  }

  async function serverUrl(started: Started): Promise<string> {
    const [, port] = (await waitForOutput(started, /Sahay is running at http:\/\/localhost:(\d+)/))!;
    return `http://127.0.0.1:${port}`;
  }

  beforeAll(async () => {
    // Not migrated: the three processes start together on an empty database, as a first
    // `docker-compose up` with several replicas does, and must agree on migrating and seeding it.
    [db, redis, smtp] = await Promise.all([createTestDb('postgres', { isMigrated: false, poolSize: 2 }), startOwnRedis(), startTestSmtpServer()]);
    env = {
      NODE_ENV: 'production',
      DATABASE_URL: db.url!,
      DATABASE_POOL_SIZE: '4',
      REDIS_URL: redis.url,
      SAHAY_MASTER_KEY: crypto.randomBytes(32).toString('base64'),
      SMTP_URL: smtp.url,
      PORT: '0',
      HOST: '127.0.0.1',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      METRICS_TOKEN: METRICS_TOKEN,
    };
    const a = startProcess('server A', 'server/src/main.ts');
    const b = startProcess('server B', 'server/src/main.ts');
    // At info level for its "worker is running" line, which says its job handlers are listening.
    // The worker's /metrics on a port of its own (issue 34), named in that line.
    const worker = startProcess('worker', 'worker/src/main.ts', { LOG_LEVEL: 'info', METRICS_PORT: '0' });
    let running: RegExpMatchArray | null;
    [serverA, serverB, running] = await Promise.all([serverUrl(a), serverUrl(b), waitForOutput(worker, /worker is running/)]);
    workerMetrics = /"metrics":"(http:[^"]+)"/.exec(running?.input ?? '')?.[1] ?? '';

    const tool = launch('admin:create', 'server/src/tools/admin-create.ts', ['--email', adminEmail, '--name', 'Site Operator', '--permissions', 'settings,members'], {
      ...env,
      SAHAY_DATA_DIR: dataDir(),
      SAHAY_ADMIN_PASSWORD: adminPassword,
    });
    expect(await tool.exited, tool.output()).toBe(0);
    const login = await send(serverA, 'POST', '/api/users/login', { ip: newClientAddress(), json: { email: adminEmail, password: adminPassword } });
    expect(login.status).toBe(200);
    adminToken = bodyOf<LoginBody>(login).token;
  }, 150_000);

  afterAll(async () => {
    for (const started of processes) started.child.kill('SIGTERM');
    await Promise.all(processes.map((started) => started.exited));
    await Promise.all([db?.drop(), redis?.close(), smtp?.close()]);
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  it('a session made on one process works on the other, and a logout on the other ends it on the first', async () => {
    const ip = newClientAddress();
    const login = await send(serverA, 'POST', '/api/users/login', { ip, json: { email: adminEmail, password: adminPassword } });
    expect(login.status).toBe(200);
    const { token, userId } = bodyOf<LoginBody>(login);

    // Both processes answer it, and keep it (docs/decisions/038) for their next requests.
    for (const server of [serverB, serverA, serverA]) {
      const me = await send(server, 'GET', '/trpc/identity.me', { ip, token });
      expect(me.status).toBe(200);
      expect(bodyOf<MeBody>(me).result.data?.userId).toBe(userId);
    }

    expect((await send(serverB, 'POST', '/api/users/logout', { ip, token, json: {} })).status).toBe(200);
    // On B at once; A hears of it from the database's NOTIFY, long before its kept copy (10 s) runs out.
    expect(bodyOf<MeBody>(await send(serverB, 'GET', '/trpc/identity.me', { ip, token })).result.data).toBeNull();
    const loggedOutAt = Date.now();
    for (;;) {
      const meOnA = await send(serverA, 'GET', '/trpc/identity.me', { ip, token });
      expect(meOnA.status).toBe(200);
      if (bodyOf<MeBody>(meOnA).result.data === null) break;
      expect(Date.now() - loggedOutAt, 'A still answers the logged-out session').toBeLessThan(2_000);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  });

  it('counts login attempts from one address on both processes against one limit', async () => {
    const { limit, windowSeconds } = DEFAULT_RATE_LIMITS.loginPerIp;
    const windowOf = (time: number) => Math.floor(time / (windowSeconds * 1000));
    const failLogin = (server: string, ip: string, index: number) =>
      send(server, 'POST', '/api/users/login', { ip, json: { userId: unknownUserId(index), password: 'not the password' } });
    // The limit's windows follow the servers' clock, which a test cannot hold still: should one
    // window end during the attempts, the count starts again, so try once more from a new address.
    for (let attempt = 1; ; attempt += 1) {
      const ip = newClientAddress();
      const startedIn = windowOf(Date.now());
      const answers: Answer[] = [];
      for (let index = 0; index < limit; index += 1) answers.push(await failLogin(index % 2 === 0 ? serverA : serverB, ip, index));
      const overLimit = [await failLogin(serverA, ip, limit), await failLogin(serverB, ip, limit + 1)];
      if (windowOf(Date.now()) !== startedIn && attempt === 1) continue;

      // Half of the limit was spent on each process; neither would refuse on its own count.
      expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: limit }, () => 401));
      expect(bodyOf<ErrorBody>(answers[0]!).message).toBe(LOGIN_FAILED);
      for (const over of overLimit) {
        expect(over.status).toBe(429);
        expect(bodyOf<ErrorBody>(over).message).toMatch(/^Too many attempts/);
        expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      // Another client, through the same processes, is not affected.
      expect((await failLogin(serverB, newClientAddress(), 0)).status).toBe(401);
      return;
    }
  }, 40_000);

  it('shows a settings change made on one process at the next request on the other; a mail job is done once', async () => {
    const ip = newClientAddress();
    const registration = newMember('Asha Verma', '9876543210');
    // Invite-only is the default: without an invite code, B refuses.
    const refused = await send(serverB, 'POST', '/api/users/register', { ip, json: registration });
    expect(refused.status).toBe(400);
    expect(bodyOf<ErrorBody>(refused).fieldErrors?.epin).toBeDefined();

    const before = bodyOf<SettingsBody>(await send(serverA, 'GET', '/trpc/site.settings.get', { ip })).result.data;
    expect(before.settings.isInviteOnly).toBe(true);
    const update = await send(serverA, 'POST', '/trpc/site.settings.update', {
      ip,
      token: adminToken,
      json: { expectedVersion: before.version, data: { isInviteOnly: false } },
    });
    expect(update.status).toBe(200);

    // The very next request to B sees it, both as data and in what B decides.
    const onB = bodyOf<SettingsBody>(await send(serverB, 'GET', '/trpc/site.settings.get', { ip })).result.data;
    expect(onB.settings.isInviteOnly).toBe(false);
    expect(onB.version).toBe(bodyOf<SettingsBody>(update).result.data.version);
    const registered = await send(serverB, 'POST', '/api/users/register', { ip, json: registration });
    expect(registered.status).toBe(201);

    // Registering queues the confirmation e-mail. Both servers and the worker are running: the
    // message arrives, and no second copy follows it.
    const mailsTo = () => smtp.received.filter((mail) => mail.to.includes(registration.email));
    await waitFor('the confirmation e-mail', async () => (mailsTo().length > 0 ? true : null));
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(mailsTo()).toHaveLength(1);
    expect(mailsTo()[0]!.raw.toString()).toContain(bodyOf<LoginBody>(registered).userId);

    // The worker sent it: its own /metrics counts the mail and the job, and the relay's lag (issue 34).
    const scrape = await fetch(workerMetrics, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(scrape.status).toBe(200);
    const text = await scrape.text();
    expect(text).toMatch(/^sahay_mails_total\{outcome="sent"\} [1-9]/m);
    expect(text).toMatch(/^sahay_jobs_total\{queue="sahay-jobs",handler="[a-z-]+",outcome="completed"\} [1-9]/m);
    expect(text).toMatch(/^sahay_projection_lag_events\{processor="relay"\} \d+/m);
    expect(text).toMatch(/^sahay_db_pool_connections\{state="in_use"\} \d+/m);
    expect((await fetch(workerMetrics)).status).toBe(401);
    // Server B answers on its main port with the token: the request it served, by its pattern.
    const metricsOnB = await send(serverB, 'GET', '/metrics', { ip, token: METRICS_TOKEN, isBinary: true });
    expect(metricsOnB.status).toBe(200);
    expect(String(metricsOnB.body)).toMatch(/^sahay_http_request_duration_seconds_count\{method="POST",route="\/api\/users\/register",status="201"\} 1$/m);
  }, 40_000);

  it('serves a file uploaded through one process from the other (the shared file store)', async () => {
    const ip = newClientAddress();
    // An invite code made on B lets a member register on A, whatever the invite-only setting is.
    const generated = await send(serverB, 'POST', '/api/epins/generate-epins', { ip, token: adminToken, json: { count: 1 } });
    expect(generated.status).toBe(201);
    const [epin] = bodyOf<{ epins: { code: string }[] }>(generated).epins;
    const password = 'another long password';
    const member = await send(serverA, 'POST', '/api/users/register', { ip, json: { ...newMember('Ravi Kumar', '9123456780'), password, epin: epin!.code } });
    expect(member.status).toBe(201);
    const { userId } = bodyOf<LoginBody>(member);
    const { token } = bodyOf<LoginBody>(await send(serverA, 'POST', '/api/users/login', { ip, json: { userId, password } }));

    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 20, g: 120, b: 200 } } }).png().toBuffer();
    const form = new FormData();
    form.append('qrCode', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'qr.png');
    const upload = await send(serverA, 'POST', `/api/users/upload-profile-assets/${userId}`, { ip, token, form });
    expect(upload.status).toBe(202);
    const accepted = bodyOf<{ uploadId: string; qrCode: string }>(upload);

    // The worker makes the image; B reports it ready and serves it, from a data folder that never held it.
    const url = await waitFor('the processed QR image', async () => {
      const { qrCode } = bodyOf<{ qrCode: { status: string; url: string | null } }>(await send(serverB, 'GET', `/api/users/profile/${userId}`, { ip, token }));
      return qrCode.status === 'ready' ? qrCode.url : null;
    });
    expect(url).toBe(accepted.qrCode);
    const image = await send(serverB, 'GET', url, { ip, token, isBinary: true });
    expect(image.status).toBe(200);
    const bytes = bodyOf<Buffer>(image);
    const metadata = await sharp(bytes).metadata();
    expect({ width: metadata.width, height: metadata.height }).toEqual({ width: 300, height: 200 });
    const pixel = await sharp(bytes).extract({ left: 150, top: 100, width: 1, height: 1 }).removeAlpha().raw().toBuffer();
    expect([...pixel].map((channel) => Math.round(channel / 10))).toEqual([2, 12, 20]);
    // Nothing of the upload was written to any process's own folder.
    const written = dataDirs.flatMap((dir) => fs.readdirSync(dir, { recursive: true }).map(String));
    expect(written.filter((name) => name.includes(accepted.uploadId))).toEqual([]);
  }, 40_000);
});

/**
 * The public pages are rendered from settings, counters and content that each process caches until
 * the newest event's position moves (site/public-data.ts). Positions are handed out when a
 * transaction inserts its event, not when it commits, so an event can become visible below the
 * newest position a process has already seen: here, a settings change whose transaction is held
 * open (by a lock on the setting's row, which its projection writes after the event is inserted)
 * while another event commits. In process, with two Services on one database: the cache belongs to
 * a Services, as it does to a process.
 */
describeWhere([needsPostgres], 'the public pages of another process', () => {
  let app: TestApp;
  let otherProcess: Services;

  beforeAll(async () => {
    app = await createTestApp('postgres');
    const { config, log, db } = app.services;
    otherProcess = await createServices({ config, log, owner: 'other', db, masterKey: crypto.randomBytes(32), runsJobs: false });
  });
  afterAll(async () => {
    await otherProcess?.close();
    await app?.close();
  });

  it('show a settings change that committed after a later event', async () => {
    const admin = await app.account({ role: 'admin', permissions: ['settings'] });
    const caller = await app.caller({ token: admin.token });
    const { version } = await caller.site.settings.update({ expectedVersion: (await getSettings(app.services.db)).version, data: { isInviteOnly: false } });

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const lock = app.services.db.transaction(async (tx) => {
      await tx.query(`SELECT key FROM site_settings WHERE key = 'isInviteOnly' FOR UPDATE`);
      await held;
    });
    const change = caller.site.settings.update({ expectedVersion: version, data: { isInviteOnly: true } });
    try {
      await waitFor('the settings change to wait on the lock', async () => {
        const { rows } = await app.services.db.query<{ waiting: number }>(
          `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        return rows[0]!.waiting > 0 ? true : null;
      });
      await app.account();
      expect((await getPublicSiteData(otherProcess)).settings.isInviteOnly).toBe(false);
    } finally {
      release();
    }
    await lock;
    await change;
    expect((await getSettings(otherProcess.db)).settings.isInviteOnly).toBe(true);
    expect((await getPublicSiteData(otherProcess)).settings.isInviteOnly).toBe(true);
  }, 30_000);
});
