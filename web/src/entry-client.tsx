import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { loadDictionary, readStoredLang, type Lang } from './i18n/i18n.tsx';
import { prerenderTargets } from './pages.ts';

/**
 * Prerendered pages carry data-ssr-path on #root. In English they are hydrated: the page's code
 * is loaded first, and the first render uses the prerendered path, so it matches the HTML exactly;
 * the real path and query (e.g. /register/SH1234567) follow in the next render. A visitor who
 * chose Hindi gets a fresh render in Hindi instead — they see the English HTML for a moment.
 * app.html (member and admin areas) has no data-ssr-path and is always rendered afresh.
 */
async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) return;
  const ssrPath = container.dataset.ssrPath;
  const target = prerenderTargets.find((candidate) => candidate.ssrPath === ssrPath);

  const wanted = readStoredLang();
  const [lang] = await Promise.all([
    loadDictionary(wanted).then(
      (): Lang => wanted,
      (): Lang => 'en', // Hindi could not be fetched (offline): English now, the toggle can retry.
    ),
    target?.page.preload().catch(() => {
      // Rendering will try again and show the error page with Retry if it still fails.
    }),
  ]);
  document.documentElement.lang = lang;

  if (target && lang === 'en') {
    hydrateRoot(container, <App lang="en" router={{ ssrPath: target.ssrPath, ssrSearch: '' }} />);
  } else {
    createRoot(container).render(<App lang={lang} />);
  }
}

void start();
