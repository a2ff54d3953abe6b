import { describe, expect, it } from 'vitest';
import { hasAnyPermission, isSuperAdmin, PERMISSIONS } from './access.ts';

const admin = (permissions: string[], twoFactorSetupRequired = false) => ({ role: 'admin' as const, permissions, twoFactorSetupRequired });

describe('isSuperAdmin', () => {
  it('is an admin holding every permission', () => {
    expect(isSuperAdmin(admin([...PERMISSIONS]))).toBe(true);
    expect(isSuperAdmin(admin(PERMISSIONS.filter((permission) => permission !== 'settings')))).toBe(false);
  });

  it('is never a member, nobody, or staff who must still set up two-factor sign-in', () => {
    expect(isSuperAdmin({ role: 'member', permissions: [...PERMISSIONS] })).toBe(false);
    expect(isSuperAdmin(null)).toBe(false);
    expect(isSuperAdmin(admin([...PERMISSIONS], true))).toBe(false);
  });
});

describe('hasAnyPermission', () => {
  it('is an admin holding one of the permissions at least', () => {
    expect(hasAnyPermission(admin(['finance']), ['verification', 'finance'])).toBe(true);
    expect(hasAnyPermission(admin(['content', 'members']), ['verification', 'finance'])).toBe(false);
    expect(hasAnyPermission(admin(['finance']), [])).toBe(false);
  });

  it('is never a member holding the same names', () => {
    expect(hasAnyPermission({ role: 'member', permissions: ['finance'] }, ['finance'])).toBe(false);
  });
});
