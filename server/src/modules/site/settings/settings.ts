import { isDeepStrictEqual } from 'node:util';
import type { Queryable } from '#server/db/db';
import { AppError } from '#server/errors/app-error';
import { handleCommand } from '#server/event-store/command-handler';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import type { Services } from '#server/services';
import { DEFAULT_SETTINGS } from './settings.defaults.ts';
import { isMoneySetting, MONEY_SETTINGS_FINANCE_ONLY, ZSettingsSchema, type TMoneySettingKey, type TSettings } from './settings.schema.ts';
import { SETTINGS_STREAM, type SettingsChanged } from '../site.events.ts';
import { findEvents, streamVersionSql } from '#server/event-store/queries';

export const SETTINGS_CONFLICT = 'Someone else changed the settings meanwhile. Reload to see their changes.';

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

/**
 * Pure: only what differs from the current values becomes part of the event. The admin saved over
 * `expectedVersion`; if someone else saved since, the save is refused, never merged silently. A
 * change to where money goes (MONEY_SETTINGS) is refused, whole, to an admin without finance; the
 * same value sent again is no change, so a form that sends every field still saves the others.
 */
export function decideSettingsChange(
  command: { expectedVersion: number; changes: Partial<TSettings>; now: Date; mayChangeMoney: boolean },
  state: { version: number; settings: TSettings },
): SettingsChanged[] {
  if (state.version !== command.expectedVersion) throw new AppError('CONFLICT', { userMessage: SETTINGS_CONFLICT });
  const current = state.settings;
  const changed = Object.fromEntries(
    Object.entries(command.changes).filter(([key, value]) => !isDeepStrictEqual(current[key as keyof TSettings], value)),
  ) as Partial<TSettings>;
  if (!command.mayChangeMoney && Object.keys(changed).some(isMoneySetting)) throw new AppError('FORBIDDEN', { userMessage: MONEY_SETTINGS_FINANCE_ONLY });
  if (Object.keys(changed).length === 0) return [];
  return [{ type: 'SettingsChanged', data: { changes: changed, changedAt: command.now.toISOString() } }];
}

export async function updateSettings(
  services: Services,
  by: { mayChangeMoney: boolean },
  expectedVersion: number,
  changes: Partial<TSettings>,
  meta: RequestMeta,
): Promise<{ version: number; settings: TSettings }> {
  const now = services.now();
  const { mayChangeMoney } = by;
  await handleCommand(services, {
    async read(tx) {
      const state = await getSettings(tx);
      return { state, versions: { [SETTINGS_STREAM]: state.version === 0 ? null : state.version } };
    },
    decide: (state) => [{ streamId: SETTINGS_STREAM, events: decideSettingsChange({ expectedVersion, changes, now, mayChangeMoney }, state) }],
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
