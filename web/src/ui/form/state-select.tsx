import { INDIAN_STATES, type IndianState } from '@sahay/server/modules/kanyadan/kanyadan-rules.schema';
import { SelectField } from '#web/ui/form/select-field.tsx';
import { useT } from '#web/i18n/i18n.tsx';

/** The list puts the 28 states first, then the 8 union territories. */
const STATE_COUNT = 28;

/**
 * India's states and union territories as a list (names in the page's language, from the 'places'
 * texts, which the page must load), valued by their keys ("madhya-pradesh"): a place typed by hand
 * cannot be grouped, counted or checked.
 */
export function StateSelect({
  name = 'state',
  label,
  hint,
  value,
  onChange,
  errors,
  required,
}: {
  name?: string;
  label: string;
  hint?: string;
  /** A key of the list, or '' (anything else shows as not chosen). */
  value: string;
  onChange: (state: IndianState | '') => void;
  errors?: readonly string[];
  required?: boolean;
}) {
  const t = useT();
  const options = (states: readonly IndianState[]) =>
    states.map((state) => (
      <option key={state} value={state}>
        {t(`places.states.${state}`)}
      </option>
    ));
  return (
    <SelectField
      name={name}
      label={label}
      hint={hint}
      required={required}
      autoComplete="address-level1"
      value={value}
      onChange={(event) => onChange(event.target.value as IndianState | '')}
      errors={errors}
    >
      <option value="">{t('places.choose')}</option>
      <optgroup label={t('places.statesGroup')}>{options(INDIAN_STATES.slice(0, STATE_COUNT))}</optgroup>
      <optgroup label={t('places.territoriesGroup')}>{options(INDIAN_STATES.slice(STATE_COUNT))}</optgroup>
    </SelectField>
  );
}
