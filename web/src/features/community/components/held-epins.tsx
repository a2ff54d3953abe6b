import type { TEpin } from '@sahay/server/modules/community/epins.schema';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { formatDate, formatNumber } from '#web/ui/format.ts';
import { TableScroll } from '#web/ui/table-scroll.tsx';

/** The List tab: every code the person holds or held, with its status, who used it and when. */
export function HeldEpins({ epins }: { epins: readonly TEpin[] }) {
  const t = useT();
  const { lang } = useLang();
  const unused = epins.filter((epin) => !epin.used).length;
  return (
    <>
      <p data-testid="unused-count">{t('epins.unusedCount', { count: formatNumber(unused) })}</p>
      {epins.length === 0 ? (
        <p>{t('epins.empty')}</p>
      ) : (
        <TableScroll label={t('epins.listCaption')}>
          <table className="table" data-testid="held-epins">
            <caption>{t('epins.listCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('epins.code')}</th>
                <th scope="col">{t('epins.status')}</th>
                <th scope="col">{t('epins.usedBy')}</th>
                <th scope="col">{t('epins.date')}</th>
              </tr>
            </thead>
            <tbody>
              {epins.map((epin) => (
                <tr key={epin.code}>
                  <td className="mono">{epin.code}</td>
                  <td>
                    <span className={epin.used ? 'badge badge-used' : 'badge badge-unused'}>{t(epin.used ? 'epins.used' : 'epins.unused')}</span>
                  </td>
                  <td className="mono">{epin.usedBy ?? t('common.none')}</td>
                  <td>{formatDate(epin.usedAt ?? epin.createdAt, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <p className="field-hint">{t('epins.dateHint')}</p>
    </>
  );
}
