import { useEffect, useState, type FormEvent } from 'react';
import { fieldErrorsOf } from '#web/api/errors.ts';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { FormError, SubmitButton } from '#web/ui/form/form-status.tsx';
import { TextField } from '#web/ui/form/text-field.tsx';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { useRequestStatementCode, useVerifyStatementCode } from '../hooks/use-statement-code.ts';
import { Form10BEByProof } from './form-10be-by-proof.tsx';
import { YearlyStatementLink } from './yearly-statement-link.tsx';

/**
 * The yearly statement for a donor who is not signed in (issue 29, decision 040): the e-mail or
 * phone given with the donations → "send code" → the 6-digit code → the download. Everything
 * gathered across donations goes only to whoever holds the contact; a reference proves nothing.
 * The same proof then lists the donor's Form 10BE certificates (issue 31). This component is
 * itself loaded on demand, after the page: none of it counts in /donate/status's first download.
 */
export function StatementByCode({ initialContact }: { initialContact: string }) {
  const t = useT();
  const { translateServer } = useLang();
  const errorText = useErrorText();
  const requestCode = useRequestStatementCode();
  const verifyCode = useVerifyStatementCode();
  const [contact, setContact] = useState(initialContact);
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);

  // The status page's contact, once looked up, is the likeliest one; nothing is sent until asked.
  useEffect(() => {
    if (sentTo === null && initialContact) setContact(initialContact);
  }, [initialContact, sentTo]);

  const requestErrors = fieldErrorsOf(requestCode.error);
  const verifyErrors = fieldErrorsOf(verifyCode.error);
  const requestFailure = requestCode.error && !requestErrors.contact ? errorText(requestCode.error, 'statementCode.failed') : undefined;
  const verifyFailure = verifyCode.error && !verifyErrors.code && !verifyErrors.contact ? errorText(verifyCode.error, 'statementCode.failed') : undefined;

  async function onRequest(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    verifyCode.reset();
    setCode('');
    if (await requestCode.mutate({ contact })) setSentTo(contact);
  }

  async function onVerify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sentTo === null) return;
    await verifyCode.mutate({ contact: sentTo, code });
  }

  if (verifyCode.data) {
    return (
      <>
        <section className="panel" aria-labelledby="statement-code-heading" data-testid="statement-by-code">
          <h2 id="statement-code-heading">{t('yearlyStatement.heading')}</h2>
          <p role="status">{t('statementCode.verified')}</p>
          <YearlyStatementLink proof={verifyCode.data.proof} isBare />
        </section>
        <Form10BEByProof proof={verifyCode.data.proof} />
      </>
    );
  }

  return (
    <section className="panel" aria-labelledby="statement-code-heading" data-testid="statement-by-code">
      <h2 id="statement-code-heading">{t('yearlyStatement.heading')}</h2>
      <p>{t('yearlyStatement.text')}</p>
      <p>{t('statementCode.why')}</p>
      <form className="form" noValidate onSubmit={(event) => void onRequest(event)} data-testid="statement-code-request">
        <TextField
          name="statementContact"
          label={t('statementCode.contact')}
          hint={t('statementCode.contactHint')}
          autoComplete="email"
          spellCheck={false}
          required
          value={contact}
          onChange={(event) => setContact(event.target.value)}
          errors={requestErrors.contact?.map(translateServer)}
        />
        <FormError message={requestFailure?.message} hint={requestFailure?.hint} />
        <SubmitButton isBusy={requestCode.isPending} label={sentTo === null ? t('statementCode.send') : t('statementCode.sendAgain')} busyLabel={t('statementCode.sending')} />
      </form>
      {sentTo !== null && requestCode.data && (
        <form className="form" noValidate onSubmit={(event) => void onVerify(event)} data-testid="statement-code-verify">
          <p role="status">{translateServer(requestCode.data.message)}</p>
          <TextField
            name="statementCode"
            label={t('statementCode.code')}
            hint={t('statementCode.codeHint')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            required
            value={code}
            onChange={(event) => setCode(event.target.value)}
            errors={(verifyErrors.code ?? verifyErrors.contact)?.map(translateServer)}
          />
          <FormError message={verifyFailure?.message} hint={verifyFailure?.hint} />
          <SubmitButton isBusy={verifyCode.isPending} label={t('statementCode.confirm')} busyLabel={t('statementCode.confirming')} />
        </form>
      )}
    </section>
  );
}
