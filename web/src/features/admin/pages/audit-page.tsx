import { Fragment, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { AUDIT_HIDDEN_PAYOUT, AUDIT_HIDDEN_SECRET, type TAuditMatch } from '@sahay/server/modules/admin/audit/audit.schema';
import { auditEntries, auditEventLabel, auditFieldLabel, auditPathLabel, auditTableLabel, isMomentField, isPaiseField } from '@sahay/server/modules/admin/audit/audit-labels.schema';
import type { ProcedureOutputs } from '#web/api/procedure-fetch.ts';
import { useLang, useT, type Lang, type MessageKey } from '#web/i18n/i18n.tsx';
import { usePlural } from '#web/i18n/plural.ts';
import { formatDateTime, formatMoney, formatNumber } from '#web/ui/format.ts';
import { FormError } from '#web/ui/form/form-status.tsx';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { TextField } from '#web/ui/form/text-field.tsx';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { diffStates, type TableDiff } from '../audit/audit-diff.ts';
import { AdminGate } from '../components/admin-gate.public.tsx';
import { AdminPageHeading } from '../components/admin-page-heading.public.tsx';
import { LoadError } from '#web/ui/load-error.tsx';
import { useAuditFind, useAuditHistory, useBundle, useRequestBundle } from '../hooks/use-audit.ts';

/** As the client receives them (tRPC's inference makes `data: unknown` optional). */
type TAuditHistoryResponse = ProcedureOutputs['admin']['audit']['history'];
type TAuditEvent = TAuditHistoryResponse['events'][number];

const KIND_LABELS: Record<TAuditMatch['kind'], MessageKey> = {
  donation: 'admin.audit.kinds.donation',
  receipt: 'admin.audit.kinds.receipt',
  kanyadan: 'admin.audit.kinds.kanyadan',
  help: 'admin.audit.kinds.help',
  disbursement: 'admin.audit.kinds.disbursement',
  gift: 'admin.audit.kinds.gift',
  member: 'admin.audit.kinds.member',
  stream: 'admin.audit.kinds.stream',
};

/** What the address says: the search, the record, and the one or two moments shown. */
export interface AuditView {
  query: string;
  stream: string;
  asOf: string;
  compare: string;
}

export function auditViewOf(search: string): AuditView {
  const params = new URLSearchParams(search);
  return { query: params.get('q') ?? '', stream: params.get('stream') ?? '', asOf: params.get('asOf') ?? '', compare: params.get('compare') ?? '' };
}

export function auditHref(view: Partial<AuditView>): string {
  const params = new URLSearchParams();
  if (view.query) params.set('q', view.query);
  if (view.stream) params.set('stream', view.stream);
  if (view.asOf) params.set('asOf', view.asOf);
  if (view.compare) params.set('compare', view.compare);
  const text = params.toString();
  return text ? `/audit?${text}` : '/audit';
}

/**
 * One value of an event's data or a read-model row as the console shows it (issue 32: it showed
 * JSON): money in rupees, moments in the reader's time and language, yes or no, and the server's
 * markers for what it hid (a secret; payout details for staff without finance) in the reader's words.
 */
export function auditValueText(field: string, value: unknown, lang: Lang, translate: (message: string) => string, words: { yes: string; no: string; none: string }): string {
  if (value === null || value === undefined || value === '') return words.none;
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (typeof value === 'number') return isPaiseField(field) && Number.isSafeInteger(value) ? formatMoney(value) : formatNumber(value);
  if (typeof value !== 'string') return JSON.stringify(value);
  if (value === AUDIT_HIDDEN_SECRET || value === AUDIT_HIDDEN_PAYOUT) return translate(value);
  if (isMomentField(field) && !Number.isNaN(Date.parse(value))) return formatDateTime(value, lang);
  return value;
}

/** An event's data or a row as labelled lines in the reader's language, nested fields as "Donor › E-mail". */
function AuditFields({ value }: { value: unknown }) {
  const t = useT();
  const { lang, translateServer } = useLang();
  const words = { yes: t('admin.audit.yes'), no: t('admin.audit.no'), none: '—' };
  const entries = auditEntries(value).filter((entry) => entry.path.length > 0);
  if (entries.length === 0) return <p className="hint">{t('admin.audit.nothingRecorded')}</p>;
  return (
    <dl className="audit-fields">
      {entries.map(({ path, value: item }) => (
        <Fragment key={path.join('.')}>
          <dt>{auditPathLabel(path)[lang]}</dt>
          <dd>{auditValueText(path.at(-1)!, item, lang, translateServer, words)}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** A datetime-local value (the reader's own clock, to the second) as an ISO time; '' when unreadable. */
export function isoOfLocal(value: string): string {
  const date = new Date(value);
  return value && !Number.isNaN(date.getTime()) ? date.toISOString() : '';
}

/**
 * /admin/audit — any record's history, for staff and auditors (issue 15): find it by what is in
 * hand, read every event with who did it, when, from where and because of what; see the record as
 * it stood at any moment, and what changed between two moments. Every look is recorded.
 */
export default function AuditPage() {
  const t = useT();
  usePageMeta('admin.audit.metaTitle', 'admin.metaDescription', { isNoIndex: true });
  return (
    <AdminGate permission={null}>
      {() => (
        <div className="container admin-page">
          <AdminPageHeading title={t('admin.audit.heading')} />
          <p>{t('admin.audit.intro')}</p>
          <Audit />
        </div>
      )}
    </AdminGate>
  );
}

function Audit() {
  const view = auditViewOf(useSearch());
  return (
    <>
      <SearchForm key={view.query} initial={view.query} />
      {view.query && !view.stream && <Matches query={view.query} />}
      {view.stream && <History view={view} />}
    </>
  );
}

function SearchForm({ initial }: { initial: string }) {
  const t = useT();
  const [, navigate] = useLocation();
  const [query, setQuery] = useState(initial);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (query.trim()) navigate(auditHref({ query: query.trim() }));
  };
  return (
    <form className="form audit-search" role="search" onSubmit={onSubmit} data-testid="audit-search">
      <TextField name="query" label={t('admin.audit.searchLabel')} hint={t('admin.audit.searchHint')} value={query} onChange={(event) => setQuery(event.target.value)} spellCheck={false} autoComplete="off" />
      <p className="actions">
        <button type="submit" className="btn btn-primary">
          {t('admin.audit.search')}
        </button>
      </p>
    </form>
  );
}

function Matches({ query }: { query: string }) {
  const t = useT();
  const errorText = useErrorText();
  const found = useAuditFind(query);
  if (found.isPending) return <p role="status">{t('common.loading')}</p>;
  if (found.isError) return <LoadError error={errorText(found.error, 'admin.audit.searchFailed')} onRetry={() => void found.refetch()} retryLabel={t('common.retry')} />;
  if (found.data.matches.length === 0) return <p data-testid="audit-no-match">{t('admin.audit.noMatch', { query })}</p>;
  return (
    <section aria-labelledby="audit-matches-heading" className="panel">
      <h2 id="audit-matches-heading">{t('admin.audit.matches')}</h2>
      <ul className="audit-matches" data-testid="audit-matches">
        {found.data.matches.map((match) => (
          <li key={match.streamId}>
            {match.isCovered ? <Link href={auditHref({ query, stream: match.streamId })}>{match.streamId}</Link> : <span className="mono">{match.streamId}</span>} —{' '}
            {t(KIND_LABELS[match.kind])}
            {!match.isCovered && <span className="hint"> ({t('admin.audit.notCovered')})</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}

function History({ view }: { view: AuditView }) {
  const t = useT();
  const plural = usePlural();
  const { lang } = useLang();
  const errorText = useErrorText();
  const [, navigate] = useLocation();
  const history = useAuditHistory(view.stream, view.asOf || undefined);
  const compared = useAuditHistory(view.stream, view.compare || undefined, Boolean(view.asOf));
  const [moment, setMoment] = useState('');

  if (history.isPending) return <p role="status">{t('common.loading')}</p>;
  if (history.isError) return <LoadError error={errorText(history.error, 'admin.audit.loadFailed')} onRetry={() => void history.refetch()} retryLabel={t('common.retry')} />;
  const data = history.data;
  const showAsOf = (event: FormEvent) => {
    event.preventDefault();
    const iso = isoOfLocal(moment);
    if (iso) navigate(auditHref({ ...view, asOf: iso }));
  };

  return (
    <>
      <section aria-labelledby="audit-record-heading" className="panel" data-testid="audit-history">
        <h2 id="audit-record-heading" className="mono audit-stream">
          {data.streamId}
        </h2>
        <p data-testid="audit-moment">
          {data.asOf
            ? plural('admin.audit.asOfText', data.currentVersion, { time: formatDateTime(data.asOf, lang), shown: formatNumber(data.events.length) })
            : plural('admin.audit.nowText', data.currentVersion)}{' '}
          {data.asOf && <Link href={auditHref({ query: view.query, stream: view.stream })}>{t('admin.audit.backToNow')}</Link>}
        </p>
        <form className="form audit-moment" onSubmit={showAsOf}>
          <div className="field">
            <label htmlFor="audit-as-of">{t('admin.audit.momentLabel')}</label>
            <input id="audit-as-of" type="datetime-local" step={1} value={moment} onChange={(event) => setMoment(event.target.value)} />
          </div>
          <p className="actions">
            <button type="submit" className="btn btn-secondary">
              {t('admin.audit.showAsOf')}
            </button>
          </p>
        </form>
        <p className="hint">{t('admin.audit.recorded')}</p>
      </section>

      <Bundle streamId={data.streamId} />

      {view.asOf && compared.data && <Changes before={data} after={compared.data} />}

      <section aria-labelledby="audit-events-heading" className="panel">
        <h2 id="audit-events-heading">{t('admin.audit.events', { count: formatNumber(data.events.length) })}</h2>
        <ol className="audit-events" data-testid="audit-events">
          {data.events.map((event) => (
            <EventCard key={event.eventId} event={event} view={view} />
          ))}
        </ol>
      </section>

      <section aria-labelledby="audit-state-heading" className="panel">
        <h2 id="audit-state-heading">{t('admin.audit.state')}</h2>
        <p className="hint">{t('admin.audit.stateHint')}</p>
        <p className="hint">{t('admin.audit.hidden')}</p>
        {data.state.length === 0 && <p>{t('admin.audit.noState')}</p>}
        {data.state.map((table) => (
          <details key={`${table.projection}/${table.table}`} className="audit-state" open={table.rows.length <= 3}>
            <summary>
              {auditTableLabel(table.table)[lang]} ({formatNumber(table.rows.length)}) <span className="mono hint">{table.table}</span>
            </summary>
            {table.rows.map((row, index) => (
              <AuditFields key={index} value={row} />
            ))}
          </details>
        ))}
      </section>
    </>
  );
}

/** The record's dispute bundle: one PDF for an auditor or a complainant, made by a job, then downloaded. */
function Bundle({ streamId }: { streamId: string }) {
  const t = useT();
  const errorText = useErrorText();
  const ask = useRequestBundle();
  const bundle = useBundle(ask.data?.bundleId);
  const failure = ask.error ? errorText(ask.error, 'admin.audit.bundleFailed') : undefined;
  const isReady = bundle.data?.status === 'ready';
  return (
    <section aria-labelledby="audit-bundle-heading" className="panel" data-testid="audit-bundle">
      <h2 id="audit-bundle-heading">{t('admin.audit.bundleHeading')}</h2>
      <p>{t('admin.audit.bundleText')}</p>
      {!ask.data && (
        <button type="button" className="btn btn-secondary" disabled={ask.isPending} onClick={() => ask.mutate({ streamId })}>
          {t('admin.audit.bundleMake')}
        </button>
      )}
      <FormError message={failure?.message} hint={failure?.hint} />
      <div role="status">
        {ask.data && !isReady && <p>{t('admin.audit.bundleMaking')}</p>}
        {isReady && (
          <p>
            <a href={`/api/admin/audit/bundles/${ask.data!.bundleId}.pdf`} download data-testid="audit-bundle-download">
              {t('admin.audit.bundleDownload')}
            </a>
          </p>
        )}
      </div>
    </section>
  );
}

function EventCard({ event, view }: { event: TAuditEvent; view: AuditView }) {
  const t = useT();
  const { lang } = useLang();
  return (
    <li className="audit-event" data-type={event.type}>
      <h3>
        <span className="audit-version">#{event.version}</span> {auditEventLabel(event.type)[lang]} <span className="mono hint">{event.type}</span>
      </h3>
      <dl className="facts">
        <dt>{t('admin.audit.when')}</dt>
        <dd>
          {formatDateTime(event.recordedAt, lang)} <span className="mono hint">{event.recordedAt}</span>
        </dd>
        <dt>{t('admin.audit.who')}</dt>
        <dd>
          {event.actor.name ? `${event.actor.name} ` : ''}
          <span className="mono">{event.actor.id}</span>
        </dd>
        <dt>{t('admin.audit.from')}</dt>
        <dd className="mono">{event.ip ?? t('admin.audit.ipNotKept')}</dd>
        <dt>{t('admin.audit.correlation')}</dt>
        <dd className="mono">{event.correlationId}</dd>
        {event.causedBy && (
          <>
            <dt>{t('admin.audit.causedBy')}</dt>
            <dd>
              <Link href={auditHref({ stream: event.causedBy.streamId })}>{event.causedBy.type}</Link> <span className="mono hint">{event.causedBy.streamId}</span>
            </dd>
          </>
        )}
        {event.caused.length > 0 && (
          <>
            <dt>{t('admin.audit.caused')}</dt>
            <dd>
              <ul>
                {event.caused.map((effect) => (
                  <li key={effect.eventId}>
                    <Link href={auditHref({ stream: effect.streamId })}>{effect.type}</Link> <span className="mono hint">{effect.streamId}</span>
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
      </dl>
      <details>
        <summary>{t('admin.audit.data')}</summary>
        <AuditFields value={event.data} />
      </details>
      <p className="audit-event-links">
        <Link href={auditHref({ ...view, asOf: event.recordedAt, compare: '' })}>{t('admin.audit.asOfThis')}</Link>
        {view.asOf && view.asOf !== event.recordedAt && (
          <>
            {' · '}
            <Link href={auditHref({ ...view, compare: event.recordedAt })}>{t('admin.audit.compareWithThis')}</Link>
          </>
        )}
      </p>
    </li>
  );
}

function Changes({ before, after }: { before: TAuditHistoryResponse; after: TAuditHistoryResponse }) {
  const t = useT();
  const { lang, translateServer } = useLang();
  const words = { yes: t('admin.audit.yes'), no: t('admin.audit.no'), none: '—' };
  const shown = (field: string, value: unknown) => auditValueText(field, value, lang, translateServer, words);
  const diffs: TableDiff[] = diffStates(before.state, after.state);
  const when = (history: TAuditHistoryResponse) => (history.asOf ? formatDateTime(history.asOf, lang) : t('admin.audit.now'));
  return (
    <section aria-labelledby="audit-diff-heading" className="panel" data-testid="audit-diff">
      <h2 id="audit-diff-heading">{t('admin.audit.diffHeading', { from: when(before), to: when(after) })}</h2>
      {diffs.length === 0 && <p>{t('admin.audit.noChange')}</p>}
      {diffs.map((diff) => (
        <div key={`${diff.projection}/${diff.table}`}>
          <h3>{auditTableLabel(diff.table)[lang]}</h3>
          <ul className="audit-diff">
            {diff.changed.flatMap((row) =>
              row.fields.map((field) => (
                <li key={`${row.key}/${field.field}`}>
                  {auditFieldLabel(field.field)[lang]}: <del>{shown(field.field, field.before)}</del> → <ins>{shown(field.field, field.after)}</ins>
                </li>
              )),
            )}
            {diff.added.map((row) => (
              <li key={`+${JSON.stringify(row)}`}>
                {t('admin.audit.rowAdded')} <AuditFields value={row} />
              </li>
            ))}
            {diff.removed.map((row) => (
              <li key={`-${JSON.stringify(row)}`}>
                {t('admin.audit.rowRemoved')} <AuditFields value={row} />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
