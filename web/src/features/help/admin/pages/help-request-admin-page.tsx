import { Link, useParams } from 'wouter';
import type { THelpRequestAdminDetail } from '@sahay/server/modules/help/help.schema';
import { PostUpdateForm, type UpdateFormTexts } from '#web/features/help/components/post-update-form.tsx';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { formatDate, formatDateTime, formatMoney } from '#web/ui/format.ts';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { AdminGate } from '#web/features/admin/components/admin-gate.public.tsx';
import { AdminPageHeading } from '#web/features/admin/components/admin-page-heading.public.tsx';
import { HelpBeneficiary } from '../components/help-beneficiary.tsx';
import { HelpDocuments } from '../components/help-documents.tsx';
import { HELP_CATEGORY_LABELS, HELP_CLOSE_REASON_LABELS, HELP_STATUS_LABELS, HELP_STATUS_TONES } from '../components/help-labels.public.ts';
import { HelpRequestActions } from '../components/help-request-actions.tsx';
import { Fact } from '#web/ui/fact.tsx';
import { LoadError } from '#web/ui/load-error.tsx';
import { usePostHelpUpdateAsStaff } from '../hooks/use-gift-disputes.ts';
import { useHelpRequestDetail } from '../hooks/use-help-requests.ts';

/** As a colleague may paste it: spaces, dashes, lower case. */
export function normaliseHelpId(value: string): string {
  let text = value;
  try {
    text = decodeURIComponent(value);
  } catch {
    // A malformed escape: the server answers that no request has this number.
  }
  return text.replace(/[\s-]/g, '').toUpperCase();
}

/**
 * /admin/help/:id — one help request for the verification team: the need in both languages, the
 * documents one click away, the beneficiary on request, the identity check, questions to the
 * requester, and the decision; once published, an update for its public page.
 */
export default function HelpRequestAdminPage() {
  const t = useT();
  usePageMeta('admin.help.detailMetaTitle', 'admin.metaDescription', { isNoIndex: true });
  const { id = '' } = useParams<{ id?: string }>();
  return (
    <AdminGate permission="verification">
      {(me) => (
        <div className="container admin-page">
          <p className="back-link">
            <Link href="/help">{t('admin.help.backToQueue')}</Link>
          </p>
          <HelpRequestAdmin id={normaliseHelpId(id)} staffId={me.userId} />
        </div>
      )}
    </AdminGate>
  );
}

export function HelpRequestAdmin({ id, staffId }: { id: string; staffId: string }) {
  const t = useT();
  const errorText = useErrorText();
  const detail = useHelpRequestDetail(id);
  if (detail.isPending) return <p role="status">{t('common.loading')}</p>;
  if (detail.isError) return <LoadError error={errorText(detail.error, 'admin.help.loadOneFailed')} onRetry={() => void detail.refetch()} retryLabel={t('common.retry')} />;
  const request = detail.data;
  return (
    <>
      <AdminPageHeading title={t('admin.help.detailHeading', { id: request.id })} />
      <RequestFacts request={request} />
      <RequestText request={request} />
      {request.rejection && <Rejection rejection={request.rejection} />}
      {request.closure && <Closure closure={request.closure} />}
      <HelpDocuments detail={request} />
      <HelpBeneficiary request={request} />
      <HelpRequestActions detail={request} staffId={staffId} />
      {(request.status === 'published' || request.status === 'closed') && <StaffUpdate id={request.id} />}
    </>
  );
}

