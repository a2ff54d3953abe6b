import type { TReplayCheck } from '@sahay/server/modules/admin/replay-checks/replay-checks.schema';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { usePlural } from '#web/i18n/plural.ts';
import { formatDateTime, formatNumber } from '#web/ui/format.ts';
import { FormError } from '#web/ui/form/form-status.tsx';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { AdminGate } from '../components/admin-gate.public.tsx';
import { AdminPageHeading } from '../components/admin-page-heading.public.tsx';
import { LoadError } from '#web/ui/load-error.tsx';
import { useReplayChecks, useStartReplayCheck } from '../hooks/use-replay-checks.ts';

/**
 * /admin/replay — "check all read models" (issue 15): every read model is rebuilt from the events
 * and compared with the live tables, by a job that blocks nothing, with a progress bar; each
 * projection is shown as equal or with the rows that differ. Each check is kept with its time and
 * who asked for it.
 */
export default function ReplayChecksPage() {
  const t = useT();
  usePageMeta('admin.replay.metaTitle', 'admin.metaDescription', { isNoIndex: true });
  return (
    <AdminGate permission="settings">
      {() => (
        <div className="container admin-page">
          <AdminPageHeading title={t('admin.replay.heading')} />
          <p>{t('admin.replay.intro')}</p>
          <ReplayChecks />
        </div>
      )}
    </AdminGate>
  );
}

function ReplayChecks() {
  const t = useT();
  const errorText = useErrorText();
  const checks = useReplayChecks();
  const start = useStartReplayCheck();
  const isBusy = checks.data?.checks.some((check) => check.status === 'queued' || check.status === 'running') ?? false;
  const failure = start.error ? errorText(start.error, 'admin.replay.startFailed') : undefined;
  return (
    <>
      <p className="actions">
        <button type="button" className="btn btn-primary" disabled={start.isPending || isBusy} onClick={() => start.mutate()} data-testid="replay-start">
          {isBusy ? t('admin.replay.running') : t('admin.replay.start')}
        </button>
      </p>
      <FormError message={failure?.message} hint={failure?.hint} />
      {checks.isPending && <p role="status">{t('common.loading')}</p>}
      {checks.isError && <LoadError error={errorText(checks.error, 'admin.replay.loadFailed')} onRetry={() => void checks.refetch()} retryLabel={t('common.retry')} />}
      {checks.data && checks.data.checks.length === 0 && <p>{t('admin.replay.none')}</p>}
      {checks.data?.checks.map((check, index) => <Check key={check.checkId} check={check} isLatest={index === 0} />)}
    </>
  );
}

function Check({ check, isLatest }: { check: TReplayCheck; isLatest: boolean }) {
  const t = useT();
  const plural = usePlural();
  const { lang } = useLang();
  const different = check.result?.filter((one) => !one.isEqual) ?? [];
  const headingId = `check-${check.checkId}`;
  return (
    <section aria-labelledby={headingId} className="panel" data-testid={isLatest ? 'replay-latest' : undefined} data-status={check.status}>
      <h2 id={headingId}>{t('admin.replay.checkHeading', { time: formatDateTime(check.requestedAt, lang), by: check.requestedBy })}</h2>
      {(check.status === 'queued' || check.status === 'running') && (
        <div role="status">
          <label htmlFor={`${headingId}-progress`}>{t('admin.replay.progress', { done: formatNumber(check.eventsReplayed), total: formatNumber(check.eventsTotal) })}</label>
          <progress id={`${headingId}-progress`} max={Math.max(check.eventsTotal, 1)} value={check.eventsReplayed} />
        </div>
      )}
      {check.status === 'failed' && <p className="field-error">{t('admin.replay.failed', { error: check.error ?? '' })}</p>}
      {check.status === 'done' && check.result && (
        <>
          <p data-testid={isLatest ? 'replay-outcome' : undefined}>
            {different.length === 0
              ? plural('admin.replay.allEqual', check.eventsReplayed, { models: formatNumber(check.result.length) })
              : plural('admin.replay.someDiffer', different.length, { total: formatNumber(check.result.length) })}
          </p>
          <ul className="replay-results">
            {check.result.map((one) => (
              <li key={one.projection} data-projection={one.projection} data-equal={one.isEqual}>
                <strong>{one.projection}</strong> — {one.isEqual ? t('admin.replay.equal') : t('admin.replay.differs')} ({plural('admin.replay.events', one.events)})
                {one.differences.map((difference) => (
                  <details key={difference.table}>
                    <summary>
                      {t('admin.replay.tableDiffers', { table: difference.table, live: formatNumber(difference.onlyInLiveCount), replay: formatNumber(difference.onlyInReplayCount) })}
                    </summary>
                    <p>{t('admin.replay.onlyInLive')}</p>
                    <pre className="audit-json" tabIndex={0}>
                      {JSON.stringify(difference.onlyInLive, null, 2)}
                    </pre>
                    <p>{t('admin.replay.onlyInReplay')}</p>
                    <pre className="audit-json" tabIndex={0}>
                      {JSON.stringify(difference.onlyInReplay, null, 2)}
                    </pre>
                  </details>
                ))}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
