import { useId, useState } from 'react';
import { useT } from '#web/i18n/i18n.tsx';
import { completedFinancialYears } from '../financial-year.ts';

/**
 * "Yearly statement": one PDF of every verified gift of a financial year that is over, for a tax
 * return. The donor chooses the year; the link carries the proof a right one-time code gave
 * (decision 040), or nothing for a signed-in member (the session does). `isBare`: without its own
 * heading and text, inside a section that has them.
 */
export function YearlyStatementLink({ proof, isBare = false }: { proof: string | null; isBare?: boolean }) {
  const t = useT();
  const id = useId();
  const years = completedFinancialYears(new Date(), 5);
  const [year, setYear] = useState(years[0]!);
  const query = new URLSearchParams({ fy: year, ...(proof ? { proof } : {}) });
  return (
    <div className="yearly-statement" data-testid="yearly-statement">
      {!isBare && (
        <>
          <h3>{t('yearlyStatement.heading')}</h3>
          <p>{t('yearlyStatement.text')}</p>
        </>
      )}
      <div className="field">
        <label htmlFor={id}>{t('yearlyStatement.year')}</label>
        <select id={id} value={year} onChange={(event) => setYear(event.target.value)}>
          {years.map((fy) => (
            <option key={fy} value={fy}>
              {fy}
            </option>
          ))}
        </select>
      </div>
      <p>
        <a className="btn btn-secondary" href={`/api/donations/statement.pdf?${query.toString()}`} download>
          {t('yearlyStatement.download', { year })}
        </a>
      </p>
    </div>
  );
}
