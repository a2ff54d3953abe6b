import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import { readWebBuild } from '#server/http/web-pages';
import { helpFields } from '#server/testing/contract/rest-fixtures';
import { FAKE_ASSET, FAKE_BOOT_SCRIPT_HASH, fakeRenderCount, fakeWebDist } from '#server/testing/fake-web-dist';
import { createTestApp, type AppCaller, type TestApp } from '#server/testing/test-services';
import { simplePdf } from '#server/uploads/test-files.test-helper';

/** Raw responses, bodies not decoded: what a browser receives on the wire. */
function get(base: string, pathname: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const request = http.request(new URL(pathname, base), { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end();
  });
}

function text(response: { headers: http.IncomingHttpHeaders; body: Buffer }): string {
  const encoding = response.headers['content-encoding'];
  const raw = encoding === 'br' ? zlib.brotliDecompressSync(response.body) : encoding === 'gzip' ? zlib.gunzipSync(response.body) : response.body;
  return raw.toString('utf8');
}

describe('web pages (server rendering per request)', () => {
  let app: TestApp;
  let server: http.Server;
  let base: string;
  let admin: Awaited<ReturnType<TestApp['account']>>;
  const dist = fakeWebDist();

  beforeAll(async () => {
    app = await createTestApp('pglite');
    admin = await app.account({ role: 'admin' });
    server = http.createServer(createApp(app.services, { webDistDir: dist }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await app?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('renders each request with the live settings: an admin change shows on the next request', async () => {
    const before = text(await get(base, '/'));
    expect(before).toContain('Home page');
    expect(before).toContain('email=contact@sahay.example');
    const caller = await app.caller({ token: admin.token });
    const { version } = await caller.site.settings.get();
    await caller.site.settings.update({ expectedVersion: version, data: { email: 'office@sahay.example' } });
    expect(text(await get(base, '/'))).toContain('email=office@sahay.example');
  });

  it('renders the navigation for who the session cookie signs in, keeps one page per kind of viewer, and looks up no session for a visitor', async () => {
    const member = await app.account();
    const withCookie = (token: string) => ({ Cookie: `sahay_session=${token}; sahay_lang=en` });
    const visitorPage = await get(base, '/about?viewer=1');
    expect(text(visitorPage)).toContain('viewer=visitor');
    expect(visitorPage.headers.vary).toContain('Cookie');
    expect(text(await get(base, '/about?viewer=1', withCookie(member.token)))).toContain('viewer=member');
    expect(text(await get(base, '/about?viewer=1', withCookie(admin.token)))).toContain('viewer=admin');
    // A cookie that signs nobody in (ended, forged, not even well-formed) is a visitor's.
    expect(text(await get(base, '/about?viewer=1', withCookie('x'.repeat(43))))).toContain('viewer=visitor');
    const malformed = await get(base, '/?viewer=1', { Cookie: 'sahay_session=%E0%A4%A' });
    expect([malformed.status, text(malformed)]).toEqual([200, expect.stringContaining('viewer=visitor')]);
    // The API too: a visitor, not a 500.
    const api = await get(base, '/api/help', { Cookie: 'sahay_session=%E0%A4%A' });
    expect(api.status).toBe(200);
    const rendered = fakeRenderCount();
    expect(text(await get(base, '/about?viewer=1', withCookie(member.token)))).toContain('viewer=member');
    expect(text(await get(base, '/about?viewer=1'))).toContain('viewer=visitor');
    expect(fakeRenderCount()).toBe(rendered);
    // Signed out, the same cookie shows a visitor's page at once.
    await (await app.caller({ token: member.token })).identity.logout();
    expect(text(await get(base, '/about?viewer=1', withCookie(member.token)))).toContain('viewer=visitor');
  });

  it('renders a page once while the public data stays the same, per address and remembered language, and compresses it once', async () => {
    await get(base, '/about?x=1', { 'Accept-Encoding': 'br' });
    const rendered = fakeRenderCount();
    const first = await get(base, '/about?x=1', { 'Accept-Encoding': 'br' });
    const again = await get(base, '/about?x=1', { 'Accept-Encoding': 'br' });
    expect(fakeRenderCount()).toBe(rendered);
    expect(again.body.equals(first.body)).toBe(true);
    expect(text(await get(base, '/about?x=1'))).toBe(text(first));
    expect(fakeRenderCount()).toBe(rendered);
    // Another query, another remembered language: another page.
    expect(text(await get(base, '/about?x=2'))).toContain('search=x=2');
    expect(text(await get(base, '/about?x=1', { Cookie: 'sahay_lang=hi' }))).toContain('lang=hi');
    expect(fakeRenderCount()).toBe(rendered + 2);
    // Any event may change what a page shows: the next request renders again.
    const caller = await app.caller({ token: admin.token });
    const { version } = await caller.site.settings.get();
    await caller.site.settings.update({ expectedVersion: version, data: { email: 'cache@sahay.example' } });
    expect(text(await get(base, '/about?x=1', { 'Accept-Encoding': 'br' }))).toContain('email=cache@sahay.example');
    expect(fakeRenderCount()).toBe(rendered + 3);
  });

  it('hands the renderer the path, the query, the remembered language, the template, the manifest and the public URL', async () => {
    const page = await get(base, '/register/SH1234567?ref=x&lang=hi', { Cookie: 'other=1; sahay_lang=en' });
    expect(page.status).toBe(200);
    const html = text(page);
    expect(html).toMatch(/^<!doctype html><html><body><h1>Register<\/h1>/);
    expect(html).toContain('path=/register/SH1234567 search=ref=x&lang=hi lang=hi');
    expect(html).toContain(`url=${app.services.config.publicUrl}`);
    expect(html).toContain('chunks=1');
    expect(text(await get(base, '/about', { Cookie: 'sahay_lang=hi' }))).toContain('lang=hi');
    expect(text(await get(base, '/about', { Cookie: 'sahay_lang=fr' }))).not.toContain('lang=fr');
  });

  it('answers with the status the page decides (404 for unknown paths), never cached without asking again', async () => {
    const missing = await get(base, '/no/such/page');
    expect(missing.status).toBe(404);
    expect(text(missing)).toContain('Page Not Found');
    expect(missing.headers['content-type']).toMatch(/^text\/html/);
    expect(missing.headers['cache-control']).toBe('no-cache');
    expect(missing.headers.vary).toMatch(/Cookie/);
    expect(missing.headers['content-language']).toBe('en');
    const shell = await get(base, '/dashboard');
    expect(shell.status).toBe(200);
    expect(text(shell)).toContain('id="root"');
  });

  it('keeps the CSP and the rest of the security headers on rendered pages', async () => {
    const page = await get(base, '/');
    // Scripts from this origin and the build's boot script by its hash; no other inline script.
    const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(String(page.headers['content-security-policy']))?.[1];
    expect(scriptSrc).toBe(`'self' '${FAKE_BOOT_SCRIPT_HASH}'`);
    expect(page.headers['x-frame-options']).toBe('DENY');
  });

  it('compresses pages with Brotli or gzip, as the browser accepts', async () => {
    const brotli = await get(base, '/', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(text(brotli)).toContain('Home page');
    const gzip = await get(base, '/', { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(text(gzip)).toContain('Home page');
    const plain = await get(base, '/');
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('answers a repeated request with 304 when the page has not changed', async () => {
    const first = await get(base, '/', { 'Accept-Encoding': 'br' });
    const etag = String(first.headers.etag);
    expect(etag).not.toBe('undefined');
    expect((await get(base, '/', { 'Accept-Encoding': 'br', 'If-None-Match': etag })).status).toBe(304);
  });

  it('serves hashed assets precompressed and cached for good, and a missing one as 404', async () => {
    const brotli = await get(base, '/assets/app-abc123.js', { 'Accept-Encoding': 'br, gzip' });
    expect(brotli.status).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toBe('Accept-Encoding');
    expect(text(brotli)).toBe(FAKE_ASSET);
    const gzip = await get(base, '/assets/app-abc123.js', { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(text(gzip)).toBe(FAKE_ASSET);
    const plain = await get(base, '/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(FAKE_ASSET);
    expect(plain.headers['cache-control']).toContain('immutable');
    const missing = await get(base, '/assets/app-old999.js');
    expect(missing.status).toBe(404);
    expect((await get(base, '/favicon.svg')).headers['cache-control']).toBe('public, max-age=3600');
  });

  it('does not serve the server build (renderer, template, manifest) to the public', async () => {
    for (const file of ['/server/entry-server.js', '/server/template.html', '/entry-server.js', '/build-manifest.json']) {
      expect((await get(base, file)).status, file).toBe(404);
    }
  });

  it('serves robots.txt and sitemap.xml from the renderer', async () => {
    const robots = await get(base, '/robots.txt');
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(text(robots)).toContain('Disallow: /admin/');
    const sitemap = await get(base, '/sitemap.xml');
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    expect(text(sitemap)).toContain('<urlset>');
  });

  it('answers HEAD like GET, without a body', async () => {
    const head = await get(base, '/', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });

  it('says how to build the web app when there is no build', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'sahay-empty-dist-'));
    const unbuilt = http.createServer(createApp(app.services, { webDistDir: empty }));
    await new Promise<void>((resolve) => unbuilt.listen(0, '127.0.0.1', resolve));
    try {
      const response = await get(`http://127.0.0.1:${(unbuilt.address() as AddressInfo).port}`, '/about');
      expect(response.status).toBe(503);
      expect(text(response)).toContain('npm run build');
      // No build, no boot script: the CSP allows no inline script at all; and no page names to report vitals under.
      expect(/(?:^|;)\s*script-src ([^;]*)/.exec(String(response.headers['content-security-policy']))?.[1]).toBe("'self'");
      expect(readWebBuild(empty)).toEqual({ manifest: null, inlineScriptSources: [], pagePatterns: new Set() });
    } finally {
      await new Promise((resolve) => unbuilt.close(resolve));
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });

  it('allows an inline script only by a well-formed hash from the build manifest', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahay-manifest-'));
    try {
      fs.mkdirSync(path.join(dir, 'server'));
      const manifest = path.join(dir, 'server', 'build-manifest.json');
      for (const hash of ["sha256-abc' 'unsafe-inline", 'sha256-short=', 42]) {
        fs.writeFileSync(manifest, JSON.stringify({ boot: { code: 'x', hash } }));
        expect(readWebBuild(dir).inlineScriptSources).toEqual([]);
      }
      fs.writeFileSync(manifest, JSON.stringify({ boot: { code: 'x', hash: FAKE_BOOT_SCRIPT_HASH } }));
      expect(readWebBuild(dir).inlineScriptSources).toEqual([`'${FAKE_BOOT_SCRIPT_HASH}'`]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

/**
 * A renderer that shows what the server handed it for the help pages (and lists in the sitemap the
 * requests it was given), in place of the fake build's: the help pages' data is read per request.
 */
const HELP_RENDERER = `
export async function createRenderer() {
  return {
    render({ path, search, help }) {
      globalThis.fakeWebRenders = (globalThis.fakeWebRenders ?? 0) + 1;
      const isMissing = /^\\/help\\/./i.test(path) && !help?.request?.detail;
      return { status: isMissing ? 404 : 200, html: '<pre>' + JSON.stringify({ path, search, help: help ?? null }) + '</pre>', lang: 'en' };
    },
    sitemap(data, helpRequests) {
      return '<urlset>' + helpRequests.map((request) => '<url><loc>/help/' + request.id + '</loc></url>').join('') + '</urlset>';
    },
    robots() { return ''; },
  };
}
`;

interface RenderedHelp {
  path: string;
  help: { list?: { requests: Array<{ id: string }>; category: string | null; page: number }; request?: { id: string; detail: { id: string; title: { en: string | null } } | null } } | null;
}

describe('web pages: the help pages (issue 14)', () => {
  const clock = new Date('2031-07-01T06:00:00.000Z');
  let app: TestApp;
  let server: http.Server;
  let base: string;
  let member: { token: string };
  let verifier: AppCaller;
  const dist = fakeWebDist();
  fs.writeFileSync(path.join(dist, 'server', 'entry-server.js'), HELP_RENDERER);

  beforeAll(async () => {
    app = await createTestApp('pglite', { now: () => clock });
    member = await app.account();
    verifier = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['verification'] })).token });
    server = http.createServer(createApp(app.services, { webDistDir: dist }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await app?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  /** A member's request as the form sends it (POST /api/help, an estimate attached): its ID. */
  async function submittedHelpRequest(): Promise<string> {
    const req = request(app.http()).post('/api/help').set({ Authorization: `Bearer ${member.token}` });
    for (const [name, value] of Object.entries(helpFields('2031-06-10'))) req.field(name, value);
    const res = await req.attach('document1', await simplePdf(1, 'Hospital estimate'), { filename: 'estimate.pdf', contentType: 'application/pdf' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  }

  async function publishedHelpRequest(): Promise<string> {
    const id = await submittedHelpRequest();
    await verifier.help.admin.checkIdentity({ id, idKind: 'aadhaar', isMatched: true });
    await verifier.help.admin.publish({ id });
    return id;
  }

  async function rendered(pathname: string): Promise<{ status: number; page: RenderedHelp }> {
    const response = await get(base, pathname);
    return { status: response.status, page: JSON.parse(/<pre>([\s\S]*)<\/pre>/.exec(text(response))![1]!) as RenderedHelp };
  }

  it('renders /help with the published requests, afresh on every request: never a stale list from the page cache', async () => {
    const before = await rendered('/help');
    const renders = fakeRenderCount();
    await rendered('/help');
    expect(fakeRenderCount()).toBe(renders + 1);
    const id = await publishedHelpRequest();
    const after = await rendered('/help');
    expect(after.page.help?.list?.requests.map((request) => request.id)).toEqual([id, ...(before.page.help?.list?.requests.map((request) => request.id) ?? [])]);
  });

  it('reads the cause and the page from the address as the web does (trimmed, any case); an unknown cause lists all', async () => {
    expect((await rendered('/help?cause=%20KANYADAN%20&page=2')).page.help?.list).toMatchObject({ category: 'marriage', page: 2 });
    expect((await rendered('/help?cause=people')).page.help?.list?.category).toBeNull();
    expect((await rendered('/help?cause=nonsense&page=x')).page.help?.list).toMatchObject({ category: null, page: 1 });
    expect((await rendered('/help?page=999999999')).status).toBe(200);
  });

  it('renders /help/:id with the published request, whatever the case of the ID; unknown, unpublished or malformed IDs answer 404', async () => {
    const id = await publishedHelpRequest();
    const shown = await rendered(`/help/${id.toLowerCase()}`);
    expect(shown.status).toBe(200);
    expect(shown.page.help?.request?.detail).toMatchObject({ id, title: { en: 'Heart surgery for my father' } });
    const unpublished = await submittedHelpRequest();
    for (const missing of [`/help/${unpublished}`, '/help/ZZZZ9999', '/help/not%20an%20id', `/help/${'A'.repeat(40)}`]) {
      const answer = await rendered(missing);
      expect(answer.status, missing).toBe(404);
      expect(answer.page.help?.request?.detail, missing).toBeNull();
    }
  });

  it('lists published requests in the sitemap, never one that was not published', async () => {
    const published = await publishedHelpRequest();
    const unpublished = await submittedHelpRequest();
    const sitemap = text(await get(base, '/sitemap.xml'));
    expect(sitemap).toContain(`<loc>/help/${published}</loc>`);
    expect(sitemap).not.toContain(unpublished);
  });
});
