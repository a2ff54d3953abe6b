import { useT } from '#web/i18n/i18n.tsx';
import { formatNumber } from '#web/ui/format.ts';

/** Previous and next for an admin list that comes a page at a time; nothing when it fits on one. */
export function ListPager({ label, page, pageCount, isBusy, onPage, testId }: { label: string; page: number; pageCount: number; isBusy: boolean; onPage: (page: number) => void; testId?: string }) {
  const t = useT();
  if (pageCount <= 1) return null;
  return (
    <nav className="pager" aria-label={label} data-testid={testId}>
      <button type="button" className="btn btn-secondary btn-small" disabled={page <= 1 || isBusy} onClick={() => onPage(page - 1)}>
        {t('admin.listPager.previous')}
      </button>
      <span aria-live="polite">{t('admin.listPager.pageOf', { page: formatNumber(page), pageCount: formatNumber(pageCount) })}</span>
      <button type="button" className="btn btn-secondary btn-small" disabled={page >= pageCount || isBusy} onClick={() => onPage(page + 1)}>
        {t('admin.listPager.next')}
      </button>
    </nav>
  );
}
