import { beforeAll, describe, expect, it } from 'vitest';
import { createRenderer, resolveLang, type Renderer } from './entry-server.tsx';
import { localizeHref } from './i18n/lang-url.ts';
import { APP_PREFIXES, findPublicRoute, isAppPath, publicRoutes } from './pages.ts';
import { publicSiteFixture } from './testing/public-site-fixture.ts';

const TEMPLATE = '<!doctype html><html lang="en"><head><!--head--></head><body><div id="root"><!--app-html--></div><!--boot-data--><!--scripts--></body></html>';
const BOOT_CODE = '(function(){/* boot */})();';
const ORIGIN = 'https://sahay.example';

let renderer: Renderer;
const data = publicSiteFixture({ meetingLink: 'https://meet.example/daily', socialYoutube: 'https://youtube.example/sahay', phone: '+91 98765 43210' });

beforeAll(async () => {
  renderer = await createRenderer({
    template: TEMPLATE,
    manifest: {
      chunks: { 'src/features/site/pages/home-page.tsx': ['assets/home-page.js', 'assets/shared.js', 'assets/react.js'], 'src/i18n/hi/home.json': ['assets/hi-home.js'] },
      entry: { script: 'assets/index.js', imports: ['assets/react.js'] },
      boot: { code: BOOT_CODE, hash: 'sha256-test' },
    },
    publicUrl: ORIGIN,
  });
});

/** The server's rendering of a URL, as the Express server asks for it. */
function render(url: string, rememberedLang?: string) {
  const [path = '/', search = ''] = url.split('?');
  return renderer.render({ path, search, rememberedLang, data });
}

function bootData(html: string): { lang: string; isShell: boolean; site: { pages: Record<string, unknown>; settings: Record<string, unknown> } } {
  return JSON.parse(/<script type="application\/json" id="sahay-boot">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? 'null');
}

