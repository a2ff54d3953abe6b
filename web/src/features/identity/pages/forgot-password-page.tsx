import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import type { TRequestPasswordResetRequest, TResetPasswordRequest } from '@sahay/server/modules/identity/passwords/password-reset.schema';
import { fieldErrorsOf, type FieldErrors } from '#web/api/errors.ts';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { FormError, Notice, SubmitButton } from '#web/ui/form/form-status.tsx';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { CodeField } from '#web/ui/form/code-field.tsx';
import { PasswordField } from '#web/ui/form/password-field.tsx';
import { usePasswordToggle } from '../hooks/use-password-toggle.public.ts';
import { TextField } from '#web/ui/form/text-field.tsx';
import { useAdoptEarlyInput } from '#web/ui/form/use-early-input.ts';
import { issuesToFieldErrors, useErrorText } from '#web/ui/use-error-text.ts';
import { useRequestPasswordReset } from '../hooks/use-request-password-reset.ts';
import { useResetPassword } from '../hooks/use-reset-password.ts';
import { passwordResetSchema } from '../lazy-schemas.ts';

/** PRODUCT.md §11: redirects wait 1 s. */
const REDIRECT_DELAY_MS = 1000;

/**
 * /forgot-password (PRODUCT.md §4). Step 1: user ID and phone → a 6-digit code by e-mail. Step 2:
 * the code and the new password twice → "Password changed successfully!" → /login after 1 s.
 */
export default function ForgotPasswordPage() {
  const t = useT();
  usePageMeta('forgotPassword.metaTitle', 'forgotPassword.metaDescription');
  const [account, setAccount] = useState<{ userId: string; sentMessage: string } | null>(null);
  return (
    <div className="container page-narrow">
      <h1>{t('forgotPassword.heading')}</h1>
      {account ? (
        <ResetStep userId={account.userId} sentMessage={account.sentMessage} onStartAgain={() => setAccount(null)} />
      ) : (
        <RequestStep onSent={(userId, sentMessage) => setAccount({ userId, sentMessage })} />
      )}
      <ul className="form-links">
        <li>
          <Link href="/login">{t('forgotPassword.backToLogin')}</Link>
        </li>
      </ul>
    </div>
  );
}

function RequestStep({ onSent }: { onSent: (userId: string, message: string) => void }) {
  const t = useT();
  const { translateServer } = useLang();
  const errorText = useErrorText();
  const request = useRequestPasswordReset();
  const [values, setValues] = useState<TRequestPasswordResetRequest>({ userId: '', phone: '' });
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [isChecking, setIsChecking] = useState(false);
  // Step 1 is in the server's HTML: what was typed before the code arrived is kept.
  const formRef = useRef<HTMLFormElement>(null);
  useAdoptEarlyInput(formRef, (typed) => setValues((current) => ({ ...current, ...typed })));
  const fieldErrors: FieldErrors = { ...clientErrors, ...fieldErrorsOf(request.error) };
  const errorsFor = (field: string) => fieldErrors[field]?.map(translateServer);
  const formError = request.error ? errorText(request.error, 'forgotPassword.sendFailed') : undefined;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setIsChecking(true);
    const parsed = (await passwordResetSchema.load())?.ZRequestPasswordResetRequestSchema.safeParse(values);
    setIsChecking(false);
    if (parsed && !parsed.success) {
      const found = issuesToFieldErrors(parsed.error.issues);
      setClientErrors(found);
      request.reset();
      (form.elements.namedItem(found.userId ? 'userId' : 'phone') as HTMLElement | null)?.focus();
      return;
    }
    setClientErrors({});
    const userId = parsed?.data.userId ?? values.userId.trim().toUpperCase();
    void request.mutate(values, { onSuccess: (answer) => onSent(userId, answer.message) });
  }

  return (
    <>
      <p>{t('forgotPassword.step1Intro')}</p>
      <form ref={formRef} className="form" noValidate onSubmit={(event) => void onSubmit(event)} onFocus={() => void passwordResetSchema.load()}>
        <TextField
          name="userId"
          label={t('forgotPassword.userId')}
          hint={t('login.userIdHint')}
          autoComplete="username"
          autoCapitalize="characters"
          spellCheck={false}
          required
          value={values.userId}
          onChange={(event) => setValues({ ...values, userId: event.target.value })}
          errors={errorsFor('userId')}
        />
        <TextField
          name="phone"
          type="tel"
          inputMode="tel"
          label={t('forgotPassword.phone')}
          hint={t('forgotPassword.phoneHint')}
          autoComplete="tel-national"
          required
          value={values.phone}
          onChange={(event) => setValues({ ...values, phone: event.target.value })}
          errors={errorsFor('phone')}
        />
        <FormError message={formError?.message} hint={formError?.hint} />
        <SubmitButton isBusy={request.isPending || isChecking} label={t('forgotPassword.sendCode')} busyLabel={t('common.submitting')} />
      </form>
    </>
  );
}

