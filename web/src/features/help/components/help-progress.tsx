import { useId } from 'react';
import { useT } from '#web/i18n/i18n.tsx';
import { formatMoney } from '#web/ui/format.ts';

/**
 * How much of the amount needed has been raised: a native progress bar (read out as a percentage)
 * labelled by the same words on screen, "₹12,000 raised of ₹50,000".
 */
export function HelpProgress({ raisedPaise, amountNeededPaise }: { raisedPaise: number; amountNeededPaise: number }) {
  const t = useT();
  const id = useId();
  const needed = Math.max(amountNeededPaise, 1);
  return (
    <div className="help-progress">
      <progress value={Math.min(Math.max(raisedPaise, 0), needed)} max={needed} aria-labelledby={id} />
      <p id={id} className="help-progress-text">
        {t('help.progress', { raised: formatMoney(raisedPaise), needed: formatMoney(amountNeededPaise) })}
      </p>
    </div>
  );
}
