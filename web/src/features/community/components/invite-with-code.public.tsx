import { Link } from 'wouter';
import { useT } from '#web/i18n/i18n.tsx';
import { useSiteData } from '#web/features/site/site-data.public.tsx';
import { useHeldEpins } from '../hooks/use-held-epins.public.ts';
import { shareableCode } from '../shareable-code.public.ts';
import { ShareCodeButtons } from './share-code-buttons.tsx';

/**
 * On the dashboard (issue 16): a friend needs an invite code as well as the referral link, so the
 * member shares a link with one of their unused codes in it, filled in for the friend; or, with none
 * to share, learns how to get one and from whom, and is offered no link that cannot work (issue 32).
 * Codes are free, and no money is attached to any of this.
 *
 * sponsorName: the member who invited this one (null: the foundation did).
 */
export function InviteWithCode({ holderId, sponsorName }: { holderId: string; sponsorName: string | null }) {
  const t = useT();
  const held = useHeldEpins();
  const { settings } = useSiteData();
  if (!held.data) return null;
  const code = shareableCode(held.data.epins, new Date());
  const office = [settings.phone, settings.email].filter(Boolean).join(', ');
  return (
    <div className="invite-with-code" data-testid="invite-with-code" id="invite-with-code" tabIndex={-1}>
      <h3>{t('inviteWithCode.heading')}</h3>
      {code ? (
        <>
          <p>{t('inviteWithCode.ready', { code })}</p>
          <ShareCodeButtons code={code} holderId={holderId} />
        </>
      ) : (
        <div data-testid="no-code-to-share">
          <p>{t('inviteWithCode.none')}</p>
          <p>{t('inviteWithCode.howToGetOne')}</p>
          <ul>
            {sponsorName && <li>{t('inviteWithCode.askSponsor', { name: sponsorName })}</li>}
            <li>{office ? t('inviteWithCode.askOffice', { contact: office }) : t('inviteWithCode.askOfficeNoContact')}</li>
          </ul>
          <p>{t('inviteWithCode.free')}</p>
          <p>
            <Link href="/epin-dashboard">{t('inviteWithCode.codesLink')}</Link>
          </p>
        </div>
      )}
    </div>
  );
}
