const DATE_TIME: Intl.DateTimeFormatOptions = { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' };
const formats = {
  en: new Intl.DateTimeFormat('en-IN', DATE_TIME),
  // सुबह/दोपहर/शाम/रात before the hour, as Hindi says the time of day: hi-IN's own 12-hour clock
  // writes "am"/"pm" (issue 32). Latin digits, as everywhere else (web/src/ui/format.ts).
  hi: new Intl.DateTimeFormat('hi-IN', { ...DATE_TIME, dayPeriod: 'short', numberingSystem: 'latn' }),
};

/** A moment in India's time, to the minute, in each language: "29 Nov 2026, 7:15 am" / "29 नव॰ 2026, सुबह 7:15". */
export function formatIndiaDateTime(instant: Date): { en: string; hi: string } {
  return { en: formats.en.format(instant), hi: formats.hi.format(instant) };
}
