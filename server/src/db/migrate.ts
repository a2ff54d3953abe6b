import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runner } from 'node-pg-migrate';
import pg from 'pg';
import { ConfigError } from '#server/config';
import { type Db, type Queryable, type Row, sqlState } from './db.ts';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../migrations');

const PG_UNDEFINED_TABLE = '42P01';

/**
 * Applies the ordered SQL migrations in migrations/ with node-pg-migrate. Both databases take the
 * same files. Given a Db, scripts without parameters go through exec, since a migration holds many
 * statements. Given a PostgreSQL URL, migrate opens one connection of its own for node-pg-migrate: its
 * `BEGIN; … COMMIT;` and its advisory lock and unlock are separate queries that must share a
 * connection, which a pool does not promise. Concurrent callers on a URL wait for each other.
 */
export async function migrate(target: Db | string, options: { log?: (message: string) => void } = {}): Promise<string[]> {
  const common = {
    dir: MIGRATIONS_DIR,
    migrationsTable: 'schema_migrations',
    direction: 'up' as const,
    count: Number.POSITIVE_INFINITY,
    checkOrder: true,
    log: options.log ?? (() => {}),
  };
  if (typeof target === 'string') {
    // Our own client, closed before returning: node-pg-migrate's own may still be closing when it
    // returns, and a database dropped or restarted just then turns that into an uncaught error.
    const client = new pg.Client({ connectionString: target, application_name: 'sahay-migrate' });
    client.on('error', () => {});
    await client.connect();
    try {
      const applied = await runner({ ...common, dbClient: client, advisoryLockMode: 'wait' });
      return applied.map((migration) => migration.name);
    } finally {
      await client.end();
    }
  }
  const db = target;
  const dbClient = {
    async query(text: string | { text: string; values?: unknown[] }, values?: unknown[]) {
      const sql = typeof text === 'string' ? text : text.text;
      const params = typeof text === 'string' ? values : text.values;
      if (!params || params.length === 0) {
        if (db.kind === 'pglite' && sql.includes(';')) {
          await db.exec(sql);
          return { rows: [] as Row[], rowCount: 0 };
        }
      }
      return db.query(sql, params);
    },
  };
  const applied = await runner({
    ...common,
    // node-pg-migrate only needs query(); the pg ClientBase type asks for far more.
    dbClient: dbClient as never,
    // PGlite is one connection in one process: nobody to lock out.
    noLock: db.kind === 'pglite',
  });
  return applied.map((migration) => migration.name);
}

/** The migrations in migrations/, by name (the file name without .sql), in the order they run. */
export function migrationNames(): string[] {
  return fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((file) => file.endsWith('.sql'))
    .map((file) => file.slice(0, -'.sql'.length))
    .sort();
}

/**
 * The migrations not applied yet; all of them when the database has never been migrated. Needs
 * only SELECT on schema_migrations, so the app role can ask.
 */
export async function pendingMigrations(db: Queryable): Promise<string[]> {
  let applied: Set<string>;
  try {
    const { rows } = await db.query<{ name: string }>('SELECT name FROM schema_migrations');
    applied = new Set(rows.map((row) => row.name));
  } catch (error) {
    if (sqlState(error) !== PG_UNDEFINED_TABLE) throw error;
    applied = new Set();
  }
  return migrationNames().filter((name) => !applied.has(name));
}

/** Migrations are pending and this process may not apply them: its role does not own the schema. */
export class MigrationsPendingError extends ConfigError {
  override name = 'MigrationsPendingError';
  constructor(
    readonly pending: readonly string[],
    readonly role: string,
  ) {
    super(
      `The database needs ${pending.length} migration(s) (${pending.join(', ')}), and the role in DATABASE_URL ` +
        `(${role}) may not apply them: it does not own the tables. Run \`npm run migrate\` with DATABASE_OWNER_URL ` +
        'set to the owner role first (docker-compose runs its migrate service), or give this process DATABASE_OWNER_URL.',
    );
  }
}

/** Whether the connected role can run the migrations: it may create in public and owns every table there. */
async function canMigrate(db: Queryable): Promise<{ can: boolean; role: string }> {
  const { rows } = await db.query<{ role: string; can_create: boolean; owns_all: boolean }>(
    `SELECT current_user AS role,
            has_schema_privilege('public', 'CREATE') AS can_create,
            NOT EXISTS (SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                         WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
                           AND NOT pg_has_role(current_user, c.relowner, 'USAGE')) AS owns_all`,
  );
  const row = rows[0]!;
  return { can: row.can_create && row.owns_all, role: row.role };
}

/**
 * What a process does with the schema as it starts (docs/decisions/019). Nothing when no migration
 * is pending: the usual case in production, where a separate `npm run migrate` ran as the owner and
 * the app's role could not apply anything anyway. Otherwise it applies them: through ownerUrl when
 * given; on PostgreSQL without one, through `url` as the app's own role, which must then own the
 * schema (single-role installs) — when it does not, MigrationsPendingError says what to run, before
 * any DDL is tried. PGlite has one superuser and migrates itself. Returns the migrations applied.
 */
export async function migrateOnStart(
  db: Db,
  options: { url?: string; ownerUrl?: string; log?: (message: string) => void } = {},
): Promise<string[]> {
  const pending = await pendingMigrations(db);
  if (pending.length === 0) return [];
  if (db.kind === 'pglite') return migrate(db, { log: options.log });
  if (options.ownerUrl) return migrate(options.ownerUrl, { log: options.log });
  const { can, role } = await canMigrate(db);
  if (!can) throw new MigrationsPendingError(pending, role);
  return migrate(options.url ?? db, { log: options.log });
}
