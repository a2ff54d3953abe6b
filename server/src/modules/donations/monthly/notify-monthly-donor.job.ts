import { z } from 'zod';
import { formatRupees } from '#server/lib/amount-in-words';
import { sendNotice } from '#server/mail/send-notice';
import { getSettings } from '#server/modules/site/site.api';
import { defineJob } from '#server/queue/job';
import { formatReference } from '../donation-fields.schema.ts';
import { donationStatusLink } from '../giving/notify-donor.job.ts';
import { paymentSettingsOf, upiPayTextOf } from '../giving/payment-details.ts';
import { manageLinkOf, planDonorOf } from './monthly-plans.ts';
import type { MonthlyPlanStarted, MonthlyReminderDue, MonthlySubscriptionStatusChanged } from './monthly-plans.events.ts';

/** ₹1,250.00 without its sign: the words around it carry ₹ or Rs. */
function amountText(paise: number): string {
  return formatRupees(paise).slice(1);
}

/**
 * Tells a monthly donor (decision 079), each message ending with the plan's signed manage link: the
 * plan started, and the gateway halted or cancelled the subscription, by e-mail when they gave one,
 * else by SMS (decision 062); this month's reminder (its own reference, the amount, the UPI ID and a
 * link to the QR and bank details) by e-mail and by SMS, as the issue asks of a payment reminder.
 * Once per event and channel (sendNotice's ledger).
 */
export const notifyMonthlyDonorJob = defineJob<MonthlyPlanStarted | MonthlyReminderDue | MonthlySubscriptionStatusChanged, { planId: string }>({
  name: 'notify-monthly-donor',
  on: ['MonthlyPlanStarted', 'MonthlyReminderDue', 'MonthlySubscriptionStatusChanged'],
  payload: z.object({ planId: z.string().uuid() }),
  async run({ id, event, payload }, context) {
    if (event.type === 'MonthlySubscriptionStatusChanged' && event.data.status !== 'halted' && event.data.status !== 'cancelled') return;
    const { state, donor } = await planDonorOf(context, payload.planId);
    if (!donor) return;
    const lang = donor.language ?? null;
    const link = manageLinkOf(context.config.publicUrl, context.eventStore.vault, payload.planId, lang);
    const to = { email: donor.email, phone: donor.phone, lang };
    switch (event.type) {
      case 'MonthlyPlanStarted':
        await sendNotice(context, { jobId: id, to, notice: 'monthlyStarted', vars: { amount: amountText(event.data.amountPaise), day: event.data.dayOfMonth, link } });
        return;
      case 'MonthlyReminderDue': {
        const { settings } = await getSettings(context.db);
        const payment = paymentSettingsOf(settings);
        const hasUpi = upiPayTextOf(payment, event.data.reference, event.data.amountPaise) !== null;
        const vars = {
          amount: amountText(event.data.amountPaise),
          reference: formatReference(event.data.reference),
          upiId: hasUpi ? payment.vpa : '—',
          payLink: donationStatusLink(context.config.publicUrl, event.data.reference, lang),
          link,
        };
        // A payment is asked for: by e-mail and by SMS both when both were given (issue 33), each once.
        await sendNotice(context, { jobId: id, to: { ...to, phone: null }, notice: 'monthlyReminder', vars });
        await sendNotice(context, { jobId: id, to: { ...to, email: null }, notice: 'monthlyReminder', vars });
        return;
      }
      case 'MonthlySubscriptionStatusChanged':
        await sendNotice(context, { jobId: id, to, notice: event.data.status === 'halted' ? 'monthlyHalted' : 'monthlyCancelled', vars: { amount: amountText(state.amountPaise), link } });
        return;
    }
  },
});
