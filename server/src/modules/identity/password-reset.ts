import crypto from 'node:crypto';
import type { z } from 'zod';
import { AppError } from '#server/errors/app-error';
import type { PersonalDataVault } from '#server/event-store/personal-data';
import { hashPassword } from '#server/lib/passwords';
import { consumeRateLimit } from '#server/lib/rate-limit';
import { hasRun } from '#server/queue/job-effects';
import type { JobHandler } from '#server/queue/queue';
import type { Services } from '#server/services';
import { userStreamId, type PasswordChanged, type PasswordResetRequested } from './identity.events.ts';
import type { ZRequestPasswordResetRequestSchema, ZResetPasswordRequestSchema } from './password-reset.schema.ts';
import { eventMetadata, type RequestMeta } from './request-meta.ts';
import { revokeAllSessions } from './sessions.ts';

/** PRODUCT.md §4, word for word; the same for an unknown user ID, a wrong phone and a closed account. */
export const RESET_INVALID_PAIR = 'Invalid User ID or Phone. Please try again.';
export const RESET_CODE_SENT = 'We have e-mailed a 6-digit code to the address on this account. It is valid for 10 minutes.';
export const RESET_CODE_EXPIRED = 'This code has expired. Please request a new one.';
export const PASSWORD_RESET_DONE = 'Password changed successfully!';

export const RESET_CODE_TTL_MINUTES = 10;
export const RESET_CODE_MAX_TRIES = 5;

export function wrongCodeMessage(triesLeft: number): string {
  if (triesLeft <= 0) return 'This code is not correct, and that was the last try. Please request a new code.';
  return `This code is not correct. You have ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`;
}

/**
 * The 6-digit code of one reset request: an HMAC of the account and the request's random ID under a
 * key derived from the master key (docs/decisions/008). Nothing stores it; the mail job and the check
 * both compute it, and without the master key the events and tables do not give it away.
 */
export function deriveResetCode(vault: PersonalDataVault, userId: string, resetId: string): string {
  const mac = crypto.createHmac('sha256', vault.deriveKey('password-reset-code')).update(`${userId}\u0000${resetId}`).digest();
  return (mac.readBigUInt64BE(0) % 1_000_000n).toString().padStart(6, '0');
}

function isSameCode(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/**
 * Step 1: when the user ID and phone belong to one active account, e-mails it a new code (through the
 * event and the mail job) and makes any older code useless. Every other case gets the one message of
 * PRODUCT.md, found by the same single query, so the answer tells no more than that message does.
 */
export async function requestPasswordReset(
  services: Services,
  input: z.output<typeof ZRequestPasswordResetRequestSchema>,
  meta: RequestMeta,
): Promise<{ message: string }> {
  const now = services.now();
  const { db, limits } = services;
  if (meta.ip) await consumeRateLimit(db, `password-reset:ip:${meta.ip}`, limits.passwordResetPerIp, now);
  // Counted under what was typed, whether or not it exists: probing phones for one ID is slowed alike.
  await consumeRateLimit(db, `password-reset:user:${input.userId}`, limits.passwordResetPerAccount, now);
  const { rows } = await db.query<{ user_id: string }>(`SELECT user_id FROM users WHERE user_id = $1 AND phone = $2 AND status = 'active'`, [
    input.userId,
    input.phone,
  ]);
  const userId = rows[0]?.user_id;
  if (!userId) throw new AppError('BAD_REQUEST', { message: 'password reset: no such user ID and phone', userMessage: RESET_INVALID_PAIR });
  await consumeRateLimit(db, `password-reset-codes:user:${userId}`, limits.passwordResetCodesPerAccount, now);

  const event: PasswordResetRequested = {
    type: 'PasswordResetRequested',
    data: {
      userId,
      resetId: crypto.randomUUID(),
      requestedAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + RESET_CODE_TTL_MINUTES * 60_000).toISOString(),
    },
  };
  await db.transaction(async (tx) => {
    // One live code per account: a newer request replaces the older one, and its count of tries.
    await tx.query(
      `INSERT INTO password_reset_codes (user_id, reset_id, attempts, requested_at, expires_at, used_at)
       VALUES ($1, $2, 0, $3, $4, NULL)
       ON CONFLICT (user_id) DO UPDATE SET reset_id = EXCLUDED.reset_id, attempts = 0, requested_at = EXCLUDED.requested_at,
         expires_at = EXCLUDED.expires_at, used_at = NULL`,
      [userId, event.data.resetId, event.data.requestedAt, event.data.expiresAt],
    );
    await services.eventStore.appendInTransaction(tx, [{ streamId: userStreamId(userId), expected: 'stream_exists', events: [event] }], eventMetadata(meta));
  });
  return { message: RESET_CODE_SENT };
}

type CheckOutcome = { kind: 'expired' } | { kind: 'wrong'; triesLeft: number } | { kind: 'changed' };

/**
 * Step 2: checks the code and sets the new password. Each try is counted before the code is compared,
 * in one statement, so tries racing in parallel are counted too; the 6th try, an expired code, a used
 * one or one replaced by a newer request all get RESET_CODE_EXPIRED. Success records PasswordChanged
 * (reason 'reset'), signs the account out everywhere and clears its login failures.
 */
