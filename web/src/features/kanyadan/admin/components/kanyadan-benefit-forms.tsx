import { useState, type FormEvent } from 'react';
import { MAX_DOCUMENT_BYTES } from '@sahay/server/modules/kanyadan/submission/kanyadan-fields.schema';
import { ZBenefitRequestFieldsSchema, ZDisburseRequestSchema, ZRecordFeeRequestSchema } from '@sahay/server/modules/kanyadan/kanyadan-routes.schema';
import { IFSC_NOT_IN_LIST } from '@sahay/server/modules/identity/profile/profile.schema';
import type { FieldErrors } from '#web/api/errors.ts';
import { parseRupees } from '#web/features/donations/amount.public.ts';
import { IfscBankStatus, PayoutConfirmation, type PayoutReadBack } from '#web/features/identity/components/payout-confirmation.public.tsx';
import { useIfscLookup } from '#web/features/identity/hooks/use-ifsc-lookup.public.ts';
import { useT } from '#web/i18n/i18n.tsx';
import { formatMoney } from '#web/ui/format.ts';
import { FormError, SubmitButton } from '#web/ui/form/form-status.tsx';
import { TextField } from '#web/ui/form/text-field.tsx';
import { issuesToFieldErrors } from '#web/ui/use-error-text.ts';
import { useKanyadanActions } from '../hooks/use-kanyadan-application.ts';
import { useBenefitRequest, type BenefitRequestInput } from '../hooks/use-kanyadan-benefit-request.ts';
import { todayInIndia, useConflictNotice, useFormErrors, type OnOutcome } from '#web/features/admin/components/staff-forms.public.tsx';

const PROOF_ACCEPT = 'image/*,application/pdf';
const isProofType = (type: string) => type === '' || type.startsWith('image/') || type === 'application/pdf';
const BENEFIT_FIELDS = ['marriageDate', 'accountHolder', 'accountNumber', 'confirmAccountNumber', 'ifsc', 'marriageProof', 'marriageProof2'] as const;

type BenefitValues = { marriageDate: string; accountHolder: string; accountNumber: string; confirmAccountNumber: string; ifsc: string };
type BenefitFiles = { marriageProof: File | null; marriageProof2: File | null };

/**
 * The benefit request's checks before sending: the shared schema (the account number typed twice),
 * the proofs, and the banks' published list as the server already answered for the IFSC
 * (identity.lookUpIfsc; the server checks it again). No errors: the request to send, with the
 * account read back for a Confirm first (issue 16: money paid into a wrong account cannot be called back).
 */
export function checkBenefitRequest(
  values: BenefitValues,
  files: BenefitFiles,
  ifsc: { isInList: boolean; bankName: string | null } | undefined,
  fileError: (file: File | null, isRequired: boolean) => string | undefined,
): { errors: FieldErrors } | { request: BenefitRequestInput; readBack: PayoutReadBack } {
  const parsed = ZBenefitRequestFieldsSchema.safeParse(values);
  const errors: FieldErrors = parsed.success ? {} : issuesToFieldErrors(parsed.error.issues);
  if (!errors.ifsc && ifsc && !ifsc.isInList) errors.ifsc = [IFSC_NOT_IN_LIST];
  const proofError = fileError(files.marriageProof, true);
  const proof2Error = fileError(files.marriageProof2, false);
  if (proofError) errors.marriageProof = [proofError];
  if (proof2Error) errors.marriageProof2 = [proof2Error];
  if (!parsed.success || !files.marriageProof || Object.keys(errors).length > 0) return { errors };
  const { accountHolder, accountNumber, ifsc: code } = parsed.data;
  return {
    // The schema drops the second copy once checked; the server asks for it too (REST, decision 034).
    request: { ...parsed.data, confirmAccountNumber: values.confirmAccountNumber, marriageProof: files.marriageProof, marriageProof2: files.marriageProof2 },
    readBack: { upiId: '', accountHolder, accountNumber, ifsc: code, bankName: ifsc?.isInList ? ifsc.bankName : null },
  };
}

/**
 * Record the benefit request (verification): the girl is 18 or older and her marriage is fixed. The
 * proof of the marriage and the account the money goes to, as the family gave them: the account
 * number typed twice, the IFSC's bank named from the published list, and the account read back
 * before it is recorded.
 */
