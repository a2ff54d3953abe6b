import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';

/** A labelled select with its hint and errors tied to it, as text-field.tsx does for inputs. */
export function SelectField({
  name,
  label,
  hint,
  errors,
  children,
  ...control
}: { name: string; label: string; hint?: string; errors?: readonly string[]; children: ReactNode } & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'name' | 'children'>) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const hasErrors = Boolean(errors && errors.length > 0);
  const errorId = hasErrors ? `${id}-error` : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      <select id={id} name={name} aria-invalid={hasErrors || undefined} aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined} {...control}>
        {children}
      </select>
      {hasErrors && (
        <p id={errorId} className="field-error">
          {errors?.join(' ')}
        </p>
      )}
    </div>
  );
}
