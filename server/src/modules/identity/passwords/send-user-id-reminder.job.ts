import { z } from 'zod';
import { renderMail } from '#server/mail/render-mail';
import { renderSms } from '#server/mail/render-sms';
import { defineJob } from '#server/queue/job';
import { runExternalOnce } from '#server/queue/job-effects';
import type { UserIdReminderRequested } from '../identity.events.ts';

/**
 * Sends a user ID where it was asked for: by e-mail (English and Hindi) or by SMS to the account's
 * mobile. An account closed or erased since sends nothing; a second delivery sends nothing more.
 */
export const sendUserIdReminderJob = defineJob<UserIdReminderRequested, { userId: string; channel: 'email' | 'sms' }>({
  name: 'send-user-id-reminder',
  on: ['UserIdReminderRequested'],
  payload: z.object({ userId: z.string().min(1), channel: z.enum(['email', 'sms']) }),
  async run({ id, payload }, context) {
    const { rows } = await context.db.query<{ email: string | null; phone: string | null; full_name: string | null }>(
      `SELECT email, phone, full_name FROM users WHERE user_id = $1 AND status = 'active'`,
      [payload.userId],
    );
    const user = rows[0];
    if (!user) return;
    await runExternalOnce(context.db, id, async () => {
      if (payload.channel === 'email' && user.email) {
        await context.mailer.send({ to: user.email, idempotencyKey: id, ...renderMail('userIdReminder', { name: user.full_name, userId: payload.userId }) });
      } else if (payload.channel === 'sms' && user.phone && context.sms.kind !== 'none') {
        await context.sms.send({ to: user.phone, idempotencyKey: id, text: renderSms('userIdReminder', { name: user.full_name ?? '', userId: payload.userId }) });
      }
    });
  },
});
