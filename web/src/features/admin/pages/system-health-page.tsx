import { Link } from 'wouter';
import type { TSystemAlert } from '@sahay/server/modules/admin/health/system-health.schema';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { formatDateTime, formatNumber } from '#web/ui/format.ts';
import { Notice } from '#web/ui/form/form-status.tsx';
import { LoadError } from '#web/ui/load-error.tsx';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { AdminGate } from '../components/admin-gate.public.tsx';
import { AdminPageHeading } from '../components/admin-page-heading.public.tsx';
import { useSystemHealth } from '../hooks/use-system-health.ts';

/** /admin/health — what needs a look now (issue 34, decision 073): each alert with since when and what to do. */
export default function SystemHealthPage() {
  const t = useT();
  usePageMeta('admin.health.metaTitle', 'admin.metaDescription', { isNoIndex: true });
  return (
    <AdminGate permission="settings">
      {() => (
        <div className="container admin-page">
          <AdminPageHeading title={t('admin.health.heading')} />
          <p>{t('admin.health.intro')}</p>
          <SystemHealth />
        </div>
      )}
    </AdminGate>
  );
}

export function SystemHealth() {
  const t = useT();
  const { lang } = useLang();
  const errorText = useErrorText();
  const health = useSystemHealth();
  return (
    <>
      {health.isPending && <p role="status">{t('common.loading')}</p>}
      {health.isError && <LoadError error={errorText(health.error, 'admin.health.loadFailed')} onRetry={() => void health.refetch()} retryLabel={t('common.retry')} />}
      {health.data && (
        <>
          {health.data.alerts.length === 0 ? (
            <div data-testid="health-all-clear">
              <Notice tone="success">{t('admin.health.allClear')}</Notice>
            </div>
          ) : (
            <ul className="card-grid" aria-label={t('admin.health.alertsLabel', { count: formatNumber(health.data.alerts.length) })} data-testid="health-alerts">
              {health.data.alerts.map((alert) => (
                <li key={alert.kind} className="card" data-testid={`health-alert-${alert.kind}`}>
                  <Alert alert={alert} />
                </li>
              ))}
            </ul>
          )}
          <p className="table-note">{t('admin.health.checkedAt', { at: formatDateTime(health.data.checkedAt, lang) })}</p>
        </>
      )}
    </>
  );
}

function Alert({ alert }: { alert: TSystemAlert }) {
  const t = useT();
  const { lang } = useLang();
  const since = <p className="table-note">{t('admin.health.since', { at: formatDateTime(alert.since, lang) })}</p>;
  const todo = (text: string) => (
    <p>
      <strong>{t('admin.health.whatToDo')}:</strong> {text}
    </p>
  );
  switch (alert.kind) {
    case 'jobs-failed':
      return (
        <>
          <h2>{t('admin.health.jobsFailed.title', { count: formatNumber(alert.count) })}</h2>
          {since}
          <p className="cell-wrap">{t('admin.health.jobsFailed.detail', { names: alert.handlers.join(', ') })}</p>
          {todo(t('admin.health.jobsFailed.todo'))}
          <p>
            <Link href="/jobs">{t('admin.health.jobsFailed.open')}</Link>
          </p>
        </>
      );
    case 'projection-lag':
      return (
        <>
          <h2>{t('admin.health.projectionLag.title')}</h2>
          {since}
          <ul>
            {alert.processors.map((processor) => (
              <li key={processor.name} className="cell-wrap">
                {t('admin.health.projectionLag.detail', { name: processor.name, events: formatNumber(processor.events), seconds: formatNumber(processor.seconds) })}
              </li>
            ))}
          </ul>
          {todo(t('admin.health.projectionLag.todo'))}
        </>
      );
    case 'mail-failing':
    case 'sms-failing': {
      const key = alert.kind === 'mail-failing' ? 'mailFailing' : 'smsFailing';
      return (
        <>
          <h2>{t(`admin.health.${key}.title`)}</h2>
          {since}
          {alert.lastError && <p className="cell-wrap">{t('admin.health.lastError', { error: alert.lastError })}</p>}
          {todo(t(`admin.health.${key}.todo`))}
        </>
      );
    }
  }
}
