import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import type { TFlaggedPayment, TFlaggedPaymentsResponse, TOnlinePaymentCheck } from '@sahay/server/modules/donations/online/flagged-payments.schema';
import { ZResolveFlaggedPaymentRequestSchema } from '@sahay/server/modules/donations/online/resolve-flagged-payment.schema';
import { fieldErrorsOf } from '#web/api/errors.ts';
import { trpc } from '#web/api/trpc.ts';
import { displayReference } from '#web/features/donations/reference.public.ts';
import { useLang, useT, type MessageKey } from '#web/i18n/i18n.tsx';
import { formatDate, formatDateTime, formatMoney } from '#web/ui/format.ts';
import { FormError, SubmitButton } from '#web/ui/form/form-status.tsx';
import { TextField } from '#web/ui/form/text-field.tsx';
import { LoadError } from '#web/ui/load-error.tsx';
import { ModalDialog } from '#web/ui/modal-dialog.tsx';
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
  'captured-not-settled': 'finance.onlinePayments.differences.captured-not-settled',
  'settled-amount-differs': 'finance.onlinePayments.differences.settled-amount-differs',
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
      {flags.data && <FlaggedPayments flags={flags.data} canResolve />}
    </div>
  );
}

/** The list itself: the open flags (newest first), each with "Mark resolved", then the resolved ones with finance's note (decision 081). */
export function FlaggedPayments({ flags, canResolve = false }: { flags: Pick<TFlaggedPaymentsResponse, 'items' | 'total' | 'openCount'>; canResolve?: boolean }) {
  const t = useT();
  const { lang } = useLang();
  const none = t('common.none');
  const [resolving, setResolving] = useState<TFlaggedPayment | null>(null);
  const open = flags.items.filter((flag) => flag.resolution === null);
  const resolved = flags.items.filter((flag) => flag.resolution !== null);
  const common = [
    { header: t('finance.onlinePayments.when'), cell: (flag: TFlaggedPayment) => formatDateTime(flag.flaggedAt, lang) },
    { header: t('finance.onlinePayments.reason'), cell: (flag: TFlaggedPayment) => t(FLAG_REASON_LABELS[flag.reason]) },
    { header: t('finance.onlinePayments.paid'), cell: (flag: TFlaggedPayment) => amountIn(flag.paidPaise, flag.paidCurrency) },
    { header: t('finance.onlinePayments.expected'), cell: (flag: TFlaggedPayment) => (flag.expectedPaise === null ? none : formatMoney(flag.expectedPaise)) },
    {
      header: t('finance.onlinePayments.donation'),
      cell: (flag: TFlaggedPayment) => (flag.reference ? <Link href={`/donations/${flag.reference.replace('-', '')}`}>{displayReference(flag.reference)}</Link> : none),
    },
    { header: t('finance.onlinePayments.paymentId'), className: 'mono', cell: (flag: TFlaggedPayment) => flag.paymentId },
    { header: t('finance.onlinePayments.orderId'), className: 'mono', cell: (flag: TFlaggedPayment) => flag.orderId ?? none },
  ];
  return (
    <section aria-labelledby="flagged-heading" className="panel">
      <h2 id="flagged-heading">{t('finance.onlinePayments.flaggedHeading', { count: flags.openCount })}</h2>
      {open.length === 0 ? (
        <p data-testid="flagged-empty">{t('finance.onlinePayments.empty')}</p>
      ) : (
        <ResponsiveTable
          label={t('finance.onlinePayments.flaggedTable')}
          testId="flagged-payments"
          rows={open}
          rowKey={(flag) => flag.paymentId}
          columns={[
            ...common,
            ...(canResolve
              ? [
                  {
                    header: t('finance.onlinePayments.action'),
                    cell: (flag: TFlaggedPayment) => (
                      <button type="button" className="btn btn-secondary" onClick={() => setResolving(flag)} data-testid={`resolve-${flag.paymentId}`}>
                        {t('finance.onlinePayments.resolveOpen')}
                      </button>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      {resolved.length > 0 && (
        <>
          <h3 id="resolved-heading">{t('finance.onlinePayments.resolvedHeading', { count: flags.total - flags.openCount })}</h3>
          <ResponsiveTable
            label={t('finance.onlinePayments.resolvedTable')}
            testId="resolved-payments"
            rows={resolved}
            rowKey={(flag) => flag.paymentId}
            columns={[
              ...common,
              { header: t('finance.onlinePayments.resolvedAt'), cell: (flag) => (flag.resolution ? formatDateTime(flag.resolution.resolvedAt, lang) : none) },
              { header: t('finance.onlinePayments.resolutionNote'), cell: (flag) => flag.resolution?.note ?? none },
            ]}
          />
        </>
      )}
      {resolving && <ResolveDialog flag={resolving} onClose={() => setResolving(null)} />}
    </section>
  );
}

/** Finance says what was done about a flagged payment (decision 081); the flag then moves to the resolved list. */
function ResolveDialog({ flag, onClose }: { flag: TFlaggedPayment; onClose: () => void }) {
  const t = useT();
  const { translateServer } = useLang();
  const errorText = useErrorText();
  const utils = trpc.useUtils();
  const resolve = trpc.donations.admin.resolveFlaggedPayment.useMutation({ onSuccess: () => utils.donations.admin.flaggedPayments.invalidate() });
  const [note, setNote] = useState('');
  const [noteErrors, setNoteErrors] = useState<string[]>([]);
  const serverErrors = fieldErrorsOf(resolve.error).note;
  const failure = resolve.error && !serverErrors ? errorText(resolve.error, 'finance.onlinePayments.resolveFailed') : undefined;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZResolveFlaggedPaymentRequestSchema.safeParse({ paymentId: flag.paymentId, note });
    if (!parsed.success) {
      setNoteErrors(parsed.error.issues.map((issue) => issue.message));
      resolve.reset();
      (event.currentTarget.elements.namedItem('resolution-note') as HTMLElement | null)?.focus();
      return;
    }
    setNoteErrors([]);
    resolve.mutate(parsed.data, { onSuccess: onClose });
  }

  return (
    <ModalDialog title={t('finance.onlinePayments.resolveTitle', { paymentId: flag.paymentId })} closeLabel={t('finance.onlinePayments.resolveKeep')} onClose={onClose} testId="resolve-dialog">
      <form className="form" noValidate onSubmit={onSubmit}>
        <TextField
          name="resolution-note"
          label={t('finance.onlinePayments.resolutionNote')}
          hint={t('finance.onlinePayments.resolveHint')}
          multiline
          rows={3}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          errors={(noteErrors.length > 0 ? noteErrors : (serverErrors ?? [])).map(translateServer)}
        />
        <FormError message={failure?.message} hint={failure?.hint} />
        <SubmitButton isBusy={resolve.isPending} label={t('finance.onlinePayments.resolveConfirm')} busyLabel={t('common.submitting')} />
      </form>
    </ModalDialog>
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
              {check.settlements && (
                <>
                  {' '}
                  {t('finance.onlinePayments.settlementLine', {
                    settled: String(check.settlements.settledCount),
                    settledAmount: formatMoney(check.settlements.settledPaise),
                    fees: formatMoney(check.settlements.feesPaise),
                    credited: formatMoney(check.settlements.creditedPaise),
                    capturedOn: formatDate(check.settlements.capturedOn, lang),
                    capturedCount: String(check.settlements.capturedCount),
                  })}
                </>
              )}{' '}
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
