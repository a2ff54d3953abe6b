import { useId } from 'react';
import { useT, type MessageKey } from '#web/i18n/i18n.tsx';

/** The causes a gift can go to (the server's DONATION_CAUSES, kept here without zod for the page's first load). */
export const CAUSES = ['general', 'kanyadan', 'medical', 'education', 'accident', 'environment'] as const;
export type CauseName = (typeof CAUSES)[number];

export const CAUSE_LABELS: Record<CauseName, MessageKey> = {
  general: 'donation.causes.general',
  kanyadan: 'donation.causes.kanyadan',
  medical: 'donation.causes.medical',
  education: 'donation.causes.education',
  accident: 'donation.causes.accident',
  environment: 'donation.causes.environment',
};

/** `?cause=kanyadan` (any case) preselects a cause; anything else means the general fund. */
export function causeOf(value: string | null | undefined): CauseName {
  const wanted = (value ?? '').trim().toLowerCase();
  return CAUSES.find((cause) => cause === wanted) ?? 'general';
}

export function CauseSelect({ value, onChange, errors }: { value: string; onChange: (event: { target: { value: string } }) => void; errors?: string[] }) {
  const t = useT();
  const id = useId();
  const hasErrors = Boolean(errors?.length);
  return (
    <div className="field">
      <label htmlFor={id}>{t('donate.cause')}</label>
      <select id={id} name="cause" value={value} onChange={onChange} aria-invalid={hasErrors || undefined} aria-describedby={hasErrors ? `${id}-error` : undefined}>
        {CAUSES.map((cause) => (
          <option key={cause} value={cause}>
            {t(CAUSE_LABELS[cause])}
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
