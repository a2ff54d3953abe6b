import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import pg from 'pg';
import pino from 'pino';
import { chromium, type Browser, type Cookie, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { WEB_DIST_DIR } from '#server/app';
import { loadConfig } from '#server/config';
import { createAccount, requiresTwoFactor, SESSION_COOKIE } from '#server/modules/identity/identity.api';
import { enrolTwoFactor, waitForSignInCode, type TestAuthenticator } from '#server/testing/two-factor';
import { PERMISSIONS, type Permission, type Role } from '#server/modules/identity/identity.api';
import { indiaToday } from '#server/modules/kanyadan/submission/age.schema';
import { startServer, type RunningServer } from '#server/server';
import { openPglite } from '#server/db/pglite';
import { copyPostgresTemplate, pgliteTemplateDump, POSTGRES_TEMPLATE_ENV } from '#server/testing/db-template';

export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

export interface HarnessAccount {
  userId: string;
  email: string;
  password: string;
  authenticator: TestAuthenticator | null;
}

export interface Harness {
  server: RunningServer;
  url: string;
  browser: Browser;
  dataDir: string;
  /**
   * An account made directly; staff whose permissions require two-factor sign-in have set it up
   * (`twoFactor: false` for one who has not yet), and `authenticator` makes their codes.
   */
  account(options?: { role?: Role; permissions?: Permission[]; fullName?: string; password?: string; phone?: string; twoFactor?: boolean }): Promise<HarnessAccount>;
  /** A fresh page in a fresh context (axe needs a page from browser.newContext()), failing on console errors. */
  page(options?: { width?: number; height?: number; reducedMotion?: boolean }): Promise<{ page: Page; consoleErrors: string[] }>;
  close(): Promise<void>;
}

/** A port free on 127.0.0.1 right now (the server binds it a moment later). */
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

/**
 * With TEST_DATABASE_URL (CI): a database of this file's own on that PostgreSQL, a copy of the one
 * migrated for the run (e2e/global-setup.ts), and how to drop it. Null without: the embedded database.
 */
async function postgresForFile(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const template = process.env[POSTGRES_TEMPLATE_ENV];
  if (!adminUrl) return null;
  if (!template) throw new Error('TEST_DATABASE_URL is set, but no template database was made (e2e/global-setup.ts)');
  const name = `sahay_e2e_${crypto.randomBytes(6).toString('hex')}`;
  const withAdmin = async (fn: (client: pg.Client) => Promise<unknown>) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await fn(client);
    } finally {
      await client.end();
    }
  };
  await withAdmin((client) => copyPostgresTemplate(client, name, template));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)) };
}

/**
 * The real server (in-process jobs) on a free port, and Debian's Chromium. Its database is the
 * embedded one, or with TEST_DATABASE_URL (CI) PostgreSQL, as in production (docs/decisions/085).
 * `vitalsSampleRate`: the share of visits that report Core Web Vitals (none unless a suite asks).
 * `now`: the server's clock (the real one unless a suite gives its own).
 * `env`: more configuration variables (the payment gateway's keys and address).
 */
