import { useT } from '#web/i18n/i18n.tsx';
import { formatMoney, formatNumber } from '#web/ui/format.ts';
import { useTeamSummary } from '../hooks/use-team-summary.ts';
import { LoadFailure } from '#web/ui/load-failure.tsx';
import { TierBadge } from './tier-badge.public.tsx';

/** The dashboard's impact cards (PRODUCT.md §4), from team.getSummary in one round trip. */
export function ImpactCards() {
  const t = useT();
  const summary = useTeamSummary();

  if (summary.isPending) return <p role="status">{t('common.loading')}</p>;
  if (summary.isError) return <LoadFailure message={t('impact.loadFailed')} error={summary.error} onRetry={() => void summary.refetch()} />;
  const data = summary.data;
  return (
    <dl className="impact-cards">
      <div className="impact-card">
        <dt>{t('impact.verifiedGiving')}</dt>
        <dd data-testid="impact-giving">{formatMoney(data.verifiedGivingPaise)}</dd>
      </div>
      <div className="impact-card">
        <dt>{t('impact.fundsRaised')}</dt>
        <dd data-testid="impact-funds-raised">{formatMoney(data.fundsRaisedPaise)}</dd>
      </div>
      <div className="impact-card">
        <dt>{t('impact.directJoinees')}</dt>
        <dd data-testid="impact-direct">{formatNumber(data.directJoinees)}</dd>
      </div>
      <div className="impact-card">
        <dt>{t('impact.teamSize')}</dt>
        <dd data-testid="impact-team">{formatNumber(data.teamSize)}</dd>
      </div>
      <div className="impact-card impact-card-wide">
        <dt>{t('impact.tier')}</dt>
        <dd>
          <TierBadge tier={data.tier} />
          <p className="impact-note">{t('impact.tierNote')}</p>
        </dd>
      </div>
    </dl>
  );
}
