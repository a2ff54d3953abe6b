import type { Services } from '#server/services';
import type { TContentPage, TContentSlug } from './content.schema.ts';
import { getContentPages } from './content.ts';
import type { TCounters } from './counters.schema.ts';
import { getCounters } from './counters.ts';
import type { TSettings } from './settings.schema.ts';
import { getSettings } from './settings.ts';

export interface PublicSiteData {
  settings: TSettings;
  counters: TCounters;
  pages: Record<TContentSlug, TContentPage>;
}

const cache = new WeakMap<Services, { position: number; data: Promise<PublicSiteData> }>();

async function load(services: Services): Promise<PublicSiteData> {
  const { settings } = await getSettings(services.db);
  const [counters, pages] = await Promise.all([getCounters(services.db, settings), getContentPages(services.db, settings)]);
  return { settings, counters, pages };
}

/**
 * What the server renders public pages with: settings, counters and content. All of it derives from
 * events, so it is cached until the newest event's position moves (one index lookup per request):
 * an edit made through any server process shows on the next request.
 */
export async function getPublicSiteData(services: Services): Promise<PublicSiteData> {
  const { rows } = await services.db.query<{ position: number | null }>(`SELECT max(global_position) AS position FROM events`);
  const position = Number(rows[0]?.position ?? 0);
  const cached = cache.get(services);
  if (cached && cached.position === position) return cached.data;
  const data = load(services);
  cache.set(services, { position, data });
  data.catch(() => cache.delete(services));
  return data;
}
