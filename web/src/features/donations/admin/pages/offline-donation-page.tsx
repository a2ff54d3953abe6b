import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import type { TRecordOfflineDonationRequest } from '@sahay/server/modules/donations/verification/record-offline-donation.schema';
import { ZRecordOfflineDonationFormSchema } from '@sahay/server/modules/donations/verification/record-offline-donation.schema';
import { fieldErrorsOf, type FieldErrors } from '#web/api/errors.ts';
import { parseRupees } from '#web/features/donations/amount.public.ts';
import { donorInputOf } from '#web/features/donations/donor-input.ts';
import { CauseSelect } from '#web/features/donations/components/cause-select.tsx';
import { CitizenshipFields, type CitizenshipChoice } from '#web/features/donations/components/citizenship-fields.tsx';
import { focusField } from '#web/features/donations/focus-field.ts';
import { useSiteSettings } from '#web/features/site/hooks/use-site-settings.public.ts';
import { PanNameField } from '#web/features/donations/components/pan-name-field.tsx';
import { latinNameSuggestion } from '@sahay/server/shared/latin-name';
import { defaultDonationTypeOf } from '@sahay/server/modules/donations/donation-fields.schema';
import { DonationTypeSelect, type DonationType } from '../components/donation-type-select.tsx';
import { displayReference, normaliseReference } from '#web/features/donations/reference.public.ts';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { formatMoney } from '#web/ui/format.ts';
import { FormError, Notice, SubmitButton } from '#web/ui/form/form-status.tsx';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { TextField } from '#web/ui/form/text-field.tsx';
import { issuesToFieldErrors, useErrorText } from '#web/ui/use-error-text.ts';
import { AdminGate } from '#web/features/admin/components/admin-gate.public.tsx';
import { AdminPageHeading } from '#web/features/admin/components/admin-page-heading.public.tsx';
import { useRecordOfflineDonation } from '../hooks/use-admin-donations.ts';
import { MODE_LABELS, todayInIndia } from './donation-detail-page.tsx';

const OFFLINE_MODES = ['cash', 'cheque', 'dd'] as const;
/** s.80G(5D) (and its successor): cash above ₹2,000 cannot be claimed, and the receipt says so. */
const CASH_CLAIM_LIMIT_PAISE = 2_000_00;
const FIELD_ORDER = ['amount', 'mode', 'instrumentNumber', 'instrumentBank', 'instrumentDate', 'receivedOn', 'cause', 'donationType', 'citizenship', 'country', 'donorName', 'email', 'phone', 'pan', 'panName', 'address', 'referralId'] as const;

const EMPTY: {
  amount: string;
  mode: string;
  instrumentNumber: string;
  /** A cheque's or DD's bank and the date on it (issue 31). */
  instrumentBank: string;
  instrumentDate: string;
  receivedOn: string;
  cause: string;
  /** Null until chosen: the cause's default (decision 057). */
  donationType: DonationType | null;
  donorName: string;
  email: string;
  phone: string;
  pan: string;
  /** Null until typed: the suggestion from the name. */
  panName: string | null;
  address: string;
  referralId: string;
  showName: boolean;
  /** '' until answered (the form requires it; decision 058). */
  citizenship: CitizenshipChoice;
  country: string;
} = {
  amount: '',
  mode: 'cash',
  instrumentNumber: '',
  instrumentBank: '',
  instrumentDate: '',
  receivedOn: '',
  cause: 'general',
  donationType: null,
  donorName: '',
  email: '',
  phone: '',
  pan: '',
  panName: null,
  address: '',
  referralId: '',
  showName: false,
  citizenship: '',
  country: '',
};
type Values = typeof EMPTY;

/** /admin/donations/offline — a cash, cheque or DD gift received at the office; verified (and its receipt issued) on entry. */
export default function OfflineDonationPage() {
  usePageMeta('adminDonations.offlineMetaTitle', 'admin.metaDescription', { isNoIndex: true });
  return <AdminGate permission="finance">{() => <OfflineDonationForm />}</AdminGate>;
}

