/**
 * `npm run bench:donations` — donations on a real PostgreSQL (BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres). It creates its own database, measures, prints the
 * figures and drops the database again. Not a test: nothing here passes or fails.
 *
 *   1. Setup (not timed): BENCH_DONATIONS (default 10,000) online pledges, each with its proof (a
 *      UTR), through createDonation and submitProof, eight at a time.
 *   2. Verification through verifyDonation (the finance admin's command: fold the donation and its
 *      UTR's claim, take the year's serial lock, append to all three): the first 1,000 by one
 *      admin after another, the rest by BENCH_VERIFIERS (default 8) admins at once. Every
 *      verification of the year queues on the one serial stream (gap-free numbering), so the
 *      concurrent latency includes that wait. Prints verifications/s and p50/p99 of the command,
 *      then checks the serials: 1 … N, none twice.
 *   3. Receipts: a separate worker process (render-worker.ts, as `npm run worker` would run the jobs)
 *      runs the render-donation-receipt job — fold, reveal, draw the PDF, store it sealed, record
 *      ReceiptRendered, mail it to the outbox — for BENCH_RECEIPTS (default 1,000) verified donations,
 *      once one job at a time and once four at a time (BullMQ's worker concurrency), and reports
 *      receipts/s and the process's peak RSS. The worker runs from its bundle with the Node flags and
 *      malloc settings of `npm run worker`, as production runs it.
 *
 *   npm run bench:donations
 *   BENCH_DONATIONS=2000 BENCH_RECEIPTS=300 npm run bench:donations
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import pino from 'pino';
import { loadConfig } from '#server/config';
import { migrate } from '#server/db/migrate';
import { connectPostgres } from '#server/db/postgres';
import { createDonation, indiaDateOf, submitProof, verifyDonation } from '#server/modules/donations/donations.api';
import { ZCreateDonationRequestSchema } from '#server/modules/donations/giving/create-donation.schema';
import { createServices } from '#server/create-services';
import type { Services } from '#server/services';
import { bundleWorker } from '../../worker/src/bundle.ts';
import { benchDatabaseName } from '../database-name.ts';
import { npmScriptLaunch } from '../kanyadan/shared.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DONATIONS = Number(process.env.BENCH_DONATIONS ?? 10_000);
const SEQUENTIAL = Math.min(1_000, DONATIONS);
const VERIFIERS = Number(process.env.BENCH_VERIFIERS ?? 8);
const RECEIPTS = Number(process.env.BENCH_RECEIPTS ?? 1_000);
/** BENCH_SIGNED=1: a signing certificate and a signature image in force (issue 31), so every receipt is signed and carries the image. */
const SIGNED = process.env.BENCH_SIGNED === '1';
const SETUP_WRITERS = 8;
/** How `npm run worker` starts Node: its flags and malloc settings (BENCH_WORKER_NODE_FLAGS to try other flags). */
const WORKER_LAUNCH = npmScriptLaunch('worker');
const WORKER_NODE_FLAGS = process.env.BENCH_WORKER_NODE_FLAGS ? process.env.BENCH_WORKER_NODE_FLAGS.split(' ').filter(Boolean) : WORKER_LAUNCH.flags;
/** render-worker.ts, bundled as `npm run worker` bundles worker/src/main.ts (worker/src/bundle.ts). */
const WORKER_BUNDLE = fileURLToPath(new URL('../out/donations-render-worker.mjs', import.meta.url));
const here = path.dirname(fileURLToPath(import.meta.url));

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const meta = () => ({ actor: 'bench', correlationId: crypto.randomUUID(), ip: null });

/** Runs `work(index)` for 0 … count-1 with `writers` at a time; returns each call's duration in ms. */
async function inParallel(count: number, writers: number, work: (index: number) => Promise<unknown>): Promise<{ durations: number[]; ms: number }> {
  const durations: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async () => {
      while (next < count) {
        const index = next++;
        const t0 = performance.now();
        await work(index);
        durations.push(performance.now() - t0);
      }
    }),
  );
  return { durations: durations.sort((a, b) => a - b), ms: performance.now() - started };
}

