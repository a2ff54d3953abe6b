import { describe, expect, it } from 'vitest';
import { silentLog } from '#server/event-store/test-fixtures';
import { assertSchedules, slotOf, startInProcessScheduler } from './in-process-scheduler.ts';
import { manualClock } from './manual-clock.ts';
import { parseScheduledJobId, scheduledJobId, type ScheduledJob } from './queue.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const daily: ScheduledJob = { name: 'daily-thing', everyMs: DAY, run: async () => {} };
const hourly: ScheduledJob = { name: 'hourly-thing', everyMs: HOUR, run: async () => {} };

function start(schedules: ScheduledJob[], at: Date, options: { claim?: (slot: Date) => boolean; pending?: Set<string> } = {}) {
  const clock = manualClock(at);
  const runs: string[] = [];
  const pending = options.pending ?? new Set<string>();
  const scheduler = startInProcessScheduler({
    schedules,
    now: clock.now,
    timers: clock.timers,
    log: silentLog,
    claim: async (_schedule, slot) => options.claim?.(slot) ?? true,
    isPending: (id) => pending.has(id),
    run: (schedule, slot) => {
      runs.push(scheduledJobId(schedule.name, slot));
    },
  });
  return { clock, runs, scheduler, pending };
}

describe('scheduled job IDs', () => {
  it('name the schedule and the slot, and read back', () => {
    const slot = new Date('2031-05-02T00:00:00.000Z');
    expect(scheduledJobId('prune-rate-limits', slot)).toBe(`repeat:prune-rate-limits:${slot.getTime()}`);
    expect(parseScheduledJobId(scheduledJobId('prune-rate-limits', slot))).toEqual({ schedule: 'prune-rate-limits', scheduledAt: slot });
    for (const other of [`${crypto.randomUUID()}_send-receipt`, 'repeat:x', 'repeat:a:b:1', 'repeat:A:1', 'repeat:a:1.5', 'repeat:a:']) {
      expect(parseScheduledJobId(other), other).toBeNull();
    }
  });

  it('slots start at multiples of the interval since 1970 (a day: 00:00 UTC)', () => {
    expect(slotOf(new Date('2031-05-01T17:45:12.345Z'), DAY)).toEqual(new Date('2031-05-01T00:00:00.000Z'));
    expect(slotOf(new Date('2031-05-01T17:45:12.345Z'), HOUR)).toEqual(new Date('2031-05-01T17:00:00.000Z'));
    expect(slotOf(new Date('2031-05-01T00:00:00.000Z'), DAY)).toEqual(new Date('2031-05-01T00:00:00.000Z'));
  });
});

describe('schedule declarations', () => {
  it('refuse bad names, intervals and clashes with handlers or each other', () => {
    expect(() => assertSchedules([daily, hourly], ['send-receipt'])).not.toThrow();
    expect(() => assertSchedules([{ ...daily, name: 'Has:Colon' }], [])).toThrow(/lower-case/);
    expect(() => assertSchedules([{ ...daily, name: 'under_score' }], [])).toThrow(/lower-case/);
    expect(() => assertSchedules([{ ...daily, name: '' }], [])).toThrow(/lower-case/);
    expect(() => assertSchedules([{ ...daily, everyMs: 0 }], [])).toThrow(/everyMs/);
    expect(() => assertSchedules([{ ...daily, everyMs: 1.5 }], [])).toThrow(/everyMs/);
    expect(() => assertSchedules([daily], ['daily-thing'])).toThrow(/already taken/);
    expect(() => assertSchedules([daily, daily], [])).toThrow(/already taken/);
  });
});

