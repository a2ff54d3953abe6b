import { z } from 'zod';
import { foldStream } from '#server/event-store/command-handler';
import { sendNotice } from '#server/mail/send-notice';
import { defineJob } from '#server/queue/job';
import type { JobContext } from '#server/queue/queue';
import { REFERENCE_PATTERN, formatReference } from '../donation-fields.schema.ts';
import { donationStreamId, type DonationPledged, type DonationVerified, type DonorDetails } from '../donations.events.ts';
import { evolveReceiptJob, noReceiptJobState } from '../donation.decider.ts';

/** The status page with the reference filled in, in the donor's language: a link, never the donation's details. */
export function donationStatusLink(publicUrl: string, reference: string, lang: 'en' | 'hi' | null): string {
  return `${publicUrl}/donate/status?reference=${reference}${lang === 'hi' ? '&lang=hi' : ''}`;
}

async function donorOf(context: JobContext, reference: string): Promise<DonorDetails | null> {
  return context.db.transaction(async (tx) => {
    const { state } = await foldStream(context.eventStore, tx, donationStreamId(reference), evolveReceiptJob, noReceiptJobState);
    return state.pledge && !state.isErased ? context.eventStore.vault.reveal<DonorDetails>(tx, state.pledge.donor) : null;
  });
}

/**
 * Tells a donor their reference when they pledge online, and where their receipt is when the gift
 * is verified (issue 32, decision 062): the reference and a link to the status page, nothing else
 * (no amount, no PAN, no name). A donor with an e-mail address is mailed the receipt itself by the
 * receipt job, so only a phone-only donor is texted about it. An offline gift is pledged and
 * verified at once at the office: only the receipt is told. Once per event (sendNotice).
 */
export const notifyDonorJob = defineJob<DonationPledged | DonationVerified, { reference: string }>({
  name: 'notify-donor',
  on: ['DonationPledged', 'DonationVerified'],
  payload: z.object({ reference: z.string().regex(REFERENCE_PATTERN) }),
  async run({ id, event, payload }, context) {
    const { reference } = payload;
    if (event.type === 'DonationPledged' && event.data.channel === 'offline') return;
    // A monthly plan's pledge is told by the plan's own reminder (decision 079), with its manage link.
    if (event.type === 'DonationPledged' && event.data.monthlyPlanId) return;
    const donor = await donorOf(context, reference);
    if (!donor) return;
    const lang = donor.language ?? null;
    const vars = { reference: formatReference(reference), link: donationStatusLink(context.config.publicUrl, reference, lang) };
    if (event.type === 'DonationPledged') {
      await sendNotice(context, { jobId: id, to: { email: donor.email, phone: donor.phone, lang }, notice: 'donationPledged', vars });
    } else if (!donor.email) {
      await sendNotice(context, { jobId: id, to: { email: null, phone: donor.phone, lang }, notice: 'donationReceipt', vars });
    }
  },
});
