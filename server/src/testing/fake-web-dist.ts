import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * A stand-in for the web build (web/dist), so server tests do not depend on building the web app:
 * client/ with one hashed asset and its Brotli and gzip twins, and server/ with a renderer that
 * answers like the real one (web/src/entry-server.tsx) and shows what it was given.
 */
export const FAKE_ASSET = "console.log('sahay');\n".repeat(20);
export const FAKE_BOOT_SCRIPT = "console.log('boot');";
/** The page names the fake build declares for Core Web Vitals reports. */
export const FAKE_PAGES = ['/', '/contact', '/KanyadanYojna', '/about', '/verify/:memberId', '/admin', '404'];
/** How many pages the fake renderers of this process have rendered. */
export function fakeRenderCount(): number {
  return (globalThis as { fakeWebRenders?: number }).fakeWebRenders ?? 0;
}
export const FAKE_BOOT_SCRIPT_HASH = `sha256-${crypto.createHash('sha256').update(FAKE_BOOT_SCRIPT).digest('base64')}`;

const RENDERER = `
export async function createRenderer({ template, manifest, publicUrl }) {
  return {
    render({ path, search, rememberedLang, data, transparency, viewer }) {
      globalThis.fakeWebRenders = (globalThis.fakeWebRenders ?? 0) + 1;
      const params = new URLSearchParams(search);
      const lang = params.get('lang') ?? rememberedLang ?? 'en';
      const known = path === '/' ? '<title>Home</title><h1>Home page</h1>'
        : path.startsWith('/register') ? '<h1>Register</h1>'
        : path === '/transparency' ? '<h1>Transparency</h1><pre>' + JSON.stringify(transparency?.gifts ?? null) + '</pre><pre>' + JSON.stringify(transparency?.payments ?? null) + '</pre>'
        : path === '/dashboard' || path.startsWith('/admin/') ? '<div id="root">app</div>'
        : null;
      const body = (known ?? '<h1>Page Not Found</h1>')
        + '<p>path=' + path + ' search=' + search + ' lang=' + lang + ' email=' + data.settings.email + ' url=' + publicUrl + ' chunks=' + Object.keys(manifest.chunks).length + ' viewer=' + (viewer ?? 'visitor') + '</p>';
      return { status: known ? 200 : 404, html: template.replace('<!--app-html-->', body + '<!-- padding -->'.repeat(80)), lang };
    },
    sitemap(data) { return '<?xml version="1.0"?><urlset><url><loc>' + publicUrl + '/</loc></url><!-- ' + data.settings.email + ' --></urlset>'; },
    robots() { return 'User-agent: *\\nDisallow: /admin/\\n'; },
  };
}
`;

export function fakeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahay-dist-'));
  fs.mkdirSync(path.join(dir, 'client', 'assets'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'server'), { recursive: true });
  const asset = path.join(dir, 'client', 'assets', 'app-abc123.js');
  fs.writeFileSync(asset, FAKE_ASSET);
  fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(FAKE_ASSET));
  fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(FAKE_ASSET));
  fs.writeFileSync(path.join(dir, 'client', 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(dir, 'server', 'entry-server.js'), RENDERER);
  fs.writeFileSync(path.join(dir, 'server', 'template.html'), '<!doctype html><html><body><!--app-html--></body></html>');
  fs.writeFileSync(path.join(dir, 'server', 'build-manifest.json'), JSON.stringify({ chunks: { 'src/a.tsx': ['assets/app-abc123.js'] }, boot: { code: FAKE_BOOT_SCRIPT, hash: FAKE_BOOT_SCRIPT_HASH }, pages: FAKE_PAGES }));
  return dir;
}
