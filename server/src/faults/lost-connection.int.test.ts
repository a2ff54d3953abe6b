import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '#server/db/db';
import { connectPostgres } from '#server/db/postgres';
import { startOwnPostgres, type OwnServer } from '#server/testing/own-services';
import { describeWhere, needsOwnServers } from '#server/testing/requires';
import { sleep } from './harness.ts';

/**
 * The PostgreSQL restart fault found this: a connection lost while a transaction held it (between
 * two of its queries) made the pg client emit 'error' with no one listening, and the server process
 * died of it. Here the transaction's connection is terminated on purpose, the way a restart does.
 */
describeWhere([needsOwnServers], 'faults: a transaction whose connection is lost', () => {
  let postgres: OwnServer;
  let db: Db;
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => uncaught.push(error);
  beforeAll(async () => {
    postgres = await startOwnPostgres();
    db = connectPostgres(postgres.url, { poolSize: 2 });
    process.on('uncaughtException', onUncaught);
  });
  afterAll(async () => {
    process.off('uncaughtException', onUncaught);
    await db?.close();
    await postgres?.close();
  });

  it('fails that transaction, leaves the process alive, and the pool serves the next one', async () => {
    const outcome = await db
      .transaction(async (tx) => {
        const { rows } = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        // Another connection ends this one, as a fast shutdown ends every backend.
        await db.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
        // The connection's end arrives while no query of this transaction is under way.
        await sleep(300);
        await tx.query('SELECT 1');
      })
      .then(
        () => 'committed',
        (error: Error) => error.message,
      );
    expect(outcome).toMatch(/terminat|not queryable/i);
    expect(uncaught).toEqual([]);
    const { rows } = await db.transaction((tx) => tx.query<{ one: number }>('SELECT 1 AS one'));
    expect(rows).toEqual([{ one: 1 }]);
  });
});
