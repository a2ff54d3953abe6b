import { beforeAll, describe, expect, it } from 'vitest';
import type { Renderer } from '#web/entry-server.tsx';
import { createTestRenderer } from '#web/testing/test-renderer.ts';
import { publicSiteFixture } from '#web/testing/public-site-fixture.ts';
import { transparencyFixture } from '#web/testing/transparency-fixture.ts';
import { niceCeiling } from '../components/money-charts.tsx';

let renderer: Renderer;

beforeAll(async () => {
  renderer = await createTestRenderer();
});

function render(url: string, transparency = transparencyFixture()) {
  const [path = '/', search = ''] = url.split('?');
  return renderer.render({ path, search, data: publicSiteFixture(), transparency });
}

/** The page's own part of the HTML. */
function pageOf(html: string): string {
  return /<div class="container page-content transparency">[\s\S]*<\/main>/.exec(html)?.[0] ?? '';
}

/** One list's section of the page: `gifts` or `payments`. */
function sectionOf(page: string, list: 'gifts' | 'payments'): string {
  return new RegExp(`<section aria-labelledby="transparency-${list}">[\\s\\S]*?</section>`).exec(page)?.[0] ?? '';
}

const itemsOf = (section: string) => [...section.matchAll(/<li class="gift">([\s\S]*?)<\/li>/g)].map((match) => match[1]!);

describe('/transparency as the server renders it', () => {
  it('draws both charts as SVG pictures with a text alternative, each followed by its table of figures', () => {
    const page = pageOf(render('/transparency').html);
    const charts = [...page.matchAll(/<svg[^>]*role="img"[^>]*aria-label="([^"]+)"[^>]*>([\s\S]*?)<\/svg>/g)];
    expect(charts).toHaveLength(2);
    expect(charts[0]![1]).toMatch(/^Bar chart: ₹[\d,.]+ received and ₹[\d,.]+ disbursed in the last 24 months/);
    // 24 months × (received, disbursed) bars; 6 causes × 2.
    expect(charts[0]![2]!.match(/<rect/g)).toHaveLength(48);
    expect(charts[1]![2]!.match(/<rect/g)).toHaveLength(12);
    const tables = [...page.matchAll(/<table class="table">([\s\S]*?)<\/table>/g)].map((match) => match[1]!);
    expect(tables).toHaveLength(2);
    expect(tables[0]).toContain('<caption>Received and disbursed by month</caption>');
    expect(tables[0]!.match(/<th scope="row">/g)).toHaveLength(24);
    expect(tables[0]).toMatch(/<th scope="row">November 2026<\/th>/);
    expect(tables[1]!.match(/<th scope="row"/g)).toHaveLength(6);
  });

  it('lists the gifts with the names donors agreed to and "Anonymous" otherwise, with paging links and the CSV of this page', () => {
    const data = transparencyFixture(3);
    const page = pageOf(render('/transparency?page=3', data).html);
    const gifts = itemsOf(sectionOf(page, 'gifts'));
    expect(gifts).toHaveLength(20);
    expect(gifts[0]).toContain('सुनीता देवी');
    expect(gifts[1]).toContain('Anonymous');
    expect(page).toContain('href="/transparency?page=2"');
    expect(page).toContain('href="/transparency?page=4"');
    expect(page).toContain('href="/api/transparency.csv?page=3&amp;lang=en"');
    expect(page).toContain('Page 3 of 5,000');
  });

  it('lists the payments out with nobody named: the amount, the scheme, the day and the cause, with their own paging that keeps the gifts’ page', () => {
    const data = transparencyFixture(3, 2);
    const page = pageOf(render('/transparency?page=3&paidPage=2', data).html);
    const payments = sectionOf(page, 'payments');
    const items = itemsOf(payments);
    expect(items).toHaveLength(20);
    const text = (html: string) => html.replace(/<[^>]+>/g, '').replaceAll('<!-- -->', '');
    expect(text(items[0]!)).toBe('₹21,000Kanyadan benefit to a familyDate: 20 Nov 2026 · Cause: Kanyadan (marriage support for girls)');
    expect(text(items[1]!)).toMatch(/^₹[\d,]+Help for a member in needDate: 19 Nov 2026 · Cause: /);
    expect(payments).toContain('1,200 payments to verified beneficiaries');
    for (const name of ['सुनीता देवी', 'Ramesh', 'Asha', 'Anonymous']) expect(payments).not.toContain(name);
    // Its pages keep the gifts' page 3, and come back to this section; the gifts' pages keep payments' page 2.
    expect(payments).toContain('href="/transparency?page=3#transparency-payments" rel="prev"');
    expect(payments).toContain('href="/transparency?page=3&amp;paidPage=3#transparency-payments" rel="next"');
    expect(payments).toContain('Page 2 of 60');
    expect(payments).toContain('href="/api/transparency/payments.csv?paidPage=2&amp;lang=en" download');
    expect(sectionOf(page, 'gifts')).toContain('href="/transparency?page=4&amp;paidPage=2" rel="next"');

    const hindi = sectionOf(pageOf(render('/transparency?page=3&paidPage=2&lang=hi', data).html), 'payments');
    expect(hindi).toContain('भुगतान की गई राशि');
    expect(hindi).toContain('एक परिवार को कन्यादान सहायता');
    expect(hindi).toContain('ज़रूरतमंद सदस्य को सहायता');
    expect(hindi).toContain('href="/transparency?page=3&amp;paidPage=3&amp;lang=hi#transparency-payments"');
  });

  it('speaks Hindi on ?lang=hi, "गुमनाम" for anonymous donors, and keeps the language in its links', () => {
    const { html, lang } = render('/transparency?lang=hi');
    expect(lang).toBe('hi');
    const page = pageOf(html);
    expect(page).toContain('<h1>पारदर्शिता</h1>');
    expect(page).toContain('गुमनाम');
    expect(page).not.toContain('Anonymous');
    expect(page).toContain('href="/transparency?page=2&amp;lang=hi"');
    expect(page).toContain('lang=hi" download');
  });

  it('hands the rendered figures to the browser, so it hydrates without asking again', () => {
    const { html } = render('/transparency');
    const boot = JSON.parse(/<script type="application\/json" id="sahay-boot">([\s\S]*?)<\/script>/.exec(html)![1]!) as { site: { transparency?: unknown } };
    expect(boot.site.transparency).toEqual(transparencyFixture());
    // Other pages do not carry it.
    const home = JSON.parse(/<script type="application\/json" id="sahay-boot">([\s\S]*?)<\/script>/.exec(render('/').html)![1]!) as { site: { transparency?: unknown } };
    expect(home.site.transparency).toBeUndefined();
  });

  it('says so plainly before the first verified donation and the first payment', () => {
    const empty = transparencyFixture();
    const nothing = { page: 1, pageCount: 1, total: 0, items: [] };
    const page = pageOf(render('/transparency', { ...empty, gifts: { ...empty.gifts, ...nothing }, payments: { ...empty.payments, ...nothing } }).html);
    expect(page).toContain('No verified donations yet.');
    expect(page).toContain('Nothing has been paid out yet.');
    expect(page).not.toContain('rel="next"');
    expect(page).not.toContain('.csv');
  });
});

