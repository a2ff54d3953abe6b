import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as messages from './upload-messages.ts';

const i18nDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/src/i18n');
function serverMessages(lang: 'en' | 'hi'): Record<string, string> {
  return (JSON.parse(fs.readFileSync(path.join(i18nDir, lang, 'messages.json'), 'utf8')) as { serverMessages: Record<string, string> }).serverMessages;
}

/** Whether a filled-in message matches a dictionary key with {placeholders}, as the web's translator matches it. */
function matchesTemplate(template: string, message: string): boolean {
  const pattern = template.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\w+\\\}/g, '(.+?)');
  return new RegExp(`^${pattern}$`).test(message);
}

describe('upload messages', () => {
  const en = serverMessages('en');
  const hi = serverMessages('hi');
  const fixed = Object.values(messages).flatMap((value) => (typeof value === 'string' ? [value] : []));

  it('are all in the English and Hindi dictionaries', () => {
    expect(fixed.length).toBeGreaterThan(10);
    for (const message of fixed) {
      expect(en[message], message).toBe(message);
      expect(hi[message], message).toMatch(/[\u0900-\u097F]/);
    }
  });

  it('with a varying part, match a template in both dictionaries', () => {
    for (const message of [messages.uploadTooLarge(5 * 1024 * 1024), messages.uploadTooLarge(512 * 1024), messages.pdfTooManyPages(50)]) {
      const template = Object.keys(en).find((key) => key.includes('{') && matchesTemplate(key, message));
      expect(template, message).toBeDefined();
      expect(hi[template!], message).toMatch(/[\u0900-\u097F]/);
    }
  });

  it('say sizes the way phones do', () => {
    expect(messages.formatBytes(5 * 1024 * 1024)).toBe('5 MB');
    expect(messages.formatBytes(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(messages.formatBytes(512 * 1024)).toBe('512 KB');
    expect(messages.formatBytes(100)).toBe('100 bytes');
  });
});
