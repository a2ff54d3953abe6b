import { describe, expect, it } from 'vitest';
import { createSlots } from './slots.ts';

/** A run that ends when the test says so. */
function deferred() {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const done = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { done, finish, fail };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('createSlots', () => {
  it('runs at most `size` at once and starts the waiting ones in the order they came', async () => {
    const slots = createSlots(2);
    const runs = Array.from({ length: 5 }, () => deferred());
    const started: number[] = [];
    const results = runs.map((run, n) =>
      slots.run(async () => {
        started.push(n);
        await run.done;
        return n;
      }),
    );
    await settle();
    expect(started).toEqual([0, 1]);
    expect([slots.running, slots.waiting]).toEqual([2, 3]);

    runs[1]!.finish();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    // A newcomer while one waits does not jump the queue, nor take the slot just handed over.
    const late = deferred();
    const lateResult = slots.run(async () => {
      started.push(99);
      await late.done;
      return 99;
    });
    runs[0]!.finish();
    await settle();
    expect(started).toEqual([0, 1, 2, 3]);
    expect([slots.running, slots.waiting]).toEqual([2, 2]);

    for (const run of runs.slice(2)) run.finish();
    late.finish();
    expect(await Promise.all([...results, lateResult])).toEqual([0, 1, 2, 3, 4, 99]);
    expect(started).toEqual([0, 1, 2, 3, 4, 99]);
    expect([slots.running, slots.waiting]).toEqual([0, 0]);
  });

  it('gives the slot back when a run fails, and passes the failure on', async () => {
    const slots = createSlots(1);
    const first = deferred();
    const failing = slots.run(() => first.done);
    const second = slots.run(async () => 'second');
    first.fail(new Error('decoder crashed'));
    await expect(failing).rejects.toThrow('decoder crashed');
    expect(await second).toBe('second');
    expect([slots.running, slots.waiting]).toEqual([0, 0]);
  });

  it('refuses a size that is not a positive integer', () => {
    for (const size of [0, -1, 1.5, Number.NaN]) expect(() => createSlots(size)).toThrow(/positive integer/);
  });
});
