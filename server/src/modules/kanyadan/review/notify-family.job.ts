import { z } from 'zod';
import type { Localized } from '#server/mail/mail-templates';
import { sendNotice } from '#server/mail/send-notice';
import { defineJob } from '#server/queue/job';
import type {
  KanyadanApplicationRejected,
  KanyadanApplicationSubmitted,
  KanyadanApplicationVerified,
  KanyadanBenefitApproved,
  KanyadanBenefitDisbursed,
  KanyadanBenefitRequested,
  KanyadanFeePaid,
} from '../kanyadan.events.ts';
import { REG_NO_PATTERN } from '../submission/kanyadan-fields.schema.ts';

export type StateChange =
  | KanyadanApplicationSubmitted
  | KanyadanFeePaid
  | KanyadanApplicationVerified
  | KanyadanApplicationRejected
  | KanyadanBenefitRequested
  | KanyadanBenefitApproved
  | KanyadanBenefitDisbursed;

/** Each state in a few words, as the status page names it (the reason and what to do next are there, behind the link). */
export function stateOf(event: StateChange): Localized {
  switch (event.type) {
    case 'KanyadanApplicationSubmitted':
      return event.data.feePaise > 0
        ? { en: 'received, fee awaited', hi: 'मिल गया, शुल्क की प्रतीक्षा' }
        : { en: 'received, to be checked', hi: 'मिल गया, जाँच होगी' };
    case 'KanyadanFeePaid':
      return { en: 'fee received, to be checked', hi: 'शुल्क मिला, जाँच होगी' };
    case 'KanyadanApplicationVerified':
      return { en: 'verified', hi: 'सत्यापित हो गया है' };
    case 'KanyadanApplicationRejected':
      return { en: 'not accepted, see why', hi: 'स्वीकार नहीं हुआ, कारण देखें' };
    case 'KanyadanBenefitRequested':
      return { en: 'benefit requested', hi: 'सहायता का अनुरोध हो गया' };
    case 'KanyadanBenefitApproved':
      return { en: 'benefit approved', hi: 'सहायता स्वीकृत हो गई' };
    case 'KanyadanBenefitDisbursed':
      return { en: `benefit paid, UTR ${event.data.utr}`, hi: `सहायता का भुगतान हुआ, UTR ${event.data.utr}` };
    default: {
      const unknown: never = event;
      throw new Error(`notify-kanyadan-family: no words for ${JSON.stringify(unknown)}`);
    }
  }
}

/**
 * Tells the family its registration number on submission and at each change of state (issue 32,
 * decision 062): the number, the state in a few words and a link to the status page, which asks
 * for the phone — never the girl's name, the Aadhaar or the amount. By e-mail when the family gave
 * one, else by SMS to the phone given; a family with an e-mail gets a decision (verified or not
 * accepted) from notify-kanyadan-decision, with its reason, so it is not mailed twice. Once per event.
 */
export const notifyKanyadanFamilyJob = defineJob<StateChange, { regNo: string }>({
  name: 'notify-kanyadan-family',
  on: [
    'KanyadanApplicationSubmitted',
    'KanyadanFeePaid',
    'KanyadanApplicationVerified',
    'KanyadanApplicationRejected',
    'KanyadanBenefitRequested',
    'KanyadanBenefitApproved',
    'KanyadanBenefitDisbursed',
  ],
  payload: z.object({ regNo: z.string().regex(REG_NO_PATTERN) }),
  async run({ id, event, payload }, context) {
    const { regNo } = payload;
    const { rows } = await context.db.query<{ email: string | null; phone: string | null; is_erased: boolean }>(
      `SELECT email, phone, is_erased FROM kanyadan_applications WHERE reg_no = $1`,
      [regNo],
    );
    const row = rows[0];
    if (!row || row.is_erased) return;
    const isDecision = event.type === 'KanyadanApplicationVerified' || event.type === 'KanyadanApplicationRejected';
    if (isDecision && row.email) return;
    await sendNotice(context, {
      jobId: id,
      to: { email: row.email, phone: row.phone, lang: null },
      notice: 'kanyadanState',
      vars: { regNo, state: stateOf(event), link: `${context.config.publicUrl}/kanyadanRegistration?step=status&regNo=${regNo}` },
    });
  },
});
