import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TIERS, tierFor } from './tiers.ts';

const BOUNDARIES: [number, ReturnType<typeof tierFor>][] = [
  [500_00, 'star'],
  [1_000_00, 'silver'],
  [2_000_00, 'gold'],
  [4_000_00, 'diamond'],
  [8_000_00, 'doubleDiamond'],
];

describe('tierFor', () => {
  it.each(BOUNDARIES)('gives exactly at ₹%d paise the tier %s, and the one below a paisa less', (paise, tier) => {
    expect(tierFor(paise, 0)).toBe(tier);
    expect(tierFor(0, paise)).toBe(tier);
    const below = BOUNDARIES[BOUNDARIES.findIndex(([at]) => at === paise) - 1]?.[1] ?? null;
    expect(tierFor(paise - 1, 0)).toBe(below);
  });

  it('gives no tier below ₹500', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 500_00 - 1 }), (paise) => tierFor(paise, 0) === null));
  });

  it('depends only on the sum of giving and funds raised', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20_000_00 }), fc.integer({ min: 0, max: 20_000_00 }), (giving, raised) => {
        expect(tierFor(giving, raised)).toBe(tierFor(giving + raised, 0));
        expect(tierFor(giving, raised)).toBe(tierFor(0, giving + raised));
      }),
    );
  });

  it('never goes down when the total goes up', () => {
    const rank = (tier: ReturnType<typeof tierFor>) => (tier === null ? -1 : TIERS.length - TIERS.findIndex((t) => t.tier === tier));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20_000_00 }), fc.integer({ min: 0, max: 5_000_00 }), (total, more) => {
        expect(rank(tierFor(total + more, 0))).toBeGreaterThanOrEqual(rank(tierFor(total, 0)));
      }),
    );
  });

  it('matches a tier’s range anywhere inside it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: BOUNDARIES.length - 2 }), fc.double({ min: 0, max: 1, noNaN: true }), (index, fraction) => {
        const [from, tier] = BOUNDARIES[index]!;
        const to = BOUNDARIES[index + 1]![0];
        const paise = from + Math.floor(fraction * (to - from - 1));
        expect(tierFor(paise, 0)).toBe(tier);
      }),
    );
  });
});
