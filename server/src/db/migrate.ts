import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runner } from 'node-pg-migrate';
import type { Db, Row } from './db.ts';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../migrations');

/**
 * Applies the ordered SQL migrations in migrations/ with node-pg-migrate. Both databases take the
 * same files. Scripts without parameters go through exec, since a migration holds many statements.
 */
export async function migrate(db: Db, options: { log?: (message: string) => void } = {}): Promise<string[]> {
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
    // node-pg-migrate only needs query(); the pg ClientBase type asks for far more.
    dbClient: dbClient as never,
    dir: MIGRATIONS_DIR,
    migrationsTable: 'schema_migrations',
    direction: 'up',
    count: Number.POSITIVE_INFINITY,
    checkOrder: true,
    // PGlite is one connection in one process: nobody to lock out.
    noLock: db.kind === 'pglite',
    log: options.log ?? (() => {}),
  });
  return applied.map((migration) => migration.name);
}
