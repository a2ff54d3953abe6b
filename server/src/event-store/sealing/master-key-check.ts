import { ConfigError } from '#server/config';
import type { Queryable } from '#server/db/db';
import type { PersonalDataVault } from './personal-data.ts';

/**
 * A process started with another master key than the one the database's data keys were wrapped
 * with could open nobody's data (every page naming a person a 500), would re-index the blind
 * indexes with the wrong key and would wrap new keys nobody else can open. It refuses to start
 * instead, before any write: SQL migrations, key migrations, seeds (issue 29, docs/decisions/044).
 * A ConfigError, so the server, the worker and the tools print it and exit with 1.
 */
export class MasterKeyMismatchError extends ConfigError {
  override name = 'MasterKeyMismatchError';
  constructor() {
    super(
      'SAHAY_MASTER_KEY is not the master key this database was made with: its data keys do not open with it. ' +
        'Start with the key the database was made with (SAHAY_MASTER_KEY, or master.key in SAHAY_DATA_DIR for the embedded database); nothing was written.',
    );
  }
}

/**
 * Read-only: refuses a master key that does not match the database's recorded check value, or
 * that does not open a live data key (databases made before the check was recorded). A database
 * with neither — new, or every person erased — takes any key.
 */
export async function assertMasterKeyMatches(db: Queryable, vault: PersonalDataVault): Promise<void> {
  // Another process may be migrating this database at this moment (a server and a worker started
  // together on a new one): data_keys may exist before its key_scheme column does (scheme 1 then).
  const { rows: tables } = await db.query<{ has_check: boolean; has_keys: boolean; has_scheme: boolean }>(
    `SELECT to_regclass('master_key_check') IS NOT NULL AS has_check, to_regclass('data_keys') IS NOT NULL AS has_keys,
            EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'data_keys' AND column_name = 'key_scheme') AS has_scheme`,
  );
  if (tables[0]?.has_check) {
    const { rows } = await db.query<{ check_value: string }>(`SELECT check_value FROM master_key_check WHERE id = 1`);
    if (rows[0] && rows[0].check_value !== vault.masterKeyCheck()) throw new MasterKeyMismatchError();
  }
  if (tables[0]?.has_keys) {
    const { rows } = await db.query<{ subject_id: string; wrapped_key: Uint8Array; key_scheme: number }>(
      `SELECT subject_id, wrapped_key, ${tables[0].has_scheme ? 'key_scheme' : '1 AS key_scheme'} FROM data_keys WHERE wrapped_key IS NOT NULL ORDER BY subject_id LIMIT 1`,
    );
    const row = rows[0];
    if (row && !vault.opensDataKey(row.subject_id, Buffer.from(row.wrapped_key), row.key_scheme)) throw new MasterKeyMismatchError();
  }
}

/**
 * After the migrations: records this key's check value when none is recorded yet, then checks
 * again (two processes starting at once with different keys on a new database: the second loses).
 */
export async function recordMasterKeyCheck(db: Queryable, vault: PersonalDataVault): Promise<void> {
  await db.query(`INSERT INTO master_key_check (id, check_value) VALUES (1, $1) ON CONFLICT (id) DO NOTHING`, [vault.masterKeyCheck()]);
  await assertMasterKeyMatches(db, vault);
}
