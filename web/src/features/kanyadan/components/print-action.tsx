import type { ReactNode } from 'react';
import { useT } from '#web/i18n/i18n.tsx';
import { Notice } from '#web/ui/form/form-status.tsx';
import { usePrint } from '../hooks/use-print.ts';

/**
 * A Print button (printing opens 600 ms after the click: usePrint) with, beside it, any other
 * `children` actions, and below, when the browser seems to block printing, how to print instead.
 * None of it is printed. The acknowledgement and the look-up's status slip both print with it.
 */
export function PrintAction({ label, testId, isPrimary = false, children }: { label: string; testId: string; isPrimary?: boolean; children?: ReactNode }) {
  const t = useT();
  const printer = usePrint();
  return (
    <>
      <p className="actions no-print">
        <button type="button" className={isPrimary ? 'btn btn-primary' : 'btn btn-secondary'} onClick={printer.print} disabled={printer.phase === 'waiting'} data-testid={testId}>
          {printer.phase === 'waiting' ? t('kanyadanSteps.receipt.printing') : label}
        </button>
        {children}
      </p>
      <div role="alert" className="no-print">
        {printer.phase === 'blocked' && (
          <Notice tone="warning">
            <p data-testid="print-blocked">{t('kanyadanSteps.receipt.blocked')}</p>
          </Notice>
        )}
      </div>
    </>
  );
}
