/**
 * Receipt serials (issue 10): `{prefix}/{financial year}/{number}`, gap-free per prefix and Indian
 * financial year (April–March). The number is the version of the year's serial stream after its
 * ReceiptSerialAllocated, allocated inside the verifying append (verify-donation.ts).
 */

/** India Standard Time has no daylight saving: always UTC+05:30. */
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The calendar date in India at an instant, YYYY-MM-DD. */
export function indiaDateOf(instant: Date): string {
  return new Date(instant.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The financial year a date (YYYY-MM-DD) falls in: 2026-04-01 … 2027-03-31 → "2026-27". */
export function financialYearOf(date: string): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/**
 * The financial year's first and last day: '2026-27' → 2026-04-01 … 2027-03-31. Anything else than
 * `YYYY-YY` with the second year following the first (as financialYearOf writes it, '2099-00'
 * included) is a RangeError, so a typo cannot quietly export an empty year.
 */
export function financialYearRange(financialYear: string): { from: string; to: string } {
  const match = /^(\d{4})-(\d{2})$/.exec(financialYear);
  const start = Number(match?.[1]);
  if (!match || Number(match[2]) !== (start + 1) % 100) {
    throw new RangeError(`A financial year is written like 2026-27, got ${JSON.stringify(financialYear)}`);
  }
  return { from: `${match[1]}-04-01`, to: `${String(start + 1).padStart(4, '0')}-03-31` };
}

/** The first day of the financial year before the one `date` falls in: 2026-11-23 → 2025-04-01. */
export function startOfPreviousFinancialYear(date: string): string {
  return `${Number(financialYearOf(date).slice(0, 4)) - 1}-04-01`;
}

/** `SAHAY/2026-27/000123`: six digits at least, more when a year ever needs them. */
export function formatSerial(prefix: string, financialYear: string, number: number): string {
  return `${prefix}/${financialYear}/${String(number).padStart(6, '0')}`;
}

/** Cash above ₹2,000 cannot be claimed as a deduction (s.80G(5D) / its successor): the receipt says so. */
export const CASH_DEDUCTION_LIMIT_PAISE = 2_000_00;

export function isCashAboveLimit(mode: string, amountPaise: number): boolean {
  return mode === 'cash' && amountPaise > CASH_DEDUCTION_LIMIT_PAISE;
}
