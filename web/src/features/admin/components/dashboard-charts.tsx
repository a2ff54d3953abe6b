import { useId, type ReactNode } from 'react';
import { CHART_TOP_STATES, type ChartStateGroup, type TChartsResponse } from '@sahay/server/modules/admin/dashboard/charts.schema';
import { useLang, useT, type Lang } from '#web/i18n/i18n.tsx';
import { formatDate, formatDateTime, formatMoney, formatMonth, formatNumber } from '#web/ui/format.ts';
import { TableScroll } from '#web/ui/table-scroll.tsx';
import { HELP_STATUS_LABELS } from '#web/features/help/admin/components/help-labels.public.ts';
import { stateLabel } from '#web/features/kanyadan/admin/components/kanyadan-labels.public.tsx';

/**
 * The dashboard's charts (issue 15), drawn as SVG like the transparency page's (no chart library).
 * Each picture has a text alternative that says what it shows in a sentence, and its figures follow
 * in a table, which screen readers and keyboard users read instead. Series are told apart by
 * pattern as well as by colour, and named in a legend. Styled with the transparency chart's classes
 * and SVG attributes only: a rule added to the shared stylesheet would travel with every public page.
 */

const WIDTH = 360;
const HEIGHT = 180;
const TOP = 14;
const AXIS = 22;
const PLOT_HEIGHT = HEIGHT - AXIS - TOP;

/** A round upper bound for an axis: 1, 2 or 5 times a power of ten, so the scale reads well. */
export function niceCeiling(value: number): number {
  const whole = Math.max(1, Math.ceil(value));
  const power = 10 ** Math.floor(Math.log10(whole));
  return ([1, 2, 5, 10].find((factor) => factor * power >= whole) ?? 10) * power;
}

/** Money's axis rounds whole rupees, not paise. */
const niceCeilingPaise = (paise: number) => niceCeiling(paise / 100) * 100;

/**
 * The fills of up to five series, in order: solid, diagonal stripes, dots, cross-hatch, horizontal
 * lines — each a different pattern and a different lightness, so no series is told by hue alone.
 */
const SOLID_FILL = '#9a3412';

function Patterns({ prefix }: { prefix: string }) {
  return (
    <defs>
      <pattern id={`${prefix}-1`} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <rect width="6" height="6" fill="#ccfbf1" />
        <rect width="3" height="6" fill="#0f766e" />
      </pattern>
      <pattern id={`${prefix}-2`} width="5" height="5" patternUnits="userSpaceOnUse">
        <rect width="5" height="5" fill="#dbeafe" />
        <circle cx="2.5" cy="2.5" r="1.5" fill="#1d4ed8" />
      </pattern>
      <pattern id={`${prefix}-3`} width="6" height="6" patternUnits="userSpaceOnUse">
        <rect width="6" height="6" fill="#fef3c7" />
        <path d="M0 0L6 6M6 0L0 6" stroke="#92400e" strokeWidth="1.2" />
      </pattern>
      <pattern id={`${prefix}-4`} width="6" height="4" patternUnits="userSpaceOnUse">
        <rect width="6" height="4" fill="#f5f5f4" />
        <rect width="6" height="1.5" fill="#44403c" />
      </pattern>
    </defs>
  );
}

const fillOf = (prefix: string, series: number) => (series === 0 ? SOLID_FILL : `url(#${prefix}-${series})`);

