import { useSearch } from 'wouter';
import type { TTransparency } from '@sahay/server/modules/transparency/transparency.schema';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { localizeHref } from '#web/i18n/lang-url.ts';
import { formatDate, formatMoney, formatMonth, formatNumber } from '#web/ui/format.ts';
import { LoadFailure } from '#web/ui/load-failure.tsx';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { TableScroll } from '#web/ui/table-scroll.tsx';
import { CAUSE_LABELS } from '../components/cause-select.tsx';
import { CauseChart, MonthChart } from '../components/money-charts.tsx';
import { useTransparency } from '../hooks/use-transparency.ts';

/** `?page=` (gifts) or `?paidPage=` (payments) as a page number; anything else is the first page (as the server reads it). */
function pageOf(search: string, name: 'page' | 'paidPage'): number {
  const page = Number(new URLSearchParams(search).get(name) ?? 1);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** The address of a page of each list; a first page is left out of the address. */
function listHref(pages: { page: number; paidPage: number }, lang: 'en' | 'hi', hash = ''): string {
  const params = new URLSearchParams();
  if (pages.page > 1) params.set('page', String(pages.page));
  if (pages.paidPage > 1) params.set('paidPage', String(pages.paidPage));
  const query = params.toString();
  return localizeHref(`/transparency${query ? `?${query}` : ''}${hash}`, lang);
}

/**
 * /transparency (PRODUCT.md §3): where the money came from and where it went. Money received and
 * disbursed in the last 24 months, by month and by cause, as charts with their tables; then every
 * verified donation, newest first, 20 a page, naming the donor only when they agreed; then every
 * payment out, newest first, 20 a page, naming nobody. Rendered on the server with the figures;
 * paging is plain links, so it works before (and without) any script.
 */
export default function TransparencyPage() {
  const t = useT();
  const { lang } = useLang();
  usePageMeta('transparency.metaTitle', 'transparency.metaDescription');
  const search = useSearch();
  const { data, error } = useTransparency(pageOf(search, 'page'), pageOf(search, 'paidPage'));

  return (
    <div className="container page-content transparency">
      <h1>{t('transparency.heading')}</h1>
      <p>{t('transparency.intro')}</p>
      {data ? <Figures data={data} lang={lang} /> : error ? <LoadFailure message={t('transparency.failed')} error={error} onRetry={() => window.location.reload()} /> : <p role="status">{t('common.loading')}</p>}
    </div>
  );
}

function Figures({ data, lang }: { data: TTransparency; lang: 'en' | 'hi' }) {
  const t = useT();
  const totals = { received: formatMoney(data.totals.receivedPaise), disbursed: formatMoney(data.totals.disbursedPaise) };
  const { gifts, payments } = data;
  const pageHref = (page: number) => listHref({ page, paidPage: payments.page }, lang);
  const paidPageHref = (paidPage: number) => listHref({ page: gifts.page, paidPage }, lang, '#transparency-payments');
  const csvHref = `/api/transparency.csv?page=${gifts.page}&lang=${lang}`;

  return (
    <>
      <div className="stats">
        <div className="stat">
          <p className="stat-label">{t('transparency.totalReceived')}</p>
          <p className="stat-value">{totals.received}</p>
        </div>
        <div className="stat">
          <p className="stat-label">{t('transparency.totalDisbursed')}</p>
          <p className="stat-value">{totals.disbursed}</p>
        </div>
      </div>
      <p className="muted">{t('transparency.disbursedNote')}</p>

      <section aria-labelledby="transparency-months">
        <h2 id="transparency-months">{t('transparency.byMonth')}</h2>
        <MonthChart months={data.months} summary={t('transparency.chartSummary', totals)} />
        {/* 24 rows: folded on a phone; the chart's text alternative gives the totals. */}
        <details className="chart-table">
          <summary>{t('transparency.showTable')}</summary>
          <TableScroll label={t('transparency.byMonthTable')}>
            <table className="table">
              <caption>{t('transparency.byMonthTable')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('transparency.month')}</th>
                  <th scope="col">{t('transparency.received')}</th>
                  <th scope="col">{t('transparency.disbursed')}</th>
                </tr>
              </thead>
              <tbody>
                {[...data.months].reverse().map((month) => (
                  <tr key={month.month}>
                    <th scope="row">{formatMonth(month.month, lang, 'long')}</th>
                    <td>{formatMoney(month.receivedPaise)}</td>
                    <td>{formatMoney(month.disbursedPaise)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </details>
      </section>

      <section aria-labelledby="transparency-causes">
        <h2 id="transparency-causes">{t('transparency.byCause')}</h2>
        <CauseChart causes={data.causes} summary={t('transparency.causeChartSummary')} />
        <TableScroll label={t('transparency.byCauseTable')}>
          <table className="table">
            <caption>{t('transparency.byCauseTable')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('transparency.cause')}</th>
                <th scope="col">{t('transparency.received')}</th>
                <th scope="col">{t('transparency.disbursed')}</th>
              </tr>
            </thead>
            <tbody>
              {data.causes.map((cause) => (
                <tr key={cause.cause}>
                  <th scope="row" className="wrap">
                    {t(CAUSE_LABELS[cause.cause])}
                  </th>
                  <td>{formatMoney(cause.receivedPaise)}</td>
                  <td>{formatMoney(cause.disbursedPaise)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </section>

      <section aria-labelledby="transparency-gifts">
        <h2 id="transparency-gifts">{t('transparency.gifts')}</h2>
        <p>{t('transparency.giftsNote', { count: formatNumber(gifts.total) })}</p>
        {gifts.items.length === 0 ? (
          <p>{t('transparency.noGifts')}</p>
        ) : (
          <ul className="gift-list">
            {gifts.items.map((gift, index) => (
              <MoneyRow key={`${gifts.page}-${index}`} amountPaise={gift.amountPaise} who={gift.donorName ?? t('transparency.anonymous')} on={gift.receivedOn} cause={gift.cause} lang={lang} />
            ))}
          </ul>
        )}
        <Pager label={t('transparency.pages')} list={gifts} hrefOf={pageHref} />
        {gifts.items.length > 0 && (
          <p>
            <a href={csvHref} download>
              {t('transparency.downloadCsv')}
            </a>
          </p>
        )}
      </section>

      <section aria-labelledby="transparency-payments">
        <h2 id="transparency-payments">{t('transparency.payments')}</h2>
        <p>{t('transparency.paymentsNote', { count: formatNumber(payments.total) })}</p>
        {payments.items.length === 0 ? (
          <p>{t('transparency.noPayments')}</p>
        ) : (
          <ul className="gift-list" data-testid="transparency-payments">
            {payments.items.map((payment, index) => (
              <MoneyRow
                key={`${payments.page}-${index}`}
                amountPaise={payment.amountPaise}
                who={t(payment.scheme === 'kanyadan' ? 'transparency.kanyadanBenefit' : 'transparency.helpPayment')}
                on={payment.paidOn}
                cause={payment.cause}
                lang={lang}
              />
            ))}
          </ul>
        )}
        {payments.pageCount > 1 && <Pager label={t('transparency.paymentPages')} list={payments} hrefOf={paidPageHref} />}
        {payments.items.length > 0 && (
          <p>
            <a href={`/api/transparency/payments.csv?paidPage=${payments.page}&lang=${lang}`} download>
              {t('transparency.downloadPaymentsCsv')}
            </a>
          </p>
        )}
      </section>
      {data.foreignContributions && <ForeignContributions report={data.foreignContributions} lang={lang} />}
    </>
  );
}

/**
 * The quarterly disclosure of foreign contributions (FCRA 2010; decision 058), shown while the
 * foundation holds an FCRA registration: each gift with its donor's name (as the rules ask; the
 * donor was told when pledging), country, amount, date and purpose. An erased donor's row stays
 * without the name, so the quarter still adds up.
 */
function ForeignContributions({ report, lang }: { report: NonNullable<TTransparency['foreignContributions']>; lang: 'en' | 'hi' }) {
  const t = useT();
  const countryNames = new Intl.DisplayNames([lang], { type: 'region', fallback: 'code' });
  return (
    <section aria-labelledby="transparency-foreign" data-testid="transparency-foreign">
      <h2 id="transparency-foreign">{t('transparency.foreign')}</h2>
      <p>{t('transparency.foreignIntro', { number: report.registrationNumber })}</p>
      {report.quarters.map((quarter) => {
        const heading = t('transparency.foreignQuarter', { quarter: quarter.quarter, from: formatDate(quarter.from, lang), to: formatDate(quarter.to, lang) });
        return (
          <div key={quarter.quarter}>
            <h3>{heading}</h3>
            {quarter.items.length === 0 ? (
              <p>{t('transparency.foreignNone')}</p>
            ) : (
              <>
                <p>{t('transparency.foreignTotal', { amount: formatMoney(quarter.totalPaise) })}</p>
                <TableScroll label={heading}>
                  <table className="table">
                    <caption className="visually-hidden">{heading}</caption>
                    <thead>
                      <tr>
                        <th scope="col">{t('transparency.donor')}</th>
                        <th scope="col">{t('transparency.country')}</th>
                        <th scope="col">{t('transparency.amount')}</th>
                        <th scope="col">{t('transparency.date')}</th>
                        <th scope="col">{t('transparency.purpose')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {quarter.items.map((gift, index) => (
                        <tr key={index}>
                          <th scope="row" className="wrap">
                            {gift.donorName ?? t('transparency.nameErased')}
                          </th>
                          <td>{countryNames.of(gift.country) ?? gift.country}</td>
                          <td>{formatMoney(gift.amountPaise)}</td>
                          <td>{formatDate(gift.receivedOn, lang)}</td>
                          <td className="wrap">{t(CAUSE_LABELS[gift.cause])}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </TableScroll>
              </>
            )}
          </div>
        );
      })}
    </section>
  );
}

/** One line of a list: the amount, who gave or what it paid for, the day and the cause. */
function MoneyRow({ amountPaise, who, on, cause, lang }: { amountPaise: number; who: string; on: string; cause: keyof typeof CAUSE_LABELS; lang: 'en' | 'hi' }) {
  const t = useT();
  return (
    <li className="gift">
      <span className="gift-amount">{formatMoney(amountPaise)}</span>
      <span className="gift-donor">{who}</span>
      <span className="gift-meta">
        <span className="visually-hidden">{t('transparency.date')}: </span>
        {formatDate(on, lang)} · <span className="visually-hidden">{t('transparency.cause')}: </span>
        {t(CAUSE_LABELS[cause])}
      </span>
    </li>
  );
}

/** A list's pages as plain links, newer to the left. */
function Pager({ label, list, hrefOf }: { label: string; list: { page: number; pageCount: number }; hrefOf: (page: number) => string }) {
  const t = useT();
  return (
    <nav className="pager" aria-label={label}>
      {list.page > 1 && (
        <a href={hrefOf(list.page - 1)} rel="prev">
          {t('transparency.newer')}
        </a>
      )}
      <span>{t('transparency.pageOf', { page: formatNumber(list.page), pages: formatNumber(list.pageCount) })}</span>
      {list.page < list.pageCount && (
        <a href={hrefOf(list.page + 1)} rel="next">
          {t('transparency.older')}
        </a>
      )}
    </nav>
  );
}
