import { useEffect, useState } from 'react';
import { loadedNamespaces, loadNamespaces, useLang } from '#web/i18n/i18n.tsx';

/**
 * The foreign contributions' texts (namespace 'fcra': the refusal, the country, the disclosure
 * notice, the FCRA account's heading, and the server's FCRA messages) are loaded only when a donor
 * says they are a foreign citizen, or a foreign pledge's pay step opens: most visits to /donate
 * never need them, and the page has a byte budget (docs/decisions/046). True once they are here.
 */
export function useFcraTexts(isNeeded = true): boolean {
  const { lang } = useLang();
  const [readyLang, setReadyLang] = useState(() => (loadedNamespaces(lang).includes('fcra') ? lang : null));
  useEffect(() => {
    if (!isNeeded || readyLang === lang) return;
    let isCurrent = true;
    loadNamespaces(lang, ['fcra'])
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
