import type { TContentSlug } from '@sahay/server/modules/site/content/content.schema';
import { trpc } from '#web/api/trpc.ts';

/** site.content.get: the page's current version, title and Markdown in both languages. */
export function useContentForEdit(slug: TContentSlug) {
  return trpc.site.content.get.useQuery({ slug }, { staleTime: 0 });
}
