import crypto from 'node:crypto';
import type { Queryable } from '#server/db/db';
import { constraintName, PG_UNIQUE_VIOLATION, sqlState } from '#server/db/db';
import { AppError } from '#server/errors/app-error';
import { ConcurrencyError } from '#server/event-store/event-store';
import { hashPassword } from '#server/lib/passwords';
import { consumeRateLimit } from '#server/lib/rate-limit';
import { epinStreamId } from '#server/modules/community/epin.events';
import type { Services } from '#server/services';
import { EMAIL_TAKEN, EPIN_USED, decideRegistration } from './register.decide.ts';
import type { ZRegisterRequestSchema } from './register.schema.ts';
import type { z } from 'zod';
import { userStreamId, type AccountRegistered, type EmailConfirmed, type PersonalDetails, type Permission, type Role } from './identity.events.ts';
import { eventMetadata, type RequestMeta } from './request-meta.ts';
import { registrationSettings } from './registration-settings.ts';

export type RegisterInput = z.output<typeof ZRegisterRequestSchema>;

/** `SH` + 7 random digits: unguessable enough not to enumerate, short enough to read aloud. */
export function generateUserId(prefix: string): string {
  return `${prefix}${crypto.randomInt(0, 10_000_000).toString().padStart(7, '0')}`;
}

export function emailHash(services: Pick<Services, 'vault'>, email: string): string {
  return services.vault.blindIndex('email', email.trim().toLowerCase());
}

const MAX_ID_ATTEMPTS = 8;

function isEmailUniqueViolation(error: unknown): boolean {
  return sqlState(error) === PG_UNIQUE_VIOLATION && constraintName(error) === 'users_email_hash_unique';
}

/**
 * Registers a member (PRODUCT.md §4). One transaction records the account and consumes the invite
 * code; of two registrations racing for one code, or one e-mail, exactly one succeeds.
 */
export async function registerMember(services: Services, input: RegisterInput, meta: RequestMeta): Promise<{ userId: string; fullName: string }> {
  if (meta.ip) await consumeRateLimit(services.db, `register:ip:${meta.ip}`, services.limits.registerPerIp, services.now());
  return recordRegistration(services, input, await hashPassword(input.password), meta);
}

/** The registration after the (deliberately slow) password hashing: settings, checks, events, projections. */
export async function recordRegistration(
  services: Services,
  input: RegisterInput,
  passwordHash: string,
  meta: RequestMeta,
): Promise<{ userId: string; fullName: string }> {
  const now = services.now();
  const settings = await registrationSettings(services.db);
  const hashOfEmail = emailHash(services, input.email);
  const personal: PersonalDetails = {
    fullName: input.fullName,
    email: input.email,
    phone: input.phone,
    address: input.address,
    city: input.city,
    state: input.state,
  };

  for (let attempt = 1; ; attempt++) {
    const userId = generateUserId(settings.userIdPrefix);
    try {
      await services.eventStore.append(async (tx) => {
        const state = {
          sponsor: input.referralId ? await findActiveSponsor(tx, input.referralId) : undefined,
          epin: input.epin ? await findEpin(tx, input.epin) : undefined,
          isEmailTaken: await isEmailTaken(tx, hashOfEmail),
          isInviteOnly: settings.isInviteOnly,
        };
        const personalSealed = await services.eventStore.seal(tx, userStreamId(userId), personal);
        return decideRegistration({ userId, emailHash: hashOfEmail, passwordHash, personal: personalSealed, now }, state);
      }, eventMetadata({ ...meta, actor: meta.actor === 'anonymous' ? userId : meta.actor }));
      return { userId, fullName: input.fullName };
    } catch (error) {
      if (error instanceof ConcurrencyError && error.streamId === userStreamId(userId) && attempt < MAX_ID_ATTEMPTS) continue;
      if (error instanceof ConcurrencyError && input.epin && error.streamId === epinStreamId(input.epin)) {
        throw new AppError('CONFLICT', { userMessage: EPIN_USED, fieldErrors: { epin: [EPIN_USED] }, cause: error });
      }
      if (isEmailUniqueViolation(error)) {
        throw new AppError('CONFLICT', { userMessage: EMAIL_TAKEN, fieldErrors: { email: [EMAIL_TAKEN] }, cause: error });
      }
      throw error;
    }
  }
}

async function findActiveSponsor(tx: Queryable, userId: string): Promise<{ userId: string } | null> {
  const { rows } = await tx.query<{ user_id: string }>(`SELECT user_id FROM users WHERE user_id = $1 AND status = 'active'`, [userId]);
  return rows[0] ? { userId: rows[0].user_id } : null;
}

async function findEpin(tx: Queryable, code: string): Promise<{ code: string; usedBy: string | null; version: number } | null> {
  const { rows } = await tx.query<{ code: string; used_by: string | null; version: number }>(
    `SELECT e.code, e.used_by, s.version FROM epins e JOIN streams s ON s.stream_id = 'epin-' || e.code WHERE e.code = $1`,
    [code],
  );
  const row = rows[0];
  return row ? { code: row.code, usedBy: row.used_by, version: row.version } : null;
}

async function isEmailTaken(tx: Queryable, hash: string): Promise<boolean> {
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
  const settings = await registrationSettings(services.db);
  const passwordHash = await hashPassword(input.password);
  const hashOfEmail = emailHash(services, input.email);
  const { password: _password, role, permissions, ...personal } = input;
  for (let attempt = 1; ; attempt++) {
    const userId = generateUserId(settings.userIdPrefix);
    try {
      await services.eventStore.append(async (tx) => {
        if (await isEmailTaken(tx, hashOfEmail)) {
          throw new AppError('CONFLICT', { userMessage: EMAIL_TAKEN, fieldErrors: { email: [EMAIL_TAKEN] } });
        }
        const event: AccountRegistered = {
          type: 'AccountRegistered',
          data: {
            userId,
            role,
            permissions,
            sponsorId: null,
            epin: null,
            emailHash: hashOfEmail,
            passwordHash,
            personal: await services.eventStore.seal(tx, userStreamId(userId), personal),
            joinedAt: services.now().toISOString(),
          },
        };
        // An operator creates these accounts for a known address; there is no link to wait for.
        const confirmed: EmailConfirmed = { type: 'EmailConfirmed', data: { userId, confirmedAt: event.data.joinedAt } };
        return [{ streamId: userStreamId(userId), expected: 'no_stream', events: [event, confirmed] }];
      }, eventMetadata(meta));
      return userId;
    } catch (error) {
      if (error instanceof ConcurrencyError && attempt < MAX_ID_ATTEMPTS) continue;
      if (isEmailUniqueViolation(error)) throw new AppError('CONFLICT', { userMessage: EMAIL_TAKEN, cause: error });
      throw error;
    }
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

/** The public card of an active account: ID and name only. */
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
