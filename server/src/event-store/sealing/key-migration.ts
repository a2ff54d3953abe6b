import type { Db } from '#server/db/db';
import type { SahayModule } from '#server/modules/module';
import type { PersonalDataVault } from './personal-data.ts';

/**
 * Key migrations: the steps after the SQL migrations that need the master key, so no SQL file can
 * do them (docs/decisions/019). Each is idempotent and resumable, and safe when several processes
 * start at once (the server, the worker, `npm run migrate`): they take turns on one transaction-level
 * advisory lock, and every row or marker says what has been done.
 *
 * 1. Re-wrap: every data key still wrapped with the raw master key is re-wrapped with the derived
 *    wrapping key, a batch per transaction. A crash between batches leaves rows of both schemes,
 *    and each row names its own, so nothing is lost; the next run carries on.
 * 2. Re-index: each module with a `reindex` hook whose read model was indexed with another
 *    blind-index key (or never recorded one) is re-indexed, and the key ID recorded in
 *    blind_index_versions, in one transaction: the new hashes and the marker commit together, so
 *    a module is re-indexed exactly once per key change.
 */

/** Arbitrary and fixed: every process must take the same lock. */
const KEY_MIGRATION_LOCK = 7_241_865_325_823_965;

export type { ReindexContext } from '../types.ts';

export interface KeyMigrationOptions {
  db: Db;
  vault: PersonalDataVault;
  modules: readonly SahayModule[];
  /** When a module was re-indexed (blind_index_versions.indexed_at). */
  now: () => Date;
  log?: (message: string) => void;
  /** Data keys re-wrapped per transaction. */
  batchSize?: number;
}

export interface KeyMigrationReport {
  /** Live data keys re-wrapped from the master key to the derived wrapping key by this run. */
  rewrapped: number;
  /** Modules whose read model this run re-indexed. */
  reindexed: string[];
}

/** Re-wraps every master-wrapped data key, a batch per transaction. Returns how many live keys it re-wrapped. */
export async function rewrapDataKeys(options: Pick<KeyMigrationOptions, 'db' | 'vault' | 'batchSize'>): Promise<number> {
  const batchSize = options.batchSize ?? 500;
  let total = 0;
  for (;;) {
    const { rewrapped, hasMore } = await options.db.transaction(async (tx) => {
      // Batches of two processes take turns, so one that finds none left knows all are done.
      await tx.query('SELECT pg_advisory_xact_lock($1)', [KEY_MIGRATION_LOCK]);
      return options.vault.rewrapMasterWrappedKeys(tx, batchSize);
    });
    total += rewrapped;
    if (!hasMore) return total;
  }
}

/** Runs the reindex hook of each module whose read model was indexed with another blind-index key. Returns their names. */
export async function reindexModules(options: Omit<KeyMigrationOptions, 'batchSize'>): Promise<string[]> {
  const { db, vault } = options;
  const log = options.log ?? (() => {});
  const reindexed: string[] = [];
  for (const module of options.modules) {
    const reindex = module.reindex;
    if (!reindex) continue;
    const didReindex = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [KEY_MIGRATION_LOCK]);
      const { rows } = await tx.query<{ key_id: string }>('SELECT key_id FROM blind_index_versions WHERE module = $1', [module.name]);
      if (rows[0]?.key_id === vault.blindIndexKeyId) return false;
      const keys = new Map<string, Buffer | null>();
      await reindex({
        tx,
        reveal: (sealed) => vault.reveal(tx, sealed, keys),
        blindIndex: (purpose, value) => vault.blindIndex(purpose, value),
        log,
      });
      await tx.query(
        `INSERT INTO blind_index_versions (module, key_id, indexed_at) VALUES ($1, $2, $3)
         ON CONFLICT (module) DO UPDATE SET key_id = EXCLUDED.key_id, indexed_at = EXCLUDED.indexed_at`,
        [module.name, vault.blindIndexKeyId, options.now()],
      );
      return true;
    });
    if (didReindex) {
      log(`Re-indexed the read model of ${module.name} with the current blind-index key.`);
      reindexed.push(module.name);
    }
  }
  return reindexed;
}

/** Both steps, in order; createServices runs it after the SQL migrations, and so does `npm run migrate`. */
export async function runKeyMigrations(options: KeyMigrationOptions): Promise<KeyMigrationReport> {
  const rewrapped = await rewrapDataKeys(options);
  if (rewrapped > 0) options.log?.(`Re-wrapped ${rewrapped} data key(s) with the derived wrapping key.`);
  const reindexed = await reindexModules(options);
  return { rewrapped, reindexed };
}

/**
 * 3. Reseal (docs/decisions/041): each module with a `reseal` hook seals in place what older
 *    versions of it wrote in clear in its events, in one transaction under the same lock. Only the
 *    role that owns the tables may (the app's role has no UPDATE on events), so `npm run migrate`
 *    runs it, not the server. Idempotent: a resealed event has the new schema version.
 */
export async function resealClearEvents(db: Db, vault: PersonalDataVault, modules: readonly SahayModule[]): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock($1)`, [KEY_MIGRATION_LOCK]);
    let resealed = 0;
    for (const module of modules) if (module.reseal) resealed += await module.reseal({ tx, vault });
    return resealed;
  });
}
