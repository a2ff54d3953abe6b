import { useState } from 'react';
import type { TEpin } from '@sahay/server/modules/community/epins/epins.schema';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { usePlural } from '#web/i18n/plural.ts';
import { formatDate, formatDateTime } from '#web/ui/format.ts';
import { ResponsiveTable } from '#web/ui/responsive-table.tsx';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { useEpins } from '../hooks/use-epins.ts';
import { ListPager } from '#web/ui/list-pager.tsx';
import { LoadError } from '#web/ui/load-error.tsx';

/** Every invite code, a page at a time, the newest first. */
export function EpinList() {
  const t = useT();
  const errorText = useErrorText();
  const [page, setPage] = useState(1);
  const epins = useEpins(page);
  if (epins.isPending) return <p role="status">{t('common.loading')}</p>;
  if (epins.isError) return <LoadError error={errorText(epins.error, 'admin.epins.loadFailed')} onRetry={() => void epins.refetch()} retryLabel={t('common.retry')} />;
  return (
    <>
      <EpinTable epins={epins.data.epins} total={epins.data.total} />
      <ListPager label={t('admin.epins.pages')} page={epins.data.page} pageCount={epins.data.pageCount} isBusy={epins.isFetching} onPage={setPage} testId="epins-pager" />
    </>
  );
}

export function EpinTable({ epins, total }: { epins: readonly TEpin[]; total: number }) {
  const t = useT();
  const plural = usePlural();
  const { lang } = useLang();
  if (epins.length === 0) return <p>{t('admin.epins.empty')}</p>;
  return (
    <ResponsiveTable
      label={t('admin.epins.tableLabel')}
      caption={plural('admin.epins.caption', total)}
      testId="admin-epins"
      rows={epins}
      rowKey={(epin) => epin.code}
      columns={[
        { header: t('admin.epins.code'), className: 'mono', cell: (epin) => epin.code },
        {
          header: t('admin.epins.status'),
          cell: (epin) => <span className={epin.used ? 'badge badge-used' : 'badge badge-unused'}>{t(epin.used ? 'admin.epins.used' : 'admin.epins.unused')}</span>,
        },
        { header: t('admin.epins.usedBy'), cell: (epin) => epin.usedBy ?? t('common.none') },
        { header: t('admin.epins.usedOn'), cell: (epin) => (epin.usedAt ? formatDateTime(epin.usedAt, lang) : t('common.none')) },
        { header: t('admin.epins.assignedTo'), cell: (epin) => epin.assignedTo ?? t('common.none') },
        { header: t('admin.epins.created'), cell: (epin) => formatDate(epin.createdAt, lang) },
      ]}
    />
  );
}
