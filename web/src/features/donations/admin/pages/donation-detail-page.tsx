import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import type { TDonationDetail } from '@sahay/server/modules/donations/verification/get-donation.schema';
import { ZCancelDonationRequestSchema } from '@sahay/server/modules/donations/verification/cancel-donation.schema';
import { ZRejectDonationRequestSchema } from '@sahay/server/modules/donations/verification/reject-donation.schema';
import { ZVerifyDonationRequestSchema } from '@sahay/server/modules/donations/verification/verify-donation.schema';
import { ZRefundOnlinePaymentRequestSchema } from '@sahay/server/modules/donations/online/refund-online-payment.schema';
import { fieldErrorsOf, type FieldErrors } from '#web/api/errors.ts';
import { CAUSE_LABELS } from '#web/features/donations/components/cause-select.tsx';
import { DonationStatusBadge } from '#web/features/donations/components/donation-status-badge.tsx';
import { displayReference, utrKindOf } from '#web/features/donations/reference.public.ts';
import { useLang, useT, type MessageKey } from '#web/i18n/i18n.tsx';
import { formatDate, formatDateTime, formatMoney } from '#web/ui/format.ts';
import { FormError, SubmitButton } from '#web/ui/form/form-status.tsx';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { ResponsiveTable } from '#web/ui/responsive-table.tsx';
import { TextField } from '#web/ui/form/text-field.tsx';
import { issuesToFieldErrors, useErrorText } from '#web/ui/use-error-text.ts';
import { useActorName } from '#web/features/admin/components/actor-name.public.ts';
import { AdminGate } from '#web/features/admin/components/admin-gate.public.tsx';
import { AdminPageHeading } from '#web/features/admin/components/admin-page-heading.public.tsx';
import { DONOR_ID_KIND_LABELS, DonorIdForm } from '../components/donor-id-form.tsx';
import { DONATION_TYPE_LABELS, DonationTypeSelect, type DonationType } from '../components/donation-type-select.tsx';
import { PanNameForm } from '../components/pan-name-form.tsx';
import { defaultDonationTypeOf } from '@sahay/server/modules/donations/donation-fields.schema';
import { LoadError } from '#web/ui/load-error.tsx';
import { ModalDialog } from '#web/ui/modal-dialog.tsx';
import { useAdminDonation, useDonationActions } from '../hooks/use-admin-donations.ts';

export const MODE_LABELS: Record<string, MessageKey> = {
  upi: 'donation.modes.upi',
  'bank-transfer': 'donation.modes.bank-transfer',
  cash: 'donation.modes.cash',
  cheque: 'donation.modes.cheque',
  dd: 'donation.modes.dd',
  online: 'donation.modes.online',
};
const MODES = ['upi', 'bank-transfer', 'cash', 'cheque', 'dd'] as const;
const modeOf = (value: string) => MODES.find((mode) => mode === value) ?? 'upi';

/** What each recorded event of a donation is called; an unknown type is shown as recorded. */
const EVENT_NAMES: Record<string, MessageKey> = {
  DonationPledged: 'adminDonations.events.DonationPledged',
  DonationProofSubmitted: 'adminDonations.events.DonationProofSubmitted',
  DonationScreenshotProcessed: 'adminDonations.events.DonationScreenshotProcessed',
  DonationScreenshotRejected: 'adminDonations.events.DonationScreenshotRejected',
  DonationVerified: 'adminDonations.events.DonationVerified',
  DonationRejected: 'adminDonations.events.DonationRejected',
  DonationAbandoned: 'adminDonations.events.DonationAbandoned',
  DonationCancelled: 'adminDonations.events.DonationCancelled',
  ReceiptRendered: 'adminDonations.events.ReceiptRendered',
  PersonalDataErased: 'adminDonations.events.PersonalDataErased',
  DonationOrderCreated: 'adminDonations.events.DonationOrderCreated',
  DonationRefundRequested: 'adminDonations.events.DonationRefundRequested',
  DonationRefundCreated: 'adminDonations.events.DonationRefundCreated',
  DonationRefundFailed: 'adminDonations.events.DonationRefundFailed',
  DonationRefundProcessed: 'adminDonations.events.DonationRefundProcessed',
  OnlinePaymentFailed: 'adminDonations.events.OnlinePaymentFailed',
};

