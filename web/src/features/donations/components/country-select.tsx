import { useId, useMemo } from 'react';
import { FOREIGN_COUNTRY_CODES } from '@sahay/server/shared/countries';
import { useLang, useT } from '#web/i18n/i18n.tsx';

/**
 * A foreign citizen's country of citizenship: the ISO codes the server accepts, named in the page's
 * language by the browser's own data (Intl.DisplayNames), sorted as that language sorts. In the
 * foreign citizen's chunk, so the donate page's first load carries none of it.
 */
export default function CountrySelect({ value, onChange, errors }: { value: string; onChange: (event: { target: { value: string } }) => void; errors?: string[] }) {
  const t = useT();
  const { lang } = useLang();
  const id = useId();
  const hasErrors = Boolean(errors?.length);
  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([lang], { type: 'region', fallback: 'code' });
    return FOREIGN_COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name, lang));
  }, [lang]);
  return (
    <div className="field">
      <label htmlFor={id}>{t('fcra.country')}</label>
      <select
        id={id}
        name="country"
        value={value}
        onChange={onChange}
        required
        aria-invalid={hasErrors || undefined}
        aria-describedby={hasErrors ? `${id}-error` : undefined}
        data-testid="donate-country"
      >
        <option value="">{t('fcra.countryChoose')}</option>
        {countries.map((country) => (
          <option key={country.code} value={country.code}>
            {country.name}
          </option>
        ))}
      </select>
      {hasErrors && (
        <p className="field-error" id={`${id}-error`}>
          {errors?.join(' ')}
        </p>
      )}
    </div>
  );
}
