import { z } from 'zod';
import { sendNotice } from '#server/mail/send-notice';
import { getUserContact } from '#server/modules/identity/identity.api';
import { defineJob } from '#server/queue/job';
import { HELP_REQUEST_ID_PATTERN } from '#server/shared/references';
import type { DirectGiftSubmitted, DisbursementPaid, HelpRequestPublished } from './help.events.ts';

/**
 * Tells the person who asked for help when their request is published, when a direct gift waits
 * for their confirmation, and when a withdrawal is paid, with its UTR (issue 32, decision 062). By
 * e-mail to the account's address, else by SMS to its phone; with a link to the page where they act
 * or see more — never the giver, the amount or the beneficiary's details. Once per event.
 */
export const notifyHelpRequesterJob = defineJob<HelpRequestPublished | DirectGiftSubmitted | DisbursementPaid, { requestId: string }>({
  name: 'notify-help-requester',
  on: ['HelpRequestPublished', 'DirectGiftSubmitted', 'DisbursementPaid'],
  payload: z.object({ requestId: z.string().regex(HELP_REQUEST_ID_PATTERN) }),
  async run({ id, event, payload }, context) {
    const { requestId } = payload;
    const { rows } = await context.db.query<{ requester_id: string }>(`SELECT requester_id FROM help_requests WHERE id = $1`, [requestId]);
    const requesterId = rows[0]?.requester_id;
    const contact = requesterId ? await getUserContact(context.db, requesterId) : null;
    if (!contact) return;
    const to = { email: contact.email, phone: contact.phone, lang: null };
    const base = context.config.publicUrl;
    switch (event.type) {
      case 'HelpRequestPublished':
        await sendNotice(context, { jobId: id, to, notice: 'helpPublished', vars: { link: `${base}/help/${requestId}` } });
        return;
      case 'DirectGiftSubmitted':
        await sendNotice(context, { jobId: id, to, notice: 'helpGiftToConfirm', vars: { link: `${base}/my-help/${requestId}` } });
        return;
      case 'DisbursementPaid':
        await sendNotice(context, { jobId: id, to, notice: 'helpPayoutPaid', vars: { utr: event.data.utr, link: `${base}/my-help/${requestId}` } });
        return;
      default: {
        const unknown: never = event;
        throw new Error(`notify-help-requester: nothing to say of ${JSON.stringify(unknown)}`);
      }
    }
  },
});
