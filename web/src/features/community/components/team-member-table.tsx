import type { TTeamMember } from '@sahay/server/modules/community/team.schema';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { formatDate } from '#web/ui/format.ts';
import { TableScroll } from '#web/ui/table-scroll.tsx';

/** Members of the team: User ID, Name, Joined, and the sponsor where the table spans several sponsors. */
export function TeamMemberTable({ caption, members, showSponsor = false, testId }: { caption: string; members: readonly TTeamMember[]; showSponsor?: boolean; testId?: string }) {
  const t = useT();
  const { lang } = useLang();
  return (
    <TableScroll label={caption}>
      <table className="table" data-testid={testId}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('team.userId')}</th>
            <th scope="col">{t('team.name')}</th>
            <th scope="col">{t('team.joined')}</th>
            {showSponsor && <th scope="col">{t('team.sponsor')}</th>}
          </tr>
        </thead>
        <tbody>
          {members.map((member) => (
            <tr key={member.userId}>
              <td className="mono">{member.userId}</td>
              <td>{member.fullName}</td>
              <td>{formatDate(member.joinedAt, lang)}</td>
              {showSponsor && <td>{member.sponsorId === null ? t('common.foundation') : `${member.sponsorName ?? ''} (${member.sponsorId})`}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