function ResetStep({ userId, sentMessage, onStartAgain }: { userId: string; sentMessage: string; onStartAgain: () => void }) {
  const t = useT();
  const toggle = usePasswordToggle();
  const { translateServer } = useLang();
  const errorText = useErrorText();
  const [, navigate] = useLocation();
  const reset = useResetPassword();
  const [values, setValues] = useState({ code: '', newPassword: '', confirmPassword: '' });
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [isChecking, setIsChecking] = useState(false);
  const fieldErrors: FieldErrors = { ...clientErrors, ...fieldErrorsOf(reset.error) };
  const errorsFor = (field: string) => fieldErrors[field]?.map(translateServer);
  const formError = reset.error ? errorText(reset.error, 'forgotPassword.resetFailed') : undefined;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const input: TResetPasswordRequest = { userId, code: values.code, newPassword: values.newPassword };
    setIsChecking(true);
    const parsed = (await passwordResetSchema.load())?.ZResetPasswordRequestSchema.safeParse(input);
    setIsChecking(false);
    const found = parsed && !parsed.success ? issuesToFieldErrors(parsed.error.issues) : {};
    if (values.confirmPassword !== values.newPassword) found.confirmPassword = [t('password.mismatch')];
    const first = ['code', 'newPassword', 'confirmPassword'].find((name) => found[name]);
    if (first || (parsed && !parsed.success)) {
      setClientErrors(found);
      reset.reset();
      if (first) (form.elements.namedItem(first) as HTMLElement | null)?.focus();
      return;
    }
    setClientErrors({});
    void reset.mutate(parsed?.data ?? input, {
      onSuccess: () => setTimeout(() => navigate('/login?done=reset', { replace: true }), REDIRECT_DELAY_MS),
    });
  }

  return (
    <>
      <Notice tone="success">
        <p>{translateServer(sentMessage)}</p>
      </Notice>
      <div role="status" className={reset.data ? 'notice notice-success' : undefined}>
        {reset.data && (
          <>
            <p data-testid="reset-done">{translateServer(reset.data.message)}</p>
            <p>{t('forgotPassword.redirecting')}</p>
          </>
        )}
      </div>
      {!reset.data && (
        <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
          <h2>{t('forgotPassword.step2Heading')}</h2>
          <p>{t('forgotPassword.step2Intro', { userId })}</p>
          <CodeField
            name="code"
            label={t('forgotPassword.code')}
            hint={t('forgotPassword.codeHint')}
            // The field appears in answer to the person's own action: focus follows them.
            autoFocus
            required
            value={values.code}
            onChange={(event) => setValues({ ...values, code: event.target.value })}
            errors={errorsFor('code')}
          />
          <PasswordField
            name="newPassword"
            toggle={toggle}
            label={t('password.new')}
            hint={t('password.newHint')}
            autoComplete="new-password"
            required
            value={values.newPassword}
            onChange={(event) => setValues({ ...values, newPassword: event.target.value })}
            errors={errorsFor('newPassword')}
          />
          <PasswordField
            name="confirmPassword"
            toggle={toggle}
            label={t('password.confirm')}
            autoComplete="new-password"
            required
            value={values.confirmPassword}
            onChange={(event) => setValues({ ...values, confirmPassword: event.target.value })}
            errors={errorsFor('confirmPassword')}
          />
          <FormError message={formError?.message} hint={formError?.hint} />
          <p className="actions">
            <SubmitButton isBusy={reset.isPending || isChecking} label={t('forgotPassword.submit')} busyLabel={t('common.submitting')} />
            <button type="button" className="btn btn-secondary" onClick={onStartAgain}>
              {t('forgotPassword.newCode')}
            </button>
          </p>
        </form>
      )}
    </>
  );
}
