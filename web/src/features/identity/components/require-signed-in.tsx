import type { ReactNode } from 'react';
import { Redirect, useLocation, useRouter, useSearch } from 'wouter';
import type { TMeResponse } from '@sahay/server/modules/identity/accounts/me.schema';
import { useT } from '#web/i18n/i18n.tsx';
import { PageLoading } from '#web/ui/error-boundary.tsx';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { useMe } from '../hooks/use-me.public.ts';
import { loginPathFor } from '../next-path.public.ts';

/**
 * Member pages: render `children(me)` for a signed-in person; send anyone else to /login with the
 * way back (PRODUCT.md §4). The server enforces the same; this only spares a useless page.
 */
export function RequireSignedIn({ children }: { children: (me: NonNullable<TMeResponse>) => ReactNode }) {
  const t = useT();
  const errorText = useErrorText();
  const me = useMe();
  const [location] = useLocation();
  const search = useSearch();
  // Inside a nested route the location is relative to its base; the way back must be absolute.
  const path = useRouter().base + location;

  if (me.isPending) return <PageLoading />;
  if (me.isError) {
    const { message, hint } = errorText(me.error, 'dashboard.loadFailed');
    return (
      <div className="container page-narrow">
        <div role="alert" className="form-error">
          <p>{message}</p>
          {hint && <p className="form-error-hint">{hint}</p>}
        </div>
        <button type="button" className="btn btn-primary" onClick={() => void me.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (!me.data) return <Redirect to={`~${loginPathFor(search ? `${path}?${search}` : path)}`} replace />;
  return children(me.data);
}
