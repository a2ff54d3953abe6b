import { z } from 'zod';
import { defineJob } from '#server/queue/job';
import { runExternalOnce } from '#server/queue/job-effects';
import { renderMail } from '#server/mail/render-mail';
import { CONFIRMATION_VALID_DAYS, createConfirmationToken } from './email-confirmation.ts';
import type { AccountRegistered, EmailConfirmationRequested } from '../identity.events.ts';

/**
 * Sends the confirmation e-mail, in English and Hindi, after a member registers or asks again.
 * The outbox file and the SMTP Message-ID are keyed by the job ID, and a sent job is recorded, so
 * a second delivery of the same job sends nothing.
 */
export const sendConfirmationEmailJob = defineJob<AccountRegistered | EmailConfirmationRequested, { userId: string; role?: string }>({
  name: 'send-email-confirmation',
  on: ['AccountRegistered', 'EmailConfirmationRequested'],
  payload: z.object({ userId: z.string().min(1), role: z.string().optional() }),
  async run({ id, event, payload }, context) {
    // Accounts an operator creates (admins) have nothing to confirm.
    if (event.type === 'AccountRegistered' && payload.role !== 'member') return;
    await runExternalOnce(context.db, id, async () => {
      const { rows } = await context.db.query<{ email: string | null; full_name: string | null; email_verified_at: Date | null }>(
        `SELECT email, full_name, email_verified_at FROM users WHERE user_id = $1 AND status = 'active'`,
        [payload.userId],
      );
      const user = rows[0];
      if (!user?.email || user.email_verified_at) return;
      // Dated from the event, so a second delivery builds the same link.
      const token = createConfirmationToken({ vault: context.eventStore.vault }, payload.userId, new Date(event.recordedAt));
      const link = `${context.config.publicUrl}/confirm-email?token=${encodeURIComponent(token)}`;
      await context.mailer.send({
        to: user.email,
        idempotencyKey: id,
        ...renderMail('emailConfirmation', { name: user.full_name, userId: payload.userId, validDays: CONFIRMATION_VALID_DAYS, link }),
      });
    });
  },
});
