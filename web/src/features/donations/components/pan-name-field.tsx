import { latinNameSuggestion } from '@sahay/server/shared/latin-name';
import { TextField } from '#web/ui/form/text-field.tsx';

/**
 * "Name as on PAN" (issue 31): asked only once a PAN is typed, filled in with a Latin-letter
 * suggestion from the name given until the person types their own (`value` null: not typed yet),
 * and sent as shown. The donate form and the office's offline form both use it.
 */
export function PanNameField({ pan, donorName, value, onChange, label, hint, errors }: {
  pan: string;
  donorName: string;
  value: string | null;
  onChange: (value: string) => void;
  label: string;
  hint?: string;
  errors?: readonly string[];
}) {
  if (pan.trim() === '') return null;
  return (
    <TextField
      name="panName"
      label={label}
      hint={hint}
      autoComplete="off"
      autoCapitalize="words"
      spellCheck={false}
      lang="en"
      maxLength={100}
      value={panNameShown(value, donorName)}
      onChange={(event) => onChange(event.target.value)}
      errors={errors}
    />
  );
}

/** The donate page loads the field when a PAN is typed: the suggestion's tables stay out of the page's first bytes. */
export default PanNameField;

/** What the field shows and the form sends: what was typed, else the suggestion from the name. */
export function panNameShown(value: string | null, donorName: string): string {
  return value ?? latinNameSuggestion(donorName);
}
