/// <reference types="vite/client" />
import { renderToString } from 'react-dom/server';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { GIFT_AMOUNT_INVALID, GIFT_AMOUNT_RANGE, GIFT_SCREENSHOT_REQUIRED, ZDirectGiftFieldsSchema } from '@sahay/server/modules/help/direct-gifts/direct-gifts.schema';
import { ProcedureError } from '#web/api/procedure-fetch.ts';
import { I18nProvider, loadNamespaces, translateServerMessage, type Lang } from '#web/i18n/i18n.tsx';
import hiHelp from '#web/i18n/hi/help.json';
import type { DirectGiftState } from '../hooks/use-send-direct-gift.ts';
import DirectGiftForm, { checkDirectGift, GIFT_MESSAGES } from './direct-gift-form.tsx';

const hooks = vi.hoisted(() => ({ state: { phase: 'idle' } as DirectGiftState, send: vi.fn() }));
vi.mock('../hooks/use-send-direct-gift.ts', () => ({
  useSendDirectGift: () => ({ state: hooks.state, send: hooks.send }),
}));

function render(isSignedIn: boolean | null = true, lang: Lang = 'en'): string {
  return renderToString(
    <I18nProvider initialLang={lang}>
      <Router ssrPath="/help/ABCD2345">
        <DirectGiftForm requestId="ABCD2345" payeeName="Sunita" isSignedIn={isSignedIn} />
      </Router>
    </I18nProvider>,
  );
}

