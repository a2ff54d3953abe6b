import crypto from 'node:crypto';
import type { Queryable } from '#server/db/db';
import { constraintName, PG_UNIQUE_VIOLATION, sqlState } from '#server/db/db';
import { AppError } from '#server/errors/app-error';
import { handleCommand } from '#server/event-store/command-handler';
import { hashPassword } from '#server/lib/passwords';
import { addressBucket } from '#server/lib/client-address';
import { consumeRateLimit } from '#server/lib/rate-limit';
import type { Services } from '#server/services';
import { userStreamId, type PersonalDetails, type Permission, type Role } from '../identity.events.ts';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import { getRegistrationSettings } from '#server/modules/site/site.api';
import { idPhotoUrl } from '../profile/profile.ts';
import { decideRegisterAccount, EMAIL_TAKEN } from '../user.decider.ts';

/** `SH` + 7 random digits: unguessable enough not to enumerate, short enough to read aloud. */
export function generateUserId(prefix: string): string {
  return `${prefix}${crypto.randomInt(0, 10_000_000).toString().padStart(7, '0')}`;
}

/** The keyed hash that finds an account by e-mail (rule 9: the address itself is in no index). */
export function emailHashWith(blindIndex: (purpose: string, value: string) => string, email: string): string {
  return blindIndex('email', email.trim().toLowerCase());
}

export function emailHash(services: Pick<Services, 'vault'>, email: string): string {
  return emailHashWith((purpose, value) => services.vault.blindIndex(purpose, value), email);
}

/** A referral (sponsor) ID that names no active member. */
export const INVALID_REFERRAL = 'Invalid referral ID';

export function isEmailUniqueViolation(error: unknown): boolean {
  return sqlState(error) === PG_UNIQUE_VIOLATION && constraintName(error) === 'users_email_hash_unique';
}

export async function findActiveMember(tx: Queryable, userId: string): Promise<{ userId: string } | null> {
  const { rows } = await tx.query<{ user_id: string }>(`SELECT user_id FROM users WHERE user_id = $1 AND status = 'active'`, [userId]);
  return rows[0] ? { userId: rows[0].user_id } : null;
}

export async function isEmailTaken(tx: Queryable, hash: string): Promise<boolean> {
  const { rows } = await tx.query(`SELECT 1 FROM users WHERE email_hash = $1`, [hash]);
  return rows.length > 0;
}

export interface CreateAccountInput extends PersonalDetails {
  role: Role;
  permissions: Permission[];
  password: string;
}

/** Creates an account directly (the admin:create tool): no sponsor, no invite code, e-mail taken as confirmed. */
export async function createAccount(services: Services, input: CreateAccountInput, meta: RequestMeta): Promise<string> {
  const settings = await getRegistrationSettings(services.db);
  const passwordHash = await hashPassword(input.password);
  const hashOfEmail = emailHash(services, input.email);
  const { password: _password, role, permissions, ...personal } = input;
  const now = services.now();
  try {
    const { state } = await handleCommand(services, {
      async read(tx) {
        // A new ID on every attempt: one that exists already makes the no_stream append conflict.
        const userId = generateUserId(settings.userIdPrefix);
        return { state: { userId, isEmailTaken: await isEmailTaken(tx, hashOfEmail) }, versions: { [userStreamId(userId)]: null } };
      },
      decide: async (state, { seal }) => {
        const streamId = userStreamId(state.userId);
        const command = { userId: state.userId, role, permissions, sponsorId: null, epin: null, emailHash: hashOfEmail, passwordHash, personal: await seal(streamId, personal), now, isCreatedByOperator: true };
        return [{ streamId, events: decideRegisterAccount(command, state) }];
      },
      metadata: eventMetadata(meta),
    });
    return state.userId;
  } catch (error) {
    if (isEmailUniqueViolation(error)) throw new AppError('CONFLICT', { userMessage: EMAIL_TAKEN, fieldErrors: { email: [EMAIL_TAKEN] }, cause: error });
    throw error;
  }
}

export interface UserRow {
  user_id: string;
  full_name: string | null;
  role: Role;
  permissions: Permission[];
  sponsor_id: string | null;
  status: 'active' | 'suspended' | 'erased';
  email_verified_at: Date | null;
  joined_at: Date;
}

const USER_COLUMNS = 'user_id, full_name, role, permissions, sponsor_id, status, email_verified_at, joined_at';

