import type { Queryable } from '#server/db/db';
import { AppError } from '#server/errors/app-error';
import { foldStreamOf, handleCommand } from '#server/event-store/command-handler';
import type { Sealed } from '#server/event-store/sealing/personal-data';
import { consumeRateLimit } from '#server/lib/rate-limit';
import { base32Decode, base32Encode, matchTotp, newTotpSecret, otpauthUri } from '#server/lib/totp';
import type { Services } from '#server/services';
import { userStreamId } from '../identity.events.ts';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import { requiresTwoFactor } from '../access.ts';
import { revokeAllSessions, type SessionUser } from '../accounts/sessions.ts';
import { sessionsChanged } from '../accounts/sessions-changed.ts';
import { decideDisableTotp, decideEnableTotp, TOTP_ALREADY_ON, TOTP_CODE_WRONG, TOTP_NOT_ON, userStream } from '../user.decider.ts';

export const TOTP_REQUIRED_BY_PERMISSIONS = 'Your permissions (finance or verification) require two-factor sign-in: it cannot be turned off.';

export interface TotpStatus {
  enabled: boolean;
  enabledAt: string | null;
}

export async function getTotpStatus(db: Queryable, userId: string): Promise<TotpStatus> {
  const { rows } = await db.query<{ enabled_at: Date }>(`SELECT enabled_at FROM admin_totp WHERE user_id = $1`, [userId]);
  return { enabled: rows.length > 0, enabledAt: rows[0] ? new Date(rows[0].enabled_at).toISOString() : null };
}

/** Step 1: a new secret for the admin's authenticator, kept sealed until a first code proves it. */
export async function beginTotpSetup(services: Services, user: { userId: string }): Promise<{ secret: string; otpauthUri: string }> {
  if ((await getTotpStatus(services.db, user.userId)).enabled) throw new AppError('CONFLICT', { userMessage: TOTP_ALREADY_ON });
  const secret = newTotpSecret();
  await services.db.transaction(async (tx) => {
    const sealed = await services.eventStore.seal(tx, userStreamId(user.userId), base32Encode(secret));
    await tx.query(
      `INSERT INTO admin_totp_setups (user_id, secret, created_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET secret = EXCLUDED.secret, created_at = EXCLUDED.created_at`,
      [user.userId, JSON.stringify(sealed), services.now()],
    );
  });
  return { secret: base32Encode(secret), otpauthUri: otpauthUri(secret, { issuer: 'Sahay Foundation', account: user.userId }) };
}

async function revealSecret(services: Services, db: Queryable, sealed: Sealed | null | undefined): Promise<Buffer | null> {
  if (!sealed) return null;
  const text = await services.vault.reveal<string>(db, sealed);
  return text ? base32Decode(text) : null;
}

