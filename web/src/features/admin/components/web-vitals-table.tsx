import type { TWebVitalsSummary } from '@sahay/server/modules/site/web-vitals.schema';
import { useT, type MessageKey } from '#web/i18n/i18n.tsx';
import { formatNumber } from '#web/ui/format.ts';
import { ResponsiveTable } from '#web/ui/responsive-table.tsx';

/** Google's thresholds for "good" and "poor" at the 75th percentile (web.dev/articles/vitals). */
const THRESHOLDS = { lcp: [2500, 4000], inp: [200, 500], cls: [0.1, 0.25] } as const;

function rating(metric: keyof typeof THRESHOLDS, value: number): MessageKey {
  const [good, poor] = THRESHOLDS[metric];
  return value <= good ? 'admin.vitals.good' : value <= poor ? 'admin.vitals.needsWork' : 'admin.vitals.poor';
}

/** Core Web Vitals of real visits per page, the most visited first: the figure and, in words, how it rates (not by colour alone); a card per page on a phone. */
export function WebVitalsTable({ summary }: { summary: TWebVitalsSummary }) {
  const t = useT();
  if (summary.pages.length === 0) return <p>{t('admin.vitals.none')}</p>;
  const cell = (metric: keyof typeof THRESHOLDS, value: number | null, text: (value: number) => string) =>
    value === null ? (
      t('common.none')
    ) : (
      <>
        {text(value)} <span>({t(rating(metric, value))})</span>
      </>
    );
  return (
    <ResponsiveTable
      // Named by its caption: the dashboard's section around it already carries the heading's name.
      label={t('admin.vitals.caption', { days: formatNumber(summary.days) })}
      caption={t('admin.vitals.caption', { days: formatNumber(summary.days) })}
      testId="web-vitals"
      rows={summary.pages}
      rowKey={(row) => row.page}
      columns={[
        { header: t('admin.vitals.page'), className: 'mono', cell: (row) => row.page },
        { header: t('admin.vitals.visits'), cell: (row) => formatNumber(row.visits) },
        { header: t('admin.vitals.lcp'), cell: (row) => cell('lcp', row.lcpMs, (value) => t('admin.vitals.seconds', { value: formatNumber(Math.round(value / 10) / 100) })) },
        { header: t('admin.vitals.inp'), cell: (row) => cell('inp', row.inpMs, (value) => t('admin.vitals.milliseconds', { value: formatNumber(value) })) },
        { header: t('admin.vitals.cls'), cell: (row) => cell('cls', row.cls, (value) => formatNumber(value)) },
      ]}
    />
  );
}