export function BenefitRequestForm({ regNo, onOutcome }: { regNo: string; onOutcome: OnOutcome }) {
  const t = useT();
  const request = useBenefitRequest(regNo);
  const onConflict = useConflictNotice(onOutcome);
  const [values, setValues] = useState<BenefitValues>({ marriageDate: '', accountHolder: '', accountNumber: '', confirmAccountNumber: '', ifsc: '' });
  const [files, setFiles] = useState<BenefitFiles>({ marriageProof: null, marriageProof2: null });
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  /** The request waiting for the Confirm, with the account read back. */
  const [pending, setPending] = useState<{ request: BenefitRequestInput; readBack: PayoutReadBack } | null>(null);
  const ifscLookup = useIfscLookup(values.ifsc);
  const { errorsFor, failure } = useFormErrors(request.error, clientErrors, 'admin.kanyadan.benefitRequestFailed', BENEFIT_FIELDS);
  // A change after the read-back asks for a new one.
  const setValue = (field: keyof BenefitValues) => (event: { target: { value: string } }) => {
    setValues({ ...values, [field]: event.target.value });
    setPending(null);
  };
  const setFile = (field: keyof BenefitFiles) => (event: { target: { files: FileList | null } }) => {
    setFiles({ ...files, [field]: event.target.files?.[0] ?? null });
    setPending(null);
  };

  /** The server checks the type from the content; this only spares a 5 MB upload that cannot pass. */
  function fileError(file: File | null, isRequired: boolean): string | undefined {
    if (!file) return isRequired ? t('admin.kanyadan.proofRequired') : undefined;
    if (file.size > MAX_DOCUMENT_BYTES) return t('admin.kanyadan.fileTooLarge');
    if (!isProofType(file.type)) return t('admin.kanyadan.fileType');
    return undefined;
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkBenefitRequest(values, files, ifscLookup.data, fileError);
    request.reset();
    if ('errors' in checked) {
      setClientErrors(checked.errors);
      setPending(null);
      const first = BENEFIT_FIELDS.find((field) => checked.errors[field]);
      if (first) (event.currentTarget.elements.namedItem(first) as HTMLElement | null)?.focus();
      return;
    }
    setClientErrors({});
    setPending(checked);
  }

  function onConfirm() {
    if (!pending) return;
    request.mutate(pending.request, {
      onSuccess: () => onOutcome({ tone: 'success', message: t('admin.kanyadan.benefitRequestedDone') }),
      onError: (error) => {
        setPending(null);
        onConflict(error);
      },
    });
  }

  return (
    <section aria-labelledby="benefit-request-heading" className="panel" data-testid="benefit-request-form">
      <h2 id="benefit-request-heading">{t('admin.kanyadan.benefitRequestHeading')}</h2>
      <p>{t('admin.kanyadan.benefitRequestHelp')}</p>
      <form className="form" noValidate onSubmit={onSubmit} encType="multipart/form-data">
        <TextField name="marriageDate" type="date" required label={t('admin.kanyadan.marriageDate')} value={values.marriageDate} onChange={setValue('marriageDate')} errors={errorsFor('marriageDate')} />
        <TextField name="accountHolder" required autoComplete="off" label={t('admin.kanyadan.accountHolder')} value={values.accountHolder} onChange={setValue('accountHolder')} errors={errorsFor('accountHolder')} />
        <TextField name="accountNumber" required autoComplete="off" inputMode="numeric" label={t('admin.kanyadan.accountNumber')} value={values.accountNumber} onChange={setValue('accountNumber')} errors={errorsFor('accountNumber')} />
        <TextField name="confirmAccountNumber" required autoComplete="off" inputMode="numeric" label={t('admin.kanyadan.confirmAccountNumber')} value={values.confirmAccountNumber} onChange={setValue('confirmAccountNumber')} errors={errorsFor('confirmAccountNumber')} />
        <TextField name="ifsc" required autoComplete="off" autoCapitalize="characters" label={t('admin.kanyadan.ifsc')} hint={t('admin.kanyadan.ifscHint')} value={values.ifsc} onChange={setValue('ifsc')} errors={errorsFor('ifsc')} />
        <IfscBankStatus lookup={ifscLookup} isListRuleShown={(errorsFor('ifsc')?.length ?? 0) > 0} />
        <TextField name="marriageProof" type="file" required accept={PROOF_ACCEPT} label={t('admin.kanyadan.marriageProof')} hint={t('admin.kanyadan.proofHint')} onChange={setFile('marriageProof')} errors={errorsFor('marriageProof')} />
        <TextField name="marriageProof2" type="file" accept={PROOF_ACCEPT} label={t('admin.kanyadan.marriageProof2')} onChange={setFile('marriageProof2')} errors={errorsFor('marriageProof2')} />
        <FormError message={failure?.message} hint={failure?.hint} />
        {pending ? (
          <AccountReadBack readBack={pending.readBack} isBusy={request.isPending} onConfirm={onConfirm} onChange={() => setPending(null)} />
        ) : (
          <SubmitButton isBusy={request.isPending} label={t('admin.kanyadan.benefitRequest')} busyLabel={t('common.submitting')} />
        )}
      </form>
    </section>
  );
}

