import { useId } from 'react';
import { DONATION_TYPES } from '@sahay/server/modules/donations/donation-fields.schema';
import { useT, type MessageKey } from '#web/i18n/i18n.tsx';

export type DonationType = (typeof DONATION_TYPES)[number];

export const DONATION_TYPE_LABELS: Record<DonationType, MessageKey> = {
  corpus: 'finance.gift.donationTypes.corpus',
  'specific-grant': 'finance.gift.donationTypes.specificGrant',
  others: 'finance.gift.donationTypes.others',
};

/** Form 10BD's nature of a gift, chosen by finance when verifying or recording it (decision 057); `value` starts at the cause's default. */
export function DonationTypeSelect({ value, onChange, errors }: { value: DonationType; onChange: (value: DonationType) => void; errors?: readonly string[] }) {
  const t = useT();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t('finance.gift.donationType')}</label>
      <p id={`${id}-hint`} className="field-hint">
        {t('finance.gift.donationTypeHint')}
      </p>
      <select
        id={id}
        name="donationType"
        value={value}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(DONATION_TYPES.find((type) => type === event.target.value) ?? 'others')}
      >
        {DONATION_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(DONATION_TYPE_LABELS[type])}
          </option>
        ))}
      </select>
      {errors && errors.length > 0 && <p className="field-error">{errors.join(' ')}</p>}
    </div>
  );
}
