import path from 'node:path';
import { MIGRATIONS_DIR } from '#server/db/migrate';
import { PGLITE_TEMPLATE_ENV, preparePgliteTemplate } from '#server/testing/db-template';

/**
 * Once per browser-test run: the migrated embedded database each file's server starts from
 * (harness.ts), the same cached dump the server suite uses (server/src/testing/global-setup.ts), so
 * no file migrates from scratch. Made if missing; a change to the migrations makes a new one.
 */
export default async function setup(): Promise<void> {
  const cacheDir = path.resolve(MIGRATIONS_DIR, '../node_modules/.cache/sahay-test-db');
  process.env[PGLITE_TEMPLATE_ENV] = await preparePgliteTemplate(cacheDir);
}
