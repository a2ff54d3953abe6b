import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Express } from 'express';
import pino from 'pino';
import { createApp } from '#server/app';
import { loadConfig } from '#server/config';
import { catchUpAsyncProjections } from '#server/event-store/async-projections';
import { runRelayBatch } from '#server/event-store/relay';
import type { InProcessQueue } from '#server/queue/in-process-queue';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '#server/lib/rate-limit';
import { createAccount } from '#server/modules/identity/identity.api';
import { PERMISSIONS, type Permission, type Role } from '#server/modules/identity/identity.api';
import { logIn, requiresTwoFactor } from '#server/modules/identity/identity.api';
import { createServices } from '#server/create-services';
import type { Services } from '#server/services';
import type { SmsSender } from '#server/lib/sms';
import { createInnerContext, type Context } from '#server/trpc/context';
import { createCallerFactory } from '#server/trpc/procedures';
import { appRouter } from '#server/trpc/router';
import { createTestDb, type TestDbKind } from './test-db.ts';
import { describeOpenTransactions, drainBatches, HELD_BACK_PATIENCE_MS } from './held-back.ts';
import { enrolTwoFactor, type TestAuthenticator } from './two-factor.ts';

const createCaller = createCallerFactory(appRouter);
export type AppCaller = ReturnType<typeof createCaller>;

export interface TestApp {
  services: Services;
  dataDir: string;
  /** On PostgreSQL, the URL of this app's fresh database (for a second connection, as another process makes). */
  databaseUrl?: string;
  /** A tRPC caller as a visitor, or as the user behind a session token. */
  caller(as?: { token?: string; ip?: string }): Promise<AppCaller>;
  /** Creates an account directly and returns its ID and a bearer token. */
  /**
   * Creates an account directly and returns its ID and a (cookie) session token. Staff whose
   * permissions require two-factor sign-in get it set up, as they must before any work (pass
   * `twoFactor: false` for one who has not yet); `authenticator` then makes their sign-in codes.
   */
  account(options?: {
    role?: Role;
    permissions?: Permission[];
    email?: string;
    password?: string;
    fullName?: string;
    phone?: string;
    twoFactor?: boolean;
  }): Promise<{ userId: string; token: string; email: string; password: string; authenticator: TestAuthenticator | null }>;
  /**
   * Brings the async projections up to date, relays every committed event to the job queue and waits
   * for the jobs to finish. Waits also for
   * events held back by a transaction open elsewhere (transaction IDs are cluster-wide in PostgreSQL).
   */
  runJobs(): Promise<void>;
  /** The Express app over these services, without a web build: for REST and HTTP-level tests. */
  http(): Express;
  /** Number of events recorded so far: authorisation tests check that a refusal wrote nothing. */
  eventCount(): Promise<number>;
  close(): Promise<void>;
}

/** job_failures now: job ID → when it last failed and why. */
async function jobFailures(db: Services['db']): Promise<Map<string, string>> {
  const { rows } = await db.query<{ job_id: string; failure: string }>(`SELECT job_id, last_failed_at::text || ' ' || last_error AS failure FROM job_failures`);
  return new Map(rows.map((row) => [row.job_id, row.failure]));
}

let counter = 0;
export function uniqueEmail(label = 'person'): string {
  counter += 1;
  return `${label}.${process.pid}.${counter}.${crypto.randomBytes(3).toString('hex')}@example.org`;
}

export interface TestAppOptions {
  limits?: Partial<RateLimits>;
  now?: () => Date;
  sms?: SmsSender;
  answerFloorMs?: number;
  /** More configuration variables (the payment gateway's keys). */
  env?: Record<string, string>;
}

/** Services on a fresh database of the given kind, with an outbox in a temporary folder. */
export async function createTestApp(
  kind: TestDbKind,
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahay-test-'));
  const testDb = await createTestDb(kind);
  const config = loadConfig({ ...options.env, NODE_ENV: 'test', SAHAY_DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const services = await createServices({
    config,
    log: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    owner: 'test',
    db: testDb.db,
    masterKey: crypto.randomBytes(32),
    runsJobs: true,
    limits: { ...DEFAULT_RATE_LIMITS, ...options.limits },
    now: options.now,
    sms: options.sms,
    answerFloorMs: options.answerFloorMs ?? 0,
  });
  const app: TestApp = {
    services,
    dataDir,
    databaseUrl: testDb.url,
    async caller(as = {}) {
      const user = as.token ? await (await import('#server/modules/identity/identity.api')).resolveSession(services.db, as.token, services.now()) : null;
      const ctx: Context = createInnerContext(services, { user, sessionToken: as.token ?? null, ip: as.ip ?? null, requestId: crypto.randomUUID() });
      return createCaller(ctx);
    },
    async account(opts = {}) {
      const email = opts.email ?? uniqueEmail(opts.role ?? 'member');
      const password = opts.password ?? 'correct horse battery';
      const role = opts.role ?? 'member';
      const userId = await createAccount(
        services,
        {
          role,
          permissions: opts.permissions ?? (role === 'admin' ? [...PERMISSIONS] : []),
          password,
          fullName: opts.fullName ?? 'Test Person',
          email,
          phone: opts.phone ?? '9876543210',
          address: '1 Test Road',
          city: 'Jaipur',
          state: 'Rajasthan',
        },
        { actor: 'system', correlationId: crypto.randomUUID() },
      );
      // A web sign-in (the cookie's lifetime): tests act as the web client over simulated weeks;
      // REST's shorter bearer lifetime is tested on its own (rest-sessions.int.test.ts).
      const { token } = await logIn(services, { userId, password }, { kind: 'cookie' });
      const permissions = opts.permissions ?? (role === 'admin' ? [...PERMISSIONS] : []);
      const authenticator = opts.twoFactor !== false && requiresTwoFactor({ role, permissions }) ? await enrolTwoFactor(services, userId) : null;
      return { userId, token, email, password, authenticator };
    },
    async runJobs() {
      if (!(await catchUpAsyncProjections(services, 'test', HELD_BACK_PATIENCE_MS))) {
        throw new Error(`async projections: events still held back after ${HELD_BACK_PATIENCE_MS / 1000} s; the oldest open transactions:\n${await describeOpenTransactions(services.db)}`);
      }
      const failuresBefore = await jobFailures(services.db);
      await drainBatches(services.db, 'relay', () => runRelayBatch(services, { owner: 'test' }));
      await (services.queue as InProcessQueue).drain();
      // A job that gave up leaves its effect missing and a later assertion failing for no clear
      // reason: say which job and why, beside the test's output.
      for (const [jobId, failure] of await jobFailures(services.db)) {
        if (failuresBefore.get(jobId) !== failure) console.warn(`runJobs: job ${jobId} gave up: ${failure}`);
      }
    },
    http() {
      return createApp(services, { webDistDir: path.join(dataDir, 'no-web-build') });
    },
    async eventCount() {
      const { rows } = await services.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM events`);
      return rows[0]!.count;
    },
    async close() {
      await services.close();
      await testDb.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return app;
}
