/** The two languages of every page. */
export type Lang = 'en' | 'hi';

/**
 * Every page exists at one address per language: the page's own language needs no parameter,
 * the other one is `?lang=`. /KanyadanYojna is Hindi first (PRODUCT.md §3); the rest English first.
 */
const HINDI_FIRST_PATHS = new Set(['/KanyadanYojna', '/kanyadanRegistration']);

export const LANG_PARAM = 'lang';

function trimSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

export function defaultLangOf(pathname: string): Lang {
  return HINDI_FIRST_PATHS.has(trimSlash(pathname)) ? 'hi' : 'en';
}

/** The language the address asks for, if it asks. */
export function langOfSearch(search: string): Lang | undefined {
  const value = new URLSearchParams(search).get(LANG_PARAM);
  return value === 'en' || value === 'hi' ? value : undefined;
}

/**
 * The same site-relative address for a reader of `lang`: `?lang=` is added when `lang` is not the
 * page's own language and removed when it is. Other addresses (mailto:, https://) are left alone.
 */
export function localizeHref(href: string, lang: Lang): string {
  if (!href.startsWith('/') || href.startsWith('//')) return href;
  const hashAt = href.indexOf('#');
  const hash = hashAt >= 0 ? href.slice(hashAt) : '';
  const withoutHash = hashAt >= 0 ? href.slice(0, hashAt) : href;
  const queryAt = withoutHash.indexOf('?');
  const pathname = queryAt >= 0 ? withoutHash.slice(0, queryAt) : withoutHash;
  const params = new URLSearchParams(queryAt >= 0 ? withoutHash.slice(queryAt + 1) : '');
  params.delete(LANG_PARAM);
  if (lang !== defaultLangOf(pathname)) params.append(LANG_PARAM, lang);
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ''}${hash}`;
}
