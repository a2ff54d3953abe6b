import crypto from 'node:crypto';
import { deriveOneTimeCode, isSameCode, ONE_TIME_CODE_MAX_TRIES, ONE_TIME_CODE_TTL_MINUTES, oneTimeCodeExpiry, wrongCodeMessage } from '#server/lib/one-time-code';
import type { z } from 'zod';
import { AppError } from '#server/errors/app-error';
import type { PersonalDataVault } from '#server/event-store/sealing/personal-data';
import { hashPassword } from '#server/lib/passwords';
import { addressBucket } from '#server/lib/client-address';
import { consumeRateLimit } from '#server/lib/rate-limit';
import { foldStreamOf, handleCommand } from '#server/event-store/command-handler';
import type { Services } from '#server/services';
import { userStreamId } from '../identity.events.ts';
import type { ZRequestPasswordResetRequestSchema, ZResetPasswordRequestSchema } from './password-reset.schema.ts';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import { revokeAllSessions } from '../accounts/sessions.ts';
import { decideRequestPasswordReset, decideResetPassword, RESET_CODE_EXPIRED, RESET_INVALID_PAIR, userStream } from '../user.decider.ts';

export const RESET_CODE_SENT = 'We have e-mailed a 6-digit code to the address on this account. It is valid for 10 minutes.';
/** When text messages go out too (an SMS sender is configured). */
export const RESET_CODE_SENT_BY_SMS_TOO = 'We have sent a 6-digit code to the e-mail address and the mobile number on this account. It is valid for 10 minutes.';
/** No code was ever asked for this account (or it cannot sign in). */
export const RESET_CODE_NOT_WAITING = 'No code is waiting for this user ID. Please request a code first.';
export const PASSWORD_RESET_DONE = 'Password changed successfully!';

export const RESET_CODE_TTL_MINUTES = ONE_TIME_CODE_TTL_MINUTES;
export const RESET_CODE_MAX_TRIES = ONE_TIME_CODE_MAX_TRIES;
export { wrongCodeMessage };

const resetCodeExpiry = oneTimeCodeExpiry;

/**
 * The 6-digit code of one reset request: an HMAC of the account and the request's random ID under a
 * key derived from the master key (docs/decisions/008). Nothing stores it; the mail job and the check
 * both compute it, and without the master key the events and tables do not give it away.
 */
export function deriveResetCode(vault: PersonalDataVault, userId: string, resetId: string): string {
  return deriveOneTimeCode(vault, 'password-reset-code', [userId, resetId]);
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
  if (meta.ip) await consumeRateLimit(db, addressBucket('password-reset', meta.ip), limits.passwordResetPerIp, now);
  // Counted under what was typed, whether or not it exists: probing phones for one ID is slowed alike.
  await consumeRateLimit(db, `password-reset:user:${input.userId}`, limits.passwordResetPerAccount, now);
  const { rows } = await db.query<{ user_id: string }>(`SELECT user_id FROM users WHERE user_id = $1 AND phone = $2 AND status = 'active'`, [
    input.userId,
    input.phone,
  ]);
  const userId = rows[0]?.user_id;
  if (!userId) throw new AppError('BAD_REQUEST', { message: 'password reset: no such user ID and phone', userMessage: RESET_INVALID_PAIR });
  await consumeRateLimit(db, `password-reset-codes:user:${userId}`, limits.passwordResetCodesPerAccount, now);

  const command = { userId, resetId: crypto.randomUUID(), now };
  await handleCommand(services, {
    stream: userStream,
    id: userId,
    decide: (state) => decideRequestPasswordReset(command, state),
    metadata: eventMetadata(meta),
    async onRecorded(tx) {
      // One live code per account: a newer request replaces the older one, and its count of tries.
      await tx.query(
        `INSERT INTO password_reset_codes (user_id, reset_id, attempts, requested_at, expires_at, used_at)
         VALUES ($1, $2, 0, $3, $4, NULL)
         ON CONFLICT (user_id) DO UPDATE SET reset_id = EXCLUDED.reset_id, attempts = 0, requested_at = EXCLUDED.requested_at,
           expires_at = EXCLUDED.expires_at, used_at = NULL`,
        [userId, command.resetId, now, resetCodeExpiry(now)],
      );
    },
  });
  return { message: services.sms.kind === 'none' ? RESET_CODE_SENT : RESET_CODE_SENT_BY_SMS_TOO };
}

