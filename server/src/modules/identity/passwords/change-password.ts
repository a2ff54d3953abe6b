import type { z } from 'zod';
import { AppError } from '#server/errors/app-error';
import { hashPassword, verifyPassword } from '#server/lib/passwords';
import { consumeRateLimit } from '#server/lib/rate-limit';
import { handleCommand } from '#server/event-store/command-handler';
import type { Services } from '#server/services';
import type { ZChangePasswordRequestSchema } from './change-password.schema.ts';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import { revokeOtherSessions } from '../accounts/sessions.ts';
import { decideChangePassword, userStream } from '../user.decider.ts';

export const PASSWORD_CHANGED = 'Your password has been changed. Other devices have been signed out.';
export const CURRENT_PASSWORD_WRONG = 'Failed to update password: your current password is not correct.';
export const NEW_PASSWORD_SAME = 'Failed to update password: the new password must be different from the current one.';

/**
 * The signed-in member changes the password, proving the current one. Records PasswordChanged
 * (reason 'change'), signs out every other session (the one making the request stays signed in) and
 * voids any reset code still pending.
 * Tries count against a per-account limit, so a stolen session cannot guess the password for ever.
 */
export async function changePassword(
  services: Services,
  session: { userId: string; token: string | null },
  input: z.output<typeof ZChangePasswordRequestSchema>,
  meta: RequestMeta,
): Promise<{ message: string }> {
  const now = services.now();
  await consumeRateLimit(services.db, `password-change:user:${session.userId}`, services.limits.passwordChangePerAccount, now);
  // The slow checks run before the command: the current password against the hash in the read
  // model, then the new one hashed. The decision makes sure that hash is still the one in force.
  const { rows } = await services.db.query<{ password_hash: string | null }>(`SELECT password_hash FROM users WHERE user_id = $1 AND status = 'active'`, [
    session.userId,
  ]);
  const verifiedHash = rows[0]?.password_hash ?? null;
  if (!(await verifyPassword(verifiedHash, input.currentPassword))) {
    throw new AppError('BAD_REQUEST', { userMessage: CURRENT_PASSWORD_WRONG, fieldErrors: { currentPassword: ['Your current password is not correct'] } });
  }
  if (input.newPassword === input.currentPassword) {
    throw new AppError('BAD_REQUEST', { userMessage: NEW_PASSWORD_SAME, fieldErrors: { newPassword: ['Choose a password different from the current one'] } });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await handleCommand(services, {
    stream: userStream,
    id: session.userId,
    decide: (state) => decideChangePassword({ userId: session.userId, verifiedHash: verifiedHash!, passwordHash, now }, state),
    metadata: eventMetadata(meta),
    async onRecorded(tx) {
      await revokeOtherSessions(tx, session.userId, session.token, now);
      // A reset code asked for before the change must not undo it.
      await tx.query(`UPDATE password_reset_codes SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL`, [session.userId, now]);
    },
  });
  return { message: PASSWORD_CHANGED };
}
