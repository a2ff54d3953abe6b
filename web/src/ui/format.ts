/**
 * The one place numbers, money and dates become text. Digits are Latin with Indian grouping
 * (1,00,000) in both languages, as on Indian banknotes, receipts and bank statements.
 */
import type { Lang } from '../i18n/i18n.tsx';

/**
 * Numbers and money are grouped here rather than by Intl.NumberFormat: the first Intl formatter
 * of a page load initialises the locale data, which costs a cheap phone over 100 ms of main-thread
 * time — on every public page, for a rule this simple (last three digits, then pairs). The tests
 * hold it to what Intl's en-IN formatting gives.
 */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const groups = [digits.slice(-3)];
  for (let end = digits.length - 3; end > 0; end -= 2) groups.unshift(digits.slice(Math.max(0, end - 2), end));
  return groups.join(',');
}

function formatDecimal(value: number, fractionDigits: { min: number; max: number }): string {
  const fixed = Math.abs(value).toFixed(fractionDigits.max);
  const [whole = '0', rawFraction = ''] = fixed.split('.');
  let fraction = rawFraction;
  while (fraction.length > fractionDigits.min && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  return `${groupIndian(whole)}${fraction ? `.${fraction}` : ''}`;
}

/** Indian grouping (12,34,567), as Intl's en-IN formatting does; fractions to at most three decimals. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const text = formatDecimal(value, { min: 0, max: 3 });
  return value < 0 || Object.is(value, -0) ? `-${text}` : text;
}

/** Money is integer paise everywhere; whole rupees are shown without ".00" (₹12,00,000). */
export function formatMoney(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`Money must be a whole number of paise, got ${paise}`);
  const rupees = formatDecimal(paise / 100, paise % 100 === 0 ? { min: 0, max: 0 } : { min: 2, max: 2 });
  return `${paise < 0 ? '-' : ''}₹${rupees}`;
}

/** Dates do need Intl (month names in Hindi); their formatters are made on first use. */
function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' };
const DATE_TIME: Intl.DateTimeFormatOptions = { ...DATE, hour: 'numeric', minute: '2-digit' };
const dateFormats: Record<Lang, () => Intl.DateTimeFormat> = {
  en: once(() => new Intl.DateTimeFormat('en-IN', DATE)),
  hi: once(() => new Intl.DateTimeFormat('hi-IN', { ...DATE, numberingSystem: 'latn' })),
};
const dateTimeFormats: Record<Lang, () => Intl.DateTimeFormat> = {
  en: once(() => new Intl.DateTimeFormat('en-IN', DATE_TIME)),
  // सुबह/दोपहर/शाम/रात before the hour, as Hindi says the time of day: hi-IN's own 12-hour clock writes "am"/"pm" (issue 32).
  hi: once(() => new Intl.DateTimeFormat('hi-IN', { ...DATE_TIME, dayPeriod: 'short', numberingSystem: 'latn' })),
};

/** A calendar date in India's time zone; an unreadable value is shown as given rather than "Invalid Date". */
export function formatDate(iso: string, lang: Lang): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormats[lang]().format(date);
}

/** A moment in India's time zone, to the minute (who saved what, and when). */
export function formatDateTime(iso: string, lang: Lang): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormats[lang]().format(date);
}

const monthFormats: Record<'short' | 'long', Record<Lang, () => Intl.DateTimeFormat>> = {
  short: {
    en: once(() => new Intl.DateTimeFormat('en-IN', { month: 'short', year: '2-digit', timeZone: 'UTC' })),
    hi: once(() => new Intl.DateTimeFormat('hi-IN', { month: 'short', year: '2-digit', timeZone: 'UTC', numberingSystem: 'latn' })),
  },
  long: {
    en: once(() => new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' })),
    hi: once(() => new Intl.DateTimeFormat('hi-IN', { month: 'long', year: 'numeric', timeZone: 'UTC', numberingSystem: 'latn' })),
  },
};

/** A month, `2026-11`, as a chart's axis ("Nov 26", "नव॰ 26") or a table ("November 2026", "नवंबर 2026") names it. */
export function formatMonth(month: string, lang: Lang, style: 'short' | 'long' = 'short'): string {
  const date = new Date(`${month}-01T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) ? month : monthFormats[style][lang]().format(date);
}
