import type { TTransparency } from '@sahay/server/modules/transparency/transparency.schema';
import { useProcedureQuery } from '#web/api/use-procedure.ts';
import { useSiteData } from '#web/features/site/site-data.public.tsx';

/**
 * A page of /transparency: what the server rendered the page with when it is that page (no request
 * at all), else transparency.report.get — for a visitor who came by a link inside the app.
 */
export function useTransparency(page: number, paidPage: number): { data: TTransparency | undefined; error: unknown; isLoading: boolean } {
  const rendered = useSiteData().transparency;
  // The page shown for an asked page: itself, or the last when it asked past the end.
  const shows = (list: { page: number; pageCount: number }, asked: number) => list.page === asked || (asked > list.pageCount && list.page === list.pageCount);
  const isRendered = rendered !== undefined && shows(rendered.gifts, page) && shows(rendered.payments, paidPage);
  const asked = useProcedureQuery('transparency.report.get', { page, paidPage }, { enabled: !isRendered });
  return isRendered ? { data: rendered, error: null, isLoading: false } : asked;
}
