import { useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { TGetManyDonationsRequest } from '@sahay/server/modules/donations/verification/get-many-donations.schema';
import { parseRupees } from '#web/features/donations/amount.public.ts';
import { CAUSE_LABELS, CAUSES } from '#web/features/donations/components/cause-select.tsx';
import { DonationStatusBadge, STATUS_LABELS } from '#web/features/donations/components/donation-status-badge.tsx';
import { displayReference, normaliseReference } from '#web/features/donations/reference.public.ts';
import { useLang, useT, type MessageKey } from '#web/i18n/i18n.tsx';
import { usePlural } from '#web/i18n/plural.ts';
import { formatDateTime, formatMoney, formatNumber } from '#web/ui/format.ts';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { ResponsiveTable } from '#web/ui/responsive-table.tsx';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { AdminGate } from '#web/features/admin/components/admin-gate.public.tsx';
import { AdminPageHeading } from '#web/features/admin/components/admin-page-heading.public.tsx';
import { LoadError } from '#web/ui/load-error.tsx';
import { useAdminDonations } from '../hooks/use-admin-donations.ts';

const STATUSES = ['proof_received', 'awaiting_payment', 'verified', 'rejected', 'abandoned', 'cancelled'] as const;
type Status = (typeof STATUSES)[number];
type StatusFilter = Status | 'all';
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const FILTER_GRID = { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 12rem), 1fr))', gap: '0 1rem' } as const;

/** The queue's filters live in the address, so a filtered view can be reloaded, bookmarked and shared among staff. */
interface Filters {
  status: StatusFilter;
  cause: string;
  from: string;
  to: string;
  min: string;
  max: string;
  pan: '' | 'yes' | 'no';
  page: string;
}

function filtersOf(search: string): Filters {
  const query = new URLSearchParams(search);
  const status = query.get('status');
  const pan = query.get('pan');
  return {
    // The queue opens on what needs doing: proof received, to be matched with the bank statement.
    status: status === 'all' || STATUSES.some((known) => known === status) ? (status as StatusFilter) : 'proof_received',
    cause: CAUSES.some((cause) => cause === query.get('cause')) ? (query.get('cause') ?? '') : '',
    from: DATE.test(query.get('from') ?? '') ? (query.get('from') ?? '') : '',
    to: DATE.test(query.get('to') ?? '') ? (query.get('to') ?? '') : '',
    min: query.get('min') ?? '',
    max: query.get('max') ?? '',
    pan: pan === 'yes' || pan === 'no' ? pan : '',
    page: /^[1-9]\d{0,5}$/.test(query.get('page') ?? '') ? (query.get('page') ?? '') : '',
  };
}

function searchOf(filters: Filters): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
  return query.toString();
}

/** What the server is asked for; an amount that is not one is left out (the field says so). */
function requestOf(filters: Filters): TGetManyDonationsRequest {
  const min = parseRupees(filters.min);
  const max = parseRupees(filters.max);
  const paiseOf = (amount: typeof min) => (amount.kind === 'ok' || amount.kind === 'aboveLimit' ? amount.paise : undefined);
  return {
    status: filters.status === 'all' ? undefined : filters.status,
    cause: filters.cause ? (filters.cause as TGetManyDonationsRequest['cause']) : undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    minAmountPaise: paiseOf(min),
    maxAmountPaise: paiseOf(max),
    hasPan: filters.pan === '' ? undefined : filters.pan === 'yes',
    page: filters.page ? Number(filters.page) : 1,
  };
}

const STATUS_LINKS: ReadonlyArray<{ status: StatusFilter; label: MessageKey }> = [
  ...STATUSES.map((status) => ({ status, label: STATUS_LABELS[status]! })),
  { status: 'all', label: 'adminDonations.all' },
];

/** /admin/donations — the donations queue (permission finance): by state, with filters, newest first; a card per donation on a phone. */
export default function DonationsPage() {
  usePageMeta('adminDonations.metaTitle', 'admin.metaDescription', { isNoIndex: true });
  return <AdminGate permission="finance">{() => <DonationsQueue />}</AdminGate>;
}

