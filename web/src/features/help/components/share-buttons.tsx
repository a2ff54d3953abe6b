import { useSyncExternalStore } from 'react';
import { useT } from '#web/i18n/i18n.tsx';
import { CopyField, useCopyAnnouncer } from '#web/ui/form/copy-field.tsx';
import { whatsAppHref } from '../help-request-text.ts';

const subscribe = () => () => undefined;

/**
 * Whether the browser offers its share sheet: false on the server and while hydrating (so the HTML
 * matches), then what the browser says. (useIsHydrated's way, written out here: importing that
 * small module from a second page would make it a chunk of its own, which the donate pages then
 * fetch separately — bytes over their budget.)
 */
function useCanShare(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => typeof navigator.share === 'function',
    () => false,
  );
}

/**
 * Ways to pass a request on: WhatsApp (a plain link, so it works before any script), the phone's
 * own share sheet where the browser has one (known only once the page runs, so offered only after
 * hydration), and the address to copy, confirmed in a polite live region.
 */
export function ShareButtons({ title, url, linkLabel }: { title: string; url: string; /** The copy field's label: a request's link unless said otherwise (a fundraiser's). */ linkLabel?: string }) {
  const t = useT();
  const canShare = useCanShare();
  const { announce, region } = useCopyAnnouncer();

  function share() {
    // Closing the share sheet rejects with AbortError: nothing to say.
    navigator.share({ title, url }).catch(() => undefined);
  }

  return (
    <>
      <div className="share-row">
        <a className="btn btn-secondary" href={whatsAppHref(title, url)} target="_blank" rel="noopener noreferrer" data-testid="share-whatsapp">
          {t('help.share.whatsApp')}
          <span className="visually-hidden"> {t('help.share.newWindow')}</span>
        </a>
        {canShare && (
          <button type="button" className="btn btn-secondary" onClick={share}>
            {t('help.share.more')}
          </button>
        )}
      </div>
      <CopyField label={linkLabel ?? t('help.share.link')} value={url} onCopy={announce} isMono={false} testId="share-link" />
      {region}
    </>
  );
}
