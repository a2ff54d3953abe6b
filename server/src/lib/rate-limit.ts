import type { Queryable } from '#server/db/db';
import { AppError } from '#server/errors/app-error';

export interface RateLimit {
  /** Most hits allowed in one window. */
  limit: number;
  windowSeconds: number;
}

/** The limits in force; tests may pass their own through Services. */
export const DEFAULT_RATE_LIMITS = {
  loginPerIp: { limit: 30, windowSeconds: 15 * 60 },
  registerPerIp: { limit: 20, windowSeconds: 60 * 60 },
  contactPerIp: { limit: 5, windowSeconds: 60 * 60 },
  /** Step 1 of a password reset: every request from one address, and every request naming one user ID. */
  passwordResetPerIp: { limit: 20, windowSeconds: 60 * 60 },
  passwordResetPerAccount: { limit: 5, windowSeconds: 60 * 60 },
  /** Codes actually e-mailed to one account in a day: bounds guesses (5 per code) and mail to the member. */
  passwordResetCodesPerAccount: { limit: 10, windowSeconds: 24 * 60 * 60 },
  /** Step 2 (code and new password) from one address, across all accounts. */
  passwordResetVerifyPerIp: { limit: 30, windowSeconds: 60 * 60 },
  passwordChangePerAccount: { limit: 10, windowSeconds: 60 * 60 },
  /** Codes tried while turning an admin's second factor on or off (sign-in has its own failure count). */
  totpPerAccount: { limit: 10, windowSeconds: 15 * 60 },
  /** Web-vitals reports from one address: a visitor leaving many pages, not a flood. */
  webVitalsPerIp: { limit: 120, windowSeconds: 60 * 60 },
  uploadPerAccount: { limit: 20, windowSeconds: 60 * 60 },
  uploadPerIp: { limit: 60, windowSeconds: 60 * 60 },
  /** Donation pledges from one address: a family giving several times, not a script filling the queue. */
  donationPledgePerIp: { limit: 20, windowSeconds: 60 * 60 },
  /**
   * Finding a donation by reference and contact (status, proof, receipt download) from one address:
   * a donor checking back, not someone guessing the contact of a reference they saw.
   */
  donationLookupPerIp: { limit: 60, windowSeconds: 15 * 60 },
  /** Kanyadan applications from one address: a centre's helper filling in several families' forms, not a script. */
  kanyadanSubmitPerIp: { limit: 30, windowSeconds: 60 * 60 },
  /**
   * Kanyadan status look-ups that found nothing, from one address (IPv4, or IPv6 /64), for all
   * numbers and for one number (issue 29 and its review, decision 049). Right answers never count
   * and are never refused because of the address's other askers; only the address that guessed one
   * number five times is refused that number for the hour. Never per number alone: wrong phones
   * tried from anywhere would lock a family out of its own status.
   */
  kanyadanLookupMissesPerIp: { limit: 10, windowSeconds: 60 * 60 },
  kanyadanLookupMissesPerNumberPerIp: { limit: 5, windowSeconds: 60 * 60 },
  /**
   * Looking up a member's public card (the sponsor's name on the registration form) from one
   * address. Member IDs are sequential, so found ones count too: walking the ID space to list every
   * member's name takes months, while a family registering, even behind a carrier's shared address,
   * never comes near it.
   */
  publicCardPerIp: { limit: 120, windowSeconds: 15 * 60 },
  /** "Forgot user ID?" from one address, and for one e-mail address or mobile number: the reminders a person needs, not a flood of mails and texts to someone else. */
  userIdReminderPerIp: { limit: 10, windowSeconds: 60 * 60 },
  userIdReminderPerContact: { limit: 3, windowSeconds: 24 * 60 * 60 },
  /**
   * One-time codes for a donor's yearly statement (decisions 040, 049): asked from one address (all
   * contacts); for one e-mail address or mobile number from one address, so a stranger alone cannot
   * use up a donor's requests of the day; and for one contact from everywhere, which bounds the
   * messages sent to it and the codes made for it (at most 6 a day, 10 tries each: 60 guesses of
   * 10⁶ a day, while the holder sees every code arrive). Counted whether or not the contact gave.
   */
  statementCodePerIp: { limit: 10, windowSeconds: 60 * 60 },
  statementCodePerContactPerIp: { limit: 3, windowSeconds: 24 * 60 * 60 },
  statementCodePerContact: { limit: 6, windowSeconds: 24 * 60 * 60 },
  statementCodeVerifyPerIp: { limit: 30, windowSeconds: 60 * 60 },
  /**
   * Codes entered for one contact from one address, and for one contact from everywhere, counted
   * before anything is looked up, so a contact with no code (not a donor's) reaches them exactly as a
   * donor's does (decision 049, review): the 6th try from one address and the 11th from all in the
   * code's 10 minutes are refused with 429, whether or not a code was ever sent.
   */
  statementCodeTriesPerContactPerIp: { limit: 5, windowSeconds: 10 * 60 },
  statementCodeTriesPerContact: { limit: 10, windowSeconds: 10 * 60 },
  /** A signed-in person asking which bank an IFSC belongs to while filling in payout details: a few a form, not the list walked. */
  ifscLookupPerAccount: { limit: 60, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimit>;

export type RateLimits = typeof DEFAULT_RATE_LIMITS;

/** Every limit at `limit` hits an hour: for tests that must never be refused, or refused at the second try. */
export function uniformRateLimits(limit: number): RateLimits {
  const limits: RateLimits = { ...DEFAULT_RATE_LIMITS };
  for (const name of Object.keys(limits) as (keyof RateLimits)[]) limits[name] = { limit, windowSeconds: 60 * 60 };
  return limits;
}

/**
 * Counts a hit in a fixed window, kept in PostgreSQL so every server process shares it; throws a
 * 429 AppError when the window is full. Hits past the limit are not counted, so a blocked client
 * is free again when the window ends.
 */
export async function consumeRateLimit(db: Queryable, bucket: string, rule: RateLimit, now: Date): Promise<void> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const { rows } = await db.query<{ hits: number }>(
    `INSERT INTO rate_limits (bucket, window_start, hits) VALUES ($1, $2, 1)
     ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_limits.hits + 1
       WHERE rate_limits.hits < $3
     RETURNING hits`,
    [bucket, windowStart, rule.limit],
  );
  if (rows.length === 0) {
    const retryAfterSeconds = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
    throw new AppError('TOO_MANY_REQUESTS', {
      message: `rate limit ${bucket}`,
      userMessage: `Too many attempts. Please try again in ${formatWait(retryAfterSeconds)}.`,
      retryAfterSeconds,
    });
  }
}

/**
 * Gives back one hit counted by consumeRateLimit with the same `now` (so the same window): for a
 * limit that must count a try before it is judged, so that tries sent at once cannot all pass, but
 * counts only the tries that fail (a look-up that found what it asked for). One statement, so two at
 * once each give back one; never below zero.
 */
export async function releaseRateLimit(db: Queryable, bucket: string, rule: RateLimit, now: Date): Promise<void> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  await db.query(`UPDATE rate_limits SET hits = hits - 1 WHERE bucket = $1 AND window_start = $2 AND hits > 0`, [bucket, windowStart]);
}

export function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * Deletes windows that started over a day before `now` (no limit's window is longer), so they have
 * ended. The platform module's daily schedule calls it with its slot's start; returns the rows deleted.
 */
export async function pruneRateLimits(db: Queryable, now: Date): Promise<number> {
  const { rowCount } = await db.query(`DELETE FROM rate_limits WHERE window_start < $1`, [new Date(now.getTime() - 24 * 3600 * 1000)]);
  return rowCount;
}
