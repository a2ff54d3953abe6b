import crypto from 'node:crypto';

/**
 * Time-based one-time passwords for the admins' second factor: RFC 6238 over RFC 4226's HOTP, as
 * authenticator apps use them — HMAC-SHA1, 6 digits, 30-second steps, a secret of 20 random bytes
 * shown in base32 (RFC 4648).
 */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted either side of now: a phone's clock a little off, a code typed as it turns. */
const DRIFT_STEPS = 1;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let output = '';
  for (const byte of bytes) {
    value = ((value << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      output += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) output += BASE32[(value << (5 - bits)) & 31];
  return output;
}

/** Base32 as people type it: any case, spaces and padding ignored. Throws on any other character. */
export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=]/g, '');
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`Not base32: ${JSON.stringify(char)}`);
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** RFC 4226: the one-time password for a counter value. */
export function hotp(secret: Uint8Array, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = crypto.createHmac('sha1', secret).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(binary).padStart(digits, '0');
}

/** The time step a moment falls in. */
export function totpStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_STEP_SECONDS);
}

/** RFC 6238: the code an authenticator shows at a moment. */
export function totp(secret: Uint8Array, at: Date, digits = TOTP_DIGITS): string {
  return hotp(secret, totpStep(at), digits);
}

/**
 * The time step whose code `code` is, within the drift allowed around `at`; null if none. Callers
 * keep the last step used per account and refuse a step not after it, so a code works only once.
 * Compared in constant time.
 */
export function matchTotp(secret: Uint8Array, code: string, at: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const now = totpStep(at);
  let matched: number | null = null;
  for (let step = now - DRIFT_STEPS; step <= now + DRIFT_STEPS; step += 1) {
    if (crypto.timingSafeEqual(Buffer.from(hotp(secret, step)), Buffer.from(code)) && matched === null) matched = step;
  }
  return matched;
}

/** A new secret: 160 random bits, the size RFC 4226 recommends for HMAC-SHA1. */
export function newTotpSecret(): Buffer {
  return crypto.randomBytes(20);
}

/** The address authenticator apps read from a QR code (Key Uri Format). */
export function otpauthUri(secret: Uint8Array, options: { issuer: string; account: string }): string {
  const label = `${encodeURIComponent(options.issuer)}:${encodeURIComponent(options.account)}`;
  const params = new URLSearchParams({ secret: base32Encode(secret), issuer: options.issuer, algorithm: 'SHA1', digits: String(TOTP_DIGITS), period: String(TOTP_STEP_SECONDS) });
  return `otpauth://totp/${label}?${params.toString()}`;
}
