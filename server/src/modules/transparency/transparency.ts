import { stringify } from 'csv-stringify/sync';
import type { Queryable } from '#server/db/db';
import { rupeesText } from '#server/lib/amount-in-words';
import { DONATION_CAUSES } from '#server/modules/donations/donation-fields.schema';
import { TRANSPARENCY_MONTHS, TRANSPARENCY_PAGE_SIZE, type TTransparency } from './transparency.schema.ts';

type Cause = (typeof DONATION_CAUSES)[number];

/** The `count` months up to and including the month of `today` (YYYY-MM-DD), oldest first. */
export function monthsUpTo(today: string, count: number): string[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1;
  return Array.from({ length: count }, (_, index) => {
    const date = new Date(Date.UTC(year, month - (count - 1 - index), 1));
    return date.toISOString().slice(0, 7);
  });
}

interface MonthRow {
  month: string;
  cause: string;
  received_paise: string | number;
  disbursed_paise: string | number;
}

/** Pure: the chart's months and causes from the projection's rows (rows outside the window are ignored). */
export function summarise(rows: readonly MonthRow[], months: readonly string[]): Pick<TTransparency, 'months' | 'causes' | 'totals'> {
  const byMonth = new Map(months.map((month) => [month, { month, receivedPaise: 0, disbursedPaise: 0 }]));
  const byCause = new Map(DONATION_CAUSES.map((cause) => [cause as string, { cause, receivedPaise: 0, disbursedPaise: 0 }]));
  const totals = { receivedPaise: 0, disbursedPaise: 0 };
  for (const row of rows) {
    const month = byMonth.get(row.month);
    if (!month) continue;
    const received = Number(row.received_paise);
    const disbursed = Number(row.disbursed_paise);
    month.receivedPaise += received;
    month.disbursedPaise += disbursed;
    totals.receivedPaise += received;
    totals.disbursedPaise += disbursed;
    const cause = byCause.get(row.cause);
    if (cause) {
      cause.receivedPaise += received;
      cause.disbursedPaise += disbursed;
    }
  }
  return { months: [...byMonth.values()], causes: [...byCause.values()], totals };
}

/** Which page is shown of a list of `total` rows: the one asked for, or the last when it is past the end. */
function pageWithin(total: number, page: number): { page: number; pageCount: number; offset: number } {
  const pageCount = Math.max(1, Math.ceil(total / TRANSPARENCY_PAGE_SIZE));
  const shown = Math.min(page, pageCount);
  return { page: shown, pageCount, offset: (shown - 1) * TRANSPARENCY_PAGE_SIZE };
}

/**
 * What /transparency shows on page `page` of the gifts and page `paidPage` of the payments (a page
 * past the last shows the last), with the chart's window ending in the month of `today`. Reads only
 * the site_transparency projection: the months' few rows and one page of each list's index. A deep
 * page walks the index up to it (bench:transparency gives the figures for 100,000 gifts).
 */
export async function getTransparency(
  db: Queryable,
  { today, page, paidPage = 1, fcraRegistrationNumber = '' }: { today: string; page: number; paidPage?: number; fcraRegistrationNumber?: string },
): Promise<TTransparency> {
  const months = monthsUpTo(today, TRANSPARENCY_MONTHS);
  const { rows: monthRows } = await db.query<MonthRow & { gifts: string | number; disbursements: string | number }>(
    `SELECT month, cause, received_paise, disbursed_paise, gifts, disbursements FROM site_transparency_months`,
  );
  const total = monthRows.reduce((sum, row) => sum + Number(row.gifts), 0);
  const paidTotal = monthRows.reduce((sum, row) => sum + Number(row.disbursements), 0);
  const giftsPage = pageWithin(total, page);
  const paymentsPage = pageWithin(paidTotal, paidPage);
  const [{ rows: gifts }, { rows: payments }] = await Promise.all([
    db.query<{ received_on: string; amount_paise: string | number; cause: Cause; name: string | null }>(
      // The page's references first, from the index alone (a deep page skips index entries, not
      // rows); then the 20 rows and their names.
      `WITH page AS (
         SELECT reference, received_on, verified_at FROM site_transparency_gifts
          ORDER BY received_on DESC, verified_at DESC, reference LIMIT $1 OFFSET $2)
       SELECT g.received_on::text AS received_on, g.amount_paise, g.cause, n.name
         FROM page JOIN site_transparency_gifts g USING (reference) LEFT JOIN site_transparency_names n USING (reference)
        ORDER BY page.received_on DESC, page.verified_at DESC, page.reference`,
      [TRANSPARENCY_PAGE_SIZE, giftsPage.offset],
    ),
    db.query<{ paid_on: string; amount_paise: string | number; cause: Cause; scheme: 'help' | 'kanyadan' }>(
      `SELECT paid_on::text AS paid_on, amount_paise, cause, scheme FROM site_transparency_payments
        ORDER BY paid_on DESC, position DESC LIMIT $1 OFFSET $2`,
      [TRANSPARENCY_PAGE_SIZE, paymentsPage.offset],
    ),
  ]);
  return {
    foreignContributions: fcraRegistrationNumber ? { registrationNumber: fcraRegistrationNumber, quarters: await getForeignQuarters(db, today) } : null,
    ...summarise(monthRows, months),
    gifts: {
      page: giftsPage.page,
      pageCount: giftsPage.pageCount,
      pageSize: TRANSPARENCY_PAGE_SIZE,
      total,
      items: gifts.map((gift) => ({ receivedOn: gift.received_on, amountPaise: Number(gift.amount_paise), cause: gift.cause, donorName: gift.name })),
    },
    payments: {
      page: paymentsPage.page,
      pageCount: paymentsPage.pageCount,
      pageSize: TRANSPARENCY_PAGE_SIZE,
      total: paidTotal,
      items: payments.map((payment) => ({ paidOn: payment.paid_on, amountPaise: Number(payment.amount_paise), cause: payment.cause, scheme: payment.scheme })),
    },
  };
}

