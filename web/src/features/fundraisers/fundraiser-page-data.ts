import type { TPublicFundraiser } from '@sahay/server/modules/fundraisers/fundraisers.schema';

/**
 * What the server reads for /fundraisers/:id (server/src/http/web-pages.ts) and renders it with:
 * the fundraiser asked for, null when there is none to show (unknown, not approved, refused).
 */
export interface FundraiserPageData {
  id: string;
  detail: TPublicFundraiser | null;
}

/** The same as the client keeps it, with the site's public address for the share links. */
export interface RenderedFundraiserData extends FundraiserPageData {
  origin: string;
}

// The fundraiser page's part of the data the server hands to the client with the HTML, declared
// beside it (as help-page-data.ts declares the help pages') so that only this feature knows its shape.
declare module '#web/features/site/site-data.public.tsx' {
  interface SiteData {
    /** On /fundraisers/:id: what the server rendered the page with. */
    fundraiser?: RenderedFundraiserData;
  }
}