/**
 * The family's account read back before the benefit request is recorded, with Confirm and Change:
 * the member's read-back step in the staff's words (a family's account, not "your payout details").
 */
export function AccountReadBack({ readBack, isBusy, onConfirm, onChange }: { readBack: PayoutReadBack; isBusy: boolean; onConfirm: () => void; onChange: () => void }) {
  const t = useT();
  return (
    <PayoutConfirmation
      payout={readBack}
      isBusy={isBusy}
      onConfirm={onConfirm}
      onChange={onChange}
      texts={{ heading: t('admin.kanyadan.readBackHeading'), intro: t('admin.kanyadan.readBackIntro'), confirm: t('admin.kanyadan.readBackConfirm') }}
      testId="benefit-read-back"
    />
  );
}

/** Approve the benefit (finance): an amount in rupees within the range set in settings. */
export function ApproveBenefitForm({ regNo, range, onOutcome }: { regNo: string; range: { minPaise: number; maxPaise: number }; onOutcome: OnOutcome }) {
  const t = useT();
  const { approveBenefit } = useKanyadanActions();
  const onConflict = useConflictNotice(onOutcome);
  const [amount, setAmount] = useState('');
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const { errorsFor, failure } = useFormErrors(approveBenefit.error, clientErrors, 'admin.kanyadan.approveFailed', ['amountPaise']);
  const bounds = { min: formatMoney(range.minPaise), max: formatMoney(range.maxPaise) };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseRupees(amount);
    if (parsed.kind === 'empty' || parsed.kind === 'invalid') {
      setClientErrors({ amountPaise: [t('admin.kanyadan.amountInvalid')] });
      approveBenefit.reset();
      return;
    }
    if (parsed.paise < range.minPaise || parsed.paise > range.maxPaise) {
      setClientErrors({ amountPaise: [t('admin.kanyadan.amountOutOfRange', bounds)] });
      approveBenefit.reset();
      return;
    }
    setClientErrors({});
    approveBenefit.mutate(
      { regNo, amountPaise: parsed.paise },
      { onSuccess: () => onOutcome({ tone: 'success', message: t('admin.kanyadan.approvedDone', { amount: formatMoney(parsed.paise) }) }), onError: onConflict },
    );
  }

  return (
    <section aria-labelledby="approve-heading" className="panel" data-testid="approve-form">
      <h2 id="approve-heading">{t('admin.kanyadan.approveHeading')}</h2>
      <p>{t('admin.kanyadan.approveHelp', bounds)}</p>
      <form className="form" noValidate onSubmit={onSubmit}>
        <TextField name="amount" required inputMode="decimal" autoComplete="off" label={t('admin.kanyadan.amount')} value={amount} onChange={(event) => setAmount(event.target.value)} errors={errorsFor('amountPaise')} />
        <FormError message={failure?.message} hint={failure?.hint} />
        <SubmitButton isBusy={approveBenefit.isPending} label={t('admin.kanyadan.approve')} busyLabel={t('common.submitting')} />
      </form>
    </section>
  );
}

/**
 * A payment with the bank's UTR and its date (finance): the benefit paid out to the family, or the
 * registration fee received from them.
 */
