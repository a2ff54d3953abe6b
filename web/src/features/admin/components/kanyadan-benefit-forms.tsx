import { useState, type FormEvent } from 'react';
import { MAX_DOCUMENT_BYTES } from '@sahay/server/modules/kanyadan/kanyadan-fields.schema';
import { ZBenefitRequestFieldsSchema, ZDisburseRequestSchema, ZRecordFeeRequestSchema } from '@sahay/server/modules/kanyadan/kanyadan-routes.schema';
import type { FieldErrors } from '#web/api/errors.ts';
import { parseRupees } from '#web/features/donations/amount.ts';
import { useT } from '#web/i18n/i18n.tsx';
import { formatMoney } from '#web/ui/format.ts';
import { FormError, SubmitButton } from '#web/ui/form-status.tsx';
import { TextField } from '#web/ui/text-field.tsx';
import { issuesToFieldErrors } from '#web/ui/use-error-text.ts';
import { useKanyadanActions } from '../hooks/use-kanyadan-application.ts';
import { useBenefitRequest } from '../hooks/use-kanyadan-benefit-request.ts';
import { todayInIndia, useConflictNotice, useFormErrors, type OnOutcome } from './kanyadan-forms.tsx';

const PROOF_ACCEPT = 'image/*,application/pdf';
const isProofType = (type: string) => type === '' || type.startsWith('image/') || type === 'application/pdf';
const BENEFIT_FIELDS = ['marriageDate', 'accountHolder', 'accountNumber', 'confirmAccountNumber', 'ifsc', 'marriageProof', 'marriageProof2'] as const;

/**
 * Record the benefit request (verification): the girl is 18 or older and her marriage is fixed. The
 * proof of the marriage and the account the money goes to, as the family gave them.
 */
export function BenefitRequestForm({ regNo, onOutcome }: { regNo: string; onOutcome: OnOutcome }) {
  const t = useT();
  const request = useBenefitRequest(regNo);
  const onConflict = useConflictNotice(onOutcome);
  const [values, setValues] = useState({ marriageDate: '', accountHolder: '', accountNumber: '', confirmAccountNumber: '', ifsc: '' });
  const [files, setFiles] = useState<{ marriageProof: File | null; marriageProof2: File | null }>({ marriageProof: null, marriageProof2: null });
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const { errorsFor, failure } = useFormErrors(request.error, clientErrors, 'admin.kanyadan.benefitRequestFailed', BENEFIT_FIELDS);
  const setValue = (field: keyof typeof values) => (event: { target: { value: string } }) => setValues({ ...values, [field]: event.target.value });
  const setFile = (field: keyof typeof files) => (event: { target: { files: FileList | null } }) => setFiles({ ...files, [field]: event.target.files?.[0] ?? null });

  /** The server checks the type from the content; this only spares a 5 MB upload that cannot pass. */
  function fileError(file: File | null, isRequired: boolean): string | undefined {
    if (!file) return isRequired ? t('admin.kanyadan.proofRequired') : undefined;
    if (file.size > MAX_DOCUMENT_BYTES) return t('admin.kanyadan.fileTooLarge');
    if (!isProofType(file.type)) return t('admin.kanyadan.fileType');
    return undefined;
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZBenefitRequestFieldsSchema.safeParse(values);
    const errors: FieldErrors = parsed.success ? {} : issuesToFieldErrors(parsed.error.issues);
    const proofError = fileError(files.marriageProof, true);
    const proof2Error = fileError(files.marriageProof2, false);
    if (proofError) errors.marriageProof = [proofError];
    if (proof2Error) errors.marriageProof2 = [proof2Error];
    if (!parsed.success || !files.marriageProof || proofError || proof2Error) {
      setClientErrors(errors);
      request.reset();
      return;
    }
    setClientErrors({});
    request.mutate(
      { ...parsed.data, marriageProof: files.marriageProof, marriageProof2: files.marriageProof2 },
      { onSuccess: () => onOutcome({ tone: 'success', message: t('admin.kanyadan.benefitRequestedDone') }), onError: onConflict },
    );
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
        <TextField name="marriageProof" type="file" required accept={PROOF_ACCEPT} label={t('admin.kanyadan.marriageProof')} hint={t('admin.kanyadan.proofHint')} onChange={setFile('marriageProof')} errors={errorsFor('marriageProof')} />
        <TextField name="marriageProof2" type="file" accept={PROOF_ACCEPT} label={t('admin.kanyadan.marriageProof2')} onChange={setFile('marriageProof2')} errors={errorsFor('marriageProof2')} />
        <FormError message={failure?.message} hint={failure?.hint} />
        <SubmitButton isBusy={request.isPending} label={t('admin.kanyadan.benefitRequest')} busyLabel={t('common.submitting')} />
      </form>
    </section>
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
  const [values, setValues] = useState(() => ({ utr: utrGiven ?? '', paidOn: todayInIndia() }));
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
          onChange={(event) => setValues({ ...values, utr: event.target.value })}
          errors={errorsFor('utr')}
        />
        <TextField name="paidOn" type="date" required label={t('admin.kanyadan.paidOn')} value={values.paidOn} onChange={(event) => setValues({ ...values, paidOn: event.target.value })} errors={errorsFor('paidOn')} />
        <FormError message={failure?.message} hint={failure?.hint} />
        <SubmitButton isBusy={mutation.isPending} label={t(kind === 'disburse' ? 'admin.kanyadan.disburse' : 'admin.kanyadan.recordFee')} busyLabel={t('common.submitting')} />
      </form>
    </section>
  );
}
