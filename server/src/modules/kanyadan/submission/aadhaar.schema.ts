/**
 * Aadhaar numbers: 12 digits, the first 2–9, the last a Verhoeff check digit over the other eleven
 * (UIDAI). Our own ~20 lines: the npm packages tried skip the first-digit rule or throw on spaces
 * (shared/LIBRARIES.md). Shared with the web form.
 */

// The dihedral group D5: d(j, k) = j · k.
const MULTIPLY = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
] as const;

// The permutation applied to a digit by its position from the right.
const PERMUTE = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
] as const;

const INVERSE = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9] as const;

function checksumOf(digits: string, offset: number): number {
  let c = 0;
  for (let i = 0; i < digits.length; i++) {
    const digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    c = MULTIPLY[c]![PERMUTE[(i + offset) % 8]![digit]!]!;
  }
  return c;
}

/** The Verhoeff check digit to append to a string of digits. */
export function verhoeffCheckDigit(digits: string): number {
  if (!/^\d+$/.test(digits)) throw new Error('verhoeffCheckDigit: digits only');
  return INVERSE[checksumOf(digits, 1)]!;
}

/** Whether a string of digits ends in its correct Verhoeff check digit. */
export function isVerhoeffValid(digits: string): boolean {
  return /^\d+$/.test(digits) && checksumOf(digits, 0) === 0;
}

/** Spaces and hyphens as people write them (2345 6789 0123) are dropped. */
export function normaliseAadhaar(value: string): string {
  return value.replace(/[\s-]/g, '');
}

export const AADHAAR_FORMAT = 'Enter the 12-digit Aadhaar number; it starts with a digit from 2 to 9.';
export const AADHAAR_CHECKSUM = 'This Aadhaar number is not valid. Please check each digit.';

/** null when valid, else the message. Expects the number normalised. */
export function aadhaarProblem(aadhaar: string): string | null {
  if (!/^[2-9]\d{11}$/.test(aadhaar)) return AADHAAR_FORMAT;
  return isVerhoeffValid(aadhaar) ? null : AADHAAR_CHECKSUM;
}
