import { useState } from 'react';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { copyText } from '#web/ui/copy-text.ts';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { canUseWebShare, invitationLinkOf, whatsAppShareUrl } from '#web/features/identity/referral.public.ts';
import { useShareEpin } from '../hooks/use-share-epin.public.ts';

/**
 * Copy and Share for one unused code (issue 16): the link opens the registration form with the
 * member as sponsor and the code filled in. The link is built at once, so the share sheet or
 * WhatsApp opens within the tap; the server keeps the code 48 hours for it meanwhile.
 */
export function ShareCodeButtons({ code, holderId }: { code: string; holderId: string }) {
  const t = useT();
  const { lang } = useLang();
  const errorText = useErrorText();
  const share = useShareEpin();
  const [status, setStatus] = useState<'idle' | 'copied' | 'copyFailed'>('idle');
  const link = invitationLinkOf(holderId, code, window.location.origin, lang);
  const message = t('epins.shareMessage', { code });

  function keep() {
    share.mutate({ code });
  }

  async function onCopy() {
    keep();
    setStatus((await copyText(link)) ? 'copied' : 'copyFailed');
  }

  function onShare() {
    keep();
    if (canUseWebShare()) {
      navigator.share({ title: t('referral.shareTitle'), text: message, url: link }).catch(() => {
        // Cancelled or refused: Copy is beside it.
      });
    } else {
      window.open(whatsAppShareUrl(`${message} ${link}`), '_blank', 'noopener,noreferrer');
    }
  }

  return (
    <div className="share-row">
      <button type="button" className="btn btn-secondary btn-small" onClick={() => void onCopy()} data-testid={`copy-code-${code}`}>
        {t('epins.copyLink')}
        <span className="visually-hidden"> {code}</span>
      </button>
      <button type="button" className="btn btn-secondary btn-small" onClick={onShare} data-testid={`share-code-${code}`}>
        {t('epins.shareLink')}
        <span className="visually-hidden"> {code}</span>
      </button>
      <span role="status" className="copy-status">
        {share.isError ? errorText(share.error, 'epins.shareFailed').message : status === 'copied' ? t('dashboard.copied') : status === 'copyFailed' ? t('dashboard.copyFailed') : ''}
      </span>
    </div>
  );
}
