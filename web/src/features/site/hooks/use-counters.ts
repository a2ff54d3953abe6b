import { useEffect } from 'react';
import type { TCounters } from '@sahay/server/modules/transparency/counters.schema';
import { queryProcedure } from '#web/api/procedure-fetch.ts';
import { useSiteData, useSiteDataStore } from '../site-data.public.tsx';

/**
 * transparency.counters.get: the live counters the page was rendered with, asked for again every
 * `refreshMs` while the page is open (PRODUCT.md §3: the Kanyadan page, every 10 minutes). A
 * failed refresh keeps the figures shown; the next one tries again.
 */
export function useCounters(refreshMs?: number): TCounters {
  const store = useSiteDataStore();
  useEffect(() => {
    if (!refreshMs) return;
    const controller = new AbortController();
    const timer = setInterval(() => {
      queryProcedure('transparency.counters.get', undefined, controller.signal).then(
        (counters) => store.setCounters(counters),
        () => undefined,
      );
    }, refreshMs);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [store, refreshMs]);
  return useSiteData().counters;
}
