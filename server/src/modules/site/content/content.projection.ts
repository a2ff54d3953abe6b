import type { Projection } from '#server/event-store/types';
import type { SiteEvent } from '../site.events.ts';

/** The current version of each content page. */
export const contentProjection: Projection<'content_pages', SiteEvent> = {
  name: 'content_pages',
  tables: ['content_pages'],
  handles: ['ContentPageSaved'],
  async apply(event, { tx, tables }) {
    if (event.type !== 'ContentPageSaved') return;
    const { data } = event;
    await tx.query(
      `INSERT INTO ${tables.content_pages} (slug, version, title_en, title_hi, body_en, body_hi, updated_by, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (slug) DO UPDATE SET version = EXCLUDED.version, title_en = EXCLUDED.title_en, title_hi = EXCLUDED.title_hi,
         body_en = EXCLUDED.body_en, body_hi = EXCLUDED.body_hi, updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at`,
      [data.slug, event.streamVersion, data.title.en, data.title.hi, data.body.en, data.body.hi, event.metadata.actor, data.savedAt],
    );
  },
};
