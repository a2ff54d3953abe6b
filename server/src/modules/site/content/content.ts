import type { Queryable } from '#server/db/db';
import { AppError } from '#server/errors/app-error';
import { handleCommand } from '#server/event-store/command-handler';
import type { Recorded, RecordedEvent } from '#server/event-store/types';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import type { Services } from '#server/services';
import { CONTENT_SLUGS, type TContentPage, type TContentSlug } from './content.schema.ts';
import { fillPlaceholders, renderMarkdown } from './markdown.ts';
import { SEED_CONTENT } from './seed-content.ts';
import type { TSettings } from '../settings/settings.schema.ts';
import { getSettings } from '../settings/settings.ts';
import { contentStreamId, type ContentPageSaved, type SiteEvent } from '../site.events.ts';

export const CONTENT_CONFLICT = 'Someone else saved this page meanwhile. Reload to see their version.';
export const CONTENT_NOT_FOUND = 'This page has no such version.';

interface Draft {
  title: { en: string; hi: string };
  body: { en: string; hi: string };
}

function toPage(slug: TContentSlug, version: number, draft: Draft, updatedAt: Date | string, updatedBy: string, settings: TSettings): TContentPage {
  return {
    slug,
    version,
    title: draft.title,
    body: draft.body,
    html: {
      en: renderMarkdown(fillPlaceholders(draft.body.en, settings, 'en')),
      hi: renderMarkdown(fillPlaceholders(draft.body.hi, settings, 'hi')),
    },
    updatedAt: new Date(updatedAt).toISOString(),
    updatedBy,
  };
}

interface PageRow {
  slug: TContentSlug;
  version: number;
  title_en: string;
  title_hi: string;
  body_en: string;
  body_hi: string;
  updated_by: string;
  updated_at: Date;
}

export async function getContentPages(db: Queryable, settings?: TSettings): Promise<Record<TContentSlug, TContentPage>> {
  const [{ rows }, resolved] = await Promise.all([
    db.query<PageRow>(`SELECT slug, version, title_en, title_hi, body_en, body_hi, updated_by, updated_at FROM content_pages`),
    settings ? Promise.resolve(settings) : getSettings(db).then((result) => result.settings),
  ]);
  const pages = {} as Record<TContentSlug, TContentPage>;
  for (const slug of CONTENT_SLUGS) {
    const row = rows.find((candidate) => candidate.slug === slug);
    // Before the seed has run (a brand-new database) the seed text itself is shown, as version 0.
    pages[slug] = row
      ? toPage(slug, row.version, { title: { en: row.title_en, hi: row.title_hi }, body: { en: row.body_en, hi: row.body_hi } }, row.updated_at, row.updated_by, resolved)
      : { ...toPage(slug, 1, SEED_CONTENT[slug], new Date(0), 'system', resolved), version: 0 };
  }
  return pages;
}

export async function getContentPage(db: Queryable, slug: TContentSlug): Promise<TContentPage> {
  return (await getContentPages(db))[slug];
}

/** Pure: a save is recorded as the full text, so any version can be shown or restored on its own. */
export function decideSaveContent(slug: TContentSlug, draft: Draft, now: Date, restoredFromVersion: number | null = null): ContentPageSaved {
  return { type: 'ContentPageSaved', data: { slug, title: draft.title, body: draft.body, restoredFromVersion, savedAt: now.toISOString() } };
}

/** A page's stream folded to what saving needs: how many versions it has. */
export interface ContentState {
  version: number;
}

export const noContent: ContentState = { version: 0 };

export function evolveContent(state: ContentState, event: Recorded<SiteEvent>): ContentState {
  switch (event.type) {
    case 'ContentPageSaved':
      return { version: event.streamVersion };
    case 'SettingsChanged':
    case 'ContactMessageReceived':
    case 'ContactMessageHandled':
      return state;
    default: {
      const _unknown: never = event;
      return state;
    }
  }
}

/** Pure: a save over the version the editor loaded; someone else's save since is a conflict, never overwritten. */
export function decideSavePage(command: { event: ContentPageSaved; expectedVersion: number }, state: ContentState): ContentPageSaved[] {
  if (state.version !== command.expectedVersion) throw new AppError('CONFLICT', { userMessage: CONTENT_CONFLICT });
  return [command.event];
}

async function save(services: Services, slug: TContentSlug, expectedVersion: number, event: ContentPageSaved, meta: RequestMeta): Promise<TContentPage> {
  await handleCommand(services, {
    streamId: contentStreamId(slug),
    evolve: evolveContent,
    initialState: noContent,
    decide: (state) => decideSavePage({ event, expectedVersion }, state),
    metadata: eventMetadata(meta),
    conflictMessage: CONTENT_CONFLICT,
  });
  return getContentPage(services.db, slug);
}

export function updateContentPage(services: Services, slug: TContentSlug, expectedVersion: number, draft: Draft, meta: RequestMeta) {
  return save(services, slug, expectedVersion, decideSaveContent(slug, draft, services.now()), meta);
}

function savedEvents(events: readonly RecordedEvent[]) {
  return events.filter((event): event is RecordedEvent<'ContentPageSaved', ContentPageSaved['data']> => event.type === 'ContentPageSaved');
}

export async function getContentHistory(services: Services, slug: TContentSlug) {
  const events = savedEvents(await services.eventStore.readStream(contentStreamId(slug)));
  return events
    .map((event) => ({
      version: event.streamVersion,
      title: event.data.title,
      updatedAt: event.recordedAt.toISOString(),
      updatedBy: event.metadata.actor,
      restoredFromVersion: event.data.restoredFromVersion,
    }))
    .reverse();
}

export async function getContentVersion(services: Services, slug: TContentSlug, version: number): Promise<TContentPage> {
  const event = savedEvents(await services.eventStore.readStream(contentStreamId(slug))).find((candidate) => candidate.streamVersion === version);
  if (!event) throw new AppError('NOT_FOUND', { userMessage: CONTENT_NOT_FOUND });
  const { settings } = await getSettings(services.db);
  return toPage(slug, version, event.data, event.recordedAt, event.metadata.actor, settings);
}

/** Restoring an old version records it again as the newest: history is never rewritten. */
export async function restoreContentVersion(services: Services, slug: TContentSlug, version: number, expectedVersion: number, meta: RequestMeta) {
  const old = await getContentVersion(services, slug, version);
  return save(services, slug, expectedVersion, decideSaveContent(slug, old, services.now(), version), meta);
}

/** Pure: a page's seed text, only while it has no version; another process seeding at the same time finds it done. */
export function decideSeedPage(command: { slug: TContentSlug; now: Date }, state: ContentState): ContentPageSaved[] {
  return state.version === 0 ? [decideSaveContent(command.slug, SEED_CONTENT[command.slug], command.now)] : [];
}

/** Records the seed text of every page that has none yet; safe to run from several processes at once. */
export async function seedContent(services: Services): Promise<void> {
  for (const slug of CONTENT_SLUGS) {
    await handleCommand(services, {
      streamId: contentStreamId(slug),
      evolve: evolveContent,
      initialState: noContent,
      decide: (state) => decideSeedPage({ slug, now: services.now() }, state),
      metadata: { actor: 'system', correlationId: `seed-${slug}` },
    });
  }
}
