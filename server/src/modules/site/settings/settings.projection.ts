import type { Projection } from '#server/event-store/types';
import type { SiteEvent } from '../site.events.ts';

/** One row per setting an admin has set, with who set it last. */
export const settingsProjection: Projection<'site_settings', SiteEvent> = {
  name: 'site_settings',
  tables: ['site_settings'],
  handles: ['SettingsChanged'],
  async apply(event, { tx, tables }) {
    if (event.type !== 'SettingsChanged') return;
    const entries = Object.entries(event.data.changes);
    if (entries.length === 0) return;
    await tx.query(
      `INSERT INTO ${tables.site_settings} (key, value, updated_by, updated_at)
       SELECT key, value::jsonb, $3, $4 FROM unnest($1::text[], $2::text[]) AS u(key, value)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at`,
      [entries.map(([key]) => key), entries.map(([, value]) => JSON.stringify(value)), event.metadata.actor, event.data.changedAt],
    );
  },
};
