import crypto from 'node:crypto';
import type { PersonalDataVault } from '#server/event-store/sealing/personal-data';

/**
 * The signature printed (in the QR code's link) on every receipt, so anyone can check at
 * /donate/receipt/<serial>?s=<signature> that the foundation issued it — as the I-card does
 * (community/id-card.ts, docs/decisions/010). It signs the serial only: the check answers with the
 * amount, date and state recorded now, so a cancelled receipt shows as cancelled. The scheme version
 * leads the signature, so one change of key or format can retire every printed receipt at once.
 */
const RECEIPT_SCHEME = '1';
const SIGNATURE_PATTERN = /^1\.[A-Za-z0-9_-]{22}$/;
/** `PREFIX/2026-27/000123`: the prefix as settings allow it, a financial year, at least six digits. */
const SERIAL_PATTERN = /^[A-Z0-9-]{1,12}\/\d{4}-\d{2}\/\d{6,}$/;

function mac(vault: Pick<PersonalDataVault, 'deriveKey'>, scheme: string, serial: string): string {
  // 128 bits are plenty against forgery and keep the QR code small.
  return crypto.createHmac('sha256', vault.deriveKey('donation-receipt')).update(`donation-receipt\u0000${scheme}\u0000${serial}`).digest().subarray(0, 16).toString('base64url');
}

export function signReceipt(vault: Pick<PersonalDataVault, 'deriveKey'>, serial: string): string {
  return `${RECEIPT_SCHEME}.${mac(vault, RECEIPT_SCHEME, serial)}`;
}

export function isReceiptSerial(serial: string): boolean {
  return SERIAL_PATTERN.test(serial);
}

export function isGenuineReceiptSignature(vault: Pick<PersonalDataVault, 'deriveKey'>, serial: string, signature: string): boolean {
  if (!isReceiptSerial(serial) || !SIGNATURE_PATTERN.test(signature)) return false;
  const expected = Buffer.from(signReceipt(vault, serial));
  const given = Buffer.from(signature);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
