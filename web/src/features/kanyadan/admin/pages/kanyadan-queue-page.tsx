import { useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { INDIAN_STATES, KANYADAN_STATUSES, type IndianState, type KanyadanStatus } from '@sahay/server/modules/kanyadan/submission/kanyadan-fields.schema';
import { useLang, useT, type MessageKey } from '#web/i18n/i18n.tsx';
import { formatDate, formatNumber } from '#web/ui/format.ts';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { ResponsiveTable } from '#web/ui/responsive-table.tsx';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { AdminPageHeading } from '#web/features/admin/components/admin-page-heading.public.tsx';
import { KanyadanGate } from '../components/kanyadan-gate.public.tsx';
import { stateLabel, statusLabel } from '../components/kanyadan-labels.public.tsx';
import { KanyadanStatusBadge } from '../components/kanyadan-status-badge.tsx';
import { LoadError } from '#web/ui/load-error.tsx';
import { useKanyadanApplications, type TQueueFilter } from '../hooks/use-kanyadan-applications.ts';

const PAGE_SIZE = 50;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MAX_AGE_FILTER = 30;
const FILTER_GRID = { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 12rem), 1fr))', gap: '0 1rem' } as const;

/** The queue's filters live in the address, so a filtered view can be reloaded, bookmarked and shared among staff. */
export interface QueueFilters {
  status: KanyadanStatus | '';
  state: IndianState | '';
  district: string;
  ageMin: string;
  ageMax: string;
  submittedFrom: string;
  submittedTo: string;
  duplicates: '' | 'yes';
}

const NO_FILTERS: QueueFilters = { status: '', state: '', district: '', ageMin: '', ageMax: '', submittedFrom: '', submittedTo: '', duplicates: '' };

const isStatus = (value: string | null): value is KanyadanStatus => KANYADAN_STATUSES.some((status) => status === value);
const isState = (value: string | null): value is IndianState => INDIAN_STATES.some((state) => state === value);
/** Whole years 0–30 (the server's bounds), or empty; anything else is shown as an error and not sent. */
const isAgeText = (text: string) => text === '' || (/^\d{1,2}$/.test(text) && Number(text) <= MAX_AGE_FILTER);

/** What the address says, with anything unreadable dropped (an old bookmark, a hand-edited link). */
export function filtersOf(search: string): QueueFilters {
  const query = new URLSearchParams(search);
  const status = query.get('status');
  const state = query.get('state');
  const text = (name: string) => query.get(name)?.trim() ?? '';
  const date = (name: string) => (DATE.test(text(name)) ? text(name) : '');
  const age = (name: string) => (isAgeText(text(name)) ? text(name) : '');
  return {
    status: isStatus(status) ? status : '',
    state: isState(state) ? state : '',
    district: text('district').slice(0, 60),
    ageMin: age('ageMin'),
    ageMax: age('ageMax'),
    submittedFrom: date('submittedFrom'),
    submittedTo: date('submittedTo'),
    duplicates: query.get('duplicates') === 'yes' ? 'yes' : '',
  };
}

export function searchOf(filters: QueueFilters): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
  return query.toString();
}

/** What the server is asked for (kanyadan.admin.getMany, without the cursor). */
export function requestOf(filters: QueueFilters): TQueueFilter {
  const ageOf = (text: string) => (text !== '' && isAgeText(text) ? Number(text) : undefined);
  return {
    status: filters.status || undefined,
    state: filters.state || undefined,
    district: filters.district || undefined,
    ageMin: ageOf(filters.ageMin),
    ageMax: ageOf(filters.ageMax),
    submittedFrom: filters.submittedFrom || undefined,
    submittedTo: filters.submittedTo || undefined,
    isDuplicate: filters.duplicates === 'yes' ? true : undefined,
    limit: PAGE_SIZE,
  };
}

const STATUS_LINKS: ReadonlyArray<{ status: KanyadanStatus | ''; label: MessageKey }> = [
  { status: '', label: 'admin.kanyadan.all' },
  ...KANYADAN_STATUSES.map((status) => ({ status, label: statusLabel(status) })),
];

