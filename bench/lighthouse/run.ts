/**
 * `npm run bench:lighthouse` (after `npm run build`) — Lighthouse 12 on the real server, as a phone
 * on a slow network sees the public site: mobile emulation and simulated throttling (Lighthouse's
 * defaults), Debian's Chromium (CHROME_PATH, default /usr/bin/chromium) in a fresh profile per
 * page. Prints the four category scores with LCP, TBT, CLS and the bytes transferred (all, and
 * JavaScript) for /, /KanyadanYojna and /contact, and writes the full reports to bench/out/.
 * Not a test: nothing here passes or fails.
 *
 *   npm run bench:lighthouse -- [--runs N] [--calibrate-cpu] [/path …]
 *
 * Default: 3 runs a page, each figure's median over the runs (and every run's score, LCP and TBT
 * listed below the table), Lighthouse's own mobile settings (4x CPU
 * slowdown). --calibrate-cpu first measures this machine (Lighthouse's benchmark index) and sets
 * the CPU slowdown as Lighthouse's throttling guide does for it (4x at an index of ~1500, less on a
 * slower or busier machine), so a crowded CI box does not read as a slow phone. The figures are
 * then labelled as calibrated; the default figures are the ones to quote.
 *
 * The server runs in this process on an embedded database in a temporary folder, as in the
 * browser tests (e2e/harness.ts), with its public URL set to the address Lighthouse opens, so the
 * canonical and hreflang links point where they should. Each page is requested once before the
 * runs, so they measure a warm server, as visitors meet it. Simulated throttling scales what the
 * page's main thread did on this machine: on a busy machine TBT reads high; several runs help.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import pino from 'pino';
import { WEB_DIST_DIR } from '#server/app';
import { loadConfig } from '#server/config';
import { startServer } from '#server/server';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const OUT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../out');

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

interface Figures {
  path: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  totalBytes: number;
  scriptBytes: number;
  fontBytes: number;
  requests: number;
  /** Audits that did not pass, by category, to see what a score below 100 is made of. */
  failing: string[];
  /** Lighthouse's measure of this machine's speed: below ~1000 its CPU-based figures (TBT) run high. */
  benchmarkIndex: number;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function figuresOf(pagePath: string, lhr: Lhr): Figures {
  const audit = (id: string) => lhr.audits[id];
  const items = (audit('resource-summary')?.details as { items?: Array<{ resourceType: string; transferSize: number; requestCount: number }> } | undefined)?.items ?? [];
  const bytesOf = (type: string) => items.find((item) => item.resourceType === type)?.transferSize ?? 0;
  const failing: string[] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const result = lhr.audits[ref.id];
      if (ref.weight > 0 && result && result.score !== null && result.score < 1) failing.push(`${category}: ${ref.id} (${Math.round(result.score * 100)}) ${result.displayValue ?? ''}`.trim());
    }
  }
  return {
    path: pagePath,
    scores: Object.fromEntries(CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)])) as Figures['scores'],
    lcpMs: audit('largest-contentful-paint')?.numericValue ?? Number.NaN,
    tbtMs: audit('total-blocking-time')?.numericValue ?? Number.NaN,
    cls: audit('cumulative-layout-shift')?.numericValue ?? Number.NaN,
    totalBytes: audit('total-byte-weight')?.numericValue ?? bytesOf('total'),
    scriptBytes: bytesOf('script'),
    fontBytes: bytesOf('font'),
    requests: items.find((item) => item.resourceType === 'total')?.requestCount ?? 0,
    failing,
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
  };
}

/**
 * The CPU slowdown that makes this machine behave like Lighthouse's reference phone, after
 * Lighthouse's throttling guide (docs/throttling.md, "calibrating"): 3x at an index of 1300 and
 * 1x more per 233 above it; 2x to 3x between 800 and 1300; 1x to 2x between 150 and 800.
 */
export function calibratedSlowdown(benchmarkIndex: number): number {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return Math.max(1, 1 + (benchmarkIndex - 150) / 650);
}

let cpuSlowdownMultiplier: number | undefined;

