import { useState, type FormEvent, type HTMLAttributes } from 'react';
import { scriptOfName, ZUpdateProfileRequestSchema } from '@sahay/server/modules/identity/profile/profile.schema';
import type { TProfile } from '@sahay/server/modules/identity/profile/profile.schema';
import { fieldErrorsOf, serverMessageOf, type FieldErrors } from '#web/api/errors.ts';
import { useLang, useT, type MessageKey } from '#web/i18n/i18n.tsx';
import { FormError, SubmitButton } from '#web/ui/form-status.tsx';
import { TextField } from '#web/ui/text-field.tsx';
import { issuesToFieldErrors } from '#web/ui/use-error-text.ts';
import { useUpdateProfile } from '../hooks/use-update-profile.ts';

type Details = TProfile['details'];
type FieldName = keyof Details;

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
  { name: 'state', label: 'profile.fields.state', autoComplete: 'address-level1' },
];

const PAYOUT_FIELDS: FieldSpec[] = [
  { name: 'upiId', label: 'profile.fields.upiId', hint: 'profile.fields.upiIdHint', inputMode: 'email', autoComplete: 'off' },
  { name: 'bankName', label: 'profile.fields.bankName', autoComplete: 'off' },
  { name: 'accountHolder', label: 'profile.fields.accountHolder', autoComplete: 'off' },
  { name: 'accountNumber', label: 'profile.fields.accountNumber', hint: 'profile.fields.accountNumberHint', inputMode: 'numeric', autoComplete: 'off' },
  { name: 'ifsc', label: 'profile.fields.ifsc', hint: 'profile.fields.ifscHint', autoComplete: 'off' },
];

const FIELD_ORDER: FieldName[] = ['otherScriptName', ...[...CONTACT_FIELDS, ...PAYOUT_FIELDS].map((field) => field.name)];

function formOf(details: Details): Record<FieldName, string> {
  return Object.fromEntries(FIELD_ORDER.map((name) => [name, details[name] ?? ''])) as Record<FieldName, string>;
}

/**
 * Personal Details (PRODUCT.md §4): contact and payout details, each format checked with the
 * server's schema before sending; an empty payout field clears it. Errors show beside the fields
 * and what was typed stays; after a save the form shows the details as the server stored them.
 */
export function PersonalDetailsForm({ details, fullName }: { details: Details; fullName: string }) {
  const t = useT();
  const { translateServer } = useLang();
  const update = useUpdateProfile();
  const [values, setValues] = useState(() => formOf(details));
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});

  const fieldErrors: FieldErrors = { ...clientErrors, ...fieldErrorsOf(update.error) };
  const errorsFor = (field: FieldName) => fieldErrors[field]?.map(translateServer);
  const serverMessage = serverMessageOf(update.error);
  const failureHint = update.isError ? (serverMessage ? translateServer(serverMessage) : t('common.checkConnection')) : undefined;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = ZUpdateProfileRequestSchema.safeParse(values);
    if (!parsed.success) {
      const found = issuesToFieldErrors(parsed.error.issues);
      setClientErrors(found);
      update.reset();
      const first = FIELD_ORDER.find((name) => found[name]);
      if (first) (form.elements.namedItem(first) as HTMLElement | null)?.focus();
      return;
    }
    setClientErrors({});
    update.mutate(values, { onSuccess: (profile) => setValues(formOf(profile.details)) });
  }

  const field = (spec: FieldSpec) => (
    <TextField
      key={spec.name}
      name={spec.name}
      label={t(spec.label)}
      hint={spec.hint && t(spec.hint)}
      {...(spec.multiline ? { multiline: true as const } : { type: spec.type ?? 'text', inputMode: spec.inputMode })}
      autoComplete={spec.autoComplete}
      spellCheck={false}
      value={values[spec.name]}
      onChange={(event: { target: { value: string } }) => {
        setValues({ ...values, [spec.name]: event.target.value });
        if (update.isSuccess) update.reset();
      }}
      errors={errorsFor(spec.name)}
    />
  );

  return (
    <form className="form" noValidate onSubmit={onSubmit} data-testid="personal-details">
      <fieldset className="field-group">
        <legend>{t('profile.contactLegend')}</legend>
        {[otherNameField(fullName), ...CONTACT_FIELDS].map(field)}
      </fieldset>
      <fieldset className="field-group">
        <legend>{t('profile.payoutLegend')}</legend>
        <p className="field-hint">{t('profile.payoutHelp')}</p>
        {PAYOUT_FIELDS.map(field)}
      </fieldset>
      {/* "Save failed" is PRODUCT.md's word; the second line says why. */}
      <FormError message={update.isError ? t('profile.saveFailed') : undefined} hint={failureHint} />
      <p role="status" className={update.isSuccess ? 'notice notice-success' : undefined}>
        {update.isSuccess && t('profile.saved')}
      </p>
      <SubmitButton isBusy={update.isPending} label={t('profile.save')} busyLabel={t('common.submitting')} />
    </form>
  );
}
