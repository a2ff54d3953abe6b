import { beforeAll, describe, expect, it } from 'vitest';
import type { THelpList } from '@sahay/server/modules/help/help.schema';
import type { Renderer } from '#web/entry-server.tsx';
import { createTestRenderer } from '#web/testing/test-renderer.ts';
import { publicSiteFixture } from '#web/testing/public-site-fixture.ts';
import { helpListFixture } from '../help-fixture.ts';

const ORIGIN = 'https://sahay.example';

let renderer: Renderer;

beforeAll(async () => {
  renderer = await createTestRenderer(ORIGIN);
});

function render(url: string, list: THelpList | undefined = helpListFixture()) {
  const [path = '/', search = ''] = url.split('?');
  return renderer.render({ path, search, data: publicSiteFixture(), help: list ? { list } : undefined });
}

/** The page's own part of the HTML. */
function pageOf(html: string): string {
  return /<div class="container page-content help">[\s\S]*<\/main>/.exec(html)?.[0] ?? '';
}

function cardsOf(page: string): string[] {
  return [...page.matchAll(/<li class="help-card">([\s\S]*?)<\/li>/g)].map((match) => match[1]!);
}

function bootOf(html: string): { site: { help?: unknown } } {
  return JSON.parse(/<script type="application\/json" id="sahay-boot">([\s\S]*?)<\/script>/.exec(html)![1]!) as { site: { help?: unknown } };
}

