import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Issue 36: `npm start` rebuilt the web app (34 s) and bundled the server twice at every start. A
 * build now writes beside its output a stamp: the SHA-256 of each file that went into it (and of
 * the recipe: the build's own code and options). The next build reads the stamp, hashes those files
 * again, and is skipped when every hash is the same and the output is still there
 * (docs/decisions/059).
 *
 * Contents, not modification times: a `git checkout` that touches a file without changing it costs
 * nothing, and a change that keeps the time (a copy, an unpacked archive) is still seen. A file
 * added without any input changing cannot matter: something that is built must import it, and that
 * file's hash changes. (The web app's inputs are every file of web/, which covers globbed imports.)
 */
export interface BuildStamp {
  /** What else decides the output: the build's own source, its options, a tool's version. */
  recipe: string;
  /** Each input, relative to the repository, with the SHA-256 of its contents. */
  inputs: Record<string, string>;
}

export const ROOT = path.resolve(import.meta.dirname, '../..');

export function hashFile(file: string): string | null {
  try {
    return crypto.createHash('sha256').update(fs.readFileSync(path.resolve(ROOT, file))).digest('hex');
  } catch {
    return null;
  }
}

export function hashText(text: string): string {
  return crypto.createHash('sha256').update(text).digest('hex');
}

/** The stamp of `inputs` (paths relative to the repository, or absolute) as they are now. */
export function stampOf(recipe: string, inputs: Iterable<string>): BuildStamp {
  const hashes: Record<string, string> = {};
  for (const input of [...new Set([...inputs].map((file) => path.relative(ROOT, path.resolve(ROOT, file))))].sort()) {
    const hash = hashFile(input);
    if (hash) hashes[input] = hash;
  }
  return { recipe, inputs: hashes };
}

/**
 * Why `outputs` must be built again ('no stamp', 'changed: server/src/app.ts', …), or null when the
 * stamp at `stampFile` still holds: same recipe, every input hashing the same, every output there.
 * `extraInputs` are files that count as inputs though the last build did not list them.
 */
export function staleReason(stampFile: string, recipe: string, outputs: readonly string[], extraInputs: Iterable<string> = []): string | null {
  let stamp: BuildStamp;
  try {
    stamp = JSON.parse(fs.readFileSync(stampFile, 'utf8')) as BuildStamp;
  } catch {
    return 'not built yet';
  }
  if (stamp.recipe !== recipe) return 'the build itself changed';
  const missing = outputs.find((output) => !fs.existsSync(output));
  if (missing) return `${path.relative(ROOT, missing)} is missing`;
  const now = stampOf(recipe, [...Object.keys(stamp.inputs), ...extraInputs]);
  for (const [file, hash] of Object.entries(stamp.inputs)) if (now.inputs[file] !== hash) return `${file} changed`;
  for (const file of Object.keys(now.inputs)) if (!(file in stamp.inputs)) return `${file} is new`;
  return null;
}

export function writeStamp(stampFile: string, stamp: BuildStamp): void {
  fs.mkdirSync(path.dirname(stampFile), { recursive: true });
  fs.writeFileSync(stampFile, `${JSON.stringify(stamp, null, 1)}\n`);
}
