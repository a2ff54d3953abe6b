/**
 * Indian financial years (April to March) as the server writes them: `2025-26`. Today is read in
 * India's time zone, so a donor abroad at 11 pm on 31 March still sees the year that is ending.
 */
const IST_OFFSET_MS = 330 * 60 * 1000;

export function financialYearOf(date: string): string {
  const year = Number(date.slice(0, 4));
  const start = Number(date.slice(5, 7)) >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** The `count` financial years that are over on `now`, the latest first. */
export function completedFinancialYears(now: Date, count: number): string[] {
  const current = Number(financialYearOf(new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10)).slice(0, 4));
  return Array.from({ length: count }, (_, index) => {
    const start = current - 1 - index;
    return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
  });
}
