import { asciiDigits } from '@sahay/server/shared/digits';

/**
 * The donation form's amount: typed in rupees (the way people think of it), sent in paise (the way
 * the server counts money). Kept free of zod so the donate page's first load stays small; the
 * server's schema checks the result again.
 */

/** ₹1 … ₹10,00,000 online (PRODUCT.md §6; issue 10). */
export const MIN_ONLINE_PAISE = 100;
export const MAX_ONLINE_PAISE = 10_00_000_00;

/** The preset buttons, in paise. */
export const AMOUNT_PRESETS_PAISE = [500_00, 1_000_00, 2_000_00, 5_000_00] as const;

export type ParsedAmount =
  | { kind: 'empty' }
  | { kind: 'invalid' }
  | { kind: 'tooSmall'; paise: number }
  | { kind: 'aboveLimit'; paise: number }
  | { kind: 'ok'; paise: number };

/**
 * Rupees as typed: digits with an optional ₹ sign, Indian or Western commas and spaces, and at most
 * two decimals ("1,250", "₹ 1250.50"), in ASCII or Devanagari digits ("१२५०", issue 32). Anything else
 * is invalid rather than guessed at.
 */
export function parseRupees(text: string): ParsedAmount {
  const cleaned = asciiDigits(text).replace(/[₹,\s]/g, '').replace(/^rs\.?/i, '');
  if (cleaned === '') return { kind: 'empty' };
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return { kind: 'invalid' };
  // Whole rupees and paise as integers: no floating point near money.
  const paise = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (paise < MIN_ONLINE_PAISE) return { kind: 'tooSmall', paise };
  if (paise > MAX_ONLINE_PAISE) return { kind: 'aboveLimit', paise };
  return { kind: 'ok', paise };
}

/** The text the amount field shows for a preset: plain rupees, no grouping (it is edited as typed). */
export function rupeesText(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return rest === 0 ? String(rupees) : `${rupees}.${String(rest).padStart(2, '0')}`;
}
