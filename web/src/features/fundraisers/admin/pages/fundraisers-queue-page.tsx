import { Link, useSearch } from 'wouter';
import type { TMyFundraiser } from '@sahay/server/modules/fundraisers/fundraisers.schema';
import { AdminGate } from '#web/features/admin/components/admin-gate.public.tsx';
import { AdminPageHeading } from '#web/features/admin/components/admin-page-heading.public.tsx';
import { textIn } from '#web/features/help/help-sharing.public.ts';
import { useLang, useT, type MessageKey } from '#web/i18n/i18n.tsx';
import { formatDate, formatMoney } from '#web/ui/format.ts';
import { LoadError } from '#web/ui/load-error.tsx';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { useFundraiserQueue } from '../use-staff-fundraisers.ts';

type Status = TMyFundraiser['status'];
const STATUSES: readonly Status[] = ['pending', 'approved', 'rejected', 'closed'];
export const STATUS_LABELS: Record<Status, MessageKey> = {
  pending: 'myFundraisers.status.pending',
  approved: 'myFundraisers.status.approved',
  rejected: 'myFundraisers.status.rejected',
  closed: 'myFundraisers.status.closed',
};

export function statusOf(search: string): Status {
  const asked = new URLSearchParams(search).get('status');
  return STATUSES.find((status) => status === asked) ?? 'pending';
}

/** /admin/fundraisers (issue 33): members' fundraisers for `verification`, those waiting first (oldest first). */
export default function FundraisersQueuePage() {
  usePageMeta('adminFundraisers.metaTitle', 'admin.metaDescription', { isNoIndex: true });
  return <AdminGate permission="verification">{() => <FundraisersQueue />}</AdminGate>;
}

function FundraisersQueue() {
  const t = useT();
  const { lang } = useLang();
  const errorText = useErrorText();
  const status = statusOf(useSearch());
  const queue = useFundraiserQueue(status);
  return (
    <div className="container admin-page">
      <AdminPageHeading title={t('adminFundraisers.heading')} />
      <p>{t('adminFundraisers.linkText')}</p>
      <nav aria-label={t('adminFundraisers.statusLegend')}>
        <ul className="filter-links">
          {STATUSES.map((option) => (
            <li key={option}>
              <Link href={option === 'pending' ? '/fundraisers' : `/fundraisers?status=${option}`} aria-current={option === status ? 'page' : undefined}>
                {t(STATUS_LABELS[option])}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {queue.isPending && <p role="status">{t('common.loading')}</p>}
      {queue.isError && <LoadError error={errorText(queue.error, 'adminFundraisers.loadFailed')} onRetry={() => void queue.refetch()} retryLabel={t('common.retry')} />}
      {queue.data && queue.data.fundraisers.length === 0 && <p data-testid="fundraisers-queue-empty">{t('adminFundraisers.empty')}</p>}
      {queue.data && queue.data.fundraisers.length > 0 && (
        <ul className="plain-list" data-testid="fundraisers-queue">
          {queue.data.fundraisers.map((fundraiser) => {
            const title = textIn(fundraiser.title, lang);
            return (
              <li key={fundraiser.id} className="panel">
                <h2 lang={title.lang === lang ? undefined : title.lang}>
                  <Link href={`/fundraisers/${fundraiser.id}`}>{title.text || fundraiser.id}</Link>
                </h2>
                <p className="mono">{fundraiser.id}</p>
                <p>{t('adminFundraisers.organiser', { id: fundraiser.organiserId })}</p>
                <p>{t('adminFundraisers.goal', { goal: formatMoney(fundraiser.goalPaise), raised: formatMoney(fundraiser.raisedPaise), date: formatDate(fundraiser.endsOn, lang) })}</p>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
