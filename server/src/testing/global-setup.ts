import fs from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_DIR } from '#server/db/migrate';
import { PGLITE_TEMPLATE_ENV, POSTGRES_TEMPLATE_ENV, preparePgliteTemplate, preparePostgresTemplate } from './db-template.ts';
import { prepareToolBundles, TOOL_BUNDLES_ENV } from './tool-bundles.ts';

/**
 * Once per test run, before any test file (vitest.config.ts, globalSetup): the migrated templates
 * that createTestDb copies (docs/decisions/045), and the command-line tools built once for the tests
 * that run them as processes (tool-bundles.ts), named to the test processes through the environment
 * they inherit. Returns the teardown, which drops this run's PostgreSQL template and tool bundles.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const cacheDir = path.resolve(MIGRATIONS_DIR, '../node_modules/.cache/sahay-test-db');
  const [pgliteTemplate, toolBundles] = await Promise.all([preparePgliteTemplate(cacheDir), prepareToolBundles()]);
  process.env[PGLITE_TEMPLATE_ENV] = pgliteTemplate;
  process.env[TOOL_BUNDLES_ENV] = toolBundles;
  const removeToolBundles = async () => fs.rmSync(toolBundles, { recursive: true, force: true });
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return removeToolBundles;
  // Set but unreachable fails the run here, as the tests that need it would (ARCHITECTURE.md, Tests).
  const postgres = await preparePostgresTemplate(adminUrl).catch((error: unknown) => {
    fs.rmSync(toolBundles, { recursive: true, force: true });
    throw new Error(`TEST_DATABASE_URL is set, but a template database could not be made there: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  });
  process.env[POSTGRES_TEMPLATE_ENV] = postgres.name;
  return async () => {
    await removeToolBundles();
    await postgres.drop();
  };
}
