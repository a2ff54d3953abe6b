import type { SahayModule } from '#server/modules/module';
import { adminRest } from './admin.rest.ts';
import { replayCheckJob } from './replay-checks/replay-check.job.ts';
import { renderAuditBundleJob } from './audit/audit-bundle.job.ts';
import { notifyMoneySettingsJob } from './settings/notify-money-settings.job.ts';
import { notifyValidityAlertJob } from './settings/notify-validity-alert.job.ts';
import { mailHealthAlertsJob } from './health/mail-health-alerts.job.ts';

export const adminModule: SahayModule = { name: 'admin', rest: adminRest, jobs: [replayCheckJob, renderAuditBundleJob, notifyMoneySettingsJob, notifyValidityAlertJob],
  schedules: [mailHealthAlertsJob],
};
