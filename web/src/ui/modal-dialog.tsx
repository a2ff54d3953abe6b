import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

const DIALOG_STYLE = { width: 'min(36rem, calc(100vw - 2rem))', maxHeight: 'calc(100dvh - 2rem)', overflow: 'auto' } as const;

/**
 * A modal dialog on the browser's own <dialog>: showModal() makes the rest of the page inert, so
 * focus stays inside; Escape closes it (the `close` event); and focus goes back to what opened it.
 * It is rendered only while open: the parent mounts it on a press and unmounts it in `onClose`.
 */
export function ModalDialog({ title, closeLabel, onClose, children, testId }: { title: string; closeLabel: string; onClose: () => void; children: ReactNode; testId?: string }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // What had focus when the dialog was asked for (the button pressed), read before the dialog takes it.
  const [opener] = useState(() => (typeof document === 'undefined' ? null : document.activeElement));

  // Opening a modal dialog is the browser's doing, not React's: an effect is the place for it.
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (opener instanceof HTMLElement) opener.focus();
    };
  }, [opener]);

  return (
    <dialog ref={ref} aria-labelledby={titleId} onClose={onClose} style={DIALOG_STYLE} data-testid={testId}>
      <h2 id={titleId}>{title}</h2>
      {children}
      <p className="actions">
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {closeLabel}
        </button>
      </p>
    </dialog>
  );
}
