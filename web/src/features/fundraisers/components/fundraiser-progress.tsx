import { useId } from 'react';
import { useT } from '#web/i18n/i18n.tsx';
import { formatMoney, formatNumber } from '#web/ui/format.ts';

/**
 * How much of the goal verified gifts have reached: a native progress bar, named by the words on
 * screen ("₹32,500 raised of ₹50,000") and read out as its share, and how many gifts.
 */
export function FundraiserProgress({ raisedPaise, goalPaise, gifts }: { raisedPaise: number; goalPaise: number; gifts: number }) {
  const t = useT();
  const id = useId();
  const goal = Math.max(goalPaise, 1);
  return (
    <div className="help-progress" data-testid="fundraiser-progress">
      <progress value={Math.min(Math.max(raisedPaise, 0), goal)} max={goal} aria-labelledby={id} />
      <p id={id} className="help-progress-text">
        {t('fundraiser.progress', { raised: formatMoney(raisedPaise), goal: formatMoney(goalPaise) })}
      </p>
      <p data-testid="fundraiser-gifts">{gifts === 1 ? t('fundraiser.giftsOne') : t('fundraiser.gifts', { count: formatNumber(gifts) })}</p>
    </div>
  );
}
