import path from 'node:path';
import { MIGRATIONS_DIR } from '#server/db/migrate';
import { PGLITE_TEMPLATE_ENV, POSTGRES_TEMPLATE_ENV, preparePgliteTemplate, preparePostgresTemplate } from '#server/testing/db-template';

/**
 * Once per browser-test run: the migrated database each file's server starts from (harness.ts), so no
 * file migrates from scratch. Without TEST_DATABASE_URL: the embedded database, the same cached dump
 * the server suite uses (server/src/testing/global-setup.ts), made if missing; a change to the
 * migrations makes a new one. With it (CI): a PostgreSQL database migrated for this run, copied for
 * each file's server and dropped when the run ends (docs/decisions/085).
 */
export default async function setup(): Promise<(() => Promise<void>) | void> {
  const cacheDir = path.resolve(MIGRATIONS_DIR, '../node_modules/.cache/sahay-test-db');
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    process.env[PGLITE_TEMPLATE_ENV] = await preparePgliteTemplate(cacheDir);
    return;
  }
  const postgres = await preparePostgresTemplate(adminUrl).catch((error: unknown) => {
    throw new Error(`TEST_DATABASE_URL is set, but a template database could not be made there: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  });
  process.env[POSTGRES_TEMPLATE_ENV] = postgres.name;
  return () => postgres.drop();
}
