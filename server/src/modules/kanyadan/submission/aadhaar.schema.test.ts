import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AADHAAR_CHECKSUM, AADHAAR_FORMAT, aadhaarProblem, isVerhoeffValid, normaliseAadhaar, verhoeffCheckDigit } from './aadhaar.schema.ts';

/** A string of 1 to 30 decimal digits (leading zeros included). */
const digitString = (minLength = 1, maxLength = 30) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength, maxLength }).map((digits) => digits.join(''));

/** A digit string followed by its own check digit: always Verhoeff-valid. */
const validNumber = digitString().map((digits) => `${digits}${verhoeffCheckDigit(digits)}`);

/** The two Aadhaar numbers UIDAI publishes for testing. */
const UIDAI_TEST_NUMBERS = ['234123412346', '499118665246'];

describe('the Verhoeff check digit', () => {
  it.each([
    ['236', 3],
    ['12345', 1],
    ['142857', 0],
  ])('of %s is %i (the published vectors)', (digits, check) => {
    expect(verhoeffCheckDigit(digits)).toBe(check);
  });

  it.each(['2363', '123451', '1428570'])('accepts %s, a published vector with its check digit', (digits) => {
    expect(isVerhoeffValid(digits)).toBe(true);
  });

  it.each(['2364', '2360', '123450', '123452', '1428571', '1428579'])('refuses %s, a published vector with a wrong check digit', (digits) => {
    expect(isVerhoeffValid(digits)).toBe(false);
  });

  it('gives the check digit of the UIDAI test numbers from their first eleven digits', () => {
    expect(verhoeffCheckDigit('23412341234')).toBe(6);
    expect(verhoeffCheckDigit('49911866524')).toBe(6);
  });

  it('refuses to compute a check digit for anything but digits', () => {
    expect(() => verhoeffCheckDigit('')).toThrow('digits only');
    expect(() => verhoeffCheckDigit('12a4')).toThrow('digits only');
    expect(() => verhoeffCheckDigit('1234 5678')).toThrow('digits only');
    expect(() => verhoeffCheckDigit('-123')).toThrow('digits only');
  });

  it.each(['', ' 2363', '2363 ', '23-63', '236٣', '2363a', '0x2363'])('does not call %j valid: only a plain string of digits can be', (value) => {
    expect(isVerhoeffValid(value)).toBe(false);
  });

  it('makes any digit string valid by appending its check digit, and no other digit does', () => {
    fc.assert(
      fc.property(digitString(), (digits) => {
        const check = verhoeffCheckDigit(digits);
        expect(check).toBeGreaterThanOrEqual(0);
        expect(check).toBeLessThanOrEqual(9);
        expect(isVerhoeffValid(`${digits}${check}`)).toBe(true);
        const validEndings = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].filter((ending) => isVerhoeffValid(`${digits}${ending}`));
        expect(validEndings).toEqual([check]);
      }),
    );
  });

  it('detects every change of a single digit of a valid number', () => {
    fc.assert(
      fc.property(validNumber, fc.nat(), fc.integer({ min: 1, max: 9 }), (number, at, shift) => {
        const i = at % number.length;
        const changed = `${number.slice(0, i)}${(Number(number[i]) + shift) % 10}${number.slice(i + 1)}`;
        expect(changed).not.toBe(number);
        expect(isVerhoeffValid(changed)).toBe(false);
      }),
    );
  });

  it('detects every swap of two adjacent different digits of a valid number, the check digit included', () => {
    fc.assert(
      fc.property(validNumber, fc.nat(), (number, at) => {
        const i = at % (number.length - 1);
        fc.pre(number[i] !== number[i + 1]);
        const swapped = `${number.slice(0, i)}${number[i + 1]}${number[i]}${number.slice(i + 2)}`;
        expect(isVerhoeffValid(swapped)).toBe(false);
      }),
    );
  });

  it('detects the swap of every pair of different digits at every position from the right (the 8 permutations)', () => {
    for (let zerosAfter = 0; zerosAfter < 8; zerosAfter++) {
      for (let a = 0; a <= 9; a++) {
        for (let b = 0; b <= 9; b++) {
          if (a === b) continue;
          // One leading digit makes `?ab000…` valid; swapping a and b must then break it.
          const tail = `${a}${b}${'0'.repeat(zerosAfter)}`;
          const number = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((lead) => `${lead}${tail}`).find((candidate) => isVerhoeffValid(candidate));
          expect(number, tail).toBeDefined();
          const swapped = `${number![0]}${b}${a}${'0'.repeat(zerosAfter)}`;
          expect(isVerhoeffValid(swapped), `${number} → ${swapped}`).toBe(false);
        }
      }
    }
  });

  it('tells 07005 from 70005 (a swap a wrong permutation table once let through)', () => {
    expect(isVerhoeffValid('07005')).toBe(true);
    expect(isVerhoeffValid('70005')).toBe(false);
    expect(verhoeffCheckDigit('0700')).toBe(5);
    expect(verhoeffCheckDigit('7000')).not.toBe(5);
  });

  it('detects the swaps of the UIDAI test numbers, at every position', () => {
    for (const number of UIDAI_TEST_NUMBERS) {
      for (let i = 0; i < number.length - 1; i++) {
        if (number[i] === number[i + 1]) continue;
        const swapped = `${number.slice(0, i)}${number[i + 1]}${number[i]}${number.slice(i + 2)}`;
        expect(isVerhoeffValid(swapped), swapped).toBe(false);
      }
    }
  });
});