export async function findUser(db: Queryable, userId: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE user_id = $1`, [userId]);
  return rows[0] ?? null;
}

/**
 * The public card a visitor asks for (the sponsor's name on the registration form): limited per
 * address (publicCardPerIp), unlike getPublicCard, which the modules use.
 */
export async function lookUpPublicCard(services: Services, userId: string, meta: RequestMeta): Promise<{ userId: string; fullName: string }> {
  if (meta.ip) await consumeRateLimit(services.db, addressBucket('public-card', meta.ip), services.limits.publicCardPerIp, services.now());
  const card = await getPublicCard(services.db, userId);
  if (!card) throw new AppError('NOT_FOUND', { userMessage: INVALID_REFERRAL });
  return card;
}

/** The public card of an active account: ID and name only, what the registration form shows of a sponsor. */
export async function getPublicCard(db: Queryable, userId: string): Promise<{ userId: string; fullName: string } | null> {
  const { rows } = await db.query<{ user_id: string; full_name: string }>(
    `SELECT user_id, full_name FROM users WHERE user_id = $1 AND status = 'active'`,
    [userId],
  );
  return rows[0] ? { userId: rows[0].user_id, fullName: rows[0].full_name } : null;
}

export async function getMe(db: Queryable, userId: string) {
  const { rows } = await db.query<UserRow & { sponsor_name: string | null }>(
    `SELECT u.user_id, u.full_name, u.role, u.permissions, u.sponsor_id, u.status, u.email_verified_at, u.joined_at,
            s.full_name AS sponsor_name
     FROM users u LEFT JOIN users s ON s.user_id = u.sponsor_id
     WHERE u.user_id = $1 AND u.status = 'active'`,
    [userId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    userId: row.user_id,
    fullName: row.full_name ?? '',
    role: row.role,
    permissions: row.permissions,
    sponsorId: row.sponsor_id,
    sponsorName: row.sponsor_name,
    joinedAt: new Date(row.joined_at).toISOString(),
    isActive: row.status === 'active' && row.email_verified_at !== null,
    isEmailVerified: row.email_verified_at !== null,
  };
}

/**
 * What a member's I-card shows of the account: null when there is no such account or it was erased.
 * `idPhotoUrl` is the member's photo (an authorised route: the member's own card only, never the
 * public card check).
 */
export async function getCardHolder(
  db: Queryable,
  userId: string,
): Promise<{ fullName: string; otherScriptName: string | null; joinedAt: Date; isActive: boolean; isSuspended: boolean; idPhotoUrl: string | null } | null> {
  const { rows } = await db.query<{
    full_name: string | null;
    other_script_name: string | null;
    joined_at: Date;
    status: string;
    email_verified_at: Date | null;
    id_photo_upload_id: string | null;
    id_photo_file: string | null;
  }>(
    `SELECT u.full_name, p.other_script_name, u.joined_at, u.status, u.email_verified_at, p.id_photo_upload_id, p.id_photo_file
     FROM users u LEFT JOIN member_profiles p ON p.user_id = u.user_id
     WHERE u.user_id = $1 AND u.status <> 'erased'`,
    [userId],
  );
  const row = rows[0];
  if (!row?.full_name) return null;
  return {
    fullName: row.full_name,
    otherScriptName: row.other_script_name,
    joinedAt: new Date(row.joined_at),
    isActive: row.status === 'active' && row.email_verified_at !== null,
    isSuspended: row.status !== 'active',
    idPhotoUrl: row.id_photo_file && row.id_photo_upload_id ? idPhotoUrl(userId, row.id_photo_upload_id) : null,
  };
}

export async function countMembers(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM users WHERE role = 'member' AND status <> 'erased'`);
  return rows[0]?.count ?? 0;
}

export interface MemberCard {
  userId: string;
  fullName: string;
  sponsorId: string | null;
  joinedAt: string;
  /** Active = e-mail confirmed and not suspended (PRODUCT.md §4). */
  isActive: boolean;
}

/** Names and standing of many members at once, for lists other modules show (team, transfers). */
export async function getMemberCards(db: Queryable, userIds: readonly string[]): Promise<Map<string, MemberCard>> {
  if (userIds.length === 0) return new Map();
  const { rows } = await db.query<{ user_id: string; full_name: string | null; sponsor_id: string | null; joined_at: Date; status: string; email_verified_at: Date | null }>(
    `SELECT user_id, full_name, sponsor_id, joined_at, status, email_verified_at FROM users WHERE user_id = ANY($1::text[])`,
    [userIds],
  );
  return new Map(
    rows.map((row) => [
      row.user_id,
      {
        userId: row.user_id,
        fullName: row.full_name ?? '[erased]',
        sponsorId: row.sponsor_id,
        joinedAt: new Date(row.joined_at).toISOString(),
        isActive: row.status === 'active' && row.email_verified_at !== null,
      },
    ]),
  );
}
