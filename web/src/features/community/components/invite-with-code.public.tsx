import { Link } from 'wouter';
import { useT } from '#web/i18n/i18n.tsx';
import { useHeldEpins } from '../hooks/use-held-epins.public.ts';
import { shareableCode } from '../shareable-code.public.ts';
import { ShareCodeButtons } from './share-code-buttons.tsx';

/**
 * On the dashboard (issue 16): a friend needs an invite code as well as the referral link, so the
 * member shares a link with one of their unused codes in it, filled in for the friend; or learns
 * that they have none to share. No money is attached to any of this.
 */
export function InviteWithCode({ holderId }: { holderId: string }) {
  const t = useT();
  const held = useHeldEpins();
  if (!held.data) return null;
  const code = shareableCode(held.data.epins, new Date());
  return (
    <div className="invite-with-code" data-testid="invite-with-code">
      <h3>{t('inviteWithCode.heading')}</h3>
      {code ? (
        <>
          <p>{t('inviteWithCode.ready', { code })}</p>
          <ShareCodeButtons code={code} holderId={holderId} />
        </>
      ) : (
        <p>
          {t('inviteWithCode.none')} <Link href="/epin-dashboard">{t('inviteWithCode.codesLink')}</Link>
        </p>
      )}
    </div>
  );
}
