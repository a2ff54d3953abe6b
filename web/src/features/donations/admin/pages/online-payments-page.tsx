import { Link } from 'wouter';
import type { TFlaggedPayment, TFlaggedPaymentsResponse, TOnlinePaymentCheck } from '@sahay/server/modules/donations/online/flagged-payments.schema';
import { trpc } from '#web/api/trpc.ts';
import { displayReference } from '#web/features/donations/reference.public.ts';
import { useLang, useT, type MessageKey } from '#web/i18n/i18n.tsx';
import { formatDate, formatDateTime, formatMoney } from '#web/ui/format.ts';
import { LoadError } from '#web/ui/load-error.tsx';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { ResponsiveTable } from '#web/ui/responsive-table.tsx';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { AdminGate } from '#web/features/admin/components/admin-gate.public.tsx';
import { AdminPageHeading } from '#web/features/admin/components/admin-page-heading.public.tsx';

export const FLAG_REASON_LABELS: Record<TFlaggedPayment['reason'], MessageKey> = {
  'amount-differs': 'finance.onlinePayments.reasons.amount-differs',
  'currency-differs': 'finance.onlinePayments.reasons.currency-differs',
  'unknown-order': 'finance.onlinePayments.reasons.unknown-order',
  'donation-not-payable': 'finance.onlinePayments.reasons.donation-not-payable',
  'paid-twice': 'finance.onlinePayments.reasons.paid-twice',
  'partial-refund': 'finance.onlinePayments.reasons.partial-refund',
};

export const DIFFERENCE_LABELS: Record<TOnlinePaymentCheck['differences'][number]['kind'], MessageKey> = {
  'captured-not-verified': 'finance.onlinePayments.differences.captured-not-verified',
  'verified-not-captured': 'finance.onlinePayments.differences.verified-not-captured',
  'amount-differs': 'finance.onlinePayments.differences.amount-differs',
};

/** An amount in its currency: rupees as ₹, any other currency by its code (a payment in another currency is itself the problem). */
function amountIn(paise: number, currency: string): string {
  return currency === 'INR' ? formatMoney(paise) : `${currency} ${(paise / 100).toFixed(2)}`;
}

/** /admin/online-payments — the online payments that verified nothing, for finance to look into and refund if need be (decision 069). */
export default function OnlinePaymentsPage() {
  usePageMeta('finance.onlinePayments.metaTitle', 'admin.metaDescription', { isNoIndex: true });
  return <AdminGate permission="finance">{() => <OnlinePaymentsLoader />}</AdminGate>;
}

function OnlinePaymentsLoader() {
  const t = useT();
  const errorText = useErrorText();
  const flags = trpc.donations.admin.flaggedPayments.useQuery({}, { refetchInterval: 30_000 });
  return (
    <div className="container admin-page">
      <AdminPageHeading title={t('finance.onlinePayments.heading')} />
      <p>{t('finance.onlinePayments.intro')}</p>
      {flags.isPending && <p role="status">{t('common.loading')}</p>}
      {flags.isError && <LoadError error={errorText(flags.error, 'finance.onlinePayments.loadFailed')} onRetry={() => void flags.refetch()} retryLabel={t('common.retry')} />}
      {flags.data && <NightlyChecks checks={flags.data.checks} />}
      {flags.data && <FlaggedPayments flags={flags.data} />}
    </div>
  );
}

