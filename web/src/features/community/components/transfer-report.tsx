import type { TEpinTransfer } from '@sahay/server/modules/community/epins/epins.schema';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { formatDateTime, formatNumber } from '#web/ui/format.ts';
import { ResponsiveTable } from '#web/ui/responsive-table.tsx';

/** The Report tab: batches passed on or received — to or from whom, how many, when. */
export function TransferReport({ transfers }: { transfers: readonly TEpinTransfer[] }) {
  const t = useT();
  const { lang } = useLang();
  if (transfers.length === 0) return <p>{t('epins.report.empty')}</p>;
  return (
    <ResponsiveTable
      label={t('epins.report.caption')}
      caption={t('epins.report.caption')}
      testId="transfer-report"
      rows={transfers}
      rowKey={(transfer) => transfer.transferId}
      columns={[
        { header: t('epins.report.direction'), cell: (transfer) => t(transfer.direction === 'sent' ? 'epins.report.sent' : 'epins.report.received') },
        { header: t('epins.report.userId'), className: 'mono', cell: (transfer) => transfer.otherUserId },
        { header: t('epins.report.name'), className: 'cell-wrap', cell: (transfer) => transfer.otherName },
        { header: t('epins.report.count'), cell: (transfer) => formatNumber(transfer.count) },
        { header: t('epins.report.date'), cell: (transfer) => formatDateTime(transfer.transferredAt, lang) },
      ]}
    />
  );
}