describe('server rendering', () => {
  it('renders the home page with the first slide, both buttons, the feature cards, the causes and live counters', () => {
    const { status, html } = render('/');
    expect(status).toBe(200);
    expect(html).toContain('Empower a life, donate with heart');
    expect(html).toContain('Be the reason someone smiles today.');
    expect(html).toMatch(/<a[^>]*href="\/register"[^>]*>Join Us<\/a>/);
    expect(html).toMatch(/<a[^>]*href="\/donate"[^>]*>Donate<\/a>/);
    for (const card of ['Children&#x27;s Care', 'Donate Fund', 'Donation Plan']) expect(html).toContain(card);
    for (const cause of ['people', 'accident', 'medical', 'environment', 'kanyadan', 'education']) expect(html).toContain(`href="/help?cause=${cause}"`);
    expect(html).toContain('₹12 lakh');
    expect(html).toContain('24,000');
  });

  it('puts the title, description, canonical URL, hreflang and Open Graph tags in the head', () => {
    const { html } = render('/about');
    expect(html).toContain('<title>About Us — Sahay Foundation</title>');
    expect(html).toMatch(/<meta name="description" content="Sahay Foundation is a registered non-profit foundation in India[^"]*">/);
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/about">`);
    expect(html).toContain(`<link rel="alternate" hreflang="en" href="${ORIGIN}/about">`);
    expect(html).toContain(`<link rel="alternate" hreflang="hi" href="${ORIGIN}/about?lang=hi">`);
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${ORIGIN}/about">`);
    expect(html).toContain('<meta property="og:title" content="About Us — Sahay Foundation">');
    expect(html).toContain('<meta property="og:locale" content="en_IN">');
  });

  it('describes the foundation as a schema.org NGO on the home page only', () => {
    const ngo = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(render('/').html)?.[1] ?? 'null');
    expect(ngo).toMatchObject({ '@context': 'https://schema.org', '@type': 'NGO', name: 'Sahay Foundation', url: `${ORIGIN}/`, telephone: '+91 98765 43210' });
    expect(ngo.sameAs).toEqual(['https://youtube.example/sahay']);
    expect(render('/about').html).not.toContain('application/ld+json');
  });

  it('has one executable script, the boot script from the build (the CSP allows it by its hash); the rest are JSON data blocks', () => {
    for (const url of ['/', '/about', '/KanyadanYojna', '/contact', '/dashboard', '/nope']) {
      const scripts = [...render(url).html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      const executable = scripts.filter((match) => !/\btype="application\/(ld\+)?json"/.test(match[1]!));
      expect(executable.map((match) => match[2]), url).toEqual([BOOT_CODE]);
      expect(executable[0]![1], url).not.toMatch(/\bsrc=/);
    }
  });

  it('hands the client its data in a JSON block that no value can break out of', () => {
    const hostile = publicSiteFixture({ foundationName: { en: '</script><script>alert(1)</script>', hi: 'x' } });
    const { html } = renderer.render({ path: '/', search: '', data: hostile });
    expect(html).not.toContain('<script>alert(1)');
    expect(bootData(html).site.settings.foundationName).toEqual({ en: '</script><script>alert(1)</script>', hi: 'x' });
  });

  it('names the entry module, the page code and its texts in the page language for the boot script, and nothing else loads a script', () => {
    const bootTag = (url: string) => {
      const html = render(url).html;
      const match = /<script data-entry="\/assets\/index.js" data-preload="([^"]*)">([\s\S]*?)<\/script>/.exec(html);
      expect(match?.[2]).toBe(BOOT_CODE);
      return match?.[1];
    };
    expect(bootTag('/')).toBe('/assets/react.js /assets/home-page.js /assets/shared.js');
    expect(bootTag('/?lang=hi')).toBe('/assets/react.js /assets/home-page.js /assets/shared.js /assets/hi-home.js');
    expect(render('/').html).not.toMatch(/rel="modulepreload"|type="module"/);
  });

  it('shows the top bar and footer from the settings', () => {
    const { html } = render('/contact');
    expect(html).toContain('href="https://meet.example/daily"');
    expect(html).toContain('href="mailto:contact@sahay.example"');
    expect(html).toContain('href="tel:+919876543210"');
  });

  it('answers an unknown path with "Page Not Found", status 404 and noindex', () => {
    const { status, html } = render('/no-such-page');
    expect(status).toBe(404);
    expect(html).toContain('<title>Page Not Found — Sahay Foundation</title>');
    expect(html).toMatch(/<h1>Page Not Found<\/h1>/);
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>Go to the home page<\/a>/);
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('rel="canonical"');
  });

  it('gives the member and admin areas the app shell, and does not treat /admin-login as one', () => {
    const shell = render('/admin/settings');
    expect(shell.status).toBe(200);
    expect(bootData(shell.html).isShell).toBe(true);
    expect(shell.html).toContain('<meta name="robots" content="noindex">');
    // Never without a title while its page loads: the foundation's name, in the page's language.
    expect(shell.html).toContain('<title>Sahay Foundation</title>');
    expect(render('/dashboard?lang=hi').html).toContain('<title>सहाय फ़ाउंडेशन</title>');
    expect(render('/admin-login').html).toContain('Admin login');
    expect(bootData(render('/admin-login').html).isShell).toBe(false);
  });

  it('fills the referral ID from /register/:userId and from ?ref=, read-only', () => {
    expect(render('/register/sh1234567').html).toMatch(/<input[^>]*readOnly=""[^>]*value="SH1234567"|<input[^>]*value="SH1234567"[^>]*readOnly=""/);
    const fromQuery = render('/register?ref=SH7654321&name=Asha%20Devi').html;
    expect(fromQuery).toContain('value="SH7654321"');
    expect(fromQuery).toContain('value="Asha Devi"');
    expect(render('/register').html).toContain('value="Foundation"');
    // Whether a referral ID exists (or is well-formed) is the server's answer, asked for by the browser.
    expect(render('/register/not-an-id').html).toContain('Checking the referral ID…');
  });

  it('asks for an invite code while "invite only" is on (the default), and says one is optional when it is off', () => {
    const epinOf = (html: string) => /<input[^>]*name="epin"[^>]*>/.exec(html)?.[0] ?? '';
    const inviteOnly = render('/register').html;
    expect(inviteOnly).toContain('Invite code (E-PIN)');
    expect(epinOf(inviteOnly)).toContain('required=""');
    expect(inviteOnly).toContain('No invite code? Ask the member who invited you');
    const open = renderer.render({ path: '/register', search: 'lang=hi', data: publicSiteFixture({ isInviteOnly: false }) }).html;
    expect(open).toContain('आमंत्रण कोड (ई-पिन, वैकल्पिक)');
    expect(open).toContain('आप बिना कोड के भी जुड़ सकते हैं।');
    expect(epinOf(open)).not.toContain('required');
    // The page hands the setting to the browser, so the form checks alike after it starts.
    expect(bootData(open).site.settings.isInviteOnly).toBe(false);
  });

  it('labels every form control on the sign-in, registration and contact pages', () => {
    for (const path of ['/login', '/register', '/admin-login', '/contact']) {
      const { html } = render(path);
      const ids = [...html.matchAll(/<(?:input|textarea)(?![^>]*type="radio")[^>]*\bid="([^"]+)"/g)].map((match) => match[1]);
      expect(ids.length, path).toBeGreaterThan(1);
      for (const id of ids) expect(html, `${path} #${id}`).toContain(`for="${id}"`);
    }
  });

  it('renders the contact page with the honeypot field named "website", hidden from people', () => {
    const { html } = render('/contact');
    const honeypot = /<div class="hp-field" aria-hidden="true">([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '';
    expect(honeypot).toMatch(/<input[^>]*\bname="website"/);
    expect(honeypot).toMatch(/<input[^>]*\btabindex="-1"/);
  });

  it('renders a content page from the server HTML in the reader language', () => {
    const { html } = render('/legals?lang=hi');
    expect(html).toContain(`<h1 id="content-heading">${data.pages.legals.title.hi}</h1>`);
    expect(html).toContain(data.pages.legals.html.hi.slice(0, 80));
    expect(Object.keys(bootData(html).site.pages)).toEqual(['legals']);
  });
});

