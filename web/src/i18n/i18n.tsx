import { createContext, use, useState, type ReactNode } from 'react';
import type enAdmin from './en/admin.json';
import type enCore from './en/core.json';
import type enDonations from './en/donations.json';
import type enFcra from './en/fcra.json';
import type enFundraisers from './en/fundraisers.json';
import type enHelp from './en/help.json';
import type enHome from './en/home.json';
import type enIdentity from './en/identity.json';
import type enKanyadan from './en/kanyadan.json';
import type enKanyadanMessages from './en/kanyadanMessages.json';
import type enKanyadanSteps from './en/kanyadanSteps.json';
import type enMember from './en/member.json';
import type enMessages from './en/messages.json';
import type enPages from './en/pages.json';
import type enPlaces from './en/places.json';
import type enOnlinePay from './en/onlinePay.json';
import type enMonthly from './en/monthly.json';
import type enTransparency from './en/transparency.json';
import { localizeHref, type Lang } from './lang-url.ts';

export type { Lang };

/**
 * The dictionaries are split by the pages that need them, so a page downloads only its own texts
 * in its own language (the public pages have a byte budget). Each file holds whole top-level
 * sections, so keys read the same wherever they live: `home.hero.slide1`, `nav.home`.
 */
export const NAMESPACES = ['core', 'messages', 'home', 'kanyadan', 'pages', 'identity', 'member', 'admin', 'donations', 'transparency', 'help', 'kanyadanMessages', 'places', 'fcra', 'kanyadanSteps', 'onlinePay', 'fundraisers', 'monthly'] as const;
export type Namespace = (typeof NAMESPACES)[number];

export type Dictionary = typeof enCore & typeof enMessages & typeof enHome & typeof enKanyadan & typeof enPages & typeof enIdentity & typeof enMember & typeof enAdmin & typeof enDonations & typeof enTransparency & typeof enHelp & typeof enKanyadanMessages & typeof enPlaces & typeof enFcra & typeof enKanyadanSteps & typeof enOnlinePay & typeof enFundraisers & typeof enMonthly;

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every translatable text, as a dotted path (serverMessages are looked up by their English text). */
export type MessageKey = Leaves<Omit<Dictionary, 'serverMessages'>>;
export type TranslateFn = (key: MessageKey, vars?: Record<string, string | number>) => string;

export const LANG_COOKIE = 'sahay_lang';
export const LANGS: readonly Lang[] = ['en', 'hi'];

type Loader = () => Promise<{ default: object }>;
const loaders: Record<Lang, Record<Namespace, Loader>> = {
  en: {
    core: () => import('./en/core.json'),
    messages: () => import('./en/messages.json'),
    home: () => import('./en/home.json'),
    kanyadan: () => import('./en/kanyadan.json'),
    pages: () => import('./en/pages.json'),
    identity: () => import('./en/identity.json'),
    member: () => import('./en/member.json'),
    admin: () => import('./en/admin.json'),
    donations: () => import('./en/donations.json'),
    transparency: () => import('./en/transparency.json'),
    help: () => import('./en/help.json'),
    kanyadanMessages: () => import('./en/kanyadanMessages.json'),
    places: () => import('./en/places.json'),
    fcra: () => import('./en/fcra.json'),
    kanyadanSteps: () => import('./en/kanyadanSteps.json'),
    onlinePay: () => import('./en/onlinePay.json'),
    fundraisers: () => import('./en/fundraisers.json'),
    monthly: () => import('./en/monthly.json'),
  },
  hi: {
    core: () => import('./hi/core.json'),
    messages: () => import('./hi/messages.json'),
    home: () => import('./hi/home.json'),
    kanyadan: () => import('./hi/kanyadan.json'),
    pages: () => import('./hi/pages.json'),
    identity: () => import('./hi/identity.json'),
    member: () => import('./hi/member.json'),
    admin: () => import('./hi/admin.json'),
    donations: () => import('./hi/donations.json'),
    transparency: () => import('./hi/transparency.json'),
    help: () => import('./hi/help.json'),
    kanyadanMessages: () => import('./hi/kanyadanMessages.json'),
    places: () => import('./hi/places.json'),
    fcra: () => import('./hi/fcra.json'),
    kanyadanSteps: () => import('./hi/kanyadanSteps.json'),
    onlinePay: () => import('./hi/onlinePay.json'),
    fundraisers: () => import('./hi/fundraisers.json'),
    monthly: () => import('./hi/monthly.json'),
  },
};

/** Per language: the sections loaded so far, merged into one object that the translator reads live. */
const dictionaries: Record<Lang, Record<string, unknown>> = { en: {}, hi: {} };
const pending: Record<Lang, Map<Namespace, Promise<void>>> = { en: new Map(), hi: new Map() };
const loaded: Record<Lang, Set<Namespace>> = { en: new Set(), hi: new Set() };

/**
 * Adds a namespace's sections to a dictionary. Sections belong to one namespace each, except
 * `serverMessages`: a namespace may bring the server messages only its pages can meet (the admin
 * console's, say; 'kanyadanMessages', the Kanyadan forms' and console's), so that a donor's phone
 * does not download them; those are merged.
 */
