import type { ScheduledJob } from '#server/queue/queue';
import { raiseValidityAlerts } from './validity-alerts.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Daily: 90, 30 and 7 days before the tax-exemption approval's or the FCRA registration's validity
 * ends, an alert is raised once (ValidityAlertRaised); the admin module mails it to super-admins and
 * finance staff, and the dashboard shows it. Two workers, or a retry, raise it once: the decision
 * is made on the alerts' stream at the version read.
 */
export const raiseValidityAlertsJob: ScheduledJob = {
  name: 'raise-validity-alerts',
  everyMs: DAY_MS,
  async run(job, context) {
    const raised = await raiseValidityAlerts(context, { actor: 'system', correlationId: job.id, causationId: null, ip: null });
    context.log.info({ jobId: job.id, raised }, 'validity alerts checked');
  },
};
