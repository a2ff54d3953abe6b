import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

interface FieldProps {
  name: string;
  label: string;
  hint?: string;
  /** Already translated; shown under the field and announced with it. */
  errors?: readonly string[];
}

export type InputProps = FieldProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> & {
    multiline?: false;
    /** A control beside the input (a show/hide button), given the input's id for aria-controls. */
    action?: (inputId: string) => ReactNode;
  };
type TextareaProps = FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name'> & { multiline: true };

/** A labelled input with its hint and errors tied to it (aria-describedby, aria-invalid). */
export function TextField(props: InputProps | TextareaProps) {
  const { name, label, hint, errors, multiline, action, ...control } = props as InputProps & { multiline?: boolean };
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
        <div className={action && 'field-row'}>
          <input {...shared} {...(control as InputHTMLAttributes<HTMLInputElement>)} />
          {action?.(id)}
        </div>
      )}
      {hasErrors && (
        <p id={errorId} className="field-error">
          {errors?.join(' ')}
        </p>
      )}
    </div>
  );
}
