import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TChartsResponse } from '@sahay/server/modules/admin/dashboard/charts.schema';
import { I18nProvider, loadNamespaces, type Lang } from '#web/i18n/i18n.tsx';
import { DashboardCharts, niceCeiling } from './dashboard-charts.tsx';

beforeAll(async () => {
  await loadNamespaces('en', ['core', 'admin', 'places']);
  await loadNamespaces('hi', ['core', 'admin', 'places']);
});

const MONTHS = ['2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'];
const WEEKS = ['2026-08-10', '2026-08-17', '2026-08-24', '2026-08-31', '2026-09-07', '2026-09-14', '2026-09-21', '2026-09-28', '2026-10-05', '2026-10-12', '2026-10-19', '2026-10-26'];

/** A dashboard as the server answers it on 1 November 2026: a few months and weeks with something in them. */
function sample(overrides: Partial<TChartsResponse> = {}): TChartsResponse {
  return {
    donationsByMonth: MONTHS.map((month) =>
      month === '2026-09' ? { month, amountPaise: 12_34_567_00, count: 3 } : month === '2026-11' ? { month, amountPaise: 7_000_50, count: 1 } : { month, amountPaise: 0, count: 0 },
    ),
    kanyadanByWeek: {
      states: ['rajasthan', 'bihar', 'other'],
      weeks: WEEKS.map((weekStart) =>
        weekStart === '2026-10-26'
          ? { weekStart, total: 6, byState: [{ state: 'rajasthan', count: 3 }, { state: 'bihar', count: 1 }, { state: 'other', count: 2 }] }
          : { weekStart, total: 0, byState: [{ state: 'rajasthan', count: 0 }, { state: 'bihar', count: 0 }, { state: 'other', count: 0 }] },
      ),
    },
    helpByStatus: [
      { status: 'submitted', count: 2 },
      { status: 'information_requested', count: 1 },
      { status: 'published', count: 1_250 },
      { status: 'rejected', count: 0 },
      { status: 'closed', count: 7 },
    ],
    disbursementsByMonth: MONTHS.map((month) =>
      month === '2026-10'
        ? { month, kanyadanPaise: 21_000_00, kanyadanCount: 1, helpPaise: 4_750_00, helpCount: 2 }
        : { month, kanyadanPaise: 0, kanyadanCount: 0, helpPaise: 0, helpCount: 0 },
    ),
    asOf: '2026-10-31T19:00:00.000Z',
    ...overrides,
  };
}

function render(charts: TChartsResponse, lang: Lang = 'en'): string {
  return renderToString(
    <I18nProvider initialLang={lang}>
      <DashboardCharts charts={charts} />
    </I18nProvider>,
  );
}

const textOf = (html: string) =>
  html
    .replaceAll('<!-- -->', '')
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&amp;', '&')
    .replace(/\s+/g, ' ')
    .trim();

