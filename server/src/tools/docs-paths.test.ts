import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issues 30 and 36: the guides name files, and a guide that names a file that has moved sends a
 * newcomer nowhere. Every markdown link in the READMEs and docs/, and every path the READMEs name
 * in backticks, must exist in the repository (nothing outside it: a user of the repository has only
 * the repository).
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const GUIDES = ['README.md', 'server/README.md'];
const EXTENSIONS = /\.(?:ts|tsx|js|mjs|md|sql|json|yml|yaml|sh|css|html|txt|csv|env|example)$/;
const TOP_LEVEL = /^(?:server|web|worker|docs|e2e|bench|migrations|eslint|docker|src|\.ci)\//;

function markdownFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return markdownFiles(relative);
    return entry.name.endsWith('.md') ? [relative] : [];
  });
}

/** Relative markdown links `[text](target)`, without their #anchor; web addresses and anchors alone are not files. */
export function linksIn(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((match) => match[1]!.split('#')[0]!)
    .filter((target) => target !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/**
 * Backticked words that name a file or folder of the repository: a path with a known file extension,
 * a folder written with a trailing slash, or a path under one of the repository's top folders.
 * Placeholders (`<module>`), globs, suffixes (`.api.ts`), URL paths (`/api/...`), packages
 * (`@trpc/server`), commands (anything with a space) and build output (`server/dist/main.mjs`) are not
 * paths of the repository.
 */
export function pathsIn(markdown: string): string[] {
  return [...markdown.matchAll(/`([^`\s]+)`/g)]
    .map((match) => match[1]!.replace(/[:,.;]+$/, '').replace(/:\d+(?:-\d+)?$/, ''))
    .filter((token) => !/[<>*{}…$]/.test(token) && !/^[/@-]|^http|^\.[^./]/.test(token) && !token.includes('/dist/'))
    .filter((token) => token.includes('/') || EXTENSIONS.test(token))
    .filter((token) => EXTENSIONS.test(token) || token.endsWith('/') || TOP_LEVEL.test(token) || token.startsWith('#server/'));
}

/**
 * Where a guide's path may be written from: its own folder, the repository, the server's source and
 * its modules, the web's source, the migrations. A decision may be named by its number alone
 * (`docs/decisions/019`).
 */
function exists(token: string, guide: string): boolean {
  const bases = [path.dirname(guide), '.', 'server', 'server/src', 'server/src/modules', 'web/src', 'web/src/features', 'migrations'];
  const candidates = token.startsWith('#server/') ? [`server/src/${token.slice('#server/'.length)}`, `server/src/${token.slice('#server/'.length)}.ts`] : bases.map((base) => path.join(base, token));
  return candidates.some((candidate) => isInRepository(candidate) && (fs.existsSync(path.join(ROOT, candidate)) || isDecisionNumber(candidate)));
}

/** A path that climbs out of the repository names what a user of the repository does not have, even where this machine has it. */
function isInRepository(relative: string): boolean {
  const resolved = path.resolve(ROOT, relative);
  return resolved === ROOT || resolved.startsWith(`${ROOT}${path.sep}`);
}

function isDecisionNumber(candidate: string): boolean {
  const match = /^docs\/decisions\/(\d{3})$/.exec(candidate);
  return match !== null && fs.readdirSync(path.join(ROOT, 'docs/decisions')).some((name) => name.startsWith(`${match[1]}-`));
}

describe('the guides name only what is in the repository', () => {
  const documents = [...GUIDES, ...markdownFiles('docs')];

  it('every relative link in the READMEs and docs/ resolves', () => {
    expect(documents.length).toBeGreaterThan(GUIDES.length);
    const broken = documents.flatMap((document) => {
      const markdown = fs.readFileSync(path.join(ROOT, document), 'utf8');
      return linksIn(markdown)
        .map((target) => ({ target, relative: path.join(path.dirname(document), target) }))
        .filter(({ relative }) => !isInRepository(relative) || !fs.existsSync(path.join(ROOT, relative)))
        .map(({ target }) => target)
        .map((target) => `${document}: ${target}`);
    });
    expect(broken).toEqual([]);
  });

  it.each(GUIDES)('every path %s names exists', (guide) => {
    const markdown = fs.readFileSync(path.join(ROOT, guide), 'utf8');
    const named = pathsIn(markdown);
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((token) => !exists(token, guide))).toEqual([]);
  });

  it('no document in docs/ names a path that climbs out of its folder to a file that is not there', () => {
    const outside = markdownFiles('docs').flatMap((document) =>
      pathsIn(fs.readFileSync(path.join(ROOT, document), 'utf8'))
        .filter((token) => token.startsWith('../'))
        .filter((token) => {
          const relative = path.join(path.dirname(document), token);
          return !isInRepository(relative) || !fs.existsSync(path.join(ROOT, relative));
        })
        .map((token) => `${document}: ${token}`),
    );
    expect(outside).toEqual([]);
  });

  it('finds links and paths as a reader sees them, and leaves out what is not a file', () => {
    const sample = [
      'See [the layout](docs/decisions/048-x.md#why) and [the site](https://example.org) and [top](#top).',
      'Copy `community/team.rest.ts`, read `docs/decisions/`, run `npm run lint`, call `/api/donations`,',
      'import `@trpc/server`, write `<module>.api.ts` or `.api.ts`, answer `image/webp`, open `server/src/app.ts:120`,',
      'build `server/dist/main.mjs`, read `docs/decisions/019` and `../shared/NOTES.md`.',
    ].join('\n');
    expect(linksIn(sample)).toEqual(['docs/decisions/048-x.md']);
    expect(pathsIn(sample)).toEqual(['community/team.rest.ts', 'docs/decisions/', 'server/src/app.ts', 'docs/decisions/019', '../shared/NOTES.md']);
    // A file this machine has outside the repository counts as missing.
    expect(fs.existsSync('/etc/passwd')).toBe(true);
    expect(exists(path.relative(ROOT, '/etc/passwd'), 'README.md')).toBe(false);
    expect(exists('docs/decisions/019', 'README.md')).toBe(true);
    expect(exists('docs/decisions/999', 'README.md')).toBe(false);
    expect(exists('community/no-such-file.ts', 'server/README.md')).toBe(false);
  });
});
