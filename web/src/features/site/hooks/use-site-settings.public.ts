import { useSiteData, type PublicSettings } from '../site-data.public.tsx';

/** The foundation's public settings, as the server rendered the page with them. */
export function useSiteSettings(): PublicSettings {
  return useSiteData().settings;
}