export async function startHarness(options: { vitalsSampleRate?: number; now?: () => Date; env?: Record<string, string> } = {}): Promise<Harness> {
  if (!fs.existsSync(path.join(WEB_DIST_DIR, 'server', 'entry-server.js'))) throw new Error('Build the web app first: npm run build');
  if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium`);
  // A worker runs file after file with this module (e2e/vitest.config.ts): an earlier file's sessions
  // belong to its server, not this one.
  kept.cookies.clear();
  kept.tokens.clear();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahay-e2e-'));
  // The port is chosen first, so that links the server writes into mails and PDFs (PUBLIC_URL) open.
  const port = await freePort();
  const postgres = await postgresForFile();
  const config = loadConfig({
    ...options.env,
    // Five connections at most: the server suite runs beside on the same PostgreSQL (.ci/run), whose
    // 100 connections are shared by every test file's database.
    ...(postgres ? { DATABASE_URL: postgres.url, DATABASE_POOL_SIZE: '5' } : {}),
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SAHAY_DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_VITALS_SAMPLE_RATE: String(options.vitalsSampleRate ?? 0),
  });
  // The embedded database's directory starts as a copy of one migrated once per run (e2e/global-setup.ts,
  // docs/decisions/045): the server then finds every migration applied, instead of applying them all
  // for each file. It is still the server's own on-disk database, opened and checked as at any start.
  if (config.database.kind === 'pglite') await (await openPglite(config.database.dir, { loadDataDir: await pgliteTemplateDump() })).close();
  // `now`: the server's clock, for a suite that must move it (a girl who grows up, say); the real one otherwise.
  const server = await startServer(config, pino({ level: 'silent' }), options.now ? { now: options.now } : {}).catch(async (error: unknown) => {
    await postgres?.drop();
    throw error;
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS, headless: true });
  const url = server.url.replace('localhost', '127.0.0.1');
  return {
    server,
    url,
    browser,
    dataDir,
    async account(options = {}) {
      const email = `${crypto.randomBytes(5).toString('hex')}@example.org`;
      const password = options.password ?? 'correct horse battery';
      const role = options.role ?? 'member';
      const userId = await createAccount(
        server.services,
        {
          role,
          permissions: options.permissions ?? (role === 'admin' ? [...PERMISSIONS] : []),
          password,
          fullName: options.fullName ?? 'Ramesh Kumar',
          email,
          phone: options.phone ?? '9876543210',
          address: '1 Test Road',
          city: 'Jaipur',
          state: 'Rajasthan',
        },
        { actor: 'system', correlationId: crypto.randomUUID() },
      );
      const permissions = options.permissions ?? (role === 'admin' ? [...PERMISSIONS] : []);
      const authenticator = options.twoFactor !== false && requiresTwoFactor({ role, permissions }) ? await enrolTwoFactor(server.services, userId) : null;
      return { userId, email, password, authenticator };
    },
    async page(options = {}) {
      const context = await browser.newContext({
        viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
        reducedMotion: options.reducedMotion ? 'reduce' : 'no-preference',
        baseURL: url,
      });
      // Playwright's 30 s for an action or a navigation ran out in a CI-shaped run on a loaded host
      // (a sign-in's navigation); the limit ends a hang, it does not time the page.
      context.setDefaultTimeout(60_000);
      const page = await context.newPage();
      const consoleErrors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
      page.on('pageerror', (error) => consoleErrors.push(error.message));
      return { page, consoleErrors };
    },
    async close() {
      await browser.close();
      await server.close();
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** axe: no serious or critical violation. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(
    bad.map((violation) => `${label}: ${violation.id} (${violation.impact}) ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** axe: no violation of any impact (the public pages aim for none). */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  expect(results.violations.map((violation) => `${label}: ${violation.id} (${violation.impact}) ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * Each row of the table is a card: the column headings are hidden, every cell is labelled with its
 * column's heading, lies within the screen and shows all of its text (wrapped, never clipped).
 */
export async function cardsOf(page: Page, testId: string): Promise<{ headingsShown: boolean; cells: { label: string; text: string; fits: boolean; isGrid: boolean }[] }> {
  return page.getByTestId(testId).evaluate((table) => {
    const head = table.querySelector('thead')!.getBoundingClientRect();
    const cells = [...table.querySelectorAll('tbody td')].map((cell) => {
      const box = cell.getBoundingClientRect();
      return {
        label: cell.getAttribute('data-label') ?? '',
        text: (cell.textContent ?? '').trim(),
        fits: box.left >= 0 && box.right <= document.documentElement.clientWidth && cell.scrollWidth <= cell.clientWidth,
        isGrid: getComputedStyle(cell).display === 'grid',
      };
    });
    return { headingsShown: head.width > 1 && head.height > 1, cells };
  });
}

/** The page does not scroll sideways: nothing is wider than the viewport (the 360 px checks). */
export async function expectNoSideScroll(page: Page, label: string): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
  expect(scrollWidth, label).toBeLessThanOrEqual(clientWidth);
}

/** Waits until the client has hydrated (or rendered) the page: the app marks <html data-ready>. */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForSelector('html[data-ready]', { state: 'attached', timeout: 15_000 });
}

/** India's date (YYYY-MM-DD) `days` from today: negative for days ago. */
export function indiaDay(days = 0): string {
  return indiaToday(new Date(Date.now() + days * 86_400_000));
}

declare global {
  interface Window {
    /** What the page handed to the phone's share sheet (recordShares). */
    __shared?: ShareData[];
  }
}

/**
 * A phone's share sheet and clipboard for a page of `origin`: the clipboard may be read, and what
 * the page shares is recorded instead of opening a sheet (sharedSoFar), so a test sees what Refer
 * or Share handed over.
 */
export async function recordShares(page: Page, origin: string): Promise<void> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  await page.addInitScript(() => {
    const shared: ShareData[] = [];
    window.__shared = shared;
    Object.defineProperty(navigator, 'share', { value: async (data: ShareData) => void shared.push(data), configurable: true });
  });
}

/** What the page has shared so far, oldest first (recordShares). */
export function sharedSoFar(page: Page): Promise<ShareData[]> {
  return page.evaluate(() => window.__shared ?? []);
}

/**
 * Sessions this file's sign-ins made, by account: an admin may use each 30 s step's code once (the
 * server refuses it again), so a test that signs one admin in again would wait up to half a minute
 * for a fresh code. A later signIn or tokenFor of the same account takes the session it made while
 * the server still answers to it (identity.me names the account), and signs in afresh when it does
 * not (signed out, suspended, another server). Each account's first sign-in still goes through the
 * form, and the tests about signing in fill the form in themselves.
 */
const kept = {
  cookies: new Map<string, Cookie>(),
  tokens: new Map<string, string>(),
};

/** Whether the server answers identity.me with `userId` for this session (the page context's cookie). */
async function isPageSessionOf(page: Page, userId: string): Promise<boolean> {
  const response = await page.request.get('/trpc/identity.me', { headers: { 'x-sahay-csrf': '1' } });
  if (!response.ok()) return false;
  return ((await response.json()) as { result?: { data?: { userId?: string } | null } }).result?.data?.userId === userId;
}

/** Signs in through /admin-login (or /login for a member) and waits for the dashboard; a second time, see `kept`. */
export async function signIn(page: Page, account: { userId: string; password: string; authenticator?: TestAuthenticator | null }, as: 'admin' | 'member' = 'admin'): Promise<void> {
  const dashboard = as === 'admin' ? '/admin/dashboard' : '/dashboard';
  const key = `${as} ${account.userId}`;
  const cookie = kept.cookies.get(key);
  if (cookie) {
    await page.context().addCookies([cookie]);
    if (await isPageSessionOf(page, account.userId)) {
      await page.goto(dashboard);
      await page.waitForURL(`**${dashboard}`);
      return;
    }
    await page.context().clearCookies({ name: SESSION_COOKIE });
    kept.cookies.delete(key);
  }
  if (as === 'admin') {
    await page.goto('/admin-login');
    await waitForApp(page);
    await page.getByLabel('User ID or e-mail').fill(account.userId);
  } else {
    await page.goto('/login');
    await waitForApp(page);
    await page.getByRole('textbox', { name: 'User ID' }).fill(account.userId);
  }
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  if (account.authenticator) await page.getByLabel('Authenticator code').fill(await waitForSignInCode(account.authenticator));
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL(`**${dashboard}`);
  const session = (await page.context().cookies()).find((candidate) => candidate.name === SESSION_COOKIE);
  if (session) kept.cookies.set(key, session);
}

/** A bearer token for REST and tRPC calls made by the test itself: the account's last one while it still works (see `kept`). */
export async function tokenFor(harness: Harness, account: { userId: string; password: string; authenticator?: TestAuthenticator | null }): Promise<string> {
  const key = `${harness.url} ${account.userId}`;
  const token = kept.tokens.get(key);
  if (token) {
    const me = await callProcedure(harness, 'identity.me', { token });
    if ((me.body.result?.data as { userId?: string } | null | undefined)?.userId === account.userId) return token;
    kept.tokens.delete(key);
  }
  const totpCode = account.authenticator ? await waitForSignInCode(account.authenticator) : undefined;
  const response = await fetch(`${harness.url}/api/users/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ userId: account.userId, password: account.password, totpCode }),
  });
  const fresh = ((await response.json()) as { token: string }).token;
  if (fresh) kept.tokens.set(key, fresh);
  return fresh;
}

/** Calls a tRPC procedure over HTTP as the server's clients do; returns the status and the JSON. */
export async function callProcedure(
  harness: Harness,
  procedure: string,
  options: { input?: unknown; token?: string; kind?: 'query' | 'mutation' } = {},
): Promise<{ status: number; body: { result?: { data: unknown }; error?: { message: string } } }> {
  const headers: Record<string, string> = { 'x-sahay-csrf': '1' };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const isQuery = (options.kind ?? 'query') === 'query';
  const query = isQuery && options.input !== undefined ? `?input=${encodeURIComponent(JSON.stringify(options.input))}` : '';
  const response = await fetch(`${harness.url}/trpc/${procedure}${query}`, {
    method: isQuery ? 'GET' : 'POST',
    headers: isQuery ? headers : { ...headers, 'Content-Type': 'application/json' },
    body: isQuery ? undefined : JSON.stringify(options.input ?? null),
  });
  return { status: response.status, body: (await response.json()) as { result?: { data: unknown }; error?: { message: string } } };
}
