import { Link } from 'wouter';
import type { TMeResponse } from '@sahay/server/modules/identity/accounts/me.schema';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { formatDate } from '#web/ui/format.ts';
import { FormError, Notice } from '#web/ui/form/form-status.tsx';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { ImpactCards } from '#web/features/community/components/impact-cards.public.tsx';
import { MyDonations } from '#web/features/donations/components/my-donations.public.tsx';
import { MyFundraisersList } from '#web/features/fundraisers/components/my-fundraisers-list.public.tsx';
import { MemberArea } from '../components/member-area.public.tsx';
import { MemberLinks } from '../components/member-links.public.tsx';
import { ReferralLinkBox } from '../components/referral-link-box.tsx';
import { InviteWithCode } from '#web/features/community/components/invite-with-code.public.tsx';
import { useSiteData } from '#web/features/site/site-data.public.tsx';
import { useHeldEpins } from '#web/features/community/hooks/use-held-epins.public.ts';
import { shareableCode } from '#web/features/community/shareable-code.public.ts';
import { useLogout } from '../hooks/use-logout.public.ts';
import { useResendConfirmation } from '../hooks/use-resend-confirmation.ts';
import { referralLinkOf } from '../referral.public.ts';

export default function DashboardPage() {
  usePageMeta('dashboard.metaTitle', 'dashboard.metaDescription');
  return <MemberArea>{(me) => <Dashboard me={me} />}</MemberArea>;
}

function Dashboard({ me }: { me: NonNullable<TMeResponse> }) {
  const t = useT();
  const { lang } = useLang();
  const errorText = useErrorText();
  const logout = useLogout('/login?done=logout');
  const { isInviteOnly } = useSiteData().settings;
  const held = useHeldEpins();
  const hasCodeToShare = held.data ? shareableCode(held.data.epins, new Date()) !== null : false;
  const logoutError = logout.error ? errorText(logout.error, 'errorPage.heading') : undefined;

  function onLogout() {
    logout.mutate();
  }

  const logoutButton = (
    <button type="button" className="btn btn-secondary" onClick={onLogout} disabled={logout.isPending}>
      {logout.isPending ? t('common.loggingOut') : t('common.logout')}
    </button>
  );

  // Verified e-mail but not active means suspended or closed (PRODUCT.md §4).
  if (!me.isActive && me.isEmailVerified) {
    return (
      <div className="container page-narrow">
        <div role="alert" className="form-error">
          <p>{t('dashboard.inactive')}</p>
        </div>
        <p className="actions">
          <Link href="/login" className="btn btn-primary">
            {t('dashboard.returnToLogin')}
          </Link>
        </p>
      </div>
    );
  }

  return (
    <div className="container page-narrow">
      <h1>{t('dashboard.welcome', { name: me.fullName })}</h1>
      {!me.isEmailVerified && <EmailNotConfirmed />}
      <section aria-labelledby="account-heading" className="panel">
        <h2 id="account-heading">{t('dashboard.details')}</h2>
        <dl className="facts">
          <div>
            <dt>{t('dashboard.userId')}</dt>
            <dd data-testid="user-id">{me.userId}</dd>
          </div>
          <div>
            <dt>{t('dashboard.sponsor')}</dt>
            <dd data-testid="sponsor-name">{me.sponsorId === null ? t('common.foundation') : (me.sponsorName ?? me.sponsorId)}</dd>
          </div>
          <div>
            <dt>{t('dashboard.joined')}</dt>
            <dd>{formatDate(me.joinedAt, lang)}</dd>
          </div>
        </dl>
      </section>
      <section aria-labelledby="referral-heading" className="panel">
        <h2 id="referral-heading">{t('dashboard.referralHeading')}</h2>
        <p>{t('dashboard.referralHelp')}</p>
        {isInviteOnly && <InviteWithCode holderId={me.userId} sponsorName={me.sponsorId === null ? null : (me.sponsorName ?? me.sponsorId)} />}
        {/* With invite-only registration a link is offered only to a member with a code to give (issue 32): without one it cannot work. */}
        {(!isInviteOnly || hasCodeToShare) && <ReferralLinkBox link={referralLinkOf(me.userId, window.location.origin, lang)} />}
      </section>
      <section aria-labelledby="impact-heading" className="panel">
        <h2 id="impact-heading">{t('impact.heading')}</h2>
        <ImpactCards />
      </section>
      <MyDonations userId={me.userId} />
      {/* Issue 33: the member's fundraisers with their progress; gifts through them are the foundation's. */}
      <section aria-labelledby="my-fundraisers-heading" className="panel">
        <h2 id="my-fundraisers-heading">{t('myFundraisers.dashboardHeading')}</h2>
        <MyFundraisersList isCompact headingLevel={3} />
        <p>
          <Link href="/my-fundraisers">{t('myFundraisers.dashboardLink')}</Link>
        </p>
      </section>
      <MemberLinks />
      <FormError message={logoutError?.message} hint={logoutError?.hint} />
      <p className="actions">{logoutButton}</p>
    </div>
  );
}

/** PRODUCT.md §4: until the e-mailed link is opened, an alert with a resend button. */
function EmailNotConfirmed() {
  const t = useT();
  const errorText = useErrorText();
  const resend = useResendConfirmation();
  const error = resend.error ? errorText(resend.error, 'dashboard.resendFailed') : undefined;
  return (
    <Notice tone="warning">
      <p>{t('dashboard.emailNotVerified')}</p>
      <p role="status">{resend.isSuccess && t('dashboard.resent')}</p>
      <FormError message={error?.message} hint={error?.hint} />
      {!resend.isSuccess && (
        <button type="button" className="btn btn-secondary" disabled={resend.isPending} onClick={() => resend.mutate()}>
          {resend.isPending ? t('dashboard.resending') : t('dashboard.resend')}
        </button>
      )}
    </Notice>
  );
}