async function auditOnce(url: string, pagePath: string, run: number): Promise<Figures> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      ...(cpuSlowdownMultiplier ? { throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier } } : {}),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const name = pagePath.replace(/[^a-zA-Z0-9]+/g, '-').replace(/^-|-$/g, '') || 'home';
    fs.writeFileSync(path.join(OUT_DIR, `lighthouse-${name}-${run}.json`), JSON.stringify(result.lhr, null, 1));
    if (result.lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${result.lhr.runtimeError.message}`);
    return figuresOf(pagePath, result.lhr);
  } finally {
    await chrome.kill();
  }
}

/** Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART): up to three more tries. */
async function audit(url: string, pagePath: string, run: number): Promise<Figures> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await auditOnce(url, pagePath, run);
    } catch (error) {
      if (attempt > 3) throw error;
      console.error(`(retrying ${pagePath}: ${error instanceof Error ? error.message : String(error)})`);
    }
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Each figure's median over the runs (not one run's figures: a score and its timings can come from different runs). */
function medianFigures(attempts: Figures[]): Figures {
  const of = (pick: (figures: Figures) => number) => median(attempts.map(pick));
  return {
    path: attempts[0]!.path,
    scores: Object.fromEntries(CATEGORIES.map((category) => [category, of((figures) => figures.scores[category])])) as Figures['scores'],
    lcpMs: of((figures) => figures.lcpMs),
    tbtMs: of((figures) => figures.tbtMs),
    cls: of((figures) => figures.cls),
    totalBytes: of((figures) => figures.totalBytes),
    scriptBytes: of((figures) => figures.scriptBytes),
    fontBytes: of((figures) => figures.fontBytes),
    requests: of((figures) => figures.requests),
    failing: [...new Set(attempts.flatMap((figures) => figures.failing))],
    benchmarkIndex: Math.round(of((figures) => figures.benchmarkIndex)),
  };
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(WEB_DIST_DIR, 'server', 'entry-server.js'))) throw new Error('Build the web app first: npm run build');
  const runs = Math.max(1, Number(argument('--runs') ?? 3));
  const paths = process.argv.slice(2).filter((value, index, all) => value.startsWith('/') && all[index - 1] !== '--runs');
  const isCalibrated = process.argv.includes('--calibrate-cpu');
  const pages = paths.length > 0 ? paths : ['/', '/KanyadanYojna', '/contact'];
  fs.mkdirSync(OUT_DIR, { recursive: true });

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahay-lighthouse-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    SAHAY_DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // As in production by default (a tenth of visits measure themselves); WEB_VITALS_SAMPLE_RATE=0 to compare without.
    WEB_VITALS_SAMPLE_RATE: process.env.WEB_VITALS_SAMPLE_RATE,
  });
  const server = await startServer(config, pino({ level: 'silent' }));
  console.log(`Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version} on ${origin}, mobile, simulated throttling, ${runs} run(s) per page\n`);

  try {
    for (const pagePath of pages) await fetch(`${origin}${pagePath}`, { headers: { 'Accept-Encoding': 'br' } }).then((response) => response.arrayBuffer());
    if (isCalibrated) {
      const probe = await audit(`${origin}${pages[0]}`, pages[0]!, 0);
      cpuSlowdownMultiplier = Math.round(calibratedSlowdown(probe.benchmarkIndex) * 10) / 10;
      console.log(`Calibrated: benchmark index ${probe.benchmarkIndex} -> CPU slowdown ${cpuSlowdownMultiplier}x (Lighthouse's default is 4x)\n`);
    }
    const results: Figures[] = [];
    const spreads: string[] = [];
    for (const pagePath of pages) {
      const attempts: Figures[] = [];
      for (let run = 1; run <= runs; run += 1) attempts.push(await audit(`${origin}${pagePath}`, pagePath, run));
      results.push(medianFigures(attempts));
      if (runs > 1) spreads.push(`${pagePath}: performance ${attempts.map((a) => a.scores.performance).join(' ')}; LCP ${attempts.map((a) => (a.lcpMs / 1000).toFixed(2)).join(' ')} s; TBT ${attempts.map((a) => Math.round(a.tbtMs)).join(' ')} ms`);
    }
    const header = ['page', 'perf', 'a11y', 'best', 'seo', 'LCP', 'TBT', 'CLS', 'transferred', 'of it JS', 'fonts', 'requests', 'machine'];
    const rows = results.map((figures) => [
      figures.path,
      String(figures.scores.performance),
      String(figures.scores.accessibility),
      String(figures.scores['best-practices']),
      String(figures.scores.seo),
      `${(figures.lcpMs / 1000).toFixed(2)} s`,
      `${Math.round(figures.tbtMs)} ms`,
      figures.cls.toFixed(3),
      kib(figures.totalBytes),
      kib(figures.scriptBytes),
      kib(figures.fontBytes),
      String(figures.requests),
      String(figures.benchmarkIndex),
    ]);
    const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
    for (const row of [header, ...rows]) console.log(row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  '));
    if (spreads.length > 0) console.log(`\nEach run:\n  ${spreads.join('\n  ')}`);
    for (const figures of results) {
      if (figures.failing.length > 0) console.log(`\n${figures.path} — audits below 100 (in any run):\n  ${figures.failing.join('\n  ')}`);
    }
    console.log(`\n"machine" is Lighthouse's benchmark index of this computer during the run; below about 1000 (a busy or slow machine) the`);
    console.log('simulated CPU figures, TBT above all, read higher than a phone would see.');
    console.log(`Full reports: ${path.relative(process.cwd(), OUT_DIR)}/lighthouse-*.json`);
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
