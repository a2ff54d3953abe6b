import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { Logger } from 'pino';
import type { Config } from '#server/config';
import type { Db } from '#server/db/db';
import type { EventStore } from '#server/event-store/event-store';
import { processorNames, readProcessorLag } from '#server/event-store/processor-lag';
import { client, httpRequestDuration, isMetricsToken, registry, startDefaultMetrics } from '#server/lib/metrics';
import type { JobQueue } from '#server/queue/queue';
import { StartupFailure } from '#server/startup-failure';

/** What a scrape reads besides the process's own counters. */
export interface MetricsSources {
  config: Config;
  log: Logger;
  db: Db;
  eventStore: EventStore;
  queue: JobQueue;
}

/** The longest a scrape waits for the queue's figures (Redis away must not hang the scrape). */
const QUEUE_DEPTH_TIMEOUT_MS = 1_000;

/**
 * The route label of a request: the REST route's declared pattern, the tRPC procedure, or a fixed
 * word — never the raw path, which holds references and IDs (and would grow without bound).
 */
export function routeLabel(req: Request, res: Response): string {
  const declared: unknown = res.locals.metricsRoute;
  if (typeof declared === 'string') return declared;
  if (res.statusCode === 404) return '(unmatched)';
  const path = (req.originalUrl.split('?')[0] ?? '').replace(/\/+$/, '');
  if (path.startsWith('/trpc/')) {
    const procedures = path.slice('/trpc/'.length).split(',');
    // A batch's combination of procedures is the client's choice: one label for all of them.
    return procedures.length > 1 ? '/trpc/(batch)' : `/trpc/${procedures[0]}`;
  }
  if (path.startsWith('/assets/')) return '/assets';
  const pattern: unknown = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof pattern === 'string') return `${req.baseUrl}${pattern}`;
  // The web pages' catch-all (a regular expression) and static files.
  return req.route ? '(page)' : '(static)';
}

