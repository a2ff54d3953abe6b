import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TPaymentDetails } from '@sahay/server/modules/donations/giving/create-donation.schema';
import { ProcedureError } from '#web/api/procedure-fetch.ts';
import { publicSettingsOf, SiteDataProvider, SiteDataStore } from '#web/features/site/site-data.public.tsx';
import { I18nProvider, loadNamespaces, type Lang } from '#web/i18n/i18n.tsx';
import { publicSiteFixture } from '#web/testing/public-site-fixture.ts';
import { CHECKOUT_SCRIPT_URL, checkoutOptionsOf, loadCheckout, type CheckoutConstructor } from '../razorpay-checkout.ts';
import { nextOnlinePay, OnlinePaidView, OnlinePayView, type OnlinePayEvent, type OnlinePayState } from './online-pay.tsx';
import PayStep from './pay-step.tsx';

beforeAll(async () => {
  await loadNamespaces('en', ['core', 'messages', 'donations', 'onlinePay']);
  await loadNamespaces('hi', ['core', 'messages', 'donations', 'onlinePay']);
});

function wrap(lang: Lang, children: ReactNode): string {
  const data = publicSiteFixture({ upiVpa: 'sahayfoundation@sbi' });
  const store = new SiteDataStore({ settings: publicSettingsOf(data.settings), counters: data.counters, pages: {} });
  return renderToString(
    <I18nProvider initialLang={lang}>
      <SiteDataProvider store={store}>
        <Router ssrPath="/donate">{children}</Router>
      </SiteDataProvider>
    </I18nProvider>,
  );
}

const textOf = (html: string) => html.replaceAll('<!-- -->', '').replace(/<[^>]+>/g, ' ').replaceAll('&amp;', '&').replace(/\s+/g, ' ').trim();
const RESULT = { razorpay_payment_id: 'pay_Abc123', razorpay_order_id: 'order_Xyz789', razorpay_signature: 'f'.repeat(64) };
const PAY: TPaymentDetails = {
  reference: 'ABCD2345',
  amountPaise: 1_250_00,
  upiLink: null,
  upiQrText: 'upi://pay?pa=sahayfoundation@sbi&pn=Sahay&am=1250.00&cu=INR&tn=ABCD-2345&tr=ABCD2345',
  payeeName: 'Sahay Foundation',
  vpa: 'sahayfoundation@sbi',
  upiCapPaise: 1_00_000_00,
  bank: { accountName: 'Sahay Foundation', accountNumber: '123456789012', ifsc: 'SBIN0000001', bankName: 'SBI' },
  isForeignContribution: false,
};
const WITH_ORDER: TPaymentDetails = { ...PAY, razorpay: { orderId: 'order_Xyz789', keyId: 'rzp_test_key' } };

describe('the pay-online part’s states', () => {
  const run = (events: OnlinePayEvent[], from: OnlinePayState = { phase: 'idle' }) => events.reduce(nextOnlinePay, from);

  it('goes idle → loading → open → confirming → paid on a payment handed back and confirmed', () => {
    const answer = { reference: 'ABCD-2345', status: 'verified' as const, receiptSerial: '2026-27/000001' };
    expect(run([{ type: 'start' }])).toEqual({ phase: 'loading' });
    expect(run([{ type: 'start' }, { type: 'opened' }])).toEqual({ phase: 'open', hasFailed: false });
    expect(run([{ type: 'start' }, { type: 'opened' }, { type: 'handedBack', result: RESULT }])).toEqual({ phase: 'confirming', result: RESULT });
    expect(run([{ type: 'start' }, { type: 'opened' }, { type: 'handedBack', result: RESULT }, { type: 'confirmed', answer }])).toEqual({ phase: 'paid', answer });
  });

  it('says dismissed when closed before paying, failed when closed after a failed attempt, unavailable when the script did not load', () => {
    expect(run([{ type: 'start' }, { type: 'opened' }, { type: 'dismissed' }])).toEqual({ phase: 'dismissed' });
    expect(run([{ type: 'start' }, { type: 'opened' }, { type: 'paymentFailed' }])).toEqual({ phase: 'open', hasFailed: true });
    expect(run([{ type: 'start' }, { type: 'opened' }, { type: 'paymentFailed' }, { type: 'dismissed' }])).toEqual({ phase: 'failed' });
    expect(run([{ type: 'start' }, { type: 'loadFailed' }])).toEqual({ phase: 'unavailable' });
    // Each may be tried again.
    for (const phase of ['dismissed', 'failed', 'unavailable'] as const) expect(run([{ type: 'start' }], { phase })).toEqual({ phase: 'loading' });
  });

  it('keeps a refused confirmation’s payment to ask again, and ignores Checkout’s later events and a second tap', () => {
    const error = new ProcedureError('The payment is not complete yet. Your receipt is sent as soon as it is.', { httpStatus: 409, fieldErrors: null, requestId: 'r1' });
    const refused = run([{ type: 'start' }, { type: 'opened' }, { type: 'handedBack', result: RESULT }, { type: 'confirmFailed', error }]);
    expect(refused).toEqual({ phase: 'refused', result: RESULT, error });
    expect(run([{ type: 'handedBack', result: RESULT }], refused)).toEqual({ phase: 'confirming', result: RESULT });
    const confirming: OnlinePayState = { phase: 'confirming', result: RESULT };
    for (const event of [{ type: 'dismissed' }, { type: 'paymentFailed' }, { type: 'start' }, { type: 'loadFailed' }, { type: 'opened' }] as const) expect(run([event], confirming), event.type).toBe(confirming);
    expect(run([{ type: 'start' }], { phase: 'open', hasFailed: false })).toEqual({ phase: 'open', hasFailed: false });
    expect(run([{ type: 'confirmFailed', error }], { phase: 'idle' })).toEqual({ phase: 'idle' });
  });
});

