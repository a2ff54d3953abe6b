import { useState, type FormEvent } from 'react';
import type { FieldErrors } from '#web/api/errors.ts';
import { fieldErrorsOf } from '#web/api/errors.ts';
import { newSubmissionKey } from '#web/lib/submission-key.ts';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { formatMoney, formatNumber } from '#web/ui/format.ts';
import { FormError, SubmitButton } from '#web/ui/form/form-status.tsx';
import { TextField } from '#web/ui/form/text-field.tsx';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { useRequestDisbursement } from '../../hooks/member-disbursements.ts';
import { checkAmount, checkWithdrawal, MAX_CONTACT_NUMBER_LENGTH, percentOf, previewWithdrawal, type WithdrawalInput } from './disbursement-rules.ts';

interface Mutation<TInput, TOutput> {
  mutate: (input: TInput, options?: { onSuccess?: (data: TOutput) => void }) => void;
}
type Created = { id: string; adminChargePaise: number; netPaise: number };

/**
 * Sends the withdrawal with help.disbursements.request when the form's values pass the ledger's
 * rules; otherwise returns the messages beside the fields and the amount the field shows now (set
 * to the maximum when it was above the balance), and sends nothing.
 */
export function sendWithdrawal(
  request: Mutation<WithdrawalInput, Created>,
  values: { id: string; disbursementId: string; amountText: string; contactNumber: string; availablePaise: number },
  onSuccess: (created: Created) => void,
): { errors: FieldErrors; amountText: string } {
  const checked = checkWithdrawal(values);
  if (!checked.isValid) return { errors: checked.errors, amountText: checked.amountText };
  request.mutate(checked.input, { onSuccess });
  return { errors: {}, amountText: values.amountText };
}

/**
 * The withdrawal form: an amount up to what is available, a contact number for finance, and what
 * the admin charge takes and the beneficiary receives, worked out as they type. The request's ID is
 * made once per draft, so pressing Send again after a lost answer asks once, not twice.
 */
export function DisbursementForm({
  requestId,
  availablePaise,
  chargeBasisPoints,
  onRequested,
}: {
  requestId: string;
  availablePaise: number;
  chargeBasisPoints: number;
  onRequested: (message: string) => void;
}) {
  const t = useT();
  const { translateServer } = useLang();
  const errorText = useErrorText();
  const request = useRequestDisbursement();
  const [disbursementId, setDisbursementId] = useState(() => newSubmissionKey());
  const [amountText, setAmountText] = useState('');
  const [contactNumber, setContactNumber] = useState('');
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});

  const serverErrors = fieldErrorsOf(request.error);
  const amountErrors = clientErrors.amount ?? serverErrors.amount ?? serverErrors.amountPaise;
  const contactErrors = clientErrors.contactNumber ?? serverErrors.contactNumber;
  const hasFieldErrors = Boolean(serverErrors.amount?.length || serverErrors.amountPaise?.length || serverErrors.contactNumber?.length);
  const failure = request.error && !hasFieldErrors ? errorText(request.error, 'myHelp.withdraw.failed') : undefined;

  function onAmountChange(text: string) {
    // Above the balance the field becomes the maximum at once, and says why (PRODUCT.md §8).
    const checked = checkAmount(text, availablePaise);
    setAmountText(checked.text);
    setClientErrors({ ...clientErrors, amount: checked.kind === 'clamped' ? [checked.message] : undefined });
    request.reset();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const sent = sendWithdrawal(request, { id: requestId, disbursementId, amountText, contactNumber, availablePaise }, (created) => {
      setDisbursementId(newSubmissionKey());
      setAmountText('');
      onRequested(t('myHelp.withdraw.sent', { amount: formatMoney(created.adminChargePaise + created.netPaise), net: formatMoney(created.netPaise) }));
    });
    setAmountText(sent.amountText);
    setClientErrors(sent.errors);
    if (Object.keys(sent.errors).length > 0) {
      request.reset();
      const first = sent.errors.amount ? 'amount' : 'contactNumber';
      (form.elements.namedItem(first) as HTMLElement | null)?.focus();
    }
  }

  return (
    <form className="form" noValidate onSubmit={onSubmit} data-testid="withdraw-form">
      <TextField
        name="amount"
        label={t('myHelp.withdraw.amount')}
        hint={t('myHelp.withdraw.amountHint', { max: formatMoney(availablePaise) })}
        inputMode="decimal"
        autoComplete="off"
        required
        value={amountText}
        onChange={(event) => onAmountChange(event.target.value)}
        errors={amountErrors?.map(translateServer)}
      />
      <TextField
        name="contactNumber"
        type="tel"
        label={t('myHelp.withdraw.contactNumber')}
        hint={t('myHelp.withdraw.contactNumberHint', { max: MAX_CONTACT_NUMBER_LENGTH })}
        autoComplete="tel"
        inputMode="tel"
        maxLength={MAX_CONTACT_NUMBER_LENGTH}
        required
        value={contactNumber}
        onChange={(event) => {
          setContactNumber(event.target.value);
          setClientErrors({ ...clientErrors, contactNumber: undefined });
        }}
        errors={contactErrors?.map(translateServer)}
      />
      <WithdrawalPreviewLine amountText={amountText} availablePaise={availablePaise} chargeBasisPoints={chargeBasisPoints} />
      <FormError message={failure?.message} hint={failure?.hint} />
      <SubmitButton isBusy={request.isPending} label={t('myHelp.withdraw.submit')} busyLabel={t('myHelp.sending')} />
    </form>
  );
}

/** "Admin charge ₹25 (2.5 %) · You receive ₹975" for the amount typed; before there is one, the charge alone. Read out politely as it changes. */
export function WithdrawalPreviewLine({ amountText, availablePaise, chargeBasisPoints }: { amountText: string; availablePaise: number; chargeBasisPoints: number }) {
  const t = useT();
  const amount = checkAmount(amountText, availablePaise);
  const preview = amount.kind === 'ok' || amount.kind === 'clamped' ? previewWithdrawal(amount.paise, chargeBasisPoints) : null;
  const percent = formatNumber(percentOf(chargeBasisPoints));
  return (
    <p className="notice" aria-live="polite" data-testid="withdraw-preview">
      {preview
        ? t('myHelp.withdraw.preview', { charge: formatMoney(preview.adminChargePaise), percent, net: formatMoney(preview.netPaise) })
        : t('myHelp.withdraw.chargeOnly', { percent })}
    </p>
  );
}
