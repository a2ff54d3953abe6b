/**
 * A full page of /transparency as the server hands it to the renderer: 24 months with money in
 * each, every cause, 20 gifts with long English and Hindi names and anonymous ones, and 20 payments
 * out of both schemes. For the
 * page's tests and the byte-budget check (the page measured at its largest, not empty).
 */
import type { TTransparency } from '@sahay/server/modules/transparency/transparency.schema';

const NAMES = ['सुनीता देवी', null, 'Ramesh Kumar Srivastava', 'श्रीमती कमला प्रसाद शर्मा', null, 'Asha Verma'];
const CAUSES = ['general', 'kanyadan', 'medical', 'education', 'accident', 'environment'] as const;

export function transparencyFixture(page = 1, paidPage = 1): TTransparency {
  const months = Array.from({ length: 24 }, (_, index) => {
    const date = new Date(Date.UTC(2024, 11 + index, 1));
    return { month: date.toISOString().slice(0, 7), receivedPaise: 12_50_000_00 + index * 3_33_333_33, disbursedPaise: index % 3 === 0 ? 0 : 2_10_000_00 * index };
  });
  const totals = { receivedPaise: months.reduce((sum, month) => sum + month.receivedPaise, 0), disbursedPaise: months.reduce((sum, month) => sum + month.disbursedPaise, 0) };
  return {
    foreignContributions: null,
    months,
    causes: CAUSES.map((cause, index) => ({ cause, receivedPaise: Math.round(totals.receivedPaise / (index + 2)), disbursedPaise: cause === 'kanyadan' ? totals.disbursedPaise : 0 })),
    totals,
    gifts: {
      page,
      pageCount: 5_000,
      pageSize: 20,
      total: 100_000,
      items: Array.from({ length: 20 }, (_, index) => ({
        receivedOn: `2026-11-${String(20 - (index % 20)).padStart(2, '0')}`,
        amountPaise: 1_000_00 * (index + 1) + 50,
        cause: CAUSES[index % CAUSES.length]!,
        donorName: NAMES[index % NAMES.length] ?? null,
      })),
    },
    payments: {
      page: paidPage,
      pageCount: 60,
      pageSize: 20,
      total: 1_200,
      items: Array.from({ length: 20 }, (_, index) => ({
        paidOn: `2026-11-${String(20 - (index % 20)).padStart(2, '0')}`,
        amountPaise: index % 2 === 0 ? 21_000_00 : 4_875_00 + index * 100_00,
        cause: index % 2 === 0 ? 'kanyadan' : CAUSES[2 + (index % 4)]!,
        scheme: index % 2 === 0 ? 'kanyadan' : 'help',
      })),
    },
  };
}
