import type { Lang } from '#web/i18n/i18n.tsx';

// Apart from format.ts, which is in every public page's first load (/donate's budget,
// docs/decisions/046): only the Form 10BE certificates say a yearly day.
const dayOfYearFormats: Partial<Record<Lang, Intl.DateTimeFormat>> = {};

/** A day each year, `05-31` (MM-DD), as a deadline is said: "31 May", "31 मई"; an unreadable value is shown as given. */
export function formatDayOfYear(monthDay: string, lang: Lang): string {
  // 2000 is a leap year: 02-29 is a day too.
  const date = new Date(`2000-${monthDay}T00:00:00.000Z`);
  if (!/^\d{2}-\d{2}$/.test(monthDay) || Number.isNaN(date.getTime())) return monthDay;
  dayOfYearFormats[lang] ??= new Intl.DateTimeFormat(lang === 'hi' ? 'hi-IN' : 'en-IN', { day: 'numeric', month: 'long', timeZone: 'UTC', numberingSystem: 'latn' });
  return dayOfYearFormats[lang].format(date);
}
