import type { SahayModule } from '#server/modules/module';
import { donationsErasurePart } from './donations.api.ts';
import { contactKeysOf } from './donor-keys.ts';
import { donationsProjection } from './donations.projection.ts';
import { form10BDFilingsProjection } from './exports/form-10bd-filings.projection.ts';
import { onlinePaymentFlagsProjection } from './online/online-payment-flags.projection.ts';
import { onlinePaymentChecksProjection } from './online/online-payment-checks.projection.ts';
import { checkOnlinePaymentsJob } from './online/check-online-payments.job.ts';
import { processRazorpayEventJob } from './online/process-razorpay-event.job.ts';
import { monthlyPlansProjection } from './monthly/monthly-plans.projection.ts';
import { notifyMonthlyDonorJob } from './monthly/notify-monthly-donor.job.ts';
import { sendMonthlyRemindersJob } from './monthly/send-monthly-reminders.job.ts';
import { syncMonthlySubscriptionJob } from './monthly/sync-monthly-subscription.job.ts';
import { reindexMonthlyPlans } from './monthly/reindex-monthly-plans.ts';
import { donationsRest } from './donations.rest.ts';
import { markAbandonedDonationsJob } from './giving/mark-abandoned-donations.job.ts';
import { notifyDonorJob } from './giving/notify-donor.job.ts';
import { processDonationScreenshotJob } from './giving/process-donation-screenshot.job.ts';
import { renderDonationReceiptJob } from './receipts/render-donation-receipt.job.ts';
import { pruneStatementCodesJob } from './statements/prune-statement-codes.job.ts';
import { sendStatementCodeJob } from './statements/send-statement-code.job.ts';
import { shredRetainedReceiptsJob } from './receipts/shred-retained-receipts.job.ts';
import { form10beProjection } from './form-10be/form-10be.projection.ts';
import { deliverForm10beJob } from './form-10be/deliver-form-10be.job.ts';
import { form10beRemindersJob, notifyTaxDeadlineJob } from './form-10be/form-10be-reminders.job.ts';

export const donationsModule: SahayModule = {
  name: 'donations',
  // The pay step, the status page and the finance queue read their own changes at once (docs/decisions/015).
  inlineProjections: [donationsProjection, form10beProjection, form10BDFilingsProjection, onlinePaymentFlagsProjection, onlinePaymentChecksProjection, monthlyPlansProjection],
  jobs: [processDonationScreenshotJob, renderDonationReceiptJob, notifyDonorJob, sendStatementCodeJob, deliverForm10beJob, notifyTaxDeadlineJob, notifyMonthlyDonorJob, syncMonthlySubscriptionJob, processRazorpayEventJob],
  schedules: [markAbandonedDonationsJob, pruneStatementCodesJob, shredRetainedReceiptsJob, form10beRemindersJob, checkOnlinePaymentsJob, sendMonthlyRemindersJob],
  rest: donationsRest,
  erasure: donationsErasurePart,
  /** After a blind-index key change: the contact keys of the status look-up, from the contacts the read model holds. */
  async reindex({ tx, blindIndex, reveal }) {
    // Statement codes live minutes and are keyed by the old index: asked for again.
    await tx.query(`DELETE FROM statement_codes`);
    await tx.query(`DELETE FROM statement_code_tries`);
    // Monthly plans' keys, from their sealed donors (decision 079).
    await reindexMonthlyPlans({ tx, reveal, blindIndex });
    const { rows } = await tx.query<{ reference: string; donor_email: string | null; donor_phone: string | null }>(
      `SELECT reference, donor_email, donor_phone FROM donations WHERE donor_email IS NOT NULL OR donor_phone IS NOT NULL`,
    );
    const pairs = rows.flatMap((row) => contactKeysOf(blindIndex, { email: row.donor_email, phone: row.donor_phone }).map((key) => [row.reference, key] as const));
    if (pairs.length === 0) return;
    await tx.query(
      `UPDATE donations SET contact_keys = k.keys
       FROM (SELECT reference, array_agg(key ORDER BY n) AS keys FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS u(reference, key, n) GROUP BY reference) AS k
       WHERE donations.reference = k.reference`,
      [pairs.map(([reference]) => reference), pairs.map(([, key]) => key)],
    );
  },
};
