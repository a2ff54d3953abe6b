import { Fragment, useState, type ReactNode } from 'react';
import type { TFailedJob } from '@sahay/server/modules/admin/jobs/get-failed-jobs.schema';
import { httpStatusOf } from '#web/api/errors.ts';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { formatDateTime, formatNumber } from '#web/ui/format.ts';
import { FormError, Notice } from '#web/ui/form/form-status.tsx';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { ResponsiveTable } from '#web/ui/responsive-table.tsx';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { AdminGate } from '../components/admin-gate.public.tsx';
import { AdminPageHeading } from '../components/admin-page-heading.public.tsx';
import { LoadError } from '#web/ui/load-error.tsx';
import { useFailedJobs, useRetryJob } from '../hooks/use-failed-jobs.ts';

/** /admin/jobs — background jobs that gave up after their last attempt, most recent first, each with a Retry button (decision 020); a card per job on a phone. */
export default function FailedJobsPage() {
  const t = useT();
  usePageMeta('admin.jobs.metaTitle', 'admin.metaDescription', { isNoIndex: true });
  return (
    <AdminGate permission="settings">
      {() => (
        <div className="container admin-page">
          <AdminPageHeading title={t('admin.jobs.heading')} />
          <p>{t('admin.jobs.intro')}</p>
          <FailedJobs />
        </div>
      )}
    </AdminGate>
  );
}

function FailedJobs() {
  const t = useT();
  const { lang } = useLang();
  const errorText = useErrorText();
  const failed = useFailedJobs();
  const retry = useRetryJob();
  /** The name of the job last sent for a retry: the list may have dropped it by the time the answer comes. */
  const [retriedName, setRetriedName] = useState('');
  const retryingId = retry.isPending ? retry.variables?.jobId : undefined;
  const retryError = retry.error
    ? httpStatusOf(retry.error) === 404
      ? { message: t('admin.jobs.retryGone') }
      : errorText(retry.error, 'admin.jobs.retryFailed')
    : undefined;

  return (
    <>
      <FormError message={retryError?.message} hint={retryError?.hint} />
      {/* Always rendered, so screen readers announce the text when it appears. */}
      <div role="status">{retry.isSuccess && <Notice tone="success">{t('admin.jobs.retryQueued', { name: retriedName })}</Notice>}</div>
      {failed.isPending && <p role="status">{t('common.loading')}</p>}
      {failed.isError && <LoadError error={errorText(failed.error, 'admin.jobs.loadFailed')} onRetry={() => void failed.refetch()} retryLabel={t('common.retry')} />}
      {failed.data && failed.data.jobs.length === 0 && <p data-testid="failed-jobs-empty">{t('admin.jobs.empty')}</p>}
      {failed.data && failed.data.jobs.length > 0 && (
        <ResponsiveTable
          label={t('admin.jobs.heading')}
          caption={
            <>
              {t('admin.jobs.caption', { count: formatNumber(failed.data.total) })}
              {failed.data.total > failed.data.jobs.length && (
                <span className="table-note">{t('admin.jobs.moreThanShown', { shown: formatNumber(failed.data.jobs.length), total: formatNumber(failed.data.total) })}</span>
              )}
            </>
          }
          testId="failed-jobs"
          rows={failed.data.jobs}
          rowKey={(job) => job.jobId}
          columns={[
            {
              header: t('admin.jobs.job'),
              className: 'cell-wrap',
              cell: (job) => (
                <>
                  {job.name}
                  <span className="table-note mono">{breakable(job.jobId)}</span>
                </>
              ),
            },
            { header: t('admin.jobs.source'), className: 'cell-wrap', cell: (job) => <Source job={job} /> },
            { header: t('admin.jobs.attempts'), cell: (job) => formatNumber(job.attempts) },
            { header: t('admin.jobs.lastError'), className: 'cell-wrap', cell: (job) => job.lastError },
            {
              header: t('admin.jobs.lastFailed'),
              cell: (job) => (
                <>
                  {formatDateTime(job.lastFailedAt, lang)}
                  <span className="table-note">{t('admin.jobs.firstFailedAt', { at: formatDateTime(job.firstFailedAt, lang) })}</span>
                </>
              ),
            },
            {
              header: t('admin.jobs.action'),
              cell: (job) => (
                <>
                  <button
                    type="button"
                    className="btn btn-secondary"
                    aria-label={t('admin.jobs.retryNamed', { name: job.name })}
                    disabled={retryingId === job.jobId}
                    aria-busy={retryingId === job.jobId || undefined}
                    onClick={() => {
                      setRetriedName(job.name);
                      retry.mutate({ jobId: job.jobId });
                    }}
                  >
                    {retryingId === job.jobId ? t('admin.jobs.retrying') : t('admin.jobs.retry')}
                  </button>
                  {job.retriedAt && <span className="table-note">{t('admin.jobs.retryRequested', { at: formatDateTime(job.retriedAt, lang) })}</span>}
                </>
              ),
            },
          ]}
        />
      )}
    </>
  );
}

function Source({ job }: { job: TFailedJob }) {
  const t = useT();
  const { lang } = useLang();
  if (job.source.kind === 'schedule') return <>{t('admin.jobs.scheduled', { at: formatDateTime(job.source.scheduledAt, lang) })}</>;
  return (
    <>
      <span className="mono">{job.source.eventType}</span>
      <span className="table-note mono">{breakable(t('admin.jobs.stream', { id: job.source.streamId }))}</span>
    </>
  );
}

/** Long IDs may wrap after their separators, so the table fits a screen (and a phone scrolls less). */
function breakable(text: string): ReactNode {
  return text.split(/(?<=[-_:])/).map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}
