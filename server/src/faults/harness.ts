import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { loadConfig } from '#server/config';
import { replayAndCompare } from '#server/event-store/replay';
import { generateEpins } from '#server/modules/community/community.api';
import { createAccount, logIn, requiresTwoFactor, type Permission, type Role } from '#server/modules/identity/identity.api';
import { enrolTwoFactor } from '#server/testing/two-factor';
import { createServices } from '#server/create-services';
import type { Services } from '#server/services';
import { startOwnPostgres, startOwnRedis, type OwnServer } from '#server/testing/own-services';
import { PLAIN_LOCAL_SMTP } from '#server/testing/smtp-server';

/**
 * The stage of a fault test: its own PostgreSQL, Redis and SMTP server, the real server and worker
 * processes on them (as production runs them: NODE_ENV=production, bearer tokens), and services in
 * the test's own process to set up accounts and to look at the database afterwards. Nothing here
 * touches the shared services at TEST_DATABASE_URL and TEST_REDIS_URL.
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** How long one request may take before it counts as a hang. */
export const REQUEST_TIMEOUT_MS = 15_000;

// ---------------------------------------------------------------------------------------------
// Processes

export interface SahayProcess {
  child: ChildProcess;
  output(): string;
  /** Settles with the exit code (null after a signal). */
  exited: Promise<number | null>;
  /** SIGKILL: the crash the tests are about. */
  kill(): Promise<void>;
  /** SIGTERM, and waits for the exit. */
  stop(): Promise<void>;
}

// A test runner that dies must not leave servers and workers behind.
const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

function spawnSahay(script: string, env: Record<string, string>, ready: RegExp): { process: SahayProcess; ready: Promise<string> } {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), SAHAY_ENV_FILE: '/dev/null', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      children.delete(child);
      resolve(code);
    }),
  );
  const isReady = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(ready);
      if (match) resolve(match[1] ?? match[0]);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(() => reject(new Error(`${script} exited before it was ready:\n${output}`)));
  });
  const handle: SahayProcess = {
    child,
    output: () => output,
    exited,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
  return { process: handle, ready: isReady };
}

// ---------------------------------------------------------------------------------------------
// Mail

export interface AcceptedMail {
  to: string[];
  messageId: string | null;
  subject: string | null;
  raw: Buffer;
}

/**
 * A real SMTP server (npm smtp-server) that can hold its answer to a message: with `isHolding`
 * on, it reads the whole message and never sends the "250 OK". A message counts as delivered only
 * once that answer is given, as with a real MTA; one whose client vanished while waiting for it
 * goes to `dropped`, never delivered.
 */
export interface FaultSmtp {
  url: string;
  accepted: AcceptedMail[];
  /** Messages read in full whose answer is being withheld now. */
  held(): number;
  /** Messages whose client went away while the answer was withheld: never delivered. */
  dropped: AcceptedMail[];
  isHolding: boolean;
  /** With it above 0 (and not holding), each "250 OK" comes that many milliseconds after the message: a slow MTA. */
  answerDelayMs: number;
  close(): Promise<void>;
}

function header(raw: Buffer, name: string): string | null {
  const head = raw.toString('utf8').split(/\r?\n\r?\n/)[0] ?? '';
  const match = head.match(new RegExp(`^${name}:\\s*(.*(?:\\r?\\n[ \\t].*)*)`, 'im'));
  return match ? match[1]!.replace(/\r?\n[ \t]+/g, ' ').trim() : null;
}

