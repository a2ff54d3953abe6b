import { useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import {
  DISBURSEMENT_STATUS_VALUES,
  isListedNewestFirst,
  ZDisbursementIdRequestSchema,
  ZMarkDisbursementPaidSchema,
  ZRejectDisbursementSchema,
  type TDisbursementDetails,
  type TDisbursementQueue,
} from '@sahay/server/modules/help/disbursements/disbursements.schema';
import type { FieldErrors } from '#web/api/errors.ts';
import { serverMessageOf } from '#web/api/errors.ts';
import { useLang, useT, type MessageKey } from '#web/i18n/i18n.tsx';
import { usePlural } from '#web/i18n/plural.ts';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '#web/ui/format.ts';
import { FormError, SubmitButton } from '#web/ui/form/form-status.tsx';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { ResponsiveTable } from '#web/ui/responsive-table.tsx';
import { TextField } from '#web/ui/form/text-field.tsx';
import { issuesToFieldErrors, useErrorText } from '#web/ui/use-error-text.ts';
import { AdminGate } from '#web/features/admin/components/admin-gate.public.tsx';
import { AdminPageHeading } from '#web/features/admin/components/admin-page-heading.public.tsx';
import { Fact } from '#web/ui/fact.tsx';
import { PayoutWithHolder } from '../components/payout-holder.tsx';
import { isConflict, todayInIndia, useFormErrors, type OnOutcome, type Outcome } from '#web/features/admin/components/staff-forms.public.tsx';
import { LoadError } from '#web/ui/load-error.tsx';
import { ModalDialog } from '#web/ui/modal-dialog.tsx';
import { useDisbursementActions, useDisbursementDetails, useDisbursementQueue } from '../hooks/use-disbursements.ts';

type Status = (typeof DISBURSEMENT_STATUS_VALUES)[number];
type Row = TDisbursementQueue['disbursements'][number];

/** Finance opens the queue on what waits for them. */
const DEFAULT_STATUS: Status = 'requested';
const REASON_MAX = 500;

export const STATUS_LABELS: Record<Status, MessageKey> = {
  requested: 'admin.disbursements.statuses.requested',
  approved: 'admin.disbursements.statuses.approved',
  rejected: 'admin.disbursements.statuses.rejected',
  paid: 'admin.disbursements.statuses.paid',
};
const STATUS_TONES: Partial<Record<Status, string>> = { paid: 'badge-unused', rejected: 'badge-suspended' };

/** `?status=` as the address says it; anything else is the default (an old bookmark, a hand-edited link). */
export function statusOf(search: string): Status {
  const status = new URLSearchParams(search).get('status');
  return DISBURSEMENT_STATUS_VALUES.find((known) => known === status) ?? DEFAULT_STATUS;
}

export function hrefOf(status: Status): string {
  return status === DEFAULT_STATUS ? '/disbursements' : `/disbursements?status=${status}`;
}

// ---- each action, from the values to its procedure (tested without a browser) ----

interface Mutation<TInput> {
  mutate: (input: TInput, options?: { onSuccess?: () => void; onError?: (error: unknown) => void }) => void;
}
export interface Callbacks {
  onSuccess: () => void;
  onError: (error: unknown) => void;
}
type Parsed<T> = { success: true; data: T } | { success: false; error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } };

function run<TInput>(mutation: Mutation<TInput>, parsed: Parsed<TInput>, callbacks: Callbacks): FieldErrors {
  if (!parsed.success) return issuesToFieldErrors(parsed.error.issues);
  mutation.mutate(parsed.data, callbacks);
  return {};
}

/** The Details button: the one place help.admin.disbursements.details is called (each call is an access event). */
export function openDetails(details: { mutate: (input: { disbursementId: string }) => void }, disbursementId: string): void {
  details.mutate({ disbursementId });
}
export const sendApprove = (approve: Mutation<{ disbursementId: string }>, disbursementId: string, callbacks: Callbacks) =>
  run(approve, ZDisbursementIdRequestSchema.safeParse({ disbursementId }), callbacks);
