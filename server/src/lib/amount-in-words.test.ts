import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountInWords, formatRupees } from './amount-in-words.ts';

const rupees = (value: number) => value * 100;

describe('amountInWords', () => {
  it('reads the figures LIBRARIES.md checked, in English and Hindi', () => {
    expect(amountInWords(rupees(12_50_000))).toEqual({ en: 'Rupees Twelve Lakh Fifty Thousand Only', hi: 'रुपये बारह लाख पचास हज़ार मात्र' });
    expect(amountInWords(rupees(12_50_000) + 99)).toEqual({
      en: 'Rupees Twelve Lakh Fifty Thousand And Ninety Nine Paise Only',
      hi: 'रुपये बारह लाख पचास हज़ार और निन्यानवे पैसे मात्र',
    });
    expect(amountInWords(rupees(9_99_99_999) + 99)).toEqual({
      en: 'Rupees Nine Crore Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine And Ninety Nine Paise Only',
      hi: 'रुपये नौ करोड़ निन्यानवे लाख निन्यानवे हज़ार नौ सौ निन्यानवे और निन्यानवे पैसे मात्र',
    });
    expect(amountInWords(rupees(1))).toEqual({ en: 'Rupees One Only', hi: 'रुपये एक मात्र' });
  });

  it('reads the Hindi hundreds that to-words gets wrong: 1,100, 5,100 and 1,00,100', () => {
    expect(amountInWords(rupees(1_100))).toEqual({ en: 'Rupees One Thousand One Hundred Only', hi: 'रुपये एक हज़ार एक सौ मात्र' });
    expect(amountInWords(rupees(5_100))).toEqual({ en: 'Rupees Five Thousand One Hundred Only', hi: 'रुपये पाँच हज़ार एक सौ मात्र' });
    expect(amountInWords(rupees(1_00_100))).toEqual({ en: 'Rupees One Lakh One Hundred Only', hi: 'रुपये एक लाख एक सौ मात्र' });
  });

  it('writes paise alone, and one paisa in the singular', () => {
    expect(amountInWords(50)).toEqual({ en: 'Fifty Paise Only', hi: 'पचास पैसे मात्र' });
    expect(amountInWords(1)).toEqual({ en: 'One Paisa Only', hi: 'एक पैसा मात्र' });
    expect(amountInWords(rupees(500) + 1)).toEqual({ en: 'Rupees Five Hundred And One Paisa Only', hi: 'रुपये पाँच सौ और एक पैसा मात्र' });
  });

  it('reads amounts of 100 crore and more in crores, as the figures group them', () => {
    expect(amountInWords(rupees(100 * 1_00_00_000))).toEqual({ en: 'Rupees One Hundred Crore Only', hi: 'रुपये एक सौ करोड़ मात्र' });
    expect(amountInWords(rupees(1234 * 1_00_00_000 + 5))).toEqual({
      en: 'Rupees One Thousand Two Hundred Thirty Four Crore Five Only',
      hi: 'रुपये एक हज़ार दो सौ चौंतीस करोड़ पाँच मात्र',
    });
    expect(amountInWords(Number.MAX_SAFE_INTEGER).en).toMatch(/^Rupees .* Crore .* And Ninety One Paise Only$/);
  });

  it('refuses what is not a whole, positive number of paise', () => {
    for (const bad of [0, -100, 12.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1]) {
      expect(() => amountInWords(bad)).toThrow(`An amount in words needs a whole number of paise of at least 1, got ${String(bad)}`);
    }
  });
});

