import { ConfigError, loadConfig } from '#server/config';
import { DataDirLockedError } from '#server/db/pglite';
import { createLogger } from '#server/lib/logger';
import { startServer } from '#server/server';
import { StartupFailure, startupFailureMessage } from '#server/startup-failure';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = createLogger(config, 'server');
  let server;
  try {
    server = await startServer(config, log);
  } catch (error) {
    // MigrationsPendingError is a ConfigError: the app's role may not migrate, and it says what to run.
    if (error instanceof DataDirLockedError || error instanceof ConfigError || error instanceof StartupFailure) {
      console.error(error.message);
      process.exit(1);
    }
    // Nothing at DATABASE_URL or REDIS_URL, the port taken, a HOST that is no address here: one line.
    const line = startupFailureMessage(error, config);
    if (line) {
      console.error(line);
      process.exit(1);
    }
    throw error;
  }
  const where = config.database.kind === 'pglite' ? `embedded database in ${config.database.dir}` : 'PostgreSQL';
  log.info({ url: server.url, metrics: server.metricsUrl, database: config.database.kind, queue: config.queue.kind }, 'Sahay is running');
  // The one line a person looks for after `npm start`.
  console.log(`Sahay is running at ${server.url} (${where}; jobs ${config.queue.kind === 'in-process' ? 'in this process' : 'on Redis'})`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    server.close().then(
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
}

await main();
