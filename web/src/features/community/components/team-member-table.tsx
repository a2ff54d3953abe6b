import type { TTeamMember } from '@sahay/server/modules/community/team/team.schema';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { formatDate } from '#web/ui/format.ts';
import { ResponsiveTable } from '#web/ui/responsive-table.tsx';

/** Members of the team: User ID, Name, Joined, and the sponsor where the table spans several sponsors; a card per member on a phone. */
export function TeamMemberTable({ caption, members, showSponsor = false, testId }: { caption: string; members: readonly TTeamMember[]; showSponsor?: boolean; testId?: string }) {
  const t = useT();
  const { lang } = useLang();
  return (
    <ResponsiveTable
      label={caption}
      caption={caption}
      testId={testId}
      rows={members}
      rowKey={(member) => member.userId}
      columns={[
        { header: t('team.userId'), className: 'mono', cell: (member) => member.userId },
        { header: t('team.name'), className: 'cell-wrap', cell: (member) => member.fullName },
        { header: t('team.joined'), cell: (member) => formatDate(member.joinedAt, lang) },
        showSponsor && {
          header: t('team.sponsor'),
          className: 'cell-wrap',
          cell: (member) => (member.sponsorId === null ? t('common.foundation') : `${member.sponsorName ?? ''} (${member.sponsorId})`),
        },
      ]}
    />
  );
}
