import type { Permission, Role } from './identity.events.ts';

/**
 * The one permission check (tRPC's adminProcedure, REST's requireAdmin, and "own records, or an
 * admin holding this permission" in the modules): an admin holding `permission`, or any admin when
 * it is null. A super-admin holds them all.
 */
export function hasPermission(
  user: { role: Role; permissions: readonly Permission[]; twoFactorSetupRequired?: boolean } | null,
  permission: Permission | null,
): boolean {
  if (user?.twoFactorSetupRequired === true) return false;
  return user?.role === 'admin' && (permission === null || user.permissions.includes(permission));
}

/**
 * The permissions that move money or open girls' and families' documents: staff holding one of
 * them must sign in with a second factor (issue 15). Until they have set it up, their sessions may
 * only set it up (`twoFactorSetupRequired` on the session; trpc/procedures.ts, http/rest.ts).
 */
export const TWO_FACTOR_PERMISSIONS: readonly Permission[] = ['finance', 'verification'];

export function requiresTwoFactor(user: { role: Role; permissions: readonly Permission[] }): boolean {
  return user.role === 'admin' && user.permissions.some((permission) => TWO_FACTOR_PERMISSIONS.includes(permission));
}

export const TWO_FACTOR_SETUP_REQUIRED =
  'Set up two-factor sign-in first: staff who handle money or verify documents must sign in with a code from an authenticator app.';

/** Whether `user` may act on `ownerId`'s records: their own, or as an admin holding `permission`. */
export function canActFor(user: { userId: string; role: Role; permissions: readonly Permission[] }, ownerId: string, permission: Permission): boolean {
  return user.userId === ownerId || hasPermission(user, permission);
}