export function mergeDictionary(into: Record<string, unknown>, namespace: object): void {
  const { serverMessages, ...sections } = namespace as { serverMessages?: Record<string, string> };
  Object.assign(into, sections);
  if (serverMessages) into.serverMessages = { ...(into.serverMessages as Record<string, string> | undefined), ...serverMessages };
}

export function loadNamespaces(lang: Lang, namespaces: readonly Namespace[]): Promise<void> {
  return Promise.all(
    namespaces.map((namespace) => {
      let promise = pending[lang].get(namespace);
      if (!promise) {
        promise = loaders[lang][namespace]().then((module) => {
          mergeDictionary(dictionaries[lang], module.default);
          loaded[lang].add(namespace);
        });
        // A failed load (offline) may be tried again.
        promise.catch(() => pending[lang].delete(namespace));
        pending[lang].set(namespace, promise);
      }
      return promise;
    }),
  ).then(() => undefined);
}

export function loadedNamespaces(lang: Lang): Namespace[] {
  return [...loaded[lang]];
}

/** The language pages are being loaded in: pages load their texts in it before they render. */
let activeLang: Lang = 'en';
export function getActiveLang(): Lang {
  return activeLang;
}
export function setActiveLang(lang: Lang): void {
  activeLang = lang;
}

export function isLang(value: unknown): value is Lang {
  return value === 'en' || value === 'hi';
}

/** Remembered on the device in a cookie, so the server renders the next page in it straight away. */
export function rememberLang(lang: Lang): void {
  try {
    document.cookie = `${LANG_COOKIE}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax`;
  } catch {
    // Cookies disabled: the choice lasts as long as the ?lang= in the address.
  }
}

export function lookup(dictionary: Record<string, unknown>, key: string): string | undefined {
  let node: unknown = dictionary;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function interpolate(text: string, vars?: Record<string, string | number>): string {
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in vars ? String(vars[name]) : match));
}

export function createTranslator(dictionary: Record<string, unknown>): TranslateFn {
  return (key, vars) => interpolate(lookup(dictionary, key) ?? key, vars);
}

interface MessageTemplate {
  pattern: RegExp;
  names: string[];
}

const templateCache = new Map<string, MessageTemplate>();

function templateOf(english: string): MessageTemplate {
  let template = templateCache.get(english);
  if (!template) {
    const names: string[] = [];
    const source = english
      .split(/(\{\w+\})/)
      .map((part) => {
        const name = /^\{(\w+)\}$/.exec(part)?.[1];
        if (!name) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(name);
        // `{count}` is always a number; anything else is free text (itself perhaps a template).
        return name === 'count' ? '(\\d+)' : '(.+?)';
      })
      .join('');
    template = { pattern: new RegExp(`^${source}$`), names };
    templateCache.set(english, template);
  }
  return template;
}

/**
 * Server and zod messages are English; show the translation when we have one, else the English.
 * Messages with a varying part ("try again in 15 minutes.") match a serverMessages key with
 * placeholders ("try again in {wait}."); the captured parts are translated the same way.
 */
export function translateServerMessage(dictionary: { serverMessages?: Record<string, string> }, message: string, depth = 0): string {
  const messages: Record<string, string | undefined> = dictionary.serverMessages ?? {};
  const exact = messages[message];
  if (exact !== undefined) return exact;
  if (depth > 2) return message;
  for (const english of Object.keys(messages)) {
    if (!english.includes('{')) continue;
    const { pattern, names } = templateOf(english);
    const match = pattern.exec(message);
    if (!match) continue;
    const vars = Object.fromEntries(names.map((name, index) => [name, translateServerMessage(dictionary, match[index + 1] ?? '', depth + 1)]));
    return interpolate(messages[english] ?? english, vars);
  }
  return message;
}

interface I18nValue {
  lang: Lang;
  t: TranslateFn;
  translateServer: (message: string) => string;
  setLang: (lang: Lang) => Promise<void>;
}

const I18nContext = createContext<I18nValue | null>(null);

/**
 * The texts of `initialLang` that the first render needs must already be loaded (loadNamespaces),
 * so the first render is synchronous and equals the server's HTML when hydrating.
 */
export function I18nProvider({ initialLang = 'en', children }: { initialLang?: Lang; children: ReactNode }) {
  const [lang, setLangState] = useState<Lang>(initialLang);
  const dictionary = dictionaries[lang];

  async function setLang(next: Lang) {
    await loadNamespaces(next, loadedNamespaces(lang));
    setActiveLang(next);
    setLangState(next);
    rememberLang(next);
    document.documentElement.lang = next;
    // The address names the language too, so it can be shared, bookmarked and indexed.
    const here = `${location.pathname}${location.search}${location.hash}`;
    history.replaceState(history.state, '', localizeHref(here, next));
  }

  const value: I18nValue = {
    lang,
    t: createTranslator(dictionary),
    translateServer: (message) => translateServerMessage(dictionary as { serverMessages?: Record<string, string> }, message),
    setLang,
  };
  return <I18nContext value={value}>{children}</I18nContext>;
}

function useI18n(): I18nValue {
  const value = use(I18nContext);
  if (!value) throw new Error('useT() needs an <I18nProvider> above it');
  return value;
}

export function useT(): TranslateFn {
  return useI18n().t;
}

export function useLang() {
  const { lang, setLang, translateServer } = useI18n();
  return { lang, setLang, translateServer };
}
