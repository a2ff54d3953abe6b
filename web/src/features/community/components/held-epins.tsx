import type { TEpin } from '@sahay/server/modules/community/epins/epins.schema';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { formatDate, formatNumber } from '#web/ui/format.ts';
import { ResponsiveTable } from '#web/ui/responsive-table.tsx';
import { ShareCodeButtons } from './share-code-buttons.tsx';

/** The List tab: every code the person holds or held, with its status, who used it and when. */
export function HeldEpins({ epins, holderId }: { epins: readonly TEpin[]; holderId: string }) {
  const t = useT();
  const { lang } = useLang();
  const unused = epins.filter((epin) => !epin.used).length;
  return (
    <>
      <p data-testid="unused-count">{t('epins.unusedCount', { count: formatNumber(unused) })}</p>
      {epins.length === 0 ? (
        <p>{t('epins.empty')}</p>
      ) : (
        <ResponsiveTable
          label={t('epins.listCaption')}
          caption={t('epins.listCaption')}
          testId="held-epins"
          rows={epins}
          rowKey={(epin) => epin.code}
          columns={[
            { header: t('epins.code'), className: 'mono', cell: (epin) => epin.code },
            {
              header: t('epins.status'),
              cell: (epin) => <span className={epin.used ? 'badge badge-used' : 'badge badge-unused'}>{t(epin.used ? 'epins.used' : 'epins.unused')}</span>,
            },
            { header: t('epins.usedBy'), className: 'mono', cell: (epin) => epin.usedBy ?? t('common.none') },
            { header: t('epins.date'), cell: (epin) => formatDate(epin.usedAt ?? epin.createdAt, lang) },
            {
              header: t('epins.invite'),
              cell: (epin) =>
                epin.used ? (
                  t('common.none')
                ) : (
                  <>
                    {epin.reservedUntil && <p className="field-hint">{t('epins.keptUntil', { until: formatDate(epin.reservedUntil, lang) })}</p>}
                    <ShareCodeButtons code={epin.code} holderId={holderId} />
                  </>
                ),
            },
          ]}
        />
      )}
      <p className="field-hint">{t('epins.dateHint')}</p>
    </>
  );
}
