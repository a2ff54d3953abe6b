import { useState, type FormEvent } from 'react';
import { isMoneySetting, SECTION_10BD_CODES, ZSettingsSchema, type TGetSettingsResponse, type TSettingKey, type TSettings } from '@sahay/server/modules/site/settings/settings.schema';
import { hasAnyPermission, hasPermission, SETTINGS_PAGE_PERMISSIONS } from '@sahay/server/shared/access';
import { asciiDigits } from '@sahay/server/shared/digits';
import { httpStatusOf } from '#web/api/errors.ts';
import { useLang, useT, type MessageKey } from '#web/i18n/i18n.tsx';
import { FormError, Notice, SubmitButton } from '#web/ui/form/form-status.tsx';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { SelectField } from '#web/ui/form/select-field.tsx';
import { TextField } from '#web/ui/form/text-field.tsx';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { AccessDenied } from '#web/features/admin/components/access-denied.public.tsx';
import { AdminGate } from '#web/features/admin/components/admin-gate.public.tsx';
import { AdminPageHeading } from '#web/features/admin/components/admin-page-heading.public.tsx';
import { LoadError } from '#web/ui/load-error.tsx';
import { SigningPanel } from '../components/signing-panel.tsx';
import { useSettingsForEdit } from '../hooks/use-settings-for-edit.ts';
import { useUpdateSettings } from '../hooks/use-update-settings.ts';

/**
 * How each setting is edited. Money is entered in rupees and stored in paise; the disbursement
 * charge is entered in percent and stored in basis points.
 */
type Kind = 'text' | 'textarea' | 'email' | 'tel' | 'url' | 'count' | 'rupees' | 'percent' | 'boolean' | 'date' | 'section';
interface FieldSpec {
  key: TSettingKey;
  kind: Kind;
  isBilingual?: boolean;
}

const GROUPS: ReadonlyArray<{ id: string; legend: MessageKey; fields: FieldSpec[] }> = [
  {
    id: 'foundation',
    legend: 'admin.settings.groups.foundation',
    fields: [
      { key: 'foundationName', kind: 'text', isBilingual: true },
      { key: 'address', kind: 'textarea', isBilingual: true },
      { key: 'phone', kind: 'tel' },
      { key: 'email', kind: 'email' },
      { key: 'mapLink', kind: 'url' },
    ],
  },
  {
    id: 'registration',
    legend: 'admin.settings.groups.registration',
    fields: [
      { key: 'registrationNo', kind: 'text' },
      { key: 'pan', kind: 'text' },
      { key: 'twelveANo', kind: 'text' },
      { key: 'taxExemptionNo', kind: 'text' },
      { key: 'taxSectionLabel', kind: 'text' },
      { key: 'receiptPrefix', kind: 'text' },
      { key: 'taxRecordRetentionYears', kind: 'count' },
    ],
  },
  {
    id: 'approval',
    legend: 'admin.settings.groups.approval',
    fields: [
      { key: 'approvalIssuedOn', kind: 'date' },
      { key: 'approvalValidFrom', kind: 'date' },
      { key: 'approvalValidUntil', kind: 'date' },
      { key: 'section10bdCode', kind: 'section' },
      { key: 'form10bdDueOn', kind: 'text' },
      { key: 'form10beDueOn', kind: 'text' },
      { key: 'signatoryName', kind: 'text' },
      { key: 'signatoryDesignation', kind: 'text' },
    ],
  },
  {
    id: 'fcra',
    legend: 'admin.settings.groups.fcra',
    fields: [
      { key: 'fcraRegistrationNumber', kind: 'text' },
      { key: 'fcraValidUntil', kind: 'date' },
      { key: 'fcraBankAccountName', kind: 'text' },
      { key: 'fcraBankAccountNumber', kind: 'text' },
      { key: 'fcraBankIfsc', kind: 'text' },
      { key: 'fcraBankName', kind: 'text' },
    ],
  },
  {
    id: 'payments',
    legend: 'admin.settings.groups.payments',
    fields: [
      { key: 'upiVpa', kind: 'text' },
      { key: 'upiPayeeName', kind: 'text' },
      { key: 'upiIsMerchant', kind: 'boolean' },
      { key: 'upiMerchantCode', kind: 'text' },
      { key: 'upiPerPaymentCapPaise', kind: 'rupees' },
      { key: 'bankAccountName', kind: 'text' },
      { key: 'bankAccountNumber', kind: 'text' },
      { key: 'bankIfsc', kind: 'text' },
      { key: 'bankName', kind: 'text' },
    ],
  },
  {
    id: 'community',
    legend: 'admin.settings.groups.community',
    fields: [
      { key: 'meetingLink', kind: 'url' },
      { key: 'groupLink', kind: 'url' },
      { key: 'socialFacebook', kind: 'url' },
      { key: 'socialInstagram', kind: 'url' },
      { key: 'socialYoutube', kind: 'url' },
      { key: 'socialX', kind: 'url' },
    ],
  },
  {
    id: 'counters',
    legend: 'admin.settings.groups.counters',
    fields: [
      { key: 'baselineHappyDonors', kind: 'count' },
      { key: 'baselineFundsRaisedPaise', kind: 'rupees' },
      { key: 'baselineOngoingCampaigns', kind: 'count' },
      { key: 'baselinePeopleHelped', kind: 'count' },
      { key: 'baselineKanyadanGirls', kind: 'count' },
      { key: 'baselineKanyadanFundsPaise', kind: 'rupees' },
      { key: 'baselineKanyadanDistricts', kind: 'count' },
    ],
  },
  {
    id: 'members',
    legend: 'admin.settings.groups.members',
    fields: [
      { key: 'isInviteOnly', kind: 'boolean' },
      { key: 'memberIdPrefix', kind: 'text' },
    ],
  },
  {
    id: 'kanyadan',
    legend: 'admin.settings.groups.kanyadan',
    fields: [
      { key: 'kanyadanPrefix', kind: 'text' },
      { key: 'kanyadanFeePaise', kind: 'rupees' },
      { key: 'kanyadanBenefitMinPaise', kind: 'rupees' },
      { key: 'kanyadanBenefitMaxPaise', kind: 'rupees' },
      { key: 'kanyadanBenefitText', kind: 'textarea', isBilingual: true },
    ],
  },
  {
    id: 'disbursements',
    legend: 'admin.settings.groups.disbursements',
    fields: [{ key: 'disbursementChargeBasisPoints', kind: 'percent' }],
  },
];

