import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type Express } from 'express';
import { pinoHttp } from 'pino-http';
import { requestLogSerializers } from '#server/http/request-log';
import { AppError } from '#server/errors/app-error';
import { errorHandler } from '#server/http/error-handler';
import { httpMetrics, metricsHandler } from '#server/http/metrics-endpoint';
import { httpTracing } from '#server/http/request-tracing';
import { securityHeaders } from '#server/http/content-security-policy';
import { buildOpenApiDocument, renderDocsPage } from '#server/http/openapi';
import { refuseUndocumentedQueries, restRouters, restRoutesOf } from '#server/http/rest-route';
import { sessionMiddleware } from '#server/http/session-middleware';
import { mountLegacyLinks } from '#server/http/legacy-links';
import { mountWebPages, readWebBuild } from '#server/http/web-pages';
import type { Services } from '#server/services';
import { createExpressContext } from '#server/trpc/context';
import { trpcHandler } from '#server/trpc/express-handler';
import { appRouter } from '#server/trpc/router';

export const WEB_DIST_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

const REQUEST_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** Bodies are small everywhere in this API; uploads (later) stream through their own limit. */
export const JSON_BODY_LIMIT = '64kb';

/** Whether the server is on its way down (server.ts): /readyz says so, and every answer closes its connection. */
export interface Lifecycle {
  isDraining: boolean;
}

export function createApp(services: Services, options: { webDistDir?: string; lifecycle?: Lifecycle } = {}): Express {
  const { config } = services;
  const webDistDir = options.webDistDir ?? WEB_DIST_DIR;
  const webBuild = readWebBuild(webDistDir);
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY);

  // A span per request while OTEL_EXPORTER_OTLP_ENDPOINT is set (docs/decisions/077); one branch otherwise.
  app.use(httpTracing());

  app.use(
    pinoHttp({
      logger: services.log,
      genReqId: (req, res) => {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' || req.url === '/metrics' },
      // Headers only at debug: at info a request is its method, path and status (issue 36).
      serializers: requestLogSerializers(services.log),
    }),
  );

  // The site's CSP; on /donate with the payment gateway configured, Checkout's sources too (decision 068).
  app.use(securityHeaders(config, webBuild.inlineScriptSources));

  // Draining (SIGTERM with SHUTDOWN_DRAIN_MS): no connection is kept for another request, so none is
  // cut between two when the server stops (decision 076).
  const lifecycle = options.lifecycle ?? { isDraining: false };
  app.use((_req, res, next) => {
    if (lifecycle.isDraining) res.setHeader('Connection', 'close');
    next();
  });

  app.use(httpMetrics());
  // On the main port only with METRICS_TOKEN set, and only for a request that carries it (docs/decisions/072).
  app.get('/metrics', metricsHandler(services));

  // The process is up and taking requests: what a reverse proxy asks (docker/Caddyfile). While it
  // drains it says 503, so the proxy sends it nothing more; a database or queue that is down is
  // /readyz's to say, not a reason to send every request nowhere.
  app.get('/healthz', (_req, res) => {
    if (lifecycle.isDraining) {
      res.status(503).json({ status: 'stopping' });
      return;
    }
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    if (lifecycle.isDraining) {
      res.status(503).json({ status: 'stopping', database: true, queue: true });
      return;
    }
    const [database, queue] = await Promise.all([
      services.db.query('SELECT 1').then(
        () => true,
        () => false,
      ),
      services.queue.isReachable().catch(() => false),
    ]);
    res.status(database && queue ? 200 : 503).json({ status: database && queue ? 'ready' : 'not ready', database, queue });
  });

  const json = express.json({ limit: JSON_BODY_LIMIT });
  const session = sessionMiddleware(services);

  app.use(
    '/trpc',
    json,
    session,
    trpcHandler({
      router: appRouter,
      createContext: ({ req, res }) => createExpressContext(services, req, res),
      maxBatchSize: 10,
      // A refusal that says when to come back (a login lock, the contact form's limit) says it in
      // Retry-After too, as the REST answers do; in a batch, the longest wait.
      responseMeta({ errors }) {
        const seconds = Math.max(0, ...errors.map((error) => (error.cause instanceof AppError ? (error.cause.retryAfterSeconds ?? 0) : 0)));
        return seconds > 0 ? { headers: new Headers({ 'Retry-After': String(seconds) }) } : {};
      },
      onError: ({ error, req }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') req.log.error({ err: error.cause ?? error }, 'procedure failed');
      },
    }),
  );

  // Every module's REST routes, each declared once (docs/decisions/051): the document and the routers come from them.
  const restRoutes = restRoutesOf(services.modules);
  const routers = restRouters(restRoutes, services, { pages: webBuild.pagePatterns, json });
  const openApi = buildOpenApiDocument(config.publicUrl, restRoutes);
  const docsPage = renderDocsPage(openApi);
  app.get('/api/docs/openapi.json', (_req, res) => {
    res.json(openApi);
  });
  app.get('/api/docs', (req, res) => {
    if (req.accepts(['html', 'json']) === 'json') res.json(openApi);
    else res.type('html').send(docsPage);
  });

  // Routes that read no session (Core Web Vitals from a sample of real visits, by sendBeacon).
  app.use('/api', routers.sessionless);

  const api = express.Router();
  api.use(json, session, refuseUndocumentedQueries(restRoutes));
  api.use(routers.api);
  api.use(() => {
    throw new AppError('NOT_FOUND', { userMessage: 'No such API path.' });
  });
  app.use('/api', api);

  mountLegacyLinks(app);
  mountWebPages(app, webDistDir, services, webBuild);
  app.use(errorHandler);
  return app;
}
