import type { Queryable } from '#server/db/db';
import { AppError } from '#server/errors/app-error';
import { ConcurrencyError } from '#server/event-store/event-store';
import { eventMetadata, type RequestMeta } from '#server/modules/identity/request-meta';
import type { Services } from '#server/services';
import { DEFAULT_SETTINGS } from './settings.defaults.ts';
import { ZSettingsSchema, type TSettings } from './settings.schema.ts';
import { SETTINGS_STREAM, type SettingsChanged } from './site.events.ts';

export const SETTINGS_CONFLICT = 'Someone else changed the settings meanwhile. Reload to see their changes.';

/**
 * The settings in force: defaults overlaid with what admins have set. A stored value that no longer
 * fits the schema (a rule tightened later) falls back to the default rather than breaking pages.
 */
export async function getSettings(db: Queryable): Promise<{ version: number; settings: TSettings }> {
  const [{ rows }, version] = await Promise.all([
    db.query<{ key: string; value: unknown }>(`SELECT key, value FROM site_settings`),
    db.query<{ version: number }>(`SELECT version FROM streams WHERE stream_id = $1`, [SETTINGS_STREAM]),
  ]);
  const settings: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  const shape = ZSettingsSchema.shape as Record<string, { safeParse(value: unknown): { success: boolean; data?: unknown } }>;
  for (const row of rows) {
    const field = shape[row.key];
    const parsed = field?.safeParse(row.value);
    if (parsed?.success) settings[row.key] = parsed.data;
  }
  return { version: version.rows[0]?.version ?? 0, settings: settings as TSettings };
}

/** Pure: only what differs from the current values becomes part of the event. */
export function decideSettingsChange(current: TSettings, changes: Partial<TSettings>, now: Date): SettingsChanged[] {
  const changed = Object.fromEntries(
    Object.entries(changes).filter(([key, value]) => JSON.stringify(current[key as keyof TSettings]) !== JSON.stringify(value)),
  ) as Partial<TSettings>;
  if (Object.keys(changed).length === 0) return [];
  return [{ type: 'SettingsChanged', data: { changes: changed, changedAt: now.toISOString() } }];
}

export async function updateSettings(
  services: Services,
  expectedVersion: number,
  changes: Partial<TSettings>,
  meta: RequestMeta,
): Promise<{ version: number; settings: TSettings }> {
  try {
    await services.eventStore.append(async (tx) => {
      const current = await getSettings(tx);
      if (current.version !== expectedVersion) throw new ConcurrencyError(SETTINGS_STREAM, expectedVersion, current.version);
      const events = decideSettingsChange(current.settings, changes, services.now());
      return [{ streamId: SETTINGS_STREAM, expected: expectedVersion === 0 ? 'no_stream' : expectedVersion, events }];
    }, eventMetadata(meta));
  } catch (error) {
    if (error instanceof ConcurrencyError) throw new AppError('CONFLICT', { userMessage: SETTINGS_CONFLICT, cause: error });
    throw error;
  }
  return getSettings(services.db);
}
