import { beforeAll, describe, expect, it } from 'vitest';
import type { Renderer } from '#web/entry-server.tsx';
import { createTestRenderer } from '#web/testing/test-renderer.ts';
import { publicSiteFixture } from '#web/testing/public-site-fixture.ts';

let renderer: Renderer;

beforeAll(async () => {
  renderer = await createTestRenderer();
});

/** Where the old site's paid-level and matrix links lead: plain words in both languages, and what to do instead. */
describe('/no-paid-levels', () => {
  it('says in English that there are no paid levels, why, and links to helping, giving and free invitations', () => {
    const { status, html } = renderer.render({ path: '/no-paid-levels', search: '', data: publicSiteFixture() });
    expect(status).toBe(200);
    expect(html).toContain('<h1>Sahay has no paid levels, matrices or referral income</h1>');
    expect(html).toContain('against the law in India');
    for (const href of ['/help', '/donate', '/register']) expect(html).toContain(`href="${href}"`);
  });

  it('says the same in Hindi', () => {
    const { status, html } = renderer.render({ path: '/no-paid-levels', search: 'lang=hi', data: publicSiteFixture() });
    expect(status).toBe(200);
    expect(html).toContain('सहाय में कोई सशुल्क लेवल, मैट्रिक्स या रेफ़रल आय नहीं है');
    expect(html).toContain('भारत में क़ानून के विरुद्ध');
    expect(html).toContain('href="/help?lang=hi"');
  });
});
