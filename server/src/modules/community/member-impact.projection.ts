import type { Projection } from '#server/event-store/types';

/**
 * Each member's verified giving and the funds raised through their link, which the impact cards and
 * the recognition tier read. Nothing feeds it yet: the donations feature adds DonationVerified here
 * (credit the donor's giving, and the referrer's funds raised), and nothing else changes.
 */
export const memberImpactProjection: Projection<'member_impact'> = {
  name: 'member_impact',
  tables: ['member_impact'],
  handles: [],
  async apply() {},
};
