import { Link } from 'wouter';
import { useT } from '#web/i18n/i18n.tsx';
import { Notice } from '#web/ui/form/form-status.tsx';
import { useFcraTexts } from '../hooks/use-fcra-texts.ts';
import CountrySelect from './country-select.tsx';

/**
 * What a foreign citizen is told and asked (decision 058): without the foundation's FCRA
 * registration, that the gift cannot be taken, why, and what they can do instead; with one, their
 * country and the notice that their name is published. Its own chunk, with its texts loaded when it
 * first shows: most donors never see it.
 */
export default function ForeignCitizen({
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
          <CountrySelect value={country} onChange={(event) => onChange('country', event.target.value)} errors={countryErrors} />
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
