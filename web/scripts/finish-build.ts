/**
 * Runs after `vite build` (client, with manifest) and `vite build --ssr` (the server renderer):
 * - dist/server/build-manifest.json: for each source module, the chunk files it needs, so the
 *   server can add modulepreload links for a page's code and texts;
 * - dist/server/template.html: the page template (it is no page of its own, so not public);
 * - a Brotli and a gzip copy of each compressible asset, which the server sends when the browser
 *   accepts them (the server does not compress static files on the fly).
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
  await mkdir(serverDir, { recursive: true });
  await writeFile(path.join(serverDir, 'build-manifest.json'), `${JSON.stringify({ chunks }, null, 2)}\n`);

  const template = await readFile(path.join(clientDir, 'index.html'), 'utf8');
  for (const marker of ['<html lang="en">', '<!--head-->', '<!--app-html-->', '<!--boot-data-->']) {
    if (!template.includes(marker)) throw new Error(`finish-build: the template lost its marker ${marker}`);
  }
  if (/<script(?![^>]*\bsrc=)[^>]*>/i.test(template)) throw new Error('finish-build: an inline script slipped into the template (the CSP forbids them)');
  await rename(path.join(clientDir, 'index.html'), path.join(serverDir, 'template.html'));
  await rm(path.join(clientDir, '.vite'), { recursive: true, force: true });
  await precompress(clientDir);
  console.log(`finish-build: ${Object.keys(chunks).length} modules in build-manifest.json; template and compressed assets written`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
