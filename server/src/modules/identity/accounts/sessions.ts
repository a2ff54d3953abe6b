import crypto from 'node:crypto';
import type { Queryable } from '#server/db/db';
import { requiresTwoFactor } from '../access.ts';
import { sessionsChanged } from './sessions-changed.ts';
import type { Permission, Role } from '../identity.events.ts';

export const SESSION_COOKIE = 'sahay_session';

export type SessionKind = 'cookie' | 'bearer';

import type { SessionUser } from '../permissions.schema.ts';

export type { SessionUser };

/** The session's view of an account, with whether it must still set up its second factor. */
export function sessionUserOf(account: Omit<SessionUser, 'twoFactorSetupRequired'>, hasTotp: boolean): SessionUser {
  return { ...account, twoFactorSetupRequired: !hasTotp && requiresTwoFactor(account) };
}

/** Only the hash is stored: a stolen database row cannot be replayed as a cookie. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('base64url');
}

export async function createSession(db: Queryable, userId: string, kind: SessionKind, now: Date, ttlHours: number): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db.query(`INSERT INTO sessions (id_hash, user_id, kind, created_at, last_seen_at, expires_at) VALUES ($1, $2, $3, $4, $4, $5)`, [
    hashToken(token),
    userId,
    kind,
    now,
    new Date(now.getTime() + ttlHours * 3600 * 1000),
  ]);
  return token;
}

/** Whether a token has a session token's length at all; anything else is nobody's session, not a query. */
export function isTokenShaped(token: string): boolean {
  return token.length >= 20 && token.length <= 100;
}

/** The signed-in user behind a token, if the session is live and the account active. */
export async function resolveSession(db: Queryable, token: string, now: Date): Promise<SessionUser | null> {
  return (await readSession(db, token, now))?.user ?? null;
}

/** resolveSession's answer with the session's end, for the session cache (session-cache.ts). */
export async function readSession(db: Queryable, token: string, now: Date): Promise<{ user: SessionUser; expiresAt: Date } | null> {
  if (!isTokenShaped(token)) return null;
  const { rows } = await db.query<{ user_id: string; full_name: string | null; role: Role; permissions: Permission[]; has_totp: boolean; expires_at: Date }>(
    `SELECT u.user_id, u.full_name, u.role, u.permissions, EXISTS (SELECT 1 FROM admin_totp t WHERE t.user_id = u.user_id) AS has_totp, s.expires_at
     FROM sessions s JOIN users u ON u.user_id = s.user_id
     WHERE s.id_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2 AND u.status = 'active'`,
    [hashToken(token), now],
    // Every signed-in request asks this: prepared once per connection, PostgreSQL skips parse and plan.
    { name: 'sahay_resolve_session' },
  );
  const row = rows[0];
  if (!row) return null;
  const user = sessionUserOf({ userId: row.user_id, fullName: row.full_name ?? '', role: row.role, permissions: row.permissions }, row.has_totp);
  return { user, expiresAt: new Date(row.expires_at) };
}

export async function revokeSession(db: Queryable, token: string, now: Date): Promise<void> {
  const { rows } = await db.query<{ user_id: string }>(`UPDATE sessions SET revoked_at = $2 WHERE id_hash = $1 AND revoked_at IS NULL RETURNING user_id`, [
    hashToken(token),
    now,
  ]);
  for (const row of rows) sessionsChanged(db, row.user_id);
}

/** Signs a user out everywhere (password change or reset, suspension). */
export async function revokeAllSessions(db: Queryable, userId: string, now: Date): Promise<void> {
  await db.query(`UPDATE sessions SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL`, [userId, now]);
  sessionsChanged(db, userId);
}

/** Signs a user out everywhere except the session making the request (password change). */
export async function revokeOtherSessions(db: Queryable, userId: string, keepToken: string | null, now: Date): Promise<void> {
  await db.query(`UPDATE sessions SET revoked_at = $3 WHERE user_id = $1 AND revoked_at IS NULL AND id_hash <> $2`, [
    userId,
    keepToken ? hashToken(keepToken) : '',
    now,
  ]);
  sessionsChanged(db, userId);
}