/** Records `step` as used; false when it (or a later one) already was: a code works once. */
async function useStep(db: Queryable, userId: string, step: number): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO admin_totp_used_steps (user_id, last_step) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET last_step = EXCLUDED.last_step WHERE admin_totp_used_steps.last_step < EXCLUDED.last_step
     RETURNING last_step`,
    [userId, step],
  );
  return rows.length === 1;
}

/** Step 2: the first code from the app turns it on. Two tabs confirming at once: one wins, the other is told it is on. */
export async function confirmTotpSetup(services: Services, user: { userId: string }, code: string, meta: RequestMeta): Promise<TotpStatus> {
  const now = services.now();
  await consumeRateLimit(services.db, `totp:user:${user.userId}`, services.limits.totpPerAccount, now);
  const streamId = userStreamId(user.userId);
  await handleCommand(services, {
    async read(tx) {
      const { state, versions } = await foldStreamOf(services.eventStore, tx, userStream, user.userId);
      const { rows } = await tx.query<{ secret: Sealed; created_at: Date }>(`SELECT secret, created_at FROM admin_totp_setups WHERE user_id = $1`, [user.userId]);
      const row = rows[0];
      const setup = row ? { sealedSecret: row.secret, secret: await revealSecret(services, tx, row.secret), createdAt: new Date(row.created_at) } : null;
      return { state: { user: state, setup }, versions };
    },
    decide: (state) => [{ streamId, events: decideEnableTotp({ userId: user.userId, code, now }, state) }],
    metadata: eventMetadata(meta),
    async onRecorded(tx, _events, { setup }) {
      await tx.query(`DELETE FROM admin_totp_setups WHERE user_id = $1`, [user.userId]);
      await tx.query(`INSERT INTO admin_totp (user_id, secret, enabled_at) VALUES ($1, $2, $3)`, [user.userId, JSON.stringify(setup!.sealedSecret), now]);
      // The code that turned it on cannot also sign in.
      await useStep(tx, user.userId, matchTotp(setup!.secret!, code, now)!);
      sessionsChanged(tx, user.userId);
    },
  });
  return getTotpStatus(services.db, user.userId);
}

/**
 * At sign-in, after the password: whether the account needs a code, and if so whether `code` is a
 * current one not used before. Uses it up when it is.
 */
export async function checkSignInCode(services: Services, userId: string, code: string | undefined): Promise<'not-required' | 'ok' | 'missing' | 'wrong'> {
  const { rows } = await services.db.query<{ secret: Sealed }>(`SELECT secret FROM admin_totp WHERE user_id = $1`, [userId]);
  if (rows.length === 0) return 'not-required';
  if (!code) return 'missing';
  const secret = await revealSecret(services, services.db, rows[0]!.secret);
  const step = secret ? matchTotp(secret, code, services.now()) : null;
  if (step === null) return 'wrong';
  return (await useStep(services.db, userId, step)) ? 'ok' : 'wrong';
}

async function recordDisabled(services: Services, command: Omit<Parameters<typeof decideDisableTotp>[0], 'now'>, meta: RequestMeta): Promise<TotpStatus> {
  const now = services.now();
  await handleCommand(services, {
    stream: userStream,
    id: command.userId,
    decide: (state) => decideDisableTotp({ ...command, now }, state),
    metadata: eventMetadata(meta),
    async onRecorded(tx) {
      await tx.query(`DELETE FROM admin_totp WHERE user_id = $1`, [command.userId]);
      sessionsChanged(tx, command.userId);
      // A reset by someone else: whoever holds the lost phone may hold a session too.
      if (command.by === 'admin') await revokeAllSessions(tx, command.userId, now);
    },
  });
  return getTotpStatus(services.db, command.userId);
}

/** The admin turns it off, proving it with a current code. */
export async function disableOwnTotp(services: Services, user: SessionUser, code: string, meta: RequestMeta): Promise<TotpStatus> {
  // A lost phone is reset by another admin (resetTotpByAdmin), after which the account may only set it up again.
  if (requiresTwoFactor(user)) throw new AppError('FORBIDDEN', { userMessage: TOTP_REQUIRED_BY_PERMISSIONS });
  await consumeRateLimit(services.db, `totp:user:${user.userId}`, services.limits.totpPerAccount, services.now());
  const result = await checkSignInCode(services, user.userId, code);
  if (result === 'not-required') throw new AppError('CONFLICT', { userMessage: TOTP_NOT_ON });
  if (result !== 'ok') throw new AppError('BAD_REQUEST', { userMessage: TOTP_CODE_WRONG, fieldErrors: { code: ['Enter the 6-digit code your app shows now'] } });
  return recordDisabled(services, { userId: user.userId, by: 'self', reason: null, resetBy: null }, meta);
}

/**
 * Another admin resets it (the phone is lost): the account is signed out everywhere and signs in
 * with its password alone until set up again. Not one's own (that takes a current code), and only
 * by an admin holding every permission the account holds, so no one can lower the protection of
 * an account that can do more than they can. `by` is null for the server's own tool.
 */
export function resetTotpByAdmin(
  services: Services,
  userId: string,
  reason: string,
  meta: RequestMeta,
  by: { userId: string; permissions: readonly string[] } | null,
): Promise<TotpStatus> {
  return recordDisabled(services, { userId, by: 'admin', reason, resetBy: by }, meta);
}
