/**
 * `npm run bench:uploads` — issue 29: many families sending camera photos at the same moment must
 * not bring any process near its heap limit, and no application may be lost.
 *
 * 20 Kanyadan applications are sent at once, each with four 13-megapixel phone photos of about 5 MB
 * (4160 × 3120, JPEG quality 92, generated at start; nothing big is kept in the repository), each
 * family from an address of its own (X-Forwarded-For; TRUST_PROXY). A 503 from the form gate (more
 * forms in flight than it admits) is sent again after its Retry-After with the same Idempotency-Key,
 * as the form does. Then it waits until every document is processed and prints, per process, the
 * peak RSS and the peak V8 heap against the heap cap (`--max-old-space-size` of `npm run serve` /
 * `npm run worker`), measured inside each process (bench/uploads/memory-probe.mjs).
 *
 * Two layouts:
 *   - embedded (always): `npm run serve`'s process on the embedded database, jobs in the same process;
 *   - PostgreSQL + worker (when BENCH_DATABASE_URL, an admin URL, and REDIS_URL are set): the server
 *     and `npm run worker`'s process on a fresh database made for the run (dropped after), on Redis.
 *     Use a Redis database of its own (redis://host:6379/9): the processes use BullMQ's default prefix.
 *
 *   npm run bench:uploads
 *   npm run bench:uploads -- --applications 5 --photos 2     # smaller
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379/9 npm run bench:uploads -- --layout postgres
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openPglite } from '#server/db/pglite';
import { phonePhoto } from '#server/uploads/phone-photo.test-helper';
import { bundleWorker, SERVER_BUNDLE, SERVER_ENTRY, WORKER_BUNDLE, WORKER_ENTRY } from '../../worker/src/bundle.ts';
import { createBenchDatabase, dropBenchDatabase, npmScriptLaunch, procCpuSeconds, procMemory } from '../kanyadan/shared.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PROBE = path.join(ROOT, 'bench/uploads/memory-probe.mjs');
const DOCUMENT_FIELDS = ['girlAadhaar', 'fatherAadhaar', 'birthCertificate', 'photo'] as const;
const MiB = 1024 * 1024;

const { values: args } = parseArgs({
  options: {
    applications: { type: 'string', default: '20' },
    /** How many distinct photos the four documents of every application cycle through. */
    photos: { type: 'string', default: '4' },
    layout: { type: 'string', default: 'all' },
    'settle-seconds': { type: 'string', default: '600' },
  },
});
const APPLICATIONS = Number(args.applications);
const PHOTOS = Math.min(4, Number(args.photos));

interface Peaks {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  heapLimit: number;
}

interface Proc {
  name: string;
  child: ChildProcess;
  probeFile: string;
  output: () => string;
  exit: Promise<number | null>;
}

function startProcess(name: string, script: 'serve' | 'worker', bundle: string, env: Record<string, string>, ready: RegExp, dir: string): { proc: Proc; ready: Promise<string> } {
  const launch = npmScriptLaunch(script);
  const probeFile = path.join(dir, `${name}-memory.json`);
  const child = spawn(process.execPath, [...launch.flags, '--import', PROBE, bundle], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), ...launch.env, ...env, SAHAY_MEMORY_PROBE: probeFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? -1 : null))));
  const readyAt = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.length > 200_000) output = output.slice(-100_000);
      const match = ready.exec(output);
      if (match) resolve(match[1] ?? '');
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exit.then(() => reject(new Error(`${name} exited before it was ready:\n${output.slice(-3000)}`)));
  });
  return { proc: { name, child, probeFile, output: () => output, exit }, ready: readyAt };
}

function readPeaks(proc: Proc): Peaks | null {
  try {
    return JSON.parse(fs.readFileSync(proc.probeFile, 'utf8')) as Peaks;
  } catch {
    return null;
  }
}

