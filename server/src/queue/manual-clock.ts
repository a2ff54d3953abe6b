import type { ScheduleTimers } from './in-process-scheduler.ts';

/**
 * A clock and timers that move only when a test says so, for the schedules: a day passes in a
 * call, and the timers set for it fire in order (each may set the next).
 */
export function manualClock(start: Date) {
  let nowMs = start.getTime();
  let nextId = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  const manualTimers: ScheduleTimers = {
    set(callback, ms) {
      const id = nextId++;
      timers.set(id, { at: nowMs + ms, callback });
      return id;
    },
    clear(handle) {
      timers.delete(handle as number);
    },
  };
  return {
    now: () => new Date(nowMs),
    timers: manualTimers,
    /** Timers set and not yet fired or cleared. */
    pendingTimers: () => timers.size,
    /** The times the pending timers are set for, earliest first. */
    dueTimes: () => [...timers.values()].map((timer) => new Date(timer.at)).sort((a, b) => a.getTime() - b.getTime()),
    /** Moves time forward by ms, firing each timer that falls due on the way, at its time. */
    advance(ms: number) {
      const target = nowMs + ms;
      for (;;) {
        let next: [number, { at: number; callback: () => void }] | undefined;
        for (const entry of timers) if (entry[1].at <= target && (!next || entry[1].at < next[1].at)) next = entry;
        if (!next) break;
        timers.delete(next[0]);
        nowMs = Math.max(nowMs, next[1].at);
        next[1].callback();
      }
      nowMs = target;
    },
    /** Sets the clock without firing anything (a process asleep, a clock set back). */
    set(at: Date) {
      nowMs = at.getTime();
    },
  };
}
