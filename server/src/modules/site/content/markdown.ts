import MarkdownIt from 'markdown-it';
import type { TSettings } from '../settings/settings.schema.ts';

/**
 * Markdown for content pages, rendered on the server. Raw HTML is escaped (html: false), images are
 * off (nothing loads from elsewhere), and links may only be http(s), mailto, tel or site paths.
 */
const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false }).disable(['image']);

const SAFE_LINK = /^(https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i;
markdown.validateLink = (url: string) => SAFE_LINK.test(url.trim());

const defaultLinkOpen =
  markdown.renderer.rules.link_open ?? ((tokens, index, options, _env, self) => self.renderToken(tokens, index, options));
markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  const href = String(tokens[index]!.attrGet('href') ?? '');
  if (/^https?:\/\//i.test(href)) tokens[index]!.attrSet('rel', 'noopener noreferrer');
  return defaultLinkOpen(tokens, index, options, env, self);
};

export const PLACEHOLDERS = [
  'foundationName',
  'address',
  'phone',
  'email',
  'registrationNo',
  'pan',
  'twelveANo',
  'taxExemptionNo',
  'taxSectionLabel',
] as const satisfies readonly (keyof TSettings)[];

const PLACEHOLDER = /\{\{(\w+)\}\}/g;
/** A Markdown list item or table row: a line that stands alone, so it can go without breaking a sentence. */
const STANDALONE_LINE = /^\s*(?:[-*+]\s|\d+[.)]\s|\|)/;

/**
 * Fills {{placeholders}} from settings. A fact the foundation has not entered yet is left out rather
 * than shown as a dash where donors look for trust (issue 15): a list item or table row naming it is
 * dropped, and so is a bracketed aside naming it ("(registration number {{registrationNo}})"). Only
 * where neither applies — a sentence an admin wrote around it — does it show as "—".
 */
export function fillPlaceholders(source: string, settings: TSettings, lang: 'en' | 'hi'): string {
  const valueOf = (key: string): string | null => {
    if (!(PLACEHOLDERS as readonly string[]).includes(key)) return null;
    const value = settings[key as (typeof PLACEHOLDERS)[number]];
    return (typeof value === 'string' ? value : value[lang]).trim();
  };
  const isEmpty = (text: string) => [...text.matchAll(PLACEHOLDER)].some(([, key]) => valueOf(key!) === '');
  return source
    .split('\n')
    .filter((line) => !(STANDALONE_LINE.test(line) && isEmpty(line)))
    .map((line) =>
      line
        .replace(/\s?(?<!\])\([^()\n]*\)/g, (aside) => (isEmpty(aside) ? '' : aside))
        .replace(PLACEHOLDER, (match, key: string) => {
          const text = valueOf(key);
          return text === null ? match : text === '' ? '—' : text;
        }),
    )
    .join('\n');
}

export function renderMarkdown(source: string): string {
  return markdown.render(source);
}
