import type { Queryable } from '#server/db/db';
import { handleCommand } from '#server/event-store/command-handler';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import type { Services } from '#server/services';
import { DEFAULT_SETTINGS } from './settings.defaults.ts';
import { decideSettingsChange, SETTINGS_CONFLICT } from './settings.decider.ts';
import { isMoneySetting, ZSettingsSchema, type TMoneySettingKey, type TSettings } from './settings.schema.ts';
import { SETTINGS_STREAM } from '../site.events.ts';
import { findEvents, streamVersionSql } from '#server/event-store/queries';

/**
 * The settings in force: defaults overlaid with what admins have set. A stored value that no longer
 * fits the schema (a rule tightened later) falls back to the default rather than breaking pages.
 */
export async function getSettings(db: Queryable): Promise<{ version: number; settings: TSettings }> {
  // One statement: the rows and the stream version they reflect come from one snapshot.
  const { rows } = await db.query<{ key: string | null; value: unknown; version: number | null }>(
    `SELECT st.key, st.value, ${streamVersionSql('$1')} AS version
     FROM (SELECT 1) AS one LEFT JOIN site_settings st ON true`,
    [SETTINGS_STREAM],
  );
  const settings: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  const shape = ZSettingsSchema.shape as Record<string, { safeParse(value: unknown): { success: boolean; data?: unknown } }>;
  for (const row of rows) {
    if (row.key === null) continue;
    const field = shape[row.key];
    const parsed = field?.safeParse(row.value);
    if (parsed?.success) settings[row.key] = parsed.data;
  }
  return { version: rows[0]?.version ?? 0, settings: settings as TSettings };
}

export async function updateSettings(
  services: Services,
  by: { mayChangeMoney: boolean; mayChangeOther: boolean },
  expectedVersion: number,
  changes: Partial<TSettings>,
  meta: RequestMeta,
): Promise<{ version: number; settings: TSettings }> {
  const now = services.now();
  const { mayChangeMoney, mayChangeOther } = by;
  await handleCommand(services, {
    async read(tx) {
      const state = await getSettings(tx);
      return { state, versions: { [SETTINGS_STREAM]: state.version === 0 ? null : state.version } };
    },
    decide: (state) => [{ streamId: SETTINGS_STREAM, events: decideSettingsChange({ expectedVersion, changes, now, mayChangeMoney, mayChangeOther }, state) }],
    metadata: eventMetadata(meta),
    conflictMessage: SETTINGS_CONFLICT,
  });
  return getSettings(services.db);
}

/**
 * The changes to where money goes recorded since `since`, newest first: who, when, which settings
 * (not their values: the dashboard shows that they changed to every admin; the values are on the
 * settings page and in the mail to finance).
 */
export async function recentMoneySettingChanges(db: Queryable, since: Date): Promise<Array<{ at: string; actor: string; fields: TMoneySettingKey[] }>> {
  const events = await findEvents(db, { streamId: SETTINGS_STREAM, types: ['SettingsChanged'], recordedFrom: since, newestFirst: true });
  return events
    .map((event) => ({ at: new Date(event.recordedAt).toISOString(), actor: event.metadata.actor, fields: Object.keys((event.data.changes ?? {}) as object).filter(isMoneySetting) }))
    .filter((change) => change.fields.length > 0);
}
