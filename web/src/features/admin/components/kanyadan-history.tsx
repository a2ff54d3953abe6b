import type { TApplicationDetail } from '@sahay/server/modules/kanyadan/kanyadan-routes.schema';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { formatDateTime, formatNumber } from '#web/ui/format.ts';
import { TableScroll } from '#web/ui/table-scroll.tsx';
import { eventKey } from './kanyadan-labels.tsx';

/** Everything recorded about the application, decisions and views alike, each with who and when. */
export function KanyadanHistory({ history }: { history: TApplicationDetail['history'] }) {
  const t = useT();
  const { lang, translateServer } = useLang();
  return (
    <section aria-labelledby="history-heading" className="panel">
      <h2 id="history-heading">{t('admin.kanyadan.history')}</h2>
      <TableScroll label={t('admin.kanyadan.historyTable')}>
        <table className="table" data-testid="kanyadan-history">
          <caption>{t('admin.kanyadan.historyCaption', { count: formatNumber(history.length) })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.kanyadan.event')}</th>
              <th scope="col">{t('admin.kanyadan.summary')}</th>
              <th scope="col">{t('admin.kanyadan.actor')}</th>
              <th scope="col">{t('admin.kanyadan.when')}</th>
            </tr>
          </thead>
          <tbody>
            {history.map((entry) => {
              const key = eventKey(entry.type);
              return (
                <tr key={entry.position}>
                  <td>{key ? t(key) : entry.type}</td>
                  <td className="cell-wrap">{entry.summary ? translateServer(entry.summary) : t('common.none')}</td>
                  <td className="mono">{entry.actor === 'anonymous' ? t('admin.kanyadan.theFamily') : entry.actor}</td>
                  <td>{formatDateTime(entry.at, lang)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
