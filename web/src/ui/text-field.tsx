import { useId, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';

interface FieldProps {
  name: string;
  label: string;
  hint?: string;
  /** Already translated; shown under the field and announced with it. */
  errors?: readonly string[];
}

export type InputProps = FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> & { multiline?: false };
type TextareaProps = FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name'> & { multiline: true };

/** A labelled input with its hint and errors tied to it (aria-describedby, aria-invalid). */
export function TextField(props: InputProps | TextareaProps) {
  const { name, label, hint, errors, multiline, ...control } = props;
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const hasErrors = Boolean(errors && errors.length > 0);
  const errorId = hasErrors ? `${id}-error` : undefined;
  const shared = {
    id,
    name,
    'aria-invalid': hasErrors || undefined,
    'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {multiline ? (
        <textarea {...shared} rows={3} {...(control as TextareaHTMLAttributes<HTMLTextAreaElement>)} />
      ) : (
        <input {...shared} {...(control as InputHTMLAttributes<HTMLInputElement>)} />
      )}
      {hasErrors && (
        <p id={errorId} className="field-error">
          {errors?.join(' ')}
        </p>
      )}
    </div>
  );
}
