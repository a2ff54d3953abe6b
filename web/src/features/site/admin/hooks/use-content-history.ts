import type { TContentSlug } from '@sahay/server/modules/site/content/content.schema';
import { trpc } from '#web/api/trpc.ts';

/** site.content.getHistory: every saved version, newest first, with who saved it and when. */
export function useContentHistory(slug: TContentSlug) {
  return trpc.site.content.getHistory.useQuery({ slug }, { staleTime: 0 });
}
