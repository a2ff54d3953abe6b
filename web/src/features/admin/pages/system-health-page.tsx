import { Link } from 'wouter';
import type { TSystemAlert } from '@sahay/server/modules/admin/health/system-health.schema';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { formatDateTime, formatNumber } from '#web/ui/format.ts';
import { BACKUP_ALERT_HOURS, STORAGE_ALERT_PERCENT, VALIDITY_ALERT_DAYS } from '@sahay/server/modules/admin/health/system-health.schema';
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

/** A configured size as people write it: 20 GB, 512 MB (decimal, as plans are sold). */
function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${Number.isInteger(value) ? formatNumber(value) : value.toFixed(1)} ${units[unit]}`;
}

/** "31/03/2027" from YYYY-MM-DD, as receipts print it. */
function shownDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
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
    case 'backup-missing':
      return (
        <>
          <h2>{t('admin.health.backupMissing.title', { hours: formatNumber(BACKUP_ALERT_HOURS) })}</h2>
          {since}
          <p className="cell-wrap">
            {alert.lastBackupAt
              ? t('admin.health.backupMissing.lastBackup', { stanza: alert.stanza, at: formatDateTime(alert.lastBackupAt, lang) })
              : t('admin.health.backupMissing.noBackup', { stanza: alert.stanza })}
          </p>
          {alert.lastError && <p className="cell-wrap">{t('admin.health.lastError', { error: alert.lastError })}</p>}
          {todo(t('admin.health.backupMissing.todo'))}
        </>
      );
    case 'storage-full':
      return (
        <>
          <h2>{t('admin.health.storageFull.title', { percent: formatNumber(STORAGE_ALERT_PERCENT) })}</h2>
          {since}
          <ul>
            {alert.stores.map((store) => (
              <li key={store.store} className="cell-wrap">
                {t('admin.health.storageFull.detail', {
                  store: t(store.store === 'database' ? 'admin.health.storageFull.database' : 'admin.health.storageFull.files'),
                  percent: formatNumber(store.percent),
                  used: formatBytes(store.bytes),
                  size: formatBytes(store.limitBytes),
                })}
              </li>
            ))}
          </ul>
          {todo(t('admin.health.storageFull.todo'))}
        </>
      );
    case 'webhook-failing':
      return (
        <>
          <h2>{t('admin.health.webhookFailing.title', { count: formatNumber(alert.failures) })}</h2>
          {since}
          {alert.lastReason && <p className="cell-wrap">{t(`admin.health.webhookFailing.reason.${alert.lastReason}`)}</p>}
          {todo(t('admin.health.webhookFailing.todo'))}
        </>
      );
    case 'validity-ending':
      return (
        <>
          <h2>{t('admin.health.validityEnding.title', { days: formatNumber(VALIDITY_ALERT_DAYS) })}</h2>
          {since}
          <ul>
            {alert.registrations.map((registration) => (
              <li key={registration.kind} className="cell-wrap">
                {t(registration.daysLeft >= 0 ? 'admin.validity.ending' : 'admin.validity.ended', {
                  registration: t(registration.kind === 'approval' ? 'admin.validity.approval' : 'admin.validity.fcra'),
                  date: shownDate(registration.validUntil),
                  days: formatNumber(Math.abs(registration.daysLeft)),
                })}
              </li>
            ))}
          </ul>
          {todo(t('admin.health.validityEnding.todo'))}
          <p>
            <Link href="/settings">{t('admin.validity.renew')}</Link>
          </p>
        </>
      );
  }
}
