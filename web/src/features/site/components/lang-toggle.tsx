import { useLocation, useSearch } from 'wouter';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { localizeHref } from '#web/i18n/lang-url.ts';

/**
 * A link to this page in the other language (its own address, so it works without JavaScript and
 * search engines find it); with JavaScript it switches in place and remembers the choice. Shows
 * the other language in its own script ("हिन्दी" / "English"), as people look for it.
 */
export function LangToggle() {
  const t = useT();
  const { lang, setLang } = useLang();
  const [location] = useLocation();
  const search = useSearch();
  const other = lang === 'en' ? 'hi' : 'en';
  const href = localizeHref(`${location}${search ? `?${search}` : ''}`, other);
  return (
    <a
      href={href}
      hrefLang={other}
      lang={other}
      className="lang-toggle"
      data-testid="lang-toggle"
      title={t('lang.toggleHint')}
      onClick={(event) => {
        if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        void setLang(other);
      }}
    >
      {t('lang.toggle')}
    </a>
  );
}