const textOf = (html: string) => html.replaceAll('<!-- -->', '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
const png = (size = 1000) => new File([new Uint8Array(size)], 'payment.png', { type: 'image/png' });

beforeAll(async () => {
  // As the page and the form's chunk load them: the page's 'help', then 'messages' (prepare()).
  await loadNamespaces('en', ['core', 'help', 'messages']);
  await loadNamespaces('hi', ['core', 'help', 'messages']);
});

beforeEach(() => {
  hooks.state = { phase: 'idle' };
  hooks.send = vi.fn();
});

describe('the direct gift form', () => {
  it('asks for the amount, the UTR and a screenshot (images only)', () => {
    const html = render();
    expect(html).toContain('Tell Sunita about your gift');
    expect(html).toMatch(/<input(?=[^>]*name="amount")(?=[^>]*inputMode="decimal")[^>]*>/);
    expect(html).toMatch(/<input(?=[^>]*name="utr")(?=[^>]*maxLength="40")[^>]*>/);
    expect(html).toMatch(/<input(?=[^>]*name="screenshot")(?=[^>]*type="file")(?=[^>]*accept="image\/jpeg,image\/png,image\/webp")(?=[^>]*required="")[^>]*>/);
    expect(html).toContain('Only Sunita and the foundation’s staff see it.');
    expect(html).not.toContain('gift-sign-in');
  });

  it('sends a visitor who is not signed in to log in first, and back to this request', () => {
    const html = render(false);
    expect(html).toContain('data-testid="gift-sign-in"');
    expect(html).toMatch(/<a href="\/login\?next=%2Fhelp%2FABCD2345" class="btn btn-primary">Log in<\/a>/);
    expect(html).not.toContain('data-testid="gift-form"');
    // Not known (the check did not answer): the form, and the server decides.
    expect(render(null)).toContain('data-testid="gift-form"');
  });

  it('shows the 409 for a gift still pending in the giver’s language, keeping the form', () => {
    hooks.state = { phase: 'failed', httpStatus: 409, error: new ProcedureError('You have already submitted a gift for this request.', { httpStatus: 409, fieldErrors: null, requestId: 'r1' }) };
    const english = render();
    expect(english).toMatch(/<div role="alert" class="form-error"><p>You have already submitted a gift for this request.<\/p>/);
    expect(english).toContain('data-testid="gift-form"');
    const hindi = render(true, 'hi');
    expect(hindi).toContain('आप इस अनुरोध के लिए एक सहायता का ब्योरा पहले ही भेज चुके हैं।');
    expect(hindi).not.toContain('You have already submitted');
  });

  it('shows a field’s refusal beside the field, and offers to log in again after a 401', () => {
    hooks.state = { phase: 'failed', httpStatus: 409, error: new ProcedureError('This UTR is already recorded for another gift.', { httpStatus: 409, fieldErrors: { utr: ['This UTR is already recorded for another gift.'] }, requestId: null }) };
    const html = render(true, 'hi');
    expect(html).toMatch(/<p id="[^"]+-error" class="field-error">यह यूटीआर किसी दूसरी सहायता के लिए पहले से दर्ज है।<\/p>/);
    expect(html).not.toContain('class="form-error"');
    hooks.state = { phase: 'failed', httpStatus: 401, error: new ProcedureError('Please log in to continue.', { httpStatus: 401, fieldErrors: null, requestId: null }) };
    expect(render()).toMatch(/<a href="\/login\?next=%2Fhelp%2FABCD2345">Log in<\/a>/);
  });

  it('shows the upload’s progress while sending, and the thanks once sent', () => {
    hooks.state = { phase: 'sending', loaded: 300, total: 1000 };
    expect(textOf(render())).toContain('Sending: 30%');
    expect(render()).toMatch(/<progress[^>]*value="30"[^>]*data-testid="gift-progress"/);
    hooks.state = { phase: 'sent', giftId: 'd0000000-0000-4000-8000-000000000001' };
    const sent = render();
    expect(textOf(sent)).toContain('Thank you. Sunita will confirm your gift.');
    expect(sent).toMatch(/<div role="status" class="notice notice-success" data-testid="gift-sent">/);
    expect(sent).toContain('href="/my-help"');
    expect(sent).not.toContain('<form');
    expect(textOf(render(true, 'hi'))).toContain('धन्यवाद। Sunita आपकी सहायता की पुष्टि करेंगे।');
  });
});

describe('checkDirectGift', () => {
  const values = { requestId: 'ABCD2345', amount: '₹ 1,500.50', utr: ' 4123 4567 8901 ', screenshot: png() };

  it('sends the amount and UTR in the form the server reads', () => {
    const checked = checkDirectGift(values);
    expect(checked.errors).toBeNull();
    expect(checked.input).toMatchObject({ requestId: 'ABCD2345', amount: '1500.50', utr: '412345678901' });
    // The server's own schema takes what the form sends.
    expect(ZDirectGiftFieldsSchema.safeParse({ amount: checked.input!.amount, utr: checked.input!.utr })).toMatchObject({ success: true, data: { amount: 1_500_50 } });
  });

  it('sends an amount typed in Devanagari digits in ASCII ones (issue 32)', () => {
    const checked = checkDirectGift({ ...values, amount: '₹ १,५००.५०' });
    expect(checked.errors).toBeNull();
    expect(checked.input).toMatchObject({ amount: '1500.50' });
  });

  it('refuses what the server would, in the server’s words', () => {
    expect(checkDirectGift({ ...values, amount: 'five hundred' }).errors).toEqual({ amount: [GIFT_AMOUNT_INVALID] });
    expect(checkDirectGift({ ...values, amount: '0.50' }).errors).toEqual({ amount: [GIFT_AMOUNT_RANGE] });
    expect(checkDirectGift({ ...values, amount: '10,00,001' }).errors).toEqual({ amount: [GIFT_AMOUNT_RANGE] });
    expect(checkDirectGift({ ...values, amount: '10,00,000' }).errors).toBeNull();
    expect(checkDirectGift({ ...values, utr: '' }).errors).toEqual({ utr: [GIFT_MESSAGES.utrRequired] });
    expect(checkDirectGift({ ...values, utr: '12345' }).errors).toEqual({ utr: [GIFT_MESSAGES.utrInvalid] });
    expect(checkDirectGift({ ...values, screenshot: null }).errors).toEqual({ screenshot: [GIFT_SCREENSHOT_REQUIRED] });
    expect(checkDirectGift({ ...values, screenshot: new File(['%PDF'], 'receipt.pdf', { type: 'application/pdf' }) }).errors).toEqual({ screenshot: [GIFT_MESSAGES.wrongType] });
    expect(checkDirectGift({ ...values, screenshot: png(5 * 1024 * 1024 + 1) }).errors).toEqual({ screenshot: [GIFT_MESSAGES.tooLarge] });
  });

  it('copies the server’s messages word for word, each with a Hindi translation', () => {
    expect([GIFT_MESSAGES.amountInvalid, GIFT_MESSAGES.amountRange, GIFT_MESSAGES.screenshotRequired]).toEqual([GIFT_AMOUNT_INVALID, GIFT_AMOUNT_RANGE, GIFT_SCREENSHOT_REQUIRED]);
    const utr = ZDirectGiftFieldsSchema.safeParse({ amount: '1', utr: '12' });
    expect(utr.error?.issues.map((issue) => issue.message)).toEqual([GIFT_MESSAGES.utrInvalid]);
    const hiMessages = { serverMessages: { ...(hiHelp as { serverMessages: Record<string, string> }).serverMessages } };
    for (const message of [GIFT_AMOUNT_INVALID, GIFT_AMOUNT_RANGE, GIFT_SCREENSHOT_REQUIRED]) expect(translateServerMessage(hiMessages, message), message).toMatch(/[\u0900-\u097F]/);
  });
});

describe('the page’s first download', () => {
  it('leaves the gift form out: the page imports it on demand, and only its type statically', () => {
    const sources = import.meta.glob<string>(['./give-directly.tsx', '../pages/help-request-page.tsx', '../components/help-updates.tsx'], { eager: true, query: '?raw', import: 'default' });
    expect(Object.keys(sources)).toHaveLength(3);
    for (const [file, source] of Object.entries(sources)) expect(source, file).not.toMatch(/^import (?!type )[^;]*direct-gift-form/m);
    expect(sources['./give-directly.tsx']).toContain("import('./direct-gift-form.tsx')");
  });
});
