import MarkdownIt from 'markdown-it';
import type { TSettings } from './settings.schema.ts';

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

/** Fills {{placeholders}} from settings; an empty value shows as "—" rather than a blank. */
export function fillPlaceholders(source: string, settings: TSettings, lang: 'en' | 'hi'): string {
  return source.replace(/\{\{(\w+)\}\}/g, (match, key: string) => {
    if (!(PLACEHOLDERS as readonly string[]).includes(key)) return match;
    const value = settings[key as (typeof PLACEHOLDERS)[number]];
    const text = typeof value === 'string' ? value : value[lang];
    return text.trim() === '' ? '—' : text;
  });
}

export function renderMarkdown(source: string): string {
  return markdown.render(source);
}
