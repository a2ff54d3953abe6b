import { useId, useState } from 'react';
import { TEAM_PAGE_SIZE } from '@sahay/server/modules/community/team/team.schema';
import { MemberArea } from '#web/features/identity/components/member-area.public.tsx';
import { BackToDashboard } from '#web/features/identity/components/member-links.public.tsx';
import { useT } from '#web/i18n/i18n.tsx';
import { formatNumber } from '#web/ui/format.ts';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { LoadFailure } from '#web/ui/load-failure.tsx';
import { TeamMemberTable } from '../components/team-member-table.tsx';
import { useLevelMembers } from '../hooks/use-level-members.ts';
import { useTeamLevels } from '../hooks/use-team-levels.ts';

/** /LevelTree — the team by level, 1 to 20 (those with members), each opened on demand a page at a time (PRODUCT.md §4). */
export default function LevelTreePage() {
  usePageMeta('team.tree.metaTitle', 'team.tree.metaDescription', { isNoIndex: true });
  return <MemberArea>{() => <LevelTree />}</MemberArea>;
}

function LevelTree() {
  const t = useT();
  const levels = useTeamLevels();
  return (
    <div className="container page-wide">
      <BackToDashboard />
      <h1>{t('team.tree.heading')}</h1>
      <p>{t('team.tree.intro')}</p>
      {levels.isPending && <p role="status">{t('common.loading')}</p>}
      {levels.isError && <LoadFailure message={t('team.tree.loadFailed')} error={levels.error} onRetry={() => void levels.refetch()} />}
      {levels.data && <Levels levels={levels.data.levels} />}
    </div>
  );
}

/**
 * Only the levels that have members (issue 32): twenty headings saying "Members: 0" buried the
 * one or two that had any. The levels below the deepest filled one are empty by construction.
 */
function Levels({ levels }: { levels: readonly { level: number; count: number }[] }) {
  const t = useT();
  const filled = levels.filter(({ count }) => count > 0);
  return (
    <div data-testid="level-tree">
      {filled.length === 0 ? (
        <p data-testid="level-tree-none">{t('team.tree.none')}</p>
      ) : (
        <>
          <p className="hint">{t('team.tree.onlyFilled')}</p>
          <ul className="levels">
            {filled.map(({ level, count }) => (
              <Level key={level} level={level} count={count} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** One level: a disclosure button with its count; its members load when it is opened. */
function Level({ level, count }: { level: number; count: number }) {
  const t = useT();
  const panelId = useId();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <li className="level">
      <h2 className="level-heading">
        <button type="button" className="level-toggle" aria-expanded={isOpen} aria-controls={panelId} onClick={() => setIsOpen(!isOpen)} data-testid={`level-${level}`}>
          <span className="caret" aria-hidden="true" />
          <span>{t('team.tree.level', { level })}</span>{' '}
          <span className="level-count">{t('team.tree.count', { count: formatNumber(count) })}</span>
        </button>
      </h2>
      <div id={panelId} className="level-panel" hidden={!isOpen}>
        {isOpen && <LevelMembers level={level} />}
      </div>
    </li>
  );
}

function LevelMembers({ level }: { level: number }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const members = useLevelMembers(level, page);

  if (members.isPending) return <p role="status">{t('common.loading')}</p>;
  if (members.isError) return <LoadFailure message={t('team.tree.loadFailed')} error={members.error} onRetry={() => void members.refetch()} />;
  const { pageCount, count } = members.data;
  const shown = members.data.page;
  const first = (shown - 1) * TEAM_PAGE_SIZE + 1;
  return (
    <>
      <TeamMemberTable
        caption={t('team.tree.caption', { level, first: formatNumber(first), last: formatNumber(first + members.data.members.length - 1), count: formatNumber(count) })}
        members={members.data.members}
        showSponsor
        testId={`level-${level}-members`}
      />
      {pageCount > 1 && (
        <nav className="pager" aria-label={t('team.tree.pages', { level })}>
          <button type="button" className="btn btn-secondary btn-small" disabled={shown <= 1 || members.isFetching} onClick={() => setPage(shown - 1)}>
            {t('team.tree.previous')}
          </button>
          <span aria-live="polite">{t('team.tree.pageOf', { page: formatNumber(shown), pageCount: formatNumber(pageCount) })}</span>
          <button type="button" className="btn btn-secondary btn-small" disabled={shown >= pageCount || members.isFetching} onClick={() => setPage(shown + 1)}>
            {t('team.tree.next')}
          </button>
        </nav>
      )}
    </>
  );
}