function RequestFacts({ request }: { request: THelpRequestAdminDetail }) {
  const t = useT();
  const { lang } = useLang();
  const none = t('common.none');
  return (
    <section aria-labelledby="help-facts-heading" className="panel">
      <h2 id="help-facts-heading">{t('admin.help.requestHeading')}</h2>
      <dl className="facts facts-grid">
        <Fact label={t('admin.help.status')} testId="help-status">
          <span className={`badge ${HELP_STATUS_TONES[request.status] ?? 'badge-used'}`}>{t(HELP_STATUS_LABELS[request.status])}</span>
        </Fact>
        <Fact label={t('admin.help.category')}>{t(HELP_CATEGORY_LABELS[request.category])}</Fact>
        <Fact label={t('admin.help.amount')}>{formatMoney(request.amountNeededPaise)}</Fact>
        <Fact label={t('admin.help.raised')}>{formatMoney(request.raisedPaise)}</Fact>
        <Fact label={t('admin.help.requester')}>
          {request.requesterName ?? none} (<span className="mono">{request.requesterId}</span>)
        </Fact>
        <Fact label={t('admin.help.requestedAt')}>{formatDateTime(request.requestedAt, lang)}</Fact>
        <Fact label={t('admin.help.publishedAt')}>{request.publishedAt ? formatDateTime(request.publishedAt, lang) : t('admin.help.notYet')}</Fact>
        <Fact label={t('admin.help.closesOn')}>{request.closesOn ? formatDate(request.closesOn, lang) : none}</Fact>
      </dl>
      {request.status === 'published' && (
        <p>
          <Link href={`~/help/${request.id}`}>{t('admin.help.publicPage')}</Link>
        </p>
      )}
    </section>
  );
}

/** The title and story as the requester wrote them, each in its own language (screen readers switch voice). */
function RequestText({ request }: { request: THelpRequestAdminDetail }) {
  const t = useT();
  const missing = <p className="muted">{t('admin.help.notGiven')}</p>;
  return (
    <section aria-labelledby="help-text-heading" className="panel" data-testid="help-text">
      <h2 id="help-text-heading">{t('admin.help.textHeading')}</h2>
      <h3>{t('admin.help.inEnglish')}</h3>
      {request.title.en ? (
        <p lang="en">
          <strong>{request.title.en}</strong>
        </p>
      ) : (
        missing
      )}
      {request.story.en ? (
        <p lang="en" className="message-text">
          {request.story.en}
        </p>
      ) : (
        missing
      )}
      <h3>{t('admin.help.inHindi')}</h3>
      {request.title.hi ? (
        <p lang="hi">
          <strong>{request.title.hi}</strong>
        </p>
      ) : (
        missing
      )}
      {request.story.hi ? (
        <p lang="hi" className="message-text">
          {request.story.hi}
        </p>
      ) : (
        missing
      )}
    </section>
  );
}

function Rejection({ rejection }: { rejection: NonNullable<THelpRequestAdminDetail['rejection']> }) {
  const t = useT();
  const { lang } = useLang();
  return (
    <section aria-labelledby="help-rejection-heading" className="panel" data-testid="help-rejection">
      <h2 id="help-rejection-heading">{t('admin.help.rejectionHeading')}</h2>
      <p className="message-text">{rejection.reason ?? t('admin.help.beneficiaryErased')}</p>
      <p className="field-hint">{t('admin.help.decidedBy', { by: rejection.rejectedBy, at: formatDateTime(rejection.rejectedAt, lang) })}</p>
    </section>
  );
}

function Closure({ closure }: { closure: NonNullable<THelpRequestAdminDetail['closure']> }) {
  const t = useT();
  const { lang } = useLang();
  return (
    <section aria-labelledby="help-closure-heading" className="panel" data-testid="help-closure">
      <h2 id="help-closure-heading">{t('admin.help.closureHeading')}</h2>
      <p>{t(HELP_CLOSE_REASON_LABELS[closure.reason])}</p>
      <p className="field-hint">
        {closure.closedBy ? t('admin.help.decidedBy', { by: closure.closedBy, at: formatDateTime(closure.closedAt, lang) }) : t('admin.help.closedOn', { at: formatDateTime(closure.closedAt, lang) })}
      </p>
    </section>
  );
}

const UPDATE_TEXTS: UpdateFormTexts = {
  heading: 'admin.help.update.heading',
  intro: 'admin.help.update.intro',
  textEn: 'admin.help.update.textEn',
  textHi: 'admin.help.update.textHi',
  hint: 'admin.help.update.hint',
  submit: 'admin.help.update.submit',
  busy: 'common.submitting',
  done: 'admin.help.update.done',
  failed: 'admin.help.update.failed',
};

/** "Post an update" as the foundation's staff (help.admin.postUpdate): shown on the public page as from staff. */
function StaffUpdate({ id }: { id: string }) {
  const postUpdate = usePostHelpUpdateAsStaff();
  return <PostUpdateForm id={id} mutation={postUpdate} texts={UPDATE_TEXTS} />;
}
