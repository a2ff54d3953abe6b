import { z } from 'zod';
import { renderMail } from '#server/mail/render-mail';
import { defineJob } from '#server/queue/job';
import { runExternalOnce } from '#server/queue/job-effects';
import type { StaffInvited } from '../identity.events.ts';
import { invitationToken } from './staff-invitations.ts';
import { INVITATION_VALID_HOURS } from './staff-invitation.decider.ts';

/**
 * E-mails the invitation's one-time link, in English and Hindi (each half's link opening the page in its language). Checked when the job runs, not when
 * it was queued: an invitation used, withdrawn or expired meanwhile (a worker that was down, a queue
 * that was long) sends nothing, since its link would open nothing and a withdrawn invitation must not
 * reach the person (issue 29 review). A second delivery of the job builds the same link (the token is
 * derived, not stored) and sends nothing more (docs/decisions/006).
 */
export const sendStaffInvitationJob = defineJob<StaffInvited, { invitationId: string }>({
  name: 'send-staff-invitation',
  on: ['StaffInvited'],
  payload: z.object({ invitationId: z.string().min(1) }),
  async run({ id, payload }, context) {
    await runExternalOnce(context.db, id, async () => {
      const { rows } = await context.db.query<{ full_name: string | null; email: string | null; inviter: string | null }>(
        `SELECT i.full_name, i.email, u.full_name AS inviter
         FROM staff_invitations i LEFT JOIN users u ON u.user_id = i.invited_by
         WHERE i.invitation_id = $1 AND i.accepted_at IS NULL AND i.withdrawn_at IS NULL AND i.expires_at > $2`,
        [payload.invitationId, context.now()],
      );
      const invitation = rows[0];
      if (!invitation?.email) return;
      const link = `${context.config.publicUrl}/staff-invitation?token=${encodeURIComponent(invitationToken({ vault: context.eventStore.vault }, payload.invitationId))}`;
      // Each half of the mail links to the page in its own language (issue 32: the Hindi half opened an English page).
      const links = { en: link, hi: `${link}&lang=hi` };
      await context.mailer.send({
        to: invitation.email,
        idempotencyKey: id,
        ...renderMail('staffInvitation', { name: invitation.full_name, inviter: invitation.inviter, validHours: INVITATION_VALID_HOURS, link: links }),
      });
    });
  },
});
