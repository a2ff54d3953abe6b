import { useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { AccessEventType, TAccessLogRequest } from '@sahay/server/modules/admin/access-log/access-log.schema';
import { useLang, useT, type MessageKey } from '#web/i18n/i18n.tsx';
import { formatDateTime } from '#web/ui/format.ts';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { TextField } from '#web/ui/form/text-field.tsx';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { AdminGate } from '../components/admin-gate.public.tsx';
import { AdminPageHeading } from '../components/admin-page-heading.public.tsx';
import { LoadError } from '#web/ui/load-error.tsx';
import { useAccessLog } from '../hooks/use-access-log.ts';
import { auditHref } from './audit-page.tsx';

const WHAT: Record<AccessEventType, MessageKey> = {
  KanyadanDocumentViewed: 'admin.accessLog.what.KanyadanDocumentViewed',
  KanyadanDetailsViewed: 'admin.accessLog.what.KanyadanDetailsViewed',
  HelpBeneficiaryViewed: 'admin.accessLog.what.HelpBeneficiaryViewed',
  HelpDocumentViewed: 'admin.accessLog.what.HelpDocumentViewed',
  HelpDisbursementDetailsViewed: 'admin.accessLog.what.HelpDisbursementDetailsViewed',
  HelpGiftScreenshotViewed: 'admin.accessLog.what.HelpGiftScreenshotViewed',
  DonationsExported: 'admin.accessLog.what.DonationsExported',
  RetainedReceiptsViewed: 'admin.accessLog.what.RetainedReceiptsViewed',
  AuditRecordViewed: 'admin.accessLog.what.AuditRecordViewed',
  AuditBundleRequested: 'admin.accessLog.what.AuditBundleRequested',
  AuditBundleDownloaded: 'admin.accessLog.what.AuditBundleDownloaded',
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The filter as the address says it; anything unreadable is left out. */
export function accessFilterOf(search: string): TAccessLogRequest {
  const query = new URLSearchParams(search);
  const text = (name: string) => query.get(name)?.trim() ?? '';
  const page = Number(query.get('page'));
  return {
    ...(text('viewer') ? { viewerId: text('viewer').slice(0, 20) } : {}),
    ...(text('record') ? { record: text('record').slice(0, 120) } : {}),
    ...(DATE.test(text('from')) ? { from: text('from') } : {}),
    ...(DATE.test(text('to')) ? { to: text('to') } : {}),
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

export function accessHref(filter: TAccessLogRequest): string {
  const query = new URLSearchParams();
  if (filter.viewerId) query.set('viewer', filter.viewerId);
  if (filter.record) query.set('record', filter.record);
  if (filter.from) query.set('from', filter.from);
  if (filter.to) query.set('to', filter.to);
  if (filter.page && filter.page > 1) query.set('page', String(filter.page));
  const text = query.toString();
  return text ? `/access-log?${text}` : '/access-log';
}

/** /admin/access-log — who looked at which personal data, and when (issue 15). For a super-admin. */
export default function AccessLogPage() {
  const t = useT();
  usePageMeta('admin.accessLog.metaTitle', 'admin.metaDescription', { isNoIndex: true });
  return (
    <AdminGate permission="members">
      {() => (
        <div className="container admin-page">
          <AdminPageHeading title={t('admin.accessLog.heading')} />
          <p>{t('admin.accessLog.intro')}</p>
          <AccessLog />
        </div>
      )}
    </AdminGate>
  );
}

function AccessLog() {
  const t = useT();
  const { lang } = useLang();
  const errorText = useErrorText();
  const filter = accessFilterOf(useSearch());
  const log = useAccessLog(filter);
  return (
    <>
      <Filters key={accessHref({ ...filter, page: 1 })} filter={filter} />
      {log.isPending && <p role="status">{t('common.loading')}</p>}
      {log.isError && <LoadError error={errorText(log.error, 'admin.accessLog.loadFailed')} onRetry={() => void log.refetch()} retryLabel={t('common.retry')} />}
      {log.data && log.data.entries.length === 0 && <p data-testid="access-log-empty">{t('admin.accessLog.empty')}</p>}
      {log.data && log.data.entries.length > 0 && (
        <ol className="audit-events" data-testid="access-log">
          {log.data.entries.map((entry) => (
            <li key={entry.eventId} className="audit-event" data-type={entry.type}>
              <h2 className="access-what">{t(WHAT[entry.type])}</h2>
              <dl className="facts">
                <dt>{t('admin.accessLog.who')}</dt>
                <dd>
                  {entry.viewer.name ? `${entry.viewer.name} ` : ''}
                  <span className="mono">{entry.viewer.id}</span>
                </dd>
                <dt>{t('admin.accessLog.record')}</dt>
                <dd className="mono">{entry.record}</dd>
                {entry.detail && (
                  <>
                    <dt>{t('admin.accessLog.detail')}</dt>
                    <dd>{entry.detail}</dd>
                  </>
                )}
                <dt>{t('admin.accessLog.when')}</dt>
                <dd>{formatDateTime(entry.at, lang)}</dd>
              </dl>
              <p>
                <Link href={auditHref({ query: entry.record })}>{t('admin.accessLog.openRecord')}</Link>
              </p>
            </li>
          ))}
        </ol>
      )}
      {log.data && (log.data.hasMore || log.data.page > 1) && (
        <nav aria-label={t('admin.accessLog.pages')} className="pager">
          {log.data.page > 1 && <Link href={accessHref({ ...filter, page: log.data.page - 1 })}>{t('admin.accessLog.newer')}</Link>}{' '}
          {log.data.hasMore && <Link href={accessHref({ ...filter, page: log.data.page + 1 })}>{t('admin.accessLog.older')}</Link>}
        </nav>
      )}
    </>
  );
}

function Filters({ filter }: { filter: TAccessLogRequest }) {
  const t = useT();
  const [, navigate] = useLocation();
  const [values, setValues] = useState({ viewerId: filter.viewerId ?? '', record: filter.record ?? '', from: filter.from ?? '', to: filter.to ?? '' });
  const set = (name: keyof typeof values) => (event: { target: { value: string } }) => setValues({ ...values, [name]: event.target.value });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    navigate(accessHref({ viewerId: values.viewerId.trim() || undefined, record: values.record.trim() || undefined, from: values.from || undefined, to: values.to || undefined, page: 1 }));
  };
  return (
    <form className="form filters" role="search" onSubmit={onSubmit} data-testid="access-log-filters">
      <TextField name="viewerId" label={t('admin.accessLog.viewerLabel')} value={values.viewerId} onChange={set('viewerId')} autoComplete="off" spellCheck={false} />
      <TextField name="record" label={t('admin.accessLog.recordLabel')} value={values.record} onChange={set('record')} autoComplete="off" spellCheck={false} />
      <TextField name="from" type="date" label={t('admin.accessLog.from')} value={values.from} onChange={set('from')} />
      <TextField name="to" type="date" label={t('admin.accessLog.to')} value={values.to} onChange={set('to')} />
      <p className="actions">
        <button type="submit" className="btn btn-primary">
          {t('admin.accessLog.apply')}
        </button>
      </p>
    </form>
  );
}