function OfflineDonationForm() {
  const t = useT();
  const { translateServer } = useLang();
  const errorText = useErrorText();
  const record = useRecordOfflineDonation();
  const settings = useSiteSettings();
  const [values, setValues] = useState<Values>(() => ({ ...EMPTY, receivedOn: todayInIndia() }));
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const amount = parseRupees(values.amount);
  const needsNumber = values.mode === 'cheque' || values.mode === 'dd';
  const isCashAboveLimit = values.mode === 'cash' && (amount.kind === 'ok' || amount.kind === 'aboveLimit') && amount.paise > CASH_CLAIM_LIMIT_PAISE;

  const serverErrors = fieldErrorsOf(record.error);
  const fieldErrors: FieldErrors = { ...clientErrors, ...serverErrors, amount: clientErrors.amount ?? serverErrors.amountPaise };
  const errorsFor = (field: string) => fieldErrors[field]?.map(translateServer);
  const hasFieldErrors = FIELD_ORDER.some((field) => fieldErrors[field]?.length);
  const failure = record.error && !hasFieldErrors ? errorText(record.error, 'adminDonations.offlineFailed') : undefined;
  const donationType = values.donationType ?? defaultDonationTypeOf({ cause: values.cause });
  const set = (field: Exclude<keyof Values, 'showName' | 'panName' | 'donationType' | 'citizenship'>) => (event: { target: { value: string } }) => setValues({ ...values, [field]: event.target.value });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const input: TRecordOfflineDonationRequest = {
      // Offline gifts have no online limit; the schema's own ceiling applies.
      ...donorInputOf(amount, values, latinNameSuggestion),
      mode: values.mode as (typeof OFFLINE_MODES)[number],
      instrumentNumber: needsNumber ? values.instrumentNumber : '',
      // A cheque's or DD's bank and date go on the receipt beside its number (issue 31); the form asks for both.
      ...(needsNumber ? { instrumentBank: values.instrumentBank, instrumentDate: values.instrumentDate } : {}),
      receivedOn: values.receivedOn,
      donationType,
    };
    const parsed = ZRecordOfflineDonationFormSchema.safeParse(input);
    const found: FieldErrors = parsed.success ? {} : issuesToFieldErrors(parsed.error.issues);
    delete found.amountPaise;
    if (amount.kind === 'empty') found.amount = [t('donate.amountRequired')];
    else if (amount.kind === 'invalid') found.amount = [t('donate.amountInvalid')];
    else if (amount.kind === 'tooSmall') found.amount = [t('donate.amountTooSmall')];
    else if (!parsed.success) {
      const amountIssue = parsed.error.issues.find((issue) => issue.path[0] === 'amountPaise');
      if (amountIssue) found.amount = [amountIssue.message];
    }
    // Optional for REST clients; the office's form requires the answer (decision 058).
    if (values.citizenship === '') found.citizenship = [t('donate.citizenshipRequired')];
    else if (values.citizenship === 'foreign' && !settings.fcraRegistrationNumber) found.citizenship = [t('fcra.foreignRefused.heading')];
    else if (values.citizenship === 'foreign' && !values.country) found.country = [t('fcra.countryRequired')];
    if (Object.keys(found).length > 0) {
      setClientErrors(found);
      record.reset();
      const first = FIELD_ORDER.find((field) => found[field]);
      if (first) focusField(form, first);
      return;
    }
    setClientErrors({});
    record.mutate(input, { onSuccess: () => setValues({ ...EMPTY, receivedOn: values.receivedOn }) });
  }

  return (
    <div className="container admin-page page-narrow">
      <AdminPageHeading title={t('adminDonations.offlineHeading')} />
      <p className="back-link">
        <Link href="/donations">{t('adminDonations.backToQueue')}</Link>
      </p>
      <p>{t('adminDonations.offlineIntro')}</p>
      {record.isSuccess && (
        <div role="status" data-testid="offline-recorded">
          <Notice tone="success">
            <p>{t('adminDonations.offlineRecorded', { reference: displayReference(record.data.reference), serial: record.data.receiptSerial })}</p>
            <p>
              <Link href={`/donations/${normaliseReference(record.data.reference) ?? record.data.reference}`}>{t('adminDonations.openDonation')}</Link>
            </p>
          </Notice>
        </div>
      )}
      <form className="form" noValidate onSubmit={onSubmit} data-testid="offline-form">
        <TextField name="amount" label={t('donate.amount')} inputMode="decimal" autoComplete="off" required value={values.amount} onChange={set('amount')} errors={errorsFor('amount')} />
        <div className="field">
          <label htmlFor="offline-mode">{t('adminDonations.mode')}</label>
          <select id="offline-mode" name="mode" value={values.mode} onChange={set('mode')}>
            {OFFLINE_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {t(MODE_LABELS[mode]!)}
              </option>
            ))}
          </select>
          {errorsFor('mode') && <p className="field-error">{errorsFor('mode')?.join(' ')}</p>}
        </div>
        {isCashAboveLimit && (
          <div role="status">
            <Notice tone="warning">
              <p>{t('adminDonations.cashNote', { limit: formatMoney(CASH_CLAIM_LIMIT_PAISE) })}</p>
            </Notice>
          </div>
        )}
        {needsNumber && (
          <TextField
            name="instrumentNumber"
            label={t('adminDonations.instrumentNumber')}
            autoComplete="off"
            required
            value={values.instrumentNumber}
            onChange={set('instrumentNumber')}
            errors={errorsFor('instrumentNumber')}
          />
        )}
        {needsNumber && (
          <TextField
            name="instrumentBank"
            label={t('adminDonations.instrumentBank')}
            autoComplete="off"
            required
            maxLength={100}
            value={values.instrumentBank}
            onChange={set('instrumentBank')}
            errors={errorsFor('instrumentBank')}
          />
        )}
        {needsNumber && (
          <TextField
            name="instrumentDate"
            type="date"
            label={t('adminDonations.instrumentDate')}
            hint={t('adminDonations.instrumentDateHint')}
            required
            value={values.instrumentDate}
            onChange={set('instrumentDate')}
            errors={errorsFor('instrumentDate')}
          />
        )}
        <TextField name="receivedOn" type="date" label={t('adminDonations.receivedOn')} required value={values.receivedOn} onChange={set('receivedOn')} errors={errorsFor('receivedOn')} />
        <CauseSelect value={values.cause} onChange={set('cause')} errors={errorsFor('cause')} />
        <DonationTypeSelect value={donationType} onChange={(chosen) => setValues({ ...values, donationType: chosen })} errors={errorsFor('donationType')} />
        <CitizenshipFields
          citizenship={values.citizenship}
          country={values.country}
          onChange={(field, value) => setValues({ ...values, [field]: value })}
          errors={{ citizenship: errorsFor('citizenship'), country: errorsFor('country') }}
          fcraRegistrationNumber={settings.fcraRegistrationNumber}
          contact={{ phone: settings.phone, email: settings.email }}
          legend={t('adminDonations.citizenshipLegend')}
        />
        <TextField name="donorName" label={t('adminDonations.donorName')} autoComplete="off" required value={values.donorName} onChange={set('donorName')} errors={errorsFor('donorName')} />
        <p className="field-hint">{t('adminDonations.offlineContactHint')}</p>
        <TextField name="email" type="email" label={t('donate.email')} autoComplete="off" spellCheck={false} value={values.email} onChange={set('email')} errors={errorsFor('email')} />
        <TextField name="phone" type="tel" label={t('donate.phone')} autoComplete="off" value={values.phone} onChange={set('phone')} errors={errorsFor('phone')} />
        <TextField name="pan" label={t('donate.pan')} autoComplete="off" autoCapitalize="characters" maxLength={10} value={values.pan} onChange={set('pan')} errors={errorsFor('pan')} />
        <PanNameField
          pan={values.pan}
          donorName={values.donorName}
          value={values.panName}
          onChange={(panName) => setValues({ ...values, panName })}
          label={t('finance.gift.panName')}
          hint={t('finance.gift.panNameHint')}
          errors={errorsFor('panName')}
        />
        <TextField name="address" label={t('donate.address')} autoComplete="off" multiline rows={3} value={values.address} onChange={set('address')} errors={errorsFor('address')} />
        <div className="field-check">
          <input id="offline-show-name" type="checkbox" checked={values.showName} onChange={(event) => setValues({ ...values, showName: event.target.checked })} />
          <label htmlFor="offline-show-name">{t('adminDonations.offlineShowName')}</label>
        </div>
        <TextField name="referralId" label={t('donate.referral')} autoComplete="off" autoCapitalize="characters" value={values.referralId} onChange={set('referralId')} errors={errorsFor('referralId')} />
        <FormError message={failure?.message} hint={failure?.hint} />
        <SubmitButton isBusy={record.isPending} label={t('adminDonations.offlineSubmit')} busyLabel={t('common.submitting')} />
      </form>
    </div>
  );
}
