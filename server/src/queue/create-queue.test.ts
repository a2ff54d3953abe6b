import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config';
import { createQueue } from './create-queue.ts';
import type { JobContext } from './queue.ts';

const log = pino({ level: 'silent' });
const context = {} as JobContext;

describe('createQueue', () => {
  it('runs jobs in this process without REDIS_URL', async () => {
    const queue = createQueue({ config: loadConfig({ NODE_ENV: 'test' }), log, runsJobs: true, handlers: [], context });
    expect(queue.kind).toBe('in-process');
    expect(await queue.isReachable()).toBe(true);
    await queue.close();
  });

  it('refuses jobs in a process that neither runs them nor has Redis (tools)', async () => {
    const queue = createQueue({ config: loadConfig({ NODE_ENV: 'test' }), log, runsJobs: false, handlers: [], context });
    await queue.enqueue([]);
    await expect(
      queue.enqueue([
        {
          id: 'e_h',
          handler: 'h',
          event: {
            globalPosition: 1,
            eventId: 'e',
            streamId: 's',
            streamVersion: 1,
            type: 'T',
            schemaVersion: 1,
            data: {},
            metadata: { actor: 'system', correlationId: 'c' },
            transactionId: '1',
            recordedAt: new Date(0),
          },
        },
      ]),
    ).rejects.toThrow(/neither runs jobs/);
    await expect(queue.retry('e_h')).rejects.toThrow(/neither runs jobs/);
    await queue.close();
  });

  it('uses BullMQ when REDIS_URL is set', async () => {
    // Nothing is sent until a job is added: an unreachable address is fine for choosing.
    const queue = createQueue({ config: loadConfig({ NODE_ENV: 'test', REDIS_URL: 'redis://127.0.0.1:1' }), log, runsJobs: false, handlers: [], context });
    expect(queue.kind).toBe('bullmq');
    await queue.close();
  });
});
