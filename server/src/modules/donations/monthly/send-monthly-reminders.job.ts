import type { ScheduledJob } from '#server/queue/queue';
import { sendMonthlyReminders } from './monthly-plans.ts';

/** Hourly: a plan's reminder is recorded within the hour its day begins in India (decision 079). */
export const sendMonthlyRemindersJob: ScheduledJob = {
  name: 'send-monthly-reminders',
  everyMs: 60 * 60 * 1000,
  async run(job, context) {
    const recorded = await sendMonthlyReminders(context, job.scheduledAt);
    if (recorded > 0) context.log.info({ jobId: job.id, recorded }, 'monthly reminders recorded');
  },
};
