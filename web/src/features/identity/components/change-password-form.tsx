import { useState, type FormEvent } from 'react';
import { ZChangePasswordRequestSchema } from '@sahay/server/modules/identity/passwords/change-password.schema';
import { fieldErrorsOf, serverMessageOf, type FieldErrors } from '#web/api/errors.ts';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { FormError, SubmitButton } from '#web/ui/form/form-status.tsx';
import { PasswordField } from '#web/ui/form/password-field.tsx';
import { usePasswordToggle } from '../hooks/use-password-toggle.public.ts';
import { issuesToFieldErrors } from '#web/ui/use-error-text.ts';
import { useChangePassword } from '../hooks/use-change-password.ts';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };
const FAILED_PREFIX = 'Failed to update password';

/** Change Password (PRODUCT.md §4): the current password, and the new one twice. */
export function ChangePasswordForm() {
  const t = useT();
  const toggle = usePasswordToggle();
  const { translateServer } = useLang();
  const change = useChangePassword();
  const [values, setValues] = useState(EMPTY);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});

  const fieldErrors: FieldErrors = { ...clientErrors, ...fieldErrorsOf(change.error) };
  const errorsFor = (field: keyof typeof EMPTY) => fieldErrors[field]?.map(translateServer);
  // The server's refusals begin "Failed to update password: …"; anything else gets that line first.
  const said = serverMessageOf(change.error);
  const formError = !change.isError
    ? undefined
    : said?.startsWith(FAILED_PREFIX)
      ? { message: translateServer(said) }
      : { message: t('password.failed'), hint: said ? translateServer(said) : t('common.checkConnection') };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = ZChangePasswordRequestSchema.safeParse({ currentPassword: values.currentPassword, newPassword: values.newPassword });
    const found = parsed.success ? {} : issuesToFieldErrors(parsed.error.issues);
    if (values.confirmPassword !== values.newPassword) found.confirmPassword = [t('password.mismatch')];
    const first = (['currentPassword', 'newPassword', 'confirmPassword'] as const).find((name) => found[name]);
    if (first || !parsed.success) {
      setClientErrors(found);
      change.reset();
      if (first) (form.elements.namedItem(first) as HTMLElement | null)?.focus();
      return;
    }
    setClientErrors({});
    change.mutate(parsed.data, { onSuccess: () => setValues(EMPTY) });
  }

  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) => {
    setValues({ ...values, [field]: event.target.value });
    if (change.isSuccess) change.reset();
  };

  return (
    <form className="form" noValidate onSubmit={onSubmit} data-testid="change-password">
      <PasswordField name="currentPassword" toggle={toggle} label={t('password.current')} autoComplete="current-password" required value={values.currentPassword} onChange={set('currentPassword')} errors={errorsFor('currentPassword')} />
      <PasswordField name="newPassword" toggle={toggle} label={t('password.new')} hint={t('password.newHint')} autoComplete="new-password" required value={values.newPassword} onChange={set('newPassword')} errors={errorsFor('newPassword')} />
      <PasswordField name="confirmPassword" toggle={toggle} label={t('password.confirm')} autoComplete="new-password" required value={values.confirmPassword} onChange={set('confirmPassword')} errors={errorsFor('confirmPassword')} />
      <FormError message={formError?.message} hint={formError?.hint} />
      <p role="status" className={change.data ? 'notice notice-success' : undefined}>
        {change.data && translateServer(change.data.message)}
      </p>
      <SubmitButton isBusy={change.isPending} label={t('password.submit')} busyLabel={t('common.submitting')} />
    </form>
  );
}
