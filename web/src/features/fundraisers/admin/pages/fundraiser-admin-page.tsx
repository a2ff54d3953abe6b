import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'wouter';
import { fieldErrorsOf } from '#web/api/errors.ts';
import { AdminGate } from '#web/features/admin/components/admin-gate.public.tsx';
import { AdminPageHeading } from '#web/features/admin/components/admin-page-heading.public.tsx';
import { paragraphsOf, textIn } from '#web/features/help/help-sharing.public.ts';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { formatDate, formatMoney } from '#web/ui/format.ts';
import { FormError, Notice, SubmitButton } from '#web/ui/form/form-status.tsx';
import { TextField } from '#web/ui/form/text-field.tsx';
import { LoadError } from '#web/ui/load-error.tsx';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { FUNDRAISER_CAUSE_LABELS } from '../../fundraiser-text.ts';
import { useFundraiserDecisions, useStaffFundraiser } from '../use-staff-fundraisers.ts';
import { STATUS_LABELS } from './fundraisers-queue-page.tsx';

/** /admin/fundraisers/:id (issue 33): read a fundraiser, approve or refuse it, and hide supporters' messages. */
export default function FundraiserAdminPage() {
  usePageMeta('adminFundraisers.metaTitle', 'admin.metaDescription', { isNoIndex: true });
  const { id = '' } = useParams<{ id?: string }>();
  return <AdminGate permission="verification">{() => <FundraiserAdmin id={id.toUpperCase()} />}</AdminGate>;
}

function FundraiserAdmin({ id }: { id: string }) {
  const t = useT();
  const { lang, translateServer } = useLang();
  const errorText = useErrorText();
  const fundraiser = useStaffFundraiser(id);
  const decisions = useFundraiserDecisions();
  const [reason, setReason] = useState('');
  const failed = decisions.approve.error ?? decisions.reject.error ?? decisions.hide.error;
  const failure = failed ? errorText(failed, 'adminFundraisers.loadFailed') : undefined;

  if (fundraiser.isPending) return <p role="status">{t('common.loading')}</p>;
  if (fundraiser.isError) return <LoadError error={errorText(fundraiser.error, 'adminFundraisers.loadFailed')} onRetry={() => void fundraiser.refetch()} retryLabel={t('common.retry')} />;
  const data = fundraiser.data;
  const title = textIn(data.title, lang);
  const causeLabel = FUNDRAISER_CAUSE_LABELS[data.cause];

  function onReject(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    decisions.reject.mutate({ id, reason });
  }

  return (
    <div className="container admin-page" data-testid="fundraiser-admin">
      <p className="back-link">
        <Link href="/fundraisers">{t('adminFundraisers.back')}</Link>
      </p>
      <AdminPageHeading title={title.text || data.id} />
      <p>
        <strong data-testid="fundraiser-admin-status">{t(STATUS_LABELS[data.status])}</strong> · <span className="mono">{data.id}</span>
      </p>
      <p>{t('adminFundraisers.organiser', { id: data.organiserId })}</p>
      <p>{data.helpRequestId ? t('fundraiser.forHelpRequest', { id: data.helpRequestId }) : causeLabel && t('fundraiser.forCause', { cause: t(causeLabel) })}</p>
      <p>{t('adminFundraisers.goal', { goal: formatMoney(data.goalPaise), raised: formatMoney(data.raisedPaise), date: formatDate(data.endsOn, lang) })}</p>
      <img className="fundraiser-photo" src={data.photoUrl} alt={t('fundraiser.photoAlt', { title: title.text || data.id })} width={800} height={600} />
      {(['en', 'hi'] as const).map((storyLang) =>
        data.story[storyLang] ? (
          <div key={storyLang} className="help-story" lang={storyLang}>
            {data.title[storyLang] && <h2>{data.title[storyLang]}</h2>}
            {paragraphsOf(data.story[storyLang]!).map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </div>
        ) : null,
      )}
      {data.rejectionReason && <Notice tone="warning">{t('myFundraisers.rejected', { reason: data.rejectionReason })}</Notice>}
      <FormError message={failure?.message} hint={failure?.hint} />
      {data.status === 'pending' && (
        <>
          <p className="actions">
            <button type="button" className="btn btn-primary" disabled={decisions.approve.isPending} onClick={() => decisions.approve.mutate({ id })} data-testid="fundraiser-approve">
              {decisions.approve.isPending ? t('adminFundraisers.approving') : t('adminFundraisers.approve')}
            </button>
          </p>
          <form className="form" noValidate onSubmit={onReject}>
            <TextField name="reason" label={t('adminFundraisers.reason')} value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} errors={fieldErrorsOf(decisions.reject.error).reason?.map(translateServer)} />
            <SubmitButton isBusy={decisions.reject.isPending} label={t('adminFundraisers.reject')} busyLabel={t('adminFundraisers.rejecting')} />
          </form>
        </>
      )}
      <section aria-labelledby="fundraiser-messages">
        <h2 id="fundraiser-messages">{t('adminFundraisers.messages')}</h2>
        {data.messages.length === 0 ? (
          <p>{t('adminFundraisers.noMessages')}</p>
        ) : (
          <ul className="fundraiser-supporters" data-testid="fundraiser-admin-messages">
            {data.messages.map((message) => (
              <li key={message.reference}>
                <strong>{message.name ?? t('fundraiser.anonymous')}</strong> <span className="mono">{message.reference}</span>
                <q>{message.message}</q>
                {message.isHidden ? (
                  <p>{t('adminFundraisers.hidden')}</p>
                ) : (
                  <button type="button" className="btn btn-secondary" disabled={decisions.hide.isPending} onClick={() => decisions.hide.mutate({ id, reference: message.reference })}>
                    {t('adminFundraisers.hide')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
