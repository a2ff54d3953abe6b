import path from 'node:path';
import { MIGRATIONS_DIR } from '#server/db/migrate';
import { PGLITE_TEMPLATE_ENV, POSTGRES_TEMPLATE_ENV, preparePgliteTemplate, preparePostgresTemplate } from './db-template.ts';

/**
 * Once per test run, before any test file (vitest.config.ts, globalSetup): the migrated templates
 * that createTestDb copies (docs/decisions/045), named to the test processes through the
 * environment they inherit. Returns the teardown, which drops this run's PostgreSQL template.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const cacheDir = path.resolve(MIGRATIONS_DIR, '../node_modules/.cache/sahay-test-db');
  process.env[PGLITE_TEMPLATE_ENV] = await preparePgliteTemplate(cacheDir);
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return async () => {};
  // Set but unreachable fails the run here, as the tests that need it would (ARCHITECTURE.md, Tests).
  const postgres = await preparePostgresTemplate(adminUrl).catch((error: unknown) => {
    throw new Error(`TEST_DATABASE_URL is set, but a template database could not be made there: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  });
  process.env[POSTGRES_TEMPLATE_ENV] = postgres.name;
  return () => postgres.drop();
}
