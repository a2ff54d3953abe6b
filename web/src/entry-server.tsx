/**
 * Built with `vite build --ssr` into dist/server; the Express server (server/src/http/web-pages.ts)
 * loads it once at start and renders every page per request with live settings, counters and
 * content, in the language the address (or the remembered choice) asks for.
 */
import { renderToString } from 'react-dom/server';
import type { PublicSiteData } from '@sahay/server/modules/transparency/public-data';
import type { TTransparency } from '@sahay/server/modules/transparency/transparency.schema';
import type { Viewer } from './api/session-change.ts';
import { App } from './app.tsx';
import type { FundraiserPageData } from './features/fundraisers/fundraiser-page-data.ts';
import type { HelpPageData } from './features/help/help-page-data.ts';
import { textIn } from './features/help/help-request-text.ts';
import { publicPageOf, publicSettingsOf, SiteDataStore, type SiteData } from './features/site/site-data.public.tsx';
import { isLang, LANGS, loadNamespaces, NAMESPACES, type Lang, type Namespace } from './i18n/i18n.tsx';
import { defaultLangOf, langOfSearch, localizeHref } from './i18n/lang-url.ts';
import { escapeHtml, jsonForHtml } from './lib/html.ts';
import { allPages, APP_PREFIXES, findPublicRoute, isAppPath, NOT_FOUND_SOURCES, notFoundPage, publicRoutes } from './pages.ts';
import { createPageMetaCollector } from './ui/page-meta.tsx';

/** Written by scripts/finish-build.ts. */
export interface BuildManifest {
  /** For each source module, the chunk files it needs. */
  chunks: Record<string, string[]>;
  /** The entry module and the chunks it imports. */
  entry: { script: string; imports: string[] };
  /**
   * The classic script that fetches the entry and a page's chunks once the first paint is on
   * screen: written into every page, allowed by the CSP through its hash (the server adds it).
   */
  boot: { code: string; hash: string };
}

export interface RenderRequest {
  /** The path and query as requested (`/about`, `?lang=hi`). */
  path: string;
  search: string;
  /** The language remembered on the device (cookie), if any. */
  rememberedLang?: string;
  data: PublicSiteData;
  /** For /transparency: the page of the list asked for, read by the server as of `data`. */
  transparency?: TTransparency;
  /** For /help and /help/:id: the list's page or the request, read by the server from the help module. */
  help?: HelpPageData;
  /** For /fundraisers/:id: the fundraiser asked for (null when there is none to show), read by the server. */
  fundraiser?: FundraiserPageData;
  /** The share of visits whose browser reports its Core Web Vitals (server config; 0 = none). */
  vitalsSampleRate?: number;
  /** Who the session cookie signs in, so the navigation shows their links from the first paint. */
  viewer?: Viewer;
}

export interface RenderedPage {
  status: number;
  html: string;
  lang: Lang;
}

export interface Renderer {
  render(request: RenderRequest): RenderedPage;
  /** `helpRequests`: the published (and closed) help requests, each listed at /help/:id. */
  sitemap(data: PublicSiteData, helpRequests?: readonly HelpRequestEntry[]): string;
  robots(): string;
}

export interface HelpRequestEntry {
  id: string;
  updatedAt: string;
}

/** The routes the server renders with the help module's data (RenderRequest.help). */
const HELP_PATTERNS = new Set(['/help', '/help/:id']);

export const BOOT_DATA_ID = 'sahay-boot';

export interface BootData {
  lang: Lang;
  isShell: boolean;
  site: SiteData;
  vitalsSampleRate: number;
}

/** ?lang= first; then the page's own language for a Hindi-first page; then the remembered choice. */
export function resolveLang(pathname: string, search: string, remembered?: string): Lang {
  const asked = langOfSearch(search);
  if (asked) return asked;
  if (defaultLangOf(pathname) === 'hi') return 'hi';
  return isLang(remembered) ? remembered : 'en';
}

