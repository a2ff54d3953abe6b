import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { TLoginRequest } from '@sahay/server/modules/identity/accounts/login.schema';
import { fieldErrorsOf, type FieldErrors } from '#web/api/errors.ts';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { FormError, SubmitButton } from '#web/ui/form/form-status.tsx';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { useAdoptEarlyInput } from '#web/ui/form/use-early-input.ts';
import { PasswordField } from '#web/ui/form/password-field.tsx';
import { usePasswordToggle } from '../hooks/use-password-toggle.public.ts';
import { TextField } from '#web/ui/form/text-field.tsx';
import { issuesToFieldErrors, useErrorText } from '#web/ui/use-error-text.ts';
import { useLogin } from '../hooks/use-login.ts';
import { loginSchema } from '../lazy-schemas.ts';
import { sanitizeNextPath } from '../next-path.public.ts';

type Mode = 'userId' | 'email';

export default function LoginPage() {
  const t = useT();
  const toggle = usePasswordToggle();
  const { translateServer } = useLang();
  const errorText = useErrorText();
  usePageMeta('login.metaTitle', 'login.metaDescription');
  const [, navigate] = useLocation();
  const search = useSearch();
  const login = useLogin();

  const [mode, setMode] = useState<Mode>('userId');
  const [values, setValues] = useState({ userId: '', email: '', password: '' });
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [isChecking, setIsChecking] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  useAdoptEarlyInput(formRef, (typed) => setValues((current) => ({ ...current, ...typed })));

  const fieldErrors: FieldErrors = { ...clientErrors, ...fieldErrorsOf(login.error) };
  // The schema reports a missing identifier on `userId` whichever mode is chosen.
  const errorsFor = (field: string) =>
    (field === 'email' ? [...(fieldErrors.email ?? []), ...(fieldErrors.userId ?? [])] : (fieldErrors[field] ?? [])).map(translateServer);
  const formError = login.error ? errorText(login.error, 'login.failed') : undefined;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const input: TLoginRequest = mode === 'userId' ? { userId: values.userId, password: values.password } : { email: values.email, password: values.password };
    setIsChecking(true);
    const parsed = (await loginSchema.load())?.ZLoginRequestSchema.safeParse(input);
    setIsChecking(false);
    if (parsed && !parsed.success) {
      const found = issuesToFieldErrors(parsed.error.issues);
      setClientErrors(found);
      login.reset();
      const firstInvalid = found.password && !found.userId && !found.email ? 'password' : mode;
      (form.elements.namedItem(firstInvalid) as HTMLElement | null)?.focus();
      return;
    }
    setClientErrors({});
    void login.mutate(parsed?.data ?? input, {
      onSuccess: () => navigate(sanitizeNextPath(new URLSearchParams(search).get('next')) ?? '/dashboard', { replace: true }),
    });
  }

  // Where the person came from: signed out, or a new password set (/forgot-password sends them here).
  const done = new URLSearchParams(search).get('done');
  const doneMessage = done === 'logout' ? t('login.loggedOut') : done === 'reset' ? t('login.passwordChanged') : null;

  return (
    <div className="container page-narrow">
      <h1>{t('login.heading')}</h1>
      <div role="status">{doneMessage && !login.isPending && <p className="notice notice-success">{doneMessage}</p>}</div>
      <form ref={formRef} className="form" noValidate onSubmit={(event) => void onSubmit(event)} onFocus={() => void loginSchema.load()}>
        <fieldset className="segmented">
          <legend>{t('login.modeLegend')}</legend>
          {(['userId', 'email'] as const).map((option) => (
            <label key={option} className="segmented-option">
              <input
                type="radio"
                name="mode"
                value={option}
                checked={mode === option}
                onChange={() => {
                  setMode(option);
                  setClientErrors({});
                }}
              />
              <span>{t(option === 'userId' ? 'login.modeUserId' : 'login.modeEmail')}</span>
            </label>
          ))}
        </fieldset>

        {mode === 'userId' ? (
          <TextField
            key="userId"
            name="userId"
            label={t('login.userId')}
            hint={t('login.userIdHint')}
            autoComplete="username"
            autoCapitalize="characters"
            spellCheck={false}
            required
            value={values.userId}
            onChange={(event) => setValues({ ...values, userId: event.target.value })}
            errors={errorsFor('userId')}
          />
        ) : (
          <TextField
            key="email"
            name="email"
            type="email"
            label={t('login.email')}
            autoComplete="username"
            inputMode="email"
            spellCheck={false}
            required
            value={values.email}
            onChange={(event) => setValues({ ...values, email: event.target.value })}
            errors={errorsFor('email')}
          />
        )}
        <PasswordField
          name="password"
          toggle={toggle}
          label={t('login.password')}
          autoComplete="current-password"
          required
          value={values.password}
          onChange={(event) => setValues({ ...values, password: event.target.value })}
          errors={errorsFor('password')}
        />
        <FormError message={formError?.message} hint={formError?.hint} />
        <SubmitButton isBusy={login.isPending || isChecking} label={t('login.submit')} busyLabel={t('common.submitting')} />
      </form>
      <ul className="form-links">
        <li>
          <Link href="/forgot-password">{t('login.forgotPassword')}</Link>
        </li>
        <li>
          <Link href="/forgot-user-id">{t('login.forgotUserId')}</Link>
        </li>
        <li>
          {t('login.newHere')} <Link href="/register">{t('login.register')}</Link>
        </li>
      </ul>
    </div>
  );
}
