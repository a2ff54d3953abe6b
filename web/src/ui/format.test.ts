import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatNumber } from './format.ts';
import { formatDayOfYear } from './format-day-of-year.ts';
import { formatRupeesShort } from './format-short.ts';

describe('formatNumber', () => {
  it('groups digits the Indian way', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(5000)).toBe('5,000');
    expect(formatNumber(24000)).toBe('24,000');
    expect(formatNumber(100000)).toBe('1,00,000');
    expect(formatNumber(12345678)).toBe('1,23,45,678');
  });
});

describe('formatMoney', () => {
  it('shows whole rupees from paise without decimals', () => {
    expect(formatMoney(0)).toBe('₹0');
    expect(formatMoney(50_000)).toBe('₹500');
    expect(formatMoney(1_200_000_00)).toBe('₹12,00,000');
    expect(formatMoney(9_500_000_00)).toBe('₹95,00,000');
  });

  it('shows paise when the amount has them', () => {
    expect(formatMoney(1)).toBe('₹0.01');
    expect(formatMoney(1_250_050)).toBe('₹12,500.50');
  });

  it('refuses amounts that are not whole paise', () => {
    expect(() => formatMoney(10.5)).toThrow(RangeError);
    expect(() => formatMoney(Number.NaN)).toThrow(RangeError);
  });
});

describe('formatDate', () => {
  it('formats in India time, so a late-evening UTC time is already the next day', () => {
    expect(formatDate('2026-03-31T20:00:00Z', 'en')).toBe('1 Apr 2026');
  });

  it('uses Hindi month names with Latin digits', () => {
    const text = formatDate('2026-04-01T06:00:00Z', 'hi');
    expect(text).toMatch(/1/);
    expect(text).toMatch(/2026/);
    expect(text).toMatch(/[\u0900-\u097F]/);
  });

  it('shows an unreadable value as given', () => {
    expect(formatDate('not a date', 'en')).toBe('not a date');
  });
});

describe('formatDayOfYear', () => {
  it('says a yearly day in each language, 29 February included, and shows a bad value as given', () => {
    expect([formatDayOfYear('05-31', 'en'), formatDayOfYear('05-31', 'hi')]).toEqual(['31 May', '31 मई']);
    expect(formatDayOfYear('02-29', 'en')).toBe('29 February');
    expect(formatDayOfYear('5-31', 'en')).toBe('5-31');
    expect(formatDayOfYear('13-01', 'hi')).toBe('13-01');
  });
});

describe('formatDateTime', () => {
  it('shows the moment in India time, with Latin digits in both languages', () => {
    expect(formatDateTime('2026-04-01T06:30:00.000Z', 'en')).toMatch(/^1 Apr 2026,? 12:00\s?pm$/i);
    expect(formatDateTime('2026-04-01T06:30:00.000Z', 'hi')).toMatch(/1.*2026.*12:00/);
    expect(formatDateTime('2026-04-01T06:30:00.000Z', 'hi')).not.toMatch(/[०-९]/);
    expect(formatDateTime('not a date', 'en')).toBe('not a date');
  });

  it('says the time of day in Hindi words in Hindi, never "am" or "pm" (issue 32)', () => {
    // 04:00, 09:00, 12:00, 17:30, 21:00 India time.
    const hindi = ['2026-03-31T22:30:00Z', '2026-04-01T03:30:00Z', '2026-04-01T06:30:00Z', '2026-04-01T12:00:00Z', '2026-04-01T15:30:00Z'].map((iso) => formatDateTime(iso, 'hi'));
    for (const text of hindi) expect(text).not.toMatch(/am|pm/i);
    expect(hindi[1]).toMatch(/सुबह 9:00$/);
    expect(hindi[2]).toMatch(/दोपहर 12:00$/);
    expect(hindi[3]).toMatch(/शाम 5:30$/);
    expect(hindi[4]).toMatch(/रात 9:00$/);
    expect(formatDateTime('2026-04-01T15:30:00Z', 'en')).toMatch(/9:00\s?pm$/i);
  });
});

describe('Indian grouping without Intl', () => {
  const numbers = new Intl.NumberFormat('en-IN');
  const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 0, maximumFractionDigits: 0 });
  const rupeesWithPaise = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });

  it('matches Intl en-IN for numbers of every length, with up to three decimals, of either sign', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -(10 ** 15), max: 10 ** 15 }), fc.integer({ min: -(10 ** 12), max: 10 ** 12 }).map((thousandths) => thousandths / 1000)), (value) => {
        expect(formatNumber(value)).toBe(numbers.format(value).replace('−', '-'));
      }),
    );
  });

  it('matches Intl en-IN for money in paise', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 14), max: 10 ** 14 }), (paise) => {
        const expected = (paise % 100 === 0 ? rupees : rupeesWithPaise).format(paise / 100);
        expect(formatMoney(paise)).toBe(expected);
      }),
    );
  });
});

describe('formatRupeesShort (counters)', () => {
  it('shows whole rupees, never paise, below ten lakh', () => {
    expect(formatRupeesShort(0, 'en')).toBe('₹0');
    expect(formatRupeesShort(12_345_67, 'en')).toBe('₹12,346');
    expect(formatRupeesShort(9_99_999_49, 'hi')).toBe('₹9,99,999');
  });

  it('shows lakh and crore from ten lakh up, in the reader’s language, rounded down', () => {
    expect(formatRupeesShort(10_00_000_00, 'en')).toBe('₹10 lakh');
    expect(formatRupeesShort(12_56_789_00, 'en')).toBe('₹12.56 lakh');
    expect(formatRupeesShort(12_56_789_00, 'hi')).toBe('₹12.56 लाख');
    expect(formatRupeesShort(1_25_99_999_00, 'en')).toBe('₹1.25 crore');
    expect(formatRupeesShort(34_00_00_00_000_00, 'hi')).toBe('₹3,400 करोड़');
    expect(formatRupeesShort(1_15_00_000_00, 'en')).toBe('₹1.15 crore');
  });

  it('never shows a decimal point for paise, whatever figure a counter passes through', () => {
    for (let paise = 0; paise < 50_00_00_000_00; paise = Math.floor(paise * 1.7) + 12_345) {
      const text = formatRupeesShort(paise, 'en');
      expect(text, text).toMatch(/^₹[\d,]+(\.\d{1,2} (lakh|crore))?( (lakh|crore))?$/);
    }
  });
});
