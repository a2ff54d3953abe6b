import { beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '#web/api/session-change.ts';
import type { Renderer } from '#web/entry-server.tsx';
import { createTestRenderer } from '#web/testing/test-renderer.ts';
import { publicSiteFixture } from '#web/testing/public-site-fixture.ts';

let renderer: Renderer;

beforeAll(async () => {
  renderer = await createTestRenderer();
});

/** The main navigation's links and buttons, as the server renders them for `viewer`. */
function navOf(viewer: Viewer, search = ''): { links: string[]; buttons: string[]; boot: string } {
  const { html } = renderer.render({ path: '/about', search, data: publicSiteFixture(), viewer });
  const nav = /<nav class="site-nav"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
  const clean = (text: string) => text.replace(/<[^>]+>/g, '').replaceAll('<!-- -->', '').trim();
  return {
    links: [...nav.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/g)].map(([, href, label]) => `${href} ${clean(label!)}`),
    buttons: [...nav.matchAll(/<button [^>]*data-testid="nav-logout"[^>]*>([\s\S]*?)<\/button>/g)].map(([, label]) => clean(label!)),
    boot: /<script type="application\/json" id="sahay-boot">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '',
  };
}

describe('the navigation for who is signed in, rendered by the server', () => {
  it('shows a visitor Login and Register, and no Logout', () => {
    const { links, buttons, boot } = navOf(null);
    expect(links).toEqual(expect.arrayContaining(['/login Login', '/register Register']));
    expect(links.some((link) => link.startsWith('/dashboard') || link.startsWith('/admin'))).toBe(false);
    expect(buttons).toEqual([]);
    expect(boot).not.toContain('"viewer"');
  });

  it('shows a member Dashboard and Logout in place of Login and Register, and hands the viewer to the client', () => {
    const { links, buttons, boot } = navOf('member');
    expect(links).toContain('/dashboard Dashboard');
    expect(links.some((link) => link.startsWith('/login') || link.startsWith('/register'))).toBe(false);
    expect(buttons).toEqual(['Logout']);
    expect(boot).toContain('"viewer":"member"');
    // The footer's quick links follow suit.
    const { html } = renderer.render({ path: '/about', search: '', data: publicSiteFixture(), viewer: 'member' });
    const footer = /<footer[\s\S]*<\/footer>/.exec(html)?.[0] ?? '';
    expect(footer).toContain('href="/dashboard"');
    expect(footer).not.toContain('href="/login"');
    // Dashboard stands where Login stood, before Contact.
    expect(links.findIndex((link) => link.startsWith('/dashboard'))).toBe(links.findIndex((link) => link.startsWith('/contact')) - 1);
  });

  it('shows an admin the Admin console, in Hindi too', () => {
    expect(navOf('admin').links).toContain('/admin/dashboard Admin console');
    const hindi = navOf('admin', 'lang=hi');
    expect(hindi.links).toContain('/admin/dashboard?lang=hi एडमिन कंसोल');
    expect(hindi.buttons).toEqual(['लॉग आउट']);
  });
});
