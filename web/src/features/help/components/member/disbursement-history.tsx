import type { DISBURSEMENT_STATUS_VALUES, TDisbursementRow } from '@sahay/server/modules/help/disbursements/disbursements.schema';
import { useLang, useT, type MessageKey } from '#web/i18n/i18n.tsx';
import { formatDate, formatDateTime, formatMoney } from '#web/ui/format.ts';
import { ResponsiveTable } from '#web/ui/responsive-table.tsx';

type DisbursementStatus = (typeof DISBURSEMENT_STATUS_VALUES)[number];

export const WITHDRAWAL_STATUS_LABELS: Record<DisbursementStatus, MessageKey> = {
  requested: 'myHelp.withdraw.statuses.requested',
  approved: 'myHelp.withdraw.statuses.approved',
  rejected: 'myHelp.withdraw.statuses.rejected',
  paid: 'myHelp.withdraw.statuses.paid',
};

/** Paid: green; rejected: red; the rest grey. The word says it; colour only helps. */
const STATUS_TONES: Partial<Record<DisbursementStatus, string>> = { paid: 'badge-unused', rejected: 'badge-suspended' };

/** The member's withdrawals for one request, newest first as the server gives them; a labelled card per withdrawal on a phone. */
export function DisbursementHistory({ disbursements }: { disbursements: readonly TDisbursementRow[] }) {
  const t = useT();
  const { lang } = useLang();
  if (disbursements.length === 0) {
    return <p data-testid="withdraw-history-empty">{t('myHelp.withdraw.historyEmpty')}</p>;
  }
  return (
    <ResponsiveTable
      label={t('myHelp.withdraw.historyHeading')}
      testId="withdraw-history"
      rows={disbursements}
      rowKey={(row) => row.disbursementId}
      columns={[
        { header: t('myHelp.withdraw.requestedAmount'), cell: (row) => formatMoney(row.amountPaise) },
        { header: t('myHelp.withdraw.adminCharge'), cell: (row) => formatMoney(row.adminChargePaise) },
        { header: t('myHelp.withdraw.netAmount'), cell: (row) => formatMoney(row.netPaise) },
        {
          header: t('myHelp.withdraw.status'),
          className: 'cell-wrap',
          // One element in the cell: on a phone the card's cell is a two-column grid (label, value), where
          // a second line of its own would fall into the label's column (issue 32).
          cell: (row) => (
            <div className="cell-lines" data-testid="withdraw-status">
              <span className={`badge ${STATUS_TONES[row.status] ?? 'badge-used'}`}>{t(WITHDRAWAL_STATUS_LABELS[row.status])}</span>
              {row.status === 'paid' && row.paidOn && <span>{t('myHelp.withdraw.paidOn', { date: formatDate(row.paidOn, lang) })}</span>}
              {row.status === 'paid' && row.utr && <span data-testid="withdraw-utr">{t('myHelp.withdraw.utr', { utr: row.utr })}</span>}
              {row.status === 'rejected' && row.rejectionReason && <span>{t('myHelp.withdraw.reason', { reason: row.rejectionReason })}</span>}
            </div>
          ),
        },
        { header: t('myHelp.withdraw.requestedAt'), cell: (row) => formatDateTime(row.requestedAt, lang) },
      ]}
    />
  );
}
