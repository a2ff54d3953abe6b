import crypto from 'node:crypto';
import { AppError } from '#server/errors/app-error';
import { handleCommand } from '#server/event-store/command-handler';
import { consumeRateLimit } from '#server/lib/rate-limit';
import type { Services } from '#server/services';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import { CONFIRMATION_INVALID, decideConfirmEmail, decideRequestConfirmationEmail, userStream } from '../user.decider.ts';

/** A confirmation link stays valid for a week. */
export const CONFIRMATION_VALID_DAYS = 7;
const TOKEN_TTL_MS = CONFIRMATION_VALID_DAYS * 24 * 3600 * 1000;

function sign(services: Pick<Services, 'vault'>, payload: string): string {
  return crypto.createHmac('sha256', services.vault.deriveKey('email-confirmation')).update(payload).digest('base64url');
}

/** `<userId>.<expiry ms>.<hmac>`: no table needed, and it cannot be forged without the master key. */
export function createConfirmationToken(services: Pick<Services, 'vault'>, userId: string, now: Date): string {
  const payload = `${userId}.${now.getTime() + TOKEN_TTL_MS}`;
  return `${payload}.${sign(services, payload)}`;
}

/** The user ID a token confirms, or null when it is forged, malformed or expired. */
export function readConfirmationToken(services: Pick<Services, 'vault'>, token: string, now: Date): string | null {
  const match = /^([A-Z]{1,5}\d{7})\.(\d{10,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, userId, expiry, signature] = match;
  const expected = sign(services, `${userId}.${expiry}`);
  const isValid = crypto.timingSafeEqual(Buffer.from(signature!), Buffer.from(expected));
  if (!isValid || Number(expiry) < now.getTime()) return null;
  return userId!;
}

/** Records the confirmation; confirming twice is harmless and records nothing new. */
export async function confirmEmail(services: Services, token: string, meta: RequestMeta): Promise<{ userId: string }> {
  const userId = readConfirmationToken(services, token, services.now());
  if (!userId) throw new AppError('BAD_REQUEST', { userMessage: CONFIRMATION_INVALID });
  await handleCommand(services, {
    stream: userStream,
    id: userId,
    decide: (state) => decideConfirmEmail({ userId, now: services.now() }, state),
    metadata: eventMetadata({ ...meta, actor: meta.actor === 'anonymous' ? userId : meta.actor }),
  });
  return { userId };
}

export const RESEND_LIMIT = { limit: 3, windowSeconds: 3600 };

/** The member asks for the e-mail again; the job that sends it reacts to the event. */
export async function requestConfirmationEmail(services: Services, userId: string, meta: RequestMeta): Promise<void> {
  await consumeRateLimit(services.db, `confirm-email:user:${userId}`, RESEND_LIMIT, services.now());
  await handleCommand(services, {
    stream: userStream,
    id: userId,
    decide: (state) => decideRequestConfirmationEmail({ userId, now: services.now() }, state),
    metadata: eventMetadata(meta),
  });
}
