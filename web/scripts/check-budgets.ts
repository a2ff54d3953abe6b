/**
 * Byte budgets for the public pages (`npm run check:budgets`, after `npm run build`). Renders each
 * public page in English and in Hindi with the build's own server renderer (seed data, as on a new
 * database), and adds up what a first visit downloads, compressed as the server sends it: the HTML
 * with its inline CSS and favicon (Brotli, as rendered per request), the JavaScript (the inline boot
 * script, and the entry module and the page's code and texts it names, precompressed Brotli), the
 * fonts its language uses, and any favicon file. Fails (exit 1), naming the page and the figure,
 * when a page's JavaScript exceeds 91 KiB (90 until issue 29, docs/decisions/046) or its total exceeds 200 KiB.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import type { Renderer } from '../src/entry-server.tsx';
import { localizeHref } from '../src/i18n/lang-url.ts';
import { publicRoutes } from '../src/pages.ts';
import { publicSiteFixture } from '../src/testing/public-site-fixture.ts';
import { transparencyFixture } from '../src/testing/transparency-fixture.ts';
import { helpListFixture, helpRequestFixture } from '../src/features/help/help-fixture.ts';
import { fundraiserFixture } from '../src/features/fundraisers/fundraiser-fixture.ts';

export const JS_BUDGET = 91 * 1024;
export const TOTAL_BUDGET = 200 * 1024;

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.resolve(process.argv[2] ?? path.join(webDir, 'dist'));
const clientDir = path.join(distDir, 'client');
const serverDir = path.join(distDir, 'server');

/** What the server sends for a static file: its Brotli twin when there is one. */
function sentBytes(publicPath: string): number {
  const file = path.join(clientDir, publicPath);
  if (!file.startsWith(clientDir + path.sep) || !fs.existsSync(file)) throw new Error(`check-budgets: ${publicPath} is referenced but not in the build`);
  return fs.existsSync(`${file}.br`) ? fs.statSync(`${file}.br`).size : fs.statSync(file).size;
}

function brotli(text: string): number {
  // Quality 5, as the server compresses pages per request.
  return brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }).length;
}

export interface PageBytes {
  url: string;
  html: number;
  js: number;
  fonts: number;
  other: number;
  total: number;
}

export function measure(url: string, html: string, lang: string): PageBytes {
  const scripts = new Set<string>();
  // Script files named by the page, and the modules the (inline) boot script loads.
  for (const match of html.matchAll(/<script\b[^>]*>/g)) {
    const src = /\bsrc="(\/[^"]+)"/.exec(match[0])?.[1];
    if (src) scripts.add(src);
    const entry = /\bdata-entry="([^"]+)"/.exec(match[0])?.[1];
    if (entry) scripts.add(entry);
    for (const file of /\bdata-preload="([^"]*)"/.exec(match[0])?.[1]?.split(' ').filter(Boolean) ?? []) scripts.add(file);
  }
  for (const match of html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="(\/[^"]+)"/g)) scripts.add(match[1]!);
  // The Devanagari faces apply only to Hindi pages (html[lang="hi"]); English pages never load them.
  const fonts = lang === 'hi' ? [...new Set([...html.matchAll(/url\((\/assets\/[^)]+\.woff2)\)/g)].map((match) => match[1]!))] : [];
  const icons = [...html.matchAll(/<link\b[^>]*rel="icon"[^>]*href="(\/[^"]+)"/g)].map((match) => match[1]!);
  // Inline scripts travel in the page but are JavaScript all the same: counted as such, not twice.
  const inlineScript = /<script\b(?![^>]*\b(?:src|type)=)[^>]*>([\s\S]*?)<\/script>/g;
  const inlineCode = [...html.matchAll(inlineScript)].map((match) => match[1]!).join('\n');
  const bytes = {
    url,
    html: brotli(html.replace(inlineScript, '<script></script>')),
    js: (inlineCode ? brotli(inlineCode) : 0) + [...scripts].reduce((sum, file) => sum + sentBytes(file), 0),
    fonts: fonts.reduce((sum, file) => sum + sentBytes(file), 0),
    other: icons.reduce((sum, file) => sum + sentBytes(file), 0),
  };
  return { ...bytes, total: bytes.html + bytes.js + bytes.fonts + bytes.other };
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`.padStart(10);

async function main(): Promise<void> {
  const entry = path.join(serverDir, 'entry-server.js');
  if (!fs.existsSync(entry)) throw new Error('check-budgets: no build found; run `npm run build` first');
  const { createRenderer } = (await import(pathToFileURL(entry).href)) as { createRenderer: (options: { template: string; manifest: unknown; publicUrl: string }) => Promise<Renderer> };
  const renderer = await createRenderer({
    template: fs.readFileSync(path.join(serverDir, 'template.html'), 'utf8'),
    manifest: JSON.parse(fs.readFileSync(path.join(serverDir, 'build-manifest.json'), 'utf8')),
    publicUrl: 'https://sahay.example',
  });
  // With the UPI ID entered, so /donate is measured with its form (without it the page says donations open soon).
  const data = publicSiteFixture({ upiVpa: 'sahayfoundation@sbi' });
  // /transparency measured with a full page of gifts and two years of figures; other pages ignore it.
  const transparency = transparencyFixture();
  // /help with a full page of requests, and one request's page (the pattern with a sample ID).
  const helpRequest = helpRequestFixture();
  const help = { list: helpListFixture(), request: { id: helpRequest.id, detail: helpRequest } };
  // A member's fundraiser (issue 33) with a long story in both languages and a full list of supporters.
  const fundraiserDetail = fundraiserFixture();
  const fundraiser = { id: fundraiserDetail.id, detail: fundraiserDetail };
  const paths = [...publicRoutes.filter((route) => !route.pattern.includes(':')).map((route) => route.pattern), `/help/${helpRequest.id}`, `/fundraisers/${fundraiser.id}`, '/no-such-page'];

  const failures: string[] = [];
  console.log(`${'page'.padEnd(30)}${'HTML+CSS'.padStart(10)}${'JS'.padStart(10)}${'fonts'.padStart(10)}${'other'.padStart(10)}${'total'.padStart(10)}`);
  for (const lang of ['en', 'hi'] as const) {
    for (const pathname of paths) {
      const url = localizeHref(pathname, lang);
      const page = renderer.render({ path: pathname, search: url.includes('?') ? url.slice(url.indexOf('?') + 1) : '', data, transparency, help, fundraiser });
      const bytes = measure(url, page.html, page.lang);
      console.log(`${url.padEnd(30)}${kib(bytes.html)}${kib(bytes.js)}${kib(bytes.fonts)}${kib(bytes.other)}${kib(bytes.total)}`);
      if (bytes.js > JS_BUDGET) failures.push(`${url}: JavaScript ${kib(bytes.js).trim()} is over the budget of ${kib(JS_BUDGET).trim()}`);
      if (bytes.total > TOTAL_BUDGET) failures.push(`${url}: ${kib(bytes.total).trim()} in all is over the budget of ${kib(TOTAL_BUDGET).trim()}`);
    }
  }
  if (failures.length > 0) {
    console.error(`\nOver budget:\n${failures.map((failure) => `  ${failure}`).join('\n')}`);
    process.exit(1);
  }
  console.log(`\nAll public pages are within budget (JavaScript ≤ ${kib(JS_BUDGET).trim()}, total ≤ ${kib(TOTAL_BUDGET).trim()}, compressed).`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
