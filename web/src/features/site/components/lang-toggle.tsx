import { useLang, useT } from '#web/i18n/i18n.tsx';

/** Shows the other language in its own script ("हिन्दी" / "English"), as people look for it. */
export function LangToggle() {
  const t = useT();
  const { lang, setLang } = useLang();
  const other = lang === 'en' ? 'hi' : 'en';
  return (
    <button type="button" className="lang-toggle" data-testid="lang-toggle" lang={other} title={t('lang.toggleHint')} onClick={() => void setLang(other)}>
      {t('lang.toggle')}
    </button>
  );
}
