import pg from 'pg';
import type { Db, Queryable, QueryOptions, QueryResult } from './db.ts';

// int8 values here (positions, counts) stay far below 2^53; numbers are easier to use than strings.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<R>(text: string, params?: readonly unknown[], options?: QueryOptions): Promise<QueryResult<R>> {
      const result = await client.query({ text, values: params as unknown[] | undefined, name: options?.name });
      return { rows: result.rows as R[], rowCount: result.rowCount ?? 0 };
    },
  };
}

export function connectPostgres(url: string, options: { poolSize?: number; applicationName?: string } = {}): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    application_name: options.applicationName ?? 'sahay',
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
  });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const root = wrap(pool);
  return {
    kind: 'postgres',
    query: root.query,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async listen(channel, onNotify) {
      const client = await pool.connect();
      client.on('notification', (message) => {
        if (message.channel === channel) onNotify();
      });
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        await client.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => {});
        client.release();
      };
    },
    async close() {
      await pool.end();
    },
  };
}