type RefundStatus = NonNullable<NonNullable<TDonationDetail['online']>['refund']>['status'];
const REFUND_STATE_LABELS: Record<RefundStatus, MessageKey> = {
  requested: 'adminDonations.refundStates.requested',
  pending: 'adminDonations.refundStates.pending',
  failed: 'adminDonations.refundStates.failed',
  processed: 'adminDonations.refundStates.processed',
};

/** Today in India, as YYYY-MM-DD: the date the money arrived is most often today's. */
export function todayInIndia(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
}

/** /admin/donations/:reference — one donation: donor, proof, receipt; verify, reject or cancel it (permission finance). */
export default function DonationDetailPage() {
  const t = useT();
  usePageMeta('adminDonations.detailMetaTitle', 'admin.metaDescription', { isNoIndex: true });
  const { reference = '' } = useParams<{ reference?: string }>();
  return (
    <AdminGate permission="finance">
      {() => (
        <div className="container admin-page">
          <p className="back-link">
            <Link href="/donations">{t('adminDonations.backToQueue')}</Link>
          </p>
          <DonationDetail reference={reference.toUpperCase()} />
        </div>
      )}
    </AdminGate>
  );
}

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

function DonationDetail({ reference }: { reference: string }) {
  const t = useT();
  const actorName = useActorName('adminDonations.theDonor');
  const { lang } = useLang();
  const errorText = useErrorText();
  const detail = useAdminDonation(reference);
  if (detail.isPending) return <p role="status">{t('common.loading')}</p>;
  if (detail.isError) return <LoadError error={errorText(detail.error, 'adminDonations.loadFailed')} onRetry={() => void detail.refetch()} retryLabel={t('common.retry')} />;
  const donation = detail.data;
  const none = t('common.none');
  const canVerify = donation.status === 'proof_received' || donation.status === 'awaiting_payment' || donation.status === 'abandoned';
  const canReject = canVerify;

  return (
    <>
      <AdminPageHeading title={t('adminDonations.detailHeading', { reference: displayReference(donation.reference) })} />
      <section aria-labelledby="donation-facts-heading" className="panel">
        <h2 id="donation-facts-heading">{t('adminDonations.donation')}</h2>
        <dl className="facts facts-grid">
          <Fact label={t('adminDonations.status')} testId="donation-status">
            <DonationStatusBadge status={donation.status} />
          </Fact>
          <Fact label={t('adminDonations.amount')} testId="donation-amount">
            {formatMoney(donation.amountPaise)}
          </Fact>
          <Fact label={t('adminDonations.cause')}>{t(CAUSE_LABELS[donation.cause])}</Fact>
          <Fact label={t('adminDonations.channel')}>{t(donation.channel === 'offline' ? 'adminDonations.offline' : 'adminDonations.online')}</Fact>
          <Fact label={t('adminDonations.citizenship')} testId="donation-citizenship">
            {donation.citizenship === 'foreign' ? (
              <>
                <strong>{t('adminDonations.foreignContribution', { country: donation.country ? (new Intl.DisplayNames([lang], { type: 'region', fallback: 'code' }).of(donation.country) ?? donation.country) : '?' })}</strong>
                <span className="table-note">{t('adminDonations.foreignMatchHint')}</span>
              </>
            ) : (
              t(donation.citizenship === 'indian' ? 'adminDonations.indianCitizen' : 'adminDonations.citizenshipUndeclared')
            )}
          </Fact>
          <Fact label={t('adminDonations.pledgedAt')}>{formatDateTime(donation.pledgedAt, lang)}</Fact>
          <Fact label={t('adminDonations.utr')} testId="donation-utr">
            {donation.utr ? (
              <>
                <span className="mono">{donation.utr}</span>
                <span className="table-note">{t((donation.utrKind ?? utrKindOf(donation.utr)) === 'neft-rtgs' ? 'adminDonations.utrNeft' : 'adminDonations.utrUpi')}</span>
              </>
            ) : (
              none
            )}
          </Fact>
          {donation.proofAt && <Fact label={t('adminDonations.proofAt')}>{formatDateTime(donation.proofAt, lang)}</Fact>}
          {donation.receivedOn && <Fact label={t('adminDonations.receivedOn')}>{formatDate(donation.receivedOn, lang)}</Fact>}
          {donation.mode && <Fact label={t('adminDonations.mode')}>{t(MODE_LABELS[donation.mode] ?? 'common.none')}</Fact>}
          {donation.verifiedAt && <Fact label={t('adminDonations.verifiedAt')}>{formatDateTime(donation.verifiedAt, lang)}</Fact>}
          {donation.instrumentNumber && (
            <Fact label={t('adminDonations.instrumentNumber')}>
              <span className="mono">{donation.instrumentNumber}</span>
            </Fact>
          )}
          {donation.receiptSerial && (
            <Fact label={t('adminDonations.receipt')} testId="donation-receipt">
              <span className="mono">{donation.receiptSerial}</span>
              {donation.receiptUrl && (
                <span className="table-note">
                  <a href={donation.receiptUrl} download>
                    {t('adminDonations.downloadReceipt')}
                  </a>
                </span>
              )}
            </Fact>
          )}
          {donation.reason && <Fact label={t('adminDonations.reason')}>{donation.reason}</Fact>}
        </dl>
      </section>

      <section aria-labelledby="donor-heading" className="panel">
        <h2 id="donor-heading">{t('adminDonations.donorHeading')}</h2>
        <dl className="facts facts-grid">
          <Fact label={t('adminDonations.donorName')} testId="donor-name">
            {donation.donorName ?? t('adminDonations.erased')}
          </Fact>
          <Fact label={t('adminDonations.email')}>{donation.email ? <a href={`mailto:${donation.email}`}>{donation.email}</a> : none}</Fact>
          <Fact label={t('adminDonations.phone')}>{donation.phone ? <a href={`tel:${donation.phone}`}>{donation.phone}</a> : none}</Fact>
          <Fact label={t('adminDonations.pan')}>{donation.pan ? <span className="mono">{donation.pan}</span> : none}</Fact>
          {donation.donorId && (
            <Fact label={t(DONOR_ID_KIND_LABELS[donation.donorId.kind])} testId="donor-id">
              <span className="mono">{donation.donorId.number}</span>
            </Fact>
          )}
          <Fact label={t('finance.gift.panName')} testId="pan-name">
            {donation.panName ?? none}
          </Fact>
          {donation.donationType && <Fact label={t('finance.gift.donationType')}>{t(DONATION_TYPE_LABELS[donation.donationType])}</Fact>}
          <Fact label={t('adminDonations.address')}>
            <span style={{ whiteSpace: 'pre-wrap' }}>{donation.address ?? none}</span>
          </Fact>
          <Fact label={t('adminDonations.showName')}>{t(donation.showName ? 'adminDonations.yes' : 'adminDonations.no')}</Fact>
          {donation.helpRequestId && (
            <Fact label={t('adminDonations.helpRequest')}>
              <a href={`/help/${donation.helpRequestId}`} className="mono">
                {donation.helpRequestId}
              </a>
            </Fact>
          )}
          <Fact label={t('adminDonations.referrer')}>{donation.referrerId ? <span className="mono">{donation.referrerId}</span> : none}</Fact>
          <Fact label={t('adminDonations.member')}>{donation.memberId ? <span className="mono">{donation.memberId}</span> : none}</Fact>
        </dl>
      </section>

      {/* Form 10BD needs an ID of the donor: without a PAN, the one finance asks for. */}
      {!donation.pan && donation.donorName !== null && <DonorIdForm donation={donation} />}
      {/* …and the donor's name in Latin letters, as on that ID. */}
      {(donation.pan || donation.donorId) && donation.donorName !== null && <PanNameForm donation={donation} />}

      {donation.utr && (
        <section aria-labelledby="proof-heading" className="panel">
          <h2 id="proof-heading">{t('adminDonations.proofHeading')}</h2>
          {donation.screenshotStatus === null && <p>{t('adminDonations.noScreenshot')}</p>}
          {donation.screenshotStatus === 'processing' && <p role="status">{t('adminDonations.screenshotProcessing')}</p>}
          {donation.screenshotStatus === 'rejected' && <p>{t('adminDonations.screenshotRejected')}</p>}
          {donation.screenshotStatus === 'ready' && donation.screenshotUrl && (
            <a href={donation.screenshotUrl} target="_blank" rel="noopener noreferrer">
              <img
                src={donation.screenshotUrl}
                alt={t('adminDonations.screenshotAlt', { reference: displayReference(donation.reference) })}
                style={{ display: 'block', maxWidth: '100%', height: 'auto', maxHeight: '32rem', width: 'auto', border: '1px solid var(--c-border)' }}
                data-testid="proof-screenshot"
              />
              <span className="visually-hidden"> {t('adminDonations.newTab')}</span>
            </a>
          )}
        </section>
      )}

      {donation.online && <OnlinePaymentFacts online={donation.online} />}
      {donation.status === 'verified' && donation.online?.paymentId && (!donation.online.refund || donation.online.refund.status === 'failed') && <RefundForm donation={donation} />}
      {canVerify && <VerifyForm donation={donation} />}
      {canReject && (
        <ReasonForm
          id="reject"
          reference={donation.reference}
          heading={t('adminDonations.rejectHeading')}
          help={t('adminDonations.rejectHelp')}
          submitLabel={t('adminDonations.reject')}
          kind="reject"
        />
      )}
      {donation.status === 'verified' && (
        <ReasonForm
          id="cancel"
          reference={donation.reference}
          heading={t('adminDonations.cancelHeading')}
          help={t('adminDonations.cancelHelp')}
          submitLabel={t('adminDonations.cancel')}
          kind="cancel"
        />
      )}
      {/* Not a named region: its table's scroll box is one, with the same name (two landmarks of one name confuse a screen reader's list). */}
      <section className="panel">
        <h2 id="donation-history-heading">{t('adminDonations.history')}</h2>
        <ResponsiveTable
          label={t('adminDonations.history')}
          testId="donation-history"
          rows={donation.history}
          rowKey={(entry, index) => `${entry.at}-${index}`}
          columns={[
            { header: t('adminDonations.event'), cell: (entry) => (EVENT_NAMES[entry.type] ? t(EVENT_NAMES[entry.type]!) : entry.type) },
            { header: t('adminDonations.actor'), className: 'mono', cell: (entry) => actorName(entry.actor) },
            { header: t('adminDonations.when'), cell: (entry) => formatDateTime(entry.at, lang) },
          ]}
        />
      </section>
    </>
  );
}

