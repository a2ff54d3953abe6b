import type { THelpList, TPublicHelpRequestDetail } from '@sahay/server/modules/help/help.schema';

/**
 * What the server reads for a help page (server/src/http/web-pages.ts) and renders it with: on
 * /help the page of the list asked for; on /help/:id the request, null when there is none to show
 * (unknown, or not published), with the ID that was asked for.
 */
export interface HelpPageData {
  list?: THelpList;
  request?: { id: string; detail: TPublicHelpRequestDetail | null };
}

/** The same as the client keeps it, with the site's public address for the share links. */
export interface RenderedHelpData extends HelpPageData {
  origin: string;
}

// The help pages' part of the data the server hands to the client with the HTML, declared beside
// them (as site-data.public.tsx declares /transparency's) so that only this feature knows its shape.
declare module '#web/features/site/site-data.public.tsx' {
  interface SiteData {
    /** On /help and /help/:id: what the server rendered the page with. */
    help?: RenderedHelpData;
  }
}
