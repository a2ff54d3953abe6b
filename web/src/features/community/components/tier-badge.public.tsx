import type { TTeamSummary } from '@sahay/server/modules/community/team/team.schema';
import { useT, type MessageKey } from '#web/i18n/i18n.tsx';

export type Tier = NonNullable<TTeamSummary['tier']>;

export const TIER_NAMES: Record<Tier, MessageKey> = {
  star: 'tiers.star',
  silver: 'tiers.silver',
  gold: 'tiers.gold',
  diamond: 'tiers.diamond',
  doubleDiamond: 'tiers.doubleDiamond',
};

/** The recognition tier's name, or "No badge yet": the text the badge and the I-card show. */
export function useTierName(): (tier: Tier | null) => string {
  const t = useT();
  return (tier) => (tier ? t(TIER_NAMES[tier]) : t('tiers.none'));
}

/** A recognition badge (PRODUCT.md §4): never bought, never paid out, no income attached. */
export function TierBadge({ tier }: { tier: Tier | null }) {
  const tierName = useTierName();
  return (
    <span className={tier ? `tier-badge tier-${tier}` : 'tier-badge tier-none'} data-testid="tier-badge">
      {tier && (
        <svg className="tier-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M12 2l2.9 6.3 6.9.7-5.2 4.6 1.5 6.8L12 17l-6.1 3.4 1.5-6.8L2.2 9l6.9-.7z" />
        </svg>
      )}
      {tierName(tier)}
    </span>
  );
}
