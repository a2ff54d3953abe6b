import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { SiteDataStore } from './features/site/site-data.public.tsx';
import { loadNamespaces, rememberLang, setActiveLang } from './i18n/i18n.tsx';
import { langOfSearch } from './i18n/lang-url.ts';
import { APP_PREFIXES, findPublicRoute, notFoundPage } from './pages.ts';
import type { BootData } from './entry-server.tsx';

/**
 * The server rendered the page with live data in the reader's language and handed both over in a
 * JSON data block. Public pages are hydrated: the page's code and texts are loaded first (the boot
 * script preloads them), so the first render matches the HTML exactly. The app shell (member and
 * admin areas) is rendered afresh. Both run as a transition, which React does in small slices, so
 * a slow phone's main thread is never blocked for long while the page comes to life.
 */
async function start(): Promise<void> {
  const container = document.getElementById('root');
  const bootElement = document.getElementById('sahay-boot');
  if (!container || !bootElement?.textContent) return;
  const boot = JSON.parse(bootElement.textContent) as BootData;
  const { lang } = boot;
  setActiveLang(lang);
  // An address that names its language (a shared link, a search result) is the reader's choice too.
  if (langOfSearch(location.search)) rememberLang(lang);

  const site = new SiteDataStore(boot.site);
  // A sample of visits reports its Core Web Vitals; the others never load that code.
  if (Math.random() < boot.vitalsSampleRate) {
    const page = findPublicRoute(location.pathname)?.pattern ?? APP_PREFIXES.find((prefix) => location.pathname === prefix || location.pathname.startsWith(`${prefix}/`)) ?? '404';
    void import('./lib/web-vitals.ts').then(({ reportWebVitals }) => reportWebVitals(page));
  }
  if (boot.isShell) {
    await loadNamespaces(lang, ['core']);
    const root = createRoot(container);
    startTransition(() => root.render(<App lang={lang} site={site} />));
    return;
  }
  const page = findPublicRoute(location.pathname)?.page ?? notFoundPage;
  await Promise.all([
    loadNamespaces(lang, ['core']),
    page.preload().catch(() => {
      // Rendering will try again and show the error page with Retry if it still fails.
    }),
  ]);
  startTransition(() => {
    hydrateRoot(container, <App lang={lang} site={site} />);
  });
}

// If even the texts cannot be fetched (offline), the server's HTML stays: readable, links work.
void start().catch((error: unknown) => console.error(error));
