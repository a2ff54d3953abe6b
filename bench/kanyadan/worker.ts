/**
 * The one worker process of `npm run bench:kanyadan` (run.ts starts it with the Node flags of
 * `npm run worker`): what worker/src/main.ts runs — the relay that turns recorded events into jobs,
 * the async projections, and a BullMQ worker running the job handlers from Redis with BullMQ's
 * production settings (four jobs at a time, retries, the modules' schedules) — on the bench's
 * database. The only difference: the bench's own Redis key prefix, so it neither takes nor leaves
 * jobs of another Sahay on the same Redis. Each handler is timed as it runs. Says `ready` over IPC
 * once running; on `stop` it stops as main.ts does and reports its figures.
 */
import { loadConfig } from '#server/config';
import { connectPostgres } from '#server/db/postgres';
import { startAsyncProjections } from '#server/event-store/async-projections';
import { startRelay } from '#server/event-store/relay';
import { createBullmqQueue } from '#server/queue/bullmq-queue';
import type { JobHandler } from '#server/queue/queue';
import { createServices } from '#server/create-services';
import { childLogger, required, sampleMemory, type ChildMessage, type HandlerStats } from './shared.ts';

const memory = sampleMemory();
const url = required('BENCH_DATABASE_URL');
const redisUrl = required('BENCH_REDIS_URL');
const prefix = required('BENCH_REDIS_PREFIX');
const config = loadConfig({ ...process.env, DATABASE_URL: url, REDIS_URL: undefined });
const log = childLogger('worker');
const db = connectPostgres(url, { poolSize: config.DATABASE_POOL_SIZE, applicationName: 'sahay-bench-worker' });
const services = await createServices({ config, log, owner: 'worker', db, runsJobs: false });

const handlers: Record<string, HandlerStats> = {};
/** The module's handler, run as it is, with its start, end and outcome noted. */
function timed(handler: JobHandler): JobHandler {
  const stats: HandlerStats = { jobs: 0, failures: 0, firstStartMs: null, lastEndMs: null, durationsMs: [] };
  handlers[handler.name] = stats;
  return {
    name: handler.name,
    on: handler.on,
    async run(job, context) {
      const startedAt = Date.now();
      stats.firstStartMs ??= startedAt;
      const t0 = performance.now();
      try {
        await handler.run(job, context);
        stats.jobs += 1;
      } catch (error) {
        stats.failures += 1;
        throw error;
      } finally {
        stats.durationsMs.push(performance.now() - t0);
        stats.lastEndMs = Date.now();
      }
    },
  };
}

services.queue = createBullmqQueue({
  url: redisUrl,
  prefix,
  runsJobs: true,
  handlers: services.jobHandlers.map(timed),
  schedules: services.modules.flatMap((module) => module.schedules ?? []),
  context: services,
  log: log.child({ component: 'jobs' }),
  // Unset: BullMQ's production setting (createQueue passes none, so bullmq-queue.ts's default of 4).
  concurrency: process.env.BENCH_WORKER_CONCURRENCY ? Number(process.env.BENCH_WORKER_CONCURRENCY) : undefined,
});
await services.files.check();
const relay = startRelay(services);
const projections = startAsyncProjections(services);

const send = (message: ChildMessage) => process.send!(message);
const readyAtMs = Date.now();
send({ type: 'ready', pid: process.pid });

process.on('message', (message: { type: string }) => {
  if (message.type !== 'stop') return;
  void (async () => {
    await Promise.all([relay.stop(), projections.stop()]);
    await services.close();
    await db.close();
    memory.stop();
    send({ type: 'stats', stats: { kind: 'worker', memory: memory.peaks, readyAtMs, handlers } });
    process.disconnect();
  })();
});
