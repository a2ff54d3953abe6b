import pg from 'pg';
import { type Db, type Queryable, type QueryOptions, type QueryResult, runAfterCommit } from './db.ts';

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

export function connectPostgres(url: string, options: { poolSize?: number; applicationName?: string; connectionTimeoutMs?: number } = {}): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    application_name: options.applicationName ?? 'sahay',
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: options.connectionTimeoutMs ?? 5_000,
  });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const root = wrap(pool);
  const max = options.poolSize ?? 10;
  return {
    kind: 'postgres',
    query: root.query,
    poolStats: () => ({ max, inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async transaction(fn) {
      const client = await pool.connect();
      // The pool listens for errors only on idle clients. A connection lost while this one is out
      // (PostgreSQL restarting mid-transaction) emits 'error' on it, which unheard would end the
      // process; the query under way rejects by itself, and the catch below destroys the client.
      let lost: Error | undefined;
      const onError = (error: Error) => {
        lost = error;
      };
      client.on('error', onError);
      const committed: (() => void)[] = [];
      try {
        await client.query('BEGIN');
        const result = await fn({ ...wrap(client), afterCommit: (callback) => void committed.push(callback) });
        await client.query('COMMIT');
        client.off('error', onError);
        client.release();
        runAfterCommit(committed);
        return result;
      } catch (error) {
        // A connection that is lost, or cannot even roll back, is destroyed rather than handed out again.
        const broken =
          lost ??
          (await client.query('ROLLBACK').then(
            () => lost,
            (rollbackError: unknown) => (rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError))),
          ));
        client.off('error', onError);
        // A late error from a destroyed client must not end the process either.
        if (broken) client.on('error', () => {});
        client.release(broken);
        throw error;
      }
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async listen(channel, onNotify, onLost) {
      const client = await pool.connect();
      let isReleased = false;
      const onNotification = (message: pg.Notification) => {
        if (message.channel === channel) onNotify(message.payload ?? '');
      };
      // A checked-out client that loses its connection emits 'error'; unhandled, it would end the process.
      const onError = (error: Error) => {
        if (release(error)) onLost?.(error);
      };
      /** Gives the client back (destroyed after an error); false when it was already given back. */
      const release = (error?: Error): boolean => {
        if (isReleased) return false;
        isReleased = true;
        // The pool hands this client out again: it must not carry these listeners along.
        client.off('notification', onNotification);
        client.off('error', onError);
        // A broken client is destroyed, not pooled; a late error from it must still not end the process.
        if (error) client.on('error', () => {});
        client.release(error);
        return true;
      };
      client.on('notification', onNotification);
      client.on('error', onError);
      try {
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      } catch (error) {
        release(error instanceof Error ? error : new Error(String(error)));
        throw error;
      }
      return async () => {
        if (isReleased) return;
        await client.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => {});
        release();
      };
    },
    async close() {
      await pool.end();
    },
  };
}
