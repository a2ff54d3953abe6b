import { useLocation } from 'wouter';
import type { TMeResponse } from '@sahay/server/modules/identity/me.schema';
import { useMe } from '#web/features/identity/hooks/use-me.ts';
import { useLogout } from '#web/features/identity/hooks/use-logout.ts';
import { useT } from '#web/i18n/i18n.tsx';
import { PageLoading } from '#web/ui/error-boundary.tsx';
import { formatNumber } from '#web/ui/format.ts';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { AccessDenied } from '../components/access-denied.tsx';
import { EpinGenerator } from '../components/epin-generator.tsx';
import { EpinTable } from '../components/epin-table.tsx';
import { useAdminDashboard } from '../hooks/use-admin-dashboard.ts';
import { useEpins } from '../hooks/use-epins.ts';

export default function AdminDashboardPage() {
  usePageMeta('admin.metaTitle', 'admin.metaDescription');
  const me = useMe();
  const t = useT();
  const errorText = useErrorText();

  if (me.isPending) return <PageLoading />;
  if (me.isError) return <LoadError error={errorText(me.error, 'admin.loadFailed')} onRetry={() => void me.refetch()} retryLabel={t('common.retry')} />;
  if (me.data?.role !== 'admin') return <AccessDenied />;
  return <AdminDashboard me={me.data} />;
}

function AdminDashboard({ me }: { me: NonNullable<TMeResponse> }) {
  const t = useT();
  const errorText = useErrorText();
  const [, navigate] = useLocation();
  const canManageMembers = me.permissions.includes('members');
  const dashboard = useAdminDashboard(true);
  const epins = useEpins(canManageMembers);
  const logout = useLogout();

  return (
    <div className="container">
      <div className="page-heading">
        <h1>{t('admin.heading')}</h1>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={logout.isPending}
          onClick={() => logout.mutate(undefined, { onSuccess: () => navigate('~/admin-login', { replace: true }) })}
        >
          {logout.isPending ? t('common.loggingOut') : t('common.logout')}
        </button>
      </div>

      <section aria-labelledby="stats-heading" className="stats">
        <h2 id="stats-heading" className="visually-hidden">
          {t('admin.heading')}
        </h2>
        <div className="stat">
          <p className="stat-label">{t('admin.memberCount')}</p>
          <p className="stat-value" data-testid="member-count">
            {dashboard.data ? formatNumber(dashboard.data.memberCount) : dashboard.isError ? t('common.none') : t('common.loading')}
          </p>
        </div>
      </section>
      {dashboard.isError && (
        <LoadError error={errorText(dashboard.error, 'admin.loadFailed')} onRetry={() => void dashboard.refetch()} retryLabel={t('common.retry')} />
      )}

      {canManageMembers && (
        <section aria-labelledby="epins-heading" className="panel">
          <h2 id="epins-heading">{t('admin.epins.heading')}</h2>
          <EpinGenerator />
          {epins.isPending && <p role="status">{t('common.loading')}</p>}
          {epins.isError && (
            <LoadError error={errorText(epins.error, 'admin.epins.loadFailed')} onRetry={() => void epins.refetch()} retryLabel={t('common.retry')} />
          )}
          {epins.data && <EpinTable epins={epins.data.epins} />}
        </section>
      )}
    </div>
  );
}

function LoadError({ error, onRetry, retryLabel }: { error: { message: string; hint?: string }; onRetry: () => void; retryLabel: string }) {
  return (
    <div className="container page-narrow">
      <div role="alert" className="form-error">
        <p>{error.message}</p>
        {error.hint && <p className="form-error-hint">{error.hint}</p>}
      </div>
      <button type="button" className="btn btn-primary" onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}
