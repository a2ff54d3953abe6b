import { Link, useSearch } from 'wouter';
import { HELP_STATUS_VALUES, type THelpQueue, type THelpQueueQuery } from '@sahay/server/modules/help/help.schema';
import { useLang, useT, type MessageKey } from '#web/i18n/i18n.tsx';
import { usePlural } from '#web/i18n/plural.ts';
import { formatDate, formatMoney, formatNumber } from '#web/ui/format.ts';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { ResponsiveTable } from '#web/ui/responsive-table.tsx';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { AdminGate } from '#web/features/admin/components/admin-gate.public.tsx';
import { AdminPageHeading } from '#web/features/admin/components/admin-page-heading.public.tsx';
import { HELP_CATEGORY_LABELS, HELP_STATUS_LABELS, HELP_STATUS_TONES, type HelpStatus } from '../components/help-labels.public.ts';
import { LoadError } from '#web/ui/load-error.tsx';
import { useHelpQueue } from '../hooks/use-help-requests.ts';

/** Staff open the queue on what waits for them; `?status=all` lists every request. */
const DEFAULT_STATUS: HelpStatus = 'submitted';
const MAX_PAGE = 100_000;

export interface HelpQueueView {
  /** null: every status. */
  status: HelpStatus | null;
  page: number;
}

const isStatus = (value: string | null): value is HelpStatus => HELP_STATUS_VALUES.some((status) => status === value);

/** What the address says, anything unreadable read as the default (an old bookmark, a hand-edited link). */
export function viewOf(search: string): HelpQueueView {
  const query = new URLSearchParams(search);
  const status = query.get('status');
  const page = Number(query.get('page'));
  return {
    status: status === 'all' ? null : isStatus(status) ? status : DEFAULT_STATUS,
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

export function hrefOf(view: HelpQueueView): string {
  const query = new URLSearchParams();
  if (view.status !== DEFAULT_STATUS) query.set('status', view.status ?? 'all');
  if (view.page > 1) query.set('page', String(view.page));
  const search = query.toString();
  return search ? `/help?${search}` : '/help';
}

/** help.admin.getMany's input. */
export function queryOf(view: HelpQueueView): THelpQueueQuery {
  return { status: view.status ?? 'all', page: view.page };
}

const STATUS_LINKS: ReadonlyArray<{ status: HelpStatus | null; label: MessageKey }> = [
  ...HELP_STATUS_VALUES.map((status) => ({ status, label: HELP_STATUS_LABELS[status] })),
  { status: null, label: 'admin.help.all' },
];

/** /admin/help — members' help requests for the verification team, oldest waiting first as the server orders them (a queue: first asked, first checked); a card per request on a phone. */
export default function HelpQueuePage() {
  usePageMeta('admin.help.metaTitle', 'admin.metaDescription', { isNoIndex: true });
  return <AdminGate permission="verification">{() => <HelpQueue />}</AdminGate>;
}

export function HelpQueue() {
  const t = useT();
  const view = viewOf(useSearch());
  return (
    <div className="container admin-page">
      <AdminPageHeading title={t('admin.help.heading')} />
      <p>{t('admin.help.intro')}</p>
      <p>
        <Link href="/help/disputes" data-testid="help-disputes-link">
          {t('admin.help.disputes.link')}
        </Link>
      </p>
      <nav aria-label={t('admin.help.byStatus')}>
        <ul className="filter-links">
          {STATUS_LINKS.map((option) => (
            <li key={option.status ?? 'all'}>
              <Link href={hrefOf({ status: option.status, page: 1 })} aria-current={option.status === view.status ? 'page' : undefined}>
                {t(option.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <QueueTable view={view} />
    </div>
  );
}

function QueueTable({ view }: { view: HelpQueueView }) {
  const t = useT();
  const errorText = useErrorText();
  const queue = useHelpQueue(queryOf(view));
  if (queue.isPending) return <p role="status">{t('common.loading')}</p>;
  if (queue.isError) return <LoadError error={errorText(queue.error, 'admin.help.loadFailed')} onRetry={() => void queue.refetch()} retryLabel={t('common.retry')} />;
  if (queue.data.requests.length === 0) return <p data-testid="help-queue-empty">{t(view.page > 1 ? 'admin.help.emptyPage' : 'admin.help.empty')}</p>;
  return (
    <>
      <RequestsTable queue={queue.data} showStatus={view.status === null} />
      <Pager view={view} pageCount={queue.data.pageCount} />
    </>
  );
}

function RequestsTable({ queue, showStatus }: { queue: THelpQueue; showStatus: boolean }) {
  const t = useT();
  const { lang } = useLang();
  const plural = usePlural();
  return (
    <ResponsiveTable
      label={t('admin.help.heading')}
      caption={plural(showStatus ? 'admin.help.captionAll' : 'admin.help.caption', queue.total, { page: formatNumber(queue.page), pages: formatNumber(Math.max(1, queue.pageCount)) })}
      testId="help-queue"
      rows={queue.requests}
      rowKey={(request) => request.id}
      columns={[
        {
          header: t('admin.help.id'),
          cell: (request) => (
            <Link href={`/help/${request.id}`} className="mono">
              {request.id}
            </Link>
          ),
        },
        { header: t('admin.help.title'), className: 'cell-wrap', cell: (request) => request.title[lang] ?? request.title[lang === 'en' ? 'hi' : 'en'] ?? '' },
        { header: t('admin.help.category'), cell: (request) => t(HELP_CATEGORY_LABELS[request.category]) },
        { header: t('admin.help.amount'), cell: (request) => formatMoney(request.amountNeededPaise) },
        { header: t('admin.help.requester'), className: 'mono', cell: (request) => request.requesterId },
        { header: t('admin.help.requestedAt'), cell: (request) => formatDate(request.requestedAt, lang) },
        { header: t('admin.help.identityMatched'), testId: 'identity-cell', cell: (request) => t(request.isIdentityMatched ? 'admin.help.yes' : 'admin.help.no') },
        showStatus && {
          header: t('admin.help.status'),
          cell: (request: THelpQueue['requests'][number]) => <span className={`badge ${HELP_STATUS_TONES[request.status] ?? 'badge-used'}`}>{t(HELP_STATUS_LABELS[request.status])}</span>,
        },
      ]}
    />
  );
}

function Pager({ view, pageCount }: { view: HelpQueueView; pageCount: number }) {
  const t = useT();
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={t('admin.help.pages')} className="pager" data-testid="help-queue-pager">
      {view.page > 1 && (
        <Link href={hrefOf({ ...view, page: view.page - 1 })} rel="prev">
          {t('admin.help.previousPage')}
        </Link>
      )}{' '}
      <span>{t('admin.help.pageOf', { page: formatNumber(view.page), pages: formatNumber(pageCount) })}</span>{' '}
      {view.page < pageCount && (
        <Link href={hrefOf({ ...view, page: view.page + 1 })} rel="next">
          {t('admin.help.nextPage')}
        </Link>
      )}
    </nav>
  );
}
