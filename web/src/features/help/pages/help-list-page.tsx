import { Link, useSearch } from 'wouter';
import type { THelpList, TPublicHelpRequest } from '@sahay/server/modules/help/help.schema';
import { useLang, useT, type Lang } from '#web/i18n/i18n.tsx';
import { formatDate, formatNumber } from '#web/ui/format.ts';
import { LoadFailure } from '#web/ui/load-failure.tsx';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { HelpProgress } from '../components/help-progress.tsx';
import { causeOf, categoryOf, CATEGORY_LABELS, HELP_CATEGORIES, pageOf, textIn, type HelpCategory } from '../help-request-text.ts';
import { useHelpList } from '../hooks/use-help-list.ts';

/** The list's address for a category (null: all) and page; the router adds the language. */
function listHref(category: HelpCategory | null, page = 1): string {
  const params = new URLSearchParams();
  if (category) params.set('cause', category);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/help?${query}` : '/help';
}

/**
 * /help (PRODUCT.md §8): the requests for help that staff have checked and published, newest
 * first, a page at a time, by category. The home page's cause links (`?cause=people`, …) land
 * here. Rendered on the server with the list; filters and paging are plain links, so they work
 * before (and without) any script.
 */
export default function HelpListPage() {
  const t = useT();
  const { lang } = useLang();
  usePageMeta('help.list.metaTitle', 'help.list.metaDescription');
  const search = useSearch();
  const cause = causeOf(search);
  const { data, error } = useHelpList(cause, pageOf(search));
  const category = data?.category ?? categoryOf(cause);

  return (
    <div className="container page-content help">
      <h1>{t('help.list.heading')}</h1>
      <p>{t('help.list.intro')}</p>
      <p className="notice">
        {t('help.list.askIntro')} <Link href="/my-help/new">{t('help.list.ask')}</Link>
      </p>
      <nav aria-label={t('help.list.filters')}>
        <ul className="filter-links">
          <li>
            <Link href={listHref(null)} aria-current={category === null ? 'page' : undefined}>
              {t('help.list.all')}
            </Link>
          </li>
          {HELP_CATEGORIES.map((each) => (
            <li key={each}>
              <Link href={listHref(each)} aria-current={category === each ? 'page' : undefined}>
                {t(CATEGORY_LABELS[each])}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {data ? <Requests list={data} lang={lang} /> : error ? <LoadFailure message={t('help.list.failed')} error={error} onRetry={() => window.location.reload()} /> : <p role="status">{t('common.loading')}</p>}
    </div>
  );
}

function Requests({ list, lang }: { list: THelpList; lang: Lang }) {
  const t = useT();
  if (list.total > 0 && list.requests.length === 0) {
    // A page past the end (an old link): there are requests, on the pages before.
    return (
      <p>
        <Link href={listHref(list.category)}>{t('help.list.firstPage')}</Link>
      </p>
    );
  }
  if (list.requests.length === 0) {
    return (
      <div className="help-empty">
        <p>{t('help.list.empty')}</p>
        <p className="actions">
          <Link href="/donate" className="btn btn-primary">
            {t('help.donate')}
          </Link>
          {list.category !== null && <Link href={listHref(null)}>{t('help.list.showAll')}</Link>}
        </p>
      </div>
    );
  }
  return (
    <>
      <ul className="help-cards">
        {list.requests.map((request) => (
          <HelpCard key={request.id} request={request} lang={lang} />
        ))}
      </ul>
      {list.pageCount > 1 && (
        <nav className="pager" aria-label={t('help.list.pages')}>
          {list.page > 1 && (
            <Link href={listHref(list.category, list.page - 1)} rel="prev">
              {t('help.list.previous')}
            </Link>
          )}
          <span>{t('help.list.pageOf', { page: formatNumber(list.page), pages: formatNumber(list.pageCount) })}</span>
          {list.page < list.pageCount && (
            <Link href={listHref(list.category, list.page + 1)} rel="next">
              {t('help.list.next')}
            </Link>
          )}
        </nav>
      )}
    </>
  );
}

function HelpCard({ request, lang }: { request: TPublicHelpRequest; lang: Lang }) {
  const t = useT();
  const title = textIn(request.title, lang);
  return (
    <li className="help-card">
      <p className="help-category">{t(CATEGORY_LABELS[request.category])}</p>
      <h2 className="help-card-title">
        <Link href={`/help/${request.id}`} lang={title.lang === lang ? undefined : title.lang}>
          {title.text || t('help.untitled', { id: request.id })}
        </Link>
      </h2>
      <HelpProgress raisedPaise={request.raisedPaise} amountNeededPaise={request.amountNeededPaise} />
      <p className="help-card-meta">{request.status === 'closed' ? t('help.closed') : t('help.closesOn', { date: formatDate(request.closesOn, lang) })}</p>
    </li>
  );
}
