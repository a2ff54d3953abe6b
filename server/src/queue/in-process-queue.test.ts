import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '#server/event-store/types';
import { createInProcessQueue } from './in-process-queue.ts';
import { jobId, type JobContext, type JobHandler, type QueuedJob } from './queue.ts';

// The handlers here use nothing from the context.
const context = {} as JobContext;

function capturingLog() {
  const lines: { level: number; msg: string; jobId?: string; attempt?: number }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(JSON.parse(chunk.toString()));
      callback();
    },
  });
  return { log: pino({ level: 'warn' }, stream), lines };
}

function event(type = 'Happened'): RecordedEvent {
  return {
    globalPosition: 1,
    eventId: crypto.randomUUID(),
    streamId: 'stream-1',
    streamVersion: 1,
    type,
    schemaVersion: 1,
    data: {},
    metadata: { actor: 'system', correlationId: 'c-1' },
    transactionId: '1',
    recordedAt: new Date('2025-01-01T00:00:00Z'),
  };
}

function job(handler: string, recorded = event()): QueuedJob {
  return { id: jobId(recorded.eventId, handler), handler, event: recorded };
}

describe('in-process queue', () => {
  it('runs each job once, however often it is enqueued (pending or finished)', async () => {
    const runs: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const handler: JobHandler = {
      name: 'h',
      on: ['Happened'],
      async run(j) {
        runs.push(j.id);
        await gate;
      },
    };
    const { log } = capturingLog();
    const queue = createInProcessQueue({ handlers: [handler], context, log });
    const a = job('h');
    await queue.enqueue([a, a]);
    await queue.enqueue([a]);
    release();
    await queue.drain();
    await queue.enqueue([a]);
    await queue.drain();
    expect(runs).toEqual([a.id]);
    await queue.close();
  });

  it('retries a failing handler with exponential backoff, then succeeds', async () => {
    const times: number[] = [];
    const handler: JobHandler = {
      name: 'flaky',
      on: ['Happened'],
      async run() {
        times.push(Date.now());
        if (times.length < 3) throw new Error(`failure ${times.length}`);
      },
    };
    const { log, lines } = capturingLog();
    const queue = createInProcessQueue({ handlers: [handler], context, log, backoffMs: 20 });
    await queue.enqueue([job('flaky')]);
    await queue.drain();
    expect(times).toHaveLength(3);
    // 20 ms, then 40 ms (timers may fire a little late, never early).
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(19);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(39);
    expect(lines.filter((line) => line.msg === 'job failed; retrying').map((line) => line.attempt)).toEqual([1, 2]);
    expect(lines.some((line) => line.msg === 'job failed; giving up')).toBe(false);
    await queue.close();
  });

  it('gives up after the last attempt and logs it as an error', async () => {
    let runs = 0;
    const handler: JobHandler = {
      name: 'broken',
      on: ['Happened'],
      async run() {
        runs++;
        throw new Error('always');
      },
    };
    const { log, lines } = capturingLog();
    const queue = createInProcessQueue({ handlers: [handler], context, log, attempts: 4, backoffMs: 1 });
    const broken = job('broken');
    await queue.enqueue([broken]);
    await queue.drain();
    expect(runs).toBe(4);
    const final = lines.filter((line) => line.msg === 'job failed; giving up');
    expect(final).toHaveLength(1);
    expect(final[0]).toMatchObject({ level: 50, jobId: broken.id, attempt: 4 });
    // Like BullMQ keeping a failed job, the same ID is not run again.
    await queue.enqueue([broken]);
    await queue.drain();
    expect(runs).toBe(4);
    await queue.close();
  });

  it('runs at most `concurrency` jobs at a time, and close() waits for the running ones', async () => {
    let running = 0;
    let peak = 0;
    const finished: string[] = [];
    const handler: JobHandler = {
      name: 'slow',
      on: ['Happened'],
      async run(j) {
        running++;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 20));
        running--;
        finished.push(j.id);
      },
    };
    const { log } = capturingLog();
    const queue = createInProcessQueue({ handlers: [handler], context, log, concurrency: 2 });
    const jobs = Array.from({ length: 5 }, () => job('slow'));
    await queue.enqueue(jobs);
    await queue.close();
    expect(finished).toHaveLength(5);
    expect(peak).toBe(2);
    await expect(queue.enqueue([job('slow')])).rejects.toThrow(/closed/);
    expect(await queue.isReachable()).toBe(false);
  });

  it('logs and drops a job for a handler it does not know', async () => {
    const { log, lines } = capturingLog();
    const queue = createInProcessQueue({ handlers: [], context, log });
    await queue.enqueue([job('missing')]);
    await queue.drain();
    expect(lines).toEqual([expect.objectContaining({ level: 50, msg: 'job for an unknown handler dropped' })]);
    await queue.close();
  });
});
