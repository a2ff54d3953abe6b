import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Which exported decide functions have a given/when/then specification (docs/decisions/052). Read
// from the source, not by running the specs: vitest runs each test file apart, so a registry filled
// at run time would not see the others. A decide function counts as specified when a test file
// imports it from its decider and passes it to `deciderSpec({ ..., decide: <it> })` (directly, or
// called inside an arrow function there), and that spec is used with `.when(`.

export interface SourceText {
  /** Path relative to the root it was read from, '/' separated. */
  file: string;
  text: string;
}

/** `decide…` functions a file exports (function declarations and consts). */
export function exportedDecideFunctions(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(/^export\s+(?:async\s+)?function\s+(decide\w*)\b/gm)) names.add(match[1]!);
  for (const match of text.matchAll(/^export\s+const\s+(decide\w*)\s*=/gm)) names.add(match[1]!);
  return [...names].sort();
}

/** Local name → the module file it is imported from (resolved against `file`, without extension handling beyond '.ts'). */
function importsOf(file: string, text: string): Map<string, string> {
  const imports = new Map<string, string>();
  for (const match of text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/g)) {
    const specifier = match[2]!;
    let target: string;
    if (specifier.startsWith('#server/')) target = `server/src/${specifier.slice('#server/'.length)}`;
    else if (specifier.startsWith('.')) target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
    else continue;
    if (!target.endsWith('.ts')) target += '.ts';
    for (const item of match[1]!.split(',')) {
      const [imported, local] = item.replace(/^\s*type\s+/, '').split(/\s+as\s+/).map((part) => part.trim());
      if (imported) imports.set(local ?? imported, target);
    }
  }
  return imports;
}

/** The text of each `deciderSpec(...)` call's arguments, with the name the spec is bound to, if any. */
function specCalls(text: string): { binding: string | null; args: string }[] {
  const calls: { binding: string | null; args: string }[] = [];
  for (const match of text.matchAll(/(?:(?:const|let)\s+(\w+)\s*=\s*)?\bdeciderSpec\s*(?:<[^(]*?>)?\s*\(/g)) {
    let depth = 1;
    let index = match.index + match[0].length;
    const start = index;
    while (depth > 0 && index < text.length) {
      const char = text[index]!;
      if (char === '(') depth += 1;
      else if (char === ')') depth -= 1;
      index += 1;
    }
    calls.push({ binding: match[1] ?? null, args: text.slice(start, index - 1) });
  }
  return calls;
}

/** `<decider file>#<name>` of every decide function a test file specifies. */
export function specifiedDecideFunctions(testFile: SourceText): Set<string> {
  const imports = importsOf(testFile.file, testFile.text);
  const specified = new Set<string>();
  for (const { binding, args } of specCalls(testFile.text)) {
    // A spec that is never asked anything specifies nothing.
    const isUsed = binding === null ? /\)\s*\(\s*\[/.test(testFile.text) : new RegExp(`\\b${binding}\\s*\\([^]*?\\)\\s*\\.when\\s*\\(`).test(testFile.text);
    if (!isUsed) continue;
    const decide = /\bdecide\s*:\s*([^]*)$/.exec(args)?.[1] ?? '';
    for (const match of decide.matchAll(/\b(decide\w*)\b/g)) {
      const source = imports.get(match[1]!);
      if (source) specified.add(`${source}#${match[1]!}`);
    }
  }
  return specified;
}

/**
 * `<file>#<name>` of each exported decide function outside a decider: a decision lives in the
 * `*.decider.ts` of the stream it is made on (docs/decisions/052), where its specification is checked.
 * `sources` are a module's non-test files.
 */
export function decideFunctionsOutsideDeciders(sources: readonly SourceText[]): string[] {
  return sources.filter(({ file }) => !file.endsWith('.decider.ts')).flatMap(({ file, text }) => exportedDecideFunctions(text).map((name) => `${file}#${name}`));
}

/** `<decider file>#<name>` of each exported decide function that no test file specifies. */
export function unspecifiedDecideFunctions(deciders: readonly SourceText[], tests: readonly SourceText[]): string[] {
  const specified = new Set(tests.flatMap((test) => [...specifiedDecideFunctions(test)]));
  return deciders.flatMap(({ file, text }) => exportedDecideFunctions(text).map((name) => `${file}#${name}`)).filter((key) => !specified.has(key));
}

/** Every file under `dir` (relative to `root`) whose name passes `accept`, read. */
export function readSources(root: string, dir: string, accept: (file: string) => boolean): SourceText[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .map((file) => path.posix.join(dir, file.split(path.sep).join('/')))
    .filter(accept)
    .map((file) => ({ file, text: readFileSync(path.join(root, file), 'utf8') }));
}
