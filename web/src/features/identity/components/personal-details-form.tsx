import { Fragment, useRef, useState, type FormEvent, type HTMLAttributes } from 'react';
import { indianStateOf } from '@sahay/server/modules/identity/fields.schema';
import { accountNumberDigits, IFSC_NOT_IN_LIST, scriptOfName, ZUpdateProfileRequestSchema } from '@sahay/server/modules/identity/profile/profile.schema';
import type { TProfile, TUpdateProfileRequest } from '@sahay/server/modules/identity/profile/profile.schema';
import { fieldErrorsOf, serverMessageOf, type FieldErrors } from '#web/api/errors.ts';
import { useLang, useT, type MessageKey } from '#web/i18n/i18n.tsx';
import { formatDateTime } from '#web/ui/format.ts';
import { FormError, SubmitButton } from '#web/ui/form/form-status.tsx';
import { StateSelect } from '#web/ui/form/state-select.tsx';
import { TextField } from '#web/ui/form/text-field.tsx';
import { issuesToFieldErrors } from '#web/ui/use-error-text.ts';
import { useLeaveGuard } from '#web/ui/use-leave-guard.ts';
import { normalisedIfsc, useIfscLookup } from '../hooks/use-ifsc-lookup.public.ts';
import { useUpdateProfile } from '../hooks/use-update-profile.ts';
import { IfscBankStatus, PayoutConfirmation, type PayoutReadBack } from './payout-confirmation.public.tsx';

type Details = TProfile['details'];
type FieldName = keyof Details | 'confirmAccountNumber';
type Values = Record<FieldName, string>;

interface FieldSpec {
  name: FieldName;
  label: MessageKey;
  hint?: MessageKey;
  type?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  autoComplete: string;
  multiline?: boolean;
}

/** The name in the other script from the registered one, for the I-card: its label says which script. */
const otherNameField = (fullName: string): FieldSpec => ({
  name: 'otherScriptName',
  label: scriptOfName(fullName) === 'latin' ? 'profile.fields.otherNameDevanagari' : 'profile.fields.otherNameLatin',
  hint: 'profile.fields.otherNameHint',
  autoComplete: 'off',
});

const CONTACT_FIELDS: FieldSpec[] = [
  { name: 'phone', label: 'profile.fields.phone', hint: 'profile.fields.phoneHint', type: 'tel', inputMode: 'tel', autoComplete: 'tel-national' },
  { name: 'address', label: 'profile.fields.address', autoComplete: 'street-address', multiline: true },
  { name: 'city', label: 'profile.fields.city', autoComplete: 'address-level2' },
  // A list (StateSelect), as at registration.
  { name: 'state', label: 'profile.fields.state', autoComplete: 'address-level1' },
  { name: 'pinCode', label: 'profile.fields.pinCode', hint: 'profile.fields.pinCodeHint', inputMode: 'numeric', autoComplete: 'postal-code' },
];

const PAYOUT_FIELDS: FieldSpec[] = [
  { name: 'upiId', label: 'profile.fields.upiId', hint: 'profile.fields.upiIdHint', inputMode: 'email', autoComplete: 'off' },
  { name: 'bankName', label: 'profile.fields.bankName', autoComplete: 'off' },
  { name: 'accountHolder', label: 'profile.fields.accountHolder', autoComplete: 'off' },
  { name: 'accountNumber', label: 'profile.fields.accountNumber', hint: 'profile.fields.accountNumberHint', inputMode: 'numeric', autoComplete: 'off' },
  { name: 'ifsc', label: 'profile.fields.ifsc', hint: 'profile.fields.ifscHint', autoComplete: 'off' },
];

/** Asked only while the account number differs from the saved one; pasting is allowed (accessibility). */
const CONFIRM_FIELD: FieldSpec = {
  name: 'confirmAccountNumber',
  label: 'profile.fields.confirmAccountNumber',
  hint: 'profile.fields.confirmAccountNumberHint',
  inputMode: 'numeric',
  autoComplete: 'off',
};

const FIELD_ORDER: FieldName[] = ['otherScriptName', ...CONTACT_FIELDS.map((field) => field.name), 'upiId', 'bankName', 'accountHolder', 'accountNumber', 'confirmAccountNumber', 'ifsc'];