export async function startFaultSmtp(): Promise<FaultSmtp> {
  const pending = new Map<string, AcceptedMail>();
  const smtp: FaultSmtp = {
    url: '',
    accepted: [],
    held: () => pending.size,
    dropped: [],
    isHolding: false,
    answerDelayMs: 0,
    close: async () => {},
  };
  const server = new SMTPServer({
    ...PLAIN_LOCAL_SMTP,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        const mail = { to: session.envelope.rcptTo.map((recipient) => recipient.address), messageId: header(raw, 'Message-ID'), subject: header(raw, 'Subject'), raw };
        if (smtp.isHolding) {
          pending.set(session.id, mail);
          return;
        }
        const answer = () => {
          smtp.accepted.push(mail);
          callback();
        };
        if (smtp.answerDelayMs > 0) setTimeout(answer, smtp.answerDelayMs);
        else answer();
      });
    },
    onClose(session) {
      const mail = pending.get(session.id);
      if (!mail) return;
      pending.delete(session.id);
      smtp.dropped.push(mail);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('The fault SMTP server is not listening on a TCP port');
  smtp.url = `smtp://127.0.0.1:${address.port}`;
  smtp.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return smtp;
}

// ---------------------------------------------------------------------------------------------
// The stage

export interface FaultStage {
  postgres: OwnServer;
  redis: OwnServer;
  smtp: FaultSmtp;
  dataDir: string;
  /** The environment the server and worker processes get. */
  env: Record<string, string>;
  /** Services in the test's process on the same database (no queue of their own; they run no jobs). */
  services: Services;
  /** A server process; on `port` when given (a replica restarted in place), else on a free one. */
  startServer(options?: { port?: number }): Promise<SahayProcess & { url: string }>;
  startWorker(): Promise<SahayProcess>;
  /** An account made directly in the database, signed in (with two-factor set up when its permissions need it): its bearer token works on the server process. */
  account(options?: { role?: Role; permissions?: Permission[] }): Promise<{ userId: string; token: string; email: string }>;
  /** Fresh invite codes held by `holder` (an admin), for registrations. */
  inviteCodes(holder: string, count: number): Promise<string[]>;
  close(): Promise<void>;
}

let accounts = 0;

