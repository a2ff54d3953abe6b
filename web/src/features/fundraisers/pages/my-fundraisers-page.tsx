import { Link, useSearch } from 'wouter';
import { MemberArea } from '#web/features/identity/components/member-area.public.tsx';
import { BackToDashboard } from '#web/features/identity/components/member-links.public.tsx';
import { useT } from '#web/i18n/i18n.tsx';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { MyFundraisersList } from '../components/my-fundraisers-list.public.tsx';

const FUNDRAISER_ID = /^F[A-HJKMNP-Z2-9]{9}$/;

/** /my-fundraisers (issue 33): the member's fundraisers with their progress, and the way to start one. */
export default function MyFundraisersPage() {
  usePageMeta('myFundraisers.metaTitle', 'myFundraisers.metaDescription', { isNoIndex: true });
  return <MemberArea>{() => <MyFundraisers />}</MemberArea>;
}

function MyFundraisers() {
  const t = useT();
  const sent = new URLSearchParams(useSearch()).get('sent')?.trim().toUpperCase() ?? '';
  return (
    <div className="container page-narrow">
      <BackToDashboard />
      <h1>{t('myFundraisers.heading')}</h1>
      <p>{t('myFundraisers.intro')}</p>
      <div role="status" data-testid="my-fundraisers-notice">
        {FUNDRAISER_ID.test(sent) && (
          <div className="notice notice-success">
            <p>{t('myFundraisers.form.sent', { id: sent })}</p>
          </div>
        )}
      </div>
      <p className="actions">
        <Link href="/my-fundraisers/new" className="btn btn-primary" data-testid="start-fundraiser">
          {t('myFundraisers.start')}
        </Link>
      </p>
      <MyFundraisersList />
    </div>
  );
}
