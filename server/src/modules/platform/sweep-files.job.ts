import { sweepFiles } from '#server/files/sweep';
import type { ScheduledJob } from '#server/queue/queue';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Hourly: removes files nothing can open any more (their subject's key was destroyed) and S3 objects
 * left without a row by a rolled-back or interrupted write (docs/decisions/016). Every step deletes
 * what is already unreachable, so a second run of the same slot is harmless.
 */
export const sweepFilesJob: ScheduledJob = {
  name: 'sweep-files',
  everyMs: HOUR_MS,
  async run(_job, context) {
    await sweepFiles(context);
  },
};
