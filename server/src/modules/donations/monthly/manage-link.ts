import crypto from 'node:crypto';
import { AppError } from '#server/errors/app-error';
import { isSameCode, type CodeKeys } from '#server/lib/one-time-code';
import { MANAGE_LINK_INVALID } from './monthly-plan.schema.ts';

/**
 * A monthly plan's manage link (decision 079): `/donate/monthly#<plan ID>.<MAC>`, sent only to the
 * donor's e-mail or phone, in every message about the plan (receipts of its gifts included).
 */
/** HMAC-SHA256 of the plan's ID, its first 128 bits: unguessable, and short enough for the link to fit in an SMS. */
function manageMac(keys: CodeKeys, planId: string): string {
  return crypto.createHmac('sha256', keys.deriveKey('monthly-plan-manage')).update(planId).digest().subarray(0, 16).toString('base64url');
}

/** The token of a plan's manage link: its ID and a MAC under a key derived from the master key. */
export function manageTokenOf(keys: CodeKeys, planId: string): string {
  return `${planId}.${manageMac(keys, planId)}`;
}

/**
 * The manage page's link. The token is in the fragment: a browser never sends it to the server in
 * a request line or a Referer, so it stays out of access logs and other sites' logs.
 */
export function manageLinkOf(publicUrl: string, keys: CodeKeys, planId: string, lang: 'en' | 'hi' | null): string {
  return `${publicUrl}/donate/monthly${lang === 'hi' ? '?lang=hi' : ''}#${manageTokenOf(keys, planId)}`;
}

/** The plan a token names, when its MAC is right; a 403 with one message for anything else (nothing is read or written first). */
export function planIdOfToken(keys: CodeKeys, token: string): string {
  const [planId = '', mac = ''] = token.split('.');
  if (!isSameCode(mac, manageMac(keys, planId))) throw new AppError('FORBIDDEN', { userMessage: MANAGE_LINK_INVALID, fieldErrors: { token: [MANAGE_LINK_INVALID] } });
  return planId;
}

