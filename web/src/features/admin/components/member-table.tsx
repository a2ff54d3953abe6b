import { Link } from 'wouter';
import type { z } from 'zod';
import type { ZMemberEntrySchema } from '@sahay/server/modules/admin/members/members.schema';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { formatDate } from '#web/ui/format.ts';
import { TableScroll } from '#web/ui/table-scroll.tsx';
import { MemberStatus } from './member-status.tsx';

export type MemberEntry = z.infer<typeof ZMemberEntrySchema>;

/** Members found or listed, each linking to its detail page. */
export function MemberTable({ caption, members, testId }: { caption: string; members: readonly MemberEntry[]; testId?: string }) {
  const t = useT();
  const { lang } = useLang();
  return (
    <TableScroll label={caption}>
      <table className="table" data-testid={testId}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.members.userId')}</th>
            <th scope="col">{t('admin.members.name')}</th>
            <th scope="col">{t('admin.members.phone')}</th>
            <th scope="col">{t('admin.members.email')}</th>
            <th scope="col">{t('admin.members.status')}</th>
            <th scope="col">{t('admin.members.joined')}</th>
          </tr>
        </thead>
        <tbody>
          {members.map((member) => (
            <tr key={member.userId}>
              <td className="mono">
                <Link href={`/members/${member.userId}`}>{member.userId}</Link>
              </td>
              <td>{member.fullName}</td>
              <td>{member.phone ?? t('common.none')}</td>
              <td>{member.email ?? t('common.none')}</td>
              <td>
                <MemberStatus member={member} />
              </td>
              <td>{formatDate(member.joinedAt, lang)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