const ALL_FIELDS = GROUPS.flatMap((group) => group.fields);
type FormValues = Record<string, string | boolean>;

/** Decimal text with at most two places, as whole hundredths (₹12.50 → 1250 paise; 2.5 % → 250 basis points). */
function hundredthsOf(text: string): number | null {
  const trimmed = asciiDigits(text).trim().replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

function hundredthsText(value: number): string {
  return value % 100 === 0 ? String(value / 100) : (value / 100).toFixed(2);
}

export function settingsToForm(settings: TSettings): FormValues {
  const values: FormValues = {};
  for (const { key, kind, isBilingual } of ALL_FIELDS) {
    const value = settings[key];
    if (isBilingual) {
      const text = value as { en: string; hi: string };
      values[`${key}.en`] = text.en;
      values[`${key}.hi`] = text.hi;
    } else if (kind === 'boolean') values[key] = Boolean(value);
    else if (kind === 'rupees' || kind === 'percent') values[key] = hundredthsText(value as number);
    else values[key] = String(value);
  }
  return values;
}

/** The form's text as settings, or the numbers that could not be read ("Enter a number"). */
export function formToSettings(values: FormValues): { candidate: Record<string, unknown>; numberErrors: Record<string, string[]> } {
  const candidate: Record<string, unknown> = {};
  const numberErrors: Record<string, string[]> = {};
  for (const { key, kind, isBilingual } of ALL_FIELDS) {
    if (isBilingual) {
      candidate[key] = { en: values[`${key}.en`], hi: values[`${key}.hi`] };
      continue;
    }
    const value = values[key];
    if (kind === 'boolean') candidate[key] = value === true;
    else if (kind === 'count') {
      const text = asciiDigits(String(value)).trim().replace(/,/g, '');
      if (/^\d+$/.test(text)) candidate[key] = Number(text);
      else numberErrors[key] = ['Enter a whole number'];
    } else if (kind === 'rupees' || kind === 'percent') {
      const hundredths = hundredthsOf(String(value));
      if (hundredths === null) numberErrors[key] = ['Enter a number'];
      else candidate[key] = hundredths;
    } else candidate[key] = value;
  }
  return { candidate, numberErrors };
}

/** Only what differs from the loaded settings is sent: another admin's change to other fields stays. */
export function changedSettings(loaded: TSettings, next: TSettings): Partial<TSettings> {
  return Object.fromEntries(Object.entries(next).filter(([key, value]) => JSON.stringify(loaded[key as TSettingKey]) !== JSON.stringify(value))) as Partial<TSettings>;
}

export default function SettingsEditorPage() {
  const t = useT();
  usePageMeta('admin.settings.metaTitle', 'admin.metaDescription', { isNoIndex: true });
  return (
    <AdminGate permission={null}>
      {(me) =>
        hasAnyPermission(me, SETTINGS_PAGE_PERMISSIONS) ? (
          <div className="container admin-page">
            <AdminPageHeading title={t('admin.settings.heading')} />
            <SettingsEditor canChangeMoney={hasPermission(me, 'finance')} canChangeOther={hasPermission(me, 'settings')} />
            <SigningPanel canManageCertificate={hasPermission(me, 'finance')} />
          </div>
        ) : (
          <AccessDenied isAdmin />
        )
      }
    </AdminGate>
  );
}

/**
 * canChangeMoney: where money goes is finance's (issue 29); canChangeOther: the rest is the settings
 * staff's. Each sees the other's settings greyed, with the reason.
 */
function SettingsEditor({ canChangeMoney, canChangeOther }: { canChangeMoney: boolean; canChangeOther: boolean }) {
  const t = useT();
  const errorText = useErrorText();
  const settings = useSettingsForEdit();
  const update = useUpdateSettings();

  if (settings.isPending) return <p role="status">{t('common.loading')}</p>;
  if (settings.isError) return <LoadError error={errorText(settings.error, 'admin.settings.loadFailed')} onRetry={() => void settings.refetch()} retryLabel={t('common.retry')} />;

  const reload = () => {
    update.reset();
    void settings.refetch();
  };
  const justSaved = update.isSuccess && update.data.version === settings.data.version;
  // A new version (saved here, or reloaded after a conflict) starts the form afresh from it.
  return (
    <SettingsForm key={settings.data.version} loaded={settings.data} update={update} justSaved={justSaved} onReload={reload} canChangeMoney={canChangeMoney} canChangeOther={canChangeOther} />
  );
}

interface FormProps {
  loaded: TGetSettingsResponse;
  update: ReturnType<typeof useUpdateSettings>;
  justSaved: boolean;
  onReload: () => void;
  canChangeMoney: boolean;
  canChangeOther: boolean;
}

function SettingsForm({ loaded, update, justSaved, onReload, canChangeMoney, canChangeOther }: FormProps) {
  const t = useT();
  const { translateServer } = useLang();
  const errorText = useErrorText();
  const [values, setValues] = useState<FormValues>(() => settingsToForm(loaded.settings));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [isUnchanged, setIsUnchanged] = useState(false);

  const isConflict = httpStatusOf(update.error) === 409;
  const formError = update.error ? errorText(update.error, 'admin.settings.saveFailed') : undefined;
  const serverFieldErrors = Object.values((update.error as { data?: { fieldErrors?: Record<string, string[]> | null } } | null)?.data?.fieldErrors ?? {}).flat();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setIsUnchanged(false);
    const { candidate, numberErrors } = formToSettings(values);
    const parsed = ZSettingsSchema.safeParse(candidate);
    const found: Record<string, string[]> = { ...numberErrors };
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path.join('.');
        // A number the form could not read already says so.
        if (!numberErrors[key]) (found[key] ??= []).push(issue.message);
      }
    }
    setFieldErrors(found);
    const firstInvalid = Object.keys(found)[0];
    if (firstInvalid || !parsed.success) {
      update.reset();
      if (firstInvalid) (form.elements.namedItem(firstInvalid) as HTMLElement | null)?.focus();
      return;
    }
    const data = changedSettings(loaded.settings, parsed.data);
    if (Object.keys(data).length === 0) {
      setIsUnchanged(true);
      return;
    }
    update.mutate({ expectedVersion: loaded.version, data });
  }

  const setValue = (name: string, value: string | boolean) => setValues({ ...values, [name]: value });
  const errorsFor = (name: string) => fieldErrors[name]?.map(translateServer);

  function renderField({ key, kind, isBilingual }: FieldSpec) {
    const label = t(`admin.settings.fields.${key}` as MessageKey);
    const isMoney = isMoneySetting(key);
    const isLocked = isMoney ? !canChangeMoney : !canChangeOther;
    const lockReason = isLocked ? t(isMoney ? 'admin.settings.moneyFinanceOnly' : 'admin.settings.otherSettingsStaffOnly') : undefined;
    if (kind === 'boolean') {
      return (
        <div className="field field-check" key={key}>
          <input
            id={`setting-${key}`}
            name={key}
            type="checkbox"
            checked={values[key] === true}
            disabled={isLocked || undefined}
            aria-describedby={isLocked ? `setting-${key}-locked` : undefined}
            onChange={(event) => setValue(key, event.target.checked)}
          />
          <label htmlFor={`setting-${key}`}>{label}</label>
          {lockReason && (
            <p className="field-hint" id={`setting-${key}-locked`}>
              {lockReason}
            </p>
          )}
        </div>
      );
    }
    if (kind === 'section') {
      return (
        <SelectField
          key={key}
          name={key}
          label={label}
          hint={lockReason}
          disabled={isLocked || undefined}
          value={String(values[key] ?? '')}
          errors={errorsFor(key)}
          onChange={(event) => setValue(key, event.target.value)}
        >
          {SECTION_10BD_CODES.map((code) => (
            <option key={code} value={code}>
              {t('admin.settings.sectionOption', { code })}
            </option>
          ))}
        </SelectField>
      );
    }
    const names = isBilingual ? [`${key}.en`, `${key}.hi`] : [key];
    return names.map((name) => {
      const fieldLabel = !isBilingual ? label : t(name.endsWith('.hi') ? 'admin.settings.inHindi' : 'admin.settings.inEnglish', { label });
      const kindHint =
        kind === 'rupees'
          ? t('admin.settings.rupeesHint')
          : kind === 'percent'
            ? t('admin.settings.percentHint')
            : key === 'form10bdDueOn' || key === 'form10beDueOn'
              ? t('admin.settings.monthDayHint')
              : key === 'upiMerchantCode'
                ? t('admin.settings.merchantCodeHint')
                : undefined;
      const hint = [lockReason, kindHint].filter(Boolean).join(' ') || undefined;
      const type = kind === 'email' ? 'email' : kind === 'tel' ? 'tel' : kind === 'url' ? 'url' : kind === 'date' ? 'date' : 'text';
      const inputMode = kind === 'count' ? 'numeric' : kind === 'rupees' || kind === 'percent' ? 'decimal' : undefined;
      const shared = {
        name,
        label: fieldLabel,
        hint,
        lang: name.endsWith('.hi') ? 'hi' : undefined,
        value: String(values[name] ?? ''),
        errors: errorsFor(name),
        disabled: isLocked || undefined,
      };
      if (kind === 'textarea') {
        return <TextField key={name} {...shared} multiline rows={3} onChange={(event) => setValue(name, event.target.value)} />;
      }
      return (
        <TextField
          key={name}
          {...shared}
          type={type}
          inputMode={inputMode}
          spellCheck={kind === 'text' ? undefined : false}
          onChange={(event) => setValue(name, event.target.value)}
        />
      );
    });
  }

  return (
    <form className="form settings-form" noValidate onSubmit={onSubmit}>
      {justSaved && (
        <div role="status">
          <Notice tone="success">
            <p>{t('admin.settings.saved')}</p>
          </Notice>
        </div>
      )}
      {GROUPS.map((group) => (
        <fieldset key={group.id} id={`settings-${group.id}`} className="field-group">
          <legend>{t(group.legend)}</legend>
          <div className="field-group-grid">{group.fields.map(renderField)}</div>
        </fieldset>
      ))}
      {isUnchanged && (
        <div role="status">
          <Notice>
            <p>{t('admin.settings.unchanged')}</p>
          </Notice>
        </div>
      )}
      <FormError message={formError?.message} hint={formError?.hint ?? (serverFieldErrors.length > 0 ? serverFieldErrors.map(translateServer).join(' ') : undefined)} />
      <p className="actions">
        {isConflict && (
          <button type="button" className="btn btn-secondary" onClick={onReload}>
            {t('admin.reload')}
          </button>
        )}
        <SubmitButton isBusy={update.isPending} label={t('admin.settings.save')} busyLabel={t('common.submitting')} />
      </p>
    </form>
  );
}
