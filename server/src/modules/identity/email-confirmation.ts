import crypto from 'node:crypto';
import { AppError } from '#server/errors/app-error';
import { hasRun } from '#server/queue/job-effects';
import type { JobHandler } from '#server/queue/queue';
import { consumeRateLimit } from '#server/lib/rate-limit';
import type { Services } from '#server/services';
import { userStreamId, type EmailConfirmationRequested, type EmailConfirmed, type IdentityEvent } from './identity.events.ts';
import { eventMetadata, type RequestMeta } from './request-meta.ts';

/** A confirmation link stays valid for a week. */
const TOKEN_TTL_MS = 7 * 24 * 3600 * 1000;

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

/** Records the confirmation; confirming twice is harmless and records nothing new. */
export async function confirmEmail(services: Services, token: string, meta: RequestMeta): Promise<{ userId: string }> {
  const userId = readConfirmationToken(services, token, services.now());
  if (!userId) throw new AppError('BAD_REQUEST', { userMessage: CONFIRMATION_INVALID });
  await services.eventStore.append(async (tx) => {
    const { rows } = await tx.query<{ email_verified_at: Date | null; status: string }>(
      `SELECT email_verified_at, status FROM users WHERE user_id = $1`,
      [userId],
    );
    const user = rows[0];
    if (!user || user.status === 'erased') throw new AppError('BAD_REQUEST', { userMessage: CONFIRMATION_INVALID });
    if (user.email_verified_at) return [];
    const event: EmailConfirmed = { type: 'EmailConfirmed', data: { userId, confirmedAt: services.now().toISOString() } };
    return [{ streamId: userStreamId(userId), expected: 'stream_exists', events: [event] }];
  }, eventMetadata({ ...meta, actor: meta.actor === 'anonymous' ? userId : meta.actor }));
  return { userId };
}

export const RESEND_LIMIT = { limit: 3, windowSeconds: 3600 };

/** The member asks for the e-mail again; the job that sends it reacts to the event. */
export async function requestConfirmationEmail(services: Services, userId: string, meta: RequestMeta): Promise<void> {
  await consumeRateLimit(services.db, `confirm-email:user:${userId}`, RESEND_LIMIT, services.now());
  const { rows } = await services.db.query<{ email_verified_at: Date | null }>(`SELECT email_verified_at FROM users WHERE user_id = $1`, [userId]);
  if (rows[0]?.email_verified_at) throw new AppError('CONFLICT', { userMessage: 'Your e-mail address is already confirmed.' });
  const event: EmailConfirmationRequested = { type: 'EmailConfirmationRequested', data: { userId, requestedAt: services.now().toISOString() } };
  await services.eventStore.append([{ streamId: userStreamId(userId), expected: 'stream_exists', events: [event] }], eventMetadata(meta));
}

/**
 * Sends the confirmation e-mail, in English and Hindi, after a member registers or asks again.
 * The outbox file and the SMTP Message-ID are keyed by the job ID, and a sent job is recorded, so
 * a second delivery of the same job sends nothing.
 */
export const sendConfirmationEmailJob: JobHandler = {
  name: 'send-email-confirmation',
  on: ['AccountRegistered', 'EmailConfirmationRequested'],
  async run(job, context) {
    const event = job.event as unknown as IdentityEvent;
    if (event.type === 'AccountRegistered' && event.data.role !== 'member') return;
    if (await hasRun(context.db, job.id)) return;
    const { userId } = event.data as { userId: string };
    const { rows } = await context.db.query<{ email: string | null; full_name: string | null; email_verified_at: Date | null }>(
      `SELECT email, full_name, email_verified_at FROM users WHERE user_id = $1 AND status = 'active'`,
      [userId],
    );
    const user = rows[0];
    if (!user?.email || user.email_verified_at) return;
    // Dated from the event, so a second delivery builds the same link.
    const token = createConfirmationToken({ vault: context.eventStore.vault }, userId, new Date(job.event.recordedAt));
    const link = `${context.config.publicUrl}/confirm-email?token=${encodeURIComponent(token)}`;
    await context.mailer.send({
      to: user.email,
      idempotencyKey: job.id,
      subject: 'Confirm your e-mail — Sahay Foundation / अपना ई-मेल पक्का करें — सहाय फ़ाउंडेशन',
      text: [
        `Dear ${user.full_name ?? 'member'},`,
        '',
        `Welcome to Sahay Foundation. Your user ID is ${userId}.`,
        'Please confirm your e-mail address by opening this link (valid for 7 days):',
        link,
        '',
        'Nobody at Sahay will ever ask you for money in return for a promised amount.',
        '',
        '—',
        '',
        `प्रिय ${user.full_name ?? 'सदस्य'},`,
        '',
        `सहाय फ़ाउंडेशन में आपका स्वागत है। आपका यूज़र आईडी ${userId} है।`,
        'कृपया यह लिंक खोलकर अपना ई-मेल पता पक्का करें (7 दिन तक मान्य):',
        link,
        '',
        'सहाय में कोई भी आपसे किसी वादा की गई रकम के बदले पैसे नहीं माँगेगा।',
      ].join('\n'),
    });
    await context.db.query(`INSERT INTO job_effects (job_id) VALUES ($1) ON CONFLICT (job_id) DO NOTHING`, [job.id]);
  },
};
