import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Express, NextFunction, Request, Response } from 'express';
import express from 'express';
import { isAppError } from '#server/errors/app-error';
import { readCookie } from '#server/http/session-middleware';
import { SESSION_COOKIE } from '#server/modules/identity/identity.api';
import { getPublicFundraiser, type TPublicFundraiser } from '#server/modules/fundraisers/fundraisers.api';
import { getPublicRequest, listPublicRequests, listPublishedRequestIds, type THelpList, type TPublicHelpRequestDetail } from '#server/modules/help/help.api';
import { getPublicSiteData, getPublicTransparency, type PublicSiteData, type TTransparency } from '#server/modules/transparency/transparency.api';
import type { Services } from '#server/services';

/**
 * What the web build's server renderer (web/src/entry-server.tsx, built into
 * web/dist/server/entry-server.js) offers. Declared here rather than imported: the server must
 * not depend on the web's source, only on its build output.
 */
export interface WebRenderer {
  render(request: { path: string; search: string; rememberedLang?: string; data: PublicSiteData; transparency?: TTransparency; help?: HelpPageData; fundraiser?: FundraiserPageData; vitalsSampleRate?: number; viewer?: Viewer }): {
    status: number;
    html: string;
    lang: string;
  };
  sitemap(data: PublicSiteData, helpRequests: ReadonlyArray<{ id: string; updatedAt: string }>): string;
  robots(): string;
}

/** Who the page's navigation is for: the member's or admin's links, or a visitor's. */
type Viewer = 'member' | 'admin' | null;

/**
 * Who the session cookie signs in, for the navigation only (the member and admin areas ask the API
 * who is signed in). A visitor sends no session cookie, so their pages cost no lookup; a cookie that
 * no longer signs anyone in is a visitor's.
 */
async function viewerOf(services: Services, req: Request): Promise<Viewer> {
  const token = readCookie(req.headers.cookie, SESSION_COOKIE);
  if (!token) return null;
  const user = await services.sessions.resolve(token, services.now());
  return user ? (user.role === 'admin' ? 'admin' : 'member') : null;
}

/** /help: a page of the list; /help/:id: the request asked for, null when there is none to show. */
interface HelpPageData {
  list?: THelpList;
  request?: { id: string; detail: TPublicHelpRequestDetail | null };
}

/** /fundraisers/:id: the fundraiser asked for, null when there is none to show (unknown, not approved, refused). */
interface FundraiserPageData {
  id: string;
  detail: TPublicFundraiser | null;
}

