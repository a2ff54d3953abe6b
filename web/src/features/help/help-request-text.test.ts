import { describe, expect, it } from 'vitest';
import { HELP_CATEGORY_VALUES, HELP_CAUSE_FILTERS, HELP_CLOSE_REASON_VALUES, HELP_RELATIONS } from '@sahay/server/modules/help/help.schema';
import { categoryOf, causeOf, CATEGORY_LABELS, CAUSE_FILTERS, CLOSED_REASON_LABELS, excerptOf, HELP_CATEGORIES, pageOf, paragraphsOf, RELATION_LABELS, textIn, whatsAppHref } from './help-request-text.ts';

describe('the help lists the pages keep without zod', () => {
  it('are the server’s: categories, cause words, relations and reasons for closing', () => {
    expect(HELP_CATEGORIES).toEqual(HELP_CATEGORY_VALUES);
    expect(CAUSE_FILTERS).toEqual(HELP_CAUSE_FILTERS);
    expect(Object.keys(CATEGORY_LABELS).sort()).toEqual([...HELP_CATEGORY_VALUES].sort());
    expect(Object.keys(RELATION_LABELS).sort()).toEqual([...HELP_RELATIONS].sort());
    expect(Object.keys(CLOSED_REASON_LABELS).sort()).toEqual([...HELP_CLOSE_REASON_VALUES].sort());
  });

  it('cover every cause the home page links to', () => {
    for (const cause of ['people', 'accident', 'medical', 'environment', 'kanyadan', 'education']) expect(Object.hasOwn(CAUSE_FILTERS, cause), cause).toBe(true);
  });
});

describe('reading the address', () => {
  it('takes a known cause in any case, and lists everything for an unknown one', () => {
    expect(causeOf('cause=Kanyadan')).toBe('kanyadan');
    expect(categoryOf(causeOf('cause=Kanyadan'))).toBe('marriage');
    expect(categoryOf(causeOf('cause=people'))).toBeNull();
    expect(causeOf('cause=toString')).toBeUndefined();
    expect(categoryOf(causeOf('cause=nonsense'))).toBeNull();
    expect(categoryOf(undefined)).toBeNull();
  });

  it('reads ?page= as a page number, else the first page', () => {
    expect(pageOf('page=3')).toBe(3);
    for (const search of ['', 'page=0', 'page=-2', 'page=x', 'page=1.5']) expect(pageOf(search), search).toBe(1);
  });
});

describe('a request’s text', () => {
  it('is shown in the page’s language, else in the other one, saying which', () => {
    expect(textIn({ en: 'Help', hi: 'मदद' }, 'hi')).toEqual({ text: 'मदद', lang: 'hi' });
    expect(textIn({ en: null, hi: 'मदद' }, 'en')).toEqual({ text: 'मदद', lang: 'hi' });
    expect(textIn({ en: 'Help', hi: '  ' }, 'hi')).toEqual({ text: 'Help', lang: 'en' });
  });

  it('is cut to about 160 characters at a word for a description, on one line', () => {
    expect(excerptOf('Short\nstory.')).toBe('Short story.');
    const long = `${'word '.repeat(50)}end`;
    const excerpt = excerptOf(long);
    expect(excerpt.length).toBeLessThanOrEqual(160);
    expect(excerpt).toMatch(/word…$/);
  });

  it('keeps the story’s paragraphs (blank lines) and its line breaks within them', () => {
    expect(paragraphsOf('One\ntwo\n\n\n  Three  \n')).toEqual(['One\ntwo', 'Three']);
  });

  it('goes to WhatsApp as the title and the address, encoded', () => {
    expect(whatsAppHref('Help & hope', 'https://sahay.example/help/ABCD2345?lang=hi')).toBe('https://wa.me/?text=Help%20%26%20hope%0Ahttps%3A%2F%2Fsahay.example%2Fhelp%2FABCD2345%3Flang%3Dhi');
  });
});