function ngoJsonLd(data: PublicSiteData, origin: string, description: string): string {
  const { settings } = data;
  const sameAs = [settings.socialFacebook, settings.socialInstagram, settings.socialYoutube, settings.socialX].filter(Boolean);
  const ngo: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'NGO',
    name: settings.foundationName.en,
    alternateName: settings.foundationName.hi || undefined,
    url: `${origin}/`,
    logo: `${origin}/favicon.svg`,
    description,
    email: settings.email || undefined,
    telephone: settings.phone || undefined,
    address: settings.address.en ? { '@type': 'PostalAddress', streetAddress: settings.address.en, addressCountry: 'IN' } : undefined,
    areaServed: { '@type': 'Country', name: 'India' },
    sameAs: sameAs.length > 0 ? sameAs : undefined,
  };
  return `<script type="application/ld+json">${jsonForHtml(ngo)}</script>`;
}

export async function createRenderer(options: { template: string; manifest: BuildManifest; publicUrl: string }): Promise<Renderer> {
  const { template, manifest } = options;
  const origin = options.publicUrl.replace(/\/$/, '');
  await Promise.all([...allPages.map((page) => page.preload()), ...LANGS.map((lang) => loadNamespaces(lang, NAMESPACES))]);

  const entryFiles = new Set([manifest.entry.script, ...manifest.entry.imports]);
  const chunksOf = (sources: readonly string[]): string[] => {
    const files = new Set<string>();
    for (const source of sources) for (const file of manifest.chunks[source] ?? []) files.add(file);
    return [...files].filter((file) => !entryFiles.has(file));
  };
  const dictionarySources = (lang: Lang, namespaces: readonly Namespace[]) => ['core', ...namespaces].map((namespace) => `src/i18n/${lang}/${namespace}.json`);

  function render({ path, search, rememberedLang, data, transparency, help, fundraiser, vitalsSampleRate = 0, viewer = null }: RenderRequest): RenderedPage {
    const lang = resolveLang(path, search, rememberedLang);
    const route = findPublicRoute(path);
    const isShell = !route && isAppPath(path);
    const site: SiteData = {
      settings: publicSettingsOf(data.settings),
      counters: data.counters,
      pages: route?.contentSlug ? { [route.contentSlug]: publicPageOf(data.pages[route.contentSlug]) } : {},
      ...(route?.pattern === '/transparency' && transparency ? { transparency } : {}),
      // The share links need the site's public address, which only the server knows for sure.
      ...(route && HELP_PATTERNS.has(route.pattern) && help ? { help: { ...help, origin } } : {}),
      ...(route?.pattern === '/fundraisers/:id' && fundraiser ? { fundraiser: { ...fundraiser, origin } } : {}),
      // The printed Kanyadan acknowledgement names the status page's full address (issue 32).
      ...(route?.pattern === '/kanyadanRegistration' ? { kanyadan: { origin } } : {}),
      ...(viewer ? { viewer } : {}),
    };
    // A help request is an article: a shared link shows its own title; its address names it as the server knows it.
    const article = route?.pattern === '/help/:id' ? (help?.request?.detail ?? undefined) : undefined;
    const meta = createPageMetaCollector();
    const body = renderToString(<App lang={lang} site={new SiteDataStore(site)} router={{ ssrPath: path, ssrSearch: search }} meta={meta} isShell={isShell} />);
    if (isShell) meta.isNoIndex = true;
    // A member's or staff page comes as the shell, its own title only with its code: until then the
    // foundation's name, so that the page is never without a title (WCAG 2.4.2; axe document-title).
    if (isShell && !meta.title) meta.title = data.settings.foundationName[lang] || data.settings.foundationName.en;

    // The shell's page is chosen by the client (it depends on who is signed in); nothing to preload.
    const page = route?.page ?? (isShell ? undefined : notFoundPage);
    const preload = isShell ? chunksOf(dictionarySources(lang, [])) : chunksOf([...(route?.sources ?? NOT_FOUND_SOURCES), ...dictionarySources(lang, page?.namespaces ?? [])]);
    const pagePath = article ? `/help/${article.id}` : path.length > 1 ? path.replace(/\/+$/, '') : path;
    const canonicalPath = localizeHref(pagePath, lang);
    const alternates = LANGS.map((other) => `<link rel="alternate" hreflang="${other}" href="${escapeHtml(origin + localizeHref(pagePath, other))}">`).join('');
    const ogTitle = (article && textIn(article.title, lang).text) || meta.title;
    const head = [
      `<title>${escapeHtml(meta.title)}</title>`,
      `<meta name="description" content="${escapeHtml(meta.description)}">`,
      meta.isNoIndex
        ? '<meta name="robots" content="noindex">'
        : `<link rel="canonical" href="${escapeHtml(origin + canonicalPath)}">${alternates}<link rel="alternate" hreflang="x-default" href="${escapeHtml(origin + localizeHref(pagePath, defaultLangOf(pagePath)))}">`,
      `<meta property="og:type" content="${article ? 'article' : 'website'}"><meta property="og:site_name" content="${escapeHtml(data.settings.foundationName[lang] || data.settings.foundationName.en)}">`,
      `<meta property="og:title" content="${escapeHtml(ogTitle)}"><meta property="og:description" content="${escapeHtml(meta.description)}">`,
      article ? `<meta property="article:published_time" content="${escapeHtml(article.publishedAt)}">` : '',
      `<meta property="og:url" content="${escapeHtml(origin + canonicalPath)}"><meta property="og:locale" content="${lang === 'hi' ? 'hi_IN' : 'en_IN'}"><meta property="og:locale:alternate" content="${lang === 'hi' ? 'en_IN' : 'hi_IN'}">`,
      '<meta name="twitter:card" content="summary">',
      route?.pattern === '/' ? ngoJsonLd(data, origin, meta.description) : '',
    ].join('');

    // The app's code comes after the content: the boot script fetches it once the first paint is on screen.
    const modules = [...manifest.entry.imports, ...preload].map((file) => `/${file}`).join(' ');
    const scripts = `<script data-entry="/${manifest.entry.script}" data-preload="${escapeHtml(modules)}">${manifest.boot.code}</script>`;
    const boot: BootData = { lang, isShell, site, vitalsSampleRate };
    const html = template
      .replace('<html lang="en">', () => `<html lang="${lang}">`)
      .replace('<!--head-->', () => head)
      .replace('<!--scripts-->', () => scripts)
      .replace('<!--app-html-->', () => body)
      .replace('<!--boot-data-->', () => `<script type="application/json" id="${BOOT_DATA_ID}">${jsonForHtml(boot)}</script>`);
    return { status: meta.status, html, lang };
  }

  /** One address in each language, each naming the others; `updatedAt` as the date it last changed. */
  function sitemapUrls(pathname: string, updatedAt?: string): string[] {
    const links = [...LANGS.map((other) => [other, localizeHref(pathname, other)]), ['x-default', localizeHref(pathname, defaultLangOf(pathname))]]
      .map(([hreflang, href]) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(origin + href)}"/>`)
      .join('');
    const lastmod = updatedAt ? `<lastmod>${escapeHtml(updatedAt.slice(0, 10))}</lastmod>` : '';
    return LANGS.map((lang) => `<url><loc>${escapeHtml(origin + localizeHref(pathname, lang))}</loc>${lastmod}${links}</url>`);
  }

  function sitemap(data: PublicSiteData, helpRequests: readonly HelpRequestEntry[] = []): string {
    const urls = [
      ...publicRoutes.filter((route) => route.isListed).flatMap((route) => sitemapUrls(route.pattern, route.contentSlug ? data.pages[route.contentSlug].updatedAt : undefined)),
      ...helpRequests.flatMap((request) => sitemapUrls(`/help/${encodeURIComponent(request.id)}`, request.updatedAt)),
    ];
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
  }

  function robots(): string {
    const disallowed = [...APP_PREFIXES.flatMap((prefix) => [`${prefix}$`, `${prefix}/`]), '/trpc/', '/api/'];
    return `User-agent: *\nAllow: /\n${disallowed.map((path) => `Disallow: ${path}`).join('\n')}\n\nSitemap: ${origin}/sitemap.xml\n`;
  }

  return { render, sitemap, robots };
}
