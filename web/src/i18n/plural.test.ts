import { beforeAll, describe, expect, it } from 'vitest';
import { createTranslator, type Lang } from './i18n.tsx';
import { pluralCategory, translatePlural } from './plural.ts';

/** The admin texts as each language's dictionary holds them. */
const dictionaries: Record<Lang, Record<string, unknown>> = { en: {}, hi: {} };

beforeAll(async () => {
  for (const lang of ['en', 'hi'] as const) {
    dictionaries[lang] = { ...(await import(`./${lang}/admin.json`)).default };
  }
});

describe('plural forms', () => {
  it('picks English one for 1 only, and Hindi one for 0 and 1', () => {
    expect([0, 1, 2, 21].map((count) => pluralCategory('en', count))).toEqual(['other', 'one', 'other', 'other']);
    expect([0, 1, 2, 21].map((count) => pluralCategory('hi', count))).toEqual(['one', 'one', 'other', 'other']);
  });

  it('says 1 member and 2 members, with the count grouped the Indian way', () => {
    const t = createTranslator(dictionaries.en);
    expect(translatePlural(t, 'en', 'admin.members.resultsCaption', 1, { query: 'ram' })).toBe('1 member matching “ram”');
    expect(translatePlural(t, 'en', 'admin.members.resultsCaption', 2, { query: 'ram' })).toBe('2 members matching “ram”');
    expect(translatePlural(t, 'en', 'admin.epins.generated', 1)).toBe('1 new code generated.');
    expect(translatePlural(t, 'en', 'admin.epins.generated', 1500)).toBe('1,500 new codes generated.');
    expect(translatePlural(t, 'en', 'admin.members.companyDirectsCaption', 100000)).toBe('Company directs: 1,00,000 members, newest first');
  });

  it('uses the Hindi forms: मिला for one, मिले and बनाए for more', () => {
    const t = createTranslator(dictionaries.hi);
    expect(translatePlural(t, 'hi', 'admin.members.resultsCaption', 1, { query: 'राम' })).toBe('“राम” से मिला 1 सदस्य');
    expect(translatePlural(t, 'hi', 'admin.members.resultsCaption', 3, { query: 'राम' })).toBe('“राम” से मिले 3 सदस्य');
    expect(translatePlural(t, 'hi', 'admin.epins.generated', 1)).toBe('1 नया कोड बनाया गया।');
    expect(translatePlural(t, 'hi', 'admin.epins.generated', 5)).toBe('5 नए कोड बनाए गए।');
  });

  it('has both forms of every plural text in both languages', async () => {
    const keysOf = (node: unknown, prefix = ''): string[] =>
      typeof node === 'object' && node !== null ? Object.entries(node).flatMap(([key, value]) => keysOf(value, `${prefix}${key}.`)) : [prefix.slice(0, -1)];
    for (const namespace of ['admin', 'member'] as const) {
      const en = keysOf((await import(`./en/${namespace}.json`)).default);
      const hi = keysOf((await import(`./hi/${namespace}.json`)).default);
      const plural = en.filter((key) => /_(one|other)$/.test(key));
      for (const key of plural) {
        const base = key.replace(/_(one|other)$/, '');
        expect([en.includes(`${base}_one`), en.includes(`${base}_other`), hi.includes(`${base}_one`), hi.includes(`${base}_other`)], base).toEqual([true, true, true, true]);
      }
    }
  });
});