function DonationsQueue() {
  const t = useT();
  const plural = usePlural();
  const { lang } = useLang();
  const errorText = useErrorText();
  const [, navigate] = useLocation();
  const filters = filtersOf(useSearch());
  const donations = useAdminDonations(requestOf(filters));
  // Another state or filter starts again at the first page.
  const linkTo = (change: Partial<Filters>) => `/donations?${searchOf({ ...filters, page: '', ...change })}`;

  return (
    <div className="container admin-page">
      <AdminPageHeading title={t('adminDonations.heading')}>
        <Link href="/donations/offline" className="btn btn-secondary">
          {t('adminDonations.offlineLink')}
        </Link>
      </AdminPageHeading>
      <nav aria-label={t('adminDonations.byStatus')}>
        <ul className="filter-links">
          {STATUS_LINKS.map((option) => (
            <li key={option.status}>
              <Link href={linkTo({ status: option.status })} aria-current={option.status === filters.status ? 'page' : undefined}>
                {t(option.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <FilterForm key={searchOf(filters)} filters={filters} onApply={(next) => navigate(`/donations?${searchOf({ ...next, page: '' })}`)} />
      {donations.isPending && <p role="status">{t('common.loading')}</p>}
      {donations.isError && <LoadError error={errorText(donations.error, 'adminDonations.loadFailed')} onRetry={() => void donations.refetch()} retryLabel={t('common.retry')} />}
      {donations.data && donations.data.donations.length === 0 && <p data-testid="donations-empty">{t('adminDonations.empty')}</p>}
      {donations.data && donations.data.donations.length > 0 && (
        <ResponsiveTable
          label={t('adminDonations.heading')}
          caption={plural('admin.donationsList.caption', donations.data.total)}
          testId="donations-queue"
          rows={donations.data.donations}
          rowKey={(donation) => donation.reference}
          columns={[
            {
              header: t('adminDonations.reference'),
              cell: (donation) => (
                <Link href={`/donations/${normaliseReference(donation.reference) ?? donation.reference}`} className="mono">
                  {displayReference(donation.reference)}
                </Link>
              ),
            },
            { header: t('adminDonations.pledgedAt'), cell: (donation) => formatDateTime(donation.pledgedAt, lang) },
            { header: t('adminDonations.donor'), cell: (donation) => donation.donorName ?? t('adminDonations.erased') },
            { header: t('adminDonations.amount'), cell: (donation) => formatMoney(donation.amountPaise) },
            { header: t('adminDonations.cause'), cell: (donation) => t(CAUSE_LABELS[donation.cause]) },
            { header: t('adminDonations.status'), cell: (donation) => <DonationStatusBadge status={donation.status} /> },
            { header: t('adminDonations.utr'), className: 'mono', cell: (donation) => donation.utr ?? t('common.none') },
            { header: t('adminDonations.pan'), cell: (donation) => t(donation.hasPan ? 'adminDonations.yes' : 'adminDonations.no') },
          ]}
        />
      )}
      {donations.data && donations.data.total > donations.data.pageSize && (
        <Pager page={donations.data.page} pageCount={Math.ceil(donations.data.total / donations.data.pageSize)} hrefOf={(page) => linkTo({ page: page === 1 ? '' : String(page) })} />
      )}
    </div>
  );
}

function Pager({ page, pageCount, hrefOf }: { page: number; pageCount: number; hrefOf: (page: number) => string }) {
  const t = useT();
  return (
    <nav aria-label={t('adminDonations.pages')} className="pager">
      {page > 1 && <Link href={hrefOf(page - 1)}>{t('adminDonations.previous')}</Link>}
      <span>{t('adminDonations.pageOf', { page: formatNumber(page), count: formatNumber(pageCount) })}</span>
      {page < pageCount && <Link href={hrefOf(page + 1)}>{t('adminDonations.next')}</Link>}
    </nav>
  );
}

/** Cause, dates, amounts and PAN: applied together (the address changes, and with it the query). */
function FilterForm({ filters, onApply }: { filters: Filters; onApply: (filters: Filters) => void }) {
  const t = useT();
  const [draft, setDraft] = useState(filters);
  const set = (field: keyof Filters) => (event: { target: { value: string } }) => setDraft({ ...draft, [field]: event.target.value });
  const amountError = (text: string) => (text && !['ok', 'aboveLimit'].includes(parseRupees(text).kind) ? t('adminDonations.amountInvalid') : undefined);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (amountError(draft.min) || amountError(draft.max)) return;
    onApply(draft);
  }

  return (
    <form className="form donation-filters" onSubmit={onSubmit} aria-labelledby="donation-filters-heading" data-testid="donation-filters">
      <fieldset className="field-group">
        <legend id="donation-filters-heading">{t('adminDonations.filters')}</legend>
        {/* Two or three filters a row where they fit, one on a phone (.field-group-grid's 18rem columns would overflow at 360 px). */}
        <div style={FILTER_GRID}>
          <div className="field">
            <label htmlFor="filter-cause">{t('adminDonations.cause')}</label>
            <select id="filter-cause" value={draft.cause} onChange={set('cause')}>
              <option value="">{t('adminDonations.anyCause')}</option>
              {CAUSES.map((cause) => (
                <option key={cause} value={cause}>
                  {t(CAUSE_LABELS[cause])}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="filter-pan">{t('adminDonations.pan')}</label>
            <select id="filter-pan" value={draft.pan} onChange={set('pan')}>
              <option value="">{t('adminDonations.panAny')}</option>
              <option value="yes">{t('adminDonations.panYes')}</option>
              <option value="no">{t('adminDonations.panNo')}</option>
            </select>
          </div>
          <DateFilter id="filter-from" label={t('adminDonations.from')} value={draft.from} onChange={set('from')} />
          <DateFilter id="filter-to" label={t('adminDonations.to')} value={draft.to} onChange={set('to')} />
          <AmountFilter id="filter-min" label={t('adminDonations.minAmount')} value={draft.min} onChange={set('min')} error={amountError(draft.min)} />
          <AmountFilter id="filter-max" label={t('adminDonations.maxAmount')} value={draft.max} onChange={set('max')} error={amountError(draft.max)} />
        </div>
        <p className="actions">
          <button type="submit" className="btn btn-primary">
            {t('adminDonations.apply')}
          </button>{' '}
          <button type="button" className="btn btn-secondary" onClick={() => onApply({ ...filters, cause: '', from: '', to: '', min: '', max: '', pan: '', page: '' })}>
            {t('adminDonations.clear')}
          </button>
        </p>
      </fieldset>
    </form>
  );
}

function DateFilter({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (event: { target: { value: string } }) => void }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="date" value={value} onChange={onChange} />
    </div>
  );
}

function AmountFilter({ id, label, value, onChange, error }: { id: string; label: string; value: string; onChange: (event: { target: { value: string } }) => void; error?: string }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} inputMode="decimal" value={value} onChange={onChange} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
