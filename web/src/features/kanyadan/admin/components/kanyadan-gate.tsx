import type { ReactNode } from 'react';
import type { TMeResponse } from '@sahay/server/modules/identity/accounts/me.schema';
import { AccessDenied } from '#web/features/admin/components/access-denied.tsx';
import { AdminGate, type AdminPermission } from '#web/features/admin/components/admin-gate.tsx';

type Me = NonNullable<TMeResponse>;

/** The Kanyadan pages serve two teams: `verification` decides, `finance` pays. */
export const KANYADAN_PERMISSIONS: readonly AdminPermission[] = ['verification', 'finance'];

export function canSeeKanyadan(permissions: readonly string[]): boolean {
  return KANYADAN_PERMISSIONS.some((permission) => permissions.includes(permission));
}

/**
 * AdminGate for a page open to either team: "Access Denied!" for non-admins (AdminGate) and for
 * admins holding neither permission. The server refuses the same people (403).
 */
export function KanyadanGate({ children }: { children: (me: Me) => ReactNode }) {
  return <AdminGate permission={null}>{(me) => (canSeeKanyadan(me.permissions) ? children(me) : <AccessDenied isAdmin />)}</AdminGate>;
}
