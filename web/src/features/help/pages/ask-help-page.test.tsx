import { renderToString } from 'react-dom/server';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { I18nProvider, loadNamespaces, type Lang } from '#web/i18n/i18n.tsx';
import { AskHelpForm, initialValues, type ProfilePayout } from '../components/member/ask-help-form.tsx';
import { AskHelp } from './ask-help-page.tsx';

const profile = vi.hoisted(() => ({ result: {} as Record<string, unknown> }));
vi.mock('#web/features/identity/hooks/use-profile.public.ts', () => ({ useProfile: () => profile.result }));

const NO_PAYOUT = { upiId: null, bankName: null, accountHolder: null, accountNumber: null, ifsc: null };
const WITH_UPI: ProfilePayout = { state: 'loaded', details: { ...NO_PAYOUT, upiId: 'asha@okbank', bankName: 'State Bank of India' } };

function renderForm(payout: ProfilePayout, lang: Lang = 'en'): string {
  return renderToString(
    <I18nProvider initialLang={lang}>
      <Router ssrPath="/my-help/new">
        <AskHelpForm userId="SH1234567" profile={payout} onSent={() => undefined} />
      </Router>
    </I18nProvider>,
  );
}

function renderPage(): string {
  return renderToString(
    <I18nProvider initialLang="en">
      <Router ssrPath="/my-help/new">
        <AskHelp userId="SH1234567" />
      </Router>
    </I18nProvider>,
  );
}

const optionsOf = (html: string, name: string) => {
  const select = new RegExp(`<select[^>]*name="${name}"[^>]*>([\\s\\S]*?)</select>`).exec(html)?.[1] ?? '';
  return [...select.matchAll(/<option value="([^"]*)"/g)].map((match) => match[1]);
};

beforeAll(async () => {
  await loadNamespaces('en', ['core', 'identity', 'member', 'messages']);
  await loadNamespaces('hi', ['core', 'identity', 'member', 'messages']);
});

beforeEach(() => {
  profile.result = { data: undefined, isError: false, isPending: true };
});

describe('the "Ask for help" form', () => {
  it('names every control as the multipart body does, and labels each one', () => {
    const html = renderForm(WITH_UPI);
    for (const name of ['category', 'titleEn', 'titleHi', 'storyEn', 'storyHi', 'amountNeeded', 'beneficiaryName', 'relation', 'upiId', 'bankName', 'accountHolder', 'accountNumber', 'ifsc', 'document1Kind', 'document1Date', 'document1']) {
      expect(html, name).toMatch(new RegExp(`name="${name}"`));
    }
    const ids = [...html.matchAll(/<(?:input|select|textarea)[^>]*\bid="([^"]+)"/g)].map((match) => match[1]);
    expect(ids.length).toBeGreaterThanOrEqual(16);
    for (const id of ids) expect(html, `#${id}`).toContain(`for="${id}"`);
    // One document to start with; up to four.
    expect(html).not.toContain('name="document2Kind"');
    expect(html).toContain('data-testid="add-document"');
  });

  it('offers the categories, relations and document kinds of the schema, each in words', () => {
    const html = renderForm(WITH_UPI);
    expect(optionsOf(html, 'category')).toEqual(['', 'medical', 'education', 'accident', 'marriage', 'livelihood', 'other']);
    expect(optionsOf(html, 'relation')).toEqual(['', 'self', 'spouse', 'child', 'parent', 'sibling', 'grandparent', 'grandchild', 'other-relative']);
    expect(optionsOf(html, 'document1Kind')).toEqual(['', 'hospital-estimate', 'hospital-bill', 'admission-letter', 'accident-report', 'other']);
    expect(html).toContain('Marriage of an adult');
    expect(html).toContain('FIR or accident report');
  });

  it('shows the schema’s limits with a counter, and caps the fields at them', () => {
    const html = renderForm(WITH_UPI);
    expect(html).toMatch(/<input(?=[^>]*name="titleEn")(?=[^>]*maxLength="120")[^>]*>/);
    expect(html).toMatch(/<textarea(?=[^>]*name="storyHi")(?=[^>]*maxLength="5000")[^>]*>/);
    expect(html).toContain('0 of 120 characters.');
    expect(html).toContain('0 of 5,000 characters.');
    expect(html).toContain('each up to 5 MB');
  });

  it('fills the payout from the profile and says so, with a way to the profile', () => {
    const html = renderForm(WITH_UPI);
    expect(html).toMatch(/<input(?=[^>]*name="upiId")(?=[^>]*value="asha@okbank")[^>]*>/);
    expect(html).toMatch(/<input(?=[^>]*name="bankName")(?=[^>]*value="State Bank of India")[^>]*>/);
    expect(html).toContain('We filled these in from your profile');
    expect(html).toMatch(/href="\/profile"/);
  });

  it('has a place under the IFSC for the bank’s name from the published list, and Send until the payout is read back', () => {
    const html = renderForm(WITH_UPI);
    expect(html).toMatch(/name="ifsc"[\s\S]*data-testid="ifsc-bank"[\s\S]*name="document1Kind"/);
    expect(html).toMatch(/<p class="field-hint" role="status" data-testid="ifsc-bank"><\/p>/);
    expect(html).toContain('Send request');
    expect(html).not.toContain('data-testid="payout-confirmation"');
  });

  it('says when the profile has no payout details, or could not be read', () => {
    expect(renderForm({ state: 'loaded', details: NO_PAYOUT })).toContain('Your profile has no payout details.');
    expect(renderForm({ state: 'failed' })).toContain('could not be loaded');
  });

  it('reads in Hindi', () => {
    const html = renderForm(WITH_UPI, 'hi');
    expect(html).toContain('सहायता किस काम के लिए है?');
    expect(html).toContain('अनुरोध भेजें');
    expect(html).toContain('120 में से 0 अक्षर।');
  });

  it('starts from the draft’s words and the profile’s payout, the profile winning for payout fields', () => {
    const start = initialValues(WITH_UPI, { titleEn: 'Kept title', upiId: 'old@upi' });
    expect(start).toMatchObject({ titleEn: 'Kept title', upiId: 'asha@okbank', bankName: 'State Bank of India', accountNumber: '' });
    expect(initialValues({ state: 'failed' }, {}).upiId).toBe('');
  });
});

describe('the page', () => {
  it('waits for the profile before showing the form, so the payout is filled in once', () => {
    expect(renderPage()).not.toContain('data-testid="ask-help-form"');
    profile.result = { data: { details: { ...NO_PAYOUT, upiId: 'asha@okbank' } }, isError: false, isPending: false };
    expect(renderPage()).toContain('data-testid="ask-help-form"');
    profile.result = { data: undefined, isError: true, isPending: false };
    expect(renderPage()).toContain('data-testid="ask-help-form"');
  });

  it('has its heading and the way back to the member’s requests', () => {
    const html = renderPage();
    expect(html).toContain('<h1>Ask for help</h1>');
    expect(html).toMatch(/href="\/my-help"/);
  });
});
