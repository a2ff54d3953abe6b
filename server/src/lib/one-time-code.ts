import crypto from 'node:crypto';

/**
 * One-time codes sent by mail or SMS (docs/decisions/008, 040): 6 digits, 10 minutes, 5 tries. The
 * code is never stored, not even hashed: it is an HMAC of the request's random ID (and what it is
 * for) under a key derived from the master key, so the job that sends it and the check that compares
 * it both compute it again, and without the master key no table or event gives it away. A hash of a
 * 6-digit code would be brute-forced offline in a moment by whoever read the table.
 */
export const ONE_TIME_CODE_TTL_MINUTES = 10;
export const ONE_TIME_CODE_MAX_TRIES = 5;
export const ONE_TIME_CODE_PATTERN = /^\d{6}$/;

/** The part of the vault a code needs: a key of its own per purpose. */
export interface CodeKeys {
  deriveKey(purpose: string): Buffer;
}

/** The 6 digits of one request: `purpose` names the key (e.g. 'password-reset-code'), `parts` the request. */
export function deriveOneTimeCode(keys: CodeKeys, purpose: string, parts: readonly string[]): string {
  const mac = crypto.createHmac('sha256', keys.deriveKey(purpose)).update(parts.join('\u0000')).digest();
  return (mac.readBigUInt64BE(0) % 1_000_000n).toString().padStart(6, '0');
}

/** Compares in constant time, so the answer's timing tells nothing of how many digits were right. */
export function isSameCode(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

export function oneTimeCodeExpiry(now: Date): Date {
  return new Date(now.getTime() + ONE_TIME_CODE_TTL_MINUTES * 60_000);
}

/** The answer to a wrong code: how many tries are left, or that it was the last. */
export function wrongCodeMessage(triesLeft: number): string {
  if (triesLeft <= 0) return 'This code is not correct, and that was the last try. Please request a new code.';
  return `This code is not correct. You have ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`;
}

/** A code whose tries are used up, that expired, that a newer one replaced, or that was used. */
export const CODE_EXPIRED = 'This code has expired. Please request a new one.';