function formOf(details: Details): Values {
  const values = Object.fromEntries(FIELD_ORDER.map((name) => [name, name === 'confirmAccountNumber' ? '' : (details[name] ?? '')])) as Values;
  // The list's key for the saved state; a state typed before the list is chosen again ('').
  return { ...values, state: indianStateOf(details.state) ?? '' };
}

/** The payout fields as the server will store them, for comparing with what is saved. */
const PAYOUT_AS_STORED: Record<'upiId' | 'bankName' | 'accountHolder' | 'accountNumber' | 'ifsc', (value: string) => string> = {
  upiId: (value) => value.trim().toLowerCase(),
  bankName: (value) => value.trim().replace(/\s+/g, ' '),
  accountHolder: (value) => value.trim().replace(/\s+/g, ' '),
  accountNumber: accountNumberDigits,
  ifsc: normalisedIfsc,
};

function isAccountNumberNew(values: Values, details: Details): boolean {
  const digits = accountNumberDigits(values.accountNumber);
  return digits !== '' && digits !== (details.accountNumber ?? '');
}

/** Anything typed that is not saved yet: leaving the page would lose it. */
function isUnsaved(values: Values, details: Details): boolean {
  const saved = formOf(details);
  return FIELD_ORDER.some((name) => values[name] !== saved[name]);
}

function isPayoutChanged(values: Values, details: Details): boolean {
  return (Object.keys(PAYOUT_AS_STORED) as (keyof typeof PAYOUT_AS_STORED)[]).some((name) => PAYOUT_AS_STORED[name](values[name]) !== (details[name] ?? ''));
}

/** What is sent: an unchanged account number is left out, so it needs no second copy; a new one comes with it. */
function requestOf(values: Values, details: Details): TUpdateProfileRequest {
  const { confirmAccountNumber, accountNumber, pinCode, ...contact } = values;
  // An account from before the PIN code was asked saves without one until the member adds it.
  const fields = pinCode.trim() === '' && details.pinCode === '' ? contact : { ...contact, pinCode };
  if (accountNumberDigits(accountNumber) === (details.accountNumber ?? '')) return fields;
  return { ...fields, accountNumber, ...(isAccountNumberNew(values, details) ? { confirmAccountNumber } : {}) };
}

/**
 * Personal Details (PRODUCT.md §4): contact and payout details, each format checked with the
 * server's schema before sending; an empty payout field clears it. Errors show beside the fields
 * and what was typed stays; after a save the form shows the details as the server stored them.
 * Payout details (issue 16): a new account number is typed twice, the IFSC's bank is shown from the
 * published list as it is typed, and changed payout details are read back for a Confirm before saving.
 * Nothing typed is lost without a word (issue 32): leaving the page with unsaved changes asks first,
 * and a save says when it was made.
 */
