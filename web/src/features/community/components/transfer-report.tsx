import type { TEpinTransfer } from '@sahay/server/modules/community/epins.schema';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { formatDateTime, formatNumber } from '#web/ui/format.ts';
import { TableScroll } from '#web/ui/table-scroll.tsx';

/** The Report tab: batches passed on or received — to or from whom, how many, when. */
export function TransferReport({ transfers }: { transfers: readonly TEpinTransfer[] }) {
  const t = useT();
  const { lang } = useLang();
  if (transfers.length === 0) return <p>{t('epins.report.empty')}</p>;
  return (
    <TableScroll label={t('epins.report.caption')}>
      <table className="table" data-testid="transfer-report">
        <caption>{t('epins.report.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('epins.report.direction')}</th>
            <th scope="col">{t('epins.report.userId')}</th>
            <th scope="col">{t('epins.report.name')}</th>
            <th scope="col">{t('epins.report.count')}</th>
            <th scope="col">{t('epins.report.date')}</th>
          </tr>
        </thead>
        <tbody>
          {transfers.map((transfer) => (
            <tr key={transfer.transferId}>
              <td>{t(transfer.direction === 'sent' ? 'epins.report.sent' : 'epins.report.received')}</td>
              <td className="mono">{transfer.otherUserId}</td>
              <td>{transfer.otherName}</td>
              <td>{formatNumber(transfer.count)}</td>
              <td>{formatDateTime(transfer.transferredAt, lang)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
