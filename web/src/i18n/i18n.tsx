import { createContext, use, useState, type ReactNode } from 'react';
import en from './en.json';

export type Lang = 'en' | 'hi';
export type Dictionary = typeof en;

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every translatable text, as a dotted path into en.json (serverMessages are looked up by text). */
export type MessageKey = Leaves<Omit<Dictionary, 'serverMessages'>>;
export type TranslateFn = (key: MessageKey, vars?: Record<string, string | number>) => string;

export const LANG_STORAGE_KEY = 'sahay.lang';
export const LANGS: readonly Lang[] = ['en', 'hi'];

// English ships in the main bundle (it is the prerendered language); Hindi is fetched on demand.
const dictionaries: Partial<Record<Lang, Dictionary>> = { en };
const loaders: Record<Lang, () => Promise<Dictionary>> = {
  en: async () => en,
  hi: async () => (await import('./hi.json')).default,
};

export async function loadDictionary(lang: Lang): Promise<Dictionary> {
  const dictionary = dictionaries[lang] ?? (dictionaries[lang] = await loaders[lang]());
  return dictionary;
}

export function isLang(value: unknown): value is Lang {
  return value === 'en' || value === 'hi';
}

/** The language remembered on this device; English when nothing (or nothing readable) is stored. */
export function readStoredLang(): Lang {
  try {
    const stored = globalThis.localStorage?.getItem(LANG_STORAGE_KEY);
    return isLang(stored) ? stored : 'en';
  } catch {
    return 'en';
  }
}

function storeLang(lang: Lang): void {
  try {
    globalThis.localStorage?.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    // Private mode or storage disabled: the choice lasts for this visit only.
  }
}

export function lookup(dictionary: Dictionary, key: string): string | undefined {
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

export function createTranslator(dictionary: Dictionary): TranslateFn {
  return (key, vars) => interpolate(lookup(dictionary, key) ?? lookup(en, key) ?? key, vars);
}

interface MessageTemplate {
  pattern: RegExp;
  names: string[];
  english: string;
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
    template = { pattern: new RegExp(`^${source}$`), names, english };
    templateCache.set(english, template);
  }
  return template;
}

/**
 * Server and zod messages are English; show the translation when we have one, else the English.
 * Messages with a varying part ("try again in 15 minutes.") match a serverMessages key with
 * placeholders ("try again in {wait}."); the captured parts are translated the same way.
 */
export function translateServerMessage(dictionary: Dictionary, message: string, depth = 0): string {
  const messages: Record<string, string | undefined> = dictionary.serverMessages;
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
 * `initialLang` must already be loaded (see loadDictionary) so the first render is synchronous —
 * hydration needs the first client render to equal the prerendered English HTML.
 */
export function I18nProvider({ initialLang = 'en', children }: { initialLang?: Lang; children: ReactNode }) {
  const [lang, setLangState] = useState<Lang>(initialLang);
  const dictionary = dictionaries[lang] ?? en;

  async function setLang(next: Lang) {
    await loadDictionary(next);
    setLangState(next);
    storeLang(next);
    document.documentElement.lang = next;
  }

  const value: I18nValue = {
    lang,
    t: createTranslator(dictionary),
    translateServer: (message) => translateServerMessage(dictionary, message),
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