interface RendererModule {
  createRenderer(options: { template: string; manifest: unknown; publicUrl: string }): Promise<WebRenderer>;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const LANG_COOKIE = /(?:^|;\s*)sahay_lang=(en|hi)(?:;|$)/;
const NOT_BUILT = 'The web app is not built. Run `npm run build` (npm start does it for you).';
const TRANSPARENCY_PATH = /^\/transparency\/*$/i;
// As the web's routes match them (pages.ts): case-insensitive, trailing slashes ignored.
const HELP_LIST_PATH = /^\/help\/*$/i;
const HELP_REQUEST_PATH = /^\/help\/([^/]+)\/*$/i;
/** Anything else in the place of a request's ID is not one: no need to ask the database. */
const HELP_ID_LIKE = /^[A-Za-z0-9]{1,32}$/;
/** The help list's last possible page (its query schema's bound). */
const MAX_HELP_PAGE = 100_000;

/** The list page /transparency?page= (or ?paidPage=) or /help?page= asks for; anything that is not a page number shows the first. */
function listPageOf(req: Request, name: 'page' | 'paidPage' = 'page'): number {
  const asked = req.query[name];
  const page = Number(typeof asked === 'string' ? asked : 1);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/**
 * What /help and /help/:id show, read from the help module; undefined for any other page. The
 * cause is trimmed and lower-cased as the web reads it (help-request-text.ts causeOf), so the
 * client recognises the list it was rendered with. An unknown or unpublished request is null: the
 * page answers 404.
 */
async function readHelpPage(services: Services, req: Request): Promise<HelpPageData | undefined> {
  if (HELP_LIST_PATH.test(req.path)) {
    const cause = typeof req.query.cause === 'string' ? req.query.cause.trim().toLowerCase() : '';
    const page = Math.min(listPageOf(req), MAX_HELP_PAGE);
    return { list: await listPublicRequests(services, cause && cause.length <= 40 ? { cause, page } : { page }) };
  }
  const id = HELP_REQUEST_PATH.exec(req.path)?.[1];
  if (id === undefined) return undefined;
  const detail = HELP_ID_LIKE.test(id)
    ? await getPublicRequest(services, id.toUpperCase()).catch((error: unknown) => {
        if (isAppError(error) && (error.code === 'NOT_FOUND' || error.code === 'BAD_REQUEST')) return null;
        throw error;
      })
    : null;
  return { request: { id, detail } };
}

const FUNDRAISER_PATH = /^\/fundraisers\/([^/]+)\/*$/i;
const FUNDRAISER_ID_LIKE = /^F[A-Za-z0-9]{9}$/;

/** What /fundraisers/:id shows, read from the fundraisers module; undefined for any other page. */
async function readFundraiserPage(services: Services, req: Request): Promise<FundraiserPageData | undefined> {
  const id = FUNDRAISER_PATH.exec(req.path)?.[1];
  if (id === undefined) return undefined;
  const detail = FUNDRAISER_ID_LIKE.test(id)
    ? await getPublicFundraiser(services, id.toUpperCase()).catch((error: unknown) => {
        if (isAppError(error) && error.code === 'NOT_FOUND') return null;
        throw error;
      })
    : null;
  return { id, detail };
}

type Encoding = 'br' | 'gzip';

/** Brotli when the browser takes it (every current one does; it is smaller), else gzip. */
function acceptedEncoding(req: Request): Encoding | null {
  if (!req.headers['accept-encoding']) return null;
  if (req.acceptsEncodings('br') === 'br') return 'br';
  return req.acceptsEncodings('gzip') === 'gzip' ? 'gzip' : null;
}

/** A text's compressed forms, made once each when first asked for. */
type Compressed = Partial<Record<Encoding, Promise<Buffer>>>;

/** Fast settings: a page is compressed when first sent, so compression must cost little time. */
function compress(body: string, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body) } })
    : gzip(body, { level: 6 });
}

type RenderedPage = ReturnType<WebRenderer['render']> & { compressed: Compressed };

/** Pages kept rendered (about 30 KB each with their compressed forms): the most recently used. */
const PAGE_CACHE_SIZE = 200;

/**
 * Rendered pages with their compressed forms, kept while the public data stays the same object: a
 * page is a pure function of its address, the remembered language and that data (which
 * getPublicSiteData replaces whenever an event may have changed it), so a page rendered once is
 * sent again as it is, compressed once, until the data moves on. Bounded (least recently used goes
 * first), so odd addresses cannot fill the memory.
 */
function createPageCache(limit: number) {
  let dataOfPages: PublicSiteData | null = null;
  const pages = new Map<string, RenderedPage>();
  return {
    find(key: string, data: PublicSiteData): RenderedPage | undefined {
      if (data !== dataOfPages) {
        pages.clear();
        dataOfPages = data;
      }
      const page = pages.get(key);
      if (page) {
        // Most recently used last: Map keeps insertion order.
        pages.delete(key);
        pages.set(key, page);
      }
      return page;
    },
    keep(key: string, page: RenderedPage): void {
      pages.set(key, page);
      if (pages.size > limit) pages.delete(pages.keys().next().value!);
    },
  };
}

/** Every file under `dir` that has a precompressed twin (`.br`, `.gz`) made by the web build. */
function precompressedFiles(dir: string): Set<string> {
  const found = new Set<string>();
  if (!fs.existsSync(dir)) return found;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith('.br')) found.add(path.join(entry.parentPath, entry.name.slice(0, -3)));
  }
  return found;
}