/** /admin/kanyadan — the applications (permission verification or finance): newest first, with filters. */
export default function KanyadanQueuePage() {
  usePageMeta('admin.kanyadan.metaTitle', 'admin.metaDescription', { isNoIndex: true });
  return <KanyadanGate>{() => <KanyadanQueue />}</KanyadanGate>;
}

export function KanyadanQueue() {
  const t = useT();
  const [, navigate] = useLocation();
  const filters = filtersOf(useSearch());
  const linkTo = (change: Partial<QueueFilters>) => `/kanyadan?${searchOf({ ...filters, ...change })}`;

  return (
    <div className="container admin-page">
      <AdminPageHeading title={t('admin.kanyadan.heading')} />
      <nav aria-label={t('admin.kanyadan.byStatus')}>
        <ul className="filter-links">
          {STATUS_LINKS.map((option) => (
            <li key={option.status || 'all'}>
              <Link href={linkTo({ status: option.status })} aria-current={option.status === filters.status ? 'page' : undefined}>
                {t(option.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <FilterForm key={`form:${searchOf(filters)}`} filters={filters} onApply={(next) => navigate(`/kanyadan?${searchOf(next)}`)} />
      {/* Other filters start again at the first page: the list's "Load more" state is keyed by them. */}
      <QueueTable key={`table:${searchOf(filters)}`} filter={requestOf(filters)} />
    </div>
  );
}

function QueueTable({ filter }: { filter: TQueueFilter }) {
  const t = useT();
  const { lang } = useLang();
  const errorText = useErrorText();
  const [pageCount, setPageCount] = useState(1);
  const queue = useKanyadanApplications(filter, pageCount);

  if (queue.isPending) return <p role="status">{t('common.loading')}</p>;
  if (queue.error) return <LoadError error={errorText(queue.error, 'admin.kanyadan.loadFailed')} onRetry={queue.refetch} retryLabel={t('common.retry')} />;
  if (queue.items.length === 0) return <p data-testid="kanyadan-empty">{t('admin.kanyadan.empty')}</p>;
  const none = t('common.none');

  return (
    <>
      <ResponsiveTable
        label={t('admin.kanyadan.heading')}
        caption={t('admin.kanyadan.caption', { count: formatNumber(queue.items.length) })}
        testId="kanyadan-queue"
        rows={queue.items}
        rowKey={(application) => application.regNo}
        columns={[
          {
            header: t('admin.kanyadan.regNo'),
            cell: (application) => (
              <Link href={`/kanyadan/${application.regNo}`} className="mono">
                {application.regNo}
              </Link>
            ),
          },
          { header: t('admin.kanyadan.status'), cell: (application) => <KanyadanStatusBadge status={application.status} isErased={application.isErased} /> },
          { header: t('admin.kanyadan.state'), cell: (application) => t(stateLabel(application.state)) },
          { header: t('admin.kanyadan.district'), cell: (application) => application.district },
          { header: t('admin.kanyadan.age'), cell: (application) => formatNumber(application.ageYears) },
          { header: t('admin.kanyadan.submitted'), cell: (application) => formatDate(application.submittedAt, lang) },
          {
            header: t('admin.kanyadan.duplicate'),
            className: 'cell-wrap',
            testId: 'duplicate-cell',
            cell: (application) =>
              application.duplicateOf.length > 0 ? (
                <>
                  <strong>{t('admin.kanyadan.possibleDuplicate')}</strong>
                  <span className="table-note">
                    {t('admin.kanyadan.matches')}{' '}
                    {application.duplicateOf.map((regNo, index) => (
                      <span key={regNo}>
                        {index > 0 && ', '}
                        <Link href={`/kanyadan/${regNo}`} className="mono">
                          {regNo}
                        </Link>
                      </span>
                    ))}
                  </span>
                </>
              ) : (
                none
              ),
          },
          {
            header: t('admin.kanyadan.documents'),
            cell: (application) => t('admin.kanyadan.documentsReady', { ready: formatNumber(application.documentsReady), sent: formatNumber(application.documentsSent) }),
          },
        ]}
      />
      {queue.moreError && <LoadError error={errorText(queue.moreError, 'admin.kanyadan.loadMoreFailed')} onRetry={queue.retryMore} retryLabel={t('common.retry')} />}
      {queue.isLoadingMore && <p role="status">{t('admin.kanyadan.loadingMore')}</p>}
      {queue.hasMore && !queue.isLoadingMore && (
        <p className="pager">
          <button type="button" className="btn btn-secondary" onClick={() => setPageCount(pageCount + 1)} data-testid="load-more">
            {t('admin.kanyadan.loadMore')}
          </button>
        </p>
      )}
    </>
  );
}

/** State, district, ages, dates and duplicates: applied together (the address changes, and with it the query). */
function FilterForm({ filters, onApply }: { filters: QueueFilters; onApply: (filters: QueueFilters) => void }) {
  const t = useT();
  const [draft, setDraft] = useState(filters);
  const set = (field: keyof QueueFilters) => (event: { target: { value: string } }) => setDraft({ ...draft, [field]: event.target.value });
  const ageError = (text: string) => (isAgeText(text.trim()) ? undefined : t('admin.kanyadan.ageInvalid'));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (ageError(draft.ageMin) || ageError(draft.ageMax)) return;
    onApply({ ...draft, district: draft.district.trim(), ageMin: draft.ageMin.trim(), ageMax: draft.ageMax.trim() });
  }

  return (
    <form className="form" onSubmit={onSubmit} aria-labelledby="kanyadan-filters-heading" data-testid="kanyadan-filters">
      <fieldset className="field-group">
        <legend id="kanyadan-filters-heading">{t('admin.kanyadan.filters')}</legend>
        {/* Two or three filters a row where they fit, one on a phone (360 px). */}
        <div style={FILTER_GRID}>
          <div className="field">
            <label htmlFor="kanyadan-filter-state">{t('admin.kanyadan.state')}</label>
            <select id="kanyadan-filter-state" value={draft.state} onChange={set('state')}>
              <option value="">{t('admin.kanyadan.anyState')}</option>
              {INDIAN_STATES.map((state) => (
                <option key={state} value={state}>
                  {t(stateLabel(state))}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="kanyadan-filter-district">{t('admin.kanyadan.district')}</label>
            <input id="kanyadan-filter-district" value={draft.district} maxLength={60} onChange={set('district')} />
          </div>
          <AgeFilter id="kanyadan-filter-age-min" label={t('admin.kanyadan.ageMin')} value={draft.ageMin} onChange={set('ageMin')} error={ageError(draft.ageMin)} />
          <AgeFilter id="kanyadan-filter-age-max" label={t('admin.kanyadan.ageMax')} value={draft.ageMax} onChange={set('ageMax')} error={ageError(draft.ageMax)} />
          <div className="field">
            <label htmlFor="kanyadan-filter-from">{t('admin.kanyadan.submittedFrom')}</label>
            <input id="kanyadan-filter-from" type="date" value={draft.submittedFrom} onChange={set('submittedFrom')} />
          </div>
          <div className="field">
            <label htmlFor="kanyadan-filter-to">{t('admin.kanyadan.submittedTo')}</label>
            <input id="kanyadan-filter-to" type="date" value={draft.submittedTo} onChange={set('submittedTo')} />
          </div>
        </div>
        <div className="field">
          <div className="field-check">
            <input
              id="kanyadan-filter-duplicates"
              type="checkbox"
              checked={draft.duplicates === 'yes'}
              onChange={(event) => setDraft({ ...draft, duplicates: event.target.checked ? 'yes' : '' })}
            />
            <label htmlFor="kanyadan-filter-duplicates">{t('admin.kanyadan.duplicatesOnly')}</label>
          </div>
        </div>
        <p className="actions">
          <button type="submit" className="btn btn-primary">
            {t('admin.kanyadan.apply')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => onApply({ ...NO_FILTERS, status: filters.status })}>
            {t('admin.kanyadan.clear')}
          </button>
        </p>
      </fieldset>
    </form>
  );
}

function AgeFilter({ id, label, value, onChange, error }: { id: string; label: string; value: string; onChange: (event: { target: { value: string } }) => void; error?: string }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} inputMode="numeric" value={value} onChange={onChange} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
