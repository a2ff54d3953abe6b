import crypto from 'node:crypto';
import { AppError } from '#server/errors/app-error';
import type { PersonalDataVault } from '#server/event-store/personal-data';
import { getImpact } from '#server/modules/community/team';
import { tierFor } from '#server/modules/community/tiers';
import type { Services } from '#server/services';
import { USER_ID_PATTERN } from './fields.schema.ts';
import type { TIdCard, TVerifyCardResponse } from './id-card.schema.ts';
import { scriptOfName } from './profile.schema.ts';

/**
 * The version of the signing scheme, written in front of every signature (docs/decisions/010). A
 * card answers with the member's live name and status, so there is no per-card revocation; bumping
 * this retires every printed card at once should the key or the format ever need to change.
 */
const CARD_SCHEME = '1';
const SIGNATURE_PATTERN = /^1\.[A-Za-z0-9_-]{22}$/;

function mac(vault: PersonalDataVault, scheme: string, userId: string): string {
  // 128 bits are plenty against forgery and keep the QR code small.
  return crypto.createHmac('sha256', vault.deriveKey('id-card')).update(`id-card\u0000${scheme}\u0000${userId}`).digest().subarray(0, 16).toString('base64url');
}

export function signIdCard(vault: PersonalDataVault, userId: string): string {
  return `${CARD_SCHEME}.${mac(vault, CARD_SCHEME, userId)}`;
}

export function isGenuineSignature(vault: PersonalDataVault, userId: string, signature: string): boolean {
  if (!USER_ID_PATTERN.test(userId) || !SIGNATURE_PATTERN.test(signature)) return false;
  const expected = Buffer.from(signIdCard(vault, userId));
  const given = Buffer.from(signature);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** The signed-in member's own card. */
export async function getIdCard(services: Services, userId: string): Promise<TIdCard> {
  const { rows } = await services.db.query<{ full_name: string | null; joined_at: Date; other_script_name: string | null }>(
    `SELECT u.full_name, u.joined_at, p.other_script_name
     FROM users u LEFT JOIN member_profiles p ON p.user_id = u.user_id
     WHERE u.user_id = $1 AND u.status = 'active'`,
    [userId],
  );
  const row = rows[0];
  if (!row?.full_name) throw new AppError('NOT_FOUND', { userMessage: 'Your account was not found or is inactive. Please log in again.' });
  const impact = await getImpact(services.db, userId);
  const isDevanagari = scriptOfName(row.full_name) === 'devanagari';
  return {
    userId,
    fullName: row.full_name,
    names: isDevanagari ? { latin: row.other_script_name, devanagari: row.full_name } : { latin: row.full_name, devanagari: row.other_script_name },
    joinedAt: new Date(row.joined_at).toISOString(),
    tier: tierFor(impact.verifiedGivingPaise, impact.fundsRaisedPaise),
    verifyUrl: `${services.config.publicUrl}/verify/${encodeURIComponent(userId)}?s=${encodeURIComponent(signIdCard(services.vault, userId))}`,
  };
}

/**
 * Answers the public /verify page. A signature that does not match, or a member who does not exist
 * (or was erased), is "not genuine" and nothing more; a genuine card shows the live name, join date
 * and whether the member is active now.
 */
export async function verifyIdCard(services: Pick<Services, 'db' | 'vault'>, input: { userId: string; signature: string }): Promise<TVerifyCardResponse> {
  if (!isGenuineSignature(services.vault, input.userId, input.signature)) return { isGenuine: false };
  const { rows } = await services.db.query<{ full_name: string | null; joined_at: Date; status: string; email_verified_at: Date | null }>(
    `SELECT full_name, joined_at, status, email_verified_at FROM users WHERE user_id = $1 AND status <> 'erased'`,
    [input.userId],
  );
  const row = rows[0];
  if (!row?.full_name) return { isGenuine: false };
  return {
    isGenuine: true,
    fullName: row.full_name,
    joinedAt: new Date(row.joined_at).toISOString(),
    isActive: row.status === 'active' && row.email_verified_at !== null,
  };
}
