import { useState } from 'react';
import { Link, useParams } from 'wouter';
import type { TMyHelpRequest } from '@sahay/server/modules/help/help.schema';
import { MemberArea } from '#web/features/identity/components/member-area.public.tsx';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { formatMoney } from '#web/ui/format.ts';
import { LoadFailure } from '#web/ui/load-failure.tsx';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { PostUpdateForm, type UpdateFormTexts } from '../components/post-update-form.tsx';
import { DirectGiftsReceived } from '../components/member/direct-gifts-received.tsx';
import { DisbursementForm } from '../components/member/disbursement-form.tsx';
import { DisbursementHistory } from '../components/member/disbursement-history.tsx';
import { canWithdraw } from '../components/member/disbursement-rules.ts';
import { titleIn } from '../components/member/my-help-request-card.tsx';
import { usePostHelpUpdate } from '../hooks/member-direct-gifts.ts';
import { useMyDisbursements } from '../hooks/member-disbursements.ts';
import { useMyHelpRequests } from '../hooks/member-help-requests.ts';

/**
 * /my-help/:id — the member's own published or closed request (PRODUCT.md §8): the gifts people
 * say they sent straight to the beneficiary, to confirm or reject; the money the foundation holds
 * for it ("Disbursement": verified donations earmarked for it, what can be withdrawn now, the
 * withdrawal form, and every withdrawal asked for so far); and an update for its public page.
 */
export default function MyHelpRequestPage() {
  usePageMeta('myHelp.withdraw.metaTitle', 'myHelp.withdraw.metaDescription', { isNoIndex: true });
  const { id = '' } = useParams<{ id?: string }>();
  return <MemberArea>{() => <MyHelpRequestMoney id={id.trim().toUpperCase()} />}</MemberArea>;
}

/** Only a published or closed request can have money held for it, gifts sent to it, or updates. */
export function hasMoneyHeld(request: Pick<TMyHelpRequest, 'status'>): boolean {
  return request.status === 'published' || request.status === 'closed';
}

export function MyHelpRequestMoney({ id }: { id: string }) {
  const t = useT();
  const { lang } = useLang();
  const mine = useMyHelpRequests();
  const request = mine.data?.requests.find((candidate) => candidate.id === id);
  const title = request ? titleIn(request.title, lang) : null;

  return (
    <div className="container page-narrow">
      <p className="back-link">
        <Link href="/my-help">{t('myHelp.form.back')}</Link>
      </p>
      {mine.isPending && <p role="status">{t('common.loading')}</p>}
      {mine.isError && <LoadFailure message={t('myHelp.loadFailed')} error={mine.error} onRetry={() => void mine.refetch()} />}
      {mine.data && !request && (
        <>
          <h1>{t('myHelp.withdraw.heading')}</h1>
          <p data-testid="withdraw-not-found">{t('myHelp.withdraw.notFound', { id })}</p>
        </>
      )}
      {request && title && (
        <>
          <h1>
            <span lang={title.lang === lang ? undefined : title.lang}>{title.text}</span>
          </h1>
          <p>{t('myHelp.withdraw.requestNumber', { id: request.id })}</p>
          {hasMoneyHeld(request) ? (
            <>
              <DirectGiftsReceived requestId={request.id} />
              <MoneyHeld id={request.id} />
              <RequesterUpdate id={request.id} />
            </>
          ) : (
            <p data-testid="withdraw-not-open">{t('myHelp.withdraw.notOpen')}</p>
          )}
        </>
      )}
    </div>
  );
}

function MoneyHeld({ id }: { id: string }) {
  const t = useT();
  const money = useMyDisbursements(id);
  /** What the member just did: said above the form, whose history is asked for again. */
  const [notice, setNotice] = useState<string | null>(null);

  if (money.isPending) return <p role="status">{t('common.loading')}</p>;
  if (money.isError) return <LoadFailure message={t('myHelp.withdraw.loadFailed')} error={money.error} onRetry={() => void money.refetch()} />;
  const { earmarkedPaise, availablePaise, chargeBasisPoints, disbursements } = money.data;

  return (
    <>
      <section aria-labelledby="withdraw-held-heading" className="panel" data-testid="withdraw-held">
        <h2 id="withdraw-held-heading">{t('myHelp.withdraw.heldHeading')}</h2>
        <p>{t('myHelp.withdraw.heldIntro')}</p>
        <dl className="facts facts-grid">
          <div>
            <dt>{t('myHelp.withdraw.earmarked')}</dt>
            <dd data-testid="withdraw-earmarked">{formatMoney(earmarkedPaise)}</dd>
          </div>
          <div>
            <dt>{t('myHelp.withdraw.available')}</dt>
            <dd data-testid="withdraw-available">{formatMoney(availablePaise)}</dd>
          </div>
        </dl>
      </section>
      <section aria-labelledby="withdraw-form-heading" className="panel">
        <h2 id="withdraw-form-heading">{t('myHelp.withdraw.formHeading')}</h2>
        <div role="status" data-testid="withdraw-notice">
          {notice && (
            <div className="notice notice-success">
              <p>{notice}</p>
            </div>
          )}
        </div>
        {canWithdraw(availablePaise) ? (
          <>
            <p>{t('myHelp.withdraw.formIntro')}</p>
            <DisbursementForm requestId={id} availablePaise={availablePaise} chargeBasisPoints={chargeBasisPoints} onRequested={setNotice} />
          </>
        ) : (
          <p data-testid="withdraw-nothing">{t('myHelp.withdraw.nothingAvailable')}</p>
        )}
      </section>
      {/* Not a named region itself: the table's scrolling box is one, by the same name (axe: landmark-unique). */}
      <section>
        <h2 id="withdraw-history-heading">{t('myHelp.withdraw.historyHeading')}</h2>
        <DisbursementHistory disbursements={disbursements} />
      </section>
    </>
  );
}

const UPDATE_TEXTS: UpdateFormTexts = {
  heading: 'myHelp.update.heading',
  intro: 'myHelp.update.intro',
  textEn: 'myHelp.update.textEn',
  textHi: 'myHelp.update.textHi',
  hint: 'myHelp.update.hint',
  submit: 'myHelp.update.submit',
  busy: 'myHelp.sending',
  done: 'myHelp.update.done',
  failed: 'myHelp.update.failed',
};

/** "Post an update": news for the people following the request, on its public page (help.postUpdate). */
function RequesterUpdate({ id }: { id: string }) {
  const postUpdate = usePostHelpUpdate();
  return <PostUpdateForm id={id} mutation={postUpdate} texts={UPDATE_TEXTS} />;
}
