import type { Queryable } from '#server/db/db';
import type { Projection } from '#server/event-store/types';
import type { DonationCancelled, DonationVerified } from '#server/modules/donations/donations.api';
import type { DirectGiftConfirmed, DirectGiftDecided } from '#server/modules/help/help.api';

/**
 * Each member's verified giving and the funds raised through their link, which the impact cards and
 * the recognition tier read. A verified donation credits the member who gave it (signed in) with
 * its amount, and the member whose referral ID it carried with the same amount raised; a
 * cancellation takes both back. The amounts are copied into both events, so no pledge is read.
 * A direct gift to a help request's beneficiary counts as its giver's verified giving once the
 * beneficiary confirms it (or staff decide it was received).
 */
export const memberImpactProjection: Projection<'member_impact', DonationVerified | DonationCancelled | DirectGiftConfirmed | DirectGiftDecided> = {
  name: 'member_impact',
  tables: ['member_impact'],
  handles: ['DonationVerified', 'DonationCancelled', 'DirectGiftConfirmed', 'DirectGiftDecided'],
  async apply(event, { tx, tables }) {
    if (event.type === 'DirectGiftConfirmed' || event.type === 'DirectGiftDecided') {
      if (event.type === 'DirectGiftDecided' && event.data.decision !== 'received') return;
      await addImpact(tx, tables.member_impact, event.data.giverId, 'verified_giving_paise', event.data.amountPaise);
      return;
    }
    const sign = event.type === 'DonationCancelled' ? -1 : 1;
    const { memberId, referrerId, amountPaise } = event.data;
    if (memberId) await addImpact(tx, tables.member_impact, memberId, 'verified_giving_paise', sign * amountPaise);
    if (referrerId) await addImpact(tx, tables.member_impact, referrerId, 'funds_raised_paise', sign * amountPaise);
  },
};

async function addImpact(tx: Queryable, table: string, userId: string, column: 'verified_giving_paise' | 'funds_raised_paise', amount: number): Promise<void> {
  await tx.query(`INSERT INTO ${table} (user_id, ${column}) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET ${column} = ${table}.${column} + EXCLUDED.${column}`, [
    userId,
    amount,
  ]);
}
