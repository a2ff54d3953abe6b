/** Built with `vite build --ssr`; scripts/prerender.ts calls it to write the public pages. */
import { renderToString } from 'react-dom/server';
import { App } from './app.tsx';
import { allPages, APP_PREFIXES, prerenderTargets } from './pages.ts';

export { APP_PREFIXES, prerenderTargets };

export interface RenderedPage {
  html: string;
  title: string;
  description: string;
}

/** Renders one prerender target (by its ssrPath) in English, or the app shell when ssrPath is null. */
export async function renderPage(ssrPath: string | null): Promise<RenderedPage> {
  await Promise.all(allPages.map((page) => page.preload()));
  const meta = { title: '', description: '' };
  const html = renderToString(<App lang="en" router={{ ssrPath: ssrPath ?? '/__app-shell__', ssrSearch: '' }} meta={meta} isShell={ssrPath === null} />);
  return { html, ...meta };
}
