import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Renderer } from '../src/entry-server.tsx';
import { publicSiteFixture } from '../src/testing/public-site-fixture.ts';
const distDir = path.resolve(process.argv[2]!);
const serverDir = path.join(distDir, 'server');
const { createRenderer } = (await import(pathToFileURL(path.join(serverDir, 'entry-server.js')).href)) as { createRenderer: (o: unknown) => Promise<Renderer> };
const renderer = await createRenderer({ template: fs.readFileSync(path.join(serverDir, 'template.html'), 'utf8'), manifest: JSON.parse(fs.readFileSync(path.join(serverDir, 'build-manifest.json'), 'utf8')), publicUrl: 'https://sahay.example' });
const page = renderer.render({ path: '/donate', search: 'lang=hi', data: publicSiteFixture({ upiVpa: 'x@sbi' }) } as never);
const scripts = new Set<string>();
for (const m of page.html.matchAll(/<script\b[^>]*>/g)) {
  const src = /\bsrc="(\/[^"]+)"/.exec(m[0])?.[1]; if (src) scripts.add(src);
  const e = /\bdata-entry="([^"]+)"/.exec(m[0])?.[1]; if (e) scripts.add(e);
  for (const f of /\bdata-preload="([^"]*)"/.exec(m[0])?.[1]?.split(' ').filter(Boolean) ?? []) scripts.add(f);
}
for (const m of page.html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="(\/[^"]+)"/g)) scripts.add(m[1]!);
for (const s of [...scripts].sort()) { const f = path.join(distDir, 'client', s); console.log(s.replace(/-[A-Za-z0-9_-]{8}\.js$/, ''), fs.statSync(fs.existsSync(f + '.br') ? f + '.br' : f).size); }