export const sendReject = (reject: Mutation<{ disbursementId: string; reason: string }>, disbursementId: string, reason: string, callbacks: Callbacks) =>
  run(reject, ZRejectDisbursementSchema.safeParse({ disbursementId, reason }), callbacks);
export const sendMarkPaid = (markPaid: Mutation<{ disbursementId: string; utr: string; paidOn: string }>, disbursementId: string, utr: string, paidOn: string, callbacks: Callbacks) =>
  run(markPaid, ZMarkDisbursementPaidSchema.safeParse({ disbursementId, utr, paidOn }), callbacks);

/** The request's title in the page's language when it has one, else the other. */
function titleOf(title: Row['requestTitle'], lang: 'en' | 'hi'): string {
  return title[lang] ?? title[lang === 'en' ? 'hi' : 'en'] ?? '';
}

/** A refusal (another admin acted first, or the money no longer covers it) in the server's words, above the list. */
function useOnRefusal(onOutcome: OnOutcome, fallback: MessageKey): (error: unknown) => void {
  const errorText = useErrorText();
  return (error) => {
    const text = errorText(error, fallback);
    onOutcome({ tone: 'warning', message: text.message, hint: text.hint });
  };
}

// ---- the page ----

/** /admin/disbursements — beneficiaries' withdrawals of money held for their help requests (PRODUCT.md §8), for finance. */
export default function DisbursementsPage() {
  usePageMeta('admin.disbursements.metaTitle', 'admin.metaDescription', { isNoIndex: true });
  return <AdminGate permission="finance">{() => <Disbursements />}</AdminGate>;
}

