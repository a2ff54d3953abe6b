import enMail from '../../../web/src/i18n/en/mail.json' with { type: 'json' };
import hiMail from '../../../web/src/i18n/hi/mail.json' with { type: 'json' };
import { MAIL_TEMPLATES, type Localized, type MailTemplateName, type MailTemplateSpec, type MailVarSpec, type MailVars } from './mail-templates.ts';

export interface RenderedMail {
  /** "English / हिंदी" */
  subject: string;
  /** Plain text: the English version, a rule, the Hindi version (then a quoted message, if any). */
  text: string;
  /** The same as HTML, every variable escaped. */
  html: string;
}

/** A person's language, when it is known (the page they used); otherwise a message goes in both. */
export type Lang = 'en' | 'hi';
const LANGS: readonly Lang[] = ['en', 'hi'];
const DICTIONARIES: Record<Lang, { common: Record<string, string> } & Record<MailTemplateName, Record<string, string>>> = {
  en: enMail.mail,
  hi: hiMail.mail,
};
const PLACEHOLDER = /\{(\w+)\}/g;
const RULE = '—';

/**
 * Renders a template in English and Hindi into one message, or in the one language given (the
 * person's, when known: issue 32). Fails, naming the template and the
 * variable, when a required variable is missing or blank, when an unknown one is given, or when the
 * dictionary names a placeholder the template does not declare: a mail is never sent with a hole
 * in it.
 */
