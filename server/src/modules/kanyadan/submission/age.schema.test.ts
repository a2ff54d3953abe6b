import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ageInYears, indiaToday, isIsoDate } from './age.schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Any day from 1900 to 2199, as YYYY-MM-DD (UTC calendar). */
const isoDay = fc
  .integer({ min: Date.UTC(1900, 0, 1) / DAY_MS, max: Date.UTC(2199, 11, 31) / DAY_MS })
  .map((day) => new Date(day * DAY_MS).toISOString().slice(0, 10));

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

describe('isIsoDate', () => {
  it.each(['2024-02-29', '2000-02-29', '2026-11-23', '2026-01-01', '2026-12-31', '1900-01-01', '2026-04-30', '2099-12-31'])(
    'accepts the real date %s',
    (value) => {
      expect(isIsoDate(value)).toBe(true);
    },
  );

  it.each([
    ['29 February of a common year', '2023-02-29'],
    ['29 February of 1900 (divisible by 100, not a leap year)', '1900-02-29'],
    ['30 February', '2024-02-30'],
    ['31 April', '2026-04-31'],
    ['month 13', '2026-13-01'],
    ['month 00', '2026-00-10'],
    ['day 00', '2026-05-00'],
    ['day 32', '2026-01-32'],
    ['a year before 1900', '1899-12-31'],
  ])('refuses %s (%s)', (_label, value) => {
    expect(isIsoDate(value)).toBe(false);
  });

  it.each([
    ['day first', '23-11-2026'],
    ['slashes', '2026/11/23'],
    ['one-digit month and day', '2026-1-5'],
    ['a two-digit year', '26-11-23'],
    ['a time after it', '2026-11-23T00:00:00Z'],
    ['a space before it', ' 2026-11-23'],
    ['a space after it', '2026-11-23 '],
    ['a five-digit year', '02026-11-23'],
    ['words', 'yesterday'],
    ['nothing', ''],
    ['Devanagari digits', '२०२६-११-२३'],
  ])('refuses a date written with %s (%j)', (_label, value) => {
    expect(isIsoDate(value)).toBe(false);
  });

  it('accepts every real day from 1900 to 2199', () => {
    fc.assert(
      fc.property(isoDay, (day) => {
        expect(isIsoDate(day)).toBe(true);
      }),
    );
  });
});

