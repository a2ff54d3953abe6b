import { describe, expect, it } from 'vitest';
import { completedFinancialYears, financialYearOf } from './financial-year.ts';

describe('financial years', () => {
  it('run from 1 April to 31 March', () => {
    expect([financialYearOf('2026-03-31'), financialYearOf('2026-04-01'), financialYearOf('2099-12-31')]).toEqual(['2025-26', '2026-27', '2099-00']);
  });

  it('are over only once 31 March has passed in India', () => {
    // 31 March 2027, 18:29 UTC is 23:59 in India: 2026-27 is not over yet.
    expect(completedFinancialYears(new Date('2027-03-31T18:29:00Z'), 2)).toEqual(['2025-26', '2024-25']);
    expect(completedFinancialYears(new Date('2027-03-31T18:30:00Z'), 2)).toEqual(['2026-27', '2025-26']);
  });
});
