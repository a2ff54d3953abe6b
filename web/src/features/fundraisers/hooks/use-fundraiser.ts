import type { TPublicFundraiser } from '@sahay/server/modules/fundraisers/fundraisers.schema';
import { httpStatusOf } from '#web/api/errors.ts';
import { useProcedureQuery } from '#web/api/use-procedure.ts';
import { useSiteData } from '#web/features/site/site-data.public.tsx';
// SiteData.fundraiser is declared there.
import type {} from '../fundraiser-page-data.ts';

export interface FundraiserResult {
  data: TPublicFundraiser | undefined;
  /** No such fundraiser to show: unknown, not approved, or not an ID at all. */
  isNotFound: boolean;
  error: unknown;
}

/** /fundraisers/:id: the fundraiser the server rendered the page with when it is this one, else fundraisers.get. */
export function useFundraiser(id: string): FundraiserResult {
  const wanted = id.trim().toUpperCase();
  const rendered = useSiteData().fundraiser;
  const isRendered = rendered !== undefined && rendered.id.trim().toUpperCase() === wanted;
  const asked = useProcedureQuery('fundraisers.get', { id: wanted }, { enabled: !isRendered });
  if (isRendered) return { data: rendered.detail ?? undefined, isNotFound: rendered.detail === null, error: null };
  const status = httpStatusOf(asked.error);
  const isNotFound = status === 400 || status === 404;
  return { data: asked.data, isNotFound, error: isNotFound ? null : asked.error };
}

/** The site's address for share links: as the server knows it, else the one the browser is on. */
export function useFundraiserOrigin(): string {
  const origin = useSiteData().fundraiser?.origin;
  if (origin !== undefined) return origin;
  return typeof window === 'undefined' ? '' : window.location.origin;
}