describe('ageInYears', () => {
  it('is exactly N on the Nth birthday and N − 1 the day before', () => {
    expect(ageInYears('2012-06-15', '2026-06-15')).toBe(14);
    expect(ageInYears('2012-06-15', '2026-06-14')).toBe(13);
    expect(ageInYears('2012-06-15', '2026-06-16')).toBe(14);
    expect(ageInYears('2012-06-15', '2027-06-14')).toBe(14);
  });

  it('counts the month as well as the day: an earlier month is before the birthday even on a later day', () => {
    expect(ageInYears('2012-06-15', '2026-05-31')).toBe(13);
    expect(ageInYears('2012-06-15', '2026-07-01')).toBe(14);
  });

  it('is 14 the day before the 15th birthday and 15 on it (the registration limit)', () => {
    expect(ageInYears('2011-11-23', '2026-11-22')).toBe(14);
    expect(ageInYears('2011-11-23', '2026-11-23')).toBe(15);
  });

  it('is 17 the day before the 18th birthday and 18 on it (the benefit)', () => {
    expect(ageInYears('2008-11-23', '2026-11-22')).toBe(17);
    expect(ageInYears('2008-11-23', '2026-11-23')).toBe(18);
  });

  it('turns over at the new year for a girl born on 1 January, and not before', () => {
    expect(ageInYears('2012-01-01', '2025-12-31')).toBe(13);
    expect(ageInYears('2012-01-01', '2026-01-01')).toBe(14);
    expect(ageInYears('2011-12-31', '2026-12-30')).toBe(14);
    expect(ageInYears('2011-12-31', '2026-12-31')).toBe(15);
  });

  it('is 0 for a girl born today, and until her first birthday', () => {
    expect(ageInYears('2026-11-23', '2026-11-23')).toBe(0);
    expect(ageInYears('2025-11-23', '2026-11-22')).toBe(0);
    expect(ageInYears('2025-11-23', '2026-11-23')).toBe(1);
  });

  it('is negative for a date of birth after the day', () => {
    expect(ageInYears('2026-11-24', '2026-11-23')).toBe(-1);
    expect(ageInYears('2027-01-01', '2026-12-31')).toBe(-1);
    expect(ageInYears('2028-11-23', '2026-11-23')).toBe(-2);
  });

  describe('born on 29 February', () => {
    it('has not had the birthday on 28 February of a common year', () => {
      expect(ageInYears('2012-02-29', '2026-02-28')).toBe(13);
      expect(ageInYears('2008-02-29', '2026-02-28')).toBe(17);
    });

    it('has it on 1 March of a common year', () => {
      expect(ageInYears('2012-02-29', '2026-03-01')).toBe(14);
      expect(ageInYears('2008-02-29', '2026-03-01')).toBe(18);
    });

    it('has it on 29 February of a leap year, and not on 28 February', () => {
      expect(ageInYears('2012-02-29', '2028-02-28')).toBe(15);
      expect(ageInYears('2012-02-29', '2028-02-29')).toBe(16);
      expect(ageInYears('2012-02-29', '2028-03-01')).toBe(16);
    });

    it('counts 2100 as a common year and 2000 as a leap year', () => {
      expect(ageInYears('2096-02-29', '2100-02-28')).toBe(3);
      expect(ageInYears('2096-02-29', '2100-03-01')).toBe(4);
      expect(ageInYears('1996-02-29', '2000-02-28')).toBe(3);
      expect(ageInYears('1996-02-29', '2000-02-29')).toBe(4);
    });

    it('is 0 on the day of birth and on 28 February a year later', () => {
      expect(ageInYears('2024-02-29', '2024-02-29')).toBe(0);
      expect(ageInYears('2024-02-29', '2025-02-28')).toBe(0);
      expect(ageInYears('2024-02-29', '2025-03-01')).toBe(1);
    });
  });

  it('leaves a birthday on 28 February or 1 March alone in a leap year', () => {
    expect(ageInYears('2012-02-28', '2028-02-28')).toBe(16);
    expect(ageInYears('2012-02-28', '2028-02-27')).toBe(15);
    expect(ageInYears('2012-03-01', '2028-02-29')).toBe(15);
    expect(ageInYears('2012-03-01', '2028-03-01')).toBe(16);
  });

  it('refuses a day not written YYYY-MM-DD', () => {
    expect(() => ageInYears('15/06/2012', '2026-06-15')).toThrow('not a YYYY-MM-DD date');
    expect(() => ageInYears('2012-06-15', '2026-6-15')).toThrow('not a YYYY-MM-DD date');
  });

  it('is 0 from any day to itself', () => {
    fc.assert(
      fc.property(isoDay, (day) => {
        expect(ageInYears(day, day)).toBe(0);
      }),
    );
  });

  it('never goes down as the day advances, and goes up by at most one a day', () => {
    fc.assert(
      fc.property(isoDay, isoDay, (dateOfBirth, day) => {
        const today = ageInYears(dateOfBirth, day);
        const tomorrow = ageInYears(dateOfBirth, addDays(day, 1));
        expect(tomorrow - today).toBeGreaterThanOrEqual(0);
        expect(tomorrow - today).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('goes up exactly once in each year after birth', () => {
    fc.assert(
      fc.property(isoDay, fc.integer({ min: 1, max: 80 }), (dateOfBirth, years) => {
        const start = `${Number(dateOfBirth.slice(0, 4)) + years}-01-01`;
        let rises = 0;
        for (let day = start; day.startsWith(start.slice(0, 4)); day = addDays(day, 1)) {
          if (ageInYears(dateOfBirth, addDays(day, 1)) > ageInYears(dateOfBirth, day)) rises += 1;
        }
        // From 1 January → 2 January to 31 December → 1 January: one birthday, whatever the date of birth.
        expect(rises).toBe(1);
      }),
      { numRuns: 30 },
    );
  });

  it('is N on the Nth anniversary and N − 1 the day before, for any birth not on 29 February', () => {
    fc.assert(
      fc.property(isoDay, fc.integer({ min: 1, max: 100 }), (dateOfBirth, years) => {
        fc.pre(!dateOfBirth.endsWith('-02-29'));
        const birthday = `${String(Number(dateOfBirth.slice(0, 4)) + years).padStart(4, '0')}${dateOfBirth.slice(4)}`;
        expect(ageInYears(dateOfBirth, birthday)).toBe(years);
        expect(ageInYears(dateOfBirth, addDays(birthday, -1))).toBe(years - 1);
      }),
    );
  });
});

describe('indiaToday', () => {
  it('changes day at midnight in India, 18:30 UTC', () => {
    expect(indiaToday(new Date('2026-11-23T18:29:59.999Z'))).toBe('2026-11-23');
    expect(indiaToday(new Date('2026-11-23T18:29:59Z'))).toBe('2026-11-23');
    expect(indiaToday(new Date('2026-11-23T18:30:00Z'))).toBe('2026-11-24');
  });

  it('is already tomorrow in India late in the UTC evening, and still the UTC day in the morning', () => {
    expect(indiaToday(new Date('2026-11-23T00:00:00Z'))).toBe('2026-11-23');
    expect(indiaToday(new Date('2026-11-23T23:59:59Z'))).toBe('2026-11-24');
  });

  it('gives the Indian date, a day after the UTC one, between midnight and 05:30 in India', () => {
    expect(indiaToday(new Date('2026-11-23T05:29:59+05:30'))).toBe('2026-11-23');
    expect(indiaToday(new Date('2026-11-22T23:59:59Z'))).toBe('2026-11-23');
  });

  it('rolls over the month, the year and 29 February', () => {
    expect(indiaToday(new Date('2026-12-31T18:29:59Z'))).toBe('2026-12-31');
    expect(indiaToday(new Date('2026-12-31T18:30:00Z'))).toBe('2027-01-01');
    expect(indiaToday(new Date('2028-02-28T18:30:00Z'))).toBe('2028-02-29');
    expect(indiaToday(new Date('2027-02-28T18:30:00Z'))).toBe('2027-03-01');
  });

  it('gives a real date, the Indian wall clock date, for any moment', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2150, 0, 1) }), (ms) => {
        const today = indiaToday(new Date(ms));
        expect(isIsoDate(today)).toBe(true);
        const wallClock = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(ms));
        expect(today).toBe(wallClock);
      }),
    );
  });
});