export function PersonalDetailsForm({ details, fullName }: { details: Details; fullName: string }) {
  const t = useT();
  const { lang, translateServer } = useLang();
  const update = useUpdateProfile();
  const [values, setValues] = useState(() => formOf(details));
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  /** The request waiting for the member's Confirm, with what is read back. */
  const [pending, setPending] = useState<{ request: TUpdateProfileRequest; readBack: PayoutReadBack } | null>(null);
  const ifscLookup = useIfscLookup(values.ifsc);
  const isConfirmAsked = isAccountNumberNew(values, details);
  const formRef = useRef<HTMLFormElement>(null);
  /** When the last save was answered, said in the status. */
  const [savedAt, setSavedAt] = useState<string | null>(null);
  useLeaveGuard(isUnsaved(values, details) ? t('profile.leaveUnsaved') : null);

  const fieldErrors: FieldErrors = { ...clientErrors, ...fieldErrorsOf(update.error) };
  const errorsFor = (field: FieldName) => fieldErrors[field]?.map(translateServer);
  const serverMessage = serverMessageOf(update.error);
  const failureHint = update.isError ? (serverMessage ? translateServer(serverMessage) : t('common.checkConnection')) : undefined;

  function save(request: TUpdateProfileRequest) {
    update.mutate(request, {
      onSuccess: (profile) => {
        setValues(formOf(profile.details));
        setPending(null);
        setSavedAt(new Date().toISOString());
      },
      onError: () => setPending(null),
    });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const request = requestOf(values, details);
    const parsed = ZUpdateProfileRequestSchema.safeParse(request);
    const found: FieldErrors = parsed.success ? {} : issuesToFieldErrors(parsed.error.issues);
    // The server has the list; what it already answered for this IFSC is shown before asking again.
    if (!found.ifsc && ifscLookup.data && !ifscLookup.data.isInList) found.ifsc = [IFSC_NOT_IN_LIST];
    const first = FIELD_ORDER.find((name) => found[name]);
    if (first) {
      setClientErrors(found);
      update.reset();
      (form.elements.namedItem(first) as HTMLElement | null)?.focus();
      return;
    }
    setClientErrors({});
    update.reset();
    if (!isPayoutChanged(values, details)) return save(request);
    setPending({
      request,
      readBack: {
        upiId: PAYOUT_AS_STORED.upiId(values.upiId),
        accountHolder: PAYOUT_AS_STORED.accountHolder(values.accountHolder),
        accountNumber: accountNumberDigits(values.accountNumber),
        ifsc: normalisedIfsc(values.ifsc),
        bankName: ifscLookup.data?.bankName ?? null,
      },
    });
  }

  function onChangeRequested() {
    setPending(null);
    (formRef.current?.elements.namedItem('upiId') as HTMLElement | null)?.focus();
  }

  function onValue(name: FieldName, value: string) {
    setValues({ ...values, [name]: value });
    // A change after the read-back asks for a new one.
    setPending(null);
    if (update.isSuccess) update.reset();
  }

  const field = (spec: FieldSpec) =>
    spec.name === 'state' ? (
      <StateSelect key={spec.name} label={t(spec.label)} required value={values.state} onChange={(state) => onValue('state', state)} errors={errorsFor('state')} />
    ) : (
      <TextField
        key={spec.name}
        name={spec.name}
        label={t(spec.label)}
        hint={spec.hint && t(spec.hint)}
        {...(spec.multiline ? { multiline: true as const } : { type: spec.type ?? 'text', inputMode: spec.inputMode })}
        autoComplete={spec.autoComplete}
        spellCheck={false}
        value={values[spec.name]}
        onChange={(event: { target: { value: string } }) => onValue(spec.name, event.target.value)}
        errors={errorsFor(spec.name)}
      />
    );

  return (
    <form ref={formRef} className="form" noValidate onSubmit={onSubmit} data-testid="personal-details">
      <fieldset className="field-group">
        <legend>{t('profile.contactLegend')}</legend>
        {[otherNameField(fullName), ...CONTACT_FIELDS].map(field)}
      </fieldset>
      <fieldset className="field-group">
        <legend>{t('profile.payoutLegend')}</legend>
        <p className="field-hint">{t('profile.payoutHelp')}</p>
        {PAYOUT_FIELDS.map((spec) => (
          <Fragment key={spec.name}>
            {field(spec)}
            {spec.name === 'accountNumber' && isConfirmAsked && field(CONFIRM_FIELD)}
            {spec.name === 'ifsc' && <IfscBankStatus lookup={ifscLookup} isListRuleShown={fieldErrors.ifsc?.includes(IFSC_NOT_IN_LIST)} />}
          </Fragment>
        ))}
      </fieldset>
      {/* "Save failed" is PRODUCT.md's word; the second line says why. */}
      <FormError message={update.isError ? t('profile.saveFailed') : undefined} hint={failureHint} />
      <p role="status" className={update.isSuccess ? 'notice notice-success' : undefined} data-testid="profile-saved">
        {update.isSuccess && savedAt && t('profile.savedAt', { time: formatDateTime(savedAt, lang) })}
      </p>
      {pending ? (
        <PayoutConfirmation payout={pending.readBack} isBusy={update.isPending} onConfirm={() => save(pending.request)} onChange={onChangeRequested} />
      ) : (
        <SubmitButton isBusy={update.isPending} label={t('profile.save')} busyLabel={t('common.submitting')} />
      )}
    </form>
  );
}