/** Quarters of the Indian financial year: April–June is Q1, January–March Q4. The `count` up to the one `today` falls in, newest first. */
export function quartersUpTo(today: string, count: number): Array<{ quarter: string; from: string; to: string }> {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  // Quarters counted from April of year 0: index = FY start year * 4 + quarter within the year.
  const fyStart = month >= 4 ? year : year - 1;
  const current = fyStart * 4 + Math.floor(((month + 8) % 12) / 3);
  return Array.from({ length: count }, (_, back) => {
    const index = current - back;
    const start = Math.floor(index / 4);
    const q = index % 4;
    const fromMonth = ((q * 3 + 3) % 12) + 1;
    const fromYear = q === 3 ? start + 1 : start;
    const lastDay = new Date(Date.UTC(fromYear, fromMonth - 1 + 3, 0)).toISOString().slice(0, 10);
    return {
      quarter: `${start}-${String((start + 1) % 100).padStart(2, '0')} Q${q + 1}`,
      from: `${fromYear}-${String(fromMonth).padStart(2, '0')}-01`,
      to: lastDay,
    };
  });
}

/** Foreign gifts listed per quarter at most (a foundation's foreign gifts are few; the FC-4 export has them all). */
const FOREIGN_ROWS_PER_QUARTER = 500;

async function getForeignQuarters(db: Queryable, today: string): Promise<NonNullable<TTransparency['foreignContributions']>['quarters']> {
  const quarters = quartersUpTo(today, 4);
  const { rows } = await db.query<{ donor_name: string | null; is_name_erased: boolean; country: string; amount_paise: string | number; received_on: string; cause: Cause }>(
    `SELECT donor_name, is_name_erased, country, amount_paise, received_on::text AS received_on, cause FROM site_transparency_foreign
      WHERE received_on IS NOT NULL AND received_on BETWEEN $1 AND $2
      ORDER BY received_on DESC, verified_at DESC, reference`,
    [quarters.at(-1)!.from, quarters[0]!.to],
  );
  return quarters.map((quarter) => {
    const inQuarter = rows.filter((row) => row.received_on >= quarter.from && row.received_on <= quarter.to);
    return {
      ...quarter,
      totalPaise: inQuarter.reduce((sum, row) => sum + Number(row.amount_paise), 0),
      items: inQuarter.slice(0, FOREIGN_ROWS_PER_QUARTER).map((row) => ({
        donorName: row.donor_name,
        isNameErased: row.is_name_erased,
        country: row.country,
        amountPaise: Number(row.amount_paise),
        receivedOn: row.received_on,
        cause: row.cause,
      })),
    };
  });
}

const CSV_TEXT = {
  en: { date: 'Date', amount: 'Amount (₹)', cause: 'Cause', donor: 'Donor', anonymous: 'Anonymous', paidAs: 'Paid as', kanyadan: 'Kanyadan benefit to a family', help: 'Help for a member in need' },
  hi: { date: 'तारीख़', amount: 'राशि (₹)', cause: 'उद्देश्य', donor: 'दाता', anonymous: 'गुमनाम', paidAs: 'भुगतान', kanyadan: 'एक परिवार को कन्यादान सहायता', help: 'ज़रूरतमंद सदस्य को सहायता' },
} as const;

/** The causes as the page's list names them. */
const CAUSE_NAMES: Record<'en' | 'hi', Record<Cause, string>> = {
  en: { general: 'General', kanyadan: 'Kanyadan', medical: 'Medical aid', education: 'Education', accident: 'Accident relief', environment: 'Environment' },
  hi: { general: 'सामान्य', kanyadan: 'कन्यादान', medical: 'चिकित्सा सहायता', education: 'शिक्षा', accident: 'दुर्घटना राहत', environment: 'पर्यावरण' },
};

/**
 * A list of the page as a spreadsheet: the same rows and columns the page shows, in its language.
 * UTF-8 with a BOM so Excel shows Hindi; a cell that a spreadsheet would run as a formula is
 * neutralised (names are refused with such a start when entered, so this is a second guard).
 */
function listCsv(columns: string[], rows: string[][]): string {
  return stringify(rows, { bom: true, escape_formulas: true, record_delimiter: 'windows', header: true, columns });
}

/** The gifts' list, the donor named only where they agreed. */
export function transparencyCsv(gifts: TTransparency['gifts']['items'], lang: 'en' | 'hi'): string {
  const text = CSV_TEXT[lang];
  return listCsv(
    [text.date, text.amount, text.cause, text.donor],
    gifts.map((gift) => [gift.receivedOn, rupeesText(gift.amountPaise), CAUSE_NAMES[lang][gift.cause], gift.donorName ?? text.anonymous]),
  );
}

/** The payments' list; nobody named, as there. */
export function transparencyPaymentsCsv(payments: TTransparency['payments']['items'], lang: 'en' | 'hi'): string {
  const text = CSV_TEXT[lang];
  return listCsv(
    [text.date, text.amount, text.cause, text.paidAs],
    payments.map((payment) => [payment.paidOn, rupeesText(payment.amountPaise), CAUSE_NAMES[lang][payment.cause], text[payment.scheme]]),
  );
}
