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

const cache = new WeakMap<Services, { position: number; inProgress: readonly string[]; data: Promise<PublicSiteData> }>();

/** The transactions in progress in a snapshot's text form, `xmin:xmax:xid,xid,...`. */
function transactionsInProgress(snapshot: string): string[] {
  const list = snapshot.split(':')[2] ?? '';
  return list === '' ? [] : list.split(',');
}

async function load(services: Services): Promise<PublicSiteData> {
  const { settings } = await getSettings(services.db);
  const [counters, pages] = await Promise.all([getCounters(services.db, settings), getContentPages(services.db, settings)]);
  return { settings, counters, pages };
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
 * finished.
 */
export async function getPublicSiteData(services: Services): Promise<PublicSiteData> {
  const { rows } = await services.db.query<{ position: number | null; snapshot: string }>(
    `SELECT max(global_position) AS position, pg_current_snapshot()::text AS snapshot FROM events`,
  );
  const position = Number(rows[0]?.position ?? 0);
  const inProgress = transactionsInProgress(rows[0]?.snapshot ?? '');
  const cached = cache.get(services);
  if (cached && cached.position === position && cached.inProgress.every((xid) => inProgress.includes(xid))) return cached.data;
  const data = load(services);
  cache.set(services, { position, inProgress, data });
  data.catch(() => cache.delete(services));
  return data;
}