const SCRIPT_HASH = /^sha256-[A-Za-z0-9+/]{43}=$/;

/** What the server takes from the web build's manifest (build-manifest.json), read once at start. */
export interface WebBuild {
  /** The manifest as written, for the renderer; null when the web app is not built. */
  manifest: unknown;
  /** The CSP sources for the one inline script the build writes into its pages (the boot script, by its hash). */
  inlineScriptSources: string[];
  /** The route patterns the build's pages report their Core Web Vitals under. */
  pagePatterns: ReadonlySet<string>;
}

export function readWebBuild(distDir: string): WebBuild {
  const file = path.join(distDir, 'server', 'build-manifest.json');
  if (!fs.existsSync(file)) return { manifest: null, inlineScriptSources: [], pagePatterns: new Set() };
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as { boot?: { hash?: unknown }; pages?: unknown };
  const hash = manifest.boot?.hash;
  return {
    manifest,
    inlineScriptSources: typeof hash === 'string' && SCRIPT_HASH.test(hash) ? [`'${hash}'`] : [],
    pagePatterns: new Set(Array.isArray(manifest.pages) ? manifest.pages.filter((page): page is string => typeof page === 'string') : []),
  };
}

/**
 * Serves the web app. Hashed assets are cached for good and sent precompressed (Brotli or gzip);
 * every page is rendered by the web build's server renderer with live settings,
 * counters and content, in the language the address (?lang=) or the remembered choice asks for:
 * public pages in full, the member and admin areas as an app shell, unknown paths as the 404 page
 * with an HTTP 404. No page is cached by the browser without asking again (Cache-Control: no-cache,
 * with an ETag), since an admin may change its content at any moment.
 */
