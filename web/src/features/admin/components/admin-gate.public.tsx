import type { ReactNode } from 'react';
import { Link, Redirect } from 'wouter';
import type { TMeResponse } from '@sahay/server/modules/identity/accounts/me.schema';
import { hasPermission, type Permission } from '@sahay/server/shared/access';
import { useMe } from '#web/features/identity/hooks/use-me.public.ts';
import { useT } from '#web/i18n/i18n.tsx';
import { PageLoading } from '#web/ui/error-boundary.tsx';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { AccessDenied } from './access-denied.public.tsx';
import { LoadError } from '#web/ui/load-error.tsx';

/** What a staff screen asks of the admin (server/src/shared/access.ts, the server's own check). */
export type AdminPermission = Permission;

/**
 * Renders an admin page for admins holding `permission`; "Access Denied!" for anyone else. The
 * server refuses the same people (403); this only spares them a page that cannot work. Staff who
 * must still set up two-factor sign-in are sent to do that, except on the page where it is done.
 * A signed-out visitor goes straight to the admin login, without a flash of "Access Denied!" first
 * (issue 36): there is nothing to deny before one has signed in.
 */
export function AdminGate({
  permission,
  isTwoFactorSetup = false,
  children,
}: {
  permission: AdminPermission | null;
  isTwoFactorSetup?: boolean;
  children: (me: NonNullable<TMeResponse>) => ReactNode;
}) {
  const t = useT();
  const errorText = useErrorText();
  const me = useMe();
  if (me.isPending) return <PageLoading />;
  if (me.isError) return <LoadError error={errorText(me.error, 'admin.loadFailed')} onRetry={() => void me.refetch()} retryLabel={t('common.retry')} />;
  if (!me.data) return <Redirect to="~/admin-login" replace />;
  if (me.data.role !== 'admin') return <AccessDenied />;
  if (me.data.twoFactorSetupRequired && !isTwoFactorSetup) return <TwoFactorFirst />;
  if (permission && !hasPermission(me.data, permission)) return <AccessDenied isAdmin />;
  return children(me.data);
}

/** Staff holding finance or verification sign in with a second factor; until it is set up, the console shows only the way there. */
function TwoFactorFirst() {
  const t = useT();
  return (
    <div className="container page-narrow">
      <div role="alert">
        <h1>{t('admin.twoFactorFirst.heading')}</h1>
        <p>{t('admin.twoFactorFirst.text')}</p>
      </div>
      <Link href="~/admin/security" className="btn btn-primary">
        {t('admin.twoFactorFirst.link')}
      </Link>
    </div>
  );
}
