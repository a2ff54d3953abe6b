/**
 * The one place numbers, money and dates become text. Digits are Latin with Indian grouping
 * (1,00,000) in both languages, as on Indian banknotes, receipts and bank statements.
 */
import type { Lang } from '../i18n/i18n.tsx';

const numberFormat = new Intl.NumberFormat('en-IN');
const rupeesWhole = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 0, maximumFractionDigits: 0 });
const rupeesWithPaise = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** Money is integer paise everywhere; whole rupees are shown without ".00" (₹12,00,000). */
export function formatMoney(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`Money must be a whole number of paise, got ${paise}`);
  return paise % 100 === 0 ? rupeesWhole.format(paise / 100) : rupeesWithPaise.format(paise / 100);
}

const dateFormats: Record<Lang, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' }),
  hi: new Intl.DateTimeFormat('hi-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata', numberingSystem: 'latn' }),
};

/** A calendar date in India's time zone; an unreadable value is shown as given rather than "Invalid Date". */
export function formatDate(iso: string, lang: Lang): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormats[lang].format(date);
}

const dateTimeFormats: Record<Lang, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata' }),
  hi: new Intl.DateTimeFormat('hi-IN', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata', numberingSystem: 'latn' }),
};

/** A moment in India's time zone, to the minute (who saved what, and when). */
export function formatDateTime(iso: string, lang: Lang): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormats[lang].format(date);
}
