import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { ZRecordForm10BDFilingRequestSchema } from '@sahay/server/modules/donations/exports/record-form-10bd-filing.schema';
import type { TGetForm10BDYearResponse } from '@sahay/server/modules/donations/exports/form-10bd-year.schema';
import { fieldErrorsOf, type FieldErrors } from '#web/api/errors.ts';
import { DonationStatusBadge } from '#web/features/donations/components/donation-status-badge.tsx';
import { indiaDateOf } from '#web/features/donations/financial-year.ts';
import { normaliseReference } from '#web/features/donations/reference.public.ts';
import { useLang, useT, type MessageKey } from '#web/i18n/i18n.tsx';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '#web/ui/format.ts';
import { FormError, Notice, SubmitButton } from '#web/ui/form/form-status.tsx';
import { TextField } from '#web/ui/form/text-field.tsx';
import { LoadError } from '#web/ui/load-error.tsx';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { ResponsiveTable } from '#web/ui/responsive-table.tsx';
import { issuesToFieldErrors, useErrorText } from '#web/ui/use-error-text.ts';
import { AdminGate } from '#web/features/admin/components/admin-gate.public.tsx';
import { AdminPageHeading } from '#web/features/admin/components/admin-page-heading.public.tsx';
import { useForm10BDYear, useRecordForm10BDFiling } from '../hooks/use-form-10bd.ts';
import { financialYearChoices, form10BDHref, lastCompletedFinancialYear } from './finance-exports-page.tsx';

const REASON_LABELS: Record<TGetForm10BDYearResponse['unfileable'][number]['reason'], MessageKey> = {
  'no-id': 'finance.form10bd.reasons.no-id',
  'no-latin-name': 'finance.form10bd.reasons.no-latin-name',
  'donor-erased': 'finance.form10bd.reasons.donor-erased',
};

/** /admin/form-10bd — a financial year's Form 10BD filings, the gifts changed since, and those that cannot be filed (permission finance). */
export default function Form10BDPage() {
  usePageMeta('finance.form10bd.metaTitle', 'admin.metaDescription', { isNoIndex: true });
  return <AdminGate permission="finance">{() => <Form10BD today={indiaDateOf(new Date())} />}</AdminGate>;
}

