import type { TApplicationDetail } from '@sahay/server/modules/kanyadan/kanyadan-routes.schema';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { formatDateTime, formatNumber } from '#web/ui/format.ts';
import { ResponsiveTable } from '#web/ui/responsive-table.tsx';
import { useActorName } from '#web/features/admin/components/actor-name.public.ts';
import { eventKey } from './kanyadan-labels.public.tsx';

/** Everything recorded about the application, decisions and views alike, each with who and when. */
export function KanyadanHistory({ history }: { history: TApplicationDetail['history'] }) {
  const t = useT();
  const { lang, translateServer } = useLang();
  // The family submits without an account.
  const actorName = useActorName('admin.kanyadan.theFamily');
  return (
    <section aria-labelledby="history-heading" className="panel">
      <h2 id="history-heading">{t('admin.kanyadan.history')}</h2>
      <ResponsiveTable
        label={t('admin.kanyadan.historyTable')}
        caption={t('admin.kanyadan.historyCaption', { count: formatNumber(history.length) })}
        testId="kanyadan-history"
        rows={history}
        rowKey={(entry) => entry.position}
        columns={[
          { header: t('admin.kanyadan.event'), cell: (entry) => (eventKey(entry.type) ? t(eventKey(entry.type)!) : entry.type) },
          { header: t('admin.kanyadan.summary'), className: 'cell-wrap', cell: (entry) => (entry.summary ? translateServer(entry.summary) : t('common.none')) },
          { header: t('admin.kanyadan.actor'), className: 'mono', cell: (entry) => actorName(entry.actor) },
          { header: t('admin.kanyadan.when'), cell: (entry) => formatDateTime(entry.at, lang) },
        ]}
      />
    </section>
  );
}