export function mountWebPages(app: Express, distDir: string, services: Services, build: WebBuild = readWebBuild(distDir)): void {
  const clientDir = path.join(distDir, 'client');
  const serverDir = path.join(distDir, 'server');
  const entry = path.join(serverDir, 'entry-server.js');

  const renderer: Promise<WebRenderer | null> = fs.existsSync(entry)
    ? (async () => {
        if (!build.manifest) throw new Error(`${path.join(serverDir, 'build-manifest.json')} is missing: build the web app again`);
        const [module, template] = await Promise.all([
          import(pathToFileURL(entry).href) as Promise<RendererModule>,
          fs.promises.readFile(path.join(serverDir, 'template.html'), 'utf8'),
        ]);
        return module.createRenderer({ template, manifest: build.manifest, publicUrl: services.config.publicUrl });
      })()
    : Promise.resolve(null);
  // Logged once here; each page request then answers 503 with the reason.
  renderer.catch((error: unknown) => services.log.error({ err: error }, 'the web renderer could not be loaded'));

  const compressed = precompressedFiles(clientDir);
  const sendPrecompressed = (maxAge: string, immutable: boolean) => (req: Request, res: Response, next: NextFunction) => {
    const file = path.join(clientDir, req.baseUrl, req.path);
    const encoding = acceptedEncoding(req);
    if (!compressed.has(file) || !encoding || !file.startsWith(clientDir + path.sep)) return next();
    res.type(path.extname(file)).set({ 'Content-Encoding': encoding, Vary: 'Accept-Encoding' });
    res.sendFile(`${file}.${encoding === 'br' ? 'br' : 'gz'}`, { maxAge, immutable }, (error) => {
      if (error && !res.headersSent) next();
    });
  };

  app.use('/assets', sendPrecompressed('365d', true));
  app.use('/assets', express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: '365d', index: false }));
  // A chunk from an older build, asked for by a page opened before a deploy: the client retries.
  app.use('/assets', (_req: Request, res: Response) => {
    res.status(404).type('text').send('Not found');
  });
  app.use(sendPrecompressed('1h', false));
  app.use(express.static(clientDir, { index: false, redirect: false, maxAge: '1h', extensions: [] }));

  /** Sends a text, compressed as the browser accepts; `compressed` keeps (and finds) its compressed forms. */
  async function sendText(req: Request, res: Response, body: string, status = 200, compressed: Compressed = {}): Promise<void> {
    const encoding = acceptedEncoding(req);
    res.status(status).set({ 'Cache-Control': 'no-cache', Vary: 'Cookie, Accept-Encoding' });
    if (!encoding || body.length < 1024) {
      res.send(body);
      return;
    }
    compressed[encoding] ??= compress(body, encoding);
    res.set('Content-Encoding', encoding).send(await compressed[encoding]);
  }

  const pages = createPageCache(PAGE_CACHE_SIZE);

  const withRenderer = (handle: (renderer: WebRenderer, req: Request, res: Response) => Promise<void>) => async (req: Request, res: Response) => {
    const loaded = await renderer.catch(() => null);
    if (!loaded) {
      res.status(503).type('text').send(NOT_BUILT);
      return;
    }
    await handle(loaded, req, res);
  };

  app.get(
    '/robots.txt',
    withRenderer(async (loaded, req, res) => {
      res.type('text/plain');
      await sendText(req, res, loaded.robots());
    }),
  );
  app.get(
    '/sitemap.xml',
    withRenderer(async (loaded, req, res) => {
      res.type('application/xml');
      // Published and closed requests only (listPublishedRequestIds): one never published is never listed.
      const [data, helpRequests] = await Promise.all([getPublicSiteData(services), listPublishedRequestIds(services)]);
      await sendText(req, res, loaded.sitemap(data, helpRequests));
    }),
  );
  app.get(
    /.*/,
    withRenderer(async (loaded, req, res) => {
      const queryAt = req.originalUrl.indexOf('?');
      const request = {
        path: req.path,
        search: queryAt >= 0 ? req.originalUrl.slice(queryAt + 1) : '',
        rememberedLang: LANG_COOKIE.exec(req.headers.cookie ?? '')?.[1],
        data: await getPublicSiteData(services),
        vitalsSampleRate: services.config.WEB_VITALS_SAMPLE_RATE,
        viewer: await viewerOf(services, req),
      };
      // A page is kept once per kind of viewer: the navigation is all that differs between them.
      const key = `${request.viewer ?? ''} ${request.rememberedLang ?? ''} ${request.path}?${request.search}`;
      // The help pages are rendered afresh for every request, never kept in the page cache: the
      // cache is emptied when the public site data moves on, but the help read model is updated
      // inline by the help commands (a request published, a gift verified, a request closed), not
      // through the site's checkpoints, so a kept page would go on showing a closed request or
      // miss a new one. Reading one costs a lookup by ID or one page of a list; the browser's
      // ETag still spares sending a page that has not changed.
      const help = await readHelpPage(services, req);
      // A fundraiser's page likewise: its progress moves with every verified gift (an inline read model).
      const fundraiser = help ? undefined : await readFundraiserPage(services, req);
      let page: RenderedPage | undefined;
      if (help) {
        page = { ...loaded.render({ ...request, help }), compressed: {} };
      } else if (fundraiser) {
        page = { ...loaded.render({ ...request, fundraiser }), compressed: {} };
      } else {
        page = pages.find(key, request.data);
        if (!page) {
          // /transparency's page of the list: read as of the same data, so it is kept with it.
          const transparency = TRANSPARENCY_PATH.test(req.path) ? await getPublicTransparency(services, request.data, { page: listPageOf(req), paidPage: listPageOf(req, 'paidPage') }) : undefined;
          page = { ...loaded.render({ ...request, transparency }), compressed: {} };
          pages.keep(key, page);
        }
      }
      res.type('html').set('Content-Language', page.lang);
      await sendText(req, res, page.html, page.status, page.compressed);
    }),
  );
}