export function Form10BD({ today }: { today: string }) {
  const t = useT();
  const { lang } = useLang();
  const errorText = useErrorText();
  const [financialYear, setFinancialYear] = useState(() => lastCompletedFinancialYear(today));
  const year = useForm10BDYear(financialYear);
  const data = year.data;
  const linkOf = (reference: string) => `/donations/${normaliseReference(reference) ?? reference}`;

  return (
    <div className="container admin-page page-narrow">
      <AdminPageHeading title={t('finance.form10bd.heading')} />
      <p>{t('finance.form10bd.intro')}</p>
      <div className="field">
        <label htmlFor="form-10bd-year">{t('finance.form10bd.financialYear')}</label>
        <select id="form-10bd-year" value={financialYear} onChange={(event) => setFinancialYear(event.target.value)}>
          {financialYearChoices(today).map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
      </div>
      {year.isPending && <p role="status">{t('common.loading')}</p>}
      {year.isError && <LoadError error={errorText(year.error, 'finance.form10bd.loadFailed')} onRetry={() => void year.refetch()} retryLabel={t('common.retry')} />}
      {data && (
        <>
          <section className="panel" aria-labelledby="form-10bd-statement-heading" data-testid="form-10bd-statement">
            <h2 id="form-10bd-statement-heading">{financialYear}</h2>
            <p>{t('finance.form10bd.summary', { rows: formatNumber(data.rows), total: formatMoney(data.totalPaise) })}</p>
            <p className="actions">
              <a className="btn btn-primary" href={form10BDHref('10bd', financialYear)} download data-testid="form-10bd-download-link">
                {t('finance.form10bd.download')}
              </a>
              {data.filings.length > 0 && (
                <a className="btn btn-secondary" href={form10BDHref('10bd', financialYear, true)} download data-testid="form-10bd-revised-link">
                  {t('finance.form10bd.downloadRevised')}
                </a>
              )}
              <a className="btn btn-secondary" href={form10BDHref('10bd-missing-id', financialYear)} download>
                {t('finance.form10bd.downloadUnfileable')}
              </a>
            </p>
          </section>

          <section className="panel" aria-labelledby="form-10bd-filings-heading" data-testid="form-10bd-filings">
            <h2 id="form-10bd-filings-heading">{t('finance.form10bd.filingsHeading')}</h2>
            {data.filings.length === 0 ? (
              <p>{t('finance.form10bd.noFilings')}</p>
            ) : (
              <ResponsiveTable
                label={t('finance.form10bd.filingsHeading')}
                rows={data.filings}
                rowKey={(filing) => filing.acknowledgementNumber}
                columns={[
                  { header: t('finance.form10bd.filedOn'), cell: (filing) => formatDate(filing.filedOn, lang) },
                  { header: t('finance.form10bd.acknowledgementNumber'), className: 'mono', cell: (filing) => filing.acknowledgementNumber },
                  { header: t('finance.form10bd.kind'), cell: (filing) => t(filing.isRevision ? 'finance.form10bd.revision' : 'finance.form10bd.original') },
                ]}
              />
            )}
            <FilingForm key={financialYear} financialYear={financialYear} today={today} />
          </section>

          {data.filings.length > 0 && (
            <section className="panel" aria-labelledby="form-10bd-changed-heading" data-testid="form-10bd-changed">
              <h2 id="form-10bd-changed-heading">{t('finance.form10bd.changedHeading')}</h2>
              {data.changedSinceFiling.length === 0 ? (
                <p>{t('finance.form10bd.noChanges')}</p>
              ) : (
                <>
                  <p>{t('finance.form10bd.changedHelp')}</p>
                  <ResponsiveTable
                    label={t('finance.form10bd.changedHeading')}
                    rows={data.changedSinceFiling}
                    rowKey={(row) => row.reference}
                    columns={[
                      { header: t('finance.form10bd.reference'), cell: (row) => <Link href={linkOf(row.reference)} className="mono">{row.reference}</Link> },
                      { header: t('finance.form10bd.status'), cell: (row) => <DonationStatusBadge status={row.status} /> },
                      { header: t('finance.form10bd.receivedOn'), cell: (row) => formatDate(row.receivedOn, lang) },
                      { header: t('finance.form10bd.amount'), cell: (row) => formatMoney(row.amountPaise) },
                      { header: t('finance.form10bd.changedAt'), cell: (row) => formatDateTime(row.changedAt, lang) },
                    ]}
                  />
                </>
              )}
            </section>
          )}

          <section className="panel" aria-labelledby="form-10bd-unfileable-heading" data-testid="form-10bd-unfileable">
            <h2 id="form-10bd-unfileable-heading">{t('finance.form10bd.unfileableHeading')}</h2>
            {data.unfileable.length === 0 ? (
              <p>{t('finance.form10bd.noUnfileable')}</p>
            ) : (
              <ResponsiveTable
                label={t('finance.form10bd.unfileableHeading')}
                rows={data.unfileable}
                rowKey={(row) => row.reference}
                columns={[
                  { header: t('finance.form10bd.reference'), cell: (row) => <Link href={linkOf(row.reference)} className="mono">{row.reference}</Link> },
                  { header: t('finance.form10bd.donor'), className: 'cell-wrap', cell: (row) => row.donorName },
                  { header: t('finance.form10bd.amount'), cell: (row) => formatMoney(row.amountPaise) },
                  { header: t('finance.form10bd.reason'), className: 'cell-wrap', cell: (row) => t(REASON_LABELS[row.reason]) },
                ]}
              />
            )}
          </section>
        </>
      )}
    </div>
  );
}

/** Record the year's filing (or a revision): the day filed and the portal's acknowledgement number, checked with the server's schema first. */
function FilingForm({ financialYear, today }: { financialYear: string; today: string }) {
  const t = useT();
  const { translateServer } = useLang();
  const errorText = useErrorText();
  const record = useRecordForm10BDFiling();
  const [values, setValues] = useState({ filedOn: today, acknowledgementNumber: '' });
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const serverErrors = fieldErrorsOf(record.error);
  const errors: FieldErrors = { ...clientErrors, ...serverErrors };
  const errorsFor = (field: string) => errors[field]?.map(translateServer);
  const failure = record.error && !serverErrors.filedOn && !serverErrors.acknowledgementNumber ? errorText(record.error, 'finance.form10bd.recordFailed') : undefined;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const input = { financialYear, ...values };
    const parsed = ZRecordForm10BDFilingRequestSchema.safeParse(input);
    if (!parsed.success) {
      const found = issuesToFieldErrors(parsed.error.issues);
      setClientErrors(found);
      record.reset();
      const first = ['filedOn', 'acknowledgementNumber'].find((field) => found[field]);
      if (first) (form.elements.namedItem(first) as HTMLElement | null)?.focus();
      return;
    }
    setClientErrors({});
    record.mutate(input, { onSuccess: () => setValues({ ...values, acknowledgementNumber: '' }) });
  }

  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-labelledby="form-10bd-record-heading" data-testid="form-10bd-filing-form">
      <h3 id="form-10bd-record-heading">{t('finance.form10bd.recordHeading')}</h3>
      <p>{t('finance.form10bd.recordHelp')}</p>
      <TextField
        name="filedOn"
        type="date"
        label={t('finance.form10bd.filedOn')}
        required
        value={values.filedOn}
        onChange={(event) => setValues({ ...values, filedOn: event.target.value })}
        errors={errorsFor('filedOn')}
      />
      <TextField
        name="acknowledgementNumber"
        label={t('finance.form10bd.acknowledgementNumber')}
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        required
        value={values.acknowledgementNumber}
        onChange={(event) => setValues({ ...values, acknowledgementNumber: event.target.value })}
        errors={errorsFor('acknowledgementNumber')}
      />
      <FormError message={failure?.message} hint={failure?.hint} />
      <div role="status">{record.isSuccess && <Notice tone="success">{t('finance.form10bd.recorded')}</Notice>}</div>
      <SubmitButton isBusy={record.isPending} label={t('finance.form10bd.record')} busyLabel={t('common.submitting')} />
    </form>
  );
}