/** The gateway's side: the payment, its refund, and the donor's attempts that failed (decision 069). */
export function OnlinePaymentFacts({ online }: { online: NonNullable<TDonationDetail['online']> }) {
  const t = useT();
  const { lang } = useLang();
  const none = t('common.none');
  return (
    <section aria-labelledby="online-payment-heading" className="panel" data-testid="online-payment">
      <h2 id="online-payment-heading">{t('adminDonations.onlineHeading')}</h2>
      <dl className="facts facts-grid">
        <Fact label={t('adminDonations.paymentId')}>{online.paymentId ? <span className="mono">{online.paymentId}</span> : none}</Fact>
        <Fact label={t('adminDonations.orderId')}>{online.orderId ? <span className="mono">{online.orderId}</span> : none}</Fact>
        {online.refund && (
          <Fact label={t('adminDonations.refundStatus')} testId="refund-status">
            {t(REFUND_STATE_LABELS[online.refund.status])}
            {online.refund.refundId && (
              <>
                {' '}
                <span className="table-note">
                  {t('adminDonations.refundId')}: <span className="mono">{online.refund.refundId}</span>
                </span>
              </>
            )}
          </Fact>
        )}
        {online.failedPayments.length > 0 && (
          <Fact label={t('adminDonations.failedAttempts')} testId="failed-payments">
            <ul>
              {online.failedPayments.map((failure) => (
                <li key={failure.paymentId}>
                  {t('adminDonations.failedAttempt', { when: formatDateTime(failure.failedAt, lang), code: failure.errorReason ?? failure.errorCode ?? none })}{' '}
                  <span className="mono">{failure.paymentId}</span>
                </li>
              ))}
            </ul>
          </Fact>
        )}
      </dl>
    </section>
  );
}