describe('Checkout’s options', () => {
  const pay = { amountPaise: 1_250_00, razorpay: { orderId: 'order_Xyz789', keyId: 'rzp_test_key' } };
  const texts = { name: 'Sahay Foundation', description: 'Donation ABCD-2345' };

  it('open the pledge’s order with its key and amount in paise, prefilled with what the donor typed', () => {
    expect(checkoutOptionsOf(pay, { donorName: ' Asha Verma ', email: 'asha@example.com', phone: '98765 43210' }, texts)).toEqual({
      key: 'rzp_test_key',
      order_id: 'order_Xyz789',
      amount: 125_000,
      currency: 'INR',
      name: 'Sahay Foundation',
      description: 'Donation ABCD-2345',
      prefill: { name: 'Asha Verma', email: 'asha@example.com', contact: '9876543210' },
    });
  });

  it('leave out of the prefill every field the donor left empty', () => {
    expect(checkoutOptionsOf(pay, { donorName: 'Asha Verma', email: '', phone: '9876543210' }, texts).prefill).toEqual({ name: 'Asha Verma', contact: '9876543210' });
    expect(checkoutOptionsOf(pay, { donorName: '', email: 'asha@example.com', phone: '  ' }, texts).prefill).toEqual({ email: 'asha@example.com' });
    expect(checkoutOptionsOf(pay, null, texts).prefill).toEqual({});
  });
});

describe('Checkout’s script', () => {
  /** Just enough of a document and window to watch the script element being added. */
  function fakeBrowser() {
    const scripts: { src: string; async: boolean; onload: (() => void) | null; onerror: (() => void) | null; isRemoved: boolean; remove(): void }[] = [];
    const timers: (() => void)[] = [];
    const doc = {
      createElement: () => {
        const script = { src: '', async: false, onload: null, onerror: null, isRemoved: false, remove: () => (script.isRemoved = true) };
        return script;
      },
      head: { append: (script: (typeof scripts)[number]) => scripts.push(script) },
    };
    const win: { Razorpay?: CheckoutConstructor; setTimeout: (run: () => void) => number; clearTimeout: () => void } = {
      setTimeout: (run) => timers.push(run),
      clearTimeout: () => undefined,
    };
    return { scripts, timers, doc: doc as unknown as Document, win: win as unknown as Window & { Razorpay?: CheckoutConstructor } };
  }
  const FakeCheckout = class {
    open() {}
    on() {}
  } as unknown as CheckoutConstructor;

  it('is added once, asynchronously, from checkout.razorpay.com, and resolves to Razorpay', async () => {
    const browser = fakeBrowser();
    const first = loadCheckout(browser.doc, browser.win);
    const second = loadCheckout(browser.doc, browser.win);
    expect(browser.scripts).toHaveLength(1);
    expect(browser.scripts[0]).toMatchObject({ src: CHECKOUT_SCRIPT_URL, async: true });
    browser.win.Razorpay = FakeCheckout;
    browser.scripts[0]!.onload!();
    expect(await first).toBe(FakeCheckout);
    expect(await second).toBe(FakeCheckout);
    // Loaded: no second script.
    expect(await loadCheckout(browser.doc, browser.win)).toBe(FakeCheckout);
    expect(browser.scripts).toHaveLength(1);
  });

  it('fails when blocked or offline, and when it times out, and may be tried again with a fresh script', async () => {
    const browser = fakeBrowser();
    const blocked = loadCheckout(browser.doc, browser.win);
    browser.scripts[0]!.onerror!();
    await expect(blocked).rejects.toThrow(/could not be loaded/);
    expect(browser.scripts[0]!.isRemoved).toBe(true);
    const slow = loadCheckout(browser.doc, browser.win);
    expect(browser.scripts).toHaveLength(2);
    browser.timers.at(-1)!();
    await expect(slow).rejects.toThrow(/timed out/);
    const empty = loadCheckout(browser.doc, browser.win);
    browser.scripts[2]!.onload!();
    await expect(empty).rejects.toThrow(/defined no Razorpay/);
  });
});