describe('in-process scheduler', () => {
  it('runs each schedule once per slot, at the start of the slot', async () => {
    const { clock, runs, scheduler } = start([daily, hourly], new Date('2031-05-01T22:30:00.000Z'));
    expect(clock.dueTimes()).toEqual([new Date('2031-05-01T23:00:00.000Z'), new Date('2031-05-02T00:00:00.000Z')]);
    clock.advance(29 * 60 * 1000);
    await scheduler.settled();
    expect(runs).toEqual([]);
    clock.advance(2 * HOUR);
    await scheduler.settled();
    expect(runs).toEqual([
      scheduledJobId('hourly-thing', new Date('2031-05-01T23:00:00.000Z')),
      scheduledJobId('daily-thing', new Date('2031-05-02T00:00:00.000Z')),
      scheduledJobId('hourly-thing', new Date('2031-05-02T00:00:00.000Z')),
    ]);
    await scheduler.stop();
  });

  it('runs the latest slot once after sleeping through several, not each missed one', async () => {
    const { clock, runs, scheduler } = start([hourly], new Date('2031-05-01T10:15:00.000Z'));
    // The process was suspended: the clock jumps, then the overdue timer fires.
    clock.set(new Date('2031-05-01T14:20:00.000Z'));
    clock.advance(0);
    await scheduler.settled();
    expect(runs).toEqual([scheduledJobId('hourly-thing', new Date('2031-05-01T14:00:00.000Z'))]);
    expect(clock.dueTimes()).toEqual([new Date('2031-05-01T15:00:00.000Z')]);
    await scheduler.stop();
  });

  it('waits for the slot itself when woken early', async () => {
    const { clock, runs, scheduler } = start([hourly], new Date('2031-05-01T10:15:00.000Z'));
    clock.set(new Date('2031-05-01T09:00:00.000Z'));
    clock.advance(45 * 60 * 1000);
    await scheduler.settled();
    expect(runs).toEqual([]);
    expect(clock.dueTimes()).toEqual([new Date('2031-05-01T11:00:00.000Z')]);
    await scheduler.stop();
  });

  it('skips a slot while the run of an earlier slot is still going: runs never overlap', async () => {
    const pending = new Set<string>();
    const { clock, runs, scheduler } = start([hourly], new Date('2031-05-01T10:15:00.000Z'), { pending });
    clock.advance(HOUR);
    await scheduler.settled();
    expect(runs).toHaveLength(1);
    pending.add(runs[0]!);
    clock.advance(HOUR);
    await scheduler.settled();
    expect(runs).toHaveLength(1);
    pending.clear();
    clock.advance(HOUR);
    await scheduler.settled();
    expect(runs).toEqual([runs[0], scheduledJobId('hourly-thing', new Date('2031-05-01T13:00:00.000Z'))]);
    await scheduler.stop();
  });

  it('does not run a slot another process has claimed', async () => {
    const taken = new Date('2031-05-01T11:00:00.000Z');
    const { clock, runs, scheduler } = start([hourly], new Date('2031-05-01T10:15:00.000Z'), { claim: (slot) => slot.getTime() !== taken.getTime() });
    clock.advance(2 * HOUR);
    await scheduler.settled();
    expect(runs).toEqual([scheduledJobId('hourly-thing', new Date('2031-05-01T12:00:00.000Z'))]);
    await scheduler.stop();
  });

  it('keeps its timer when a claim fails, and tries the next slot', async () => {
    let isDown = true;
    const clock = manualClock(new Date('2031-05-01T10:15:00.000Z'));
    const runs: Date[] = [];
    const scheduler = startInProcessScheduler({
      schedules: [hourly],
      now: clock.now,
      timers: clock.timers,
      log: silentLog,
      claim: async () => {
        if (isDown) throw new Error('database unreachable');
        return true;
      },
      isPending: () => false,
      run: (_schedule, slot) => void runs.push(slot),
    });
    clock.advance(HOUR);
    await scheduler.settled();
    isDown = false;
    clock.advance(HOUR);
    await scheduler.settled();
    expect(runs).toEqual([new Date('2031-05-01T12:00:00.000Z')]);
    await scheduler.stop();
  });

  it('stops: no timer left, and nothing runs afterwards', async () => {
    const { clock, runs, scheduler } = start([daily, hourly], new Date('2031-05-01T10:15:00.000Z'));
    expect(clock.pendingTimers()).toBe(2);
    await scheduler.stop();
    expect(clock.pendingTimers()).toBe(0);
    clock.advance(3 * DAY);
    await scheduler.settled();
    expect(runs).toEqual([]);
  });
});
