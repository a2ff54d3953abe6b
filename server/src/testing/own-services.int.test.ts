import net from 'node:net';
import pg from 'pg';
import { Redis } from 'ioredis';
import { expect, it } from 'vitest';
import { startOwnPostgres, startOwnRedis } from './own-services.ts';
import { describeWhere, needsOwnServers } from './requires.ts';

describeWhere([needsOwnServers], 'servers of a test\'s own', () => {
  it('runs a PostgreSQL that keeps its data across a crash and a restart, on the same port', async () => {
    const postgres = await startOwnPostgres();
    try {
      const query = async (sql: string) => {
        const client = new pg.Client(postgres.url);
        await client.connect();
        try {
          return (await client.query(sql)).rows;
        } finally {
          await client.end();
        }
      };
      await query('create table kept (n int); insert into kept values (7)');
      await postgres.stop('kill');
      expect(postgres.isRunning()).toBe(false);
      await expect(query('select 1')).rejects.toThrow();
      await postgres.start();
      expect(await query('select n from kept')).toEqual([{ n: 7 }]);
    } finally {
      await postgres.close();
    }
  }, 60_000);

  it('starts again when the server quits at once (the port or, after a crash, the shared memory still held), until it answers', async () => {
    const redis = await startOwnRedis();
    // Something else holds the port and hangs up on whoever calls.
    const squatter = net.createServer((socket) => socket.destroy());
    try {
      await redis.stop('kill');
      await new Promise<void>((resolve) => squatter.listen(redis.port, '127.0.0.1', resolve));
      // redis-server quits at once on a port in use; start() keeps trying until it is free.
      setTimeout(() => squatter.close(), 1_000);
      const startedAt = Date.now();
      await redis.start();
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(900);
      expect(redis.isRunning()).toBe(true);
      const client = new Redis(redis.url);
      expect(await client.ping()).toBe('PONG');
      client.disconnect();
    } finally {
      squatter.close();
      await redis.close();
    }
  }, 60_000);

  it('runs a Redis that, with persist, finds its keys again after a restart', async () => {
    const redis = await startOwnRedis({ persist: true });
    try {
      const client = new Redis(redis.url, { maxRetriesPerRequest: 1 });
      await client.set('kept', 'yes');
      client.disconnect();
      await redis.stop('fast');
      await redis.start();
      const again = new Redis(redis.url);
      expect(await again.get('kept')).toBe('yes');
      again.disconnect();
    } finally {
      await redis.close();
    }
  }, 60_000);
});