describe('normaliseAadhaar', () => {
  it.each([
    ['2341 2341 2346', '234123412346'],
    ['2341-2341-2346', '234123412346'],
    [' 2341  2341 - 2346 ', '234123412346'],
    ['2341\t2341\n2346', '234123412346'],
    ['234123412346', '234123412346'],
    ['', ''],
  ])('turns %j into %j', (value, normalised) => {
    expect(normaliseAadhaar(value)).toBe(normalised);
  });

  it('keeps any other character, so that the format rule can refuse it', () => {
    expect(normaliseAadhaar('2341.2341.2346')).toBe('2341.2341.2346');
    expect(normaliseAadhaar('2341/2341/2346')).toBe('2341/2341/2346');
    expect(aadhaarProblem(normaliseAadhaar('2341.2341.2346'))).toBe(AADHAAR_FORMAT);
  });
});

describe('aadhaarProblem', () => {
  it.each(UIDAI_TEST_NUMBERS)('accepts the UIDAI test number %s', (number) => {
    expect(aadhaarProblem(number)).toBeNull();
  });

  it('accepts the test numbers as people write them, once normalised', () => {
    expect(aadhaarProblem(normaliseAadhaar('2341 2341 2346'))).toBeNull();
    expect(aadhaarProblem(normaliseAadhaar('4991-1866-5246'))).toBeNull();
  });

  it('gives the format message for 123456789010: an Aadhaar number never starts with 1', () => {
    expect(aadhaarProblem('123456789010')).toBe(AADHAAR_FORMAT);
  });

  it('gives the format message for a number starting with 0 or 1 even when its check digit is right', () => {
    for (const body of ['12345678901', '01234567890', '10000000000']) {
      const number = `${body}${verhoeffCheckDigit(body)}`;
      expect(isVerhoeffValid(number)).toBe(true);
      expect(aadhaarProblem(number)).toBe(AADHAAR_FORMAT);
    }
  });

  it.each([
    ['11 digits', '23412341234'],
    ['13 digits', '2341234123466'],
    ['a letter', '23412341234A'],
    ['spaces (not normalised)', '2341 2341 2346'],
    ['a hyphen (not normalised)', '2341-2341-2346'],
    ['nothing', ''],
    ['Devanagari digits', '२३४१२३४१२३४६'],
  ])('gives the format message for %s', (_label, value) => {
    expect(aadhaarProblem(value)).toBe(AADHAAR_FORMAT);
  });

  it('gives the checksum message for a test number with any other last digit', () => {
    for (const number of UIDAI_TEST_NUMBERS) {
      const body = number.slice(0, 11);
      for (let last = 0; last <= 9; last++) {
        if (`${body}${last}` === number) continue;
        expect(aadhaarProblem(`${body}${last}`)).toBe(AADHAAR_CHECKSUM);
      }
    }
  });

  it('gives the checksum message for a test number with one digit mistyped', () => {
    expect(aadhaarProblem('234123412246')).toBe(AADHAAR_CHECKSUM);
    expect(aadhaarProblem('324123412346')).toBe(AADHAAR_CHECKSUM);
    expect(aadhaarProblem('499118656246')).toBe(AADHAAR_CHECKSUM);
  });

  it('accepts exactly the 12-digit numbers starting 2–9 that end in their check digit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 9 }), digitString(10, 10), (first, rest) => {
        const body = `${first}${rest}`;
        const check = verhoeffCheckDigit(body);
        expect(aadhaarProblem(`${body}${check}`)).toBeNull();
        expect(aadhaarProblem(`${body}${(check + 1) % 10}`)).toBe(AADHAAR_CHECKSUM);
      }),
    );
  });
});
