import { z } from 'zod';
import { defineJob } from '#server/queue/job';
import { runExternalOnce } from '#server/queue/job-effects';
import { renderMail } from '#server/mail/render-mail';
import type { PasswordResetRequested } from '../identity.events.ts';
import { deriveResetCode, RESET_CODE_MAX_TRIES, RESET_CODE_TTL_MINUTES } from './password-reset.ts';

/**
 * E-mails the code of a reset request, in English and Hindi. A request that a newer one replaced, or
 * that was used, sends nothing. The code is derived again on a second delivery, so it is the same code
 * in the same outbox file (docs/decisions/006).
 */
export const sendPasswordResetCodeJob = defineJob<PasswordResetRequested, { userId: string; resetId: string }>({
  name: 'send-password-reset-code',
  on: ['PasswordResetRequested'],
  payload: z.object({ userId: z.string().min(1), resetId: z.string().min(1) }),
  async run({ id, payload }, context) {
    const { userId, resetId } = payload;
    await runExternalOnce(context.db, id, async () => {
      const { rows } = await context.db.query<{ email: string | null; full_name: string | null }>(
        `SELECT u.email, u.full_name FROM users u JOIN password_reset_codes c ON c.user_id = u.user_id
         WHERE u.user_id = $1 AND u.status = 'active' AND c.reset_id = $2 AND c.used_at IS NULL`,
        [userId, resetId],
      );
      const user = rows[0];
      if (!user?.email) return;
      const code = deriveResetCode(context.eventStore.vault, userId, resetId);
      await context.mailer.send({
        to: user.email,
        idempotencyKey: id,
        ...renderMail('passwordResetCode', { name: user.full_name, userId, code, validMinutes: RESET_CODE_TTL_MINUTES, maxTries: RESET_CODE_MAX_TRIES }),
      });
    });
  },
});