/** Refund the whole online payment (finance): a reason the donor will see, then a confirmation, since it cannot be undone. */
function RefundForm({ donation }: { donation: TDonationDetail }) {
  const t = useT();
  const { translateServer } = useLang();
  const errorText = useErrorText();
  const { refund } = useDonationActions();
  const [reason, setReason] = useState('');
  const [reasonErrors, setReasonErrors] = useState<string[]>([]);
  const [isConfirming, setIsConfirming] = useState(false);
  const serverErrors = fieldErrorsOf(refund.error).reason;
  const failure = refund.error && !serverErrors ? errorText(refund.error, 'adminDonations.refundFailed') : undefined;
  const amount = formatMoney(donation.amountPaise);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZRefundOnlinePaymentRequestSchema.safeParse({ reference: donation.reference, reason });
    if (!parsed.success) {
      setReasonErrors(parsed.error.issues.map((issue) => issue.message));
      refund.reset();
      (event.currentTarget.elements.namedItem('refund-reason') as HTMLElement | null)?.focus();
      return;
    }
    setReasonErrors([]);
    refund.reset();
    setIsConfirming(true);
  }

  function confirm() {
    refund.mutate({ reference: donation.reference, reason }, { onSuccess: () => setReason(''), onSettled: () => setIsConfirming(false) });
  }

  return (
    <section aria-labelledby="refund-heading" className="panel" data-testid="refund-form">
      <h2 id="refund-heading">{t('adminDonations.refundHeading')}</h2>
      <p>{t('adminDonations.refundHelp', { amount })}</p>
      {refund.isSuccess && (
        <p role="status" className="notice notice-success">
          {t('adminDonations.refundAsked', { refundId: refund.data.refundId })}
        </p>
      )}
      <form className="form" noValidate onSubmit={onSubmit}>
        <TextField
          name="refund-reason"
          label={t('adminDonations.reasonLabel')}
          hint={t('adminDonations.reasonHint')}
          multiline
          rows={2}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          errors={(reasonErrors.length > 0 ? reasonErrors : (serverErrors ?? [])).map(translateServer)}
        />
        <FormError message={failure?.message} hint={failure?.hint} />
        <SubmitButton isBusy={refund.isPending} label={t('adminDonations.refundOpen', { amount })} busyLabel={t('common.submitting')} />
      </form>
      {isConfirming && (
        <ModalDialog title={t('adminDonations.refundConfirmTitle', { amount })} closeLabel={t('adminDonations.refundKeep')} onClose={() => setIsConfirming(false)} testId="refund-dialog">
          <p>{t('adminDonations.refundConfirmText')}</p>
          <p className="actions">
            <button type="button" className="btn btn-primary" disabled={refund.isPending} aria-busy={refund.isPending || undefined} onClick={confirm} data-testid="refund-confirm">
              {refund.isPending ? t('common.submitting') : t('adminDonations.refundConfirm', { amount })}
            </button>
          </p>
        </ModalDialog>
      )}
    </section>
  );
}

