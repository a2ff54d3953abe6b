import type { ReactNode } from 'react';
import type { TMeResponse } from '@sahay/server/modules/identity/accounts/me.schema';
import { hasAnyPermission } from '@sahay/server/shared/access';
import { AccessDenied } from '#web/features/admin/components/access-denied.public.tsx';
import { AdminGate, type AdminPermission } from '#web/features/admin/components/admin-gate.public.tsx';

type Me = NonNullable<TMeResponse>;

/** The Kanyadan pages serve two teams: `verification` decides, `finance` pays. */
export const KANYADAN_PERMISSIONS: readonly AdminPermission[] = ['verification', 'finance'];

/**
 * AdminGate for a page open to either team: "Access Denied!" for non-admins (AdminGate) and for
 * admins holding neither permission. The server refuses the same people (403).
 */
export function KanyadanGate({ children }: { children: (me: Me) => ReactNode }) {
  return <AdminGate permission={null}>{(me) => (hasAnyPermission(me, KANYADAN_PERMISSIONS) ? children(me) : <AccessDenied isAdmin />)}</AdminGate>;
}