/** The text fields of one family's application: a girl of 8, a name and phone of its own. */
function fieldsOf(index: number, runId: string): Record<string, string> {
  const letters = (Number.parseInt(runId, 16) * 100 + index).toString(26).replace(/[0-9]/g, (digit) => String.fromCharCode(97 + Number(digit) + 16));
  return {
    girlName: `Asha ${letters}`,
    fatherName: 'Ramesh Kumar',
    motherName: 'Sita Devi',
    dob: '2018-03-15',
    phone: `9${String((Number.parseInt(runId, 16) + index * 7919) % 1_000_000_000).padStart(9, '0')}`,
    gender: 'female',
    schoolName: 'Government Primary School',
    schoolAddress: 'Ward 4',
    className: '2',
    district: 'Jaipur',
    state: 'rajasthan',
    caste: 'not-stated',
    guardianName: 'Ramesh Kumar',
    guardianRelation: 'father',
    consent: 'true',
  };
}

/** One POST of the form, written part by part from the shared photo buffers (no body is built whole). */
function post(port: number, fields: Record<string, string>, photos: Buffer[], key: string, ip: string): Promise<{ status: number; body: string; retryAfter: number | null }> {
  const boundary = `----sahay-bench-${crypto.randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  DOCUMENT_FIELDS.forEach((field, i) => {
    const photo = photos[i % photos.length]!;
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="IMG_${1000 + i}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`), photo, Buffer.from('\r\n'));
  });
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const length = parts.reduce((sum, part) => sum + part.length, 0);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/kanyadan/applications',
        headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': length, 'Idempotency-Key': key, 'X-Forwarded-For': ip, Accept: 'application/json' },
      },
      (res) => {
        const body: Buffer[] = [];
        res.on('data', (chunk: Buffer) => body.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(body).toString('utf8'), retryAfter: res.headers['retry-after'] ? Number(res.headers['retry-after']) : null }));
        res.on('error', reject);
      },
    );
    req.setTimeout(300_000, () => req.destroy(new Error('no answer in 300 s')));
    req.on('error', reject);
    for (const part of parts) req.write(part);
    req.end();
  });
}

interface Outcome {
  regNo: string | null;
  attempts: number;
  status: number;
  error: string | null;
  ms: number;
}

async function sendAll(port: number, photos: Buffer[], runId: string): Promise<Outcome[]> {
  return Promise.all(
    Array.from({ length: APPLICATIONS }, async (_, index): Promise<Outcome> => {
      const key = crypto.randomUUID();
      const ip = `10.29.${Math.floor(index / 250)}.${(index % 250) + 1}`;
      const started = performance.now();
      let attempts = 0;
      for (;;) {
        attempts += 1;
        try {
          const answer = await post(port, fieldsOf(index, runId), photos, key, ip);
          if (answer.status === 201) return { regNo: (JSON.parse(answer.body) as { regNo: string }).regNo, attempts, status: 201, error: null, ms: performance.now() - started };
          if (answer.status === 503 && attempts < 20) {
            await new Promise((resolve) => setTimeout(resolve, (answer.retryAfter ?? 5) * 1000));
            continue;
          }
          return { regNo: null, attempts, status: answer.status, error: answer.body.slice(0, 300), ms: performance.now() - started };
        } catch (error) {
          return { regNo: null, attempts, status: 0, error: (error as Error).message, ms: performance.now() - started };
        }
      }
    }),
  );
}

/** Until the process has used under 0.3 s of CPU in 3 s (its jobs are done; idle timers remain), or the time is up. */
async function settle(pid: number, seconds: number): Promise<void> {
  const until = Date.now() + seconds * 1000;
  let last = procCpuSeconds(pid) ?? 0;
  while (Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const now = procCpuSeconds(pid) ?? 0;
    if (now - last < 0.3) return;
    last = now;
  }
}

function mib(bytes: number | undefined): string {
  return bytes === undefined || !Number.isFinite(bytes) ? '?' : `${(bytes / MiB).toFixed(0)} MiB`;
}

