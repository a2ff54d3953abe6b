import { ConfigError, loadConfig } from '#server/config';
import { migrate } from '#server/db/migrate';
import { DataDirLockedError, lockDataDir, openPglite } from '#server/db/pglite';
import { connectPostgres } from '#server/db/postgres';

/** Applies pending migrations and lists them; the server does the same at start. */
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
  let unlock: (() => void) | undefined;
  try {
    if (config.database.kind === 'pglite') unlock = lockDataDir(config.dataDir, 'migrate');
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const db = config.database.kind === 'pglite' ? await openPglite(config.database.dir) : connectPostgres(config.database.url);
  try {
    const applied = await migrate(db);
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
  } finally {
    await db.close();
    unlock?.();
  }
}

await main();
