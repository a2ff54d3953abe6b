import { asyncProjectionProcessorName } from '#server/event-store/async-projections';
import type { TContentPage, TContentSlug } from '#server/modules/site/content/content.schema';
import type { TSettings } from '#server/modules/site/settings/settings.schema';
import { getContentPages, getSettings } from '#server/modules/site/site.api';
import type { Services } from '#server/services';
import type { TCounters } from './counters.schema.ts';
import { countersProjection } from './counters.projection.ts';
import { getCounters } from './counters.ts';
import type { TTransparency } from './transparency.schema.ts';
import { transparencyProjection } from './transparency.projection.ts';
import { getTransparency } from './transparency.ts';
import { storeWatermark } from '#server/event-store/queries';

export interface PublicSiteData {
  settings: TSettings;
  counters: TCounters;
  pages: Record<TContentSlug, TContentPage>;
  /** The date in India when it was read: the transparency chart's months end in its month. */
  today: string;
}

const cache = new WeakMap<Services, { position: number; projected: string; inProgress: readonly string[]; today: string; data: Promise<PublicSiteData> }>();

/** The site's read models kept by the worker (async): the counters and the transparency figures. */
const ASYNC_PROCESSORS = [countersProjection, transparencyProjection].map(asyncProjectionProcessorName);

const IST_OFFSET_MS = 330 * 60 * 1000;

/** The transactions in progress in a snapshot's text form, `xmin:xmax:xid,xid,...`. */
function transactionsInProgress(snapshot: string): string[] {
  const list = snapshot.split(':')[2] ?? '';
  return list === '' ? [] : list.split(',');
}

async function load(services: Services, today: string): Promise<PublicSiteData> {
  const { settings } = await getSettings(services.db);
  const [counters, pages] = await Promise.all([getCounters(services.db, settings), getContentPages(services.db, settings)]);
  return { settings, counters, pages, today };
}

/**
 * What the server renders public pages with: settings, counters and content. All of it derives from
 * events, so it is cached until the newest event's position moves (one index lookup per request):
 * an edit made through any server process shows on the next request.
 *
 * The position alone is not enough: a position is taken when a transaction inserts its event, not
 * when it commits, so a transaction still open can commit an event *below* the newest position seen.
 * Only transactions already in progress when the position was read can do that (any later insert
 * takes a higher position, which moves the newest), so the cache also ends once one of those has
 * finished. A new day in India ends it too (the transparency chart moves into a new month).
 *
 * The counters and the transparency figures are kept by the worker a moment after their events, not
 * with them: so the cache also ends when those projections' checkpoints move. Otherwise a page read
 * between an event and its projection would keep the figures from before it until the next event.
 */
export async function getPublicSiteData(services: Services): Promise<PublicSiteData> {
  const { position, snapshot, projected } = await storeWatermark(services.db, ASYNC_PROCESSORS);
  const inProgress = transactionsInProgress(snapshot);
  const today = new Date(services.now().getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
  const cached = cache.get(services);
  const isCurrent = cached && cached.position === position && cached.projected === projected && cached.today === today && cached.inProgress.every((xid) => inProgress.includes(xid));
  if (isCurrent) return cached.data;
  const data = load(services, today);
  cache.set(services, { position, projected, inProgress, today, data });
  data.catch(() => cache.delete(services));
  return data;
}

/** Pages of the transparency list kept per public data (the most asked for are the first few). */
const TRANSPARENCY_PAGES_KEPT = 20;
const transparencyCache = new WeakMap<PublicSiteData, Map<string, Promise<TTransparency>>>();

/**
 * The transparency page's data as of `data` (getPublicSiteData): read once per page while nothing
 * changes, since it too derives only from events. Bounded: the oldest page kept goes first.
 */
export function getPublicTransparency(services: Services, data: PublicSiteData, asked: { page: number; paidPage: number }): Promise<TTransparency> {
  const key = `${asked.page}:${asked.paidPage}`;
  let pages = transparencyCache.get(data);
  if (!pages) {
    pages = new Map();
    transparencyCache.set(data, pages);
  }
  const kept = pages.get(key);
  if (kept) return kept;
  const loaded = getTransparency(services.db, { today: data.today, fcraRegistrationNumber: data.settings.fcraRegistrationNumber, ...asked });
  pages.set(key, loaded);
  if (pages.size > TRANSPARENCY_PAGES_KEPT) pages.delete(pages.keys().next().value!);
  loaded.catch(() => pages.delete(key));
  return loaded;
}
