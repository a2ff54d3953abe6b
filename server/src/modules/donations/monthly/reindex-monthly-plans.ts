import { findEvents } from '#server/event-store/queries';
import type { ReindexContext } from '#server/event-store/types';
import { contactKeysOf, donorKeyOf } from '../donor-keys.ts';
import type { DonorDetails } from '../donations.events.ts';
import type { MonthlyPlanStarted } from './monthly-plans.events.ts';

/**
 * After a blind-index key change (decision 019): every plan's donor and contact keys, computed again
 * from the sealed donor under the current key, as the projection computes them. An erased plan's
 * donor cannot be revealed, and its row holds no keys already.
 */
export async function reindexMonthlyPlans({ tx, reveal, blindIndex }: Pick<ReindexContext, 'tx' | 'reveal' | 'blindIndex'>): Promise<number> {
  let reindexed = 0;
  for (const event of await findEvents(tx, { types: ['MonthlyPlanStarted'] })) {
    const data = event.data as MonthlyPlanStarted['data'];
    const donor = await reveal<DonorDetails>(data.donor);
    if (!donor) continue;
    const { rowCount } = await tx.query(`UPDATE monthly_plans SET donor_key = $2, contact_keys = $3 WHERE plan_id = $1 AND NOT is_erased`, [
      data.planId,
      donorKeyOf(blindIndex, donor),
      contactKeysOf(blindIndex, donor),
    ]);
    reindexed += rowCount ?? 0;
  }
  return reindexed;
}
