import { useId, useState, type FormEvent } from 'react';
import type { TDonationDetail } from '@sahay/server/modules/donations/verification/get-donation.schema';
import { ZRecordDonorIdRequestSchema } from '@sahay/server/modules/donations/verification/record-donor-id.schema';
import { fieldErrorsOf, type FieldErrors } from '#web/api/errors.ts';
import { useLang, useT, type MessageKey } from '#web/i18n/i18n.tsx';
import { FormError, Notice, SubmitButton } from '#web/ui/form/form-status.tsx';
import { TextField } from '#web/ui/form/text-field.tsx';
import { issuesToFieldErrors, useErrorText } from '#web/ui/use-error-text.ts';
import { useDonationActions } from '../hooks/use-admin-donations.ts';

type Kind = NonNullable<TDonationDetail['donorId']>['kind'];

export const DONOR_ID_KIND_LABELS: Record<Kind, MessageKey> = {
  aadhaar: 'finance.donorId.kinds.aadhaar',
  'voter-id': 'finance.donorId.kinds.voterId',
  passport: 'finance.donorId.kinds.passport',
  'driving-licence': 'finance.donorId.kinds.drivingLicence',
  'ration-card': 'finance.donorId.kinds.rationCard',
  tin: 'finance.donorId.kinds.tin',
};

/**
 * A donor's ID other than a PAN, for Form 10BD: a gift without one is in the missing-ID report, and
 * finance records the ID here after asking the donor. The next Form 10BD export lists the gift.
 */
export function DonorIdForm({ donation }: { donation: TDonationDetail }) {
  const t = useT();
  const { translateServer } = useLang();
  const errorText = useErrorText();
  const kindId = useId();
  const { recordDonorId } = useDonationActions();
  const [kind, setKind] = useState<Kind>(donation.donorId?.kind ?? 'aadhaar');
  const [number, setNumber] = useState('');
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const serverErrors = fieldErrorsOf(recordDonorId.error);
  const errors: FieldErrors = { ...clientErrors, ...serverErrors };
  const failure = recordDonorId.error && !serverErrors.number && !serverErrors.kind ? errorText(recordDonorId.error, 'finance.donorId.failed') : undefined;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZRecordDonorIdRequestSchema.safeParse({ reference: donation.reference, kind, number });
    if (!parsed.success) {
      setClientErrors(issuesToFieldErrors(parsed.error.issues));
      recordDonorId.reset();
      (event.currentTarget.elements.namedItem('donor-id-number') as HTMLElement | null)?.focus();
      return;
    }
    setClientErrors({});
    recordDonorId.mutate({ reference: donation.reference, kind, number }, { onSuccess: () => setNumber('') });
  }

  return (
    <section aria-labelledby="donor-id-heading" className="panel" data-testid="donor-id-form">
      <h2 id="donor-id-heading">{t('finance.donorId.heading')}</h2>
      <p>{t('finance.donorId.help')}</p>
      <form className="form" noValidate onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor={kindId}>{t('finance.donorId.kind')}</label>
          <select id={kindId} value={kind} onChange={(event) => setKind(event.target.value as Kind)}>
            {(Object.keys(DONOR_ID_KIND_LABELS) as Kind[]).map((option) => (
              <option key={option} value={option}>
                {t(DONOR_ID_KIND_LABELS[option])}
              </option>
            ))}
          </select>
        </div>
        <TextField
          name="donor-id-number"
          label={t('finance.donorId.number')}
          autoComplete="off"
          spellCheck={false}
          value={number}
          onChange={(event) => setNumber(event.target.value)}
          errors={errors.number?.map(translateServer)}
        />
        <FormError message={failure?.message} hint={failure?.hint} />
        <div role="status">{recordDonorId.isSuccess && <Notice tone="success">{t('finance.donorId.saved')}</Notice>}</div>
        <SubmitButton isBusy={recordDonorId.isPending} label={t('finance.donorId.save')} busyLabel={t('common.submitting')} />
      </form>
    </section>
  );
}