export function renderMail<T extends MailTemplateName>(template: T, vars: MailVars<T>, options: { lang?: Lang | null } = {}): RenderedMail {
  const spec: MailTemplateSpec = MAIL_TEMPLATES[template];
  const given: Record<string, unknown> = { ...vars };
  for (const name of Object.keys(given)) {
    if (!Object.hasOwn(spec.vars, name)) throw new Error(`Mail template "${template}" has no {${name}}`);
  }
  const values = Object.fromEntries(Object.entries(spec.vars).map(([name, varSpec]) => [name, checkValue(template, name, varSpec, given[name])]));

  const versions = LANGS.map((lang) => {
    const section = DICTIONARIES[lang][template];
    const valueOf = (name: string): string | undefined => {
      const varSpec = spec.vars[name];
      if (!varSpec) throw new Error(`Mail template "${template}" (${lang}) names {${name}}, which it does not declare`);
      const value = values[name];
      if (value === undefined) return varSpec.fallback ? DICTIONARIES[lang].common[varSpec.fallback] : undefined;
      return typeof value === 'string' ? value : value[lang];
    };
    const subject = fill(textOf(section, 'subject', template, lang), valueOf, (value) => value.replace(/\s+/g, ' ').trim());
    // A line that names an absent optional variable is left out whole ("Phone: " with nothing after).
    const lines = textOf(section, 'body', template, lang)
      .split('\n')
      .filter((line) => [...line.matchAll(PLACEHOLDER)].every((match) => valueOf(match[1]!) !== undefined));
    return {
      lang,
      subject,
      text: lines.map((line) => fill(line, valueOf, (value) => value)).join('\n'),
      html: paragraphs(lines)
        .map((group) => `<p>${group.map((line) => fillHtml(line, valueOf, spec.vars)).join('<br>\n')}</p>`)
        .join('\n'),
    };
  });
  const chosen = options.lang ? versions.filter((version) => version.lang === options.lang) : versions;

  const subject = chosen.map((version) => version.subject).join(' / ');
  const textParts = chosen.flatMap((version, index) => (index === 0 ? [version.text] : [RULE, version.text]));
  const htmlParts = chosen.map((version) => `<div lang="${version.lang}">\n${version.html}\n</div>`);
  if (spec.quote) {
    const quoted = values[spec.quote.var];
    if (typeof quoted !== 'string') throw new Error(`Mail template "${template}" quotes {${spec.quote.var}}, which must be plain text`);
    const label = `${textOf(DICTIONARIES.en[template], spec.quote.label, template, 'en')} / ${textOf(DICTIONARIES.hi[template], spec.quote.label, template, 'hi')}`;
    textParts.push(`${label}:\n${quoted}`);
    htmlParts.push(`<div>\n<p><strong>${escapeHtml(label)}:</strong></p>\n<p>${escapeHtml(quoted).replace(/\r?\n/g, '<br>\n')}</p>\n</div>`);
  }
  return {
    subject,
    text: `${textParts.join('\n\n')}\n`,
    html: [
      '<!doctype html>',
      '<html>',
      `<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
      '<body style="font-family: \'Noto Sans\', \'Noto Sans Devanagari\', Arial, sans-serif; line-height: 1.5; color: #222;">',
      htmlParts.join('\n<hr>\n'),
      '</body>',
      '</html>',
      '',
    ].join('\n'),
  };
}

function checkValue(template: string, name: string, spec: MailVarSpec, value: unknown): string | Localized | undefined {
  const isOptional = spec.optional === true || spec.fallback !== undefined;
  const absent = (why: string) => {
    if (isOptional) return undefined;
    throw new Error(`Mail template "${template}" needs {${name}}; it was ${why}`);
  };
  if (value === undefined || value === null) return absent(value === undefined ? 'missing' : 'null');
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`Mail template "${template}": {${name}} must be a finite number`);
    return String(value);
  }
  if (typeof value === 'string') {
    if (value.trim() === '') return absent('blank');
    checkKind(template, name, spec, value);
    return value;
  }
  if (isLocalized(value)) {
    const blank = LANGS.filter((lang) => value[lang].trim() === '');
    if (blank.length === LANGS.length) return absent('blank');
    if (blank.length > 0) throw new Error(`Mail template "${template}": {${name}} is blank in ${blank.join(', ')}`);
    for (const lang of LANGS) checkKind(template, name, spec, value[lang]);
    return { en: value.en, hi: value.hi };
  }
  throw new Error(`Mail template "${template}": {${name}} must be text, a number or { en, hi }`);
}

function checkKind(template: string, name: string, spec: MailVarSpec, value: string) {
  // A link is written into an href: only web addresses, never javascript: or data:.
  if (spec.kind === 'url' && !/^https?:\/\/[^\s<>"]+$/.test(value)) throw new Error(`Mail template "${template}": {${name}} must be an http(s) address`);
  if (spec.kind !== 'multiline' && /[\r\n]/.test(value)) throw new Error(`Mail template "${template}": {${name}} must be a single line`);
}

function isLocalized(value: unknown): value is Localized {
  return typeof value === 'object' && value !== null && typeof Reflect.get(value, 'en') === 'string' && typeof Reflect.get(value, 'hi') === 'string';
}

function textOf(section: Record<string, string> | undefined, key: string, template: string, lang: Lang): string {
  const text = section?.[key];
  if (typeof text !== 'string') throw new Error(`mail.${template}.${key} is missing from the ${lang} dictionary`);
  return text;
}

function fill(text: string, valueOf: (name: string) => string | undefined, format: (value: string) => string): string {
  return text.replace(PLACEHOLDER, (_match, name: string) => format(valueOf(name) ?? ''));
}

function fillHtml(line: string, valueOf: (name: string) => string | undefined, vars: MailTemplateSpec['vars']): string {
  let html = '';
  let last = 0;
  for (const match of line.matchAll(PLACEHOLDER)) {
    html += escapeHtml(line.slice(last, match.index));
    const value = escapeHtml(valueOf(match[1]!) ?? '');
    const kind = vars[match[1]!]?.kind;
    html += kind === 'url' ? `<a href="${value}">${value}</a>` : kind === 'multiline' ? value.replace(/\r?\n/g, '<br>\n') : value;
    last = match.index + match[0].length;
  }
  return html + escapeHtml(line.slice(last));
}

/** Lines grouped into paragraphs at blank lines. */
function paragraphs(lines: readonly string[]): string[][] {
  const groups: string[][] = [[]];
  for (const line of lines) {
    if (line.trim() === '') groups.push([]);
    else groups.at(-1)!.push(line);
  }
  return groups.filter((group) => group.length > 0);
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
}

