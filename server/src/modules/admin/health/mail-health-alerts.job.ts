import type { Localized } from '#server/mail/mail-templates';
import { renderMail } from '#server/mail/render-mail';
import { formatIndiaDateTime } from '#server/lib/india-time';
import { getSuperAdminContacts } from '#server/modules/identity/identity.api';
import { runExternalOnce } from '#server/queue/job-effects';
import type { ScheduledJob } from '#server/queue/queue';
import { getSystemHealth } from './system-health.ts';
import type { TSystemAlert } from './system-health.schema.ts';

/** How often the alerts are checked; a new alert is mailed within this. */
export const HEALTH_CHECK_EVERY_MS = 5 * 60_000;
/** An alert still there is mailed again after this long. */
export const ALERT_MAIL_EVERY_MS = 60 * 60_000;

/** What each alert is and what to do, in both languages (the page's words: admin.health.*). */
function wordsOf(alert: TSystemAlert): { alert: Localized; todo: Localized } {
  switch (alert.kind) {
    case 'jobs-failed':
      return {
        alert: { en: `Background jobs failed their last attempt (${alert.count})`, hi: `पृष्ठभूमि के काम आख़िरी कोशिश में भी असफल रहे (${alert.count})` },
        todo: {
          en: 'Open Failed jobs in the console, read the last error, fix its cause (often the mail server or a setting), then press Retry.',
          hi: 'कंसोल में असफल काम खोलें, आख़िरी त्रुटि पढ़ें, उसका कारण ठीक करें (अक्सर मेल सर्वर या कोई सेटिंग), फिर “दोबारा चलाएँ” दबाएँ।',
        },
      };
    case 'projection-lag':
      return {
        alert: { en: 'Read models are more than a minute behind', hi: 'रीड मॉडल एक मिनट से ज़्यादा पीछे हैं' },
        todo: {
          en: 'Check that the worker is running (docker compose ps) and read its log for a failing batch.',
          hi: 'देखें कि वर्कर चल रहा है (docker compose ps) और उसके लॉग में असफल बैच का कारण पढ़ें।',
        },
      };
    case 'mail-failing':
      return {
        alert: { en: 'No e-mail has gone out for 15 minutes', hi: '15 मिनट से कोई ई-मेल नहीं गया' },
        todo: { en: 'Check SMTP_URL and the mail provider (password, quota, status page).', hi: 'SMTP_URL और मेल प्रदाता (पासवर्ड, कोटा, स्टेटस पेज) जाँचें।' },
      };
    case 'sms-failing':
      return {
        alert: { en: 'No text message has gone out for 15 minutes', hi: '15 मिनट से कोई SMS नहीं गया' },
        todo: { en: "Check SMS_HTTP_URL, SMS_HTTP_TOKEN and the gateway's balance and status.", hi: 'SMS_HTTP_URL, SMS_HTTP_TOKEN और गेटवे का बैलेंस व स्टेटस जाँचें।' },
      };
  }
}

/**
 * Every 5 minutes: each System health alert (decision 073) is mailed to every super-admin, then again
 * at most once an hour while it lasts. Mail for a failing mail server may of course not arrive; the
 * page shows it anyway. Each mail is its own effect of the slot, so a retried run mails nobody twice;
 * the hour is counted from the slot, not the clock, so a retry decides as the first run did.
 */
export const mailHealthAlertsJob: ScheduledJob = {
  name: 'mail-health-alerts',
  everyMs: HEALTH_CHECK_EVERY_MS,
  async run(job, context) {
    const { alerts } = await getSystemHealth({ db: context.db, eventStore: context.eventStore, now: () => job.scheduledAt });
    if (alerts.length === 0) return;
    const { rows } = await context.db.query<{ kind: string; last_mailed_at: Date }>(`SELECT kind, last_mailed_at FROM health_alert_mails`);
    const lastMailed = new Map(rows.map((row) => [row.kind, row.last_mailed_at.getTime()]));
    const due = alerts.filter((alert) => {
      const last = lastMailed.get(alert.kind);
      // A row written by this very slot (a retried run) still counts as due: its effects say who was mailed.
      return last === undefined || last === job.scheduledAt.getTime() || job.scheduledAt.getTime() - last >= ALERT_MAIL_EVERY_MS;
    });
    if (due.length === 0) return;
    const superAdmins = await getSuperAdminContacts(context.db);
    for (const alert of due) {
      const words = wordsOf(alert);
      for (const admin of superAdmins) {
        const effectId = `${job.id}.${alert.kind}.${admin.userId}`;
        await runExternalOnce(context.db, effectId, async () => {
          await context.mailer.send({
            to: admin.email,
            idempotencyKey: effectId.replaceAll(':', '-'),
            ...renderMail('systemAlert', {
              name: admin.name,
              alert: words.alert,
              since: formatIndiaDateTime(new Date(alert.since)),
              todo: words.todo,
              adminLink: `${context.config.publicUrl}/admin/health`,
            }),
          });
        });
      }
      await context.db.query(
        `INSERT INTO health_alert_mails (kind, last_mailed_at) VALUES ($1, $2) ON CONFLICT (kind) DO UPDATE SET last_mailed_at = EXCLUDED.last_mailed_at`,
        [alert.kind, job.scheduledAt],
      );
    }
    context.log.info({ jobId: job.id, alerts: due.map((alert) => alert.kind), superAdmins: superAdmins.length }, 'system health alerts mailed');
  },
};
