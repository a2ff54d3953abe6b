/**
 * Indian financial years (April to March) as the server writes them: `2025-26`. Today is read in
 * India's time zone, so a donor abroad at 11 pm on 31 March still sees the year that is ending.
 */
const IST_OFFSET_MS = 330 * 60 * 1000;

/** The calendar date in India at `now`, YYYY-MM-DD. */
export function indiaDateOf(now: Date): string {
  return new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

function financialYearStarting(startYear: number): string {
  return `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;
}

/** The financial year a date is in: 2026-03-31 is in 2025-26, 2026-04-01 in 2026-27. */
export function financialYearOf(date: string): string {
  const year = Number(date.slice(0, 4));
  return financialYearStarting(Number(date.slice(5, 7)) >= 4 ? year : year - 1);
}

/** `count` financial years, newest first, starting `back` years before the one `date` is in. */
export function financialYearsBefore(date: string, count: number, back = 0): string[] {
  const current = Number(financialYearOf(date).slice(0, 4));
  return Array.from({ length: count }, (_, index) => financialYearStarting(current - back - index));
}

/** The `count` financial years that are over on `now`, the latest first. */
export function completedFinancialYears(now: Date, count: number): string[] {
  return financialYearsBefore(indiaDateOf(now), count, 1);
}
