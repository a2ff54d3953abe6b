import { Link, useSearch } from 'wouter';
import { useT } from '#web/i18n/i18n.tsx';
import { FormError, SubmitButton } from '#web/ui/form/form-status.tsx';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { useConfirmEmail } from '../hooks/use-confirm-email.ts';

/**
 * The page behind the link in the confirmation e-mail (/confirm-email?token=…). Confirming takes a
 * press of the button rather than happening on load, so mail scanners that open links confirm nothing.
 */
export default function ConfirmEmailPage() {
  const t = useT();
  const errorText = useErrorText();
  usePageMeta('confirmEmail.metaTitle', 'confirmEmail.metaDescription');
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const confirm = useConfirmEmail();
  const formError = confirm.error ? errorText(confirm.error, 'confirmEmail.failed') : undefined;

  return (
    <div className="container page-narrow">
      <h1>{t('confirmEmail.heading')}</h1>
      <div role="status" className={confirm.isSuccess ? 'notice notice-success' : undefined}>
        {confirm.isSuccess && <p>{t('confirmEmail.success')}</p>}
      </div>
      {confirm.isSuccess ? (
        <p className="actions">
          <Link href="/dashboard" className="btn btn-primary">
            {t('confirmEmail.toDashboard')}
          </Link>
        </p>
      ) : token === '' ? (
        <>
          <FormError message={t('confirmEmail.missingToken')} />
          <p>
            <Link href="/login">{t('confirmEmail.toLogin')}</Link>
          </p>
        </>
      ) : (
        <form
          className="form"
          onSubmit={(event) => {
            event.preventDefault();
            confirm.mutate({ token });
          }}
        >
          <p>{t('confirmEmail.intro')}</p>
          <FormError message={formError?.message} hint={formError?.hint} />
          {confirm.isError && (
            <p>
              <Link href="/login">{t('confirmEmail.toLogin')}</Link>
            </p>
          )}
          <SubmitButton isBusy={confirm.isPending} label={t('confirmEmail.submit')} busyLabel={t('common.submitting')} />
        </form>
      )}
    </div>
  );
}