function printProcess(proc: Proc, peaks: Peaks | null, hwm: number | null): void {
  if (!peaks) return console.log(`  ${proc.name.padEnd(8)} no memory figures (the probe wrote none)`);
  const heapShare = ((peaks.heapUsed / peaks.heapLimit) * 100).toFixed(0);
  // heapLimit is V8's whole heap limit: --max-old-space-size plus the young generation (3 × --max-semi-space-size).
  console.log(
    `  ${proc.name.padEnd(8)} peak heap ${mib(peaks.heapUsed)} of its ${mib(peaks.heapLimit)} limit (${heapShare} %)   peak RSS ${mib(Math.max(peaks.rss, hwm ?? 0))}   peak Buffers ${mib(peaks.arrayBuffers)}`,
  );
}

function printOutcomes(outcomes: Outcome[], documentsReady: number | null, wallMs: number): boolean {
  const accepted = outcomes.filter((outcome) => outcome.regNo);
  const retried = outcomes.filter((outcome) => outcome.attempts > 1).length;
  const times = accepted.map((outcome) => outcome.ms).sort((a, b) => a - b);
  console.log(
    `  ${accepted.length}/${outcomes.length} applications accepted (${retried} after the form gate's 503)${times.length ? `, answered in ${(times[0]! / 1000).toFixed(1)}–${(times.at(-1)! / 1000).toFixed(1)} s` : ''}; sent and processed in ${(wallMs / 1000).toFixed(0)} s`,
  );
  for (const failed of outcomes.filter((outcome) => !outcome.regNo)) console.log(`  LOST: status ${failed.status} after ${failed.attempts} attempts: ${failed.error}`);
  const expected = accepted.length * DOCUMENT_FIELDS.length;
  console.log(`  documents processed: ${documentsReady ?? '?'} of ${expected}`);
  const none = accepted.length === outcomes.length && documentsReady === expected;
  console.log(`  ${none ? 'none lost' : 'SOMETHING LOST'}`);
  return none;
}

