import fc from 'fast-check';
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { RANGE_REVERSED, RANGE_TOO_LONG, ZFinancialYearSchema } from '@sahay/server/modules/donations/exports/exports.schema';
import { I18nProvider, loadNamespaces } from '#web/i18n/i18n.tsx';
import {
  donationsExportHref,
  donationsRangeErrors,
  fc4Href,
  FinanceExports,
  financialYearChoices,
  form10BDHref,
  lastCompletedFinancialYear,
} from './finance-exports-page.tsx';
import { financialYearOf, indiaDateOf } from '#web/features/donations/financial-year.ts';

beforeAll(async () => {
  await loadNamespaces('en', ['core', 'admin', 'messages']);
});

describe('the date in India', () => {
  it('turns at midnight India time, 18:30 UTC the day before', () => {
    expect(indiaDateOf(new Date('2026-03-31T18:29:59.999Z'))).toBe('2026-03-31');
    expect(indiaDateOf(new Date('2026-03-31T18:30:00.000Z'))).toBe('2026-04-01');
  });

  it('agrees with the calendar of Asia/Kolkata at any moment', () => {
    const kolkata = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' });
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }), (moment) => {
        expect(indiaDateOf(moment)).toBe(kolkata.format(moment));
      }),
    );
  });
});

describe('financial years', () => {
  it('start on 1 April', () => {
    expect(financialYearOf('2026-03-31')).toBe('2025-26');
    expect(financialYearOf('2026-04-01')).toBe('2026-27');
    expect(financialYearOf('2099-12-31')).toBe('2099-00');
  });

  it('hold every day from 1 April to 31 March of the year they name', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-04-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }), (moment) => {
        const date = moment.toISOString().slice(0, 10);
        const year = financialYearOf(date);
        const start = Number(year.slice(0, 4));
        expect(date >= `${start}-04-01` && date <= `${start + 1}-03-31`).toBe(true);
        expect(ZFinancialYearSchema.safeParse(year).success).toBe(true);
      }),
    );
  });

  it('offer the current year and the five before it, newest first; the last completed first chosen', () => {
    expect(financialYearChoices('2026-03-31')).toEqual(['2025-26', '2024-25', '2023-24', '2022-23', '2021-22', '2020-21']);
    expect(financialYearChoices('2026-04-01')).toEqual(['2026-27', '2025-26', '2024-25', '2023-24', '2022-23', '2021-22']);
    expect(lastCompletedFinancialYear('2026-03-31')).toBe('2024-25');
    expect(lastCompletedFinancialYear('2026-04-01')).toBe('2025-26');
  });
});

describe('the download links', () => {
  it('name the export and its year or range as the server reads them', () => {
    expect(form10BDHref('10bd', '2025-26')).toBe('/api/admin/exports/10bd?fy=2025-26');
    expect(form10BDHref('10bd-missing-id', '2025-26')).toBe('/api/admin/exports/10bd-missing-id?fy=2025-26');
    expect(donationsExportHref({ from: '2026-04-01', to: '2026-04-30' }, false)).toBe('/api/admin/exports/donations?from=2026-04-01&to=2026-04-30&fullPan=false');
    expect(donationsExportHref({ from: '2026-04-01', to: '2026-04-30' }, true)).toBe('/api/admin/exports/donations?from=2026-04-01&to=2026-04-30&fullPan=true');
  });

  it('are refused for a range that ends before it starts, is too long, or is not dates', () => {
    expect(donationsRangeErrors({ from: '2026-04-01', to: '2026-04-01' })).toEqual({});
    expect(donationsRangeErrors({ from: '2026-04-02', to: '2026-04-01' })).toEqual({ to: [RANGE_REVERSED] });
    expect(donationsRangeErrors({ from: '2016-04-01', to: '2026-04-01' })).toEqual({ to: [RANGE_TOO_LONG] });
    expect(Object.keys(donationsRangeErrors({ from: '', to: '2026-04-01' }))).toEqual(['from']);
  });
});

describe('the exports page', () => {
  function render(today: string): string {
    return renderToString(
      <I18nProvider initialLang="en">
        <Router ssrPath="/exports">
          <FinanceExports today={today} />
        </Router>
      </I18nProvider>,
    );
  }

  it('offers Form FC-4’s foreign contributions of the last completed year', () => {
    const html = render('2026-05-17');
    expect(html).toContain('Form FC-4: foreign contributions');
    expect(html).toContain(`href="${fc4Href('2025-26')}"`);
    expect(fc4Href('2025-26')).toBe('/api/admin/exports/fc4?fy=2025-26');
  });

  it('opens on the last completed year and on this month so far, PANs masked', () => {
    const html = render('2026-05-17');
    expect(html).toContain('<h1>Exports</h1>');
    expect(html).toMatch(/<option value="2025-26" selected="">2025-26<\/option>/);
    expect(html).toContain('href="/api/admin/exports/10bd?fy=2025-26"');
    expect(html).toContain('href="/api/admin/exports/10bd-missing-id?fy=2025-26"');
    expect(html).toContain('href="/api/admin/exports/donations?from=2026-05-01&amp;to=2026-05-17&amp;fullPan=false"');
    expect(html).not.toContain('checked=""');
    expect(html).toContain('Show full PAN numbers (this download is recorded)');
  });
});