export function Disbursements() {
  const t = useT();
  const status = statusOf(useSearch());
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  return (
    <div className="container admin-page">
      <AdminPageHeading title={t('admin.disbursements.heading')} />
      <p>{t('admin.disbursements.intro')}</p>
      <nav aria-label={t('admin.disbursements.byStatus')}>
        <ul className="filter-links">
          {DISBURSEMENT_STATUS_VALUES.map((option) => (
            <li key={option}>
              <Link href={hrefOf(option)} aria-current={option === status ? 'page' : undefined}>
                {t(STATUS_LABELS[option])}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div role="status" data-testid="disbursement-outcome">
        {outcome && (
          <div className={`notice ${outcome.tone === 'warning' ? 'notice-warning' : 'notice-success'}`}>
            <p>{outcome.message}</p>
            {outcome.hint && <p>{outcome.hint}</p>}
          </div>
        )}
      </div>
      <Queue status={status} onOutcome={setOutcome} />
    </div>
  );
}

type Open = { kind: 'details' | 'reject' | 'markPaid'; row: Row };

function Queue({ status, onOutcome }: { status: Status; onOutcome: OnOutcome }) {
  const t = useT();
  const errorText = useErrorText();
  const queue = useDisbursementQueue(status);
  const details = useDisbursementDetails();
  const actions = useDisbursementActions();
  const onApproveError = useOnRefusal(onOutcome, 'admin.disbursements.approveFailed');
  const [open, setOpen] = useState<Open | null>(null);

  if (queue.isPending) return <p role="status">{t('common.loading')}</p>;
  if (queue.isError) return <LoadError error={errorText(queue.error, 'admin.disbursements.loadFailed')} onRetry={() => void queue.refetch()} retryLabel={t('common.retry')} />;
  const rows = queue.data.disbursements;
  if (rows.length === 0) return <p data-testid="disbursements-empty">{t('admin.disbursements.empty')}</p>;

  const close = () => {
    details.reset();
    setOpen(null);
  };
  const rowActions: RowActions = {
    onDetails: (row) => {
      openDetails(details, row.disbursementId);
      setOpen({ kind: 'details', row });
    },
    onApprove: (row) =>
      sendApprove(actions.approve, row.disbursementId, {
        onSuccess: () => onOutcome({ tone: 'success', message: t('admin.disbursements.approvedDone', { amount: formatMoney(row.amountPaise), id: row.requestId }) }),
        onError: onApproveError,
      }),
    onReject: (row) => setOpen({ kind: 'reject', row }),
    onMarkPaid: (row) => setOpen({ kind: 'markPaid', row }),
    isApproving: actions.approve.isPending,
  };

  return (
    <>
      <DisbursementsTable rows={rows} status={status} actions={rowActions} />
      {queue.data.hasMore && (
        <p className="muted" data-testid="disbursements-more">
          {t(isListedNewestFirst(status) ? 'admin.disbursements.moreOlder' : 'admin.disbursements.moreNewer', { count: formatNumber(rows.length) })}
        </p>
      )}
      {open?.kind === 'details' && <DetailsDialog row={open.row} details={details} onClose={close} />}
      {open?.kind === 'reject' && <RejectDialog row={open.row} onClose={close} onOutcome={onOutcome} />}
      {open?.kind === 'markPaid' && <MarkPaidDialog row={open.row} onClose={close} onOutcome={onOutcome} />}
    </>
  );
}

interface RowActions {
  onDetails: (row: Row) => void;
  onApprove: (row: Row) => void;
  onReject: (row: Row) => void;
  onMarkPaid: (row: Row) => void;
  isApproving: boolean;
}

export function DisbursementsTable({ rows, status, actions }: { rows: readonly Row[]; status: Status; actions: RowActions }) {
  const t = useT();
  const { lang } = useLang();
  const plural = usePlural();
  return (
    <ResponsiveTable
      label={t('admin.disbursements.heading')}
      caption={plural(isListedNewestFirst(status) ? 'admin.disbursements.captionNewest' : 'admin.disbursements.captionOldest', rows.length, { status: t(STATUS_LABELS[status]) })}
      testId="disbursements"
      rows={rows}
      rowKey={(row) => row.disbursementId}
      rowTestId={(row) => `disbursement-${row.disbursementId}`}
      columns={[
        {
          header: t('admin.disbursements.requestId'),
          // The public page: finance need not hold the verification permission to read the request.
          cell: (row) => (
            <Link href={`~/help/${row.requestId}`} className="mono">
              {row.requestId}
            </Link>
          ),
        },
        { header: t('admin.disbursements.title'), className: 'cell-wrap', cell: (row) => titleOf(row.requestTitle, lang) },
        { header: t('admin.disbursements.amount'), cell: (row) => formatMoney(row.amountPaise) },
        { header: t('admin.disbursements.adminCharge'), cell: (row) => formatMoney(row.adminChargePaise) },
        { header: t('admin.disbursements.net'), cell: (row) => formatMoney(row.netPaise) },
        { header: t('admin.disbursements.requestedAt'), cell: (row) => formatDateTime(row.requestedAt, lang) },
        { header: t('admin.disbursements.status'), className: 'cell-wrap', cell: (row) => <StatusCell row={row} /> },
        { header: t('admin.disbursements.actions'), cell: (row) => <RowButtons row={row} actions={actions} /> },
      ]}
    />
  );
}

function StatusCell({ row }: { row: Row }) {
  const t = useT();
  const { lang } = useLang();
  const isUncovered = (row.status === 'requested' || row.status === 'approved') && row.earmarkedPaise < row.amountPaise;
  return (
    <>
      <span className={`badge ${STATUS_TONES[row.status] ?? 'badge-used'}`}>{t(STATUS_LABELS[row.status])}</span>
      {row.status === 'paid' && row.paidOn && (
        <>
          <br />
          {t('admin.disbursements.paidOn', { date: formatDate(row.paidOn, lang) })}
        </>
      )}
      {row.status === 'rejected' && row.rejectionReason && (
        <>
          <br />
          {t('admin.disbursements.reason', { reason: row.rejectionReason })}
        </>
      )}
      {isUncovered && (
        <>
          <br />
          <strong data-testid="disbursement-uncovered">{t('admin.disbursements.heldShort', { amount: formatMoney(row.earmarkedPaise) })}</strong>
        </>
      )}
    </>
  );
}

function RowButtons({ row, actions }: { row: Row; actions: RowActions }) {
  const t = useT();
  return (
    <span className="actions">
      <button
        type="button"
        className="btn btn-secondary btn-small"
        aria-label={t('admin.disbursements.detailsOf', { id: row.requestId })}
        onClick={() => actions.onDetails(row)}
        data-testid="disbursement-details"
      >
        {t('admin.disbursements.details')}
      </button>
      {row.status === 'requested' && (
        <>
          <button
            type="button"
            className="btn btn-primary btn-small"
            aria-label={t('admin.disbursements.approveOf', { id: row.requestId })}
            disabled={actions.isApproving}
            aria-busy={actions.isApproving || undefined}
            onClick={() => actions.onApprove(row)}
            data-testid="disbursement-approve"
          >
            {actions.isApproving ? t('admin.disbursements.approving') : t('admin.disbursements.approve')}
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-small"
            aria-label={t('admin.disbursements.rejectOf', { id: row.requestId })}
            onClick={() => actions.onReject(row)}
            data-testid="disbursement-reject"
          >
            {t('admin.disbursements.reject')}
          </button>
        </>
      )}
      {row.status === 'approved' && (
        <button
          type="button"
          className="btn btn-primary btn-small"
          aria-label={t('admin.disbursements.markPaidOf', { id: row.requestId })}
          onClick={() => actions.onMarkPaid(row)}
          data-testid="disbursement-mark-paid"
        >
          {t('admin.disbursements.markPaid')}
        </button>
      )}
    </span>
  );
}

// ---- the dialogs ----

interface DetailsState {
  isPending: boolean;
  data?: TDisbursementDetails | undefined;
  error: unknown;
}

function DetailsDialog({ row, details, onClose }: { row: Row; details: DetailsState; onClose: () => void }) {
  const t = useT();
  return (
    <ModalDialog title={t('admin.disbursements.detailsHeading', { id: row.requestId })} closeLabel={t('admin.disbursements.close')} onClose={onClose} testId="disbursement-details-dialog">
      <DisbursementDetailsView details={details} />
    </ModalDialog>
  );
}

/** What the Details dialog shows: loading, the failure, or each field with "N/A" where the beneficiary gave nothing. */
export function DisbursementDetailsView({ details }: { details: DetailsState }) {
  const t = useT();
  const errorText = useErrorText();
  if (details.error) return <FormError {...errorText(details.error, 'admin.disbursements.detailsFailed')} />;
  if (details.isPending || !details.data) return <p role="status">{t('admin.disbursements.opening')}</p>;
  const shown = details.data;
  // Whose account each is, beside it (issue 32): finance pays the account, whoever the beneficiary is.
  const names = { beneficiary: shown.beneficiaryName, requester: shown.requesterName, accountHolder: shown.accountHolder };
  const value = (text: string | null, isCode = false) => (text ? isCode ? <span className="mono">{text}</span> : text : t('admin.disbursements.notAvailable'));
  return (
    <>
      <p className="field-hint">{t('admin.disbursements.detailsNote')}</p>
      <dl className="facts facts-grid" data-testid="disbursement-details-facts">
        <Fact label={t('admin.disbursements.beneficiaryName')}>{value(shown.beneficiaryName)}</Fact>
        <Fact label={t('admin.disbursements.email')}>{value(shown.email)}</Fact>
        <Fact label={t('admin.disbursements.phone')}>{value(shown.phone)}</Fact>
        <Fact label={t('admin.disbursements.upiId')}>
          <PayoutWithHolder way="upi" holder={shown.upiId ? shown.upiHolder : null} names={names}>
            {value(shown.upiId, true)}
          </PayoutWithHolder>
        </Fact>
        <Fact label={t('admin.disbursements.bankName')}>{value(shown.bankName)}</Fact>
        <Fact label={t('admin.disbursements.accountHolder')}>{value(shown.accountHolder)}</Fact>
        <Fact label={t('admin.disbursements.accountNumber')}>
          <PayoutWithHolder way="bank" holder={shown.accountNumber ? shown.bankHolder : null} names={names}>
            {value(shown.accountNumber, true)}
          </PayoutWithHolder>
        </Fact>
        <Fact label={t('admin.disbursements.ifsc')}>{value(shown.ifsc, true)}</Fact>
        <Fact label={t('admin.disbursements.contactNumber')}>{value(shown.contactNumber, true)}</Fact>
      </dl>
    </>
  );
}

/**
 * A refusal that is not about a field (another admin decided first): the dialog closes and the
 * server's words are said above the list, which is asked for again.
 */
function useDialogError(onClose: () => void, onOutcome: OnOutcome): (error: unknown) => void {
  const { translateServer } = useLang();
  return (error) => {
    if (!isConflict(error)) return;
    const message = serverMessageOf(error);
    onClose();
    if (message) onOutcome({ tone: 'warning', message: translateServer(message) });
  };
}

function RejectDialog({ row, onClose, onOutcome }: { row: Row; onClose: () => void; onOutcome: OnOutcome }) {
  const t = useT();
  const { reject } = useDisbursementActions();
  const onError = useDialogError(onClose, onOutcome);
  const [reason, setReason] = useState('');
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const { errorsFor, failure } = useFormErrors(reject.error, clientErrors, 'admin.disbursements.rejectFailed', ['reason']);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = sendReject(reject, row.disbursementId, reason, {
      onSuccess: () => {
        onClose();
        onOutcome({ tone: 'success', message: t('admin.disbursements.rejectedDone', { amount: formatMoney(row.amountPaise), id: row.requestId }) });
      },
      onError,
    });
    setClientErrors(found);
    if (Object.keys(found).length > 0) reject.reset();
  }

  return (
    <ModalDialog title={t('admin.disbursements.rejectHeading', { id: row.requestId })} closeLabel={t('admin.disbursements.close')} onClose={onClose} testId="disbursement-reject-dialog">
      <form className="form" noValidate onSubmit={onSubmit}>
        <TextField
          name="reason"
          multiline
          rows={3}
          label={t('admin.disbursements.reasonLabel')}
          hint={t('admin.disbursements.reasonHint')}
          maxLength={REASON_MAX}
          required
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          errors={errorsFor('reason')}
        />
        <FormError message={failure?.message} hint={failure?.hint} />
        <SubmitButton isBusy={reject.isPending} label={t('admin.disbursements.rejectSubmit')} busyLabel={t('common.submitting')} />
      </form>
    </ModalDialog>
  );
}

function MarkPaidDialog({ row, onClose, onOutcome }: { row: Row; onClose: () => void; onOutcome: OnOutcome }) {
  const t = useT();
  const { markPaid } = useDisbursementActions();
  const onError = useDialogError(onClose, onOutcome);
  const [today] = useState(todayInIndia);
  const [values, setValues] = useState({ utr: '', paidOn: today });
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const { errorsFor, failure } = useFormErrors(markPaid.error, clientErrors, 'admin.disbursements.markPaidFailed', ['utr', 'paidOn']);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = sendMarkPaid(markPaid, row.disbursementId, values.utr, values.paidOn, {
      onSuccess: () => {
        onClose();
        onOutcome({ tone: 'success', message: t('admin.disbursements.paidDone', { net: formatMoney(row.netPaise), id: row.requestId }) });
      },
      onError,
    });
    setClientErrors(found);
    if (Object.keys(found).length > 0) markPaid.reset();
  }

  return (
    <ModalDialog title={t('admin.disbursements.markPaidHeading', { id: row.requestId })} closeLabel={t('admin.disbursements.close')} onClose={onClose} testId="disbursement-mark-paid-dialog">
      <p>{t('admin.disbursements.markPaidIntro', { net: formatMoney(row.netPaise) })}</p>
      <form className="form" noValidate onSubmit={onSubmit}>
        <TextField
          name="utr"
          label={t('admin.disbursements.utr')}
          hint={t('admin.disbursements.utrHint')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          required
          value={values.utr}
          onChange={(event) => setValues({ ...values, utr: event.target.value })}
          errors={errorsFor('utr')}
        />
        <TextField
          name="paidOn"
          type="date"
          max={today}
          required
          label={t('admin.disbursements.paidOnLabel')}
          value={values.paidOn}
          onChange={(event) => setValues({ ...values, paidOn: event.target.value })}
          errors={errorsFor('paidOn')}
        />
        <FormError message={failure?.message} hint={failure?.hint} />
        <SubmitButton isBusy={markPaid.isPending} label={t('admin.disbursements.markPaidSubmit')} busyLabel={t('common.submitting')} />
      </form>
    </ModalDialog>
  );
}
