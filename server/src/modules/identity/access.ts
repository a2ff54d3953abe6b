import type { Permission, Role } from './identity.events.ts';

/**
 * The one permission check (tRPC's adminProcedure, REST's requireAdmin, and "own records, or an
 * admin holding this permission" in the modules): an admin holding `permission`, or any admin when
 * it is null. A super-admin holds them all.
 */
export function hasPermission(user: { role: Role; permissions: readonly Permission[] } | null, permission: Permission | null): boolean {
  return user?.role === 'admin' && (permission === null || user.permissions.includes(permission));
}

/** Whether `user` may act on `ownerId`'s records: their own, or as an admin holding `permission`. */
export function canActFor(user: { userId: string; role: Role; permissions: readonly Permission[] }, ownerId: string, permission: Permission): boolean {
  return user.userId === ownerId || hasPermission(user, permission);
}
