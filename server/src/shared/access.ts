// Who may do what: the roles, the permissions and the rules over them. Pure and shared by the server's
// modules, the platform (tRPC and REST guards) and the web, so none of them imports identity for it
// (issue 30). Nothing here imports anything.

/** What a staff account may be granted (PRODUCT.md §9); an admin holding all of them is a super-admin. */
export const PERMISSIONS = ['content', 'finance', 'verification', 'members', 'settings'] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** A member, or staff (an admin, whose permissions say what they may do). */
export type Role = 'member' | 'admin';

/** Who is asking: a signed-in session's view of its account (identity's sessions resolve it). */
export interface SessionUser {
  userId: string;
  fullName: string;
  role: Role;
  permissions: Permission[];
  /**
   * Staff whose permissions require a second factor (access.ts requiresTwoFactor) and who have not
   * set it up: such a session may only set it up, sign out and say who it is.
   */
  twoFactorSetupRequired: boolean;
}

/**
 * What the permission checks read of a user: a session (permissions typed) or the web's `identity.me`
 * answer (permissions as plain strings, since its schema does not narrow them).
 */
export interface StaffView {
  role: Role;
  permissions: readonly string[];
  twoFactorSetupRequired?: boolean;
}

/**
 * The one permission check (tRPC's adminProcedure, REST's requireAdmin, and "own records, or an
 * admin holding this permission" in the modules): an admin holding `permission`, or any admin when
 * it is null. A super-admin holds them all.
 */
export function hasPermission(user: StaffView | null, permission: Permission | null): boolean {
  if (user?.twoFactorSetupRequired === true) return false;
  return user?.role === 'admin' && (permission === null || user.permissions.includes(permission));
}

/** An admin holding one of `permissions` at least: a page open to several teams (Kanyadan: verification decides, finance pays). */
export function hasAnyPermission(user: StaffView | null, permissions: readonly Permission[]): boolean {
  return permissions.some((permission) => hasPermission(user, permission));
}

/**
 * Who opens the settings: settings staff change the foundation's details, texts and rules; finance
 * staff where money goes and the signing certificate (site.settings.update checks each part).
 */
export const SETTINGS_PAGE_PERMISSIONS = ['settings', 'finance'] as const satisfies readonly Permission[];

/** A super-admin: an admin holding every permission, the only staff who may invite staff or change what staff may do. */
export function isSuperAdmin(user: StaffView | null): boolean {
  return PERMISSIONS.every((permission) => hasPermission(user, permission));
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
