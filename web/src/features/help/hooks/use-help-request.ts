import type { TPublicHelpRequestDetail } from '@sahay/server/modules/help/help.schema';
import { httpStatusOf } from '#web/api/errors.ts';
import { useProcedureQuery } from '#web/api/use-procedure.ts';
import { useSiteData } from '#web/features/site/site-data.public.tsx';
// SiteData.help is declared there.
import type {} from '../help-page-data.ts';

export interface HelpRequestResult {
  data: TPublicHelpRequestDetail | undefined;
  /** No such request to show: unknown, not published, or not an ID at all. */
  isNotFound: boolean;
  error: unknown;
  isLoading: boolean;
}

/**
 * /help/:id: the request the server rendered the page with (or found missing) when it is this one,
 * else help.get — for a visitor who came by a link inside the app.
 */
export function useHelpRequest(id: string): HelpRequestResult {
  const wanted = id.trim().toUpperCase();
  const rendered = useSiteData().help?.request;
  const isRendered = rendered !== undefined && rendered.id.trim().toUpperCase() === wanted;
  const asked = useProcedureQuery('help.get', { id: wanted }, { enabled: !isRendered });
  if (isRendered) return { data: rendered.detail ?? undefined, isNotFound: rendered.detail === null, error: null, isLoading: false };
  // 400: not an ID (the procedure checks its form); 404: none published under it.
  const status = httpStatusOf(asked.error);
  const isNotFound = status === 400 || status === 404;
  return { data: asked.data, isNotFound, error: isNotFound ? null : asked.error, isLoading: asked.isLoading };
}

/** The site's address for share links: as the server knows it, else the one the browser is on. */
export function useSiteOrigin(): string {
  const origin = useSiteData().help?.origin;
  if (origin !== undefined) return origin;
  return typeof window === 'undefined' ? '' : window.location.origin;
}
