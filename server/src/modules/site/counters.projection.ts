import type { Projection } from '#server/event-store/types';

/**
 * The verified figures behind the public counters. It handles nothing yet: donations, help and
 * Kanyadan add their event types to `handles` and a case to `apply` (e.g. DonationVerified adds to
 * fundsRaisedPaise), and nothing else changes — getCounters already adds these to the baselines.
 */
export const countersProjection: Projection<'site_counters'> = {
  name: 'site_counters',
  tables: ['site_counters'],
  handles: [],
  async apply() {},
};
