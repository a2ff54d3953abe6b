import { z } from 'zod';
import { defineJob } from '#server/queue/job';
import { runExternalOnce } from '#server/queue/job-effects';
import { renderMail } from '#server/mail/render-mail';
import { renderSms } from '#server/mail/render-sms';
import type { PasswordResetRequested } from '../identity.events.ts';
import { deriveResetCode, RESET_CODE_MAX_TRIES, RESET_CODE_TTL_MINUTES } from './password-reset.ts';

/**
 * E-mails the code of a reset request, in English and Hindi, and texts it to the account's mobile. A request that a newer one replaced, or
 * that was used, sends nothing. The code is derived again on a second delivery, so it is the same code
 * in the same outbox file (docs/decisions/006).
 */
export const sendPasswordResetCodeJob = defineJob<PasswordResetRequested, { userId: string; resetId: string }>({
  name: 'send-password-reset-code',
  on: ['PasswordResetRequested'],
  payload: z.object({ userId: z.string().min(1), resetId: z.string().min(1) }),
  async run({ id, payload }, context) {
    const { userId, resetId } = payload;
    const { rows } = await context.db.query<{ email: string | null; phone: string | null; full_name: string | null }>(
      `SELECT u.email, u.phone, u.full_name FROM users u JOIN password_reset_codes c ON c.user_id = u.user_id
       WHERE u.user_id = $1 AND u.status = 'active' AND c.reset_id = $2 AND c.used_at IS NULL`,
      [userId, resetId],
    );
    const user = rows[0];
    if (!user) return;
    const code = deriveResetCode(context.eventStore.vault, userId, resetId);
    await runExternalOnce(context.db, id, async () => {
      if (!user.email) return;
      await context.mailer.send({
        to: user.email,
        idempotencyKey: id,
        ...renderMail('passwordResetCode', { name: user.full_name, userId, code, validMinutes: RESET_CODE_TTL_MINUTES, maxTries: RESET_CODE_MAX_TRIES }),
      });
    });
    // By SMS as well, for people who mostly use a phone (issue 16): an effect of its own, so a
    // failed SMS is retried without a second e-mail.
    if (context.sms.kind === 'none' || !user.phone) return;
    await runExternalOnce(context.db, `${id}_sms`, () =>
      context.sms.send({ to: user.phone!, idempotencyKey: id, text: renderSms('passwordResetCode', { code, validMinutes: RESET_CODE_TTL_MINUTES }) }),
    );
  },
});
