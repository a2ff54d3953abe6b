import type { AddressInfo } from 'node:net';
import http from 'node:http';
import type { Logger } from 'pino';
import { createApp } from '#server/app';
import type { Config } from '#server/config';
import { startAsyncProjections } from '#server/event-store/async-projections';
import { startRelay } from '#server/event-store/relay';
import { createServices, type CreateServicesOptions } from '#server/create-services';
import type { Services } from '#server/services';
import { removeLeftoverPdfCopies } from '#server/uploads/sanitize-pdf';

export interface RunningServer {
  url: string;
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
  const services = await createServices({ config, log, owner: 'server', runsJobs, ...overrides });
  // S3 misconfigured (no bucket, wrong endpoint): say so at start, naming the variables, not at the first upload.
  await services.files.check();
  await removeLeftoverPdfCopies({ log });
  const relay = runsJobs ? startRelay(services) : null;
  const projections = runsJobs ? startAsyncProjections(services) : null;
  const app = createApp(services);
  const server = http.createServer(app);
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://localhost:${port}`;

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Idle keep-alive sockets would hold close() open; busy ones finish their request first.
      server.closeIdleConnections();
      const timer = setTimeout(() => server.closeAllConnections(), config.SHUTDOWN_TIMEOUT_MS);
      await closed;
      clearTimeout(timer);
      await Promise.all([relay?.stop(), projections?.stop()]);
      await services.close();
    })();
    return closing;
  };
  return { url, services, close };
}
