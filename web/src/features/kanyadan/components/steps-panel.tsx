import { useT, type MessageKey } from '#web/i18n/i18n.tsx';

export type StepId = 'registration' | 'payment' | 'receipt' | 'status';

const LABELS: Record<StepId, MessageKey> = {
  registration: 'kanyadan.registration.steps.registration',
  payment: 'kanyadan.registration.steps.payment',
  receipt: 'kanyadan.registration.steps.receipt',
  status: 'kanyadan.registration.steps.status',
};

export interface Step {
  id: StepId;
  /** Payment and the receipt open once the application is sent. */
  isAvailable: boolean;
  isDone: boolean;
}

/**
 * The side panel of steps (PRODUCT.md §7): an ordered list, the current step marked with
 * aria-current="step", each open step a button. Above the form on a phone, beside it on a wide
 * screen (styles.css).
 */
export function StepsPanel({ steps, current, onSelect }: { steps: readonly Step[]; current: StepId; onSelect: (step: StepId) => void }) {
  const t = useT();
  return (
    <nav className="kanyadan-steps" aria-label={t('kanyadan.registration.steps.label')} data-testid="kanyadan-steps">
      <ol>
        {steps.map((step, index) => {
          const isCurrent = step.id === current;
          const content = (
            <>
              <span className="step-number" aria-hidden="true">
                {index + 1}
              </span>
              <span className="step-label">
                {t(LABELS[step.id])}
                {step.isDone && <span className="step-note"> {t('kanyadan.registration.steps.done')}</span>}
                {!step.isAvailable && <span className="step-note"> {t('kanyadan.registration.steps.later')}</span>}
              </span>
            </>
          );
          return (
            <li key={step.id} className={isCurrent ? 'is-current' : undefined} data-step={step.id}>
              {step.isAvailable ? (
                <button type="button" className="step-button" aria-current={isCurrent ? 'step' : undefined} onClick={() => onSelect(step.id)}>
                  {content}
                </button>
              ) : (
                <span className="step-button is-unavailable" aria-current={isCurrent ? 'step' : undefined}>
                  {content}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
