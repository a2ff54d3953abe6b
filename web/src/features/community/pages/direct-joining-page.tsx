import { MemberArea } from '#web/features/identity/components/member-area.public.tsx';
import { BackToDashboard } from '#web/features/identity/components/member-links.public.tsx';
import { useT } from '#web/i18n/i18n.tsx';
import { formatNumber } from '#web/ui/format.ts';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { LoadFailure } from '#web/ui/load-failure.tsx';
import { TeamMemberTable } from '../components/team-member-table.tsx';
import { useDirectJoinees } from '../hooks/use-direct-joinees.ts';

/** /direct-joining — the people who joined through the member's link (PRODUCT.md §4). */
export default function DirectJoiningPage() {
  usePageMeta('team.direct.metaTitle', 'team.direct.metaDescription', { isNoIndex: true });
  return <MemberArea>{() => <DirectJoinees />}</MemberArea>;
}

function DirectJoinees() {
  const t = useT();
  const direct = useDirectJoinees();

  return (
    <div className="container page-wide">
      <BackToDashboard />
      <h1>{t('team.direct.heading')}</h1>
      <p>{t('team.direct.intro')}</p>
      {direct.isPending && <p role="status">{t('common.loading')}</p>}
      {/* The message is fixed by PRODUCT.md §4; the hint says what to do next. */}
      {direct.isError && <LoadFailure message={t('team.direct.loadFailed')} error={direct.error} onRetry={() => void direct.refetch()} />}
      {direct.data && (
        <>
          <section aria-labelledby="active-heading">
            <h2 id="active-heading">{t('team.direct.active', { count: formatNumber(direct.data.active.length) })}</h2>
            {direct.data.active.length === 0 ? (
              <p>{t('team.direct.noActive')}</p>
            ) : (
              <TeamMemberTable caption={t('team.direct.activeCaption')} members={direct.data.active} testId="direct-active" />
            )}
          </section>
          <section aria-labelledby="non-active-heading">
            <h2 id="non-active-heading">{t('team.direct.nonActive', { count: formatNumber(direct.data.nonActive.length) })}</h2>
            <p className="field-hint">{t('team.direct.nonActiveHelp')}</p>
            {direct.data.nonActive.length === 0 ? (
              <p>{t('team.direct.noNonActive')}</p>
            ) : (
              <TeamMemberTable caption={t('team.direct.nonActiveCaption')} members={direct.data.nonActive} testId="direct-non-active" />
            )}
          </section>
        </>
      )}
    </div>
  );
}
