/**
 * Core Web Vitals of this visit (PRODUCT.md §9), for the admin dashboard's 75th percentiles:
 * largest contentful paint, interaction to next paint and cumulative layout shift, measured with the
 * browser's own performance entries (buffered, so what happened before this code arrived counts)
 * and sent once with sendBeacon as the visitor leaves or hides the page. Only the page's route
 * pattern goes with them — no address, no user, nothing else.
 */
interface LayoutShift extends PerformanceEntry {
  value: number;
  hadRecentInput: boolean;
}
interface EventTiming extends PerformanceEntry {
  interactionId?: number;
}

function observe(type: string, onEntry: (entry: PerformanceEntry) => void, options: Record<string, unknown> = {}): void {
  if (!PerformanceObserver.supportedEntryTypes?.includes(type)) return;
  new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({ type, buffered: true, ...options } as PerformanceObserverInit);
}

export function reportWebVitals(page: string): void {
  if (typeof PerformanceObserver === 'undefined' || typeof navigator.sendBeacon !== 'function') return;
  let lcp: number | null = null;
  observe('largest-contentful-paint', (entry) => {
    lcp = Math.round(entry.startTime);
  });

  // CLS: the largest burst of shifts (each under 1 s after the last, at most 5 s long), as Chrome defines it.
  let cls: number | null = PerformanceObserver.supportedEntryTypes?.includes('layout-shift') ? 0 : null;
  let burst = 0;
  let burstStart = 0;
  let lastShift = 0;
  observe('layout-shift', (entry) => {
    const shift = entry as LayoutShift;
    if (shift.hadRecentInput) return;
    if (burst > 0 && shift.startTime - lastShift < 1000 && shift.startTime - burstStart < 5000) burst += shift.value;
    else {
      burst = shift.value;
      burstStart = shift.startTime;
    }
    lastShift = shift.startTime;
    cls = Math.max(cls ?? 0, burst);
  });

  // INP: the slowest interaction (the 98th percentile only differs past 50 interactions).
  let inp: number | null = null;
  observe(
    'event',
    (entry) => {
      if ((entry as EventTiming).interactionId) inp = Math.max(inp ?? 0, Math.round(entry.duration));
    },
    { durationThreshold: 16 },
  );

  // Past two minutes a figure says more about the visit (a page left in the background) than the
  // page; the server takes nothing longer, and one such figure must not lose the others.
  const plausible = (milliseconds: number | null) => (milliseconds !== null && milliseconds <= 120_000 ? milliseconds : null);

  // Sent once, the first time the page is hidden or left: what happens after a tab switch is not
  // counted, and the page name is the one the visit landed on (docs/decisions/014).
  let isSent = false;
  const send = () => {
    if (isSent || (lcp === null && inp === null && cls === null)) return;
    isSent = true;
    const body = JSON.stringify({ page, lcp: plausible(lcp), inp: plausible(inp), cls: cls === null ? null : Math.min(100, Number((cls as number).toFixed(4))) });
    navigator.sendBeacon('/api/vitals', new Blob([body], { type: 'application/json' }));
  };
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') send();
  });
  addEventListener('pagehide', send);
}
