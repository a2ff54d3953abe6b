import { useEffect, useRef, useState } from 'react';
import { judgeAfterGrace, judgePrint, PRINT_DELAY_MS, PRINT_EVENT_GRACE_MS, type PrintVerdict } from '../print-check.ts';

export type PrintPhase = 'idle' | 'waiting' | 'blocked';

/**
 * The receipt's Print button: printing opens 600 ms after the click (PRODUCT.md §11, time for the
 * button's own feedback to show), and when it seems blocked the page says how to print instead.
 * See print-check.ts for how "seems blocked" is judged, and why it can only be a guess.
 */
export function usePrint() {
  const [phase, setPhase] = useState<PrintPhase>('idle');
  const timersRef = useRef<Array<ReturnType<typeof setTimeout>>>([]);
  const cleanupRef = useRef<(() => void) | null>(null);

  useEffect(
    () => () => {
      for (const timer of timersRef.current) clearTimeout(timer);
      cleanupRef.current?.();
    },
    [],
  );

  function later(run: () => void, ms: number) {
    timersRef.current.push(setTimeout(run, ms));
  }

  function print(): void {
    cleanupRef.current?.();
    setPhase('waiting');
    later(() => {
      let hasPrintEvent = false;
      const onPrintEvent = () => {
        hasPrintEvent = true;
      };
      window.addEventListener('beforeprint', onPrintEvent);
      window.addEventListener('afterprint', onPrintEvent);
      const stopListening = () => {
        window.removeEventListener('beforeprint', onPrintEvent);
        window.removeEventListener('afterprint', onPrintEvent);
      };
      cleanupRef.current = stopListening;
      const startedAt = performance.now();
      let hasThrown = false;
      try {
        window.print();
      } catch {
        hasThrown = true;
      }
      const verdict = judgePrint({ hasThrown, returnedAfterMs: performance.now() - startedAt, hasPrintEvent });
      const settle = (final: PrintVerdict) => {
        stopListening();
        cleanupRef.current = null;
        setPhase(final === 'blocked' ? 'blocked' : 'idle');
      };
      if (verdict !== 'unsure') settle(verdict);
      else later(() => settle(judgeAfterGrace(verdict, hasPrintEvent)), PRINT_EVENT_GRACE_MS);
    }, PRINT_DELAY_MS);
  }

  return { phase, print };
}
