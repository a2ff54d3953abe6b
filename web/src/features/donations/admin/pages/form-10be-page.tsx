import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { TCertificateRow, TForm10BEDashboard, TUploadCertificatesResponse } from '@sahay/server/modules/donations/form-10be/form-10be.schema';
import { fieldErrorsOf, httpStatusOf, serverMessageOf } from '#web/api/errors.ts';
import { indiaDateOf } from '#web/features/donations/financial-year.ts';
import { displayReference } from '#web/features/donations/reference.public.ts';
import { useLang, useT, type MessageKey, type TranslateFn } from '#web/i18n/i18n.tsx';
import { formatDate, formatMoney, formatNumber } from '#web/ui/format.ts';
import { FormError, Notice, SubmitButton } from '#web/ui/form/form-status.tsx';
import { TextField } from '#web/ui/form/text-field.tsx';
import { LoadError } from '#web/ui/load-error.tsx';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { AdminGate } from '#web/features/admin/components/admin-gate.public.tsx';
import { AdminPageHeading } from '#web/features/admin/components/admin-page-heading.public.tsx';
import {
  CERTIFICATE_UPLOAD_MAX_BYTES,
  CERTIFICATE_UPLOAD_MAX_FILES,
  useForm10BEDashboard,
  useMatchCertificate,
  useUploadCertificates,
  useWaitingCertificates,
} from '../hooks/use-form-10be.ts';
import { financialYearChoices, lastCompletedFinancialYear } from './finance-exports-page.tsx';

type Reason = NonNullable<TCertificateRow['reason']>;

export const REASON_LABELS: Record<Reason, MessageKey> = {
  'no-donor': 'finance.form10be.reasons.no-donor',
  'name-differs': 'finance.form10be.reasons.name-differs',
  'several-donors': 'finance.form10be.reasons.several-donors',
};

/** What the file input offers: the portal's PDFs and its ZIP download (the server tells them by content). */
const CERTIFICATE_FILE_TYPES = '.pdf,.zip,application/pdf,application/zip';

/** Why the chosen files are not sent (checked in the browser to spare a refused upload), or null. */
export function choiceProblem(files: readonly { size: number }[]): 'none' | 'too-many' | 'too-large' | null {
  if (files.length === 0) return 'none';
  if (files.length > CERTIFICATE_UPLOAD_MAX_FILES) return 'too-many';
  if (files.some((file) => file.size > CERTIFICATE_UPLOAD_MAX_BYTES)) return 'too-large';
  return null;
}

const CHOICE_PROBLEMS: Record<NonNullable<ReturnType<typeof choiceProblem>>, MessageKey> = {
  none: 'finance.form10be.chooseFiles',
  'too-many': 'finance.form10be.tooManyFiles',
  'too-large': 'finance.form10be.fileTooLarge',
};

/** The year the upload's certificates are of, when they are all of one (the page then shows that year). */
export function yearOfUpload(answer: TUploadCertificatesResponse): string | null {
  const years = new Set(answer.certificates.map((certificate) => certificate.financialYear));
  return years.size === 1 ? [...years][0]! : null;
}

/** /admin/form-10be — upload the Form 10BE certificates the portal issued, see the year's figures, and match by hand those that wait for a person (permission finance). */
export default function Form10BEPage() {
  usePageMeta('finance.form10be.metaTitle', 'admin.metaDescription', { isNoIndex: true });
  return <AdminGate permission="finance">{() => <Form10BE today={indiaDateOf(new Date())} />}</AdminGate>;
}

