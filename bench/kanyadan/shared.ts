/** What run.ts and its two child processes (server.ts, worker.ts) share. */
import fs from 'node:fs';
import pg from 'pg';
import pino, { type Logger } from 'pino';
import { benchDatabaseName } from '../database-name.ts';

/** The nearest-rank percentile of sorted values. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** VmHWM (peak resident set) and VmRSS of a process from /proc, in bytes; null where /proc is absent. */
export function procMemory(pid: number): { peakRssBytes: number; rssBytes: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
    return { peakRssBytes: kib('VmHWM') * 1024, rssBytes: kib('VmRSS') * 1024 };
  } catch {
    return null;
  }
}

const CLOCK_TICKS_PER_SECOND = 100;

/**
 * CPU seconds a process has used (user + system), with those of its children it has waited for
 * (qpdf runs as a child process), from /proc/<pid>/stat; null where /proc is absent. Counts every
 * thread, so libvips's threads are in.
 */
export function procCpuSeconds(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name in parentheses, starting at field 3 (state).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const at = (field: number) => Number(fields[field - 3]);
    return (at(14) + at(15) + at(16) + at(17)) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** The machine's CPU time so far, busy and all, in seconds summed over CPUs (/proc/stat). */
export function machineCpu(): { busy: number; total: number } | null {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    const values = line.trim().split(/\s+/).slice(1, 9).map(Number);
    const total = values.reduce((sum, value) => sum + value, 0);
    const idle = values[3]! + values[4]!;
    return { busy: (total - idle) / CLOCK_TICKS_PER_SECOND, total: total / CLOCK_TICKS_PER_SECOND };
  } catch {
    return null;
  }
}

/** Peak figures of process.memoryUsage(), sampled every 50 ms by the child itself. */
export interface MemoryPeaks {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

export function sampleMemory(): { peaks: MemoryPeaks; stop(): void } {
  const peaks: MemoryPeaks = { rss: 0, heapUsed: 0, external: 0, arrayBuffers: 0 };
  const sample = () => {
    const usage = process.memoryUsage();
    peaks.rss = Math.max(peaks.rss, usage.rss);
    peaks.heapUsed = Math.max(peaks.heapUsed, usage.heapUsed);
    peaks.external = Math.max(peaks.external, usage.external);
    peaks.arrayBuffers = Math.max(peaks.arrayBuffers, usage.arrayBuffers);
  };
  sample();
  const timer = setInterval(sample, 50);
  timer.unref();
  return {
    peaks,
    stop() {
      sample();
      clearInterval(timer);
    },
  };
}

/** The children log warnings and errors as JSON lines on stderr; run.ts collects and summarises them. */
export function childLogger(name: string): Logger {
  return pino({ level: process.env.BENCH_CHILD_LOG_LEVEL ?? 'warn', base: { process: name } }, pino.destination(2));
}

/** Messages from a child to run.ts (over the IPC channel). */
export type ChildMessage =
  | { type: 'ready'; port?: number; pid: number }
  | { type: 'stats'; stats: ServerStats | WorkerStats };

export interface ServerStats {
  kind: 'server';
  memory: MemoryPeaks;
  /** Responses by status code, counted by the server itself. */
  responses: Record<string, number>;
}

export interface HandlerStats {
  jobs: number;
  failures: number;
  /** Epoch ms of the first job's start and the last job's end. */
  firstStartMs: number | null;
  lastEndMs: number | null;
  durationsMs: number[];
}

export interface WorkerStats {
  kind: 'worker';
  memory: MemoryPeaks;
  /** Epoch ms when the worker had its services and had started the relay, projections and queue worker. */
  readyAtMs: number;
  handlers: Record<string, HandlerStats>;
}

/** Read from the environment the parent gives a child; a missing one is the parent's bug. */
export function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (run.ts sets it)`);
  return value;
}

/**
 * How an npm script (`worker`, `serve`) starts Node, read from package.json so that a bench runs the
 * process as production does: the Node flags, and the settings it puts in the environment
 * (`NAME=${NAME:-default}`: the environment's value, else the default).
 */
export function npmScriptLaunch(scriptName: string): { flags: string[]; env: Record<string, string> } {
  const packageJson = new URL('../../package.json', import.meta.url);
  const script = (JSON.parse(fs.readFileSync(packageJson, 'utf8')) as { scripts: Record<string, string> }).scripts[scriptName];
  if (!script) throw new Error(`package.json has no script ${scriptName}`);
  const withDefaults = (text: string) => text.replace(/\$\{(\w+):-([^}]*)\}/g, (_, name: string, fallback: string) => process.env[name] ?? fallback);
  const words = script.split('&&').at(-1)!.trim().split(/\s+/);
  const env = Object.fromEntries(words.filter((word) => /^[A-Z_]+=/.test(word)).map((word) => [word.slice(0, word.indexOf('=')), withDefaults(word.slice(word.indexOf('=') + 1))]));
  const flags = words.filter((word) => word.startsWith('--')).map(withDefaults);
  return { flags, env };
}

/** A fresh database for one bench run (`<BENCH_DATABASE_PREFIX, default sahay_bench>_<label>_<random>`), made through the admin URL; dropped by the bench. */
export async function createBenchDatabase(adminUrl: string, label: string): Promise<{ name: string; url: URL; version: string }> {
  const name = benchDatabaseName(label);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const version = (await admin.query<{ server_version: string }>('SHOW server_version')).rows[0]!.server_version;
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return { name, url, version };
  } finally {
    await admin.end();
  }
}

/**
 * Times `run` `samples` times after `warmup` unmeasured runs (each call gets the next index, from 0)
 * and prints the label with p50 and p99: the one way the benchmarks report a timing.
 */
export async function timeRuns(
  label: string,
  samples: number,
  run: (index: number) => unknown,
  options: { warmup?: number; labelWidth?: number } = {},
): Promise<void> {
  const warmup = Math.min(options.warmup ?? 10, samples);
  for (let index = 0; index < warmup; index++) await run(index);
  const durations: number[] = [];
  for (let index = 0; index < samples; index++) {
    const started = performance.now();
    await run(warmup + index);
    durations.push(performance.now() - started);
  }
  durations.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(options.labelWidth ?? 72)} p50 ${percentile(durations, 50).toFixed(2).padStart(7)} ms   p99 ${percentile(durations, 99).toFixed(2).padStart(7)} ms   (${samples} runs)`,
  );
}

/** Drops a database createBenchDatabase made, whatever is still connected to it. */
export async function dropBenchDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
