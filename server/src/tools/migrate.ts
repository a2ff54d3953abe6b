import type { Db } from '#server/db/db';
import { migrate } from '#server/db/migrate';
import { DataDirLockedError, lockDataDir, openPglite } from '#server/db/pglite';
import { connectPostgres } from '#server/db/postgres';
import { resealClearEvents, runKeyMigrations } from '#server/event-store/sealing/key-migration';
import { assertMasterKeyMatches, MasterKeyMismatchError, recordMasterKeyCheck } from '#server/event-store/sealing/master-key-check';
import { PersonalDataVault } from '#server/event-store/sealing/personal-data';
import { sahayModules } from '#server/modules/registry';
import { loadMasterKey } from '#server/create-services';
import { loadToolConfig } from './open-services.ts';

/**
 * `npm run migrate`: applies pending SQL migrations, then the key migrations (decision 019). On
 * PostgreSQL it connects as DATABASE_OWNER_URL when set (the role that owns the tables; the app's
 * role may not change the schema), else as DATABASE_URL. It needs SAHAY_MASTER_KEY (or, embedded,
 * the generated key file) because re-wrapping data keys does.
 */
async function main(): Promise<number> {
  const config = loadToolConfig();
  if (!config) return 1;
  let unlock: (() => void) | undefined;
  let db: Db;
  if (config.database.kind === 'pglite') {
    try {
      unlock = lockDataDir(config.dataDir, 'migrate');
    } catch (error) {
      if (error instanceof DataDirLockedError) {
        console.error(error.message);
        return 1;
      }
      throw error;
    }
    db = await openPglite(config.database.dir);
  } else {
    db = connectPostgres(config.database.ownerUrl ?? config.database.url, { poolSize: 2, applicationName: 'sahay-migrate' });
  }
  try {
    const masterKey = loadMasterKey(config);
    const vault = new PersonalDataVault(masterKey.key);
    // Another master key than the database's: refused before anything is written (decision 044), a new key file included.
    await assertMasterKeyMatches(db, vault);
    masterKey.keep();
    // PostgreSQL: by URL, so node-pg-migrate holds one connection of its own (see migrate).
    const applied = await migrate(config.database.kind === 'pglite' ? db : (config.database.ownerUrl ?? config.database.url));
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database schema is up to date.');
    const report = await runKeyMigrations({ db, vault, modules: sahayModules, now: () => new Date(), log: (message) => console.log(message) });
    await recordMasterKeyCheck(db, vault);
    if (report.rewrapped === 0 && report.reindexed.length === 0) console.log('The keys are up to date.');
    // Personal data older versions wrote in clear, sealed in place as the owner (docs/decisions/041).
    const resealed = await resealClearEvents(db, vault, sahayModules);
    if (resealed > 0) console.log(`Resealed ${resealed} events that held personal data in clear.`);
    return 0;
  } catch (error) {
    if (error instanceof MasterKeyMismatchError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await db.close();
    unlock?.();
  }
}

process.exitCode = await main();