export function Form10BE({ today }: { today: string }) {
  const t = useT();
  const [financialYear, setFinancialYear] = useState(() => lastCompletedFinancialYear(today));
  const choices = financialYearChoices(today);
  const years = choices.includes(financialYear) ? choices : [financialYear, ...choices];

  return (
    <div className="container admin-page page-narrow">
      <AdminPageHeading title={t('finance.form10be.heading')} />
      <p>{t('finance.form10be.intro')}</p>
      <UploadCertificates onUploaded={(year) => setFinancialYear(year)} />
      <div className="field">
        <label htmlFor="form-10be-year">{t('finance.form10be.financialYear')}</label>
        <select id="form-10be-year" value={financialYear} onChange={(event) => setFinancialYear(event.target.value)} data-testid="form-10be-year">
          {years.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
      </div>
      <YearFigures financialYear={financialYear} />
      <WaitingCertificates financialYear={financialYear} />
    </div>
  );
}

/** The file's errors from a refusal: its own field, or a 413 refused before the form was read. */
function fileErrorsOf(error: unknown): string[] | undefined {
  const named = fieldErrorsOf(error).file;
  if (named?.length) return named;
  const message = serverMessageOf(error);
  return httpStatusOf(error) === 413 && message ? [message] : undefined;
}

function UploadCertificates({ onUploaded }: { onUploaded: (financialYear: string) => void }) {
  const t = useT();
  const { translateServer } = useLang();
  const errorText = useErrorText();
  const upload = useUploadCertificates();
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<ReturnType<typeof choiceProblem>>(null);
  const fileField = useRef<HTMLDivElement>(null);
  const fileErrors = problem ? [t(CHOICE_PROBLEMS[problem])] : fileErrorsOf(upload.error)?.map(translateServer);
  const failure = upload.error && !fileErrorsOf(upload.error) ? errorText(upload.error, 'finance.form10be.uploadFailed') : undefined;

  function onFilesChange(event: ChangeEvent<HTMLInputElement>) {
    setFiles([...(event.target.files ?? [])]);
    setProblem(null);
    upload.reset();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = choiceProblem(files);
    setProblem(found);
    const input = () => fileField.current?.querySelector('input');
    if (found) {
      upload.reset();
      input()?.focus();
      return;
    }
    upload.mutate(files, {
      onSuccess: (answer) => {
        const year = yearOfUpload(answer);
        if (year) onUploaded(year);
      },
      // A refusal is told beside the files: the person is taken there, and hears it.
      onError: (error) => {
        if (fileErrorsOf(error)) input()?.focus();
      },
    });
  }

  return (
    <section className="panel" aria-labelledby="form-10be-upload-heading">
      <h2 id="form-10be-upload-heading">{t('finance.form10be.uploadHeading')}</h2>
      <p>{t('finance.form10be.uploadHelp')}</p>
      <form className="form" noValidate onSubmit={onSubmit} data-testid="form-10be-upload">
        <div ref={fileField}>
          <TextField
            name="file"
            type="file"
            multiple
            accept={CERTIFICATE_FILE_TYPES}
            label={t('finance.form10be.files')}
            hint={t('finance.form10be.filesHint')}
            onChange={onFilesChange}
            errors={fileErrors}
            data-testid="form-10be-files"
          />
        </div>
        <FormError message={failure?.message} hint={failure?.hint} />
        <SubmitButton isBusy={upload.isPending} label={t('finance.form10be.upload')} busyLabel={t('finance.form10be.uploading')} />
      </form>
      <div role="status">{upload.data && <UploadAnswer answer={upload.data} />}</div>
    </section>
  );
}

/** The summary line of an upload's answer. */
export function uploadSummary(t: TranslateFn, answer: TUploadCertificatesResponse): string {
  const matched = answer.certificates.filter((certificate) => certificate.status === 'matched').length;
  return t('finance.form10be.uploadSummary', {
    read: formatNumber(answer.certificates.length),
    matched: formatNumber(matched),
    waiting: formatNumber(answer.certificates.length - matched),
    refused: formatNumber(answer.refused.length),
  });
}

/** The answer per file: each certificate read (matched, or waiting and why), and each file not taken with its reason. */
function UploadAnswer({ answer }: { answer: TUploadCertificatesResponse }) {
  const t = useT();
  const { translateServer } = useLang();
  return (
    <div data-testid="form-10be-answer">
      <Notice tone={answer.refused.length > 0 ? 'warning' : 'success'}>
        <p data-testid="form-10be-summary">{uploadSummary(t, answer)}</p>
        {answer.certificates.length > 0 && (
          <ul>
            {answer.certificates.map((certificate) => (
              <li key={certificate.id} data-status={certificate.status}>
                <span className="mono">{certificate.file}</span>
                {' — '}
                {t('finance.form10be.certificateLine', { donor: certificate.donorName, year: certificate.financialYear, amount: formatMoney(certificate.amountPaise) })}
                {': '}
                {certificate.status === 'matched' ? t('finance.form10be.matched') : t('finance.form10be.waitingBecause', { reason: t(REASON_LABELS[certificate.reason ?? 'no-donor']) })}
                {!certificate.isNew && ` ${t('finance.form10be.alreadyUploaded')}`}
              </li>
            ))}
          </ul>
        )}
        {answer.refused.length > 0 && (
          <>
            <p>{t('finance.form10be.refusedIntro')}</p>
            <ul data-testid="form-10be-refused">
              {answer.refused.map((file, index) => (
                <li key={`${index}-${file.file}`}>
                  <span className="mono">{file.file}</span>
                  {' — '}
                  {translateServer(file.message)}
                </li>
              ))}
            </ul>
          </>
        )}
      </Notice>
    </div>
  );
}

const FIGURES: ReadonlyArray<{ key: keyof Omit<TForm10BEDashboard, 'financialYear' | 'form10bdDueOn' | 'form10beDueOn'>; label: MessageKey }> = [
  { key: 'donorsInFiling', label: 'finance.form10be.figures.donorsInFiling' },
  { key: 'uploaded', label: 'finance.form10be.figures.uploaded' },
  { key: 'matched', label: 'finance.form10be.figures.matched' },
  { key: 'unmatched', label: 'finance.form10be.figures.unmatched' },
  { key: 'sent', label: 'finance.form10be.figures.sent' },
  { key: 'opened', label: 'finance.form10be.figures.opened' },
  { key: 'missing', label: 'finance.form10be.figures.missing' },
];

/** The year's figures (donors in the filing, uploaded, matched, waiting, sent, opened, missing) and the two due dates. */
function YearFigures({ financialYear }: { financialYear: string }) {
  const t = useT();
  const { lang } = useLang();
  const errorText = useErrorText();
  const dashboard = useForm10BEDashboard(financialYear);
  const data = dashboard.data;
  return (
    <section className="panel" aria-labelledby="form-10be-figures-heading" data-testid="form-10be-figures">
      <h2 id="form-10be-figures-heading">{t('finance.form10be.figuresHeading', { year: financialYear })}</h2>
      {dashboard.isPending && <p role="status">{t('common.loading')}</p>}
      {dashboard.isError && <LoadError error={errorText(dashboard.error, 'finance.form10be.loadFailed')} onRetry={() => void dashboard.refetch()} retryLabel={t('common.retry')} />}
      {data && (
        <>
          <dl className="stats">
            {FIGURES.map(({ key, label }) => (
              <div className="stat" key={key} data-figure={key}>
                <dt className="stat-label">{t(label)}</dt>
                <dd className="stat-value">{formatNumber(data[key])}</dd>
              </div>
            ))}
          </dl>
          <p>{t('finance.form10be.figuresHelp')}</p>
          <ul>
            <li>{t('finance.form10be.form10bdDue', { date: formatDate(data.form10bdDueOn, lang) })}</li>
            <li>{t('finance.form10be.form10beDue', { date: formatDate(data.form10beDueOn, lang) })}</li>
          </ul>
        </>
      )}
    </section>
  );
}

/** What became of the last hand match: told above the list, since the certificate leaves it either way. */
type MatchOutcome = { kind: 'matched' | 'conflict'; donor: string };

/** The year's certificates that wait for a person, each with the same-ID gifts to give it to. */
function WaitingCertificates({ financialYear }: { financialYear: string }) {
  const t = useT();
  const errorText = useErrorText();
  const waiting = useWaitingCertificates(financialYear);
  const [outcome, setOutcome] = useState<MatchOutcome | null>(null);
  const certificates = waiting.data?.certificates ?? [];
  return (
    <section className="panel" aria-labelledby="form-10be-waiting-heading" data-testid="form-10be-waiting">
      <h2 id="form-10be-waiting-heading">{t('finance.form10be.waitingHeading', { count: formatNumber(certificates.length) })}</h2>
      <div role="status" data-testid="form-10be-matched">
        {outcome?.kind === 'matched' && <Notice tone="success">{t('finance.form10be.matchedByHand', { donor: outcome.donor })}</Notice>}
      </div>
      <FormError message={outcome?.kind === 'conflict' ? t('finance.form10be.conflict', { donor: outcome.donor }) : undefined} />
      {waiting.isPending && <p role="status">{t('common.loading')}</p>}
      {waiting.isError && <LoadError error={errorText(waiting.error, 'finance.form10be.loadFailed')} onRetry={() => void waiting.refetch()} retryLabel={t('common.retry')} />}
      {waiting.data && certificates.length === 0 && <p>{t('finance.form10be.noneWaiting')}</p>}
      {certificates.length > 0 && (
        <>
          <p>{t('finance.form10be.waitingHelp')}</p>
          {certificates.map((certificate) => (
            <WaitingCertificate key={certificate.id} certificate={certificate} onOutcome={setOutcome} />
          ))}
        </>
      )}
    </section>
  );
}

/** One certificate waiting for a person: what it says, why it waits, and the same-ID gifts of its year to give it to. */
function WaitingCertificate({ certificate, onOutcome }: { certificate: TCertificateRow; onOutcome: (outcome: MatchOutcome | null) => void }) {
  const t = useT();
  const { lang, translateServer } = useLang();
  const errorText = useErrorText();
  const match = useMatchCertificate();
  const [reference, setReference] = useState('');
  const [isUnchosen, setIsUnchosen] = useState(false);
  const baseId = `form-10be-${certificate.id}`;
  const referenceErrors = fieldErrorsOf(match.error).reference;
  const choiceError = isUnchosen ? t('finance.form10be.chooseDonation') : referenceErrors?.map(translateServer).join(' ');
  // Another admin matching it first (409) is told above the list: the certificate leaves it.
  const failure = match.error && !referenceErrors && httpStatusOf(match.error) !== 409 ? errorText(match.error, 'finance.form10be.matchFailed') : undefined;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reference === '') {
      setIsUnchosen(true);
      match.reset();
      event.currentTarget.querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
      return;
    }
    setIsUnchosen(false);
    onOutcome(null);
    const chosen = certificate.candidates.find((candidate) => candidate.reference === reference);
    match.mutate(
      { id: certificate.id, reference },
      {
        onSuccess: () => onOutcome({ kind: 'matched', donor: chosen?.donorName ?? displayReference(reference) }),
        onError: (error) => {
          if (httpStatusOf(error) === 409) onOutcome({ kind: 'conflict', donor: certificate.donorName ?? displayReference(reference) });
        },
      },
    );
  }

  return (
    <article className="field-group" aria-labelledby={`${baseId}-heading`} data-testid="form-10be-waiting-certificate">
      <h3 id={`${baseId}-heading`}>{t('finance.form10be.certificateHeading', { donor: certificate.donorName ?? t('common.none'), year: certificate.financialYear })}</h3>
      <dl className="facts">
        <div>
          <dt>{t('finance.form10be.reason')}</dt>
          <dd>{t(REASON_LABELS[certificate.reason ?? 'no-donor'])}</dd>
        </div>
        <div>
          <dt>{t('finance.form10be.idNumber')}</dt>
          <dd className="mono">{certificate.idNumber ?? t('common.none')}</dd>
        </div>
        <div>
          <dt>{t('finance.form10be.amount')}</dt>
          <dd>{formatMoney(certificate.amountPaise)}</dd>
        </div>
        <div>
          <dt>{t('finance.form10be.arn')}</dt>
          <dd className="mono">{certificate.arn}</dd>
        </div>
      </dl>
      {certificate.candidates.length === 0 ? (
        <p>{t('finance.form10be.noCandidates')}</p>
      ) : (
        <form className="form" noValidate onSubmit={onSubmit}>
          <fieldset aria-describedby={choiceError ? `${baseId}-error` : undefined}>
            <legend>{t('finance.form10be.chooseLegend')}</legend>
            {certificate.candidates.map((candidate) => (
              <div className="field-check" key={candidate.reference}>
                <input
                  id={`${baseId}-${candidate.reference}`}
                  type="radio"
                  name={`${baseId}-donation`}
                  value={candidate.reference}
                  checked={reference === candidate.reference}
                  onChange={() => setReference(candidate.reference)}
                  aria-invalid={choiceError ? true : undefined}
                />
                <label htmlFor={`${baseId}-${candidate.reference}`}>
                  {t('finance.form10be.candidate', {
                    donor: candidate.donorName,
                    reference: displayReference(candidate.reference),
                    date: formatDate(candidate.receivedOn, lang),
                    amount: formatMoney(candidate.amountPaise),
                  })}
                </label>
              </div>
            ))}
            {choiceError && (
              <p className="field-error" id={`${baseId}-error`}>
                {choiceError}
              </p>
            )}
          </fieldset>
          <FormError message={failure?.message} hint={failure?.hint} />
          <SubmitButton isBusy={match.isPending} label={t('finance.form10be.match')} busyLabel={t('common.submitting')} />
        </form>
      )}
    </article>
  );
}
