import { useId, useRef, useState } from 'react';
import { useT } from '#web/i18n/i18n.tsx';
import { copyText } from '#web/ui/copy-text.ts';

/** The decision's text for the family, in both languages, to send from the foundation's phone. */
export function SmsText({ text }: { text: string }) {
  const t = useT();
  const id = useId();
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const [status, setStatus] = useState('');

  async function onCopy() {
    const isCopied = await copyText(text, fieldRef.current);
    setStatus(t(isCopied ? 'admin.kanyadan.copied' : 'admin.kanyadan.copyFailed'));
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="panel" data-testid="sms-text">
      <h2 id={`${id}-heading`}>{t('admin.kanyadan.smsHeading')}</h2>
      <div className="field">
        <label htmlFor={id}>{t('admin.kanyadan.smsLabel')}</label>
        <p className="field-hint" id={`${id}-hint`}>
          {t('admin.kanyadan.smsHelp')}
        </p>
        <textarea id={id} ref={fieldRef} readOnly rows={5} value={text} aria-describedby={`${id}-hint`} onFocus={(event) => event.currentTarget.select()} />
      </div>
      <button type="button" className="btn btn-secondary" onClick={() => void onCopy()}>
        {t('admin.kanyadan.copy')}
      </button>
      <p className="copy-status" role="status" aria-live="polite">
        {status}
      </p>
    </section>
  );
}
