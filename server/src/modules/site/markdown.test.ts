import { describe, expect, it } from 'vitest';
import { fillPlaceholders, renderMarkdown } from './markdown.ts';
import { DEFAULT_SETTINGS } from './settings.defaults.ts';

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
  it('fills from settings by language, and shows a dash for empty values', () => {
    const settings = { ...DEFAULT_SETTINGS, registrationNo: 'REG/123', pan: '' };
    expect(fillPlaceholders('{{foundationName}} · {{registrationNo}} · {{pan}} · {{unknown}}', settings, 'hi')).toBe(
      'सहाय फ़ाउंडेशन · REG/123 · — · {{unknown}}',
    );
  });
});
