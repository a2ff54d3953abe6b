import type { Queryable } from '#server/db/db';
import { AppError } from '#server/errors/app-error';
import { verifyPassword } from '#server/lib/passwords';
import { addressBucket } from '#server/lib/client-address';
import { consumeRateLimit, formatWait } from '#server/lib/rate-limit';
import type { Services } from '#server/services';
import type { Permission, Role } from '../identity.events.ts';
import { checkSignInCode } from '../two-factor/admin-totp.ts';
import { isPhoneIdentifier } from '../fields.schema.ts';
import { emailHash } from './accounts.ts';
import { createSession, revokeSession, sessionUserOf, type SessionKind, type SessionUser } from './sessions.ts';

export const LOGIN_FAILED = 'Invalid user ID/e-mail or password';
export const ADMIN_LOGIN_FAILED = 'Invalid Admin Credentials';
/** The admin form's answer to the right password without the second factor's code (issue 32, docs/decisions/063). */
export const TOTP_CODE_NEEDED = 'This account signs in with two factors: enter the 6-digit code from your authenticator app.';

/** After this many failures in a row, each further try must wait, doubling from 1 s... */
const FREE_FAILURES = 3;
/** ...and after this many the account is locked for LOCK_MINUTES. */
const LOCK_AFTER = 6;
const LOCK_MINUTES = 15;

/** Pure: how long an account must wait after `failures` failed attempts in a row. */
export function lockSeconds(failures: number): number {
  if (failures >= LOCK_AFTER) return LOCK_MINUTES * 60;
  if (failures < FREE_FAILURES) return 0;
  return 2 ** (failures - FREE_FAILURES);
}

interface Credentials {
  userId?: string;
  email?: string;
  password: string;
  totpCode?: string;
}

interface AccountRow {
  user_id: string;
  full_name: string | null;
  role: Role;
  permissions: Permission[];
  password_hash: string | null;
  status: string;
}

/** A mobile number shared by more accounts than this signs in to none of them by number. */
const MAX_ACCOUNTS_PER_PHONE = 5;

export const PHONE_SHARED =
  'This mobile number is registered to more than one account with this password. Log in with your user ID instead; “Forgot user ID?” sends your user IDs to you.';

/** The accounts the identifier names: one by user ID or e-mail; by mobile number, every account registered with it. */
async function findAccounts(services: Services, credentials: Credentials): Promise<AccountRow[]> {
  const columns = 'user_id, full_name, role, permissions, password_hash, status';
  if (credentials.userId && isPhoneIdentifier(credentials.userId)) {
    const { rows } = await services.db.query<AccountRow>(
      `SELECT ${columns} FROM users WHERE phone = $1 AND status <> 'erased' ORDER BY joined_at, user_id LIMIT ${MAX_ACCOUNTS_PER_PHONE + 1}`,
      [credentials.userId],
    );
    return rows.length > MAX_ACCOUNTS_PER_PHONE ? [] : rows;
  }
  const { rows } = await services.db.query<AccountRow>(
    credentials.userId ? `SELECT ${columns} FROM users WHERE user_id = $1` : `SELECT ${columns} FROM users WHERE email_hash = $1`,
    [credentials.userId ?? emailHash(services, credentials.email ?? '')],
  );
  return rows;
}

/**
 * The account a mobile number shared by several accounts signs in to: the one whose password was
 * given. The failures count against the number (keyed by its blind index, so the table holds no
 * number); the same password on two of them asks for the user ID. Only someone who knows a password
 * learns that the number is shared.
 */
/** The key failures against a mobile number count under: its blind index, so the table holds no number. */
function phoneAccountKey(services: Services, phone: string): string {
  return `phone:${services.vault.blindIndex('phone', phone)}`;
}

async function accountByPassword(services: Services, candidates: readonly AccountRow[], phone: string, password: string, now: Date, failedMessage: string): Promise<AccountRow> {
  const phoneKey = phoneAccountKey(services, phone);
  await assertNotLocked(services.db, phoneKey, now);
  const matching: AccountRow[] = [];
  for (const candidate of candidates) if (await verifyPassword(candidate.password_hash, password)) matching.push(candidate);
  if (matching.length === 0) {
    await recordFailure(services.db, phoneKey, now);
    throw new AppError('UNAUTHORIZED', { userMessage: failedMessage });
  }
  if (matching.length > 1) throw new AppError('CONFLICT', { userMessage: PHONE_SHARED, fieldErrors: { userId: [PHONE_SHARED] } });
  await services.db.query(`DELETE FROM login_failures WHERE account_key = $1`, [phoneKey]);
  return matching[0]!;
}

