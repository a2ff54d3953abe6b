import { TextField, type InputProps } from './text-field.tsx';

/**
 * A field for a 6-digit one-time code (e-mailed, or from an authenticator app): the phone shows its
 * number pad and may offer the code it just received; room for "123 456" as people copy it.
 */
export function CodeField(props: Omit<InputProps, 'inputMode' | 'autoComplete' | 'maxLength' | 'type' | 'multiline'>) {
  return <TextField {...props} inputMode="numeric" autoComplete="one-time-code" maxLength={7} />;
}