export async function startFaultStage(): Promise<FaultStage> {
  const [postgres, redis, smtp] = await Promise.all([startOwnPostgres(), startOwnRedis({ persist: true }), startFaultSmtp()]);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahay-faults-'));
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    SAHAY_MASTER_KEY: crypto.randomBytes(32).toString('base64'),
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    SAHAY_DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // Each simulated client comes from its own address (X-Forwarded-For), so the per-address limits
    // on registration and pledges do not stand in for the fault.
    TRUST_PROXY: 'true',
    SHUTDOWN_TIMEOUT_MS: '5000',
  };
  // The test's own services migrate the database first, so the processes started later find it ready.
  const { REDIS_URL: _redis, ...withoutQueue } = env;
  const config = loadConfig({ ...withoutQueue, LOG_LEVEL: 'silent' });
  const services = await createServices({ config, log: pino({ level: 'silent' }), owner: 'fault-test', runsJobs: false });
  const processes: SahayProcess[] = [];

  return {
    postgres,
    redis,
    smtp,
    dataDir,
    env,
    services,
    async startServer(options = {}) {
      const started = spawnSahay('server/src/main.ts', { ...env, PORT: String(options.port ?? 0) }, /Sahay is running at (http:\/\/\S+)/);
      processes.push(started.process);
      const url = (await started.ready).replace('localhost', '127.0.0.1');
      return Object.assign(started.process, { url });
    },
    async startWorker() {
      // Info level: the worker says so when it is running; its job logs are kept for failures.
      const started = spawnSahay('worker/src/main.ts', { ...env, LOG_LEVEL: 'info' }, /"msg":"worker is running"/);
      processes.push(started.process);
      await started.ready;
      return started.process;
    },
    async account(options = {}) {
      accounts += 1;
      const email = `fault.${process.pid}.${accounts}.${crypto.randomBytes(3).toString('hex')}@example.org`;
      const password = 'correct horse battery';
      const role = options.role ?? 'member';
      const userId = await createAccount(
        services,
        { role, permissions: options.permissions ?? [], password, fullName: 'Fault Test', email, phone: '9876543210', address: '1 Test Road', city: 'Jaipur', state: 'Rajasthan' },
        { actor: 'system', correlationId: crypto.randomUUID() },
      );
      const { token } = await logIn(services, { userId, password }, { kind: 'bearer' });
      // Staff who must sign in with a second factor have set it up, as they must before any work.
      if (requiresTwoFactor({ role, permissions: options.permissions ?? [] })) await enrolTwoFactor(services, userId);
      return { userId, token, email };
    },
    async inviteCodes(holder, count) {
      const codes = await generateEpins(services, holder, count, { actor: holder, correlationId: crypto.randomUUID(), ip: null });
      return codes.map((epin) => epin.code);
    },
    async close() {
      await Promise.all(processes.map((child) => child.kill()));
      await services.close().catch(() => {});
      await Promise.all([postgres.close(), redis.close(), smtp.close()]);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Requests

export interface Answer {
  /** The HTTP status; 0 when no answer came (connection refused or reset, or a hang past REQUEST_TIMEOUT_MS). */
  status: number;
  body: Record<string, unknown> | null;
  text: string;
  /** What went wrong when no answer came. */
  error?: string;
  ms: number;
}

let addresses = 0;

/** A distinct client address (10.x.y.z), for X-Forwarded-For. */
export function nextClientAddress(): string {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

export async function send(baseUrl: string, method: string, route: string, options: { body?: unknown; token?: string; ip?: string } = {}): Promise<Answer> {
  const started = Date.now();
  const headers: Record<string, string> = { 'X-Forwarded-For': options.ip ?? nextClientAddress() };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  try {
    const res = await fetch(`${baseUrl}${route}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    let body: Record<string, unknown> | null = null;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      body = null;
    }
    return { status: res.status, body, text, ms: Date.now() - started };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return { status: 0, body: null, text: '', error: cause ?? (error as Error).name, ms: Date.now() - started };
  }
}

export async function readiness(baseUrl: string): Promise<{ status: number; database?: boolean; queue?: boolean }> {
  const answer = await send(baseUrl, 'GET', '/readyz');
  return { status: answer.status, database: answer.body?.database as boolean | undefined, queue: answer.body?.queue as boolean | undefined };
}

/** Registration input with a fresh e-mail address. */
export function registration(epin: string, label: string): Record<string, string> {
  accounts += 1;
  return {
    fullName: 'Fault Member',
    email: `${label}.${process.pid}.${accounts}.${crypto.randomBytes(3).toString('hex')}@example.org`,
    phone: '9876543210',
    epin,
    password: 'correct horse battery',
    address: '1 Test Road',
    city: 'Jaipur',
    state: 'Rajasthan',
    pinCode: '302001',
  };
}

// ---------------------------------------------------------------------------------------------
// Checks and figures

export async function waitFor<T>(what: string, check: () => Promise<T | null | undefined | false>, timeoutMs: number, everyMs = 250): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await check().catch(() => null);
    if (result) return result;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The projections whose rebuild from the events differs from the live tables, with what differs. */
export async function replayDifferences(services: Services): Promise<{ projection: string; tables: string[] }[]> {
  const results = await replayAndCompare(services);
  return results
    .filter((result) => result.differences.length > 0)
    .map((result) => ({ projection: result.projection, tables: result.differences.map((difference) => `${difference.table}: ${difference.onlyInLiveCount} only live, ${difference.onlyInReplayCount} only replay`) }));
}

export interface FaultFigures {
  sent: number;
  failedDuring: number;
  recoveredAfter: number;
  eventsLost: number;
  effectsDoubled: number;
  [more: string]: number | string;
}

/** The report line of a fault test, for CI's log. */
export function reportFault(name: string, figures: FaultFigures): void {
  const parts = Object.entries(figures).map(([key, value]) => `${key}=${value}`);
  console.log(`faults: ${name} ${parts.join(' ')}`);
}
