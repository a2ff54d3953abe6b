import { hasPermission, type Permission, type Role } from '#server/modules/identity/identity.api';
import { AUDIT_HIDDEN_PAYOUT, AUDIT_HIDDEN_SECRET } from './audit.schema.ts';

/**
 * What the audit screen, its as-of view and its dispute bundles never show, whoever looks (issue 29):
 * secrets that prove or find a person — password hashes (every one an account ever had), blind
 * indexes (keyed hashes of an e-mail, a phone, an Aadhaar number…), token and session hashes, TOTP
 * secrets. They answer no auditor's question ("who changed what, when") and would help anyone who
 * copied the page guess a password or confirm a phone number offline.
 *
 * By the key's name, in events' data and read-model rows alike (camelCase and snake_case): a name
 * ending in hash, key or keys (password hashes, the blind indexes donorKey, contactKeys, phone_key…,
 * an Idempotency-Key), password, secret or token. `district_key` is a district's normalised name,
 * not a hash. A value that is an argon2 hash is hidden under any name.
 */
const SECRET_NAME = /(hash|hashes|key|keys|password|secret|token)$/i;
const NOT_SECRET = new Set(['district_key', 'districtKey']);
const ARGON2 = /^\$argon2(id|i|d)\$/;

/**
 * Payout details — where a member's or a beneficiary's money goes — are for finance alone, as on the
 * member page (docs/decisions/034): a `payout` object whole, and each field by name wherever it appears.
 */
const PAYOUT_NAMES = new Set([
  'payout',
  'upiId',
  'upi_id',
  'accountNumber',
  'account_number',
  'accountHolder',
  'account_holder',
  'bankName',
  'bank_name',
  'ifsc',
  'ifscCode',
  'ifsc_code',
  // A withdrawal's contact number: finance's alone in the Details dialog too (help/disbursements.ts).
  'contactNumber',
  'contact_number',
]);

export function isSecretName(name: string): boolean {
  return !NOT_SECRET.has(name) && SECRET_NAME.test(name.replace(/_/g, ''));
}

export interface RedactFor {
  role: Role;
  permissions: readonly Permission[];
}

/** Whether this viewer sees payout details: finance (a super-admin holds it). */
export function seesPayout(viewer: RedactFor): boolean {
  return hasPermission(viewer, 'finance');
}

/** A copy of value with secrets hidden, and payout details hidden unless showPayout. Null and empty values stay as they are (nothing to hide). */
export function redact(value: unknown, showPayout: boolean): unknown {
  if (typeof value === 'string') return ARGON2.test(value) ? AUDIT_HIDDEN_SECRET : value;
  if (Array.isArray(value)) return value.map((item) => redact(item, showPayout));
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(value)) {
    const isEmpty = item === null || item === undefined || item === '';
    if (isEmpty) copy[name] = item;
    else if (isSecretName(name)) copy[name] = AUDIT_HIDDEN_SECRET;
    else if (!showPayout && PAYOUT_NAMES.has(name)) copy[name] = AUDIT_HIDDEN_PAYOUT;
    else copy[name] = redact(item, showPayout);
  }
  return copy;
}
