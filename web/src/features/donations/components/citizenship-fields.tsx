import { lazy, Suspense, useId } from 'react';
import { Link } from 'wouter';
import { useT } from '#web/i18n/i18n.tsx';
import { Notice } from '#web/ui/form/form-status.tsx';
import { useFcraTexts } from '../hooks/use-fcra-texts.ts';

const CountrySelect = lazy(() => import('./country-select.tsx'));

export type CitizenshipChoice = '' | 'indian' | 'foreign';

/**
 * "Are you an Indian citizen?" (PRODUCT.md §6 "Who gives"; decision 056), asked on /donate and on
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
  isOffice = false,
}: {
  citizenship: CitizenshipChoice;
  country: string;
  onChange: (field: 'citizenship' | 'country', value: string) => void;
  errors: { citizenship?: string[]; country?: string[] };
  fcraRegistrationNumber: string;
  contact: { phone: string; email: string };
  /** The office's form speaks of "the donor", the donate page to the donor. */
  isOffice?: boolean;
}) {
  const t = useT();
  const id = useId();
  const hasErrors = Boolean(errors.citizenship?.length);
  const isForeign = citizenship === 'foreign';
  return (
    <>
      <fieldset className="field-group" aria-describedby={`${id}-hint${hasErrors ? ` ${id}-error` : ''}`} aria-invalid={hasErrors || undefined} data-testid="citizenship">
        <legend>{t(isOffice ? 'donate.citizenshipLegendOffice' : 'donate.citizenshipLegend')}</legend>
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
      {isForeign && <ForeignCitizen country={country} onChange={onChange} countryErrors={errors.country} fcraRegistrationNumber={fcraRegistrationNumber} contact={contact} />}
    </>
  );
}

/** What a foreign citizen is told and asked; its texts are loaded when it first shows. */
function ForeignCitizen({
  country,
  onChange,
  countryErrors,
  fcraRegistrationNumber,
  contact,
}: {
  country: string;
  onChange: (field: 'country', value: string) => void;
  countryErrors?: string[];
  fcraRegistrationNumber: string;
  contact: { phone: string; email: string };
}) {
  const t = useT();
  if (!useFcraTexts()) return <p role="status">{t('common.loading')}</p>;
  return (
    <>
      {!fcraRegistrationNumber && (
        <div role="alert" data-testid="foreign-refused">
          <Notice tone="warning">
            <p>
              <strong>{t('fcra.foreignRefused.heading')}</strong>
            </p>
            <p>{t('fcra.foreignRefused.why')}</p>
            <p>{t('fcra.foreignRefused.indianAbroad')}</p>
            <p>{t('fcra.foreignRefused.instead')}</p>
            <ul>
              {contact.email && (
                <li>
                  <a href={`mailto:${contact.email}`}>{contact.email}</a>
                </li>
              )}
              {contact.phone && (
                <li>
                  <a href={`tel:${contact.phone.replace(/[\s-]/g, '')}`}>{contact.phone}</a>
                </li>
              )}
              <li>
                <Link href="/contact">{t('donate.openSoon.contactPage')}</Link>
              </li>
            </ul>
          </Notice>
        </div>
      )}
      {fcraRegistrationNumber && (
        <>
          <Suspense fallback={<p role="status">{t('common.loading')}</p>}>
            <CountrySelect value={country} onChange={(event) => onChange('country', event.target.value)} errors={countryErrors} />
          </Suspense>
          <div data-testid="foreign-notice">
            <Notice>
              <p>{t('fcra.foreignNotice', { number: fcraRegistrationNumber })}</p>
            </Notice>
          </div>
        </>
      )}
    </>
  );
}
