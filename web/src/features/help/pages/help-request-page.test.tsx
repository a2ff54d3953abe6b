import { beforeAll, describe, expect, it } from 'vitest';
import type { TPublicHelpRequestDetail } from '@sahay/server/modules/help/help.schema';
import type { Renderer } from '#web/entry-server.tsx';
import { createTestRenderer } from '#web/testing/test-renderer.ts';
import { publicSiteFixture } from '#web/testing/public-site-fixture.ts';
import { helpRequestFixture } from '../help-fixture.ts';
import { directUpiLink } from '../help-request-text.ts';

const ORIGIN = 'https://sahay.example';

let renderer: Renderer;

beforeAll(async () => {
  renderer = await createTestRenderer(ORIGIN);
});

/** The server's rendering of /help/:id with the request it read (null: none to show). */
function render(url: string, detail: TPublicHelpRequestDetail | null = helpRequestFixture()) {
  const [path = '/', search = ''] = url.split('?');
  const id = path.split('/')[2] ?? '';
  return renderer.render({ path, search, data: publicSiteFixture(), help: { request: { id, detail } } });
}

const textOf = (html: string) => html.replaceAll('<!-- -->', '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

function pageOf(html: string): string {
  return /<article class="container page-content help-request"[\s\S]*<\/article>/.exec(html)?.[0] ?? '';
}

function headOf(html: string): string {
  return /<head>([\s\S]*)<\/head>/.exec(html)?.[1] ?? '';
}

function sectionOf(page: string, id: string): string {
  return new RegExp(`<section aria-labelledby="${id}">([\\s\\S]*?)</section>`).exec(page)?.[1] ?? '';
}

describe('/help/:id as the server renders it', () => {
  it('shows the title, category, who it is for, the progress and the dates', () => {
    const { html, status } = render('/help/ABCD2345');
    expect(status).toBe(200);
    const page = pageOf(html);
    expect(page).toContain('<h1 id="help-request-title">Kidney operation for Sunita</h1>');
    expect(page).toContain('<p class="help-category">Medical treatment</p>');
    expect(page).toContain('<p class="help-for">For Sunita (the requester’s parent)</p>');
    expect(page).toMatch(/<progress value="1200000" max="5000000" aria-labelledby="[^"]+"><\/progress><p id="[^"]+" class="help-progress-text">₹12,000 raised of ₹50,000<\/p>/);
    expect(page).toContain('Published on 2 Nov 2026');
    expect(page).toContain('Open until 31 Dec 2026');
    expect(page).not.toContain('data-testid="help-closed"');
    expect(page).toMatch(/<a href="\/help">← All help requests<\/a>/);
    // Without a first name there is no "For …" line; without a relation, just the name.
    expect(pageOf(render('/help/ABCD2345', helpRequestFixture({ beneficiaryFirstName: null })).html)).not.toContain('help-for');
    expect(pageOf(render('/help/ABCD2345', helpRequestFixture({ relation: null })).html)).toContain('<p class="help-for">For Sunita</p>');
  });

  it('shows the story as text in its paragraphs, line breaks kept, never as HTML', () => {
    const story = pageOf(render('/help/ABCD2345').html);
    const paragraphs = [...sectionOf(story, 'help-story').matchAll(/<p>([\s\S]*?)<\/p>/g)].map((match) => match[1]);
    expect(paragraphs).toHaveLength(2);
    expect(paragraphs[0]).toBe('Sunita is 52 and has been on dialysis twice a week since March.\nThe hospital in Patna has given an estimate for the operation.');
    const hostile = helpRequestFixture({ story: { en: 'Please help <script>alert(1)</script> <img src=x onerror=alert(2)> my father.', hi: null } });
    const page = pageOf(render('/help/ABCD2345', hostile).html);
    expect(page).not.toContain('<script>alert');
    expect(page).not.toContain('<img');
    expect(page).toContain('Please help &lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('speaks Hindi on ?lang=hi, and falls back to the other language’s title and story, marked with their language', () => {
    const hindi = render('/help/ABCD2345?lang=hi');
    expect(hindi.lang).toBe('hi');
    const page = pageOf(hindi.html);
    expect(page).toContain('<h1 id="help-request-title">सुनीता के गुर्दे का ऑपरेशन</h1>');
    expect(page).toContain('<p class="help-category">इलाज</p>');
    expect(page).toContain('Sunita के लिए (मदद माँगने वाले के माता या पिता)');
    expect(page).toContain('₹50,000 में से ₹12,000 जुटाए गए');
    expect(page).toContain('डायलिसिस');
    expect(page).not.toContain('raised of');

    const onlyHindi = helpRequestFixture({ title: { en: null, hi: 'पिता के इलाज के लिए मदद' }, story: { en: null, hi: 'पिता का इलाज पटना में चल रहा है।' } });
    const english = pageOf(render('/help/ABCD2345', onlyHindi).html);
    expect(english).toContain('<h1 id="help-request-title" lang="hi">पिता के इलाज के लिए मदद</h1>');
    expect(english).toContain('<div class="help-story" lang="hi"><p>पिता का इलाज पटना में चल रहा है।</p></div>');
    expect(english).toContain('Medical treatment');
    const onlyEnglish = helpRequestFixture({ title: { en: 'Help for my father', hi: null } });
    expect(pageOf(render('/help/ABCD2345?lang=hi', onlyEnglish).html)).toContain('<h1 id="help-request-title" lang="en">Help for my father</h1>');
  });

  it('says when a request is closed, why, and that it takes no new gifts', () => {
    const reasons = {
      funded: 'the amount needed was raised',
      requester: 'closed by the person who asked for help',
      staff: 'closed by the foundation’s staff',
      expired: 'its closing date has passed',
    } as const;
    for (const [reason, words] of Object.entries(reasons)) {
      const page = pageOf(render('/help/ABCD2345', helpRequestFixture({ status: 'closed', closedReason: reason as keyof typeof reasons })).html);
      const notice = /<div class="notice notice-warning" data-testid="help-closed">([\s\S]*?)<\/div>/.exec(page)?.[1] ?? '';
      expect(notice.replaceAll('<!-- -->', ''), reason).toContain(`<strong>Closed</strong>: ${words}`);
      expect(notice, reason).toContain('This request is closed and takes no new gifts.');
      expect(page, reason).not.toContain('Open until');
    }
    const hindi = pageOf(render('/help/ABCD2345?lang=hi', helpRequestFixture({ status: 'closed', closedReason: 'funded' })).html);
    expect(hindi.replaceAll('<!-- -->', '')).toContain('<strong>बंद</strong>: ज़रूरी राशि जुट गई');
    expect(hindi).toContain('अब इस पर नया दान नहीं लिया जाता');
  });

  it('shares by WhatsApp with the title and the address in the page’s language, and offers the address to copy; the share sheet waits for the browser', () => {
    const share = sectionOf(pageOf(render('/help/ABCD2345').html), 'help-share');
    const url = `${ORIGIN}/help/ABCD2345`;
    expect(share).toContain(`href="https://wa.me/?text=${encodeURIComponent(`Kidney operation for Sunita\n${url}`)}"`);
    expect(share).toMatch(/target="_blank" rel="noopener noreferrer"/);
    expect(share).toMatch(/<input[^>]*value="https:\/\/sahay.example\/help\/ABCD2345"/);
    expect(share).toContain('Link to this request');
    expect(share).toContain('Copy');
    // navigator.share is known only in the browser, after hydration.
    expect(share).not.toContain('More ways to share');
    // The copy is confirmed in a polite live region.
    expect(pageOf(render('/help/ABCD2345').html)).toMatch(/role="status" aria-live="polite" data-testid="copy-status"/);

    const hindi = sectionOf(pageOf(render('/help/ABCD2345?lang=hi').html), 'help-share');
    expect(hindi).toContain(`href="https://wa.me/?text=${encodeURIComponent(`सुनीता के गुर्दे का ऑपरेशन\n${url}?lang=hi`)}"`);
    expect(hindi).toContain('WhatsApp पर भेजें');
  });

  it('offers a gift through the foundation held for this request, with a receipt, and no button that does nothing', () => {
    // Without a UPI ID to give to directly, the foundation is the one way.
    const how = sectionOf(pageOf(render('/help/ABCD2345', helpRequestFixture({ directUpi: null })).html), 'help-how');
    expect(how).toMatch(/<a href="\/donate\?help=ABCD2345" class="btn btn-primary">Donate through the foundation<\/a>/);
    expect(how).toContain('The foundation holds your gift for this request alone and passes it on to the person in need; you get a receipt for it.');
    expect(how).not.toContain('<button');
    expect(how.match(/<a /g)).toHaveLength(1);
    expect(how).not.toContain('give-directly');
    // In Hindi, the donate page opens in Hindi too.
    const hindi = sectionOf(pageOf(render('/help/ABCD2345?lang=hi', helpRequestFixture({ directUpi: null })).html), 'help-how');
    expect(hindi).toMatch(/<a href="\/donate\?help=ABCD2345&amp;lang=hi" class="btn btn-primary">फ़ाउंडेशन के ज़रिए दान करें<\/a>/);
    expect(hindi).toContain('आपको इसकी रसीद मिलती है');
  });

  it('offers a gift straight to the beneficiary’s UPI when the server names one: the UPI ID to copy, a QR code and a link for the UPI app', () => {
    const how = sectionOf(pageOf(render('/help/ABCD2345').html), 'help-how');
    const direct = /<div class="panel" data-testid="give-directly">([\s\S]*)$/.exec(how)?.[1] ?? '';
    expect(direct).toContain('<h3 id="help-direct">Directly to Sunita</h3>');
    const link = 'upi://pay?pa=sunita.devi@okaxis&amp;pn=Sunita&amp;cu=INR&amp;tn=Sahay%20help%20ABCD2345';
    expect(direct).toContain(`data-testid="direct-upi-qr" data-qr-text="${link}"`);
    expect(direct).toMatch(/<svg role="img" aria-label="UPI QR code to pay Sunita, UPI ID sunita.devi@okaxis"/);
    expect(direct).toContain(`<a class="btn btn-secondary" href="${link}" data-testid="direct-upi-link">Open a UPI app</a>`);
    expect(direct).toMatch(/<input(?=[^>]*readOnly="")(?=[^>]*data-testid="copy-direct-upi")(?=[^>]*value="sunita.devi@okaxis")[^>]*>/);
    expect(direct).toContain('The foundation does not receive or hold it and gives no receipt for it; Sunita will confirm here that it arrived.');
    // The form is its own chunk, loaded when the giver says they paid; until the page runs, the button waits.
    expect(direct).toMatch(/<button type="button" class="btn btn-primary" disabled=""[^>]*data-testid="open-gift-form">I have paid: tell Sunita<\/button>/);
    expect(direct).not.toContain('<form');
    expect(directUpiLink({ upiId: 'ram.kumar@oksbi', payeeName: 'Ram Kumar' }, 'WXYZ2345')).toBe('upi://pay?pa=ram.kumar@oksbi&pn=Ram%20Kumar&cu=INR&tn=Sahay%20help%20WXYZ2345');

    const hindi = sectionOf(pageOf(render('/help/ABCD2345?lang=hi').html), 'help-how');
    expect(hindi).toContain('सीधे Sunita को');
    expect(hindi).toContain('फ़ाउंडेशन इसे न लेता है');
    expect(hindi).toContain('मैंने भुगतान कर दिया: Sunita को बताएँ');
  });

  it('says whose UPI ID it is (issue 32): the beneficiary’s own, or the requester’s and not the beneficiary’s, in both languages', () => {
    const directOf = (url: string, holder: NonNullable<TPublicHelpRequestDetail['directUpi']>['holder']) =>
      textOf(/<div class="panel" data-testid="give-directly">([\s\S]*)$/.exec(sectionOf(pageOf(render(url, helpRequestFixture({ directUpi: { upiId: 'ravi.kumar@okaxis', payeeName: 'Sunita', holder } })).html), 'help-how'))?.[1] ?? '');
    expect(directOf('/help/ABCD2345', 'beneficiary')).toContain('This is Sunita’s own UPI ID.');

    const requesters = directOf('/help/ABCD2345', 'requester');
    expect(requesters).toContain('Give directly by UPI');
    expect(requesters).toContain('This UPI ID is the account of the member who asked for this help for Sunita — not Sunita’s own.');
    // No longer "straight to Sunita" beside someone else's UPI ID.
    expect(requesters).not.toContain('Directly to Sunita');
    expect(requesters).not.toContain('This money goes straight to Sunita');
    const hindi = directOf('/help/ABCD2345?lang=hi', 'requester');
    expect(hindi).toContain('सीधे यूपीआई से दें');
    expect(hindi).toContain('यह यूपीआई आईडी Sunita के लिए सहायता माँगने वाले सदस्य के खाते की है — Sunita की अपनी नहीं।');
    expect(hindi).not.toContain('सीधे Sunita को');

    expect(directOf('/help/ABCD2345', 'other')).toContain('an account the member who asked for this help named (for example a hospital’s) — not Sunita’s own');
    expect(directOf('/help/ABCD2345?lang=hi', 'unnamed')).toContain('पर यह नहीं बताया कि खाता किसका है');
  });

  it('shows no UPI ID when the server names none, nor on a closed request', () => {
    for (const detail of [helpRequestFixture({ directUpi: null }), helpRequestFixture({ status: 'closed', closedReason: 'expired' })]) {
      const page = pageOf(render('/help/ABCD2345', detail).html);
      expect(page).not.toContain('give-directly');
      expect(page).not.toContain('upi://');
      expect(page).not.toContain('sunita.devi@okaxis');
    }
  });

  it('lists the updates, newest first as the server orders them, with who posted each and when, in the page’s language or marked as the other', () => {
    const page = pageOf(render('/help/ABCD2345').html);
    const updates = sectionOf(page, 'help-updates');
    expect(updates).toContain('<h2 id="help-updates">Updates</h2>');
    const articles = [...updates.matchAll(/<article class="help-update" data-testid="help-update">([\s\S]*?)<\/article>/g)].map((match) => match[1] ?? '');
    expect(articles).toHaveLength(2);
    expect(articles[0]).toContain('<h3>20 Nov 2026</h3><p class="field-hint">From the person who asked for help</p><div><p>The operation is fixed for 20 December. Thank you, everyone who gave.</p></div>');
    expect(articles[1]).toContain('<h3>10 Nov 2026</h3><p class="field-hint">From the foundation’s staff</p>');
    // Updates come after the story, before the ways to share and help.
    expect(page.indexOf('help-story')).toBeLessThan(page.indexOf('help-updates'));
    expect(page.indexOf('help-updates')).toBeLessThan(page.indexOf('help-share'));

    const hindi = sectionOf(pageOf(render('/help/ABCD2345?lang=hi').html), 'help-updates');
    expect(hindi).toContain('ताज़ा जानकारी');
    expect(hindi).toContain('ऑपरेशन 20 दिसंबर को तय हुआ है।');
    expect(hindi).toContain('<div lang="en"><p>The foundation checked the hospital’s new estimate.</p></div>');
    expect(hindi).toContain('फ़ाउंडेशन के स्टाफ़ की ओर से');
    // Text only, never HTML.
    const hostile = pageOf(render('/help/ABCD2345', helpRequestFixture({ updates: [{ text: { en: 'Done <img src=x onerror=alert(1)>', hi: null }, by: 'requester', postedAt: '2026-11-20T10:00:00.000Z' }] })).html);
    expect(hostile).not.toContain('<img');
    expect(hostile).toContain('Done &lt;img');
  });

  it('has no updates section before the first update', () => {
    expect(pageOf(render('/help/ABCD2345', helpRequestFixture({ updates: [] })).html)).not.toContain('help-updates');
  });

  it('on a closed request, which takes no new gifts, offers only a gift to the foundation’s general fund', () => {
    const how = sectionOf(pageOf(render('/help/ABCD2345', helpRequestFixture({ status: 'closed', closedReason: 'funded' })).html), 'help-how');
    expect(how).toMatch(/<a href="\/donate" class="btn btn-primary">Donate to the foundation<\/a>/);
    expect(how).not.toContain('help=');
    expect(how.match(/<a /g)).toHaveLength(1);
  });

  it('gives a shared link its own card: the title, the start of the story, its address, as an article', () => {
    const head = headOf(render('/help/abcd2345').html);
    expect(head).toContain('<title>Kidney operation for Sunita — Sahay Foundation</title>');
    expect(head).toContain('<meta property="og:type" content="article">');
    expect(head).toContain('<meta property="og:title" content="Kidney operation for Sunita">');
    const description = /<meta property="og:description" content="([^"]*)">/.exec(head)?.[1] ?? '';
    expect(description.startsWith('Sunita is 52 and has been on dialysis twice a week since March. The hospital')).toBe(true);
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description).toMatch(/…$/);
    expect(head).toContain(`<meta name="description" content="${description}">`);
    // The address as the server knows it, whatever the case it was typed in.
    expect(head).toContain(`<meta property="og:url" content="${ORIGIN}/help/ABCD2345">`);
    expect(head).toContain(`<link rel="canonical" href="${ORIGIN}/help/ABCD2345">`);
    expect(head).toContain(`<link rel="alternate" hreflang="hi" href="${ORIGIN}/help/ABCD2345?lang=hi">`);
    expect(head).toContain('<meta property="article:published_time" content="2026-11-02T09:15:00.000Z">');

    const hindi = headOf(render('/help/ABCD2345?lang=hi').html);
    expect(hindi).toContain('<meta property="og:title" content="सुनीता के गुर्दे का ऑपरेशन">');
    expect(hindi).toContain(`<meta property="og:url" content="${ORIGIN}/help/ABCD2345?lang=hi">`);
  });

  it('answers an unknown or unpublished request with the not-found page, HTTP 404 and noindex', () => {
    const { status, html } = render('/help/ZZZZ9999', null);
    expect(status).toBe(404);
    expect(html).toMatch(/<h1>Page Not Found<\/h1>/);
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('og:type" content="article"');
    expect(html).not.toContain('help-request');
  });

  it('hands the rendered request to the browser, so it hydrates without asking again; another request is asked for', () => {
    const boot = (html: string) => JSON.parse(/<script type="application\/json" id="sahay-boot">([\s\S]*?)<\/script>/.exec(html)![1]!) as { site: { help?: unknown } };
    expect(boot(render('/help/ABCD2345').html).site.help).toEqual({ request: { id: 'ABCD2345', detail: helpRequestFixture() }, origin: ORIGIN });
    // The data the server read was for another request (a link followed inside the app): loading, not that one.
    const other = renderer.render({ path: '/help/WXYZ2345', search: '', data: publicSiteFixture(), help: { request: { id: 'ABCD2345', detail: helpRequestFixture() } } });
    const main = /<main[\s\S]*<\/main>/.exec(other.html)?.[0] ?? '';
    expect(main).toContain('role="status"');
    expect(main).not.toContain('Kidney operation');
  });

  it('lists each published request in the sitemap in both languages, with the date it last changed', () => {
    const sitemap = renderer.sitemap(publicSiteFixture(), [{ id: 'ABCD2345', updatedAt: '2026-11-20T10:00:00.000Z' }]);
    const entries = [...sitemap.matchAll(/<url><loc>([^<]*\/help\/ABCD2345[^<]*)<\/loc>(<lastmod>[^<]*<\/lastmod>)?/g)];
    expect(entries.map((entry) => entry[1])).toEqual([`${ORIGIN}/help/ABCD2345`, `${ORIGIN}/help/ABCD2345?lang=hi`]);
    expect(entries.map((entry) => entry[2])).toEqual(['<lastmod>2026-11-20</lastmod>', '<lastmod>2026-11-20</lastmod>']);
    expect(sitemap).toContain(`<xhtml:link rel="alternate" hreflang="hi" href="${ORIGIN}/help/ABCD2345?lang=hi"/>`);
    // Only the requests it is given: /help/:id itself is never listed.
    expect(renderer.sitemap(publicSiteFixture())).not.toMatch(/\/help\/[^<?]/);
  });
});
