import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { publicSiteFixture } from '../src/testing/public-site-fixture.ts';
const serverDir = path.resolve('dist/server'); const clientDir = path.resolve('dist/client');
const { createRenderer } = await import(pathToFileURL(path.join(serverDir, 'entry-server.js')).href);
const renderer = await createRenderer({ template: fs.readFileSync(path.join(serverDir, 'template.html'), 'utf8'), manifest: JSON.parse(fs.readFileSync(path.join(serverDir, 'build-manifest.json'), 'utf8')), publicUrl: 'https://sahay.example' });
const page = renderer.render({ path: process.argv[2], search: process.argv[3] ?? '', data: publicSiteFixture({ upiVpa: 'sahayfoundation@sbi' }) });
const scripts = new Set<string>();
for (const match of page.html.matchAll(/<script\b[^>]*>/g)) {
  const src = /\bsrc="(\/[^"]+)"/.exec(match[0])?.[1]; if (src) scripts.add(src);
  const entry = /\bdata-entry="([^"]+)"/.exec(match[0])?.[1]; if (entry) scripts.add(entry);
  for (const f of /\bdata-preload="([^"]*)"/.exec(match[0])?.[1]?.split(' ').filter(Boolean) ?? []) scripts.add(f);
}
for (const m of page.html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="(\/[^"]+)"/g)) scripts.add(m[1]!);
let sum = 0;
for (const s of scripts) { const f = path.join(clientDir, s); const n = fs.existsSync(f + '.br') ? fs.statSync(f + '.br').size : fs.statSync(f).size; sum += n; console.log(String(n).padStart(7), s); }
console.log(sum);
