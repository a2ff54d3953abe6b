/**
 * The web server of `npm run bench:kanyadan` (run.ts starts it): the production layout of
 * server/src/server.ts with Redis — services that do not run jobs, the Express app of createApp,
 * an HTTP server — on the bench's database (BENCH_DATABASE_URL), behind a proxy (TRUST_PROXY, so
 * each family's X-Forwarded-For address counts for the per-address limit as in production). The
 * only difference: the BullMQ queue gets the bench's own Redis key prefix, so nothing mixes with
 * another Sahay on the same Redis. Says `ready` with its port over IPC; on `stop` it closes and
 * reports its memory peaks and responses by status.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createApp } from '#server/app';
import { loadConfig } from '#server/config';
import { connectPostgres } from '#server/db/postgres';
import { createBullmqQueue } from '#server/queue/bullmq-queue';
import { createServices } from '#server/create-services';
import { childLogger, required, sampleMemory, type ChildMessage } from './shared.ts';

const memory = sampleMemory();
const url = required('BENCH_DATABASE_URL');
const redisUrl = required('BENCH_REDIS_URL');
const prefix = required('BENCH_REDIS_PREFIX');
// DATABASE_URL is in the config as in production; REDIS_URL is left out so createServices does not
// make a queue under BullMQ's shared default prefix — the bench's own is set below.
const config = loadConfig({ ...process.env, DATABASE_URL: url, REDIS_URL: undefined });
const log = childLogger('server');
const db = connectPostgres(url, { poolSize: config.DATABASE_POOL_SIZE, applicationName: 'sahay-bench-server' });
const services = await createServices({ config, log, owner: 'server', db, runsJobs: false });
services.queue = createBullmqQueue({ url: redisUrl, prefix, runsJobs: false, handlers: services.jobHandlers, context: services, log: log.child({ component: 'jobs' }) });
await services.files.check();

const app = createApp(services, { webDistDir: path.join(config.dataDir, 'no-web-build') });
const server = http.createServer(app);
server.keepAliveTimeout = 5_000;
const responses: Record<string, number> = {};
server.on('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
  res.on('finish', () => {
    responses[res.statusCode] = (responses[res.statusCode] ?? 0) + 1;
  });
});
await new Promise<void>((resolve, reject) => {
  server.once('error', reject);
  server.listen(0, '127.0.0.1', () => resolve());
});

const send = (message: ChildMessage) => process.send!(message);
send({ type: 'ready', port: (server.address() as AddressInfo).port, pid: process.pid });

process.on('message', (message: { type: string }) => {
  if (message.type !== 'stop') return;
  void (async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    await closed;
    await services.close();
    await db.close();
    memory.stop();
    send({ type: 'stats', stats: { kind: 'server', memory: memory.peaks, responses } });
    process.disconnect();
  })();
});
