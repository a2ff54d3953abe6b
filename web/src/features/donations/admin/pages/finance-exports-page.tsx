import { useState } from 'react';
import { ZDonationsExportQuerySchema } from '@sahay/server/modules/donations/exports/exports.schema';
import type { FieldErrors } from '#web/api/errors.ts';
import { financialYearsBefore, indiaDateOf } from '#web/features/donations/financial-year.ts';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { TextField } from '#web/ui/form/text-field.tsx';
import { issuesToFieldErrors } from '#web/ui/use-error-text.ts';
import { AdminGate } from '#web/features/admin/components/admin-gate.public.tsx';
import { AdminPageHeading } from '#web/features/admin/components/admin-page-heading.public.tsx';

/** Form 10BD may be revised for earlier years; six are enough to cover the usual look back. */
const YEARS_OFFERED = 6;

/** The current financial year and the five before it, newest first. */
export function financialYearChoices(today: string): string[] {
  return financialYearsBefore(today, YEARS_OFFERED);
}

/** Form 10BD is filed for the year just ended, so that is the one offered first. */
export function lastCompletedFinancialYear(today: string): string {
  return financialYearsBefore(today, 1, 1)[0]!;
}

/** GET links: the session cookie authenticates them, and the server records each download before sending it. */
export function form10BDHref(kind: '10bd' | '10bd-missing-id', financialYear: string, isRevised = false): string {
  return `/api/admin/exports/${kind}?${new URLSearchParams({ fy: financialYear, ...(isRevised ? { revised: 'true' } : {}) }).toString()}`;
}

/** Form FC-4's foreign contributions of a financial year (decision 058). */
export function fc4Href(financialYear: string): string {
  return `/api/admin/exports/fc4?${new URLSearchParams({ fy: financialYear }).toString()}`;
}

export function donationsExportHref(range: { from: string; to: string }, isFullPan: boolean): string {
  return `/api/admin/exports/donations?${new URLSearchParams({ from: range.from, to: range.to, fullPan: String(isFullPan) }).toString()}`;
}

/** The range checked with the server's own schema (real dates, in order, at most five years); English messages, translated on display. */
export function donationsRangeErrors(range: { from: string; to: string }): FieldErrors {
  const parsed = ZDonationsExportQuerySchema.safeParse({ from: range.from, to: range.to });
  return parsed.success ? {} : issuesToFieldErrors(parsed.error.issues);
}

/** /admin/exports — Form 10BD and its missing-ID report per financial year, and the donations of any dates, as CSV (permission finance). */
export default function FinanceExportsPage() {
  usePageMeta('finance.exports.metaTitle', 'admin.metaDescription', { isNoIndex: true });
  return <AdminGate permission="finance">{() => <FinanceExports today={indiaDateOf(new Date())} />}</AdminGate>;
}

/** The exports as of `today` (India, YYYY-MM-DD): it sets the years offered and the dates first filled in. */
export function FinanceExports({ today }: { today: string }) {
  const t = useT();
  const { translateServer } = useLang();
  const years = financialYearChoices(today);
  const [financialYear, setFinancialYear] = useState(() => lastCompletedFinancialYear(today));
  const [range, setRange] = useState(() => ({ from: `${today.slice(0, 8)}01`, to: today }));
  const [isFullPan, setIsFullPan] = useState(false);
  const [fc4Year, setFc4Year] = useState(() => lastCompletedFinancialYear(today));
  const rangeErrors = donationsRangeErrors(range);
  const errorsFor = (field: 'from' | 'to') => rangeErrors[field]?.map(translateServer);
  const isRangeValid = Object.keys(rangeErrors).length === 0;
  const setDate = (field: 'from' | 'to') => (event: { target: { value: string } }) => setRange({ ...range, [field]: event.target.value });

  return (
    <div className="container admin-page page-narrow">
      <AdminPageHeading title={t('finance.exports.heading')} />
      <p>{t('finance.exports.intro')}</p>

      <section className="panel" aria-labelledby="export-10bd-heading" data-testid="export-10bd">
        <h2 id="export-10bd-heading">{t('finance.exports.form10bdHeading')}</h2>
        <p>{t('finance.exports.form10bdText')}</p>
        <p>{t('finance.exports.missingIdText')}</p>
        <div className="field">
          <label htmlFor="export-financial-year">{t('finance.exports.financialYear')}</label>
          <select id="export-financial-year" name="fy" value={financialYear} onChange={(event) => setFinancialYear(event.target.value)}>
            {years.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
        </div>
        <p className="actions">
          <a className="btn btn-primary" href={form10BDHref('10bd', financialYear)} download data-testid="export-10bd-link">
            {t('finance.exports.download10bd')}
          </a>
          <a className="btn btn-secondary" href={form10BDHref('10bd-missing-id', financialYear)} download data-testid="export-10bd-missing-id-link">
            {t('finance.exports.downloadMissingId')}
          </a>
        </p>
      </section>

      <section className="panel" aria-labelledby="export-donations-heading" data-testid="export-donations">
        <h2 id="export-donations-heading">{t('finance.exports.donationsHeading')}</h2>
        <p>{t('finance.exports.donationsText')}</p>
        <TextField name="from" type="date" label={t('finance.exports.from')} required value={range.from} onChange={setDate('from')} errors={errorsFor('from')} />
        <TextField name="to" type="date" label={t('finance.exports.to')} required value={range.to} onChange={setDate('to')} errors={errorsFor('to')} />
        <div className="field-check field-check-top">
          <input id="export-full-pan" type="checkbox" checked={isFullPan} onChange={(event) => setIsFullPan(event.target.checked)} />
          <label htmlFor="export-full-pan">{t('finance.exports.fullPan')}</label>
        </div>
        {isRangeValid ? (
          <p className="actions">
            <a className="btn btn-primary" href={donationsExportHref(range, isFullPan)} download data-testid="export-donations-link">
              {t('finance.exports.downloadDonations')}
            </a>
          </p>
        ) : (
          <p className="muted">{t('finance.exports.fixDates')}</p>
        )}
      </section>

      <section className="panel" aria-labelledby="export-fc4-heading" data-testid="export-fc4">
        <h2 id="export-fc4-heading">{t('finance.exports.fc4Heading')}</h2>
        <p>{t('finance.exports.fc4Text')}</p>
        <div className="field">
          <label htmlFor="export-fc4-year">{t('finance.exports.financialYear')}</label>
          <select id="export-fc4-year" name="fc4Year" value={fc4Year} onChange={(event) => setFc4Year(event.target.value)}>
            {years.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
        </div>
        <p className="actions">
          <a className="btn btn-primary" href={fc4Href(fc4Year)} download data-testid="export-fc4-link">
            {t('finance.exports.downloadFc4')}
          </a>
        </p>
      </section>
    </div>
  );
}
