import { Link, useParams } from 'wouter';
import type { TApplicationDetail } from '@sahay/server/modules/kanyadan/kanyadan-routes.schema';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '#web/ui/format.ts';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { AdminPageHeading } from '#web/features/admin/components/admin-page-heading.public.tsx';
import type { StaffView } from '@sahay/server/shared/access';
import { abilitiesFor, KanyadanActions } from '../components/kanyadan-actions.tsx';
import { Fact } from '#web/ui/fact.tsx';
import { KanyadanApplicant } from '../components/kanyadan-applicant.tsx';
import { BilingualText } from '../components/kanyadan-decision-forms.tsx';
import { KanyadanDocuments } from '../components/kanyadan-documents.tsx';
import { KanyadanGate } from '../components/kanyadan-gate.public.tsx';
import { KanyadanHistory } from '../components/kanyadan-history.tsx';
import { reasonLabel, stateLabel } from '../components/kanyadan-labels.public.tsx';
import { KanyadanStatusBadge } from '../components/kanyadan-status-badge.tsx';
import { LoadError } from '#web/ui/load-error.tsx';
import { useKanyadanApplication } from '../hooks/use-kanyadan-application.ts';

/** As the family or a colleague may write it: spaces, dashes, lower case. */
export function normaliseRegNo(value: string): string {
  let text = value;
  try {
    text = decodeURIComponent(value);
  } catch {
    // A malformed escape: the server answers that no application has this number.
  }
  return text.replace(/[\s-]/g, '').toUpperCase();
}

/**
 * /admin/kanyadan/:regNo — one application (permission verification or finance): the family masked,
 * the documents one click away, the decisions open to this admin, and the whole history.
 */
export default function KanyadanApplicationPage() {
  const t = useT();
  usePageMeta('admin.kanyadan.detailMetaTitle', 'admin.metaDescription', { isNoIndex: true });
  const { regNo = '' } = useParams<{ regNo?: string }>();
  return (
    <KanyadanGate>
      {(me) => (
        <div className="container admin-page">
          <p className="back-link">
            <Link href="/kanyadan">{t('admin.kanyadan.backToQueue')}</Link>
          </p>
          <KanyadanApplication regNo={normaliseRegNo(regNo)} staff={me} />
        </div>
      )}
    </KanyadanGate>
  );
}

export function KanyadanApplication({ regNo, staff }: { regNo: string; staff: StaffView }) {
  const t = useT();
  const errorText = useErrorText();
  const detail = useKanyadanApplication(regNo);
  if (detail.isPending) return <p role="status">{t('common.loading')}</p>;
  if (detail.isError) return <LoadError error={errorText(detail.error, 'admin.kanyadan.loadOneFailed')} onRetry={() => void detail.refetch()} retryLabel={t('common.retry')} />;
  const application = detail.data;
  const can = abilitiesFor(application, staff);

  return (
    <>
      <AdminPageHeading title={t('admin.kanyadan.detailHeading', { regNo: application.regNo })} />
      <ApplicationFacts application={application} />
      {application.duplicateOf.length > 0 && (
        <div className="notice notice-warning" role="note" data-testid="duplicate-notice">
          <p>
            <strong>{t('admin.kanyadan.possibleDuplicate')}</strong> {t('admin.kanyadan.duplicateHelp')}
          </p>
          <ul>
            {application.duplicateOf.map((other) => (
              <li key={other}>
                <Link href={`/kanyadan/${other}`} className="mono">
                  {other}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
      <KanyadanApplicant application={application} canReveal={can.canReveal} />
      <KanyadanDocuments application={application} canView={can.canReveal} />
      {application.rejection && <Rejection rejection={application.rejection} />}
      {application.benefit && <Benefit benefit={application.benefit} />}
      <KanyadanActions application={application} staff={staff} />
      <KanyadanHistory history={application.history} />
    </>
  );
}

function ApplicationFacts({ application }: { application: TApplicationDetail }) {
  const t = useT();
  const { lang } = useLang();
  const none = t('common.none');
  return (
    <section aria-labelledby="application-facts-heading" className="panel">
      <h2 id="application-facts-heading">{t('admin.kanyadan.application')}</h2>
      <dl className="facts facts-grid">
        <Fact label={t('admin.kanyadan.status')} testId="application-status">
          <KanyadanStatusBadge status={application.status} isErased={application.isErased} />
        </Fact>
        <Fact label={t('admin.kanyadan.submitted')}>{formatDateTime(application.submittedAt, lang)}</Fact>
        <Fact label={t('admin.kanyadan.state')}>{t(stateLabel(application.state))}</Fact>
        <Fact label={t('admin.kanyadan.district')}>{application.district}</Fact>
        <Fact label={t('admin.kanyadan.ageAtSubmission')}>{formatNumber(application.ageYears)}</Fact>
        <Fact label={t('admin.kanyadan.ageToday')}>{application.ageToday === null ? none : formatNumber(application.ageToday)}</Fact>
        <Fact label={t('admin.kanyadan.fee')}>{application.feePaise > 0 ? formatMoney(application.feePaise) : t('admin.kanyadan.noFee')}</Fact>
        <Fact label={t('admin.kanyadan.documents')}>
          {t('admin.kanyadan.documentsReady', { ready: formatNumber(application.documentsReady), sent: formatNumber(application.documentsSent) })}
        </Fact>
      </dl>
    </section>
  );
}

function Rejection({ rejection }: { rejection: NonNullable<TApplicationDetail['rejection']> }) {
  const t = useT();
  return (
    <section aria-labelledby="rejection-heading" className="panel" data-testid="rejection">
      <h2 id="rejection-heading">{t('admin.kanyadan.rejectionHeading')}</h2>
      <dl className="facts">
        <Fact label={t('admin.kanyadan.reasonLabel')}>{t(reasonLabel(rejection.reason))}</Fact>
        <Fact label={t('admin.kanyadan.familyIsTold')}>
          <BilingualText text={rejection.text} />
        </Fact>
        <Fact label={t('admin.kanyadan.noteLabel')}>{rejection.note ?? t('common.none')}</Fact>
      </dl>
    </section>
  );
}

function Benefit({ benefit }: { benefit: NonNullable<TApplicationDetail['benefit']> }) {
  const t = useT();
  const { lang } = useLang();
  const notYet = t('admin.kanyadan.notYet');
  return (
    <section aria-labelledby="benefit-heading" className="panel" data-testid="benefit">
      <h2 id="benefit-heading">{t('admin.kanyadan.benefitHeading')}</h2>
      <dl className="facts facts-grid">
        <Fact label={t('admin.kanyadan.requestedOn')}>{formatDate(benefit.requestedOn, lang)}</Fact>
        {/* Both are the family's and go with an erasure. */}
        <Fact label={t('admin.kanyadan.marriageDate')}>{benefit.marriageDate ? formatDate(benefit.marriageDate, lang) : t('admin.kanyadan.erased')}</Fact>
        <Fact label={t('admin.kanyadan.accountLast4')}>
          <span className="mono">{benefit.accountLast4 ?? t('admin.kanyadan.erased')}</span>
        </Fact>
        <Fact label={t('admin.kanyadan.approvedAmount')}>{benefit.amountPaise === null ? notYet : formatMoney(benefit.amountPaise)}</Fact>
        <Fact label={t('admin.kanyadan.utr')}>{benefit.utr ? <span className="mono">{benefit.utr}</span> : notYet}</Fact>
        <Fact label={t('admin.kanyadan.paidOn')}>{benefit.paidOn ? formatDate(benefit.paidOn, lang) : notYet}</Fact>
      </dl>
    </section>
  );
}