/**
 * Step 2: checks the code and sets the new password. Each try is counted before the code is compared,
 * in one statement, so tries racing in parallel are counted too; the 6th try, an expired code, or one
 * replaced by a newer request, or a used one, get RESET_CODE_EXPIRED; a user ID for which no code was
 * ever asked gets RESET_CODE_NOT_WAITING. Success records PasswordChanged
 * (reason 'reset'), signs the account out everywhere and clears its login failures.
 */
export async function resetPassword(
  services: Services,
  input: z.output<typeof ZResetPasswordRequestSchema>,
  meta: RequestMeta,
): Promise<{ message: string }> {
  const now = services.now();
  if (meta.ip) await consumeRateLimit(services.db, addressBucket('password-reset-verify', meta.ip), services.limits.passwordResetVerifyPerIp, now);
  // Hashed first, so a right and a wrong code take the same time.
  const passwordHash = await hashPassword(input.newPassword);
  // The try counts whatever happens next, so it commits on its own.
  const { rows } = await services.db.query<{ reset_id: string; attempts: number; expires_at: Date }>(
    `UPDATE password_reset_codes c SET attempts = c.attempts + 1
     FROM users u
     WHERE c.user_id = $1 AND c.used_at IS NULL AND u.user_id = c.user_id AND u.status = 'active'
     RETURNING c.reset_id, c.attempts, c.expires_at`,
    [input.userId],
  );
  const row = rows[0];
  if (!row) {
    // Used (or cut short by a password change), or never asked for: each says what to do.
    const { rows: known } = await services.db.query(`SELECT 1 FROM password_reset_codes WHERE user_id = $1`, [input.userId]);
    const message = known.length > 0 ? RESET_CODE_EXPIRED : RESET_CODE_NOT_WAITING;
    throw new AppError('BAD_REQUEST', { userMessage: message, fieldErrors: { code: [message] } });
  }
  if (row.attempts > RESET_CODE_MAX_TRIES || new Date(row.expires_at) <= now) {
    throw new AppError('BAD_REQUEST', { userMessage: RESET_CODE_EXPIRED, fieldErrors: { code: [RESET_CODE_EXPIRED] } });
  }
  if (!isSameCode(input.code, deriveResetCode(services.vault, input.userId, row.reset_id))) {
    const message = wrongCodeMessage(RESET_CODE_MAX_TRIES - row.attempts);
    throw new AppError('BAD_REQUEST', { userMessage: message, fieldErrors: { code: [message] } });
  }
  const streamId = userStreamId(input.userId);
  await handleCommand(services, {
    async read(tx) {
      // The stream first: the code's row changes only together with the stream, so a row newer than
      // the version read makes the append conflict, and the command is read again.
      const { state: user, versions } = await foldStreamOf(services.eventStore, tx, userStream, input.userId);
      const code = await tx.query<{ reset_id: string; used_at: Date | null }>(`SELECT reset_id, used_at FROM password_reset_codes WHERE user_id = $1`, [
        input.userId,
      ]);
      const current = code.rows[0];
      return { state: { user, code: current ? { resetId: current.reset_id, isUsed: current.used_at !== null } : null }, versions };
    },
    decide: (state) => [{ streamId, events: decideResetPassword({ userId: input.userId, resetId: row.reset_id, passwordHash, now }, state) }],
    metadata: eventMetadata({ ...meta, actor: input.userId }),
    async onRecorded(tx) {
      await tx.query(`UPDATE password_reset_codes SET used_at = $2 WHERE user_id = $1`, [input.userId, now]);
      await revokeAllSessions(tx, input.userId, now);
      await tx.query(`DELETE FROM login_failures WHERE account_key = $1`, [`user:${input.userId}`]);
    },
  });
  return { message: PASSWORD_RESET_DONE };
}
