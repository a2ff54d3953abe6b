import type { TTransparency } from '@sahay/server/modules/site/transparency.schema';
import { useProcedureQuery } from '#web/api/use-procedure.ts';
import { useSiteData } from '#web/features/site/site-data.tsx';

/**
 * A page of /transparency: what the server rendered the page with when it is that page (no request
 * at all), else site.transparency.get — for a visitor who came by a link inside the app.
 */
export function useTransparency(page: number): { data: TTransparency | undefined; error: unknown; isLoading: boolean } {
  const rendered = useSiteData().transparency;
  const isRendered = rendered !== undefined && (rendered.gifts.page === page || (page > rendered.gifts.pageCount && rendered.gifts.page === rendered.gifts.pageCount));
  const asked = useProcedureQuery<TTransparency>('site.transparency.get', { page }, { enabled: !isRendered });
  return isRendered ? { data: rendered, error: null, isLoading: false } : asked;
}
