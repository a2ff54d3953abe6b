import type { z } from 'zod';
import type { ZMemberEntrySchema } from '@sahay/server/modules/admin/members/members.schema';
import { useT } from '#web/i18n/i18n.tsx';

/** Active, suspended or erased; an active member who has not confirmed the e-mail counts as non-active for the sponsor. */
export function MemberStatus({ member }: { member: Pick<z.infer<typeof ZMemberEntrySchema>, 'status' | 'isEmailVerified'> }) {
  const t = useT();
  if (member.status === 'suspended') return <span className="badge badge-suspended">{t('admin.members.suspended')}</span>;
  if (member.status === 'erased') return <span className="badge badge-used">{t('admin.members.erased')}</span>;
  return (
    <span className={member.isEmailVerified ? 'badge badge-unused' : 'badge badge-used'}>
      {t(member.isEmailVerified ? 'admin.members.active' : 'admin.members.emailNotConfirmed')}
    </span>
  );
}
