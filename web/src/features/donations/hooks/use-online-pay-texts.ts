import { useEffect, useState } from 'react';
import { loadedNamespaces, loadNamespaces, useLang } from '#web/i18n/i18n.tsx';

/**
 * Paying online's texts (namespace 'onlinePay', docs/decisions/068) are loaded only when a pledge's
 * answer carries the payment gateway's order: without the gateway no page downloads them, and
 * /donate and /donate/status keep their byte budget (docs/decisions/046). True once they are here.
 */
export function useOnlinePayTexts(isNeeded: boolean): boolean {
  const { lang } = useLang();
  const [readyLang, setReadyLang] = useState(() => (loadedNamespaces(lang).includes('onlinePay') ? lang : null));
  useEffect(() => {
    if (!isNeeded || readyLang === lang) return;
    let isCurrent = true;
    loadNamespaces(lang, ['onlinePay'])
      .then(() => {
        if (isCurrent) setReadyLang(lang);
      })
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, [isNeeded, lang, readyLang]);
  return readyLang === lang;
}