export async function resetPassword(
  services: Services,
  input: z.output<typeof ZResetPasswordRequestSchema>,
  meta: RequestMeta,
): Promise<{ message: string }> {
  const now = services.now();
  if (meta.ip) await consumeRateLimit(services.db, `password-reset-verify:ip:${meta.ip}`, services.limits.passwordResetVerifyPerIp, now);
  // Hashed first, so a right and a wrong code take the same time.
  const passwordHash = await hashPassword(input.newPassword);
  const outcome = await services.db.transaction(async (tx): Promise<CheckOutcome> => {
    const { rows } = await tx.query<{ reset_id: string; attempts: number; expires_at: Date }>(
      `UPDATE password_reset_codes c SET attempts = c.attempts + 1
       FROM users u
       WHERE c.user_id = $1 AND c.used_at IS NULL AND u.user_id = c.user_id AND u.status = 'active'
       RETURNING c.reset_id, c.attempts, c.expires_at`,
      [input.userId],
    );
    const row = rows[0];
    if (!row || row.attempts > RESET_CODE_MAX_TRIES || new Date(row.expires_at) <= now) return { kind: 'expired' };
    if (!isSameCode(input.code, deriveResetCode(services.vault, input.userId, row.reset_id))) {
      return { kind: 'wrong', triesLeft: RESET_CODE_MAX_TRIES - row.attempts };
    }
    await tx.query(`UPDATE password_reset_codes SET used_at = $2 WHERE user_id = $1`, [input.userId, now]);
    const event: PasswordChanged = { type: 'PasswordChanged', data: { userId: input.userId, passwordHash, changedAt: now.toISOString(), reason: 'reset' } };
    await services.eventStore.appendInTransaction(
      tx,
      [{ streamId: userStreamId(input.userId), expected: 'stream_exists', events: [event] }],
      eventMetadata({ ...meta, actor: input.userId }),
    );
    await revokeAllSessions(tx, input.userId, now);
    await tx.query(`DELETE FROM login_failures WHERE account_key = $1`, [`user:${input.userId}`]);
    return { kind: 'changed' };
  });
  switch (outcome.kind) {
    case 'changed':
      return { message: PASSWORD_RESET_DONE };
    case 'wrong': {
      const message = wrongCodeMessage(outcome.triesLeft);
      throw new AppError('BAD_REQUEST', { userMessage: message, fieldErrors: { code: [message] } });
    }
    case 'expired':
      throw new AppError('BAD_REQUEST', { userMessage: RESET_CODE_EXPIRED, fieldErrors: { code: [RESET_CODE_EXPIRED] } });
    default: {
      const unhandled: never = outcome;
      return unhandled;
    }
  }
}

/**
 * E-mails the code of a reset request, in English and Hindi. A request that a newer one replaced, or
 * that was used, sends nothing. The code is derived again on a second delivery, so it is the same code
 * in the same outbox file (docs/decisions/006).
 */
export const sendPasswordResetCodeJob: JobHandler = {
  name: 'send-password-reset-code',
  on: ['PasswordResetRequested'],
  async run(job, context) {
    if (await hasRun(context.db, job.id)) return;
    const { userId, resetId } = (job.event as unknown as PasswordResetRequested).data;
    const { rows } = await context.db.query<{ email: string | null; full_name: string | null }>(
      `SELECT u.email, u.full_name FROM users u JOIN password_reset_codes c ON c.user_id = u.user_id
       WHERE u.user_id = $1 AND u.status = 'active' AND c.reset_id = $2 AND c.used_at IS NULL`,
      [userId, resetId],
    );
    const user = rows[0];
    if (user?.email) {
      const code = deriveResetCode(context.eventStore.vault, userId, resetId);
      await context.mailer.send({
        to: user.email,
        idempotencyKey: job.id,
        subject: 'Your password reset code — Sahay Foundation / पासवर्ड बदलने का कोड — सहाय फ़ाउंडेशन',
        text: [
          `Dear ${user.full_name ?? 'member'},`,
          '',
          `Someone asked to reset the password of your Sahay account ${userId}.`,
          `Your code is: ${code}`,
          `It is valid for ${RESET_CODE_TTL_MINUTES} minutes and for ${RESET_CODE_MAX_TRIES} tries. Never share it: Sahay staff will never ask you for it.`,
          'If you did not ask for it, ignore this e-mail; your password stays as it is.',
          '',
          '—',
          '',
          `प्रिय ${user.full_name ?? 'सदस्य'},`,
          '',
          `आपके सहाय खाते ${userId} का पासवर्ड बदलने का अनुरोध किया गया है।`,
          `आपका कोड है: ${code}`,
          `यह ${RESET_CODE_TTL_MINUTES} मिनट तक और ${RESET_CODE_MAX_TRIES} प्रयासों तक मान्य है। इसे किसी को न बताएँ: सहाय का कोई कर्मचारी इसे कभी नहीं माँगेगा।`,
          'अगर आपने यह अनुरोध नहीं किया, तो इस ई-मेल को अनदेखा करें; आपका पासवर्ड नहीं बदलेगा।',
        ].join('\n'),
      });
    }
    await context.db.query(`INSERT INTO job_effects (job_id) VALUES ($1) ON CONFLICT (job_id) DO NOTHING`, [job.id]);
  },
};
