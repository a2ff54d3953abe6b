import { fieldErrorsOf, httpStatusOf, serverMessageOf, type FieldErrors } from '#web/api/errors.ts';
import { useLang, useT, type MessageKey } from '#web/i18n/i18n.tsx';
import { useErrorText } from '#web/ui/use-error-text.ts';

/** What a decision did, told above the actions: the form it came from may be gone once the page is refreshed. */
export interface Outcome {
  tone: 'success' | 'warning';
  message: string;
  hint?: string;
}
export type OnOutcome = (outcome: Outcome) => void;

/**
 * A 409 without field errors: someone else acted on the application first (or erased it). A 409
 * about one field (a UTR already recorded) is that field's error instead.
 */
export function isConflict(error: unknown): boolean {
  return httpStatusOf(error) === 409 && Object.keys(fieldErrorsOf(error)).length === 0;
}

/**
 * For a mutation's onError: on a conflict, says so above the actions. The page has been asked for
 * again already (the actions hook refreshes on every outcome), so it shows what the other person did.
 */
export function useConflictNotice(onOutcome: OnOutcome): (error: unknown) => void {
  const t = useT();
  const { translateServer } = useLang();
  return (error) => {
    if (!isConflict(error)) return;
    const message = serverMessageOf(error);
    onOutcome({ tone: 'warning', message: t('admin.kanyadan.conflict'), hint: message ? translateServer(message) : undefined });
  };
}

/**
 * A form's errors: beside each field (the client's own check with the server's schema, else the
 * server's fieldErrors), and for the form when the server refused for another reason. A conflict is
 * told above the actions instead (useConflictNotice).
 */
export function useFormErrors(error: unknown, clientErrors: FieldErrors, fallback: MessageKey, fields: readonly string[]) {
  const { translateServer } = useLang();
  const errorText = useErrorText();
  const serverErrors = fieldErrorsOf(error);
  const hasFieldError = fields.some((field) => (serverErrors[field]?.length ?? 0) > 0);
  return {
    errorsFor: (field: string) => (clientErrors[field] ?? serverErrors[field])?.map(translateServer),
    failure: error && !hasFieldError && !isConflict(error) ? errorText(error, fallback) : undefined,
  };
}

/** Today in India, as YYYY-MM-DD: a payment recorded is most often today's. */
export function todayInIndia(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
}
