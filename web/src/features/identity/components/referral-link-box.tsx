import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '#web/i18n/i18n.tsx';
import { copyText } from '#web/ui/copy-text.ts';

const STATUS_VISIBLE_MS = 4000;

/** The member's referral link, read-only, with a Copy button and a spoken "Copied". */
export function ReferralLinkBox({ link }: { link: string }) {
  const t = useT();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const timerRef = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [status, setStatus] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => () => clearTimeout(timerRef.current), []);

  async function onCopy() {
    const isCopied = await copyText(link, inputRef.current);
    setStatus(isCopied ? 'copied' : 'failed');
    clearTimeout(timerRef.current);
    if (isCopied) timerRef.current = setTimeout(() => setStatus('idle'), STATUS_VISIBLE_MS);
  }

  return (
    <div className="copy-box">
      <label htmlFor={id}>{t('dashboard.referralLink')}</label>
      <div className="copy-row">
        <input
          ref={inputRef}
          id={id}
          type="text"
          readOnly
          value={link}
          data-testid="referral-link"
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="btn btn-primary" onClick={() => void onCopy()}>
          {t('dashboard.copy')}
        </button>
      </div>
      <p className="copy-status" role="status" aria-live="polite">
        {status === 'copied' && t('dashboard.copied')}
        {status === 'failed' && t('dashboard.copyFailed')}
      </p>
    </div>
  );
}
