import type { Queryable } from '#server/db/db';
import type { TCounters } from './counters.schema.ts';
import type { TSettings } from '#server/modules/site/settings/settings.schema';
import { getSettings } from '#server/modules/site/site.api';

/**
 * Verified figures kept in site_counters by the features that produce them (donations verified,
 * help given, Kanyadan applications, ...): each adds its own handler to countersProjection.
 * The public counter is that figure plus the admin-set baseline for the years before the platform.
 */
export const COUNTER_NAMES = [
  'happyDonors',
  'fundsRaisedPaise',
  'ongoingCampaigns',
  'peopleHelped',
  'kanyadanGirls',
  'kanyadanFundsPaise',
  'kanyadanDistricts',
] as const satisfies readonly (keyof TCounters)[];

const BASELINE: Record<keyof TCounters, keyof TSettings> = {
  happyDonors: 'baselineHappyDonors',
  fundsRaisedPaise: 'baselineFundsRaisedPaise',
  ongoingCampaigns: 'baselineOngoingCampaigns',
  peopleHelped: 'baselinePeopleHelped',
  kanyadanGirls: 'baselineKanyadanGirls',
  kanyadanFundsPaise: 'baselineKanyadanFundsPaise',
  kanyadanDistricts: 'baselineKanyadanDistricts',
};

/** Pure: baseline plus verified figure, per counter. */
export function combineCounters(settings: TSettings, verified: Partial<Record<keyof TCounters, number>>): TCounters {
  return Object.fromEntries(COUNTER_NAMES.map((name) => [name, (settings[BASELINE[name]] as number) + (verified[name] ?? 0)])) as TCounters;
}

export async function getCounters(db: Queryable, settings?: TSettings): Promise<TCounters> {
  const [{ rows }, resolved] = await Promise.all([
    db.query<{ counter: keyof TCounters; value: number }>(`SELECT counter, value FROM site_counters`),
    settings ? Promise.resolve(settings) : getSettings(db).then((result) => result.settings),
  ]);
  return combineCounters(resolved, Object.fromEntries(rows.map((row) => [row.counter, Number(row.value)])));
}
