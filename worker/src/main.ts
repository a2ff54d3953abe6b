import { ConfigError, loadConfig } from '@sahay/server/config';
import { startAsyncProjections } from '@sahay/server/event-store/async-projections';
import { startRelay } from '@sahay/server/event-store/relay';
import { createLogger } from '@sahay/server/lib/logger';
import { createServices } from '@sahay/server/create-services';
import { startMetricsServer } from '@sahay/server/http/metrics-endpoint';
import { removeLeftoverPdfCopies } from '@sahay/server/uploads/sanitize-pdf';
import { assertQueueHostAnswers, assertQueueReachable, StartupFailure, startupFailureMessage } from '@sahay/server/startup-failure';

/**
 * `npm run worker`: runs the job handlers from Redis (BullMQ), the async projections, and the relay that turns events into
 * jobs. Only for the production layout; the embedded server runs its jobs itself.
 */
async function main(): Promise<number | null> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  if (config.queue.kind !== 'bullmq') {
    console.error(
      'REDIS_URL is not set. Without Redis the server runs jobs itself (npm start); the worker is only for ' +
        'the production layout, with REDIS_URL and DATABASE_URL set.',
    );
    return 1;
  }
  if (config.database.kind !== 'postgres') {
    console.error(
      'DATABASE_URL is not set. The embedded database belongs to one process (the server); ' +
        'the worker needs PostgreSQL at DATABASE_URL.',
    );
    return 1;
  }
  const log = createLogger(config, 'worker');
  let services;
  try {
    await assertQueueHostAnswers(config);
    services = await createServices({ config, log, owner: 'worker', runsJobs: true });
  } catch (error) {
    // MigrationsPendingError is a ConfigError: the worker's role may not migrate, and it says what to run.
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    // Nothing at DATABASE_URL or REDIS_URL: one line naming it (issue 36).
    const line = startupFailureMessage(error, config);
    if (line) {
      console.error(line);
      return 1;
    }
    throw error;
  }
  try {
    await assertQueueReachable(config, () => services.queue.isReachable());
  } catch (error) {
    await services.close().catch(() => {});
    const line = error instanceof StartupFailure ? error.message : startupFailureMessage(error, config);
    if (!line) throw error;
    console.error(line);
    return 1;
  }
  await services.files.check();
  await removeLeftoverPdfCopies({ log });
  // The worker's own /metrics (its jobs, mails, lag), on METRICS_PORT when set.
  let metrics;
  try {
    metrics = await startMetricsServer(services);
  } catch (error) {
    await services.close().catch(() => {});
    const line = error instanceof StartupFailure ? error.message : startupFailureMessage(error, config);
    if (!line) throw error;
    console.error(line);
    return 1;
  }
  const relay = startRelay(services);
  const projections = startAsyncProjections(services);
  log.info(
    {
      handlers: services.jobHandlers.map((handler) => handler.name),
      // Their BullMQ job schedulers are set up by this process (decision 020).
      schedules: services.modules.flatMap((module) => module.schedules ?? []).map((schedule) => schedule.name),
      metrics: metrics?.url ?? null,
    },
    'worker is running',
  );

  let isStopping = false;
  const stop = (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    log.info({ signal }, 'shutting down');
    // A job or batch that hangs must not keep the process from stopping.
    const timer = setTimeout(() => {
      log.error({ timeoutMs: config.SHUTDOWN_TIMEOUT_MS }, 'shutdown timed out');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    (async () => {
      await Promise.all([relay.stop(), projections.stop(), metrics?.close()]);
      // Closes the BullMQ worker (it lets running jobs finish), the queue, the mailer and the database.
      await services.close();
    })().then(
      () => {
        log.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  return null;
}

const code = await main();
if (code !== null) process.exit(code);
