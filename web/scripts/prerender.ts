/**
 * Writes the public pages as complete HTML (content before any script runs), the app shell for
 * member and admin areas, the 404 page and routes.json, which tells the server what to answer
 * for each path. Runs after `vite build` (client, with manifest) and `vite build --ssr`.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Optional arguments: the client and SSR output folders (default web/dist and web/dist-ssr).
const distDir = path.resolve(process.argv[2] ?? path.join(webDir, 'dist'));
const ssrDir = path.resolve(process.argv[3] ?? path.join(webDir, 'dist-ssr'));
const ssrEntry = path.join(ssrDir, 'entry-prerender.js');

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface PrerenderModule {
  renderPage(ssrPath: string | null): Promise<{ html: string; title: string; description: string }>;
  prerenderTargets: Array<{ ssrPath: string; file: string; patterns: string[]; sources: string[] }>;
  APP_PREFIXES: string[];
}

const DEFAULT_TITLE = 'Sahay Foundation';

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The chunk files a set of source modules needs: their own chunks and, recursively, their static imports. */
function chunkFilesFor(manifest: Manifest, sources: string[]): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`prerender: ${key} is not in Vite's manifest — is the path in pages.ts right?`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const source of sources) visit(source);
  return [...files];
}

function fillTemplate(
  template: string,
  page: { html: string; title: string; description: string },
  options: { ssrPath: string | null; preload: string[]; isNoIndex?: boolean },
): string {
  const alreadyLinked = (file: string) => template.includes(`/${file}"`);
  const preloadLinks = options.preload
    .filter((file) => file.endsWith('.js') && !alreadyLinked(file))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('');
  const robots = options.isNoIndex ? '<meta name="robots" content="noindex">' : '';
  const rootAttributes = options.ssrPath === null ? '' : ` data-ssr-path="${escapeHtml(options.ssrPath)}"`;
  const filled = template
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(page.title || DEFAULT_TITLE)}</title>`)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, () => `<meta name="description" content="${escapeHtml(page.description || DEFAULT_TITLE)}">${robots}`)
    .replace('</head>', () => `${preloadLinks}</head>`)
    .replace('<div id="root"><!--app-html--></div>', () => `<div id="root"${rootAttributes}>${page.html}</div>`);
  if (!filled.includes(page.html) || /<script(?![^>]*\bsrc=)[^>]*>/i.test(filled)) {
    throw new Error('prerender: the template lost its markers, or an inline script slipped in (the CSP forbids them)');
  }
  return filled;
}

async function write(file: string, content: string): Promise<void> {
  const target = path.join(distDir, file);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, content);
}

async function main(): Promise<void> {
  const template = await readFile(path.join(distDir, 'index.html'), 'utf8');
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Manifest;
  const prerender = (await import(pathToFileURL(ssrEntry).href)) as PrerenderModule;

  const pages: Array<{ pattern: string; file: string }> = [];
  let notFound = '';
  for (const target of prerender.prerenderTargets) {
    const page = await prerender.renderPage(target.ssrPath);
    await write(target.file, fillTemplate(template, page, { ssrPath: target.ssrPath, preload: chunkFilesFor(manifest, target.sources) }));
    if (target.patterns.length === 0) notFound = target.file;
    for (const pattern of target.patterns) pages.push({ pattern, file: target.file });
    console.log(`prerendered ${target.file.padEnd(24)} ${page.title}`);
  }
  if (!notFound) throw new Error('prerender: no 404 page among the targets');

  const shell = await prerender.renderPage(null);
  await write('app.html', fillTemplate(template, shell, { ssrPath: null, preload: [], isNoIndex: true }));
  console.log('prerendered app.html (shell for', prerender.APP_PREFIXES.join(', ') + ')');

  const routes = { pages, app: 'app.html', notFound, appPrefixes: prerender.APP_PREFIXES };
  await write('routes.json', `${JSON.stringify(routes, null, 2)}\n`);

  // The manifest maps source paths to chunks; the server has no use for it, visitors even less.
  await rm(path.join(distDir, '.vite'), { recursive: true, force: true });
  await rm(ssrDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
