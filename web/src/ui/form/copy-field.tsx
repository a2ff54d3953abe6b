import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '#web/i18n/i18n.tsx';
import { copyText } from '#web/ui/copy-text.ts';

const STATUS_VISIBLE_MS = 4000;

/**
 * One place that says what was copied ("Copied: IFSC"), shared by a group of CopyFields (the donate
 * page's pay step, the Kanyadan fee's payment step): a single
 * polite live region instead of one per value, so a screen reader hears each copy once.
 */
export function useCopyAnnouncer() {
  const t = useT();
  const [message, setMessage] = useState('');
  const timerRef = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timerRef.current), []);

  function announce(label: string, isCopied: boolean) {
    setMessage(isCopied ? t('common.copied', { what: label }) : t('common.copyFailed'));
    clearTimeout(timerRef.current);
    if (isCopied) timerRef.current = setTimeout(() => setMessage(''), STATUS_VISIBLE_MS);
  }

  const region = (
    <p className="copy-status" role="status" aria-live="polite" data-testid="copy-status">
      {message}
    </p>
  );
  return { announce, region };
}

/** A value to type into a payment app or a bank form: shown read-only, selectable, with its own Copy button. */
export function CopyField({ label, value, onCopy, testId, isMono = true }: { label: string; value: string; onCopy: (label: string, isCopied: boolean) => void; testId?: string; isMono?: boolean }) {
  const t = useT();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <div className="copy-box">
      <label htmlFor={id}>{label}</label>
      <div className="copy-row">
        <input
          ref={inputRef}
          id={id}
          type="text"
          readOnly
          value={value}
          className={isMono ? 'mono' : undefined}
          data-testid={testId}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="btn btn-secondary no-print" onClick={() => void copyText(value, inputRef.current).then((isCopied) => onCopy(label, isCopied))}>
          {t('common.copy')}
          <span className="visually-hidden"> {label}</span>
        </button>
      </div>
    </div>
  );
}
