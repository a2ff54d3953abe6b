import crypto from 'node:crypto';
import { AppError } from '#server/errors/app-error';
import { handleCommand } from '#server/event-store/command-handler';
import { consumeRateLimit } from '#server/lib/rate-limit';
import type { Services } from '#server/services';
import { userStreamId, type EmailConfirmationRequested, type EmailConfirmed } from '../identity.events.ts';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import { ACCOUNT_NOT_FOUND, evolveUser, isActiveUser, noUser, type UserState } from '../user.decider.ts';

/** A confirmation link stays valid for a week. */
export const CONFIRMATION_VALID_DAYS = 7;
const TOKEN_TTL_MS = CONFIRMATION_VALID_DAYS * 24 * 3600 * 1000;

export const CONFIRMATION_INVALID = 'This confirmation link is invalid or has expired. Log in and ask for a new one.';

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

export const EMAIL_ALREADY_CONFIRMED = 'Your e-mail address is already confirmed.';

/** Pure: confirming records EmailConfirmed once; confirming again finds it done and records nothing. */
export function decideConfirmEmail(command: { userId: string; now: Date }, state: UserState): EmailConfirmed[] {
  if (!state.exists || state.status === 'erased') throw new AppError('BAD_REQUEST', { userMessage: CONFIRMATION_INVALID });
  if (state.isEmailConfirmed) return [];
  return [{ type: 'EmailConfirmed', data: { userId: command.userId, confirmedAt: command.now.toISOString() } }];
}

/** Pure: another confirmation e-mail, unless the address is already confirmed. */
export function decideRequestConfirmationEmail(command: { userId: string; now: Date }, state: UserState): EmailConfirmationRequested[] {
  if (!isActiveUser(state)) throw new AppError('NOT_FOUND', { userMessage: ACCOUNT_NOT_FOUND });
  if (state.isEmailConfirmed) throw new AppError('CONFLICT', { userMessage: EMAIL_ALREADY_CONFIRMED });
  return [{ type: 'EmailConfirmationRequested', data: { userId: command.userId, requestedAt: command.now.toISOString() } }];
}

/** Records the confirmation; confirming twice is harmless and records nothing new. */
export async function confirmEmail(services: Services, token: string, meta: RequestMeta): Promise<{ userId: string }> {
  const userId = readConfirmationToken(services, token, services.now());
  if (!userId) throw new AppError('BAD_REQUEST', { userMessage: CONFIRMATION_INVALID });
  await handleCommand(services, {
    streamId: userStreamId(userId),
    evolve: evolveUser,
    initialState: noUser,
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
    streamId: userStreamId(userId),
    evolve: evolveUser,
    initialState: noUser,
    decide: (state) => decideRequestConfirmationEmail({ userId, now: services.now() }, state),
    metadata: eventMetadata(meta),
  });
}
