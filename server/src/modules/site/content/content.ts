import type { Queryable } from '#server/db/db';
import { AppError } from '#server/errors/app-error';
import { handleCommand } from '#server/event-store/command-handler';
import type { RecordedEvent } from '#server/event-store/types';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import type { Services } from '#server/services';
import { CONTENT_SLUGS, type TContentPage, type TContentSlug } from './content.schema.ts';
import { fillPlaceholders, renderMarkdown } from './markdown.ts';
import { SEED_CONTENT } from './seed-content.ts';
import type { TSettings } from '../settings/settings.schema.ts';
import { getSettings } from '../settings/settings.ts';
import { contentStreamId, type ContentPageSaved } from '../site.events.ts';
import { contentStream, decideSaveContent, decideSavePage, decideSeedPage, CONTENT_CONFLICT, type Draft } from './content.decider.ts';

export const CONTENT_NOT_FOUND = 'This page has no such version.';

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

async function save(services: Services, slug: TContentSlug, expectedVersion: number, event: ContentPageSaved, meta: RequestMeta): Promise<TContentPage> {
  await handleCommand(services, {
    stream: contentStream,
    id: slug,
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

/** Records the seed text of every page that has none yet; safe to run from several processes at once. */
export async function seedContent(services: Services): Promise<void> {
  for (const slug of CONTENT_SLUGS) {
    await handleCommand(services, {
      stream: contentStream,
      id: slug,
      decide: (state) => decideSeedPage({ slug, now: services.now() }, state),
      metadata: { actor: 'system', correlationId: `seed-${slug}` },
    });
  }
}
