import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { fieldErrorsOf } from '#web/api/errors.ts';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { FormError, SubmitButton } from '#web/ui/form/form-status.tsx';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { TextField } from '#web/ui/form/text-field.tsx';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { useRequestUserIdReminder } from '../hooks/use-request-user-id-reminder.ts';

/**
 * /forgot-user-id — the user IDs registered to an e-mail address go there by e-mail, and those
 * registered to a mobile number by SMS. The answer is the same whether or not an account was found.
 */
export default function ForgotUserIdPage() {
  const t = useT();
  const { translateServer } = useLang();
  const errorText = useErrorText();
  usePageMeta('forgotUserId.metaTitle', 'forgotUserId.metaDescription', { isNoIndex: true });
  const reminder = useRequestUserIdReminder();
  const [contact, setContact] = useState('');
  const [emptyError, setEmptyError] = useState(false);
  const fieldErrors = fieldErrorsOf(reminder.error).contact?.map(translateServer) ?? (emptyError ? [t('forgotUserId.empty')] : undefined);
  const failure = reminder.error && !fieldErrors ? errorText(reminder.error, 'forgotUserId.failed') : undefined;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (contact.trim() === '') {
      setEmptyError(true);
      reminder.reset();
      (event.currentTarget.elements.namedItem('contact') as HTMLElement | null)?.focus();
      return;
    }
    setEmptyError(false);
    void reminder.mutate({ contact });
  }

  return (
    <div className="container page-narrow">
      <h1>{t('forgotUserId.heading')}</h1>
      <div role="status">{reminder.data && <p className="notice notice-success">{translateServer(reminder.data.message)}</p>}</div>
      {!reminder.data && (
        <form className="form" noValidate onSubmit={onSubmit}>
          <p>{t('forgotUserId.intro')}</p>
          <TextField
            name="contact"
            label={t('forgotUserId.contact')}
            hint={t('forgotUserId.contactHint')}
            autoComplete="username"
            spellCheck={false}
            autoCapitalize="none"
            required
            value={contact}
            onChange={(event) => setContact(event.target.value)}
            errors={fieldErrors}
          />
          <FormError message={failure?.message} hint={failure?.hint} />
          <SubmitButton isBusy={reminder.isPending} label={t('forgotUserId.submit')} busyLabel={t('common.submitting')} />
        </form>
      )}
      <ul className="form-links">
        <li>
          <Link href="/login">{t('forgotUserId.toLogin')}</Link>
        </li>
        <li>
          <Link href="/forgot-password">{t('login.forgotPassword')}</Link>
        </li>
      </ul>
    </div>
  );
}
