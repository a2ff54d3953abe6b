import { beforeAll, describe, expect, it } from 'vitest';
import type { Renderer } from '#web/entry-server.tsx';
import { createTestRenderer } from '#web/testing/test-renderer.ts';
import { publicSiteFixture } from '#web/testing/public-site-fixture.ts';

let renderer: Renderer;

beforeAll(async () => {
  renderer = await createTestRenderer();
});

function render(url: string, overrides: Parameters<typeof publicSiteFixture>[0] = {}) {
  const [path = '/', search = ''] = url.split('?');
  return renderer.render({ path, search, data: publicSiteFixture(overrides) });
}

/** The page's own part of the HTML (the layout around it has its own tests). */
function pageOf(html: string): string {
  return /<div class="container page-kanyadan">[\s\S]*<\/main>/.exec(html)?.[0] ?? '';
}

describe('/kanyadanRegistration as the server renders it', () => {
  it('shows the steps as an ordered list with the current one marked, and no Payment step while there is no fee', () => {
    const page = pageOf(render('/kanyadanRegistration?lang=en').html);
    const steps = /<nav class="kanyadan-steps"[^>]*>([\s\S]*?)<\/nav>/.exec(page)?.[1] ?? '';
    expect(steps).toMatch(/^<ol>/);
    expect([...steps.matchAll(/data-step="(\w+)"/g)].map((match) => match[1])).toEqual(['registration', 'receipt', 'status']);
    expect(steps.match(/aria-current="step"/g)).toHaveLength(1);
    expect(steps).toMatch(/aria-current="step"[^>]*>[\s\S]*?Registration/);
  });

  it('adds the Payment step when the registration fee is above ₹0', () => {
    const page = pageOf(render('/kanyadanRegistration?lang=en', { kanyadanFeePaise: 10_000 }).html);
    expect([...page.matchAll(/data-step="(\w+)"/g)].map((match) => match[1])).toEqual(['registration', 'payment', 'receipt', 'status']);
  });

  it('labels every control, and ties hints to their fields', () => {
    const page = pageOf(render('/kanyadanRegistration?lang=en').html);
    const ids = [...page.matchAll(/<(?:input|select|textarea)[^>]*\bid="([^"]+)"/g)].map((match) => match[1]);
    expect(ids.length).toBeGreaterThan(15);
    for (const id of ids) expect(page, `#${id}`).toContain(`for="${id}"`);
    for (const name of ['girlName', 'fatherName', 'motherName', 'dob', 'aadhaar', 'phone', 'email', 'schoolName', 'schoolAddress', 'className', 'district', 'state', 'fatherRegNo', 'caste', 'guardianName', 'guardianRelation', 'consent']) {
      expect(page, name).toMatch(new RegExp(`name="${name}"`));
    }
    for (const kind of ['girlAadhaar', 'fatherAadhaar', 'birthCertificate', 'photo']) expect(page).toContain(`data-testid="document-${kind}"`);
    expect(page).toMatch(/<input(?=[^>]*name="aadhaar")(?=[^>]*aria-describedby="[^"]+")[^>]*>/);
    expect(page).toMatch(/<input(?=[^>]*name="gender")(?=[^>]*value="female")(?=[^>]*checked="")[^>]*>/);
  });

  it('says why the sensitive details are asked, and has the consent text', () => {
    const page = pageOf(render('/kanyadanRegistration?lang=en').html);
    expect(page).toContain('the birth certificate serves instead');
    expect(page).toContain('“Not stated” is fine');
    expect(page).toContain('To receive the decision by e-mail.');
    expect(page).toContain('are stored encrypted, are seen only by the foundation&#x27;s verification team, and are erased if I ask');
  });

  it('opens in Hindi (Hindi first, English at ?lang=en), with no untranslated key left', () => {
    const { html, lang } = render('/kanyadanRegistration');
    expect(lang).toBe('hi');
    const page = pageOf(html);
    expect(page).toContain('कन्यादान पंजीकरण');
    expect(page).toContain('बालिका का नाम');
    expect(page).toContain('उत्तर प्रदेश');
    expect(page).not.toMatch(/kanyadan\.registration\./);
    expect(page).not.toContain("Girl's name");
  });

  it('hands the page the configured public address, which the printed acknowledgement names (issue 32)', () => {
    expect(render('/kanyadanRegistration').html).toContain('"kanyadan":{"origin":"https://sahay.example"}');
    expect(render('/contact').html).not.toContain('"kanyadan":{');
  });

  it('opens on the Status step at ?step=status', () => {
    const page = pageOf(render('/kanyadanRegistration?lang=en&step=status').html);
    expect(page).toMatch(/data-step="status"[^>]*>\s*<button[^>]*aria-current="step"/);
    expect(page).toMatch(/<section hidden=""[^>]*data-testid="step-registration"/);
  });
});