async function assertNotLocked(db: Queryable, accountKey: string, now: Date): Promise<void> {
  const { rows } = await db.query<{ locked_until: Date | null }>(`SELECT locked_until FROM login_failures WHERE account_key = $1`, [accountKey]);
  const lockedUntil = rows[0]?.locked_until;
  if (lockedUntil && new Date(lockedUntil) > now) {
    const seconds = Math.ceil((new Date(lockedUntil).getTime() - now.getTime()) / 1000);
    throw new AppError('TOO_MANY_REQUESTS', {
      message: `account ${accountKey} locked`,
      userMessage: `Too many failed attempts. This account is locked; try again in ${formatWait(seconds)}.`,
      retryAfterSeconds: seconds,
    });
  }
}

async function recordFailure(db: Queryable, accountKey: string, now: Date): Promise<void> {
  const { rows } = await db.query<{ failures: number }>(
    `INSERT INTO login_failures (account_key, failures, last_failure_at) VALUES ($1, 1, $2)
     ON CONFLICT (account_key) DO UPDATE SET failures = login_failures.failures + 1, last_failure_at = $2
     RETURNING failures`,
    [accountKey, now],
  );
  const wait = lockSeconds(rows[0]!.failures);
  if (wait > 0) {
    await db.query(`UPDATE login_failures SET locked_until = $2 WHERE account_key = $1`, [accountKey, new Date(now.getTime() + wait * 1000)]);
  }
}

export interface LoginResult {
  user: SessionUser;
  token: string;
}

/**
 * Checks credentials and opens a new session (a fresh ID every time: rotation at login). Failures
 * count per account and lead to waits and then a lock; the message never says which part was wrong.
 */
export async function logIn(
  services: Services,
  credentials: Credentials,
  options: { kind: SessionKind; ip?: string | null; requireAdmin?: boolean; previousToken?: string | null },
): Promise<LoginResult> {
  const now = services.now();
  const failedMessage = options.requireAdmin ? ADMIN_LOGIN_FAILED : LOGIN_FAILED;
  if (options.ip) await consumeRateLimit(services.db, addressBucket('login', options.ip), services.limits.loginPerIp, now);
  const candidates = await findAccounts(services, credentials);
  const account =
    candidates.length > 1 ? await accountByPassword(services, candidates, credentials.userId!, credentials.password, now, failedMessage) : (candidates[0] ?? null);
  const accountKey = account
    ? `user:${account.user_id}`
    : credentials.userId && isPhoneIdentifier(credentials.userId)
      ? phoneAccountKey(services, credentials.userId)
      : `unknown:${credentials.userId ?? emailHash(services, credentials.email ?? '')}`;
  await assertNotLocked(services.db, accountKey, now);
  // A shared number's account has had its password checked already.
  const isValid = candidates.length > 1 || (await verifyPassword(account?.password_hash, credentials.password));
  if (!account || !isValid) {
    await recordFailure(services.db, accountKey, now);
    throw new AppError('UNAUTHORIZED', { userMessage: failedMessage });
  }
  if (account.status !== 'active') {
    throw new AppError('FORBIDDEN', { userMessage: 'Your account is suspended or closed. Please contact the foundation.' });
  }
  if (options.requireAdmin && account.role !== 'admin') {
    throw new AppError('UNAUTHORIZED', { userMessage: ADMIN_LOGIN_FAILED });
  }
  // The second factor, wherever the account signs in (admin form, member form, REST): a missing,
  // wrong or reused code is a failed attempt like a wrong password, with the same message, so no
  // answer tells that the password was right — except a missing code on the admin form, which asks
  // for the code beside its field: the person there has the field, and the password was right
  // (docs/decisions/063). It still counts as a failed attempt.
  const code = await checkSignInCode(services, account.user_id, credentials.totpCode);
  if (code === 'missing' || code === 'wrong') {
    await recordFailure(services.db, accountKey, now);
    if (code === 'missing' && options.requireAdmin) {
      throw new AppError('UNAUTHORIZED', { userMessage: TOTP_CODE_NEEDED, fieldErrors: { totpCode: [TOTP_CODE_NEEDED] } });
    }
    throw new AppError('UNAUTHORIZED', { userMessage: failedMessage });
  }
  await services.db.query(`DELETE FROM login_failures WHERE account_key = $1`, [accountKey]);
  if (options.previousToken) await revokeSession(services.db, options.previousToken, now);
  const ttlHours = options.kind === 'bearer' ? services.config.BEARER_TTL_HOURS : services.config.SESSION_TTL_HOURS;
  const token = await createSession(services.db, account.user_id, options.kind, now, ttlHours);
  return {
    token,
    user: sessionUserOf({ userId: account.user_id, fullName: account.full_name ?? '', role: account.role, permissions: account.permissions }, code === 'ok'),
  };
}
