import { formatNumber } from '#web/ui/format.ts';
import { useLang, useT, type Lang, type MessageKey, type TranslateFn } from './i18n.tsx';

/**
 * A text that names a count ("1 member", "2 members") has one key per plural category of the
 * language: `resultsCaption_one`, `resultsCaption_other`. English and Hindi need only those two
 * (Hindi's "one" is 0 and 1); a language with more categories falls back to `_other`.
 * Kept apart from i18n.tsx so the public pages do not download it.
 */
type PluralBase<Key> = Key extends `${infer Base}_one` ? (`${Base}_other` extends MessageKey ? Base : never) : never;
export type PluralKey = PluralBase<MessageKey>;

const rules = new Map<Lang, Intl.PluralRules>();

export function pluralCategory(lang: Lang, count: number): 'one' | 'other' {
  let rule = rules.get(lang);
  if (!rule) {
    rule = new Intl.PluralRules(lang === 'hi' ? 'hi-IN' : 'en-IN');
    rules.set(lang, rule);
  }
  return rule.select(count) === 'one' ? 'one' : 'other';
}

/** The text for `count` in the plural form the language asks for; `{count}` is filled in, grouped the Indian way. */
export function translatePlural(t: TranslateFn, lang: Lang, key: PluralKey, count: number, vars?: Record<string, string | number>): string {
  return t(`${key}_${pluralCategory(lang, count)}` as MessageKey, { count: formatNumber(count), ...vars });
}

export function usePlural() {
  const t = useT();
  const { lang } = useLang();
  return (key: PluralKey, count: number, vars?: Record<string, string | number>) => translatePlural(t, lang, key, count, vars);
}
