import type { Queryable } from '#server/db/db';
import { AppError } from '#server/errors/app-error';
import { ConcurrencyError } from '#server/event-store/event-store';
import type { Sealed } from '#server/event-store/personal-data';
import type { Projection } from '#server/event-store/types';
import { consumeRateLimit } from '#server/lib/rate-limit';
import { base32Decode, base32Encode, matchTotp, newTotpSecret, otpauthUri } from '#server/lib/totp';
import type { Services } from '#server/services';
import { userStreamId, type AdminTotpDisabled, type AdminTotpEnabled, type IdentityEvent } from './identity.events.ts';
import { eventMetadata, type RequestMeta } from './request-meta.ts';
import { revokeAllSessions } from './sessions.ts';

/**
 * The admins' second factor (PRODUCT.md §2: "an admin signs in with a password and a TOTP code once
 * it is set up"). An admin asks for a secret, adds it to an authenticator app (QR or typed), and
 * turns it on with a first code; from then on every sign-in of that account — the admin form, the
 * member form, REST — needs a current code, and each code works once. Turning it off needs a
 * current code; another admin with the `members` permission can reset it (a lost phone), with a
 * reason. docs/decisions/013.
 */
export const TOTP_ALREADY_ON = 'Two-factor sign-in is already on for this account.';
export const TOTP_NOT_ON = 'Two-factor sign-in is not on for this account.';
export const TOTP_NO_SETUP = 'Start the set-up again: no secret is waiting for a code.';
export const TOTP_CODE_WRONG = 'That code is not right. Enter the 6-digit code your authenticator app shows now.';
/** A secret shown for set-up is good for this long. */
const SETUP_MINUTES = 15;

export interface TotpStatus {
  enabled: boolean;
  enabledAt: string | null;
}

