import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '#web/i18n/i18n.tsx';
import { copyText } from '#web/ui/copy-text.ts';

const STATUS_VISIBLE_MS = 4000;

/** One polite live region for a group of copy buttons ("Copied: UPI ID"), as the donate page has. */
export function useCopyAnnouncer() {
  const t = useT();
  const [message, setMessage] = useState('');
  const timerRef = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timerRef.current), []);

  function announce(label: string, isCopied: boolean) {
    setMessage(isCopied ? t('kanyadan.registration.payment.copied', { what: label }) : t('kanyadan.registration.payment.copyFailed'));
    clearTimeout(timerRef.current);
    if (isCopied) timerRef.current = setTimeout(() => setMessage(''), STATUS_VISIBLE_MS);
  }

  const region = (
    <p className="copy-status" role="status" aria-live="polite">
      {message}
    </p>
  );
  return { announce, region };
}

/** A payment detail shown read-only with its own Copy button. */
export function CopyValue({ label, value, onCopy, isMono = true }: { label: string; value: string; onCopy: (label: string, isCopied: boolean) => void; isMono?: boolean }) {
  const t = useT();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <div className="copy-box">
      <label htmlFor={id}>{label}</label>
      <div className="copy-row">
        <input ref={inputRef} id={id} type="text" readOnly value={value} className={isMono ? 'mono' : undefined} onFocus={(event) => event.currentTarget.select()} />
        <button type="button" className="btn btn-secondary no-print" onClick={() => void copyText(value, inputRef.current).then((isCopied) => onCopy(label, isCopied))}>
          {t('kanyadan.registration.payment.copy')}
          <span className="visually-hidden"> {label}</span>
        </button>
      </div>
    </div>
  );
}