/** Times every request into sahay_http_request_duration_seconds once its answer is sent. */
export function httpMetrics(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const end = httpRequestDuration.startTimer();
    res.once('finish', () => {
      end({ method: req.method, route: routeLabel(req, res), status: String(res.statusCode) });
    });
    next();
  };
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([promise, new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The Prometheus text of this process: its counters and histograms, and the figures read now — each
 * processor's lag, the queue's depth, the database pool. A part that cannot be read (the database or
 * Redis away) is left out and logged; the rest is still answered, so the scrape shows the failure.
 */
export async function renderMetrics(sources: MetricsSources): Promise<string> {
  startDefaultMetrics();
  const scrape = new client.Registry();
  const lagEvents = new client.Gauge({ name: 'sahay_projection_lag_events', help: 'Committed events after the processor\'s checkpoint', labelNames: ['processor'] as const, registers: [scrape] });
  const lagSeconds = new client.Gauge({ name: 'sahay_projection_lag_seconds', help: 'Age of the oldest committed event the processor has not handled (0: caught up)', labelNames: ['processor'] as const, registers: [scrape] });
  const depth = new client.Gauge({ name: 'sahay_jobs_queue_depth', help: 'Jobs held by the queue now, by state', labelNames: ['queue', 'state'] as const, registers: [scrape] });
  const scrapeErrors = new client.Gauge({ name: 'sahay_metrics_scrape_errors', help: 'Parts of this scrape that could not be read (database, queue)', labelNames: ['part'] as const, registers: [scrape] });

  const [lags, counts] = await Promise.all([
    readProcessorLag(sources.db, processorNames(sources.eventStore)).catch((error: unknown) => {
      sources.log.warn({ err: error }, 'metrics: could not read the processors\' lag');
      scrapeErrors.set({ part: 'database' }, 1);
      return [];
    }),
    sources.queue.depth
      ? withTimeout(sources.queue.depth(), QUEUE_DEPTH_TIMEOUT_MS).catch((error: unknown) => {
          sources.log.warn({ err: error }, 'metrics: could not read the queue\'s depth');
          return null;
        })
      : Promise.resolve(undefined),
  ]);
  for (const lag of lags) {
    lagEvents.set({ processor: lag.processor }, lag.events);
    lagSeconds.set({ processor: lag.processor }, lag.seconds);
  }
  if (counts === null) scrapeErrors.set({ part: 'queue' }, 1);
  const queueName = sources.queue.kind === 'bullmq' ? 'sahay-jobs' : 'in-process';
  for (const [state, count] of Object.entries(counts ?? {})) depth.set({ queue: queueName, state }, count);

  // PostgreSQL's pool only: the embedded database (PGlite) is one connection inside this process, with no pool to wait for.
  const pool = sources.db.poolStats?.();
  if (pool) {
    const connections = new client.Gauge({ name: 'sahay_db_pool_connections', help: 'Database pool connections by state (in_use, idle)', labelNames: ['state'] as const, registers: [scrape] });
    const waiting = new client.Gauge({ name: 'sahay_db_pool_waiting', help: 'Callers waiting for a database connection', registers: [scrape] });
    const max = new client.Gauge({ name: 'sahay_db_pool_max', help: 'The most connections the pool opens (DATABASE_POOL_SIZE)', registers: [scrape] });
    connections.set({ state: 'in_use' }, pool.inUse);
    connections.set({ state: 'idle' }, pool.idle);
    waiting.set(pool.waiting);
    max.set(pool.max);
  }
  return client.Registry.merge([registry, scrape]).metrics();
}

/**
 * GET /metrics. Never public (docs/decisions/072): without METRICS_TOKEN there is nothing here (404,
 * as for any unknown path); with it, a request must carry `Authorization: Bearer <token>` (401 otherwise).
 */
export function metricsHandler(sources: MetricsSources, options: { isTokenOptional?: boolean } = {}): RequestHandler {
  return (req, res, next) => {
    const token = sources.config.METRICS_TOKEN;
    if (!token && !options.isTokenOptional) {
      res.status(404).type('text').send('Not found');
      return;
    }
    if (token && !isMetricsToken(req.get('authorization'), token)) {
      res.status(401).set('WWW-Authenticate', 'Bearer realm="metrics"').type('text').send('A valid metrics token is needed.');
      return;
    }
    renderMetrics(sources).then((text) => {
      res.set('Cache-Control', 'no-store').type(registry.contentType).send(text);
    }, next);
  };
}

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

/**
 * /metrics on its own port (METRICS_PORT on METRICS_HOST), for the server and the worker alike:
 * it answers only GET /metrics, and asks for METRICS_TOKEN too when that is set.
 */
export async function startMetricsServer(sources: MetricsSources): Promise<MetricsServer | null> {
  const { METRICS_PORT: port, METRICS_HOST: host } = sources.config;
  if (port === undefined) return null;
  const app = express();
  app.disable('x-powered-by');
  app.get('/metrics', metricsHandler(sources, { isTokenOptional: true }));
  app.use((_req: Request, res: Response) => {
    res.status(404).type('text').send('Not found');
  });
  app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    sources.log.error({ err: error }, 'metrics: scrape failed');
    res.status(500).type('text').send('The metrics could not be read.');
  });
  const server = http.createServer(app);
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      // Named by its own variables, not PORT's (startup-failure.ts would take it for the main port).
      const why =
        error.code === 'EADDRINUSE'
          ? `port ${port} is already in use on ${host}`
          : error.code === 'EACCES'
            ? `port ${port} needs privileges this user does not have`
            : error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND'
              ? `METRICS_HOST ${host} is not an address of this machine`
              : null;
      reject(why ? new StartupFailure(`METRICS_PORT: ${why}, so /metrics cannot be served there. Choose another port, or leave METRICS_PORT unset.`) : error);
    });
    server.listen(port, host, () => resolve());
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${bound}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
