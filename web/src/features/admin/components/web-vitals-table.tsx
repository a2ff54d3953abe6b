import type { TWebVitalsSummary } from '@sahay/server/modules/site/web-vitals.schema';
import { useT, type MessageKey } from '#web/i18n/i18n.tsx';
import { formatNumber } from '#web/ui/format.ts';
import { TableScroll } from '#web/ui/table-scroll.tsx';

/** Google's thresholds for "good" and "poor" at the 75th percentile (web.dev/articles/vitals). */
const THRESHOLDS = { lcp: [2500, 4000], inp: [200, 500], cls: [0.1, 0.25] } as const;

function rating(metric: keyof typeof THRESHOLDS, value: number): MessageKey {
  const [good, poor] = THRESHOLDS[metric];
  return value <= good ? 'admin.vitals.good' : value <= poor ? 'admin.vitals.needsWork' : 'admin.vitals.poor';
}

/** Core Web Vitals of real visits per page: the figure and, in words, how it rates (not by colour alone). */
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
    <TableScroll label={t('admin.vitals.heading')}>
      <table className="table" data-testid="web-vitals">
        <caption>{t('admin.vitals.caption', { days: formatNumber(summary.days) })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.vitals.page')}</th>
            <th scope="col">{t('admin.vitals.visits')}</th>
            <th scope="col">{t('admin.vitals.lcp')}</th>
            <th scope="col">{t('admin.vitals.inp')}</th>
            <th scope="col">{t('admin.vitals.cls')}</th>
          </tr>
        </thead>
        <tbody>
          {summary.pages.map((row) => (
            <tr key={row.page}>
              <td className="mono">{row.page}</td>
              <td>{formatNumber(row.visits)}</td>
              <td>{cell('lcp', row.lcpMs, (value) => t('admin.vitals.seconds', { value: formatNumber(Math.round(value / 10) / 100) }))}</td>
              <td>{cell('inp', row.inpMs, (value) => t('admin.vitals.milliseconds', { value: formatNumber(value) }))}</td>
              <td>{cell('cls', row.cls, (value) => formatNumber(value))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
