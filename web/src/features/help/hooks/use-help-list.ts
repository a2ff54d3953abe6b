import type { THelpList } from '@sahay/server/modules/help/help.schema';
import { useProcedureQuery } from '#web/api/use-procedure.ts';
import { useSiteData } from '#web/features/site/site-data.public.tsx';
// SiteData.help is declared there.
import type {} from '../help-page-data.ts';
import { categoryOf } from '../help-request-text.ts';

/**
 * A page of /help: what the server rendered the page with when it is that page (no request at
 * all), else help.list — for a visitor who came by a link inside the app (a filter, the next page).
 */
export function useHelpList(cause: string | undefined, page: number): { data: THelpList | undefined; error: unknown; isLoading: boolean } {
  const rendered = useSiteData().help?.list;
  const isRendered =
    rendered !== undefined &&
    rendered.category === categoryOf(cause) &&
    (rendered.page === page || (page > rendered.pageCount && rendered.page === Math.max(1, rendered.pageCount)));
  const asked = useProcedureQuery('help.list', cause === undefined ? { page } : { cause, page }, { enabled: !isRendered });
  return isRendered ? { data: rendered, error: null, isLoading: false } : asked;
}