/** Each table's caption and its rows as cell texts. */
function tables(html: string): Array<{ caption: string; rows: string[][] }> {
  return [...html.matchAll(/<table[^>]*>([\s\S]*?)<\/table>/g)].map(([, table]) => ({
    caption: textOf(/<caption>([\s\S]*?)<\/caption>/.exec(table!)?.[1] ?? ''),
    rows: [...table!.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map(([, row]) => [...row!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map(([, cell]) => textOf(cell!))),
  }));
}

/** The accessible names of the pictures: role="img" with aria-label. */
const pictureNames = (html: string) => [...html.matchAll(/<svg[^>]*role="img"[^>]*aria-label="([^"]*)"/g)].map(([, name]) => name!.replaceAll('&amp;', '&'));

describe('the dashboard charts', () => {
  it('gives each of the four pictures a name that sums it up, with money and counts in Indian grouping', () => {
    expect(pictureNames(render(sample()))).toEqual([
      'Donations received in the last 12 months: ₹12,41,567.50; number of donations: 4.',
      'Kanyadan applications in the last 12 weeks: 6; the most came from Rajasthan.',
      'Help requests by status: To check: 2, Question asked: 1, Published: 1,250, Rejected: 0, Closed: 7.',
      'Paid out in the last 12 months: ₹25,750; Kanyadan benefits ₹21,000, help withdrawals ₹4,750.',
    ]);
  });

  it('puts every figure in a table: months and weeks newest first, with totals', () => {
    const [donations, kanyadan, help, paid] = tables(render(sample()));
    expect(donations!.caption).toBe('Donations received per month, last 12 months');
    expect(donations!.rows[0]).toEqual(['Month', 'Amount received', 'Number of donations']);
    expect(donations!.rows[1]).toEqual(['November 2026', '₹7,000.50', '1']);
    expect(donations!.rows[2]).toEqual(['October 2026', '₹0', '0']);
    expect(donations!.rows[3]).toEqual(['September 2026', '₹12,34,567', '3']);
    expect(donations!.rows).toHaveLength(1 + 12 + 1);
    expect(donations!.rows.at(-1)).toEqual(['Total', '₹12,41,567.50', '4']);

    expect(kanyadan!.rows[0]).toEqual(['Week starting', 'Rajasthan', 'Bihar', 'Other states', 'Total']);
    expect(kanyadan!.rows[1]).toEqual(['26 Oct 2026', '3', '1', '2', '6']);
    expect(kanyadan!.rows[2]).toEqual(['19 Oct 2026', '0', '0', '0', '0']);
    expect(kanyadan!.rows).toHaveLength(1 + 12);

    expect(help!.rows).toEqual([
      ['Status', 'Requests'],
      ['To check', '2'],
      ['Question asked', '1'],
      ['Published', '1,250'],
      ['Rejected', '0'],
      ['Closed', '7'],
      ['Total', '1,260'],
    ]);

    expect(paid!.rows[0]).toEqual(['Month', 'Kanyadan benefits', 'Kanyadan payments (number)', 'Help withdrawals', 'Help payments (number)', 'Total paid']);
    expect(paid!.rows[2]).toEqual(['October 2026', '₹21,000', '1', '₹4,750', '2', '₹25,750']);
    expect(paid!.rows.at(-1)).toEqual(['Total', '₹21,000', '1', '₹4,750', '2', '₹25,750']);
  });

  it('tells the stacked series apart by pattern as well as colour, and names them in a legend', () => {
    const html = render(sample());
    const text = textOf(html);
    expect(text).toContain('States: Rajasthan Bihar Other states');
    expect(text).toContain('Kanyadan benefits Help withdrawals');
    // The week of 26 October: three parts, each its own fill (solid, then two patterns).
    const fills = [...html.matchAll(/<rect x="[^"]+" y="[^"]+" width="[^"]+" height="[^"]+" fill="([^"]+)" stroke="#fff"/g)].map(([, fill]) => fill!);
    expect(new Set(fills).size).toBeGreaterThanOrEqual(3);
    expect(fills.filter((fill) => fill.startsWith('url(#')).length).toBeGreaterThanOrEqual(2);
    // Each pattern the bars use is defined on the page.
    for (const fill of fills.filter((one) => one.startsWith('url(#'))) expect(html).toContain(`id="${fill.slice(5, -1)}"`);
  });

  it('says so when no application came in the weeks shown, with no legend', () => {
    const quiet = sample({ kanyadanByWeek: { states: [], weeks: WEEKS.map((weekStart) => ({ weekStart, total: 0, byState: [] })) } });
    const html = render(quiet);
    expect(pictureNames(html)[1]).toBe('No Kanyadan application came in the last 12 weeks.');
    expect(textOf(html)).not.toContain('States:');
    expect(tables(html)[1]!.rows[0]).toEqual(['Week starting', 'Total']);
  });

  it('speaks Hindi to a Hindi-reading admin, numbers in the same Indian grouping', () => {
    const html = render(sample(), 'hi');
    expect(pictureNames(html)).toEqual([
      'पिछले 12 महीनों में मिले दान: ₹12,41,567.50; दान की संख्या: 4।',
      'पिछले 12 सप्ताहों में कन्यादान आवेदन: 6; सबसे ज़्यादा राजस्थान से आए।',
      'स्थिति के अनुसार सहायता अनुरोध: जाँचना है: 2 अनुरोध, प्रश्न पूछा गया: 1 अनुरोध, प्रकाशित: 1,250 अनुरोध, अस्वीकृत: 0 अनुरोध, बंद: 7 अनुरोध।',
      'पिछले 12 महीनों में दी गई राशि: ₹25,750; कन्यादान लाभ ₹21,000, सहायता निकासी ₹4,750।',
    ]);
    const text = textOf(html);
    for (const heading of ['हर महीने मिले दान', 'हर सप्ताह आए कन्यादान आवेदन, राज्य के अनुसार', 'स्थिति के अनुसार सहायता अनुरोध', 'हर महीने दी गई राशि']) expect(text).toContain(heading);
    expect(tables(html)[1]!.rows[0]).toEqual(['सप्ताह की शुरुआत', 'राजस्थान', 'बिहार', 'अन्य राज्य', 'कुल']);
    expect(text).toContain('पर गिना गया');
  });

  it('rounds an axis up to 1, 2 or 5 times a power of ten', () => {
    expect([0, 1, 3, 7, 10, 11, 199, 201, 4_999, 5_001].map(niceCeiling)).toEqual([1, 1, 5, 10, 10, 20, 200, 500, 5_000, 10_000]);
  });
});
