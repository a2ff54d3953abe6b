import type { TContentSlug } from '@sahay/server/modules/site/content/content.schema';
import { trpc } from '#web/api/trpc.ts';

/** site.content.getVersion: an old version as it was saved, rendered by the server. */
export function useContentVersion(slug: TContentSlug, version: number | null) {
  return trpc.site.content.getVersion.useQuery({ slug, version: version ?? 1 }, { enabled: version !== null, staleTime: Infinity });
}
