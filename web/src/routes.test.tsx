import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { App } from './app.tsx';
import { loadDictionary, type Lang } from './i18n/i18n.tsx';
import { allPages, APP_PREFIXES, NOT_FOUND_SSR_PATH, prerenderTargets } from './pages.ts';

/** Server rendering as the prerender does it (ssrPath may carry a query). */
function render(path: string, lang: Lang = 'en'): string {
  const meta = { title: '', description: '' };
  const html = renderToString(<App lang={lang} router={{ ssrPath: path }} meta={meta} />);
  return `<title>${meta.title}</title>${html}`;
}

beforeAll(async () => {
  await Promise.all([...allPages.map((page) => page.preload()), loadDictionary('hi')]);
});

describe('routes', () => {
  it('renders the home page with the first slide, both buttons and the three feature cards', () => {
    const html = render('/');
    expect(html).toContain('Empower a life, donate with heart');
    expect(html).toContain('Be the reason someone smiles today.');
    expect(html).toMatch(/<a[^>]*href="\/register"[^>]*>Join Us<\/a>/);
    expect(html).toMatch(/<a[^>]*href="\/donate"[^>]*>Donate<\/a>/);
    for (const card of ['Children&#x27;s Care', 'Donate Fund', 'Donation Plan']) expect(html).toContain(card);
  });

  it('shows "Page Not Found" with a link home for an unknown path', () => {
    const html = render('/no-such-page');
    expect(html).toContain('<title>Page Not Found — Sahay Foundation</title>');
    expect(html).toMatch(/<h1>Page Not Found<\/h1>/);
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>Go to the home page<\/a>/);
  });

  it('does not treat /admin-login as part of the /admin area', () => {
    expect(render('/admin-login')).toContain('Admin login');
    expect(render('/admin/no-such-page')).toContain('Page Not Found');
  });

  it('fills the referral ID from /register/:userId and from ?ref=, read-only', () => {
    expect(render('/register/sh1234567')).toMatch(/<input[^>]*readOnly=""[^>]*value="SH1234567"|<input[^>]*value="SH1234567"[^>]*readOnly=""/);
    const fromQuery = render('/register?ref=SH7654321&name=Asha%20Devi');
    expect(fromQuery).toContain('value="SH7654321"');
    expect(fromQuery).toContain('value="Asha Devi"');
  });

  it('shows the foundation as sponsor when there is no referral', () => {
    expect(render('/register')).toContain('value="Foundation"');
  });

  it('flags a malformed referral ID without asking the server', () => {
    expect(render('/register/not-an-id')).toContain('Invalid referral ID');
  });

  it('labels every form control on the sign-in and registration pages', () => {
    for (const path of ['/login', '/register', '/admin-login']) {
      const html = render(path);
      const ids = [...html.matchAll(/<(?:input|textarea)(?![^>]*type="radio")[^>]*\bid="([^"]+)"/g)].map((match) => match[1]);
      expect(ids.length, path).toBeGreaterThan(1);
      for (const id of ids) expect(html, `${path} #${id}`).toContain(`for="${id}"`);
    }
  });

  it('renders every text in Hindi when Hindi is chosen, with the toggle offering English', () => {
    const html = render('/', 'hi');
    expect(html).toContain('दिल से दान करें, एक जीवन सँवारें');
    expect(html).toContain('होम');
    expect(html).toMatch(/data-testid="lang-toggle"[^>]*>English</);
    expect(html).not.toContain('Empower a life');
  });
});

describe('prerender targets', () => {
  it('cover the public pages of this slice, each in its own file', () => {
    expect(prerenderTargets.flatMap((target) => target.patterns).sort()).toEqual(['/', '/admin-login', '/login', '/register', '/register/:userId']);
    expect(new Set(prerenderTargets.map((target) => target.file)).size).toBe(prerenderTargets.length);
  });

  it('render the not-found page for the reserved not-found path', () => {
    expect(render(NOT_FOUND_SSR_PATH)).toContain('Page Not Found');
  });

  it('never claim a prerendered page for the app shell', () => {
    for (const target of prerenderTargets) {
      for (const pattern of target.patterns) {
        expect(APP_PREFIXES.some((prefix) => pattern === prefix || pattern.startsWith(`${prefix}/`)), pattern).toBe(false);
      }
    }
  });
});
