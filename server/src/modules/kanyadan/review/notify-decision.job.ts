import { z } from 'zod';
import { renderMail } from '#server/mail/render-mail';
import { defineJob } from '#server/queue/job';
import { runExternalOnce } from '#server/queue/job-effects';
import { REG_NO_PATTERN, type RejectionReason } from '../submission/kanyadan-fields.schema.ts';
import type { KanyadanApplicationRejected, KanyadanApplicationVerified } from '../kanyadan.events.ts';
import { REJECTION_REASON_TEXT } from './rejection-reasons.ts';

const DECISION = {
  verified: { en: 'verified', hi: 'सत्यापित हो गया है' },
  rejected: { en: 'not accepted', hi: 'स्वीकार नहीं हुआ' },
};
const NEXT_STEP = {
  verified: {
    en: 'When the girl is 18 or older and her marriage is fixed, bring the proof to the foundation to request the benefit. The help is subject to eligibility and available funds.',
    hi: 'जब बालिका 18 वर्ष या उससे बड़ी हो और उसका विवाह तय हो जाए, तो सहायता के अनुरोध के लिए प्रमाण फ़ाउंडेशन में लाएँ। सहायता पात्रता और उपलब्ध धन के अनुसार है।',
  },
  rejected: {
    en: 'You may correct what is named above and apply again, or write to us with your registration number.',
    hi: 'ऊपर बताई गई बात ठीक करके आप फिर से आवेदन कर सकते हैं, या अपने पंजीकरण नंबर के साथ हमें लिखें।',
  },
};

/**
 * Tells a family who gave an e-mail address the decision on their application, in English and
 * Hindi (the SMS text is on the application's page for the team to send). Sent once per decision
 * (runExternalOnce); nothing is sent to an application erased meanwhile, or without an address.
 */
export const notifyKanyadanDecisionJob = defineJob<KanyadanApplicationVerified | KanyadanApplicationRejected, { regNo: string }>({
  name: 'notify-kanyadan-decision',
  on: ['KanyadanApplicationVerified', 'KanyadanApplicationRejected'],
  payload: z.object({ regNo: z.string().regex(REG_NO_PATTERN) }),
  async run({ id, event, payload }, context) {
    await runExternalOnce(context.db, id, async () => {
      const { rows } = await context.db.query<{ email: string | null; guardian_name: string | null; is_erased: boolean; rejection_note: string | null }>(
        `SELECT email, guardian_name, is_erased, rejection_note FROM kanyadan_applications WHERE reg_no = $1`,
        [payload.regNo],
      );
      const row = rows[0];
      if (!row || row.is_erased || !row.email) return;
      const decision = event.type === 'KanyadanApplicationVerified' ? 'verified' : 'rejected';
      const rejected = event.type === 'KanyadanApplicationRejected' ? event.data : null;
      await context.mailer.send({
        to: row.email,
        idempotencyKey: id,
        ...renderMail('kanyadanDecision', {
          name: row.guardian_name ?? payload.regNo,
          regNo: payload.regNo,
          decision: DECISION[decision],
          reason: rejected ? REJECTION_REASON_TEXT[rejected.reason as RejectionReason] : null,
          note: rejected ? row.rejection_note : null,
          nextStep: NEXT_STEP[decision],
        }),
      });
    });
  },
});