/** The list itself, newest first. */
export function FlaggedPayments({ flags }: { flags: Pick<TFlaggedPaymentsResponse, 'items' | 'total'> }) {
  const t = useT();
  const { lang } = useLang();
  const none = t('common.none');
  return (
    <section aria-labelledby="flagged-heading" className="panel">
      <h2 id="flagged-heading">{t('finance.onlinePayments.flaggedHeading', { count: flags.total })}</h2>
      {flags.items.length === 0 ? (
        <p data-testid="flagged-empty">{t('finance.onlinePayments.empty')}</p>
      ) : (
        <ResponsiveTable
          label={t('finance.onlinePayments.flaggedTable')}
          testId="flagged-payments"
          rows={flags.items}
          rowKey={(flag) => flag.paymentId}
          columns={[
            { header: t('finance.onlinePayments.when'), cell: (flag) => formatDateTime(flag.flaggedAt, lang) },
            { header: t('finance.onlinePayments.reason'), cell: (flag) => t(FLAG_REASON_LABELS[flag.reason]) },
            { header: t('finance.onlinePayments.paid'), cell: (flag) => amountIn(flag.paidPaise, flag.paidCurrency) },
            { header: t('finance.onlinePayments.expected'), cell: (flag) => (flag.expectedPaise === null ? none : formatMoney(flag.expectedPaise)) },
            {
              header: t('finance.onlinePayments.donation'),
              cell: (flag) => (flag.reference ? <Link href={`/donations/${flag.reference.replace('-', '')}`}>{displayReference(flag.reference)}</Link> : none),
            },
            { header: t('finance.onlinePayments.paymentId'), className: 'mono', cell: (flag) => flag.paymentId },
            { header: t('finance.onlinePayments.orderId'), className: 'mono', cell: (flag) => flag.orderId ?? none },
          ]}
        />
      )}
    </section>
  );
}

/** The nightly checks (decision 069): each day's captured payments at the gateway against the donations verified online, and every difference. */
export function NightlyChecks({ checks }: { checks: readonly TOnlinePaymentCheck[] }) {
  const t = useT();
  const { lang } = useLang();
  const none = t('common.none');
  const differences = checks.flatMap((check) => check.differences.map((difference) => ({ ...difference, date: check.date })));
  return (
    <section aria-labelledby="checks-heading" className="panel" data-testid="nightly-checks">
      <h2 id="checks-heading">{t('finance.onlinePayments.checksHeading')}</h2>
      <p>{t('finance.onlinePayments.checksIntro')}</p>
      {checks.length === 0 ? (
        <p>{t('finance.onlinePayments.noChecks')}</p>
      ) : (
        <ul>
          {checks.map((check) => (
            <li key={check.date}>
              {t('finance.onlinePayments.checkLine', {
                date: formatDate(check.date, lang),
                captured: String(check.capturedCount),
                capturedAmount: formatMoney(check.capturedPaise),
                verified: String(check.verifiedCount),
                verifiedAmount: formatMoney(check.verifiedPaise),
              })}{' '}
              <strong>{check.differences.length === 0 ? t('finance.onlinePayments.checkMatches') : t('finance.onlinePayments.checkDiffers', { count: String(check.differences.length) })}</strong>
            </li>
          ))}
        </ul>
      )}
      {differences.length > 0 && (
        <ResponsiveTable
          label={t('finance.onlinePayments.differencesTable')}
          testId="check-differences"
          rows={differences}
          rowKey={(difference) => `${difference.date}-${difference.kind}-${difference.paymentId}`}
          columns={[
            { header: t('finance.onlinePayments.day'), cell: (difference) => formatDate(difference.date, lang) },
            {
              header: t('finance.onlinePayments.reason'),
              cell: (difference) => (
                <>
                  {t(DIFFERENCE_LABELS[difference.kind])}
                  {difference.isFlagged && <span className="table-note"> {t('finance.onlinePayments.alsoFlagged')}</span>}
                </>
              ),
            },
            { header: t('finance.onlinePayments.atGateway'), cell: (difference) => (difference.gatewayPaise === null ? none : formatMoney(difference.gatewayPaise)) },
            { header: t('finance.onlinePayments.verifiedHere'), cell: (difference) => (difference.verifiedPaise === null ? none : formatMoney(difference.verifiedPaise)) },
            {
              header: t('finance.onlinePayments.donation'),
              cell: (difference) => (difference.reference ? <Link href={`/donations/${difference.reference.replace('-', '')}`}>{displayReference(difference.reference)}</Link> : none),
            },
            { header: t('finance.onlinePayments.paymentId'), className: 'mono', cell: (difference) => difference.paymentId },
          ]}
        />
      )}
    </section>
  );
}