async function embedded(photos: Buffer[], runId: string): Promise<boolean> {
  console.log(`\nEmbedded database (npm run serve: one process, jobs in it)`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahay-bench-uploads-'));
  try {
    const { proc, ready } = startProcess('server', 'serve', SERVER_BUNDLE, { PORT: '0', HOST: '127.0.0.1', SAHAY_DATA_DIR: dir, TRUST_PROXY: 'true', LOG_LEVEL: 'warn' }, /Sahay is running at http:\/\/[^:]+:(\d+)/, dir);
    const port = Number(await ready);
    const started = performance.now();
    const outcomes = await sendAll(port, photos, runId);
    await settle(proc.child.pid!, Number(args['settle-seconds']));
    const wallMs = performance.now() - started;
    const hwm = procMemory(proc.child.pid!)?.peakRssBytes ?? null;
    const alive = proc.child.exitCode === null;
    if (!alive) console.log(`  THE SERVER DIED:\n${proc.output().slice(-2000)}`);
    proc.child.kill('SIGTERM');
    await proc.exit;
    printProcess(proc, readPeaks(proc), hwm);
    const db = await openPglite(path.join(dir, 'db'));
    let ready_ = 0;
    try {
      const regNos = outcomes.flatMap((outcome) => (outcome.regNo ? [outcome.regNo] : []));
      const { rows } = await db.query<{ ready: number }>(`SELECT coalesce(sum(documents_ready), 0)::int AS ready FROM kanyadan_applications WHERE reg_no = ANY($1::text[])`, [regNos]);
      ready_ = rows[0]!.ready;
    } finally {
      await db.close();
    }
    return printOutcomes(outcomes, ready_, wallMs) && alive;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function postgresAndWorker(photos: Buffer[], runId: string, adminUrl: string, redisUrl: string): Promise<boolean> {
  console.log(`\nPostgreSQL + worker (npm run serve and npm run worker on Redis ${new URL(redisUrl).host}${new URL(redisUrl).pathname})`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahay-bench-uploads-'));
  const bench = await createBenchDatabase(adminUrl, 'uploads');
  const procs: Proc[] = [];
  try {
    const env = { DATABASE_URL: bench.url.toString(), REDIS_URL: redisUrl, SAHAY_DATA_DIR: dir, TRUST_PROXY: 'true', LOG_LEVEL: 'info' };
    const server = startProcess('server', 'serve', SERVER_BUNDLE, { ...env, PORT: '0', HOST: '127.0.0.1' }, /Sahay is running at http:\/\/[^:]+:(\d+)/, dir);
    procs.push(server.proc);
    const port = Number(await server.ready);
    const worker = startProcess('worker', 'worker', WORKER_BUNDLE, env, /worker is running()/, dir);
    procs.push(worker.proc);
    await worker.ready;
    const started = performance.now();
    const outcomes = await sendAll(port, photos, runId);
    const regNos = outcomes.flatMap((outcome) => (outcome.regNo ? [outcome.regNo] : []));
    const client = new pg.Client({ connectionString: bench.url.toString() });
    await client.connect();
    let ready = 0;
    try {
      const until = Date.now() + Number(args['settle-seconds']) * 1000;
      while (Date.now() < until) {
        const { rows } = await client.query<{ ready: number }>(`SELECT coalesce(sum(documents_ready), 0)::int AS ready FROM kanyadan_applications WHERE reg_no = ANY($1::text[])`, [regNos]);
        ready = rows[0]!.ready;
        if (ready >= regNos.length * DOCUMENT_FIELDS.length) break;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    } finally {
      await client.end();
    }
    const wallMs = performance.now() - started;
    const hwms = procs.map((proc) => procMemory(proc.child.pid!)?.peakRssBytes ?? null);
    const alive = procs.every((proc) => proc.child.exitCode === null);
    for (const proc of procs) if (proc.child.exitCode !== null) console.log(`  THE ${proc.name.toUpperCase()} DIED:\n${proc.output().slice(-2000)}`);
    for (const proc of procs) proc.child.kill('SIGTERM');
    await Promise.all(procs.map((proc) => proc.exit));
    procs.forEach((proc, i) => printProcess(proc, readPeaks(proc), hwms[i]!));
    return printOutcomes(outcomes, ready, wallMs) && alive;
  } finally {
    for (const proc of procs) proc.child.kill('SIGKILL');
    await dropBenchDatabase(adminUrl, bench.name);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const runId = crypto.randomBytes(3).toString('hex');
await Promise.all([bundleWorker(SERVER_ENTRY, SERVER_BUNDLE), bundleWorker(WORKER_ENTRY, WORKER_BUNDLE)]);
const photos: Buffer[] = [];
for (let i = 0; i < PHOTOS; i++) {
  const photo = await phonePhoto({ width: 4160, height: 3120, noise: 12, seed: 100 + i });
  if (photo.bytes.length > 5 * MiB) throw new Error(`photo ${i} is ${photo.bytes.length} bytes, above the 5 MiB limit`);
  photos.push(photo.bytes);
}
console.log(
  `Sahay upload bench: ${APPLICATIONS} Kanyadan applications at once, each with 4 photos (${PHOTOS} distinct) of 4160×3120 (13 MP), JPEG quality 92, ${photos.map((photo) => (photo.length / 1e6).toFixed(2)).join(' / ')} MB; ${os.availableParallelism()} CPUs`,
);
let isOk = true;
if (args.layout === 'all' || args.layout === 'embedded') isOk = (await embedded(photos, runId)) && isOk;
const adminUrl = process.env.BENCH_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
if (args.layout === 'all' || args.layout === 'postgres') {
  if (adminUrl && redisUrl) isOk = (await postgresAndWorker(photos, runId, adminUrl, redisUrl)) && isOk;
  else console.log('\nPostgreSQL + worker: skipped (set BENCH_DATABASE_URL, an admin URL, and REDIS_URL)');
}
process.exitCode = isOk ? 0 : 1;
