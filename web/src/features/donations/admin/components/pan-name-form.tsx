import { useState, type FormEvent } from 'react';
import { latinNameSuggestion } from '@sahay/server/shared/latin-name';
import type { TDonationDetail } from '@sahay/server/modules/donations/verification/get-donation.schema';
import { ZRecordPanNameRequestSchema } from '@sahay/server/modules/donations/verification/record-pan-name.schema';
import { fieldErrorsOf, type FieldErrors } from '#web/api/errors.ts';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { FormError, Notice, SubmitButton } from '#web/ui/form/form-status.tsx';
import { TextField } from '#web/ui/form/text-field.tsx';
import { issuesToFieldErrors, useErrorText } from '#web/ui/use-error-text.ts';
import { useDonationActions } from '../hooks/use-admin-donations.ts';

/**
 * The donor's name as on their PAN (or the ID recorded), in Latin letters, for Form 10BD (issue 31):
 * set or corrected by finance. Filled in with the name recorded, else a suggestion from the donor's name.
 */
export function PanNameForm({ donation }: { donation: TDonationDetail }) {
  const t = useT();
  const { translateServer } = useLang();
  const errorText = useErrorText();
  const { recordPanName } = useDonationActions();
  const [typed, setTyped] = useState<string | null>(null);
  const value = typed ?? donation.panName ?? latinNameSuggestion(donation.donorName ?? '');
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const serverErrors = fieldErrorsOf(recordPanName.error);
  const errors: FieldErrors = { ...clientErrors, ...serverErrors };
  const failure = recordPanName.error && !serverErrors.panName ? errorText(recordPanName.error, 'finance.panName.failed') : undefined;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = { reference: donation.reference, panName: value };
    const parsed = ZRecordPanNameRequestSchema.safeParse(input);
    if (!parsed.success) {
      setClientErrors(issuesToFieldErrors(parsed.error.issues));
      recordPanName.reset();
      (event.currentTarget.elements.namedItem('panName') as HTMLElement | null)?.focus();
      return;
    }
    setClientErrors({});
    recordPanName.mutate(input, { onSuccess: () => setTyped(null) });
  }

  return (
    <section aria-labelledby="pan-name-heading" className="panel" data-testid="pan-name-form">
      <h2 id="pan-name-heading">{t('finance.panName.heading')}</h2>
      <p>{t('finance.panName.help')}</p>
      <form className="form" noValidate onSubmit={onSubmit}>
        <TextField
          name="panName"
          label={t('finance.panName.label')}
          autoComplete="off"
          spellCheck={false}
          lang="en"
          maxLength={100}
          value={value}
          onChange={(event) => setTyped(event.target.value)}
          errors={errors.panName?.map(translateServer)}
        />
        <FormError message={failure?.message} hint={failure?.hint} />
        <div role="status">{recordPanName.isSuccess && <Notice tone="success">{t('finance.panName.saved')}</Notice>}</div>
        <SubmitButton isBusy={recordPanName.isPending} label={t('finance.panName.save')} busyLabel={t('common.submitting')} />
      </form>
    </section>
  );
}
