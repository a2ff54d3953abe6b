import { useEffect, useState } from 'react';
import { loadedNamespaces, loadNamespaces, useLang, type Namespace } from './i18n.tsx';

/**
 * A namespace of texts loaded only once a page needs it, so the pages that never do keep their byte
 * budget (docs/decisions/046): loads `namespace` in the reader's language when `isNeeded`, and is
 * true once it is here (at once when it already was).
 */
export function useNamespaceTexts(namespace: Namespace, isNeeded: boolean): boolean {
  const { lang } = useLang();
  const [readyLang, setReadyLang] = useState(() => (loadedNamespaces(lang).includes(namespace) ? lang : null));
  useEffect(() => {
    if (!isNeeded || readyLang === lang) return;
    let isCurrent = true;
    loadNamespaces(lang, [namespace])
      .then(() => {
        if (isCurrent) setReadyLang(lang);
      })
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, [isNeeded, lang, namespace, readyLang]);
  return readyLang === lang;
}