async function sealedSecretOf(db: Queryable, table: 'admin_totp' | 'admin_totp_setups', userId: string): Promise<Sealed | null> {
  const { rows } = await db.query<{ secret: Sealed }>(`SELECT secret FROM ${table} WHERE user_id = $1`, [userId]);
  return rows[0]?.secret ?? null;
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

async function revealSecret(services: Services, sealed: Sealed | null): Promise<Buffer | null> {
  if (!sealed) return null;
  const text = await services.vault.reveal<string>(services.db, sealed);
  return text ? base32Decode(text) : null;
}

/**
 * Step 2: the first code from the app turns it on (AdminTotpEnabled, the secret sealed in it). Two
 * tabs confirming at once: the stream version decides, one wins and the other gets 409.
 */
export async function confirmTotpSetup(services: Services, user: { userId: string }, code: string, meta: RequestMeta): Promise<TotpStatus> {
  const now = services.now();
  await consumeRateLimit(services.db, `totp:user:${user.userId}`, services.limits.totpPerAccount, now);
  const { rows } = await services.db.query<{ secret: Sealed; created_at: Date }>(`SELECT secret, created_at FROM admin_totp_setups WHERE user_id = $1`, [user.userId]);
  const setup = rows[0];
  if (!setup || now.getTime() - new Date(setup.created_at).getTime() > SETUP_MINUTES * 60_000) {
    throw new AppError('BAD_REQUEST', { userMessage: TOTP_NO_SETUP });
  }
  const secret = await revealSecret(services, setup.secret);
  const step = secret ? matchTotp(secret, code, now) : null;
  if (step === null) throw new AppError('BAD_REQUEST', { userMessage: TOTP_CODE_WRONG, fieldErrors: { code: ['Enter the 6-digit code your app shows now'] } });
  if ((await getTotpStatus(services.db, user.userId)).enabled) throw new AppError('CONFLICT', { userMessage: TOTP_ALREADY_ON });

  const version = await services.eventStore.streamVersion(userStreamId(user.userId));
  const event: AdminTotpEnabled = { type: 'AdminTotpEnabled', data: { userId: user.userId, secret: setup.secret, enabledAt: now.toISOString() } };
  try {
    await services.eventStore.append(async (tx) => {
      await tx.query(`DELETE FROM admin_totp_setups WHERE user_id = $1`, [user.userId]);
      // The code that turned it on cannot also sign in.
      await useStep(tx, user.userId, step);
      return [{ streamId: userStreamId(user.userId), expected: version ?? 'stream_exists', events: [event] }];
    }, eventMetadata(meta));
  } catch (error) {
    if (error instanceof ConcurrencyError) throw new AppError('CONFLICT', { userMessage: TOTP_ALREADY_ON });
    throw error;
  }
  return getTotpStatus(services.db, user.userId);
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

/**
 * At sign-in, after the password: whether the account needs a code, and if so whether `code` is a
 * current one not used before. Uses it up when it is.
 */
export async function checkSignInCode(services: Services, userId: string, code: string | undefined): Promise<'not-required' | 'ok' | 'missing' | 'wrong'> {
  const sealed = await sealedSecretOf(services.db, 'admin_totp', userId);
  if (!sealed) return 'not-required';
  if (!code) return 'missing';
  const secret = await revealSecret(services, sealed);
  const step = secret ? matchTotp(secret, code, services.now()) : null;
  if (step === null) return 'wrong';
  return (await useStep(services.db, userId, step)) ? 'ok' : 'wrong';
}

async function recordDisabled(services: Services, userId: string, data: Omit<AdminTotpDisabled['data'], 'userId' | 'disabledAt'>, meta: RequestMeta): Promise<TotpStatus> {
  const version = await services.eventStore.streamVersion(userStreamId(userId));
  const event: AdminTotpDisabled = { type: 'AdminTotpDisabled', data: { userId, ...data, disabledAt: services.now().toISOString() } };
  try {
    await services.eventStore.append(async (tx) => {
      // A reset by someone else: whoever holds the lost phone may hold a session too.
      if (data.by === 'admin') await revokeAllSessions(tx, userId, services.now());
      return [{ streamId: userStreamId(userId), expected: version ?? 'stream_exists', events: [event] }];
    }, eventMetadata(meta));
  } catch (error) {
    if (error instanceof ConcurrencyError) throw new AppError('CONFLICT', { userMessage: 'Someone else changed this account meanwhile. Reload and try again.' });
    throw error;
  }
  return getTotpStatus(services.db, userId);
}

/** The admin turns it off, proving it with a current code. */
export async function disableOwnTotp(services: Services, user: { userId: string }, code: string, meta: RequestMeta): Promise<TotpStatus> {
  await consumeRateLimit(services.db, `totp:user:${user.userId}`, services.limits.totpPerAccount, services.now());
  const result = await checkSignInCode(services, user.userId, code);
  if (result === 'not-required') throw new AppError('CONFLICT', { userMessage: TOTP_NOT_ON });
  if (result !== 'ok') throw new AppError('BAD_REQUEST', { userMessage: TOTP_CODE_WRONG, fieldErrors: { code: ['Enter the 6-digit code your app shows now'] } });
  return recordDisabled(services, user.userId, { by: 'self', reason: null }, meta);
}

export const TOTP_OWN_RESET = 'Turn off your own two-factor sign-in on the Security page, with a code from your app.';

/**
 * Another admin resets it (the phone is lost): the account is signed out everywhere and signs in
 * with its password alone until set up again. Not one's own: that takes a current code.
 */
export async function resetTotpByAdmin(services: Services, userId: string, reason: string, meta: RequestMeta): Promise<TotpStatus> {
  if (meta.actor === userId) throw new AppError('FORBIDDEN', { userMessage: TOTP_OWN_RESET });
  if (!(await getTotpStatus(services.db, userId)).enabled) throw new AppError('CONFLICT', { userMessage: TOTP_NOT_ON });
  return recordDisabled(services, userId, { by: 'admin', reason }, meta);
}

/** Read model of who has the second factor on; the secret stays sealed in it. Runs inline: sign-in reads it. */
export const adminTotpProjection: Projection<'admin_totp'> = {
  name: 'admin_totp',
  tables: ['admin_totp'],
  handles: ['AdminTotpEnabled', 'AdminTotpDisabled', 'PersonalDataErased'],
  async apply(recorded, { tx, tables }) {
    const event = recorded as unknown as IdentityEvent;
    switch (event.type) {
      case 'AdminTotpEnabled':
        await tx.query(
          `INSERT INTO ${tables.admin_totp} (user_id, secret, enabled_at) VALUES ($1, $2, $3)
           ON CONFLICT (user_id) DO UPDATE SET secret = EXCLUDED.secret, enabled_at = EXCLUDED.enabled_at`,
          [event.data.userId, JSON.stringify(event.data.secret), event.data.enabledAt],
        );
        return;
      case 'AdminTotpDisabled':
        await tx.query(`DELETE FROM ${tables.admin_totp} WHERE user_id = $1`, [event.data.userId]);
        return;
      case 'PersonalDataErased':
        await adminTotpProjection.erase!(event.data.subjectId, { tx, tables, reveal: async () => null });
        return;
      default:
        return;
    }
  },
  async erase(subjectId, { tx, tables }) {
    if (!subjectId.startsWith('user-')) return;
    await tx.query(`DELETE FROM ${tables.admin_totp} WHERE user_id = $1`, [subjectId.slice('user-'.length)]);
  },
};