describe('the chart scale', () => {
  it('rounds up to 1, 2 or 5 times a power of ten rupees', () => {
    expect([0, 1, 99_00, 101_00, 1_50_000_00, 2_00_001_00, 7_77_77_777_00].map(niceCeiling)).toEqual([1_00, 1_00, 100_00, 200_00, 2_00_000_00, 5_00_000_00, 10_00_00_000_00]);
  });
});

describe('/transparency’s disclosure of foreign contributions (decision 058)', () => {
  const foreignContributions = {
    registrationNumber: '231650123',
    quarters: [
      {
        quarter: '2031-32 Q1',
        from: '2031-04-01',
        to: '2031-06-30',
        totalPaise: 57_777_00,
        items: [
          { donorName: 'Olivia Brown', isNameErased: false, country: 'GB', amountPaise: 7_777_00, receivedOn: '2031-06-02', cause: 'medical' as const },
          { donorName: null, isNameErased: true, country: 'JP', amountPaise: 50_000_00, receivedOn: '2031-05-10', cause: 'general' as const },
        ],
      },
      { quarter: '2030-31 Q4', from: '2031-01-01', to: '2031-03-31', totalPaise: 0, items: [] },
    ],
  };
  const disclosureOf = (html: string) => /<section aria-labelledby="transparency-foreign"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';

  it('is absent without an FCRA registration', () => {
    expect(disclosureOf(render('/transparency').html)).toBe('');
  });

  it('lists each quarter’s gifts with the donor, the country in the page’s language, the amount, the date and the purpose; an erased name says so', () => {
    const en = disclosureOf(render('/transparency', { ...transparencyFixture(), foreignContributions }).html);
    expect(en).toContain('FCRA registration no. 231650123');
    expect(en).toContain('Olivia Brown');
    expect(en).toContain('United Kingdom');
    expect(en).toContain('Japan');
    expect(en).toContain('Name removed at the donor’s request');
    expect(en).toContain('₹57,777');
    expect(en).toContain('No foreign contributions in this quarter.');
    const hi = disclosureOf(render('/transparency?lang=hi', { ...transparencyFixture(), foreignContributions }).html);
    expect(hi).toContain('विदेशी अंशदान (FCRA)');
    expect(hi).toContain('यूनाइटेड किंगडम');
    expect(hi).toContain('दाता के अनुरोध पर नाम हटाया गया');
  });
});
