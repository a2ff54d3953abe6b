import { Link } from 'wouter';
import type { z } from 'zod';
import type { ZMemberEntrySchema } from '@sahay/server/modules/admin/members/members.schema';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { formatDate } from '#web/ui/format.ts';
import { ResponsiveTable } from '#web/ui/responsive-table.tsx';
import { MemberStatus } from './member-status.tsx';

export type MemberEntry = z.infer<typeof ZMemberEntrySchema>;

/** Members found or listed, each linking to its detail page; a card per member on a phone. */
export function MemberTable({ caption, members, testId }: { caption: string; members: readonly MemberEntry[]; testId?: string }) {
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
        { header: t('admin.members.userId'), className: 'mono', cell: (member) => <Link href={`/members/${member.userId}`}>{member.userId}</Link> },
        { header: t('admin.members.name'), className: 'cell-wrap', cell: (member) => member.fullName },
        { header: t('admin.members.phone'), cell: (member) => member.phone ?? t('common.none') },
        { header: t('admin.members.email'), cell: (member) => member.email ?? t('common.none') },
        { header: t('admin.members.status'), cell: (member) => <MemberStatus member={member} /> },
        { header: t('admin.members.joined'), cell: (member) => formatDate(member.joinedAt, lang) },
      ]}
    />
  );
}