describe('languages', () => {
  it('renders every text in Hindi for ?lang=hi, with Hindi links and the toggle offering English', () => {
    const { html, lang } = render('/?lang=hi');
    expect(lang).toBe('hi');
    expect(html).toContain('<html lang="hi">');
    expect(html).toContain('दिल से दान करें, एक जीवन सँवारें');
    expect(html).toMatch(/<a[^>]*href="\/about\?lang=hi"/);
    expect(html).toMatch(/data-testid="lang-toggle"[^>]*>English</);
    expect(html).toMatch(/<a href="\/"[^>]*hrefLang="en"|hrefLang="en"[^>]*href="\/"/i);
    expect(html).not.toContain('Empower a life');
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/?lang=hi">`);
  });

  it('renders the remembered language when the address does not name one', () => {
    expect(render('/about', 'hi').lang).toBe('hi');
    expect(render('/about?lang=en', 'hi').lang).toBe('en');
    expect(render('/about', 'fr').lang).toBe('en');
  });

  it('opens /KanyadanYojna in Hindi, with English at ?lang=en, and says plainly what the scheme is not', () => {
    const hindi = render('/KanyadanYojna', 'en');
    expect(hindi.lang).toBe('hi');
    expect(hindi.html).toContain('यह कोई सरकारी योजना नहीं है');
    expect(hindi.html).toContain(`<link rel="canonical" href="${ORIGIN}/KanyadanYojna">`);
    expect(hindi.html).toContain(`<link rel="alternate" hreflang="x-default" href="${ORIGIN}/KanyadanYojna">`);
    const english = render('/KanyadanYojna?lang=en');
    expect(english.lang).toBe('en');
    for (const statement of ['a private foundation', 'It is not a government scheme', 'subject to eligibility', 'never asks for money in return for a promised amount']) {
      expect(english.html).toContain(statement);
    }
    // The registration form is Hindi first too: the English page links to its English address.
    expect(english.html).toMatch(/href="\/kanyadanRegistration\?lang=en"/);
    expect(hindi.html).toMatch(/href="\/kanyadanRegistration"/);
    expect(english.html).toContain('12,456');
    expect(english.html).toContain('₹95 lakh');
  });

  it('keeps the language in the address only when it is not the page language', () => {
    expect(localizeHref('/about', 'hi')).toBe('/about?lang=hi');
    expect(localizeHref('/about?lang=hi', 'en')).toBe('/about');
    expect(localizeHref('/KanyadanYojna', 'en')).toBe('/KanyadanYojna?lang=en');
    expect(localizeHref('/KanyadanYojna?lang=en', 'hi')).toBe('/KanyadanYojna');
    expect(localizeHref('/login?next=%2Fdashboard#top', 'hi')).toBe('/login?next=%2Fdashboard&lang=hi#top');
    expect(localizeHref('mailto:a@b.in', 'hi')).toBe('mailto:a@b.in');
    expect(localizeHref('//elsewhere.example/x', 'hi')).toBe('//elsewhere.example/x');
    expect(resolveLang('/KanyadanYojna/', '', 'en')).toBe('hi');
  });
});

describe('routes, sitemap and robots.txt', () => {
  it('list every public page once per language in the sitemap, with its alternates', () => {
    const sitemap = renderer.sitemap(data);
    for (const route of publicRoutes.filter((candidate) => candidate.isListed)) {
      expect(sitemap).toContain(`<loc>${ORIGIN}${localizeHref(route.pattern, 'en')}</loc>`);
      expect(sitemap).toContain(`<loc>${ORIGIN}${localizeHref(route.pattern, 'hi')}</loc>`);
    }
    expect(sitemap).toContain(`<xhtml:link rel="alternate" hreflang="hi" href="${ORIGIN}/contact?lang=hi"/>`);
    expect(sitemap).toContain('<lastmod>2026-04-01</lastmod>');
    expect(sitemap).not.toContain('/admin');
  });

  it('keep crawlers out of the member and admin areas, not out of /admin-login or the public pages', () => {
    const robots = renderer.robots();
    expect(robots).toContain('Disallow: /admin/');
    expect(robots).toContain('Disallow: /admin$');
    expect(robots).not.toMatch(/Disallow: \/admin\n/);
    expect(robots).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it('never claim a public page for the app shell', () => {
    for (const route of publicRoutes) expect(isAppPath(route.pattern), route.pattern).toBe(false);
    for (const prefix of APP_PREFIXES) expect(findPublicRoute(prefix), prefix).toBeUndefined();
    expect(isAppPath('/admin-login')).toBe(false);
    expect(isAppPath('/admin/content/about')).toBe(true);
  });
});
