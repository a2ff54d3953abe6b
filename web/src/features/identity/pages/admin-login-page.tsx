import { useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import type { TLoginRequest } from '@sahay/server/modules/identity/accounts/login.schema';
import { fieldErrorsOf, type FieldErrors } from '#web/api/errors.ts';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { FormError, SubmitButton } from '#web/ui/form/form-status.tsx';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { useAdoptEarlyInput } from '#web/ui/form/use-early-input.ts';
import { CodeField } from '#web/ui/form/code-field.tsx';
import { PasswordField } from '#web/ui/form/password-field.tsx';
import { usePasswordToggle } from '../hooks/use-password-toggle.public.ts';
import { TextField } from '#web/ui/form/text-field.tsx';
import { issuesToFieldErrors, useErrorText } from '#web/ui/use-error-text.ts';
import { useAdminLogin } from '../hooks/use-admin-login.ts';
import { loginSchema } from '../lazy-schemas.ts';

/** One field takes either: an "@" means an e-mail address, anything else a user ID. The code only when given. */
function toLoginRequest(identifier: string, password: string, totpCode: string): TLoginRequest {
  const code = totpCode.replace(/\s/g, '');
  return { ...(identifier.includes('@') ? { email: identifier } : { userId: identifier }), password, ...(code ? { totpCode: code } : {}) };
}

export default function AdminLoginPage() {
  const t = useT();
  const toggle = usePasswordToggle();
  const { translateServer } = useLang();
  const errorText = useErrorText();
  usePageMeta('adminLogin.metaTitle', 'adminLogin.metaDescription', { isNoIndex: true });
  const [, navigate] = useLocation();
  const adminLogin = useAdminLogin();
  const [values, setValues] = useState({ identifier: '', password: '', totpCode: '' });
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [isChecking, setIsChecking] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  useAdoptEarlyInput(formRef, (typed) => setValues((current) => ({ ...current, ...typed })));

  const fieldErrors: FieldErrors = { ...clientErrors, ...fieldErrorsOf(adminLogin.error) };
  const identifierErrors = [...(fieldErrors.userId ?? []), ...(fieldErrors.email ?? [])].map(translateServer);
  // A missing authenticator code is asked for beside its field (issue 32), not as a failed sign-in above the button.
  const formError = adminLogin.error && !fieldErrors.totpCode ? errorText(adminLogin.error, 'adminLogin.failed') : undefined;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const input = toLoginRequest(values.identifier.trim(), values.password, values.totpCode);
    setIsChecking(true);
    const parsed = (await loginSchema.load())?.ZLoginRequestSchema.safeParse(input);
    setIsChecking(false);
    if (parsed && !parsed.success) {
      const found = issuesToFieldErrors(parsed.error.issues);
      setClientErrors(found);
      adminLogin.reset();
      (form.elements.namedItem(found.userId || found.email ? 'identifier' : found.password ? 'password' : 'totpCode') as HTMLElement | null)?.focus();
      return;
    }
    setClientErrors({});
    // Staff who must still set up two-factor sign-in go straight to where it is done.
    void adminLogin.mutate(parsed?.data ?? input, {
      onSuccess: (user) => navigate(user.twoFactorSetupRequired ? '/admin/security' : '/admin/dashboard', { replace: true }),
      // Asked for the code: the cursor goes to its field.
      onError: (error) => {
        if (fieldErrorsOf(error).totpCode) requestAnimationFrame(() => (form.elements.namedItem('totpCode') as HTMLElement | null)?.focus());
      },
    });
  }

  return (
    <div className="container page-narrow">
      <h1>{t('adminLogin.heading')}</h1>
      <form ref={formRef} className="form" noValidate onSubmit={(event) => void onSubmit(event)} onFocus={() => void loginSchema.load()}>
        <TextField
          name="identifier"
          label={t('adminLogin.identifier')}
          autoComplete="username"
          spellCheck={false}
          autoCapitalize="none"
          required
          value={values.identifier}
          onChange={(event) => setValues({ ...values, identifier: event.target.value })}
          errors={identifierErrors}
        />
        <PasswordField
          name="password"
          toggle={toggle}
          label={t('adminLogin.password')}
          autoComplete="current-password"
          required
          value={values.password}
          onChange={(event) => setValues({ ...values, password: event.target.value })}
          errors={fieldErrors.password?.map(translateServer)}
        />
        <CodeField
          name="totpCode"
          label={t('adminLogin.totpCode')}
          hint={t('adminLogin.totpCodeHint')}
          value={values.totpCode}
          onChange={(event) => setValues({ ...values, totpCode: event.target.value })}
          errors={fieldErrors.totpCode?.map(translateServer)}
        />
        <FormError message={formError?.message} hint={formError?.hint} />
        <SubmitButton isBusy={adminLogin.isPending || isChecking} label={t('adminLogin.submit')} busyLabel={t('common.submitting')} />
      </form>
    </div>
  );
}