describe('the pay-online part on screen, in English and Hindi', () => {
  const view = (lang: Lang, state: OnlinePayState) => wrap(lang, <OnlinePayView state={state} amountPaise={1_250_00} onPay={() => undefined} onConfirmAgain={() => undefined} />);

  it.each([
    ['en', 'Pay online', 'Pay ₹1,250 online (UPI, card, netbanking)', 'Or pay by UPI or bank transfer below'],
    ['hi', 'ऑनलाइन भुगतान करें', '₹1,250 ऑनलाइन दें (यूपीआई, कार्ड, नेटबैंकिंग)', 'या नीचे दिए यूपीआई या बैंक ट्रांसफ़र से भुगतान करें'],
  ] as const)('offers the button first, with the UPI and bank-transfer way named (%s)', (lang, heading, button, offline) => {
    const html = view(lang, { phase: 'idle' });
    expect(html).toMatch(new RegExp(`<section aria-labelledby="online-heading"[^>]*><h3 id="online-heading">${heading}</h3>`));
    expect(textOf(/<button[^>]*data-testid="pay-online"[^>]*>([\s\S]*?)<\/button>/.exec(html)?.[1] ?? '')).toBe(button);
    expect(html).not.toMatch(/<button[^>]*disabled/);
    expect(textOf(html)).toContain(offline);
    expect(textOf(/data-testid="online-problem">([\s\S]*?)<\/div><\/div>/.exec(html)?.[1] ?? '')).toBe('');
  });

  it.each([
    ['en', 'Opening the payment window…', 'Payment received by the bank: confirming your donation…'],
    ['hi', 'भुगतान विंडो खुल रही है…', 'बैंक से भुगतान मिल गया: आपके दान की पुष्टि हो रही है…'],
  ] as const)('says what is happening, in a status, with the button busy while loading, open and confirming (%s)', (lang, opening, confirming) => {
    for (const [state, said] of [
      [{ phase: 'loading' }, opening],
      [{ phase: 'open', hasFailed: false }, ''],
      [{ phase: 'confirming', result: RESULT }, confirming],
    ] as const) {
      const html = view(lang, state);
      expect(textOf(/<p role="status"[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? ''), state.phase).toBe(said);
      expect(html, state.phase).toMatch(/<button[^>]*disabled=""[^>]*aria-busy="true"[^>]*data-testid="pay-online"/);
    }
  });

  it.each([
    ['en', 'dismissed', 'The payment window was closed before paying. Nothing was paid.', 'Try paying ₹1,250 online again'],
    ['en', 'failed', 'The payment did not go through.', 'Try paying ₹1,250 online again'],
    ['en', 'unavailable', 'The payment window could not be opened.', 'Try paying ₹1,250 online again'],
    ['hi', 'dismissed', 'भुगतान से पहले ही भुगतान विंडो बंद हो गई। कोई भुगतान नहीं हुआ।', '₹1,250 फिर से ऑनलाइन देने की कोशिश करें'],
    ['hi', 'failed', 'भुगतान नहीं हो सका।', '₹1,250 फिर से ऑनलाइन देने की कोशिश करें'],
    ['hi', 'unavailable', 'भुगतान विंडो नहीं खुल सकी।', '₹1,250 फिर से ऑनलाइन देने की कोशिश करें'],
  ] as const)('%s, %s: says so in an alert, points to UPI and bank transfer, and offers to try again', (lang, phase, message, again) => {
    const html = view(lang, { phase });
    const alert = textOf(/<div role="alert"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '');
    expect(alert).toContain(message);
    expect(alert).toMatch(lang === 'en' ? /pay by UPI or bank transfer below/ : /यूपीआई या बैंक ट्रांसफ़र से भुगतान कर सकते हैं/);
    expect(textOf(/<button[^>]*data-testid="pay-online"[^>]*>([\s\S]*?)<\/button>/.exec(html)?.[1] ?? '')).toBe(again);
    expect(html).not.toMatch(/<button[^>]*disabled/);
  });

  it.each([
    ['en', 'The payment is not complete yet. Your receipt is sent as soon as it is.', 'Confirm my payment again', 'Please do not pay again.'],
    ['hi', 'भुगतान अभी पूरा नहीं हुआ है। पूरा होते ही आपकी रसीद भेज दी जाएगी।', 'मेरे भुगतान की फिर से पुष्टि करें', 'कृपया दोबारा भुगतान न करें।'],
  ] as const)('a refused confirmation: the server’s message in the page’s language, confirm again, and no second payment offered (%s)', (lang, message, button, hint) => {
    const error = new ProcedureError('The payment is not complete yet. Your receipt is sent as soon as it is.', { httpStatus: 409, fieldErrors: null, requestId: 'r1' });
    const html = view(lang, { phase: 'refused', result: RESULT, error });
    expect(textOf(/<div role="alert"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '')).toBe(message);
    expect(textOf(/<button[^>]*data-testid="online-confirm-again"[^>]*>([\s\S]*?)<\/button>/.exec(html)?.[1] ?? '')).toBe(button);
    expect(html).not.toContain('data-testid="pay-online"');
    expect(textOf(html)).toContain(hint);
    // No answer at all: the page's own words and what to do.
    const offline = textOf(/<div role="alert"[^>]*>([\s\S]*?)<\/div>/.exec(view(lang, { phase: 'refused', result: RESULT, error: new TypeError('Failed to fetch') }))?.[1] ?? '');
    expect(offline).toContain(lang === 'en' ? 'Your payment could not be confirmed yet.' : 'आपके भुगतान की पुष्टि अभी नहीं हो सकी।');
  });

  it.each([
    ['en', 'Thank you: ₹1,250 received', 'Your receipt 2026-27/000001 is on its way to asha@example.com.', 'See the donation and its receipt'],
    ['hi', 'धन्यवाद: ₹1,250 मिल गए', 'आपकी रसीद 2026-27/000001 asha@example.com पर भेजी जा रही है।', 'दान और उसकी रसीद देखें'],
  ] as const)('paid: the thanks, the receipt on its way, and the status page by the reference (%s)', (lang, heading, receipt, link) => {
    const answer = { reference: 'ABCD-2345', status: 'verified' as const, receiptSerial: '2026-27/000001' };
    const html = wrap(lang, <OnlinePaidView answer={answer} amountPaise={1_250_00} contact="asha@example.com" />);
    expect(html).toMatch(new RegExp(`<h2 id="paid-heading" tabindex="-1">${heading}</h2>`));
    expect(textOf(html)).toContain(receipt);
    expect(textOf(html)).toContain('ABCD-2345');
    // The app's router adds ?lang=hi to the address (app.tsx).
    expect(html).toMatch(new RegExp(`<a data-testid="online-paid-status" href="/donate/status\\?reference=ABCD-2345"[^>]*>${link}</a>`));
  });
});

describe('the pay step with and without the gateway', () => {
  const step = (lang: Lang, pay: TPaymentDetails) => wrap(lang, <PayStep pay={pay} contact="asha@example.com" donor={{ donorName: 'Asha Verma', email: 'asha@example.com', phone: '' }} />);

  it.each(['en', 'hi'] as const)('offers paying online first when the pledge carries an order, and keeps UPI, bank transfer and the proof form (%s)', (lang) => {
    const html = step(lang, WITH_ORDER);
    const online = html.indexOf('data-testid="online-pay"');
    expect(online).toBeGreaterThan(0);
    expect(online).toBeLessThan(html.indexOf('data-testid="upi-section"'));
    expect(html.indexOf('data-testid="upi-section"')).toBeLessThan(html.indexOf('data-testid="bank-account"'));
    expect(html).toContain('id="proof-heading"');
    // The script is not on the page until the donor taps.
    expect(html).not.toContain('checkout.razorpay.com');
  });

  it.each(['en', 'hi'] as const)('without an order is exactly the pay step it was (%s)', (lang) => {
    const without = step(lang, PAY);
    expect(without).not.toContain('online-pay');
    expect(without).not.toContain('online-heading');
    // The same markup as a pledge with an order, less the pay-online part.
    expect(step(lang, WITH_ORDER).replace(/<section aria-labelledby="online-heading"[\s\S]*?<\/section>/, '')).toBe(without);
  });

  it.each(['en', 'hi'] as const)('on the status page, for a pledge with no order yet, offers paying online, made on the tap, above UPI (%s, decision 081)', (lang) => {
    const html = wrap(lang, <PayStep pay={PAY} contact="asha@example.com" canPayOnline />);
    const online = html.indexOf('data-testid="online-pay"');
    expect(online).toBeGreaterThan(0);
    expect(online).toBeLessThan(html.indexOf('data-testid="upi-section"'));
    expect(textOf(html)).toContain(lang === 'en' ? 'Pay ₹1,250 online (UPI, card, netbanking)' : '₹1,250 ऑनलाइन दें (यूपीआई, कार्ड, नेटबैंकिंग)');
    expect(html).not.toContain('checkout.razorpay.com');
    // Without the contact it was looked up with, nothing to ask with: no button.
    expect(wrap(lang, <PayStep pay={PAY} contact="" canPayOnline />)).not.toContain('online-pay');
  });
});
