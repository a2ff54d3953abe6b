import { beforeAll, describe, expect, it } from 'vitest';
import type { TCreateDonationRequest } from '@sahay/server/modules/donations/giving/create-donation.schema';
import type { Renderer } from '#web/entry-server.tsx';
import { createTestRenderer } from '#web/testing/test-renderer.ts';
import { publicSiteFixture } from '#web/testing/public-site-fixture.ts';
import { fundraiserIdOf, helpRequestIdOf, pledgeInputOf } from './donate-page.tsx';

let renderer: Renderer;

beforeAll(async () => {
  renderer = await createTestRenderer();
});

/** The foundation's UPI ID entered: donations are open. */
const OPEN = { upiVpa: 'sahayfoundation@sbi' };

function formOf(search: string): string {
  const { html } = renderer.render({ path: '/donate', search, data: publicSiteFixture(OPEN) });
  return /<form[^>]*data-testid="donate-form"[\s\S]*<\/form>/.exec(html)?.[0] ?? '';
}

const pledge: TCreateDonationRequest = {
  amountPaise: 1_000_00,
  cause: 'general',
  donorName: 'Asha Verma',
  email: 'asha@example.com',
  phone: '',
  pan: '',
  address: '',
  showName: false,
  referralId: '',
};

describe('/donate?help= — a gift held for a help request', () => {
  it('says for which request the gift will be held, with a link to it', () => {
    const form = formOf('help=ABCD2345');
    expect(form).toContain('data-testid="donate-for-help"');
    expect(form.replaceAll('<!-- -->', '')).toMatch(/Your gift will be held for help request ABCD2345\. <a href="\/help\/ABCD2345">See the request<\/a>/);
    const hindi = formOf('help=ABCD2345&lang=hi');
    expect(hindi.replaceAll('<!-- -->', '')).toMatch(/आपका दान सहायता अनुरोध ABCD2345 के लिए रखा जाएगा। <a href="\/help\/ABCD2345\?lang=hi">अनुरोध देखें<\/a>/);
  });

  it('says nothing of the kind without a well-formed request number', () => {
    for (const search of ['', 'help=', 'help=ABCD', 'help=ABCD23451', 'help=ABCD234I', 'help=<script>']) expect(formOf(search), search).not.toContain('donate-for-help');
  });

  it('reads the request number in any case, and only from the references’ alphabet', () => {
    expect(helpRequestIdOf(' abcd2345 ')).toBe('ABCD2345');
    expect(helpRequestIdOf('ABCD2345')).toBe('ABCD2345');
    // No look-alikes: I, L, O, 0 and 1 are never in a number.
    for (const id of ['ABCD234I', 'ABCD234L', 'ABCD234O', 'ABCD2340', 'ABCD2341', 'ABCD-345', '', null]) expect(helpRequestIdOf(id), String(id)).toBeNull();
  });

  it('sends donations.create the request’s number with ?help=, and the pledge unchanged without it', () => {
    expect(pledgeInputOf(pledge, 'ABCD2345')).toEqual({ ...pledge, helpRequestId: 'ABCD2345' });
    expect(pledgeInputOf(pledge, null)).toBe(pledge);
    expect(pledgeInputOf(pledge, null)).not.toHaveProperty('helpRequestId');
    expect(pledgeInputOf(pledge, helpRequestIdOf(new URLSearchParams('amount=500&help=wxyz2345').get('help')))).toMatchObject({ helpRequestId: 'WXYZ2345' });
    expect(pledgeInputOf(pledge, helpRequestIdOf(new URLSearchParams('amount=500').get('help')))).not.toHaveProperty('helpRequestId');
  });

  it('credits a member’s fundraiser named by ?fundraiser= with the donor’s message (issue 33), and offers its message field', () => {
    expect(fundraiserIdOf(' fabcdefghj ')).toBe('FABCDEFGHJ');
    for (const id of ['ABCDEFGHJK', 'FABCDEFGHI', 'FABCDEFGH', 'FABCDEFGHJK', '', null]) expect(fundraiserIdOf(id), String(id)).toBeNull();
    expect(pledgeInputOf(pledge, null, { id: 'FABCDEFGHJ', message: '  Good luck!  ' })).toEqual({ ...pledge, fundraiserId: 'FABCDEFGHJ', message: 'Good luck!' });
    expect(pledgeInputOf(pledge, null, { id: 'FABCDEFGHJ', message: ' ' })).toEqual({ ...pledge, fundraiserId: 'FABCDEFGHJ' });
    expect(formOf('fundraiser=FABCDEFGHJ')).toContain('donate-for-fundraiser');
    expect(formOf('fundraiser=FABCDEFGHJ')).toContain('name="message"');
    for (const search of ['', 'fundraiser=', 'fundraiser=F123', 'fundraiser=<script>']) expect(formOf(search), search).not.toContain('donate-for-fundraiser');
  });
});

describe('/donate before the payment details are entered', () => {
  const textOf = (html: string) => html.replaceAll('<!-- -->', '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

  it('says donations open soon, with the phone, e-mail and contact page, and shows no form', () => {
    const { html } = renderer.render({ path: '/donate', search: '', data: publicSiteFixture({ phone: '0141 222 3333' }) });
    expect(html).toContain('data-testid="donations-open-soon"');
    expect(html).not.toContain('data-testid="donate-form"');
    expect(textOf(html)).toContain('Donations open soon');
    expect(html).toContain('href="tel:01412223333"');
    expect(html).toContain('href="mailto:contact@sahay.example"');
    expect(html).toContain('href="/contact"');
  });

  it('says it in Hindi, and leaves out a phone line when no phone is entered', () => {
    const { html } = renderer.render({ path: '/donate', search: 'lang=hi', data: publicSiteFixture() });
    expect(textOf(html)).toContain('दान जल्द शुरू होंगे');
    expect(html).not.toContain('href="tel:');
  });

  it('shows the form once the UPI ID is entered', () => {
    const { html } = renderer.render({ path: '/donate', search: '', data: publicSiteFixture(OPEN) });
    expect(html).toContain('data-testid="donate-form"');
    expect(html).not.toContain('data-testid="donations-open-soon"');
  });
});
