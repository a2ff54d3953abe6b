import { describe, expect, it } from 'vitest';
import { CONTENT_SLUGS, ZUpdateContentRequestSchema } from './content.schema.ts';
import { PLACEHOLDERS } from './markdown.ts';
import { SEED_CONTENT } from './seed-content.ts';

const LANGUAGES = ['en', 'hi'] as const;

/** The share of Devanagari among letters and combining marks (Hindi vowel signs are marks). */
function devanagariShare(text: string): number {
  const letters = [...text].filter((char) => /[\p{L}\p{M}]/u.test(char));
  const devanagari = letters.filter((char) => /\p{Script=Devanagari}/u.test(char));
  return letters.length === 0 ? 0 : devanagari.length / letters.length;
}

describe('SEED_CONTENT', () => {
  it('has every content page with a title and a body in both languages, valid as an admin edit', () => {
    expect(Object.keys(SEED_CONTENT).sort()).toEqual([...CONTENT_SLUGS].sort());
    for (const slug of CONTENT_SLUGS) {
      const page = SEED_CONTENT[slug];
      for (const language of LANGUAGES) {
        expect(page.title[language].trim(), `${slug} title ${language}`).not.toBe('');
        expect(page.body[language].trim(), `${slug} body ${language}`).not.toBe('');
      }
      expect(ZUpdateContentRequestSchema.shape.data.safeParse(page).success, slug).toBe(true);
    }
  });

  it('contains no raw HTML', () => {
    for (const slug of CONTENT_SLUGS) {
      for (const language of LANGUAGES) {
        expect(SEED_CONTENT[slug].body[language], `${slug} ${language}`).not.toMatch(/<[a-zA-Z]/);
      }
    }
  });

  it('starts headings at level 2, since the page title is the level-1 heading', () => {
    for (const slug of CONTENT_SLUGS) {
      for (const language of LANGUAGES) {
        expect(SEED_CONTENT[slug].body[language], `${slug} ${language}`).not.toMatch(/^# /m);
      }
    }
  });

  it('writes the Hindi bodies mostly in Devanagari', () => {
    for (const slug of CONTENT_SLUGS) {
      expect(devanagariShare(SEED_CONTENT[slug].body.hi), slug).toBeGreaterThanOrEqual(0.5);
    }
  });

  it('says on the plan and about pages, in both languages, that nobody earns from inviting', () => {
    for (const slug of ['plan', 'about'] as const) {
      expect(SEED_CONTENT[slug].body.en, slug).toMatch(/nobody earns[^.]*from the people they invite/i);
      expect(SEED_CONTENT[slug].body.hi, slug).toMatch(/आमंत्रित लोगों से किसी को कोई कमाई नहीं/);
    }
  });

  it('carries every foundation fact as a placeholder on the legals page, in both languages', () => {
    for (const language of LANGUAGES) {
      for (const name of PLACEHOLDERS) {
        expect(SEED_CONTENT.legals.body[language], `${name} ${language}`).toContain(`{{${name}}}`);
      }
    }
  });

  it('uses only placeholders that settings can fill', () => {
    for (const slug of CONTENT_SLUGS) {
      for (const language of LANGUAGES) {
        const used = [...SEED_CONTENT[slug].body[language].matchAll(/\{\{([^}]*)\}\}/g)].map((match) => match[1]);
        for (const name of used) expect(PLACEHOLDERS, `${slug} ${language}`).toContain(name);
      }
    }
  });
});
