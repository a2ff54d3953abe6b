import { use } from 'react';
import type { TContentSlug } from '@sahay/server/modules/site/content/content.schema';
import { queryProcedure } from '#web/api/procedure-fetch.ts';
import { useSiteData, useSiteDataStore, type PublicContentPage, type SiteDataStore } from '../site-data.public.tsx';

const loading = new Map<TContentSlug, Promise<void>>();

function loadInto(store: SiteDataStore, slug: TContentSlug): Promise<void> {
  let promise = loading.get(slug);
  if (!promise) {
    promise = queryProcedure('site.content.get', { slug }).then((page) => store.setPage(page));
    // Failed: the error page's Retry asks again.
    promise.catch(() => loading.delete(slug));
    loading.set(slug, promise);
  }
  return promise;
}

/**
 * site.content.get: the page the server rendered came with the HTML; one reached by an in-app link
 * is fetched once (the page suspends meanwhile).
 */
export function useContentPage(slug: TContentSlug): PublicContentPage {
  const store = useSiteDataStore();
  const page = useSiteData().pages[slug];
  if (page) return page;
  use(loadInto(store, slug));
  return store.get().pages[slug] as PublicContentPage;
}
