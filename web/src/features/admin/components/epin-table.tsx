import type { TEpin } from '@sahay/server/modules/community/epins.schema';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { formatDate, formatNumber } from '#web/ui/format.ts';

export function EpinTable({ epins }: { epins: readonly TEpin[] }) {
  const t = useT();
  const { lang } = useLang();
  if (epins.length === 0) return <p>{t('admin.epins.empty')}</p>;
  return (
    // Focusable so keyboard users can scroll a table wider than the phone.
    <div className="table-scroll" role="region" aria-label={t('admin.epins.tableLabel')} tabIndex={0}>
      <table className="table">
        <caption>{t('admin.epins.caption', { count: formatNumber(epins.length) })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.epins.code')}</th>
            <th scope="col">{t('admin.epins.status')}</th>
            <th scope="col">{t('admin.epins.usedBy')}</th>
            <th scope="col">{t('admin.epins.assignedTo')}</th>
            <th scope="col">{t('admin.epins.created')}</th>
          </tr>
        </thead>
        <tbody>
          {epins.map((epin) => (
            <tr key={epin.code}>
              <td className="mono">{epin.code}</td>
              <td>
                <span className={epin.used ? 'badge badge-used' : 'badge badge-unused'}>
                  {t(epin.used ? 'admin.epins.used' : 'admin.epins.unused')}
                </span>
              </td>
              <td>{epin.usedBy ?? t('common.none')}</td>
              <td>{epin.assignedTo ?? t('common.none')}</td>
              <td>{formatDate(epin.createdAt, lang)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