describe('/help as the server renders it', () => {
  it('says every request was checked by staff, and lists each as a card: title linking to it, category, progress, closing date or Closed', () => {
    const { html, status } = render('/help');
    expect(status).toBe(200);
    const page = pageOf(html);
    expect(page).toContain('<h1>Help someone in need</h1>');
    expect(page).toContain('checked by the foundation’s staff: the documents that show the need');
    expect(page).toContain('photo ID');
    const cards = cardsOf(page);
    expect(cards).toHaveLength(12);
    expect(cards[0]).toMatch(/<h2 class="help-card-title"><a href="\/help\/HPRQTWAX">Kidney operation for Sunita<\/a><\/h2>/);
    expect(cards[0]).toContain('<p class="help-category">Medical treatment</p>');
    expect(cards[0]).toContain('Open until 31 Dec 2026');
    expect(cards[2]).toContain('₹3,000 raised of ₹50,000');
    // The bar is a native <progress>, named by the same words.
    const bar = /<progress value="(\d+)" max="(\d+)" aria-labelledby="([^"]+)"><\/progress><p id="([^"]+)" class="help-progress-text">([^<]*)<\/p>/.exec(cards[2]!);
    expect(bar?.slice(1, 3)).toEqual(['300000', '5000000']);
    expect(bar?.[3]).toBe(bar?.[4]);
    expect(bar?.[5]).toBe('₹3,000 raised of ₹50,000');
    expect(cards[11]).toContain('<p class="help-card-meta">Closed</p>');
    expect(cards[11]).not.toContain('Open until');
  });

  it('shows a title only written in Hindi on the English page, marked as Hindi', () => {
    const cards = cardsOf(pageOf(render('/help').html));
    // helpListFixture: every third request from the third on has only a Hindi title.
    expect(cards[2]).toMatch(/<a lang="hi" href="\/help\/HPRQTWCX">बेटी के विवाह में सहयोग<\/a>/);
    expect(cards[1]).toMatch(/<a href="\/help\/HPRQTWBY">Treatment after a road accident<\/a>/);
  });

  it('speaks Hindi on ?lang=hi, with the English title where there is no Hindi one, and keeps the language in its links', () => {
    const { html, lang } = render('/help?lang=hi');
    expect(lang).toBe('hi');
    const page = pageOf(html);
    expect(page).toContain('<h1>किसी ज़रूरतमंद की मदद करें</h1>');
    const cards = cardsOf(page);
    expect(cards[0]).toContain('>सुनीता के गुर्दे का ऑपरेशन</a>');
    expect(cards[0]).toContain('<p class="help-category">इलाज</p>');
    expect(cards[2]).toContain('₹50,000 में से ₹3,000 जुटाए गए');
    expect(cards[1]).toMatch(/<a lang="en" href="\/help\/HPRQTWBY\?lang=hi">Treatment after a road accident<\/a>/);
    expect(cards[11]).toContain('<p class="help-card-meta">बंद</p>');
    expect(page).toContain('href="/help?cause=medical&amp;lang=hi"');
    expect(page).not.toContain('raised of');
  });

  it('filters by the home page’s cause words with plain links, marking the one shown; an unknown cause shows all', () => {
    const page = pageOf(render('/help').html);
    for (const category of ['medical', 'education', 'accident', 'marriage', 'livelihood', 'other']) expect(page).toContain(`href="/help?cause=${category}"`);
    expect(page).toMatch(/<a aria-current="page" href="\/help">All<\/a>/);

    const marriage = pageOf(render('/help?cause=kanyadan', helpListFixture({ category: 'marriage' })).html);
    expect(marriage).toMatch(/<a aria-current="page" href="\/help\?cause=marriage">Marriage \(Kanyadan\)<\/a>/);
    expect(marriage).not.toMatch(/<a aria-current="page" href="\/help">/);

    for (const url of ['/help?cause=people', '/help?cause=environment', '/help?cause=nonsense']) {
      expect(pageOf(render(url).html), url).toMatch(/<a aria-current="page" href="\/help">All<\/a>/);
    }
  });

  it('pages with links that keep the category', () => {
    const page = pageOf(render('/help?cause=medical&page=2', helpListFixture({ category: 'medical', page: 2, pageCount: 3 })).html);
    expect(page).toContain('<nav class="pager" aria-label="Pages of help requests">');
    expect(page).toContain('rel="prev" href="/help?cause=medical"');
    expect(page).toContain('rel="next" href="/help?cause=medical&amp;page=3"');
    expect(page).toContain('Page 2 of 3');
    expect(pageOf(render('/help', helpListFixture({ pageCount: 1 })).html)).not.toContain('class="pager"');
  });

  it('says so plainly when nothing is open, in both languages, with the way to donate', () => {
    const empty = helpListFixture({ requests: [], page: 1, pageCount: 0, total: 0 });
    const page = pageOf(render('/help', empty).html);
    expect(page).toContain('No help requests are open right now.');
    expect(page).toMatch(/<a href="\/donate" class="btn btn-primary">Donate to the foundation<\/a>/);
    expect(page).not.toContain('help-card');
    expect(page).not.toContain('See all help requests');
    const hindi = pageOf(render('/help?cause=medical&lang=hi', { ...empty, category: 'medical' }).html);
    expect(hindi).toContain('अभी मदद का कोई अनुरोध खुला नहीं है।');
    expect(hindi).toContain('href="/donate?lang=hi"');
    expect(hindi).toContain('href="/help?lang=hi">मदद के सभी अनुरोध देखें');
  });

  it('sends a page past the end (an old link) back to the first page, rather than saying nothing is open', () => {
    const page = pageOf(render('/help?cause=medical&page=9', helpListFixture({ requests: [], category: 'medical', page: 9, pageCount: 3, total: 30 })).html);
    expect(page).toMatch(/<a href="\/help\?cause=medical">Go to the first page of help requests<\/a>/);
    expect(page).not.toContain('No help requests are open right now.');
  });

  it('invites members in need to ask for help', () => {
    expect(pageOf(render('/help').html)).toMatch(/<a href="\/my-help\/new">Ask for help<\/a>/);
    expect(pageOf(render('/help?lang=hi').html)).toMatch(/<a href="\/my-help\/new\?lang=hi">मदद माँगें<\/a>/);
  });

  it('hands the rendered list to the browser, so it hydrates without asking again; a list for another filter is asked for', () => {
    const { html } = render('/help');
    expect(bootOf(html).site.help).toEqual({ list: helpListFixture(), origin: ORIGIN });
    expect(bootOf(render('/').html).site.help).toBeUndefined();
    // The server's list was for "medical": the education page would ask (loading), not show it.
    expect(pageOf(render('/help?cause=education', helpListFixture({ category: 'medical' })).html)).toContain('role="status"');
    expect(pageOf(render('/help?page=2', helpListFixture()).html)).not.toContain('help-card');
  });

  it('is listed in the sitemap in both languages, with its canonical address and Open Graph card', () => {
    const sitemap = renderer.sitemap(publicSiteFixture());
    expect(sitemap).toContain(`<loc>${ORIGIN}/help</loc>`);
    expect(sitemap).toContain(`<loc>${ORIGIN}/help?lang=hi</loc>`);
    const { html } = render('/help?cause=medical');
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/help">`);
    expect(html).toContain('<title>Help requests — Sahay Foundation</title>');
    expect(html).toContain('<meta property="og:type" content="website">');
  });
});