export function PaymentForm({
  kind,
  regNo,
  feePaise,
  utrGiven = null,
  onOutcome,
}: {
  kind: 'disburse' | 'fee';
  regNo: string;
  feePaise: number;
  /** The UTR the family gave for the fee: filled in, to be checked against the bank statement. */
  utrGiven?: string | null;
  onOutcome: OnOutcome;
}) {
  const t = useT();
  const actions = useKanyadanActions();
  const mutation = kind === 'disburse' ? actions.disburse : actions.recordFee;
  const schema = kind === 'disburse' ? ZDisburseRequestSchema : ZRecordFeeRequestSchema;
  const onConflict = useConflictNotice(onOutcome);
  // Empty, not the family's UTR (issue 32): the clerk types or pastes the bank statement's, and the two are compared.
  const [values, setValues] = useState(() => ({ utr: '', paidOn: todayInIndia() }));
  /** The bank's UTR differs from the family's and the clerk was told: the next submit records it. */
  const [isDifferenceSeen, setIsDifferenceSeen] = useState(false);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const { errorsFor, failure } = useFormErrors(mutation.error, clientErrors, kind === 'disburse' ? 'admin.kanyadan.disburseFailed' : 'admin.kanyadan.feeFailed', ['utr', 'paidOn']);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = schema.safeParse({ regNo, ...values });
    if (!parsed.success) {
      setClientErrors(issuesToFieldErrors(parsed.error.issues));
      mutation.reset();
      return;
    }
    setClientErrors({});
    if (kind === 'fee' && utrComparison(parsed.data.utr, utrGiven) === 'differs' && !isDifferenceSeen) {
      setIsDifferenceSeen(true);
      return;
    }
    mutation.mutate(
      { regNo, utr: parsed.data.utr, paidOn: parsed.data.paidOn },
      { onSuccess: () => onOutcome({ tone: 'success', message: t(kind === 'disburse' ? 'admin.kanyadan.disbursedDone' : 'admin.kanyadan.feeDone') }), onError: onConflict },
    );
  }

  const id = kind === 'disburse' ? 'disburse' : 'fee';
  return (
    <section aria-labelledby={`${id}-heading`} className="panel" data-testid={`${id}-form`}>
      <h2 id={`${id}-heading`}>{t(kind === 'disburse' ? 'admin.kanyadan.disburseHeading' : 'admin.kanyadan.feeHeading')}</h2>
      <p>{kind === 'disburse' ? t('admin.kanyadan.disburseHelp') : t('admin.kanyadan.feeHelp', { amount: formatMoney(feePaise) })}</p>
      {utrGiven && (
        <p data-testid="fee-utr-given">
          {t('admin.kanyadan.feeUtrGiven')} <span className="mono">{utrGiven}</span>
        </p>
      )}
      <form className="form" noValidate onSubmit={onSubmit}>
        <TextField
          name="utr"
          required
          autoComplete="off"
          autoCapitalize="characters"
          className="mono"
          label={t('admin.kanyadan.utr')}
          hint={t('admin.kanyadan.utrHint')}
          value={values.utr}
          onChange={(event) => {
            setValues({ ...values, utr: event.target.value });
            setIsDifferenceSeen(false);
          }}
          errors={errorsFor('utr')}
        />
        {isDifferenceSeen && (
          <div role="alert" className="notice notice-warning" data-testid="fee-utr-differs">
            <p>{t('admin.kanyadan.feeUtrDiffers', { family: utrGiven ?? '', bank: values.utr.trim().toUpperCase() })}</p>
          </div>
        )}
        <TextField name="paidOn" type="date" required label={t('admin.kanyadan.paidOn')} value={values.paidOn} onChange={(event) => setValues({ ...values, paidOn: event.target.value })} errors={errorsFor('paidOn')} />
        <FormError message={failure?.message} hint={failure?.hint} />
        <SubmitButton
          isBusy={mutation.isPending}
          label={t(kind === 'disburse' ? 'admin.kanyadan.disburse' : isDifferenceSeen ? 'admin.kanyadan.recordFeeWithBankUtr' : 'admin.kanyadan.recordFee')}
          busyLabel={t('common.submitting')}
        />
      </form>
    </section>
  );
}

/**
 * The fee's UTR as typed from the bank statement against the one the family gave (issue 32): 'none'
 * when the family gave none, 'same', or 'differs' — then the clerk is told before recording.
 */
export function utrComparison(bankUtr: string, familyUtr: string | null): 'none' | 'same' | 'differs' {
  if (!familyUtr) return 'none';
  const plain = (utr: string) => utr.replace(/\s+/g, '').toUpperCase();
  return plain(bankUtr) === plain(familyUtr) ? 'same' : 'differs';
}
