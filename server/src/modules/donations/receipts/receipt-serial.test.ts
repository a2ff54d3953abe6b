import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { financialYearOf, formatSerial, indiaDateOf, isCashAboveLimit } from './receipt-serial.ts';

describe('receipt serials', () => {
  it('finds the Indian financial year (April–March) of a date', () => {
    expect(financialYearOf('2026-04-01')).toBe('2026-27');
    expect(financialYearOf('2027-03-31')).toBe('2026-27');
    expect(financialYearOf('2026-03-31')).toBe('2025-26');
    expect(financialYearOf('2099-12-31')).toBe('2099-00');
    expect(financialYearOf('2000-01-15')).toBe('1999-00');
  });

  it('gives every day of a financial year the same year, and the next day after 31 March the next one', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2098, 11, 31) }), (time) => {
        const date = new Date(time).toISOString().slice(0, 10);
        const year = financialYearOf(date);
        const start = Number(year.slice(0, 4));
        expect(date >= `${start}-04-01` && date <= `${start + 1}-03-31`).toBe(true);
      }),
    );
  });

  it('takes the date in India: 18:30 UTC is already the next day there', () => {
    expect(indiaDateOf(new Date('2027-03-31T18:29:59.999Z'))).toBe('2027-03-31');
    expect(indiaDateOf(new Date('2027-03-31T18:30:00.000Z'))).toBe('2027-04-01');
  });

  it('writes serials with six digits at least', () => {
    expect(formatSerial('SAHAY', '2026-27', 123)).toBe('SAHAY/2026-27/000123');
    expect(formatSerial('SF-JPR', '2026-27', 1_234_567)).toBe('SF-JPR/2026-27/1234567');
  });

  it('notes cash above ₹2,000 only', () => {
    expect(isCashAboveLimit('cash', 2_000_01)).toBe(true);
    expect(isCashAboveLimit('cash', 2_000_00)).toBe(false);
    expect(isCashAboveLimit('cheque', 50_000_00)).toBe(false);
  });
});
