import { Link } from 'wouter';
import type { TMeResponse } from '@sahay/server/modules/identity/accounts/me.schema';
import { hasAnyPermission, hasPermission, isSuperAdmin, SETTINGS_PAGE_PERMISSIONS } from '@sahay/server/shared/access';
import { useLogout } from '#web/features/identity/hooks/use-logout.public.ts';
import { useT, type MessageKey } from '#web/i18n/i18n.tsx';
import { formatNumber } from '#web/ui/format.ts';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { AdminGate, type AdminPermission } from '../components/admin-gate.public.tsx';
import { EpinGenerator } from '#web/features/community/admin/components/epin-generator.public.tsx';
import { EpinList } from '#web/features/community/admin/components/epin-table.public.tsx';
import { KANYADAN_PERMISSIONS } from '#web/features/kanyadan/admin/components/kanyadan-gate.public.tsx';
import { WebVitalsTable } from '../components/web-vitals-table.tsx';
import { useAdminDashboard, useDashboardCharts, useStaffQueues, useWebVitals } from '../hooks/use-admin-dashboard.ts';
import { DashboardCharts } from '../components/dashboard-charts.tsx';
import { StaffQueues } from '../components/staff-queues.tsx';
import { SetupChecklist } from '../components/setup-checklist.tsx';
import { ValidityWarnings } from '../components/validity-warnings.tsx';
import { MoneySettingsNotice } from '../components/money-settings-notice.tsx';
import { LoadError } from '#web/ui/load-error.tsx';

/** The console's own pages, each shown to the admins holding its permission (or one of its permissions: Kanyadan serves verification and finance). */
const CONSOLE_LINKS: ReadonlyArray<{ href: string; label: MessageKey; text: MessageKey; permission: AdminPermission | readonly AdminPermission[] | null; isSuperAdminOnly?: true }> = [
  // Finance staff set where money goes and the signing certificate there (the rest is greyed for them).
  { href: '/settings', label: 'admin.links.settings', text: 'admin.links.settingsText', permission: SETTINGS_PAGE_PERMISSIONS },
  { href: '/content', label: 'admin.links.content', text: 'admin.links.contentText', permission: 'content' },
  { href: '/contact', label: 'admin.links.contact', text: 'admin.links.contactText', permission: 'content' },
  { href: '/members', label: 'admin.links.members', text: 'admin.links.membersText', permission: 'members' },
  { href: '/donations', label: 'adminDonations.link', text: 'adminDonations.linkText', permission: 'finance' },
  { href: '/bank-statements', label: 'finance.statements.heading', text: 'finance.statements.linkText', permission: 'finance' },
  { href: '/online-payments', label: 'finance.onlinePayments.link', text: 'finance.onlinePayments.linkText', permission: 'finance' },
  { href: '/monthly-plans', label: 'finance.monthlyPlans.link', text: 'finance.monthlyPlans.linkText', permission: 'finance' },
  { href: '/exports', label: 'finance.exports.heading', text: 'finance.exports.linkText', permission: 'finance' },
  { href: '/form-10bd', label: 'finance.form10bd.metaTitle', text: 'finance.form10bd.linkText', permission: 'finance' },
  { href: '/form-10be', label: 'finance.form10be.link', text: 'finance.form10be.linkText', permission: 'finance' },
  { href: '/disbursements', label: 'admin.disbursements.link', text: 'admin.disbursements.linkText', permission: 'finance' },
  { href: '/kanyadan', label: 'admin.kanyadan.link', text: 'admin.kanyadan.linkText', permission: KANYADAN_PERMISSIONS },
  { href: '/help', label: 'admin.help.link', text: 'admin.help.linkText', permission: 'verification' },
  { href: '/help/disputes', label: 'admin.help.disputes.link', text: 'admin.help.disputes.linkText', permission: 'verification' },
  { href: '/fundraisers', label: 'adminFundraisers.link', text: 'adminFundraisers.linkText', permission: 'verification' },
  { href: '/audit', label: 'admin.audit.link', text: 'admin.audit.linkText', permission: null },
  { href: '/staff', label: 'admin.invite.link', text: 'admin.invite.linkText', permission: 'members', isSuperAdminOnly: true },
  { href: '/access-log', label: 'admin.accessLog.link', text: 'admin.accessLog.linkText', permission: null, isSuperAdminOnly: true },
  { href: '/replay', label: 'admin.replay.link', text: 'admin.replay.linkText', permission: 'settings' },
  { href: '/jobs', label: 'admin.links.jobs', text: 'admin.links.jobsText', permission: 'settings' },
  { href: '/health', label: 'admin.health.link', text: 'admin.health.linkText', permission: 'settings' },
  { href: '/security', label: 'admin.security.link', text: 'admin.security.linkText', permission: null },
];

