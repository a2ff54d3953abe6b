import { useState, type FormEvent } from 'react';
import { ZEraseContactRequestSchema, type TEraseContactResponse } from '@sahay/server/modules/identity/erasure/erase-person.schema';
import { fieldErrorsOf } from '#web/api/errors.ts';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { formatDate, formatNumber } from '#web/ui/format.ts';
import { FormError, SubmitButton } from '#web/ui/form/form-status.tsx';
import { TextField } from '#web/ui/form/text-field.tsx';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { useEraseContact } from '../hooks/use-members.ts';

/**
 * Erase a donor who never had an account (issue 29): by the e-mail address or phone they gave, with
 * a reason and a box to tick first. Afterwards it says how many records went and what the law keeps,
 * why and until when.
 */
export function EraseContactForm() {
  const t = useT();
  const { translateServer } = useLang();
  const errorText = useErrorText();
  const erase = useEraseContact();
  const [contact, setContact] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ contact?: string[]; reason?: string[] }>({});
  const [isConfirmed, setIsConfirmed] = useState(false);
  const [isConfirmMissing, setIsConfirmMissing] = useState(false);
  const failure = erase.error ? errorText(erase.error, 'admin.members.eraseContactFailed') : undefined;
  const serverErrors = fieldErrorsOf(erase.error);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZEraseContactRequestSchema.safeParse({ contact, reason });
    if (!parsed.success) {
      const fieldErrors: { contact?: string[]; reason?: string[] } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'contact' ? 'contact' : 'reason';
        fieldErrors[field] = [...(fieldErrors[field] ?? []), issue.message];
      }
      setErrors(fieldErrors);
      erase.reset();
      (event.currentTarget.elements.namedItem(fieldErrors.contact ? 'erase-contact' : 'erase-contact-reason') as HTMLElement | null)?.focus();
      return;
    }
    setErrors({});
    if (!isConfirmed) {
      setIsConfirmMissing(true);
      (event.currentTarget.elements.namedItem('erase-contact-confirm') as HTMLElement | null)?.focus();
      return;
    }
    setIsConfirmMissing(false);
    erase.mutate(parsed.data, {
      onSuccess: () => {
        setContact('');
        setReason('');
        setIsConfirmed(false);
      },
    });
  }

  return (
    <section aria-labelledby="erase-contact-heading" className="panel">
      <h2 id="erase-contact-heading">{t('admin.members.eraseContactHeading')}</h2>
      <p>{t('admin.members.eraseContactHelp')}</p>
      <form className="form" noValidate onSubmit={onSubmit}>
        <TextField
          name="erase-contact"
          label={t('admin.members.eraseContactLabel')}
          required
          autoComplete="off"
          value={contact}
          onChange={(event) => setContact(event.target.value)}
          errors={[...(errors.contact ?? []), ...(serverErrors.contact ?? [])].map(translateServer)}
        />
        <TextField
          name="erase-contact-reason"
          multiline
          label={t('admin.members.reasonLabel')}
          required
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          errors={[...(errors.reason ?? []), ...(serverErrors.reason ?? [])].map(translateServer)}
        />
        <div className="field">
          <div className="field-check">
            <input
              id="erase-contact-confirm"
              type="checkbox"
              name="erase-contact-confirm"
              checked={isConfirmed}
              aria-invalid={isConfirmMissing || undefined}
              aria-describedby={isConfirmMissing ? 'erase-contact-confirm-error' : undefined}
              onChange={(event) => setIsConfirmed(event.target.checked)}
            />
            <label htmlFor="erase-contact-confirm">{t('admin.members.eraseConfirm')}</label>
          </div>
          {isConfirmMissing && (
            <p className="field-error" id="erase-contact-confirm-error">
              {t('admin.members.eraseConfirmFirst')}
            </p>
          )}
        </div>
        <FormError message={failure?.message} hint={failure?.hint} />
        {erase.data && <ErasureOutcome outcome={erase.data} />}
        <SubmitButton isBusy={erase.isPending} label={t('admin.members.eraseContactSubmit')} busyLabel={t('common.submitting')} />
      </form>
    </section>
  );
}

/** What an erasure did: how many records went, and each record the law keeps, why and until when. */
export function ErasureOutcome({ outcome }: { outcome: Pick<TEraseContactResponse, 'isErasedNow' | 'erased' | 'kept'> }) {
  const t = useT();
  const { lang } = useLang();
  if (!outcome.isErasedNow) return <p role="status">{t('admin.members.eraseNothingLeft')}</p>;
  const counts = Object.values(outcome.erased).reduce((sum, count) => sum + count, 0);
  return (
    <div role="status">
      <p>{t('admin.members.erasedRecords', { count: formatNumber(counts) })}</p>
      {outcome.kept.length > 0 && (
        <>
          <p>{t('admin.members.erasureKeptIntro')}</p>
          <ul>
            {outcome.kept.map((record) => (
              <li key={record.reference}>{t('admin.members.erasureKept', { reference: record.reference, until: formatDate(record.keptUntil, lang) })}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
