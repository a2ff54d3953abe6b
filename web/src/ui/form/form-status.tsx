import type { ReactNode } from 'react';
import { useIsHydrated } from '#web/ui/use-is-hydrated.ts';

/** The form-level error: announced at once (role="alert"), with an optional second line. */
export function FormError({ message, hint }: { message?: string; hint?: string }) {
  return (
    <div role="alert" className={message ? 'form-error' : undefined}>
      {message && <p>{message}</p>}
      {message && hint && <p className="form-error-hint">{hint}</p>}
    </div>
  );
}

/** Disabled while busy, and until the page's code has taken over the server's HTML. */
export function SubmitButton({ isBusy, label, busyLabel }: { isBusy: boolean; label: string; busyLabel: string }) {
  const isHydrated = useIsHydrated();
  return (
    <button type="submit" className="btn btn-primary" disabled={isBusy || !isHydrated} aria-busy={isBusy || undefined}>
      {isBusy ? busyLabel : label}
    </button>
  );
}

export function Notice({ tone = 'info', children }: { tone?: 'info' | 'warning' | 'success'; children: ReactNode }) {
  return <div className={`notice notice-${tone}`}>{children}</div>;
}