function report(label: string, result: { durations: number[]; ms: number }): void {
  const { durations, ms } = result;
  const rate = Math.round((durations.length * 1000) / ms);
  console.log(
    `${label.padEnd(44)} ${String(rate).padStart(6)} verifications/s   p50 ${percentile(durations, 50).toFixed(2).padStart(6)} ms   p99 ${percentile(durations, 99)
      .toFixed(2)
      .padStart(6)} ms   (${durations.length.toLocaleString('en-IN')} in ${(ms / 1000).toFixed(1)} s)`,
  );
}

async function setUp(services: Services): Promise<string[]> {
  const references: string[] = new Array(DONATIONS);
  const started = performance.now();
  await inParallel(DONATIONS, SETUP_WRITERS, async (index) => {
    const email = `donor${index}@example.org`;
    const input = ZCreateDonationRequestSchema.parse({
      amountPaise: 500_00 + index,
      cause: 'general',
      donorName: `Bench Donor ${index}`,
      email,
      pan: 'ABCDE1234F',
      address: `${index} Bench Road, Patna`,
      showName: false,
    });
    const { reference } = await createDonation(services, input, null, meta());
    const canonical = reference.replace('-', '');
    await submitProof(services, { reference: canonical, contact: email, utr: String(400_000_000_000 + index) }, null, meta());
    references[index] = canonical;
  });
  console.log(`setup: ${DONATIONS.toLocaleString('en-IN')} pledges with proof in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return references;
}

async function verifyAll(services: Services, references: readonly string[]): Promise<void> {
  // Today in India: not before the pledges, not after the receipt's date.
  const receivedOn = indiaDateOf(new Date());
  const verify = (index: number) => verifyDonation(services, { reference: references[index]!, receivedOn, mode: 'upi' }, meta());
  console.log('');
  report('verify, one admin after another', await inParallel(SEQUENTIAL, 1, verify));
  if (DONATIONS > SEQUENTIAL) {
    report(`verify, ${VERIFIERS} admins at once`, await inParallel(DONATIONS - SEQUENTIAL, VERIFIERS, (index) => verify(SEQUENTIAL + index)));
  }

  // Every serial once, with no gap: the stream's version is the count, and each number appears once.
  const { rows: streams } = await services.db.query<{ stream_id: string; version: number }>(`SELECT stream_id, version FROM streams WHERE stream_id LIKE 'receipt-serials-%'`);
  const { rows } = await services.db.query<{ serials: number; distinct_serials: number; max: number }>(
    `SELECT count(*)::int AS serials, count(DISTINCT data->>'number')::int AS distinct_serials, max((data->>'number')::int) AS max
     FROM events WHERE type = 'ReceiptSerialAllocated'`,
  );
  const serials = rows[0]!;
  console.log(
    `serials: ${streams.map((stream) => `${stream.stream_id} at version ${stream.version}`).join(', ')}; ${serials.serials} allocated, ${serials.distinct_serials} distinct, highest ${serials.max}` +
      (streams.length === 1 && streams[0]!.version === DONATIONS && serials.serials === DONATIONS && serials.distinct_serials === DONATIONS && serials.max === DONATIONS
        ? ' — gap-free'
        : ' — NOT gap-free'),
  );
}

interface WorkerResult {
  receipts: number;
  concurrency: number;
  firstMs: number;
  ms: number;
  cpuMs: number;
  peakRssBytes: number;
  pdfBytes: number;
}

/** One worker process rendering `count` receipts from `offset` on; its figures come back as JSON on stdout. */
function renderInWorker(env: Record<string, string>, offset: number, count: number, concurrency: number): Promise<WorkerResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...WORKER_NODE_FLAGS, WORKER_BUNDLE], {
      env: { ...process.env, ...env, ...WORKER_LAUNCH.env, BENCH_OFFSET: String(offset), BENCH_RECEIPTS: String(count), BENCH_CONCURRENCY: String(concurrency) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`render worker exited with ${code}: ${out}`));
      resolve(JSON.parse(out.trim().split('\n').at(-1)!) as WorkerResult);
    });
  });
}

/** The signatory, their signature image and a self-signed certificate, as finance would set them (not timed). */
async function putSigningInForce(services: Services): Promise<void> {
  const { makeTestPkcs12 } = await import('#server/testing/signing/test-certificates');
  const { getSettings, recordSignatureImage, updateSettings, uploadSigningCertificate } = await import('#server/modules/site/site.api');
  const sharp = (await import('sharp')).default;
  const by = { userId: 'SAH000001' };
  const { version } = await getSettings(services.db);
  await updateSettings(services, { mayChangeMoney: false, mayChangeOther: true }, version, { signatoryName: 'श्रीमती सुनीता शर्मा', signatoryDesignation: 'Treasurer / कोषाध्यक्ष', approvalIssuedOn: '2022-03-28', approvalValidFrom: '2022-04-01', approvalValidUntil: '2027-03-31' }, meta());
  const signature = await sharp({ create: { width: 1200, height: 400, channels: 3, background: '#f4f1ea' } }).png().toBuffer();
  await recordSignatureImage(services, by, signature, meta());
  const now = services.now();
  const p12 = makeTestPkcs12({ notBefore: new Date(now.getTime() - 86_400_000), notAfter: new Date(now.getTime() + 365 * 86_400_000), password: 'bench' });
  await uploadSigningCertificate(services, by, { bytes: p12, password: 'bench' }, meta());
  console.log('signing: a certificate and a signature image in force; every receipt is signed');
}

async function main(): Promise<void> {
  const name = benchDatabaseName('donations');
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const version = (await admin.query<{ server_version: string }>('SHOW server_version')).rows[0]!.server_version;
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahay-bench-donations-'));
  const masterKey = crypto.randomBytes(32).toString('base64');
  console.log(`PostgreSQL ${version}, Node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'})`);

  const db = connectPostgres(url.toString(), { poolSize: 20, applicationName: 'sahay-bench' });
  try {
    await migrate(db);
    const env = { NODE_ENV: 'production', SAHAY_MASTER_KEY: masterKey, SAHAY_DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: 'https://sahay.example' };
    const services = await createServices({ config: loadConfig(env), log: pino({ level: 'silent' }), owner: 'bench', db, runsJobs: false });
    const references = await setUp(services);
    if (SIGNED) await putSigningInForce(services);
    await verifyAll(services, references);

    console.log('');
    const workerEnv = { ...env, BENCH_WORKER_DATABASE_URL: url.toString() };
    // The worker runs from its bundle, as `npm run worker` runs: not through tsx, whose loader thread
    // holds about 50 MiB of its own (worker/src/bundle.ts).
    await bundleWorker(path.join(here, 'render-worker.ts'), WORKER_BUNDLE);
    const perRun = Math.min(RECEIPTS, Math.floor(DONATIONS / 2) - 1);
    for (const [index, concurrency] of [1, 4].entries()) {
      const result = await renderInWorker(workerEnv, index * (perRun + 1), perRun, concurrency);
      console.log(
        `receipts, one worker process, ${concurrency} job${concurrency > 1 ? 's' : ''} at a time:`.padEnd(56) +
          `${((result.receipts * 1000) / result.ms).toFixed(1).padStart(6)} receipts/s   ${(result.cpuMs / result.receipts).toFixed(1)} ms CPU each   peak RSS ${(result.peakRssBytes / 1024 / 1024).toFixed(0)} MiB   ` +
          `(${result.receipts} in ${(result.ms / 1000).toFixed(1)} s after a first of ${result.firstMs.toFixed(0)} ms; ${(result.pdfBytes / 1024).toFixed(1)} KiB a PDF)`,
      );
    }
    await services.close();
  } finally {
    await db.close();
    const cleanup = new pg.Client({ connectionString: ADMIN_URL });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
