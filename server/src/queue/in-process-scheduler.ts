import type { Logger } from 'pino';
import type { Queryable } from '#server/db/db';
import { scheduledJobId, type ScheduledJob } from './queue.ts';

/** Timers for the schedules; tests pass a manual clock's, so nobody waits for a day. */
export interface ScheduleTimers {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

/** setTimeout, unref'd: a schedule alone never keeps a process alive. */
export const realTimers: ScheduleTimers = {
  set(callback, ms) {
    const timer = setTimeout(callback, ms);
    timer.unref();
    return timer;
  },
  clear(handle) {
    clearTimeout(handle as NodeJS.Timeout);
  },
};

/** Node's timers hold at most 2^31 - 1 ms (24.8 days); a longer wait is taken in steps. */
const MAX_TIMER_MS = 2_147_483_647;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The start of the slot that contains `at`. */
export function slotOf(at: Date, everyMs: number): Date {
  return new Date(Math.floor(at.getTime() / everyMs) * everyMs);
}

/** Names become Redis keys and job IDs (`repeat:<name>:<slot>`): no ':' or '_' and nothing surprising. */
export function assertSchedules(schedules: readonly ScheduledJob[], handlerNames: readonly string[]): void {
  const names = new Set(handlerNames);
  for (const schedule of schedules) {
    if (!/^[a-z0-9][a-z0-9-]{0,62}$/.test(schedule.name)) throw new Error(`Schedule name ${JSON.stringify(schedule.name)} must be lower-case letters, digits and hyphens`);
    if (!Number.isSafeInteger(schedule.everyMs) || schedule.everyMs < 1) throw new Error(`Schedule ${schedule.name}: everyMs must be a positive whole number`);
    if (names.has(schedule.name)) throw new Error(`Schedule ${schedule.name}: the name is already taken by another job handler or schedule`);
    names.add(schedule.name);
  }
}

/**
 * Claims a slot of a schedule for this process. Without Redis, every server process sharing one
 * PostgreSQL runs its own timers; the primary key lets exactly one of them run the slot. Claims a
 * week (or two slots) old are deleted on the way, so the table stays a few rows per schedule.
 */
export async function claimScheduleSlot(db: Queryable, schedule: ScheduledJob, slot: Date, now: Date): Promise<boolean> {
  const keepMs = Math.max(7 * DAY_MS, 2 * schedule.everyMs);
  await db.query(`DELETE FROM job_schedule_slots WHERE schedule = $1 AND slot < $2`, [schedule.name, new Date(slot.getTime() - keepMs)]);
  const { rows } = await db.query(
    `INSERT INTO job_schedule_slots (schedule, slot, claimed_at) VALUES ($1, $2, $3) ON CONFLICT (schedule, slot) DO NOTHING RETURNING slot`,
    [schedule.name, slot, now],
  );
  return rows.length > 0;
}

export interface InProcessSchedulerOptions {
  schedules: readonly ScheduledJob[];
  now: () => Date;
  timers: ScheduleTimers;
  log: Logger;
  /** Claims the slot for this process (claimScheduleSlot); false when another process has it. */
  claim(schedule: ScheduledJob, slot: Date): Promise<boolean>;
  /** Whether the job with this ID is still waiting or running here (a run of an earlier slot). */
  isPending(jobId: string): boolean;
  /** Queues the run of a claimed slot. */
  run(schedule: ScheduledJob, slot: Date): void;
}

export interface InProcessScheduler {
  /** Resolves when the slots being claimed right now have been queued (or found taken). */
  settled(): Promise<void>;
  /** Clears the timers and waits for a slot being claimed to be queued; no slot starts afterwards. */
  stop(): Promise<void>;
}

/**
 * The embedded default's schedules: a timer per schedule for the start of its next slot. A slot
 * whose start passed while the process slept runs once, as the latest slot due (like BullMQ's
 * scheduler, missed slots are not made up one by one). A slot is skipped while the run of an
 * earlier one is still queued or running, so runs of one schedule never overlap.
 */
export function startInProcessScheduler(options: InProcessSchedulerOptions): InProcessScheduler {
  const { now, timers, log } = options;
  const handles = new Map<string, unknown>();
  const lastRun = new Map<string, string>();
  const claiming = new Set<Promise<void>>();
  let isStopped = false;

  function arm(schedule: ScheduledJob, slot: Date) {
    const delay = Math.min(Math.max(0, slot.getTime() - now().getTime()), MAX_TIMER_MS);
    handles.set(schedule.name, timers.set(() => fire(schedule, slot), delay));
  }

  function fire(schedule: ScheduledJob, slot: Date) {
    if (isStopped) return;
    const at = now();
    // Woken early (a long wait taken in steps, or a clock set back): wait for the slot itself.
    if (at < slot) return arm(schedule, slot);
    const due = slotOf(at, schedule.everyMs);
    arm(schedule, new Date(due.getTime() + schedule.everyMs));
    const previous = lastRun.get(schedule.name);
    if (previous && options.isPending(previous)) {
      log.warn({ schedule: schedule.name, slot: due.toISOString(), running: previous }, 'scheduled job still running; slot skipped');
      return;
    }
    const claim = (async () => {
      try {
        if (!(await options.claim(schedule, due))) {
          log.debug({ schedule: schedule.name, slot: due.toISOString() }, 'slot claimed by another process');
          return;
        }
        lastRun.set(schedule.name, scheduledJobId(schedule.name, due));
        options.run(schedule, due);
      } catch (error) {
        log.error({ err: error, schedule: schedule.name, slot: due.toISOString() }, 'could not start a scheduled job');
      }
    })();
    claiming.add(claim);
    void claim.finally(() => claiming.delete(claim));
  }

  for (const schedule of options.schedules) arm(schedule, new Date(slotOf(now(), schedule.everyMs).getTime() + schedule.everyMs));

  return {
    async settled() {
      await Promise.all(claiming);
    },
    async stop() {
      isStopped = true;
      for (const handle of handles.values()) timers.clear(handle);
      handles.clear();
      await Promise.all(claiming);
    },
  };
}
