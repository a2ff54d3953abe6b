import { Link, useLocation } from 'wouter';
import { MemberArea } from '#web/features/identity/components/member-area.public.tsx';
import { useProfile } from '#web/features/identity/hooks/use-profile.public.ts';
import { useT } from '#web/i18n/i18n.tsx';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { AskHelpForm, type ProfilePayout } from '../components/member/ask-help-form.tsx';

/** /my-help/new — a member asks for help (PRODUCT.md §8); staff check it before anyone else sees it. */
export default function AskHelpPage() {
  usePageMeta('myHelp.newMetaTitle', 'myHelp.newMetaDescription', { isNoIndex: true });
  return <MemberArea>{(me) => <AskHelp userId={me.userId} />}</MemberArea>;
}

export function AskHelp({ userId }: { userId: string }) {
  const t = useT();
  const [, navigate] = useLocation();
  const profile = useProfile();
  // The payout fields start from the profile's: the form waits for it (or for its failure) to fill them in once.
  const payout: ProfilePayout | null = profile.data ? { state: 'loaded', details: profile.data.details } : profile.isError ? { state: 'failed' } : null;

  return (
    <div className="container page-narrow">
      <p className="back-link">
        <Link href="/my-help">{t('myHelp.form.back')}</Link>
      </p>
      <h1>{t('myHelp.form.heading')}</h1>
      <p>{t('myHelp.form.intro')}</p>
      {payout ? (
        <AskHelpForm userId={userId} profile={payout} onSent={(answer) => navigate(`/my-help?sent=${encodeURIComponent(answer.id)}`)} />
      ) : (
        <p role="status">{t('common.loading')}</p>
      )}
    </div>
  );
}
