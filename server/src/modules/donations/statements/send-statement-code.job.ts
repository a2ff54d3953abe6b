import { z } from 'zod';
import { isSealed, type Sealed } from '#server/event-store/sealing/personal-data';
import { ONE_TIME_CODE_MAX_TRIES, ONE_TIME_CODE_TTL_MINUTES } from '#server/lib/one-time-code';
import { renderMail } from '#server/mail/render-mail';
import { renderSms } from '#server/mail/render-sms';
import { defineJob } from '#server/queue/job';
import { runExternalOnce } from '#server/queue/job-effects';
import { deriveStatementCode } from './statement-code.ts';
import type { StatementCodeRequested, StatementCodeResent } from './statement-codes.events.ts';

/**
 * Sends a statement code to the contact it was asked for, and again when asked again while it is
 * live (decision 049): mail to an address, SMS to a number (none when no SMS sender is configured).
 * A code that a newer one replaced, or that was used, sends nothing. A second delivery derives the same code (decisions 006, 008).
 */
export const sendStatementCodeJob = defineJob<StatementCodeRequested | StatementCodeResent, { codeId: string; channel: 'email' | 'sms'; contact: Sealed }>({
  name: 'send-statement-code',
  on: ['StatementCodeRequested', 'StatementCodeResent'],
  payload: z.object({ codeId: z.string().min(1), channel: z.enum(['email', 'sms']), contact: z.custom<Sealed>(isSealed) }),
  async run({ id, payload }, context) {
    const { rows } = await context.db.query(`SELECT 1 FROM statement_codes WHERE code_id = $1 AND verified_at IS NULL`, [payload.codeId]);
    if (rows.length === 0) return;
    // An erased contact's key is gone: nothing to send.
    const revealed = await context.eventStore.vault.reveal<{ contact: string }>(context.db, payload.contact);
    if (!revealed) return;
    const code = deriveStatementCode(context.eventStore.vault, payload.codeId);
    if (payload.channel === 'email') {
      await runExternalOnce(context.db, id, () =>
        context.mailer.send({ to: revealed.contact, idempotencyKey: id, ...renderMail('statementCode', { code, validMinutes: ONE_TIME_CODE_TTL_MINUTES, maxTries: ONE_TIME_CODE_MAX_TRIES }) }),
      );
      return;
    }
    if (context.sms.kind === 'none') return;
    await runExternalOnce(context.db, id, () => context.sms.send({ to: revealed.contact, idempotencyKey: id, text: renderSms('statementCode', { code, validMinutes: ONE_TIME_CODE_TTL_MINUTES }) }));
  },
});
