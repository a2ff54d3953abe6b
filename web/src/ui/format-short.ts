import type { Lang } from '../i18n/i18n.tsx';
import { formatNumber } from './format.ts';

/*
 * Apart from format.ts, which every page loads: only the pages with counters (home, Kanyadan) need
 * this, and /donate's JavaScript is at its budget.
 */
const LAKH = 1_00_000;
const CRORE = 1_00_00_000;
const SHORT_UNITS: Record<Lang, { lakh: string; crore: string }> = { en: { lakh: 'lakh', crore: 'crore' }, hi: { lakh: 'लाख', crore: 'करोड़' } };

/**
 * A sum for a counter on a card (issue 16): whole rupees, never paise (a counter counting up passes
 * through every odd figure), and from ten lakh up in lakh or crore with at most two decimals
 * ("₹12.5 lakh", "₹1.25 करोड़"), so that a large total fits a half-width card on a 360 px phone.
 */
export function formatRupeesShort(paise: number, lang: Lang): string {
  const rupees = Math.round(paise / 100);
  const sign = rupees < 0 ? '-' : '';
  const size = Math.abs(rupees);
  if (size < 10 * LAKH) return `${sign}₹${formatNumber(size)}`;
  const [unit, name] = size >= CRORE ? [CRORE, SHORT_UNITS[lang].crore] : [LAKH, SHORT_UNITS[lang].lakh];
  // Rounded down: a counter never claims more than was raised.
  const short = Math.floor((size * 100) / unit) / 100;
  return `${sign}₹${formatNumber(short)} ${name}`;
}
