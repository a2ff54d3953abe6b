import type { ReactNode } from 'react';

/** The form-level error: announced at once (role="alert"), with an optional second line. */
export function FormError({ message, hint }: { message?: string; hint?: string }) {
  return (
    <div role="alert" className={message ? 'form-error' : undefined}>
      {message && <p>{message}</p>}
      {message && hint && <p className="form-error-hint">{hint}</p>}
    </div>
  );
}

export function SubmitButton({ isBusy, label, busyLabel }: { isBusy: boolean; label: string; busyLabel: string }) {
  return (
    <button type="submit" className="btn btn-primary" disabled={isBusy} aria-busy={isBusy || undefined}>
      {isBusy ? busyLabel : label}
    </button>
  );
}

export function Notice({ tone = 'info', children }: { tone?: 'info' | 'warning' | 'success'; children: ReactNode }) {
  return <div className={`notice notice-${tone}`}>{children}</div>;
}
