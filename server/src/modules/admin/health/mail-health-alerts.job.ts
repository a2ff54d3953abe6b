import type { Localized } from '#server/mail/mail-templates';
import { renderMail } from '#server/mail/render-mail';
import { formatIndiaDateTime } from '#server/lib/india-time';
import { getSuperAdminContacts } from '#server/modules/identity/identity.api';
import { runExternalOnce } from '#server/queue/job-effects';
import type { ScheduledJob } from '#server/queue/queue';
import { getSystemHealth } from './system-health.ts';
import { BACKUP_ALERT_HOURS, STORAGE_ALERT_PERCENT, type TSystemAlert, VALIDITY_ALERT_DAYS } from './system-health.schema.ts';

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
    case 'backup-missing':
      return {
        alert: { en: `No successful backup for ${BACKUP_ALERT_HOURS} hours (${alert.stanza})`, hi: `${BACKUP_ALERT_HOURS} घंटे से कोई सफल बैकअप नहीं हुआ (${alert.stanza})` },
        todo: {
          en: 'Check the backup service (docker compose ps backup; docker compose logs backup), fix what its last lines name — often a full disk or the storage\'s keys — then take one now: docker compose run --rm backup backup-daily --once.',
          hi: 'बैकअप सेवा जाँचें (docker compose ps backup; docker compose logs backup), उसकी आख़िरी पंक्तियाँ जो कारण बताएँ उसे ठीक करें — अक्सर भरी हुई डिस्क या स्टोरेज की कुंजियाँ — फिर अभी एक बैकअप लें: docker compose run --rm backup backup-daily --once।',
        },
      };
    case 'storage-full': {
      const en = alert.stores.map((store) => `${store.store === 'database' ? 'the database' : 'the files'} at ${store.percent} % of ${formatBytes(store.limitBytes)}`).join(', ');
      const hi = alert.stores.map((store) => `${store.store === 'database' ? 'डेटाबेस' : 'फ़ाइलें'} ${formatBytes(store.limitBytes)} के ${store.percent} % पर`).join(', ');
      return {
        alert: { en: `Storage above ${STORAGE_ALERT_PERCENT} % of its size: ${en}`, hi: `स्टोरेज अपने आकार के ${STORAGE_ALERT_PERCENT} % से ऊपर: ${hi}` },
        todo: {
          en: 'Make room before it fills: a larger disk or storage plan (then raise DATABASE_SIZE_LIMIT or FILE_STORE_SIZE_LIMIT to match), or move old exports and logs off the machine. A full database stops every donation and sign-in.',
          hi: 'भरने से पहले जगह बनाएँ: बड़ी डिस्क या स्टोरेज प्लान (फिर DATABASE_SIZE_LIMIT या FILE_STORE_SIZE_LIMIT उसी के अनुसार बढ़ाएँ), या पुराने निर्यात और लॉग मशीन से हटाएँ। डेटाबेस भर गया तो हर दान और साइन-इन रुक जाएगा।',
        },
      };
    }
    case 'webhook-failing':
      return {
        alert: { en: `Payment gateway webhooks are failing (${alert.failures} in a row)`, hi: `पेमेंट गेटवे के वेबहुक असफल हो रहे हैं (लगातार ${alert.failures})` },
        todo: {
          en: "Open Razorpay's dashboard (Settings → Webhooks) and look at the failed deliveries. Refused for the signature: RAZORPAY_WEBHOOK_SECRET must equal the webhook's secret there. Otherwise read the server's log. Razorpay disables a webhook that fails for 24 hours: enable it again there. Online gifts wait unverified meanwhile.",
          hi: 'Razorpay के डैशबोर्ड में (Settings → Webhooks) असफल डिलीवरी देखें। सिग्नेचर के कारण अस्वीकार: RAZORPAY_WEBHOOK_SECRET वहाँ के वेबहुक सीक्रेट के बराबर होना चाहिए। नहीं तो सर्वर का लॉग पढ़ें। 24 घंटे असफल रहने पर Razorpay वेबहुक बंद कर देता है: वहाँ उसे फिर चालू करें। तब तक ऑनलाइन दान बिना सत्यापन के रुके रहते हैं।',
        },
      };
    case 'validity-ending': {
      const names = { approval: { en: '80G approval', hi: '80G अनुमोदन' }, fcra: { en: 'FCRA registration', hi: 'FCRA पंजीकरण' } };
      return {
        alert: {
          en: `Ending within ${VALIDITY_ALERT_DAYS} days: ${alert.registrations.map((entry) => `${names[entry.kind].en} (valid until ${entry.validUntil})`).join(', ')}`,
          hi: `${VALIDITY_ALERT_DAYS} दिनों में समाप्त: ${alert.registrations.map((entry) => `${names[entry.kind].hi} (${entry.validUntil} तक वैध)`).join(', ')}`,
        },
        todo: {
          en: 'Apply for the renewal now (80G on the income-tax portal, FCRA on the FCRA portal), then enter the new last valid day in Settings.',
          hi: 'अभी नवीनीकरण के लिए आवेदन करें (80G आयकर पोर्टल पर, FCRA, FCRA पोर्टल पर), फिर सेटिंग्स में नई अंतिम वैध तिथि दर्ज करें।',
        },
      };
    }
  }
}

/** A configured size as people write it: 20 GB, 512 MB (decimal, as the limits usually are). */
function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
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
    const { alerts } = await getSystemHealth({ db: context.db, eventStore: context.eventStore, config: context.config, now: () => job.scheduledAt });
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
