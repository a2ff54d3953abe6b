import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every message the server shows a person is English in the code and translated by the web through
 * "serverMessages" in web/src/i18n/hi/messages.json (or in the namespace of the only pages that meet
 * it, such as admin.json), keyed by the English text. This finds each
 * `userMessage:` given as a string or as a constant holding one, and each string constant named
 * like a message (`*_NOT_FOUND`, `UPLOAD_*`, ...), and checks that Hindi exists for it. Messages
 * built at run time (with ${...}) are translated by the dictionary's {placeholder} patterns and are
 * checked where they are tested.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Every Hindi namespace's server messages (messages.json has most; a namespace may carry those only its pages meet). */
const hindiDir = path.join(root, 'web/src/i18n/hi');
const hindi: Record<string, string> = Object.assign(
  {},
  ...fs.readdirSync(hindiDir).map((file) => (JSON.parse(fs.readFileSync(path.join(hindiDir, file), 'utf8')) as { serverMessages?: Record<string, string> }).serverMessages ?? {}),
);

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return entry.name.endsWith('.ts') && !/\.test\.ts$|\.test-helper\.ts$/.test(entry.name) ? [file] : [];
  });
}

const files = sources(path.join(root, 'server/src'));
const texts = files.map((file) => fs.readFileSync(file, 'utf8'));
const STRING = String.raw`'((?:[^'\\]|\\.)*)'`;

/** NAME → its text, for every `const NAME = '...'` in the server. */
const constants = new Map<string, string>();
for (const text of texts) {
  for (const match of text.matchAll(new RegExp(String.raw`const ([A-Z][A-Z0-9_]+) = ${STRING};`, 'g'))) constants.set(match[1]!, match[2]!.replace(/\\'/g, "'"));
}

const shown = new Set<string>();
for (const text of texts) {
  for (const match of text.matchAll(new RegExp(String.raw`userMessage: (?:${STRING}|([A-Z][A-Z0-9_]+)\b)`, 'g'))) {
    const literal = match[1]?.replace(/\\'/g, "'");
    const fromConstant = match[2] ? constants.get(match[2]) : undefined;
    if (literal !== undefined) shown.add(literal);
    else if (fromConstant !== undefined) shown.add(fromConstant);
  }
}

describe('messages the server shows a person', () => {
  it('are found (so this test can fail)', () => {
    expect(shown.size).toBeGreaterThan(50);
    expect(shown).toContain('This member was not found.');
  });

  it('all have Hindi', () => {
    expect([...shown].filter((message) => !(message in hindi)).sort()).toEqual([]);
  });
});
