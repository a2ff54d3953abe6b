/**
 * One worker process of `npm run bench:donations` (run.ts starts it): runs the render-donation-receipt
 * job for BENCH_RECEIPTS verified donations from BENCH_OFFSET on, BENCH_CONCURRENCY at a time (as a
 * BullMQ worker would), on the database at BENCH_WORKER_DATABASE_URL with the parent's master key,
 * and prints its figures as one JSON line. Its peak RSS is the whole process's: loader, fonts and all.
 */
import pino from 'pino';
import { loadConfig } from '#server/config';
import { connectPostgres } from '#server/db/postgres';
import type { EventStore } from '#server/event-store/event-store';
import { EVENT_COLUMNS } from '#server/event-store/event-store';
import type { Recorded } from '#server/event-store/types';
import { renderDonationReceiptJob, type DonationVerified } from '#server/modules/donations/donations.api';
import { createServices } from '#server/create-services';

const OFFSET = Number(process.env.BENCH_OFFSET ?? 0);
const RECEIPTS = Number(process.env.BENCH_RECEIPTS ?? 1_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 1);
const url = process.env.BENCH_WORKER_DATABASE_URL;
if (!url) throw new Error('BENCH_WORKER_DATABASE_URL is not set (run.ts sets it)');

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);

const db = connectPostgres(url, { poolSize: 10, applicationName: 'sahay-bench-worker' });
const services = await createServices({ config: loadConfig(process.env), log: pino({ level: 'silent' }), owner: 'bench-worker', db, runsJobs: false });
try {
  const { rows } = await db.query<Parameters<EventStore['toRecorded']>[0]>(
    `SELECT ${EVENT_COLUMNS} FROM events WHERE type = 'DonationVerified' ORDER BY global_position OFFSET $1 LIMIT $2`,
    [OFFSET, RECEIPTS + 1],
  );
  const events = rows.map((row) => services.eventStore.toRecorded(row) as Recorded<DonationVerified>);
  if (events.length < RECEIPTS + 1) throw new Error(`Only ${events.length} verified donations from ${OFFSET} on; ${RECEIPTS + 1} needed`);
  const run = (event: Recorded<DonationVerified>) => renderDonationReceiptJob.run({ id: `${event.eventId}_${renderDonationReceiptJob.name}`, event }, services);

  // The first receipt of a process fills fontkit's caches (about a second); timed apart.
  const t0 = performance.now();
  await run(events[0]!);
  const firstMs = performance.now() - t0;

  let next = 1;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next <= RECEIPTS) await run(events[next++]!);
    }),
  );
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  // CPU time (user + system, all threads) says what a receipt costs even when other work shares the machine.
  const cpuMs = (cpu.user + cpu.system) / 1000;

  const { rows: sizes } = await db.query<{ rendered: number; bytes: number }>(
    `SELECT count(*)::int AS rendered, coalesce(avg(byte_size), 0)::int AS bytes FROM files WHERE kind = 'donation-receipt'`,
  );
  if (sizes[0]!.rendered < RECEIPTS + 1) throw new Error(`Only ${sizes[0]!.rendered} receipts were stored`);
  peakRss = Math.max(peakRss, process.resourceUsage().maxRSS * 1024);
  console.log(JSON.stringify({ receipts: RECEIPTS, concurrency: CONCURRENCY, firstMs, ms, cpuMs, peakRssBytes: peakRss, pdfBytes: sizes[0]!.bytes }));
} finally {
  clearInterval(sampler);
  await services.close();
  await db.close();
}
