import crypto from 'node:crypto';
import { AppError } from '#server/errors/app-error';
import type { PersonalDataVault } from '#server/event-store/sealing/personal-data';
import { getCardHolder } from '#server/modules/identity/identity.api';
import { USER_ID_PATTERN } from '#server/modules/identity/fields.schema';
import { scriptOfName } from '#server/modules/identity/profile/profile.schema';
import { getImpact } from '../team/team.ts';
import { tierFor } from '../team/tiers.ts';
import type { Services } from '#server/services';
import type { TIdCard, TVerifyCardResponse } from './id-card.schema.ts';

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

export const ID_CARD_NOT_ACTIVE = 'Your I-card can be downloaded once your account is active: confirm your e-mail address first (the link we e-mailed you).';

/** The signed-in member's own card. */
export async function getIdCard(services: Services, userId: string): Promise<TIdCard> {
  const holder = await getCardHolder(services.db, userId);
  if (!holder || holder.isSuspended) throw new AppError('NOT_FOUND', { userMessage: 'Your account was not found or is inactive. Please log in again.' });
  // A card vouches for a member: only once the account is active (the e-mail address confirmed).
  if (!holder.isActive) throw new AppError('CONFLICT', { userMessage: ID_CARD_NOT_ACTIVE });
  const impact = await getImpact(services.db, userId);
  const isDevanagari = scriptOfName(holder.fullName) === 'devanagari';
  return {
    userId,
    fullName: holder.fullName,
    names: isDevanagari ? { latin: holder.otherScriptName, devanagari: holder.fullName } : { latin: holder.fullName, devanagari: holder.otherScriptName },
    joinedAt: holder.joinedAt.toISOString(),
    tier: tierFor(impact.verifiedGivingPaise, impact.fundsRaisedPaise),
    verifyUrl: `${services.config.publicUrl}/verify/${encodeURIComponent(userId)}?s=${encodeURIComponent(signIdCard(services.vault, userId))}`,
    photoUrl: holder.idPhotoUrl,
  };
}

/**
 * Answers the public /verify page. A signature that does not match, or a member who does not exist
 * (or was erased), is "not genuine" and nothing more; a genuine card shows the live name, join date
 * and whether the member is active now.
 */
export async function verifyIdCard(services: Pick<Services, 'db' | 'vault'>, input: { userId: string; signature: string }): Promise<TVerifyCardResponse> {
  if (!isGenuineSignature(services.vault, input.userId, input.signature)) return { isGenuine: false };
  const holder = await getCardHolder(services.db, input.userId);
  if (!holder) return { isGenuine: false };
  // Never the photo: whoever scans a card sees the name, join date and status, not the member's face.
  return { isGenuine: true, fullName: holder.fullName, joinedAt: holder.joinedAt.toISOString(), isActive: holder.isActive };
}
