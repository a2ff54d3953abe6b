import { useSiteData } from '#web/features/site/site-data.public.tsx';

/** What the server hands /kanyadanRegistration with its HTML: the site's public address (PUBLIC_URL). */
export interface RenderedKanyadanData {
  origin: string;
}

// Declared beside the feature, as the help pages declare theirs (help-page-data.ts).
declare module '#web/features/site/site-data.public.tsx' {
  interface SiteData {
    /** On /kanyadanRegistration: the address the printed acknowledgement names (issue 32). */
    kanyadan?: RenderedKanyadanData;
  }
}

/** The site's address as configured (PUBLIC_URL), else the one the browser is on. */
export function useKanyadanOrigin(): string {
  const origin = useSiteData().kanyadan?.origin;
  if (origin !== undefined) return origin;
  return typeof window === 'undefined' ? '' : window.location.origin;
}
