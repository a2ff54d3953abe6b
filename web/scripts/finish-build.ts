/**
 * Runs after `vite build` (client, with manifest) and `vite build --ssr` (the server renderer):
 * - dist/server/build-manifest.json: for each source module, the chunk files it needs, the entry
 *   module with its imports, and the boot script, so the server can name a page's code and texts;
 * - the boot script (src/boot/boot.js, minified, with its CSP hash) in build-manifest.json: the
 *   renderer writes it into every page, and it fetches the app's code once the first paint is on
 *   screen (the entry module and Vite's modulepreload links leave the template for it); and the
 *   page names the client may report Core Web Vitals under;
 * - dist/server/template.html: the page template (it is no page of its own, so not public), with
 *   the favicon inlined as a data: address;
 * - a Brotli and a gzip copy of each compressible asset, which the server sends when the browser
 *   accepts them (the server does not compress static files on the fly).
 */
import crypto from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_PREFIXES, publicRoutes } from '../src/pages.ts';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Optional argument: the build folder (default web/dist), for checking a build elsewhere.
const distDir = path.resolve(process.argv[2] ?? path.join(webDir, 'dist'));
const clientDir = path.join(distDir, 'client');
const serverDir = path.join(distDir, 'server');

interface ManifestChunk {
  file: string;
  imports?: string[];
}
type ViteManifest = Record<string, ManifestChunk>;

/** The chunk files a module needs: its own and, recursively, its static imports. */
function chunkFilesOf(manifest: ViteManifest, key: string): string[] {
  const files = new Set<string>();
  const visit = (current: string) => {
    const chunk = manifest[current];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return [...files];
}

const COMPRESSIBLE = /\.(js|css|svg|json|txt|xml|html)$/;

async function precompress(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      await precompress(file);
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name)) continue;
    const content = await readFile(file);
    await writeFile(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }));
    await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }));
  }
}

async function main(): Promise<void> {
  const manifestPath = path.join(clientDir, '.vite', 'manifest.json');
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as ViteManifest;
  const chunks = Object.fromEntries(Object.keys(manifest).map((key) => [key, chunkFilesOf(manifest, key)]));

  let template = await readFile(path.join(clientDir, 'index.html'), 'utf8');
  for (const marker of ['<html lang="en">', '<!--head-->', '<!--app-html-->', '<!--boot-data-->']) {
    if (!template.includes(marker)) throw new Error(`finish-build: the template lost its marker ${marker}`);
  }
  // The entry module and its imports are fetched by the boot script after the first paint.
  const entryTag = /<script type="module" crossorigin src="\/([^"]+)"><\/script>/.exec(template);
  if (!entryTag?.[1]) throw new Error('finish-build: no entry module in the template');
  const entry = { script: entryTag[1], imports: chunkFilesOf(manifest, 'index.html').filter((file) => file !== entryTag[1]) };
  // The boot script goes at the end of the body (the renderer puts it where <!--scripts--> is), after
  // the page and its data: it runs as the parser reaches it, with everything it needs in place.
  template = template.replace(entryTag[0], '').replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '').replace('<!--boot-data-->', '<!--boot-data--><!--scripts-->');
  if (/<script\b/i.test(template)) throw new Error('finish-build: a script slipped into the template (the CSP allows only the boot script; it loads the rest)');

  // The favicon travels inside the page: a browser asks for it while it paints the page, and on a
  // slow network that request is a round trip the first paint can do without (a few hundred bytes).
  const iconTag = /<link rel="icon" href="\/(favicon\.svg)" type="image\/svg\+xml" \/>/.exec(template);
  if (!iconTag?.[1]) throw new Error('finish-build: no favicon link in the template');
  const icon = (await readFile(path.join(clientDir, iconTag[1]), 'utf8')).trim();
  template = template.replace(iconTag[0], () => `<link rel="icon" href="data:image/svg+xml,${encodeURIComponent(icon)}" type="image/svg+xml" />`);

  // The boot script is written into every page, allowed by the CSP through its hash (the server
  // adds it to script-src): a separate file would cost a phone one more round trip before the
  // app's code could even be asked for. docs/decisions/012.
  const bootSource = await readFile(path.join(webDir, 'src', 'boot', 'boot.js'), 'utf8');
  const bootCode = bootSource.replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '').replace(/\n\s*/g, '\n').trim();
  if (/<\/script|<!--/i.test(bootCode)) throw new Error('finish-build: the boot script cannot be inlined as it is (it contains </script or <!--)');
  const boot = { code: bootCode, hash: `sha256-${crypto.createHash('sha256').update(bootCode).digest('base64')}` };

  await mkdir(serverDir, { recursive: true });
  // The names a page can report its Core Web Vitals under (web/src/entry-client.tsx); the server takes no other.
  const pages = [...publicRoutes.map((route) => route.pattern), ...APP_PREFIXES, '404'];
  await writeFile(path.join(serverDir, 'build-manifest.json'), `${JSON.stringify({ chunks, entry, boot, pages }, null, 2)}\n`);
  await writeFile(path.join(serverDir, 'template.html'), template);
  await rm(path.join(clientDir, 'index.html'));
  await rm(path.join(clientDir, '.vite'), { recursive: true, force: true });
  await precompress(clientDir);
  console.log(`finish-build: ${Object.keys(chunks).length} modules and the boot script (${bootCode.length} bytes) in build-manifest.json; template and compressed assets written`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
