import { toCardinal } from 'n2words/hi-IN';
import { toWords } from 'to-words/en-IN';

/**
 * Money written out as on an Indian cheque or receipt, from integer paise (money is never a float
 * here): "Rupees Twelve Lakh Fifty Thousand Only" and "रुपये बारह लाख पचास हज़ार मात्र". English
 * words come from to-words (en-IN), Hindi from n2words (hi-IN): to-words' own Hindi reads 1,100 as
 * "एक हज़ार सौ" (LIBRARIES.md). Both libraries only spell numbers; the rupee and paise words and
 * "Only" / "मात्र" are added here, the same way for every amount.
 */
export interface AmountInWords {
  en: string;
  hi: string;
}

const PAISE_PER_RUPEE = 100;
const CRORE = 10_000_000;

/**
 * Whole rupees in words. Both libraries switch to arab/kharab above 99 crore ("One Arab"), which a
 * receipt's reader does not expect and which does not match the figures beside it (1,00,00,00,000
 * is grouped in crores); so larger amounts are read as a number of crores ("One Hundred Crore").
 */
function spell(rupees: number, words: (value: number) => string, crore: string): string {
  if (rupees < 100 * CRORE) return words(rupees);
  const crores = Math.floor(rupees / CRORE);
  const rest = rupees % CRORE;
  return rest === 0 ? `${spell(crores, words, crore)} ${crore}` : `${spell(crores, words, crore)} ${crore} ${words(rest)}`;
}

const english = (value: number) => toWords(value);
const hindi = (value: number) => toCardinal(value);

export function amountInWords(paise: number): AmountInWords {
  if (!Number.isSafeInteger(paise) || paise < 1) {
    throw new RangeError(`An amount in words needs a whole number of paise of at least 1, got ${String(paise)}`);
  }
  const rupees = Math.floor(paise / PAISE_PER_RUPEE);
  const rest = paise % PAISE_PER_RUPEE;
  const en: string[] = [];
  const hi: string[] = [];
  if (rupees > 0) {
    en.push('Rupees', spell(rupees, english, 'Crore'));
    hi.push('रुपये', spell(rupees, hindi, 'करोड़'));
  }
  if (rest > 0) {
    if (rupees > 0) {
      en.push('And');
      hi.push('और');
    }
    en.push(english(rest), rest === 1 ? 'Paisa' : 'Paise');
    hi.push(hindi(rest), rest === 1 ? 'पैसा' : 'पैसे');
  }
  en.push('Only');
  hi.push('मात्र');
  return { en: en.join(' '), hi: hi.join(' ') };
}

/** Indian digit grouping (12,34,567): the last three digits, then pairs. */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const groups = [digits.slice(-3)];
  for (let end = digits.length - 3; end > 0; end -= 2) groups.unshift(digits.slice(Math.max(0, end - 2), end));
  return groups.join(',');
}

/**
 * The amount in figures as a receipt prints it: "₹12,50,000.00". Always two decimals (a receipt is
 * an accounting document), computed from the integer so no float rounding can change a paisa.
 */
export function formatRupees(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`An amount in figures needs a whole, non-negative number of paise, got ${String(paise)}`);
  const rupees = Math.floor(paise / PAISE_PER_RUPEE);
  const rest = paise % PAISE_PER_RUPEE;
  return `₹${groupIndian(String(rupees))}.${String(rest).padStart(2, '0')}`;
}

/**
 * Rupees with two decimals and no grouping or sign, as machines read them (UPI's `am`, CSV files
 * for spreadsheets and the tax portal): 125050 paise → "1250.50".
 */
export function rupeesText(paise: number): string {
  return `${Math.floor(paise / PAISE_PER_RUPEE)}.${String(paise % PAISE_PER_RUPEE).padStart(2, '0')}`;
}
