import { UnrecoverableError } from 'bullmq';
import type { z } from 'zod';
import type { DomainEvent, Recorded } from '#server/event-store/types';
import type { JobContext, JobHandler } from './queue.ts';

/**
 * A job's payload did not have the shape its handler needs: retrying cannot fix it, so the job
 * fails at once (BullMQ and the in-process queue both stop on an UnrecoverableError) and shows in
 * the admins' failed-jobs list.
 */
export class JobPayloadError extends UnrecoverableError {
  constructor(job: string, issues: string) {
    super(`Job ${job}: the event does not carry what the job needs (${issues})`);
  }
}

export interface JobSpec<E extends DomainEvent, P> {
  /** Unique across modules; part of every job ID (`<eventId>_<name>`). */
  name: string;
  /** The event types that start it. */
  on: readonly E['type'][];
  /** What the job reads from the event's data, checked before it runs (jobs cross Redis as JSON). */
  payload: z.ZodType<P>;
  run(job: { id: string; event: Recorded<E>; payload: P }, context: JobContext): Promise<void>;
}

/**
 * The one way to write an event-triggered job (`<name>.job.ts`): its triggers, its payload schema
 * and its handler. Effects must be idempotent; job-effects.ts has the helpers.
 */
export function defineJob<E extends DomainEvent, P>(spec: JobSpec<E, P>): JobHandler<E> {
  return {
    name: spec.name,
    on: spec.on,
    async run(job, context) {
      const parsed = spec.payload.safeParse(job.event.data);
      if (!parsed.success) throw new JobPayloadError(spec.name, parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
      await spec.run({ id: job.id, event: job.event, payload: parsed.data }, context);
    },
  };
}