/** Verify: the date the money arrived and how; a cheque or DD also needs its number. */
function VerifyForm({ donation }: { donation: TDonationDetail }) {
  const t = useT();
  const { translateServer } = useLang();
  const errorText = useErrorText();
  const { verify } = useDonationActions();
  const [values, setValues] = useState(() => ({
    receivedOn: todayInIndia(),
    mode: (donation.utrKind === 'neft-rtgs' ? 'bank-transfer' : 'upi') as (typeof MODES)[number],
    instrumentNumber: '',
    donationType: defaultDonationTypeOf({ cause: donation.cause, helpRequestId: donation.helpRequestId }) as DonationType,
  }));
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const serverErrors = fieldErrorsOf(verify.error);
  const fieldErrors: FieldErrors = { ...clientErrors, ...serverErrors };
  const errorsFor = (field: string) => fieldErrors[field]?.map(translateServer);
  const failure = verify.error && !serverErrors.receivedOn && !serverErrors.mode && !serverErrors.instrumentNumber ? errorText(verify.error, 'adminDonations.verifyFailed') : undefined;
  const needsNumber = values.mode === 'cheque' || values.mode === 'dd';

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The UTR shown on this page: the server refuses if the donor changed it since.
    const input = {
      reference: donation.reference,
      receivedOn: values.receivedOn,
      mode: values.mode,
      instrumentNumber: needsNumber ? values.instrumentNumber : '',
      donationType: values.donationType,
      ...(donation.utr ? { utr: donation.utr } : {}),
    };
    const parsed = ZVerifyDonationRequestSchema.safeParse(input);
    if (!parsed.success) {
      setClientErrors(issuesToFieldErrors(parsed.error.issues));
      verify.reset();
      return;
    }
    setClientErrors({});
    verify.mutate(input);
  }

  return (
    <section aria-labelledby="verify-heading" className="panel" data-testid="verify-form">
      <h2 id="verify-heading">{t('adminDonations.verifyHeading')}</h2>
      <p>{t('adminDonations.verifyHelp')}</p>
      {verify.isSuccess && (
        <p role="status" className="notice notice-success">
          {t('adminDonations.verified', { serial: verify.data.receiptSerial })}
        </p>
      )}
      <form className="form" noValidate onSubmit={onSubmit}>
        <TextField
          name="receivedOn"
          type="date"
          label={t('adminDonations.receivedOn')}
          required
          value={values.receivedOn}
          onChange={(event) => setValues({ ...values, receivedOn: event.target.value })}
          errors={errorsFor('receivedOn')}
        />
        <div className="field">
          <label htmlFor="verify-mode">{t('adminDonations.mode')}</label>
          <select id="verify-mode" name="mode" value={values.mode} onChange={(event) => setValues({ ...values, mode: modeOf(event.target.value) })}>
            {MODES.map((mode) => (
              <option key={mode} value={mode}>
                {t(MODE_LABELS[mode]!)}
              </option>
            ))}
          </select>
          {errorsFor('mode') && <p className="field-error">{errorsFor('mode')?.join(' ')}</p>}
        </div>
        {needsNumber && (
          <TextField
            name="instrumentNumber"
            label={t('adminDonations.instrumentNumber')}
            autoComplete="off"
            value={values.instrumentNumber}
            onChange={(event) => setValues({ ...values, instrumentNumber: event.target.value })}
            errors={errorsFor('instrumentNumber')}
          />
        )}
        <DonationTypeSelect value={values.donationType} onChange={(donationType) => setValues({ ...values, donationType })} errors={errorsFor('donationType')} />
        <FormError message={failure?.message} hint={failure?.hint} />
        <SubmitButton isBusy={verify.isPending} label={t('adminDonations.verify')} busyLabel={t('common.submitting')} />
      </form>
    </section>
  );
}

