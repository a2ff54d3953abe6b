import type { DISBURSEMENT_STATUS_VALUES, TDisbursementRow } from '@sahay/server/modules/help/disbursements.schema';
import { useLang, useT, type MessageKey } from '#web/i18n/i18n.tsx';
import { formatDate, formatDateTime, formatMoney } from '#web/ui/format.ts';
import { TableScroll } from '#web/ui/table-scroll.tsx';

type DisbursementStatus = (typeof DISBURSEMENT_STATUS_VALUES)[number];

export const WITHDRAWAL_STATUS_LABELS: Record<DisbursementStatus, MessageKey> = {
  requested: 'myHelp.withdraw.statuses.requested',
  approved: 'myHelp.withdraw.statuses.approved',
  rejected: 'myHelp.withdraw.statuses.rejected',
  paid: 'myHelp.withdraw.statuses.paid',
};

/** Paid: green; rejected: red; the rest grey. The word says it; colour only helps. */
const STATUS_TONES: Partial<Record<DisbursementStatus, string>> = { paid: 'badge-unused', rejected: 'badge-suspended' };

/** The member's withdrawals for one request, newest first as the server gives them; wider than a phone, it scrolls in its own box. */
export function DisbursementHistory({ disbursements }: { disbursements: readonly TDisbursementRow[] }) {
  const t = useT();
  const { lang } = useLang();
  if (disbursements.length === 0) {
    return <p data-testid="withdraw-history-empty">{t('myHelp.withdraw.historyEmpty')}</p>;
  }
  return (
    <TableScroll label={t('myHelp.withdraw.historyHeading')}>
      <table className="table" data-testid="withdraw-history">
        <thead>
          <tr>
            <th scope="col">{t('myHelp.withdraw.requestedAmount')}</th>
            <th scope="col">{t('myHelp.withdraw.adminCharge')}</th>
            <th scope="col">{t('myHelp.withdraw.netAmount')}</th>
            <th scope="col">{t('myHelp.withdraw.status')}</th>
            <th scope="col">{t('myHelp.withdraw.requestedAt')}</th>
          </tr>
        </thead>
        <tbody>
          {disbursements.map((row) => (
            <tr key={row.disbursementId}>
              <td>{formatMoney(row.amountPaise)}</td>
              <td>{formatMoney(row.adminChargePaise)}</td>
              <td>{formatMoney(row.netPaise)}</td>
              <td className="cell-wrap">
                <span className={`badge ${STATUS_TONES[row.status] ?? 'badge-used'}`}>{t(WITHDRAWAL_STATUS_LABELS[row.status])}</span>
                {row.status === 'paid' && row.paidOn && (
                  <>
                    <br />
                    {t('myHelp.withdraw.paidOn', { date: formatDate(row.paidOn, lang) })}
                  </>
                )}
                {row.status === 'rejected' && row.rejectionReason && (
                  <>
                    <br />
                    {t('myHelp.withdraw.reason', { reason: row.rejectionReason })}
                  </>
                )}
              </td>
              <td>{formatDateTime(row.requestedAt, lang)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
