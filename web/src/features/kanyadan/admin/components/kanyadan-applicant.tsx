import type { TApplicantDetails, TApplicationDetail } from '@sahay/server/modules/kanyadan/kanyadan-routes.schema';
import { useLang, useT, type MessageKey } from '#web/i18n/i18n.tsx';
import { formatDate } from '#web/ui/format.ts';
import { FormError } from '#web/ui/form/form-status.tsx';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { useRevealApplicant } from '../hooks/use-kanyadan-application.ts';
import { casteKey, genderKey, relationKey } from './kanyadan-labels.public.tsx';
import { Fact } from '#web/ui/fact.tsx';

/**
 * The girl and her family: masked for everyone (initials, year of birth, last digits); in full for
 * the verification team on request, and each such view is recorded in the application's history.
 * After an erasure there is nobody to show.
 */
export function KanyadanApplicant({ application, canReveal }: { application: TApplicationDetail; canReveal: boolean }) {
  const t = useT();
  const errorText = useErrorText();
  const reveal = useRevealApplicant(application.regNo);
  const { masked } = application;
  const none = t('common.none');
  const label = (key: MessageKey | undefined, value: string) => (key ? t(key) : value);

  return (
    <section aria-labelledby="applicant-heading" className="panel" data-testid="applicant">
      <h2 id="applicant-heading">{t('admin.kanyadan.applicantHeading')}</h2>
      {application.isErased || !masked ? (
        <p data-testid="applicant-erased">
          <strong className="badge badge-used">{t('admin.kanyadan.erased')}</strong> {t('admin.kanyadan.applicantErased')}
        </p>
      ) : (
        <>
          <p className="field-hint">{t('admin.kanyadan.maskedNote')}</p>
          <dl className="facts facts-grid" data-testid="applicant-masked">
            <Fact label={t('admin.kanyadan.girlName')}>{masked.girlName}</Fact>
            <Fact label={t('admin.kanyadan.fatherName')}>{masked.fatherName}</Fact>
            <Fact label={t('admin.kanyadan.motherName')}>{masked.motherName ?? none}</Fact>
            <Fact label={t('admin.kanyadan.birthYear')}>{masked.birthYear}</Fact>
            <Fact label={t('admin.kanyadan.phone')}>
              <span className="mono">{masked.phone}</span>
            </Fact>
            <Fact label={t('admin.kanyadan.aadhaar')}>{masked.aadhaar ? <span className="mono">{masked.aadhaar}</span> : t('admin.kanyadan.notGiven')}</Fact>
            <Fact label={t('admin.kanyadan.email')}>{t(masked.hasEmail ? 'admin.kanyadan.given' : 'admin.kanyadan.notGiven')}</Fact>
            <Fact label={t('admin.kanyadan.guardianRelation')}>{label(relationKey(masked.guardianRelation), masked.guardianRelation)}</Fact>
          </dl>
          {canReveal && !reveal.data && (
            <div data-testid="reveal">
              <p>{t('admin.kanyadan.revealNote')}</p>
              <button type="button" className="btn btn-secondary" disabled={reveal.isPending} aria-busy={reveal.isPending || undefined} onClick={() => reveal.mutate({ regNo: application.regNo })}>
                {reveal.isPending ? t('admin.kanyadan.revealing') : t('admin.kanyadan.reveal')}
              </button>
              {reveal.error && <FormError {...errorText(reveal.error, 'admin.kanyadan.revealFailed')} />}
            </div>
          )}
          {reveal.data && <FullDetails details={reveal.data} onHide={() => reveal.reset()} />}
        </>
      )}
    </section>
  );
}

function FullDetails({ details, onHide }: { details: TApplicantDetails; onHide: () => void }) {
  const t = useT();
  const { lang } = useLang();
  const none = t('common.none');
  const label = (key: MessageKey | undefined, value: string) => (key ? t(key) : value);
  return (
    <div data-testid="applicant-full">
      <h3>{t('admin.kanyadan.fullDetailsHeading')}</h3>
      <p className="field-hint">{t('admin.kanyadan.fullDetailsNote')}</p>
      <dl className="facts facts-grid">
        <Fact label={t('admin.kanyadan.girlName')}>{details.girlName}</Fact>
        <Fact label={t('admin.kanyadan.dob')}>{formatDate(details.dob, lang)}</Fact>
        <Fact label={t('admin.kanyadan.gender')}>{label(genderKey(details.gender), details.gender)}</Fact>
        <Fact label={t('admin.kanyadan.fatherName')}>{details.fatherName}</Fact>
        <Fact label={t('admin.kanyadan.motherName')}>{details.motherName ?? none}</Fact>
        <Fact label={t('admin.kanyadan.phone')}>
          <a href={`tel:${details.phone}`} className="mono">
            {details.phone}
          </a>
        </Fact>
        <Fact label={t('admin.kanyadan.email')}>{details.email ? <a href={`mailto:${details.email}`}>{details.email}</a> : none}</Fact>
        <Fact label={t('admin.kanyadan.aadhaar')}>{details.aadhaarLast4 ? <span className="mono">{t('admin.kanyadan.aadhaarLast4', { digits: details.aadhaarLast4 })}</span> : t('admin.kanyadan.notGiven')}</Fact>
        <Fact label={t('admin.kanyadan.schoolName')}>{details.schoolName ?? none}</Fact>
        <Fact label={t('admin.kanyadan.schoolAddress')}>{details.schoolAddress ?? none}</Fact>
        <Fact label={t('admin.kanyadan.className')}>{details.className ?? none}</Fact>
        <Fact label={t('admin.kanyadan.fatherRegNo')}>{details.fatherRegNo ? <span className="mono">{details.fatherRegNo}</span> : none}</Fact>
        <Fact label={t('admin.kanyadan.caste')}>{label(casteKey(details.caste), details.caste)}</Fact>
        <Fact label={t('admin.kanyadan.guardianName')}>{details.guardianName}</Fact>
        <Fact label={t('admin.kanyadan.guardianRelation')}>{label(relationKey(details.guardianRelation), details.guardianRelation)}</Fact>
        {details.bankAccount && (
          <>
            <Fact label={t('admin.kanyadan.accountHolder')}>{details.bankAccount.accountHolder}</Fact>
            <Fact label={t('admin.kanyadan.accountNumber')}>
              <span className="mono">{details.bankAccount.accountNumber}</span>
            </Fact>
            <Fact label={t('admin.kanyadan.ifsc')}>
              <span className="mono">{details.bankAccount.ifsc}</span>
            </Fact>
          </>
        )}
      </dl>
      <p>
        <button type="button" className="btn btn-secondary" onClick={onHide}>
          {t('admin.kanyadan.hideDetails')}
        </button>
      </p>
    </div>
  );
}
