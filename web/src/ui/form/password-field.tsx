import { useState } from 'react';
import { TextField, type InputProps } from './text-field.tsx';

export interface PasswordToggleTexts {
  /** The button's visible word while the password is hidden ("Show") and shown ("Hide"). */
  show: string;
  hide: string;
  /** What a screen reader hears for each ("Show password", "Hide password"). */
  showLabel: string;
  hideLabel: string;
}

/**
 * A password input with a Show/Hide button (issue 16): on a phone's small keys a typo is easy and
 * invisible; the member may look at what they typed. The password is shown only while they ask.
 */
export function PasswordField({ toggle, ...props }: Omit<InputProps, 'type' | 'action'> & { toggle: PasswordToggleTexts }) {
  const [isShown, setIsShown] = useState(false);
  return (
    <TextField
      {...props}
      type={isShown ? 'text' : 'password'}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      action={(inputId) => (
        <button
          type="button"
          className="btn btn-secondary field-action"
          aria-controls={inputId}
          aria-label={isShown ? toggle.hideLabel : toggle.showLabel}
          onClick={() => setIsShown(!isShown)}
        >
          {isShown ? toggle.hide : toggle.show}
        </button>
      )}
    />
  );
}
