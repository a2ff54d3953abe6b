import { Link } from 'wouter';
import type { TMyFundraiser } from '@sahay/server/modules/fundraisers/fundraisers.schema';
import { textIn } from '#web/features/help/help-sharing.public.ts';
import { useLang, useT, type MessageKey } from '#web/i18n/i18n.tsx';
import { formatDate } from '#web/ui/format.ts';
import { FormError } from '#web/ui/form/form-status.tsx';
import { LoadFailure } from '#web/ui/load-failure.tsx';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { useCloseFundraiser, useMyFundraisers } from '../hooks/member-fundraisers.ts';
import { FundraiserProgress } from './fundraiser-progress.tsx';

const STATUS_LABELS: Record<TMyFundraiser['status'] | 'ended', MessageKey> = {
  pending: 'myFundraisers.status.pending',
  approved: 'myFundraisers.status.approved',
  rejected: 'myFundraisers.status.rejected',
  closed: 'myFundraisers.status.closed',
  ended: 'myFundraisers.status.ended',
};

/**
 * The member's fundraisers with their progress (verified gifts only): where each stands, a link to
 * its public page once approved, and a way to close it. Never a donor: the server's list has none.
 * Its fundraisers' headings are one level below the page's (or section's) own.
 */
export function MyFundraisersList({ isCompact = false, headingLevel = 2 }: { isCompact?: boolean; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const t = useT();
  const { lang } = useLang();
  const errorText = useErrorText();
  const mine = useMyFundraisers();
  const close = useCloseFundraiser();
  const closeError = close.error ? errorText(close.error, 'myFundraisers.loadFailed') : undefined;

  if (mine.isPending) return <p role="status">{t('common.loading')}</p>;
  if (mine.isError) return <LoadFailure message={t('myFundraisers.loadFailed')} error={mine.error} onRetry={() => void mine.refetch()} />;
  if (mine.data.fundraisers.length === 0) return <p data-testid="my-fundraisers-empty">{t('myFundraisers.empty')}</p>;
  return (
    <>
      <FormError message={closeError?.message} hint={closeError?.hint} />
      <ul className="plain-list" data-testid="my-fundraisers">
        {mine.data.fundraisers.map((fundraiser) => {
          const title = textIn(fundraiser.title, lang);
          const status = fundraiser.status === 'approved' && !fundraiser.isOpen ? 'ended' : fundraiser.status;
          const isPublic = fundraiser.status === 'approved' || fundraiser.status === 'closed';
          return (
            <li key={fundraiser.id} className="panel" data-testid={`my-fundraiser-${fundraiser.id}`}>
              <Heading lang={title.lang === lang ? undefined : title.lang}>{title.text || fundraiser.id}</Heading>
              <p>
                <strong data-testid="my-fundraiser-status">{t(STATUS_LABELS[status])}</strong> · {t('myFundraisers.endsOn', { date: formatDate(fundraiser.endsOn, lang) })}
              </p>
              <FundraiserProgress raisedPaise={fundraiser.raisedPaise} goalPaise={fundraiser.goalPaise} gifts={fundraiser.gifts} />
              {fundraiser.rejectionReason && <p>{t('myFundraisers.rejected', { reason: fundraiser.rejectionReason })}</p>}
              {!isCompact && (
                <p className="actions">
                  {isPublic && (
                    <Link href={`~/fundraisers/${fundraiser.id}`} className="btn btn-secondary">
                      {t('myFundraisers.view')}
                    </Link>
                  )}
                  {(fundraiser.status === 'pending' || fundraiser.status === 'approved') && (
                    <button
                      type="button"
                      className="btn btn-secondary"
                      disabled={close.isPending}
                      onClick={() => {
                        if (window.confirm(t('myFundraisers.closeConfirm'))) close.mutate({ id: fundraiser.id });
                      }}
                    >
                      {close.isPending && close.variables?.id === fundraiser.id ? t('myFundraisers.closing') : t('myFundraisers.close')}
                    </button>
                  )}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
