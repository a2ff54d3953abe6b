import type { TTransparency } from '@sahay/server/modules/transparency/transparency.schema';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { formatMoney, formatMonth } from '#web/ui/format.ts';
import { CAUSE_LABELS } from './cause-select.tsx';

/**
 * Money received and disbursed as bar charts drawn in SVG by the page itself (rendered on the
 * server, so the phone downloads no chart library and sees the chart before any script runs). The
 * SVG is a picture with a short text alternative; the figures themselves are in the table that
 * follows each chart, which screen readers and keyboard users read instead.
 */

const WIDTH = 360;
const MONTH_HEIGHT = 180;
const AXIS = 22;

/** A round upper bound for the axis (1, 2 or 5 times a power of ten, in rupees), so the scale reads well. */
export function niceCeiling(paise: number): number {
  const rupees = Math.max(1, Math.ceil(paise / 100));
  const power = 10 ** Math.floor(Math.log10(rupees));
  const step = [1, 2, 5, 10].find((factor) => factor * power >= rupees) ?? 10;
  return step * power * 100;
}

function Legend() {
  const t = useT();
  return (
    <p className="chart-legend" aria-hidden="true">
      <span className="chart-key chart-key-received" /> {t('transparency.received')} <span className="chart-key chart-key-disbursed" /> {t('transparency.disbursed')}
    </p>
  );
}

export function MonthChart({ months, summary }: { months: TTransparency['months']; summary: string }) {
  const { lang } = useLang();
  const t = useT();
  const top = niceCeiling(Math.max(0, ...months.flatMap((month) => [month.receivedPaise, month.disbursedPaise])));
  const plotHeight = MONTH_HEIGHT - AXIS - 14;
  const slot = WIDTH / months.length;
  const barWidth = Math.max(1, slot / 2 - 1);
  const heightOf = (paise: number) => (Math.max(0, paise) / top) * plotHeight;
  return (
    <figure className="chart">
      <Legend />
      <svg viewBox={`0 0 ${WIDTH} ${MONTH_HEIGHT}`} role="img" aria-label={summary} className="chart-svg">
        <text x={0} y={10} className="chart-axis-label">
          {formatMoney(top)}
        </text>
        {[0.5, 1].map((share) => (
          <line key={share} x1={0} x2={WIDTH} y1={14 + plotHeight * (1 - share)} y2={14 + plotHeight * (1 - share)} className="chart-grid" />
        ))}
        <line x1={0} x2={WIDTH} y1={14 + plotHeight} y2={14 + plotHeight} className="chart-baseline" />
        {months.map((month, index) => {
          const x = index * slot;
          const received = heightOf(month.receivedPaise);
          const disbursed = heightOf(month.disbursedPaise);
          return (
            <g key={month.month}>
              <rect x={x + 0.5} y={14 + plotHeight - received} width={barWidth} height={received} className="chart-bar-received" />
              <rect x={x + 0.5 + barWidth} y={14 + plotHeight - disbursed} width={barWidth} height={disbursed} className="chart-bar-disbursed" />
              {index % 3 === 0 && (
                <text x={x} y={MONTH_HEIGHT - 6} className="chart-axis-label">
                  {formatMonth(month.month, lang)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="visually-hidden">{t('transparency.chartNote')}</figcaption>
    </figure>
  );
}

const CAUSE_ROW = 50;

export function CauseChart({ causes, summary }: { causes: TTransparency['causes']; summary: string }) {
  const t = useT();
  const top = niceCeiling(Math.max(0, ...causes.flatMap((cause) => [cause.receivedPaise, cause.disbursedPaise])));
  const widthOf = (paise: number) => (Math.max(0, paise) / top) * (WIDTH - 2);
  return (
    <figure className="chart">
      <Legend />
      <svg viewBox={`0 0 ${WIDTH} ${causes.length * CAUSE_ROW}`} role="img" aria-label={summary} className="chart-svg chart-causes">
        {causes.map((cause, index) => {
          const y = index * CAUSE_ROW;
          return (
            <g key={cause.cause}>
              <text x={0} y={y + 13} className="chart-label">
                {t(CAUSE_LABELS[cause.cause])}
              </text>
              <rect x={0} y={y + 19} width={widthOf(cause.receivedPaise)} height={12} className="chart-bar-received" />
              <rect x={0} y={y + 32} width={widthOf(cause.disbursedPaise)} height={12} className="chart-bar-disbursed" />
            </g>
          );
        })}
      </svg>
      <figcaption className="visually-hidden">{t('transparency.chartNote')}</figcaption>
    </figure>
  );
}
