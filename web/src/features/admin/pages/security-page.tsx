import { useState, type FormEvent } from 'react';
import { ZTotpCodeSchema } from '@sahay/server/modules/identity/two-factor/admin-totp.schema';
import { fieldErrorsOf } from '#web/api/errors.ts';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { formatDateTime } from '#web/ui/format.ts';
import { FormError, SubmitButton } from '#web/ui/form/form-status.tsx';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { QrSvg } from '#web/ui/qr-svg.tsx';
import { CodeField } from '#web/ui/form/code-field.tsx';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { AdminGate } from '../components/admin-gate.public.tsx';
import { AdminPageHeading } from '../components/admin-page-heading.public.tsx';
import { LoadError } from '#web/ui/load-error.tsx';
import { useTotp } from '../hooks/use-totp.ts';

/** The secret in groups of four, as authenticator apps show and people type it. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/** /admin/security — the admin's own two-factor sign-in: set up with an authenticator app, or turn off. */
export default function SecurityPage() {
  usePageMeta('admin.security.metaTitle', 'admin.metaDescription', { isNoIndex: true });
  return (
    <AdminGate permission={null} isTwoFactorSetup>
      {(me) => (
        <div className="container admin-page">
          <Security isRequired={me.twoFactorSetupRequired} />
        </div>
      )}
    </AdminGate>
  );
}

/** `isRequired`: the admin's permissions require it and it is not on yet; the rest of the console waits for it. */
function Security({ isRequired }: { isRequired: boolean }) {
  const t = useT();
  const { lang, translateServer } = useLang();
  const errorText = useErrorText();
  const { status, begin, confirm, disable } = useTotp();
  const [code, setCode] = useState('');
  const [codeErrors, setCodeErrors] = useState<string[]>([]);
  const isOn = status.data?.enabled === true;
  const action = isOn ? disable : confirm;
  const failure = action.error ? errorText(action.error, 'admin.security.failed') : begin.error ? errorText(begin.error, 'admin.security.failed') : undefined;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZTotpCodeSchema.safeParse({ code: code.replace(/\s/g, '') });
    if (!parsed.success) {
      setCodeErrors(parsed.error.issues.map((issue) => issue.message));
      action.reset();
      (event.currentTarget.elements.namedItem('code') as HTMLElement | null)?.focus();
      return;
    }
    setCodeErrors([]);
    action.mutate(parsed.data, {
      onSuccess: () => {
        setCode('');
        begin.reset();
      },
    });
  }

  const codeField = (
    <CodeField
      name="code"
      label={t('admin.security.code')}
      hint={t('admin.security.codeHint')}
      required
      value={code}
      onChange={(event) => setCode(event.target.value)}
      errors={[...codeErrors, ...(fieldErrorsOf(action.error).code ?? [])].map(translateServer)}
    />
  );

  return (
    <>
      <AdminPageHeading title={t('admin.security.heading')} />
      <section aria-labelledby="totp-heading" className="panel">
        <h2 id="totp-heading">{t('admin.security.totpHeading')}</h2>
        <p>{t('admin.security.intro')}</p>
        {isRequired && (
          <p className="notice" role="note">
            {t('admin.twoFactorFirst.text')}
          </p>
        )}
        {status.isPending && <p role="status">{t('common.loading')}</p>}
        {status.isError && <LoadError error={errorText(status.error, 'admin.security.failed')} onRetry={() => void status.refetch()} retryLabel={t('common.retry')} />}
        {status.data && (
          <p data-testid="totp-status">
            <strong>{isOn ? t('admin.security.on', { since: formatDateTime(status.data.enabledAt ?? '', lang) }) : t('admin.security.off')}</strong>
          </p>
        )}

        {status.data && !isOn && !begin.data && (
          <>
            <FormError message={failure?.message} hint={failure?.hint} />
            <button type="button" className="btn btn-primary" disabled={begin.isPending} onClick={() => begin.mutate()}>
              {begin.isPending ? t('common.submitting') : t('admin.security.setUp')}
            </button>
          </>
        )}

        {status.data && !isOn && begin.data && (
          <form className="form" noValidate onSubmit={onSubmit}>
            <ol className="steps">
              <li>
                <p>{t('admin.security.scan')}</p>
                <QrSvg text={begin.data.otpauthUri} label={t('admin.security.qrLabel')} />
              </li>
              <li>
                <p>{t('admin.security.orType')}</p>
                <p className="mono secret-key" data-testid="totp-secret">
                  {grouped(begin.data.secret)}
                </p>
              </li>
              <li>{t('admin.security.enterCode')}</li>
            </ol>
            {codeField}
            <FormError message={failure?.message} hint={failure?.hint} />
            <SubmitButton isBusy={confirm.isPending} label={t('admin.security.turnOn')} busyLabel={t('common.submitting')} />
          </form>
        )}

        {isOn && (
          <form className="form" noValidate onSubmit={onSubmit}>
            <p>{t('admin.security.turnOffHelp')}</p>
            {codeField}
            <FormError message={failure?.message} hint={failure?.hint} />
            <SubmitButton isBusy={disable.isPending} label={t('admin.security.turnOff')} busyLabel={t('common.submitting')} />
          </form>
        )}
        <p role="status">{confirm.isSuccess && isOn ? t('admin.security.turnedOn') : disable.isSuccess && !isOn ? t('admin.security.turnedOff') : ''}</p>
      </section>
    </>
  );
}
