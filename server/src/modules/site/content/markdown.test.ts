import { describe, expect, it } from 'vitest';
import { fillPlaceholders, renderMarkdown } from './markdown.ts';
import { SEED_CONTENT } from './seed-content.ts';
import { DEFAULT_SETTINGS } from '../settings/settings.defaults.ts';

describe('renderMarkdown', () => {
  it('renders headings, lists, emphasis and site links', () => {
    const html = renderMarkdown('## Who we are\n\n- **Help** for [people](/help)\n- [Mail](mailto:a@b.org)');
    expect(html).toContain('<h2>Who we are</h2>');
    expect(html).toContain('<strong>Help</strong>');
    expect(html).toContain('<a href="/help">people</a>');
    expect(html).toContain('<a href="mailto:a@b.org">Mail</a>');
  });

  it('escapes raw HTML and scripts', () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n<b>bold</b>');
    expect(html).not.toMatch(/<script|<img|<b>/);
    expect(html).toContain('&lt;script&gt;');
  });

  it('drops dangerous links and images', () => {
    const html = renderMarkdown('[a](javascript:alert(1)) [b](data:text/html,x) [c](//evil.example) ![i](https://example.org/i.png)');
    expect(html).not.toMatch(/href="(javascript|data|\/\/)/);
    expect(html).not.toContain('<img');
  });

  it('marks external links noopener', () => {
    expect(renderMarkdown('[x](https://example.org)')).toContain('rel="noopener noreferrer"');
  });
});

describe('fillPlaceholders', () => {
  it('fills from settings by language; an empty value inside a sentence an admin wrote shows as a dash', () => {
    const settings = { ...DEFAULT_SETTINGS, registrationNo: 'REG/123', pan: '' };
    expect(fillPlaceholders('{{foundationName}} · {{registrationNo}} · {{pan}} · {{unknown}}', settings, 'hi')).toBe(
      'सहाय फ़ाउंडेशन · REG/123 · — · {{unknown}}',
    );
  });

  it('drops a list item or table row whose fact is not entered yet, instead of showing "Phone: —"', () => {
    const settings = { ...DEFAULT_SETTINGS, address: { en: '', hi: '' }, phone: '', registrationNo: 'REG/123' };
    const source = ['## Contact', '- Address: {{address}}', '- Phone: {{phone}}', '* Registration: {{registrationNo}}', '1. Call {{phone}}', '| Phone | {{phone}} |', 'After.'].join('\n');
    expect(fillPlaceholders(source, settings, 'en')).toBe(['## Contact', '* Registration: REG/123', 'After.'].join('\n'));
    // Entered, the same lines are there.
    const entered = { ...settings, address: { en: '12 Gandhi Marg, Jaipur', hi: '12 गांधी मार्ग, जयपुर' }, phone: '0141 222 3333' };
    expect(fillPlaceholders(source, entered, 'hi')).toContain('- Address: 12 गांधी मार्ग, जयपुर\n- Phone: 0141 222 3333');
  });

  it('drops a bracketed aside naming an empty fact, and leaves links and other asides alone', () => {
    const empty = { ...DEFAULT_SETTINGS, registrationNo: '', pan: '', phone: '' };
    expect(fillPlaceholders('A registered foundation (registration number {{registrationNo}}). See the [page](/about) (it is short).', empty, 'en')).toBe(
      'A registered foundation. See the [page](/about) (it is short).',
    );
    expect(fillPlaceholders('Our PAN ({{pan}}) is on the receipt.', empty, 'en')).toBe('Our PAN is on the receipt.');
    expect(fillPlaceholders('[Call us](tel:{{phone}})', empty, 'en')).toBe('[Call us](tel:—)');
    expect(fillPlaceholders('A registered foundation (registration number {{registrationNo}}).', { ...empty, registrationNo: 'REG/9' }, 'en')).toBe(
      'A registered foundation (registration number REG/9).',
    );
  });

  it('shows no dash on the seeded pages of a fresh install (nothing entered but the name, e-mail and labels)', () => {
    for (const page of Object.values(SEED_CONTENT)) {
      for (const lang of ['en', 'hi'] as const) {
        const filled = fillPlaceholders(page.body[lang], DEFAULT_SETTINGS, lang);
        expect(filled, `${page.title.en} (${lang})`).not.toMatch(/:\s*—|\(—\)|\s—[,.।]|—\s*$/m);
      }
    }
  });
});
