import type { TProfile } from '@sahay/server/modules/identity/profile/profile.schema';
import { LoadFailure } from '#web/ui/load-failure.tsx';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { formatDate } from '#web/ui/format.ts';
import { FormError } from '#web/ui/form/form-status.tsx';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { isLeavingConfirmed } from '#web/ui/leave-guard.ts';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { ChangePasswordForm } from '../components/change-password-form.tsx';
import { IdCardDownload } from '../components/id-card-download.tsx';
import { IdPhotoUpload } from '../components/id-photo-upload.tsx';
import { MemberArea } from '../components/member-area.public.tsx';
import { BackToDashboard } from '../components/member-links.public.tsx';
import { PersonalDetailsForm } from '../components/personal-details-form.tsx';
import { QrCodeUpload } from '../components/qr-code-upload.tsx';
import { useLogout } from '../hooks/use-logout.public.ts';
import { useProfile } from '../hooks/use-profile.public.ts';

/** /profile — Account Info, Personal Details, UPI QR, Change Password, I-card photo and Download I-Card, Logout (PRODUCT.md §4; issue 16). */
export default function ProfilePage() {
  usePageMeta('profile.metaTitle', 'profile.metaDescription', { isNoIndex: true });
  return <MemberArea>{() => <Profile />}</MemberArea>;
}

function Profile() {
  const t = useT();
  const profile = useProfile();
  return (
    <div className="container page-narrow">
      <BackToDashboard />
      <h1>{t('profile.heading')}</h1>
      {profile.isPending && <p role="status">{t('common.loading')}</p>}
      {profile.isError && <LoadFailure message={t('profile.loadFailed')} error={profile.error} onRetry={() => void profile.refetch()} />}
      {profile.data && <ProfileSections profile={profile.data} />}
      <LogoutButton />
    </div>
  );
}

function ProfileSections({ profile }: { profile: TProfile }) {
  const t = useT();
  const { lang } = useLang();
  return (
    <>
      {/* Five sections on one long page: reachable from the top on a phone (issue 16). */}
      <nav aria-label={t('profile.sectionsLabel')} className="page-sections">
        <ul>
          {(
            [
              ['account-info-heading', 'profile.accountInfo'],
              ['details-heading', 'profile.personalDetails'],
              ['qr-heading', 'profile.qr.heading'],
              ['password-heading', 'password.heading'],
              ['id-card-heading', 'idCard.heading'],
            ] as const
          ).map(([id, label]) => (
            <li key={id}>
              <a href={`#${id}`}>{t(label)}</a>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="account-info-heading" className="panel">
        <h2 id="account-info-heading">{t('profile.accountInfo')}</h2>
        <dl className="facts">
          <div>
            <dt>{t('profile.userId')}</dt>
            <dd className="mono">{profile.userId}</dd>
          </div>
          <div>
            <dt>{t('profile.fullName')}</dt>
            <dd>{profile.fullName}</dd>
          </div>
          <div>
            <dt>{t('profile.email')}</dt>
            <dd>{profile.email}</dd>
          </div>
          <div>
            <dt>{t('profile.sponsor')}</dt>
            <dd>{profile.sponsorId === null ? t('common.foundation') : `${profile.sponsorName ?? ''} (${profile.sponsorId})`}</dd>
          </div>
          <div>
            <dt>{t('profile.joined')}</dt>
            <dd>{formatDate(profile.joinedAt, lang)}</dd>
          </div>
          <div>
            <dt>{t('profile.status')}</dt>
            <dd>{t(profile.isActive ? 'profile.active' : profile.isEmailVerified ? 'profile.inactive' : 'profile.emailNotConfirmed')}</dd>
          </div>
        </dl>
      </section>
      <section aria-labelledby="details-heading" className="panel">
        <h2 id="details-heading">{t('profile.personalDetails')}</h2>
        <PersonalDetailsForm details={profile.details} fullName={profile.fullName} />
      </section>
      <section aria-labelledby="qr-heading" className="panel">
        <h2 id="qr-heading">{t('profile.qr.heading')}</h2>
        <QrCodeUpload userId={profile.userId} qrCode={profile.qrCode} />
      </section>
      <section aria-labelledby="password-heading" className="panel">
        <h2 id="password-heading">{t('password.heading')}</h2>
        <ChangePasswordForm />
      </section>
      <section aria-labelledby="id-card-heading" className="panel">
        <h2 id="id-card-heading">{t('idCard.heading')}</h2>
        <IdPhotoUpload userId={profile.userId} idPhoto={profile.idPhoto} />
        <IdCardDownload isActive={profile.isActive} />
      </section>
    </>
  );
}

function LogoutButton() {
  const t = useT();
  const errorText = useErrorText();
  const logout = useLogout('/login?done=logout');
  const error = logout.error ? errorText(logout.error, 'errorPage.heading') : undefined;
  return (
    <>
      <FormError message={error?.message} hint={error?.hint} />
      <p className="actions">
        <button
          type="button"
          className="btn btn-secondary"
          disabled={logout.isPending}
          // Asked before signing out, not after: a refusal then would leave a signed-out page behind.
          onClick={() => {
            if (isLeavingConfirmed()) logout.mutate();
          }}
        >
          {logout.isPending ? t('common.loggingOut') : t('common.logout')}
        </button>
      </p>
    </>
  );
}
