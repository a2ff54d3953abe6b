import { z } from 'zod';
import { handleCommand } from '#server/event-store/command-handler';
import { renderMail } from '#server/mail/render-mail';
import { getFinanceStaffContacts } from '#server/modules/identity/identity.api';
import { getSettings } from '#server/modules/site/site.api';
import { defineJob } from '#server/queue/job';
import { runExternalOnce } from '#server/queue/job-effects';
import type { JobContext, ScheduledJob } from '#server/queue/queue';
import { financialYearOf, indiaDateOf } from '../receipts/receipt-serial.ts';
import { DAY_MS } from '../statements/prune-statement-codes.job.ts';
import { TAX_DEADLINES, type TaxDeadline, type TaxDeadlineReminderSent } from './form-10be.events.ts';
import { decideSendReminder, reminderDue, reminderStream } from './tax-deadline-reminder.decider.ts';

/** The next due day ('YYYY-MM-DD') of a yearly 'MM-DD' on or after `today`, and the financial year it is for (the one before it). */
export function nextDueDay(today: string, monthDay: string): { dueOn: string; financialYear: string } {
  const year = Number(today.slice(0, 4));
  const thisYear = `${year}-${monthDay}`;
  const dueOn = thisYear >= today ? thisYear : `${year + 1}-${monthDay}`;
  const start = Number(financialYearOf(dueOn).slice(0, 4)) - 1;
  return { dueOn, financialYear: `${start}-${String((start + 1) % 100).padStart(2, '0')}` };
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * Records the reminders due today (India's date) for filing Form 10BD and for the certificates'
 * issue date (settings form10bdDueOn, form10beDueOn): 30, 7 and 1 days before, each once; the
 * mail to finance follows from the event. Returns what it recorded.
 */
export async function recordDueReminders(context: Pick<JobContext, 'db' | 'eventStore'>, at: Date): Promise<TaxDeadlineReminderSent['data'][]> {
  const today = indiaDateOf(at);
  const { settings } = await getSettings(context.db);
  const dueDays: Record<TaxDeadline, string> = { 'form-10bd': settings.form10bdDueOn, 'form-10be': settings.form10beDueOn };
  const sent: TaxDeadlineReminderSent['data'][] = [];
  for (const deadline of TAX_DEADLINES) {
    const { dueOn, financialYear } = nextDueDay(today, dueDays[deadline]);
    const daysBefore = reminderDue(daysBetween(today, dueOn));
    if (daysBefore === null) continue;
    const { events } = await handleCommand(context, {
      stream: reminderStream,
      id: `${deadline}-${dueOn}`,
      decide: (state) => decideSendReminder({ deadline, financialYear, dueOn, daysBefore, now: at }, state),
      metadata: { actor: 'system', correlationId: `form-10be-reminders:${today}` },
    });
    sent.push(...events.map((event) => event.data as TaxDeadlineReminderSent['data']));
  }
  return sent;
}

/** Daily: the reminders due today. A second run of the day finds them recorded. */
export const form10beRemindersJob: ScheduledJob = {
  name: 'form-10be-reminders',
  everyMs: DAY_MS,
  async run(job, context) {
    const sent = await recordDueReminders(context, job.scheduledAt);
    context.log.info({ jobId: job.id, reminders: sent.length }, 'Form 10BD and 10BE deadline reminders recorded');
  },
};

const DOCUMENTS: Record<TaxDeadline, { en: string; hi: string }> = {
  'form-10bd': { en: 'Form 10BD (statement of donations) must be filed', hi: 'फ़ॉर्म 10BD (दान का विवरण) दाखिल करना है' },
  'form-10be': { en: 'Every donor must have their Form 10BE certificate', hi: 'हर दानदाता को उनका फ़ॉर्म 10BE प्रमाणपत्र मिल जाना चाहिए' },
};

/** Mails a recorded reminder to every finance staff member and super-admin, each once. */
export const notifyTaxDeadlineJob = defineJob<TaxDeadlineReminderSent, TaxDeadlineReminderSent['data']>({
  name: 'notify-tax-deadline',
  on: ['TaxDeadlineReminderSent'],
  payload: z.object({ deadline: z.enum(TAX_DEADLINES), financialYear: z.string(), dueOn: z.string(), daysBefore: z.union([z.literal(30), z.literal(7), z.literal(1)]), sentAt: z.string() }),
  async run({ id, payload }, context) {
    for (const staff of await getFinanceStaffContacts(context.db)) {
      const effectId = `${id}.${staff.userId}`;
      await runExternalOnce(context.db, effectId, () =>
        context.mailer.send({
          to: staff.email,
          idempotencyKey: effectId,
          ...renderMail('taxDeadlineReminder', {
            name: staff.name,
            deadline: DOCUMENTS[payload.deadline],
            financialYear: payload.financialYear,
            dueOn: payload.dueOn,
            daysLeft: String(payload.daysBefore),
            adminLink: `${context.config.publicUrl}/admin/donations/form-10be`,
          }),
        }),
      );
    }
  },
});