export default function AdminDashboardPage() {
  usePageMeta('admin.metaTitle', 'admin.metaDescription', { isNoIndex: true });
  return <AdminGate permission={null}>{(me) => <AdminDashboard me={me} />}</AdminGate>;
}

function AdminDashboard({ me }: { me: NonNullable<TMeResponse> }) {
  const t = useT();
  const errorText = useErrorText();
  const canManageMembers = hasPermission(me, 'members');
  const consoleLinks = CONSOLE_LINKS.filter(
    ({ permission, isSuperAdminOnly }) => (!isSuperAdminOnly || isSuperAdmin(me)) && (permission === null || hasAnyPermission(me, [permission].flat())),
  );
  const dashboard = useAdminDashboard(true);
  const vitals = useWebVitals();
  const queues = useStaffQueues();
  const charts = useDashboardCharts();
  const logout = useLogout('~/admin-login');

  return (
    <div className="container">
      <div className="page-heading">
        <h1>{t('admin.heading')}</h1>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={logout.isPending}
          onClick={() => logout.mutate()}
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

      {dashboard.data && <MoneySettingsNotice changes={dashboard.data.moneySettingsChanges} />}
      {dashboard.data && <ValidityWarnings warnings={dashboard.data.validityWarnings} />}
      {dashboard.data && <SetupChecklist missing={dashboard.data.setupMissing} canEdit={hasAnyPermission(me, SETTINGS_PAGE_PERMISSIONS)} />}

      <section aria-labelledby="queues-heading" className="panel">
        <h2 id="queues-heading">{t('admin.queues.heading')}</h2>
        <p>{t('admin.queues.intro')}</p>
        {queues.isPending && <p role="status">{t('common.loading')}</p>}
        {queues.isError && !queues.data && (
          <LoadError error={errorText(queues.error, 'admin.queues.loadFailed')} onRetry={() => void queues.refetch()} retryLabel={t('common.retry')} />
        )}
        {queues.data && <StaffQueues queues={queues.data.queues} checkedAt={queues.data.checkedAt} />}
      </section>

      {/* No panel around the charts: each chart is its own, and a panel in a panel leaves a phone too narrow for the tables. */}
      <section aria-labelledby="charts-heading">
        <h2 id="charts-heading">{t('admin.charts.heading')}</h2>
        <p>{t('admin.charts.intro')}</p>
        {charts.isPending && <p role="status">{t('common.loading')}</p>}
        {charts.isError && <LoadError error={errorText(charts.error, 'admin.charts.loadFailed')} onRetry={() => void charts.refetch()} retryLabel={t('common.retry')} />}
        {charts.data && <DashboardCharts charts={charts.data} />}
      </section>

      {consoleLinks.length > 0 && (
        <nav aria-labelledby="console-heading" className="panel">
          <h2 id="console-heading">{t('admin.links.heading')}</h2>
          <ul className="console-links">
            {consoleLinks.map((link) => (
              <li key={link.href}>
                <Link href={link.href}>{t(link.label)}</Link>
                <p>{t(link.text)}</p>
              </li>
            ))}
          </ul>
        </nav>
      )}

      <section aria-labelledby="vitals-heading" className="panel">
        <h2 id="vitals-heading">{t('admin.vitals.heading')}</h2>
        <p>{t('admin.vitals.intro')}</p>
        {vitals.isPending && <p role="status">{t('common.loading')}</p>}
        {vitals.isError && <LoadError error={errorText(vitals.error, 'admin.loadFailed')} onRetry={() => void vitals.refetch()} retryLabel={t('common.retry')} />}
        {vitals.data && <WebVitalsTable summary={vitals.data} />}
      </section>

      {canManageMembers && (
        <section aria-labelledby="epins-heading" className="panel">
          <h2 id="epins-heading">{t('admin.epins.heading')}</h2>
          <EpinGenerator />
          <p>
            <Link href="~/epin-dashboard">{t('admin.epins.passOn')}</Link>
          </p>
          <EpinList />
        </section>
      )}
    </div>
  );
}
