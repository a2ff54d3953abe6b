import type { AddressInfo } from 'node:net';
import http from 'node:http';
import type { Logger } from 'pino';
import { createApp, type Lifecycle } from '#server/app';
import type { Config } from '#server/config';
import { startAsyncProjections } from '#server/event-store/async-projections';
import { startRelay } from '#server/event-store/relay';
import { createServices, type CreateServicesOptions } from '#server/create-services';
import { startMetricsServer, type MetricsServer } from '#server/http/metrics-endpoint';
import type { Services } from '#server/services';
import { removeLeftoverPdfCopies } from '#server/uploads/sanitize-pdf';
import { assertQueueHostAnswers, assertQueueReachable } from '#server/startup-failure';

export interface RunningServer {
  url: string;
  /** /metrics on METRICS_PORT; null when that is not set. */
  metricsUrl: string | null;
  services: Services;
  /** Stops accepting connections, lets requests in flight finish, then closes jobs and the database. */
  close(): Promise<void>;
}

export async function startServer(
  config: Config,
  log: Logger,
  overrides: Partial<Omit<CreateServicesOptions, 'config' | 'log' | 'owner' | 'runsJobs'>> = {},
): Promise<RunningServer> {
  // With Redis configured the worker process runs the jobs and the relay; embedded, this process does.
  const runsJobs = config.queue.kind === 'in-process';
  await assertQueueHostAnswers(config);
  const services = await createServices({ config, log, owner: 'server', runsJobs, ...overrides });
  const lifecycle: Lifecycle = { isDraining: false };
  const app = createApp(services, { lifecycle });
  const server = http.createServer(app);
  server.keepAliveTimeout = 5_000;
  let metrics: MetricsServer | null = null;
  try {
    // No Redis at REDIS_URL at all, or S3 misconfigured (no bucket, wrong endpoint): say so at start,
    // naming the variables, not at the first job or upload.
    await assertQueueReachable(config, () => services.queue.isReachable());
    await services.files.check();
    await removeLeftoverPdfCopies({ log });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.PORT, config.HOST, () => resolve());
    });
    metrics = await startMetricsServer(services);
  } catch (error) {
    await new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
    // A port in use or a bad HOST: the database (and the embedded one's lock) is let go before the process ends.
    await services.close().catch(() => {});
    throw error;
  }
  const relay = runsJobs ? startRelay(services) : null;
  const projections = runsJobs ? startAsyncProjections(services) : null;
  const { port } = server.address() as AddressInfo;
  const url = `http://localhost:${port}`;

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      // First out of the proxy's rotation (its health check sees /readyz answer 503), still answering
      // what comes meanwhile; then no new connections (decision 076).
      lifecycle.isDraining = true;
      if (config.SHUTDOWN_DRAIN_MS > 0) await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_MS));
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Idle keep-alive sockets would hold close() open; busy ones finish their request first.
      server.closeIdleConnections();
      const timer = setTimeout(() => server.closeAllConnections(), config.SHUTDOWN_TIMEOUT_MS);
      await closed;
      clearTimeout(timer);
      await Promise.all([relay?.stop(), projections?.stop(), metrics?.close()]);
      await services.close();
    })();
    return closing;
  };
  return { url, metricsUrl: metrics?.url ?? null, services, close };
}
