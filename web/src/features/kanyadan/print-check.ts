/**
 * Whether a call to window.print() seems to have opened printing. Browsers do not say when they
 * block it, so this reads the signs, and can be wrong:
 * - print() throwing (a sandboxed frame without allow-modals, some in-app browsers) is a block;
 * - a `beforeprint` or `afterprint` event means printing started;
 * - on desktop browsers print() holds the page until the print dialog closes, so returning after a
 *   noticeable time means a dialog was open;
 * - returning at once with no event is unclear: Chrome does that when it ignores the call, but
 *   phone browsers open their print sheet after print() has returned. The caller then waits a moment
 *   for an event; if none comes, it shows how to print from the browser's menu — worded so it does
 *   no harm if printing did open after all.
 */
export type PrintVerdict = 'opened' | 'blocked' | 'unsure';

/** print() that returns sooner than this did not wait for a dialog. */
export const IMMEDIATE_RETURN_MS = 50;
/** How long to wait for a print event after an immediate return before offering help. */
export const PRINT_EVENT_GRACE_MS = 1500;
/** PRODUCT.md §11: printing opens 600 ms after the click. */
export const PRINT_DELAY_MS = 600;

export interface PrintAttempt {
  hasThrown: boolean;
  returnedAfterMs: number;
  hasPrintEvent: boolean;
}

export function judgePrint(attempt: PrintAttempt): PrintVerdict {
  if (attempt.hasThrown) return 'blocked';
  if (attempt.hasPrintEvent) return 'opened';
  if (attempt.returnedAfterMs >= IMMEDIATE_RETURN_MS) return 'opened';
  return 'unsure';
}

/** After the grace period: an unsure attempt that still saw no print event is treated as blocked. */
export function judgeAfterGrace(verdict: PrintVerdict, hasPrintEventSince: boolean): PrintVerdict {
  if (verdict !== 'unsure') return verdict;
  return hasPrintEventSince ? 'opened' : 'blocked';
}
