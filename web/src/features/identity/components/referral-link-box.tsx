import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '#web/i18n/i18n.tsx';
import { copyText } from '#web/ui/copy-text.ts';
import { shareLink, whatsAppShareUrl } from '../referral.public.ts';

const STATUS_VISIBLE_MS = 4000;

type Status = 'idle' | 'copied' | 'failed' | 'shared';

/**
 * The member's referral link, read-only, with Copy, Share (the phone's share sheet where it has one,
 * else a copy) and a WhatsApp link; what happened is spoken ("Copied").
 */
export function ReferralLinkBox({ link }: { link: string }) {
  const t = useT();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const timerRef = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [status, setStatus] = useState<Status>('idle');

  useEffect(() => () => clearTimeout(timerRef.current), []);

  function show(next: Status) {
    setStatus(next);
    clearTimeout(timerRef.current);
    if (next !== 'failed') timerRef.current = setTimeout(() => setStatus('idle'), STATUS_VISIBLE_MS);
  }

  async function onCopy() {
    show((await copyText(link, inputRef.current)) ? 'copied' : 'failed');
  }

  async function onShare() {
    if (await shareLink({ title: t('referral.shareTitle'), text: t('referral.shareMessage'), url: link })) show('shared');
    else await onCopy();
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
      <div className="share-row">
        <button type="button" className="btn btn-secondary" onClick={() => void onShare()} data-testid="share-referral">
          {t('referral.share')}
        </button>
        <a className="btn btn-secondary" href={whatsAppShareUrl(`${t('referral.shareMessage')} ${link}`)} target="_blank" rel="noopener noreferrer" data-testid="whatsapp-share">
          {t('referral.whatsApp')}
          <span className="visually-hidden"> {t('referral.newTab')}</span>
        </a>
      </div>
      <p className="copy-status" role="status" aria-live="polite">
        {status === 'copied' && t('dashboard.copied')}
        {status === 'shared' && t('referral.shared')}
        {status === 'failed' && t('dashboard.copyFailed')}
      </p>
    </div>
  );
}