/** An ID for SVG references: React's IDs may hold characters that `url(#…)` does not take. */
function useSvgId(): string {
  return `chart${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
}

/** The legend's keys, each a swatch of its series' fill beside its name; laid out as a wrapping row of items, so a key never ends a line without its name. */
function Legend({ prefix, names, label }: { prefix: string; names: readonly string[]; label?: string }) {
  return (
    <p className="chart-legend actions">
      {label && <span className="visually-hidden">{label}: </span>}
      {names.map((name, series) => (
        <span key={name}>
          <svg className="chart-key" viewBox="0 0 14 14" aria-hidden="true" focusable="false">
            <rect x="0.5" y="0.5" width="13" height="13" fill={fillOf(prefix, series)} stroke="#44403c" strokeWidth="1" />
          </svg>
          {name}
        </span>
      ))}
    </p>
  );
}

interface Bar {
  key: string;
  /** Shown under every third bar, the newest included; null leaves it unlabelled. */
  label: string | null;
  /** The stacked parts, first at the bottom, in the legend's order. */
  parts: readonly number[];
}

/** Vertical bars, stacked when they have several parts, on a 360-wide picture that scales with its box. */
function BarChart({ bars, top, topLabel, summary, prefix, note }: { bars: readonly Bar[]; top: number; topLabel: string; summary: string; prefix: string; note: string }) {
  const slot = WIDTH / Math.max(1, bars.length);
  const barWidth = Math.max(1, slot * 0.7);
  const heightOf = (value: number) => (Math.max(0, value) / top) * PLOT_HEIGHT;
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary} className="chart-svg">
        {bars.some((bar) => bar.parts.length > 1) && <Patterns prefix={prefix} />}
        <text x={0} y={10} className="chart-axis-label">
          {topLabel}
        </text>
        {[0.5, 1].map((share) => (
          <line key={share} x1={0} x2={WIDTH} y1={TOP + PLOT_HEIGHT * (1 - share)} y2={TOP + PLOT_HEIGHT * (1 - share)} className="chart-grid" />
        ))}
        {bars.map((bar, index) => {
          const x = index * slot + (slot - barWidth) / 2;
          return (
            <g key={bar.key}>
              {bar.parts.map((value, series) => {
                const below = bar.parts.slice(0, series).reduce((sum, part) => sum + heightOf(part), 0);
                const height = heightOf(value);
                return height > 0 ? (
                  <rect key={series} x={x} y={TOP + PLOT_HEIGHT - below - height} width={barWidth} height={height} fill={fillOf(prefix, series)} stroke="#fff" strokeWidth="0.5" />
                ) : null;
              })}
              {bar.label !== null && (
                // The last bar's label ends at the edge instead of running past it.
                <text
                  x={index === bars.length - 1 ? WIDTH : index * slot + slot / 2}
                  y={HEIGHT - 6}
                  textAnchor={index === bars.length - 1 ? 'end' : 'middle'}
                  className="chart-axis-label"
                >
                  {bar.label}
                </text>
              )}
            </g>
          );
        })}
        <line x1={0} x2={WIDTH} y1={TOP + PLOT_HEIGHT} y2={TOP + PLOT_HEIGHT} className="chart-baseline" />
      </svg>
      <figcaption className="visually-hidden">{note}</figcaption>
    </figure>
  );
}

/** Every third bar labelled, counting back from the newest, so the current month or week always is. */
const isLabelled = (index: number, count: number) => (count - 1 - index) % 3 === 0;

/** A chart's table, folded: twelve rows are two screens on a phone, and the picture's text gives the totals. */
function FoldedTable({ caption, children }: { caption: string; children: ReactNode }) {
  const t = useT();
  return (
    <details className="chart-table">
      <summary>{t('admin.charts.showTable')}</summary>
      <TableScroll label={caption}>
        <table className="table">
          <caption>{caption}</caption>
          {children}
        </table>
      </TableScroll>
    </details>
  );
}

function ChartSection({ id, heading, note, children }: { id: string; heading: string; note: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="panel">
      <h3 id={id}>{heading}</h3>
      <p className="muted">{note}</p>
      {children}
    </section>
  );
}

const weekLabelFormats: Record<Lang, Intl.DateTimeFormat | null> = { en: null, hi: null };

/** A week's Monday on the axis, short ("26 Oct"); the table gives the full date. */
function formatWeekLabel(date: string, lang: Lang): string {
  const format = (weekLabelFormats[lang] ??= new Intl.DateTimeFormat(lang === 'hi' ? 'hi-IN' : 'en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC', numberingSystem: 'latn' }));
  return format.format(new Date(`${date}T00:00:00.000Z`));
}

function DonationsChart({ months }: { months: TChartsResponse['donationsByMonth'] }) {
  const t = useT();
  const { lang } = useLang();
  const prefix = useSvgId();
  const total = months.reduce((sum, month) => ({ amountPaise: sum.amountPaise + month.amountPaise, count: sum.count + month.count }), { amountPaise: 0, count: 0 });
  const top = niceCeilingPaise(Math.max(0, ...months.map((month) => month.amountPaise)));
  return (
    <ChartSection id={`${prefix}-heading`} heading={t('admin.charts.donations.heading')} note={t('admin.charts.donations.note')}>
      <BarChart
        prefix={prefix}
        bars={months.map((month, index) => ({ key: month.month, label: isLabelled(index, months.length) ? formatMonth(month.month, lang) : null, parts: [month.amountPaise] }))}
        top={top}
        topLabel={formatMoney(top)}
        summary={t('admin.charts.donations.summary', { amount: formatMoney(total.amountPaise), count: formatNumber(total.count) })}
        note={t('admin.charts.tableBelow')}
      />
      <FoldedTable caption={t('admin.charts.donations.table')}>
        <thead>
          <tr>
            <th scope="col">{t('admin.charts.month')}</th>
            <th scope="col">{t('admin.charts.donations.amount')}</th>
            <th scope="col">{t('admin.charts.donations.count')}</th>
          </tr>
        </thead>
        <tbody>
          {[...months].reverse().map((month) => (
            <tr key={month.month}>
              <th scope="row">{formatMonth(month.month, lang, 'long')}</th>
              <td>{formatMoney(month.amountPaise)}</td>
              <td>{formatNumber(month.count)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('admin.charts.total')}</th>
            <td>{formatMoney(total.amountPaise)}</td>
            <td>{formatNumber(total.count)}</td>
          </tr>
        </tfoot>
      </FoldedTable>
    </ChartSection>
  );
}

function KanyadanChart({ byWeek }: { byWeek: TChartsResponse['kanyadanByWeek'] }) {
  const t = useT();
  const { lang } = useLang();
  const prefix = useSvgId();
  const groupName = (group: ChartStateGroup) => (group === 'other' ? t('admin.charts.otherStates') : t(stateLabel(group)));
  const names = byWeek.states.map(groupName);
  const total = byWeek.weeks.reduce((sum, week) => sum + week.total, 0);
  const top = niceCeiling(Math.max(0, ...byWeek.weeks.map((week) => week.total)));
  const leader = byWeek.states[0];
  return (
    <ChartSection id={`${prefix}-heading`} heading={t('admin.charts.kanyadan.heading')} note={t('admin.charts.kanyadan.note', { count: formatNumber(CHART_TOP_STATES) })}>
      {names.length > 0 && <Legend prefix={prefix} names={names} label={t('admin.charts.kanyadan.legend')} />}
      <BarChart
        prefix={prefix}
        bars={byWeek.weeks.map((week, index) => ({
          key: week.weekStart,
          label: isLabelled(index, byWeek.weeks.length) ? formatWeekLabel(week.weekStart, lang) : null,
          parts: week.byState.map((group) => group.count),
        }))}
        top={top}
        topLabel={formatNumber(top)}
        summary={
          total > 0 && leader
            ? t('admin.charts.kanyadan.summary', { count: formatNumber(total), state: groupName(leader) })
            : t('admin.charts.kanyadan.summaryNone')
        }
        note={t('admin.charts.tableBelow')}
      />
      <FoldedTable caption={t('admin.charts.kanyadan.table')}>
        <thead>
          <tr>
            <th scope="col">{t('admin.charts.weekOf')}</th>
            {names.map((name) => (
              <th key={name} scope="col">
                {name}
              </th>
            ))}
            <th scope="col">{t('admin.charts.total')}</th>
          </tr>
        </thead>
        <tbody>
          {[...byWeek.weeks].reverse().map((week) => (
            <tr key={week.weekStart}>
              <th scope="row">{formatDate(week.weekStart, lang)}</th>
              {week.byState.map((group) => (
                <td key={group.state}>{formatNumber(group.count)}</td>
              ))}
              <td>{formatNumber(week.total)}</td>
            </tr>
          ))}
        </tbody>
      </FoldedTable>
    </ChartSection>
  );
}

const HELP_ROW = 38;

function HelpChart({ statuses }: { statuses: TChartsResponse['helpByStatus'] }) {
  const t = useT();
  const prefix = useSvgId();
  const top = niceCeiling(Math.max(0, ...statuses.map((status) => status.count)));
  // Room at the end of the longest bar for its figure.
  const widthOf = (count: number) => (Math.max(0, count) / top) * (WIDTH - 48);
  const total = statuses.reduce((sum, status) => sum + status.count, 0);
  const caption = t('admin.charts.help.table');
  return (
    <ChartSection id={`${prefix}-heading`} heading={t('admin.charts.help.heading')} note={t('admin.charts.help.note')}>
      <figure className="chart">
        <svg
          viewBox={`0 0 ${WIDTH} ${statuses.length * HELP_ROW}`}
          role="img"
          aria-label={t('admin.charts.help.summary', {
            list: statuses.map((status) => t('admin.charts.help.item', { status: t(HELP_STATUS_LABELS[status.status]), count: formatNumber(status.count) })).join(', '),
          })}
          className="chart-svg"
        >
          {statuses.map((status, index) => {
            const y = index * HELP_ROW;
            const width = widthOf(status.count);
            return (
              <g key={status.status}>
                <text x={0} y={y + 13} className="chart-label">
                  {t(HELP_STATUS_LABELS[status.status])}
                </text>
                {width > 0 && <rect x={0} y={y + 18} width={width} height={14} fill={SOLID_FILL} />}
                <text x={width + 4} y={y + 30} className="chart-label">
                  {formatNumber(status.count)}
                </text>
              </g>
            );
          })}
        </svg>
        <figcaption className="visually-hidden">{t('admin.charts.tableBelow')}</figcaption>
      </figure>
      {/* Five rows: short enough to show unfolded. */}
      <TableScroll label={caption}>
        <table className="table">
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.charts.help.status')}</th>
              <th scope="col">{t('admin.charts.help.count')}</th>
            </tr>
          </thead>
          <tbody>
            {statuses.map((status) => (
              <tr key={status.status}>
                <th scope="row">{t(HELP_STATUS_LABELS[status.status])}</th>
                <td>{formatNumber(status.count)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('admin.charts.total')}</th>
              <td>{formatNumber(total)}</td>
            </tr>
          </tfoot>
        </table>
      </TableScroll>
    </ChartSection>
  );
}

function DisbursementsChart({ months }: { months: TChartsResponse['disbursementsByMonth'] }) {
  const t = useT();
  const { lang } = useLang();
  const prefix = useSvgId();
  const totals = months.reduce(
    (sum, month) => ({ kanyadan: sum.kanyadan + month.kanyadanPaise, help: sum.help + month.helpPaise, kanyadanCount: sum.kanyadanCount + month.kanyadanCount, helpCount: sum.helpCount + month.helpCount }),
    { kanyadan: 0, help: 0, kanyadanCount: 0, helpCount: 0 },
  );
  const top = niceCeilingPaise(Math.max(0, ...months.map((month) => month.kanyadanPaise + month.helpPaise)));
  return (
    <ChartSection id={`${prefix}-heading`} heading={t('admin.charts.disbursements.heading')} note={t('admin.charts.disbursements.note')}>
      <Legend prefix={prefix} names={[t('admin.charts.disbursements.kanyadan'), t('admin.charts.disbursements.help')]} />
      <BarChart
        prefix={prefix}
        bars={months.map((month, index) => ({ key: month.month, label: isLabelled(index, months.length) ? formatMonth(month.month, lang) : null, parts: [month.kanyadanPaise, month.helpPaise] }))}
        top={top}
        topLabel={formatMoney(top)}
        summary={t('admin.charts.disbursements.summary', { total: formatMoney(totals.kanyadan + totals.help), kanyadan: formatMoney(totals.kanyadan), help: formatMoney(totals.help) })}
        note={t('admin.charts.tableBelow')}
      />
      <FoldedTable caption={t('admin.charts.disbursements.table')}>
        <thead>
          <tr>
            <th scope="col">{t('admin.charts.month')}</th>
            <th scope="col">{t('admin.charts.disbursements.kanyadan')}</th>
            <th scope="col">{t('admin.charts.disbursements.kanyadanCount')}</th>
            <th scope="col">{t('admin.charts.disbursements.help')}</th>
            <th scope="col">{t('admin.charts.disbursements.helpCount')}</th>
            <th scope="col">{t('admin.charts.disbursements.total')}</th>
          </tr>
        </thead>
        <tbody>
          {[...months].reverse().map((month) => (
            <tr key={month.month}>
              <th scope="row">{formatMonth(month.month, lang, 'long')}</th>
              <td>{formatMoney(month.kanyadanPaise)}</td>
              <td>{formatNumber(month.kanyadanCount)}</td>
              <td>{formatMoney(month.helpPaise)}</td>
              <td>{formatNumber(month.helpCount)}</td>
              <td>{formatMoney(month.kanyadanPaise + month.helpPaise)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('admin.charts.total')}</th>
            <td>{formatMoney(totals.kanyadan)}</td>
            <td>{formatNumber(totals.kanyadanCount)}</td>
            <td>{formatMoney(totals.help)}</td>
            <td>{formatNumber(totals.helpCount)}</td>
            <td>{formatMoney(totals.kanyadan + totals.help)}</td>
          </tr>
        </tfoot>
      </FoldedTable>
    </ChartSection>
  );
}

/** The four charts, each with its table, and when they were counted. */
export function DashboardCharts({ charts }: { charts: TChartsResponse }) {
  const t = useT();
  const { lang } = useLang();
  return (
    <div data-testid="dashboard-charts">
      <DonationsChart months={charts.donationsByMonth} />
      <KanyadanChart byWeek={charts.kanyadanByWeek} />
      <HelpChart statuses={charts.helpByStatus} />
      <DisbursementsChart months={charts.disbursementsByMonth} />
      <p className="muted">{t('admin.charts.countedAt', { time: formatDateTime(charts.asOf, lang) })}</p>
    </div>
  );
}
