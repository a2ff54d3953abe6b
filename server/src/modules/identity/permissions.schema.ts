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
