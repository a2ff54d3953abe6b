import { lazy, Suspense, useId } from 'react';
import { useT } from '#web/i18n/i18n.tsx';

const ForeignCitizen = lazy(() => import('./foreign-citizen.tsx'));

export type CitizenshipChoice = '' | 'indian' | 'foreign';

/**
 * "Are you an Indian citizen?" (PRODUCT.md §6 "Who gives"; decision 058), asked on /donate and on
 * the office's form. A foreign citizen is told at once, while the foundation holds no FCRA
 * registration, that the gift cannot be taken and what they can do instead; with a registration,
 * they give their country and are told their name is published in the quarterly disclosure.
 */
export function CitizenshipFields({
  citizenship,
  country,
  onChange,
  errors,
  fcraRegistrationNumber,
  contact,
  legend,
}: {
  citizenship: CitizenshipChoice;
  country: string;
  onChange: (field: 'citizenship' | 'country', value: string) => void;
  errors: { citizenship?: string[]; country?: string[] };
  fcraRegistrationNumber: string;
  contact: { phone: string; email: string };
  /** The office's form asks about "the donor" (its own text, in the console's namespace); the donate page asks the donor. */
  legend?: string;
}) {
  const t = useT();
  const id = useId();
  const hasErrors = Boolean(errors.citizenship?.length);
  const isForeign = citizenship === 'foreign';
  return (
    <>
      <fieldset className="field-group" aria-describedby={`${id}-hint${hasErrors ? ` ${id}-error` : ''}`} aria-invalid={hasErrors || undefined} data-testid="citizenship">
        <legend>{legend ?? t('donate.citizenshipLegend')}</legend>
        <p className="field-hint" id={`${id}-hint`}>
          {t('donate.citizenshipHint')}
        </p>
        {(['indian', 'foreign'] as const).map((choice) => (
          <div className="field-check" key={choice}>
            <input id={`${id}-${choice}`} type="radio" name="citizenship" value={choice} checked={citizenship === choice} onChange={() => onChange('citizenship', choice)} required />
            <label htmlFor={`${id}-${choice}`}>{t(choice === 'indian' ? 'donate.citizenshipIndian' : 'donate.citizenshipForeign')}</label>
          </div>
        ))}
        {hasErrors && (
          <p className="field-error" id={`${id}-error`}>
            {errors.citizenship?.join(' ')}
          </p>
        )}
      </fieldset>
      {isForeign && (
        <Suspense fallback={<p role="status">{t('common.loading')}</p>}>
          <ForeignCitizen country={country} onChange={onChange} countryErrors={errors.country} fcraRegistrationNumber={fcraRegistrationNumber} contact={contact} />
        </Suspense>
      )}
    </>
  );
}