// An English speller of 1–99 written independently of to-words, to check the round numbers against.
const ONES = ['', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Eleven', 'Twelve', 'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen'];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];
const below100 = (n: number) => (n < 20 ? ONES[n]! : `${TENS[Math.floor(n / 10)]!}${n % 10 ? ` ${ONES[n % 10]!}` : ''}`);
const UNITS = [
  { value: 100, en: 'Hundred', hi: 'सौ' },
  { value: 1_000, en: 'Thousand', hi: 'हज़ार' },
  { value: 1_00_000, en: 'Lakh', hi: 'लाख' },
  { value: 1_00_00_000, en: 'Crore', hi: 'करोड़' },
] as const;

describe('amountInWords, properties', () => {
  it('never throws for 1 paisa to ₹1,00,00,00,000, and always says Rupees/रुपये … Only/मात्र', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000_000 }), (paise) => {
        const words = amountInWords(paise);
        expect(words.en).toMatch(paise >= 100 ? /^Rupees [A-Z][a-z]+( [A-Z][a-z]+)* Only$/ : /^[A-Z][a-z]+( [A-Z][a-z]+)* Pais[ae] Only$/);
        expect(words.hi).toMatch(paise >= 100 ? /^रुपये [\u0900-\u097F]+( [\u0900-\u097F]+)* मात्र$/ : /^[\u0900-\u097F ]+ पैस[ाे] मात्र$/);
        // Paise are named exactly when there are some.
        expect(words.en.includes('Paise') || words.en.includes('Paisa')).toBe(paise % 100 !== 0);
        expect(words.hi.includes('पैसे') || words.hi.includes('पैसा')).toBe(paise % 100 !== 0);
        expect(words.en).not.toMatch(/Arab|Kharab|Zero|undefined|NaN| {2}/);
        expect(words.hi).not.toMatch(/अरब|खरब|शून्य|undefined|NaN| {2}/);
      }),
      { numRuns: 2_000 },
    );
  });

  it('reads k hundred, thousand, lakh and crore rupees as the number k and the unit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99 }), fc.constantFrom(...UNITS), (k, unit) => {
        // 10 × 100 is "One Thousand", not "Ten Hundred": hundreds are read below ten only.
        fc.pre(unit.value !== 100 || k < 10);
        const words = amountInWords(rupees(k * unit.value));
        expect(words.en).toBe(`Rupees ${below100(k)} ${unit.en} Only`);
        // The Hindi for k itself is checked against the same function reading k rupees.
        const hindiK = amountInWords(rupees(k)).hi.replace(/^रुपये /, '').replace(/ मात्र$/, '');
        expect(words.hi).toBe(`रुपये ${hindiK} ${unit.hi} मात्र`);
      }),
    );
  });

  it('adds the paise after the rupees without changing how the rupees read', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999_999 }), fc.integer({ min: 2, max: 99 }), (whole, paise) => {
        const withPaise = amountInWords(rupees(whole) + paise);
        const without = amountInWords(rupees(whole));
        expect(withPaise.en).toBe(`${without.en.replace(/ Only$/, '')} And ${below100(paise)} Paise Only`);
        expect(withPaise.hi.startsWith(`${without.hi.replace(/ मात्र$/, '')} और `)).toBe(true);
        expect(withPaise.hi.endsWith(' पैसे मात्र')).toBe(true);
      }),
    );
  });
});

describe('formatRupees', () => {
  it('groups the Indian way, always with two decimals', () => {
    expect(formatRupees(rupees(12_50_000))).toBe('₹12,50,000.00');
    expect(formatRupees(rupees(1_250) + 5)).toBe('₹1,250.05');
    expect(formatRupees(99)).toBe('₹0.99');
    expect(formatRupees(rupees(100 * 1_00_00_000))).toBe('₹1,00,00,00,000.00');
  });

  it('matches Intl en-IN grouping for any amount', () => {
    const intl = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000_000 }), (paise) => {
        // Intl works on the float; paise below 2^53 / 100 are exact enough for two decimals.
        expect(formatRupees(paise)).toBe(`₹${intl.format(paise / 100)}`);
      }),
    );
  });

  it('refuses fractions of a paisa and negative amounts', () => {
    expect(() => formatRupees(1.5)).toThrow('An amount in figures needs a whole, non-negative number of paise, got 1.5');
    expect(() => formatRupees(-1)).toThrow('got -1');
  });
});