/** Reject (before verification) or cancel (after it), each with a reason the donor sees. */
function ReasonForm({ id, reference, heading, help, submitLabel, kind }: { id: string; reference: string; heading: string; help: string; submitLabel: string; kind: 'reject' | 'cancel' }) {
  const t = useT();
  const { translateServer } = useLang();
  const errorText = useErrorText();
  const actions = useDonationActions();
  const mutation = kind === 'reject' ? actions.reject : actions.cancel;
  const schema = kind === 'reject' ? ZRejectDonationRequestSchema : ZCancelDonationRequestSchema;
  const [reason, setReason] = useState('');
  const [reasonErrors, setReasonErrors] = useState<string[]>([]);
  const serverErrors = fieldErrorsOf(mutation.error).reason;
  const failure = mutation.error && !serverErrors ? errorText(mutation.error, kind === 'reject' ? 'adminDonations.rejectFailed' : 'adminDonations.cancelFailed') : undefined;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = schema.safeParse({ reference, reason });
    if (!parsed.success) {
      setReasonErrors(parsed.error.issues.map((issue) => issue.message));
      mutation.reset();
      (event.currentTarget.elements.namedItem(`${id}-reason`) as HTMLElement | null)?.focus();
      return;
    }
    setReasonErrors([]);
    mutation.mutate({ reference, reason }, { onSuccess: () => setReason('') });
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="panel" data-testid={`${id}-form`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      <p>{help}</p>
      <form className="form" noValidate onSubmit={onSubmit}>
        <TextField
          name={`${id}-reason`}
          label={t('adminDonations.reasonLabel')}
          hint={t('adminDonations.reasonHint')}
          multiline
          rows={2}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          errors={(reasonErrors.length > 0 ? reasonErrors : (serverErrors ?? [])).map(translateServer)}
        />
        <FormError message={failure?.message} hint={failure?.hint} />
        <SubmitButton isBusy={mutation.isPending} label={submitLabel} busyLabel={t('common.submitting')} />
      </form>
    </section>
  );
}
