/**
 * Recognition tiers (PRODUCT.md §4, §11): a badge for verified giving plus funds raised through the
 * member's link. Never bought, never paid out, no income attached — and nothing about team size.
 */
export const TIERS = [
  { tier: 'doubleDiamond', minimumPaise: 8_000_00 },
  { tier: 'diamond', minimumPaise: 4_000_00 },
  { tier: 'gold', minimumPaise: 2_000_00 },
  { tier: 'silver', minimumPaise: 1_000_00 },
  { tier: 'star', minimumPaise: 500_00 },
] as const;

export type Tier = (typeof TIERS)[number]['tier'];

/** The tier earned by this much verified giving plus funds raised, in paise; null below ₹500. */
export function tierFor(verifiedGivingPaise: number, fundsRaisedPaise: number): Tier | null {
  const total = verifiedGivingPaise + fundsRaisedPaise;
  return TIERS.find((candidate) => total >= candidate.minimumPaise)?.tier ?? null;
}
