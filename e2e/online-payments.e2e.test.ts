import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRazorpayGateway, type TestRazorpayGateway } from '#server/testing/razorpay-gateway';
import { callProcedure, expectNoAxeViolations, expectNoSideScroll, startHarness, tokenFor, waitForApp, type Harness } from './harness.ts';

/** What this test and its fake Checkout keep on the page's window. */
type TestWindow = Window & { __homeDocument?: boolean; __checkoutWill?: string; __checkoutOptions?: Record<string, unknown> };

/**
 * Paying online on /donate (issue 33; docs/decisions/065, 066, 068), at 360 px in both languages,
 * against the local gateway. Razorpay's servers cannot be reached from here, so the Checkout script
 * is served by the test (page.route): a small fake with Checkout's API (`new Razorpay(options)`,
 * `on('payment.failed')`, `open()`) that, when it "pays", has the local gateway capture a payment
 * of the order and calls the page's handler with the three fields signed by the gateway's key
 * secret, as Checkout does. Everything after that is the real page, server and receipt job.
 */

type Lang = 'en' | 'hi';
const PHONE = { width: 360, height: 740 } as const;
const UI_WAIT = { timeout: 15_000 } as const;
const REFERENCE = /^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{4}-[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{4}$/;
const CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

const SETTINGS = {
  upiVpa: 'sahayfoundation@sbi',
  upiPayeeName: 'Sahay Foundation',
  bankAccountName: 'Sahay Foundation',
  bankAccountNumber: '123456789012',
  bankIfsc: 'SBIN0001234',
  bankName: 'State Bank of India',
  pan: 'AAATS1234F',
} as const;

/** Every dictionary of a language, flattened to "a.b.c" keys. */
function dictionaryOf(lang: Lang): Map<string, string> {
  const dir = new URL(`../web/src/i18n/${lang}/`, import.meta.url);
  const entries = new Map<string, string>();
  const walk = (node: unknown, prefix: string) => {
    if (typeof node === 'string') {
      if (!entries.has(prefix)) entries.set(prefix, node);
      return;
    }
    if (node && typeof node === 'object') for (const [key, value] of Object.entries(node)) walk(value, prefix ? `${prefix}.${key}` : key);
  };
  for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.json')).sort()) walk(JSON.parse(fs.readFileSync(new URL(file, dir), 'utf8')), '');
  return entries;
}
const DICTIONARIES = { en: dictionaryOf('en'), hi: dictionaryOf('hi') };

function say(lang: Lang, key: string, values: Record<string, string> = {}): string {
  const text = DICTIONARIES[lang].get(key);
  if (text === undefined) throw new Error(`No ${lang} text for ${key}`);
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/**
 * The fake Checkout. What it does on open() is the page's `__checkoutWill` ('pay', 'dismiss' or
 * 'fail'); the options it was opened with are kept in `__checkoutOptions` for the test to read.
 */
const FAKE_CHECKOUT = `
window.Razorpay = function (options) {
  window.__checkoutOptions = JSON.parse(JSON.stringify(options));
  var failed = [];
  this.on = function (event, callback) { if (event === 'payment.failed') failed.push(callback); };
  this.open = function () {
    var will = window.__checkoutWill || 'pay';
    if (will === 'dismiss') return setTimeout(function () { options.modal.ondismiss(); }, 30);
    if (will === 'fail') {
      failed.forEach(function (callback) { callback({ error: { code: 'BAD_REQUEST_ERROR', description: 'Payment failed', reason: 'payment_failed' } }); });
      return setTimeout(function () { options.modal.ondismiss(); }, 30);
    }
    window.gatewayPays(options.order_id).then(function (result) { options.handler(result); });
  };
};
`;

describe('paying online on /donate in Chromium', () => {
  let gateway: TestRazorpayGateway;
  let harness: Harness;

  beforeAll(async () => {
    gateway = await startTestRazorpayGateway();
    const { keyId, keySecret, webhookSecret } = gateway.config;
    harness = await startHarness({ env: { RAZORPAY_KEY_ID: keyId, RAZORPAY_KEY_SECRET: keySecret, RAZORPAY_WEBHOOK_SECRET: webhookSecret, RAZORPAY_API_BASE: gateway.url } });
    const admin = await harness.account({ role: 'admin', fullName: 'Finance Admin' });
    const { version } = (await callProcedure(harness, 'site.settings.get')).body.result?.data as { version: number };
    const saved = await callProcedure(harness, 'site.settings.update', { kind: 'mutation', token: await tokenFor(harness, admin), input: { expectedVersion: version, data: SETTINGS } });
    expect(saved.status).toBe(200);
  });
  afterAll(async () => {
    await harness?.close();
    await gateway?.close();
  });

  /** A phone page whose Checkout script is the fake; `loads` counts its requests. */
  async function phonePage(): Promise<{ page: Page; consoleErrors: string[]; loads: string[] }> {
    const { page, consoleErrors } = await harness.page(PHONE);
    const loads: string[] = [];
    await page.route(CHECKOUT_SCRIPT, (route) => {
      loads.push(page.url());
      return route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_CHECKOUT });
    });
    // The donor pays the order in "Checkout": the local gateway captures it and signs the three fields.
    await page.exposeFunction('gatewayPays', (orderId: string) => gateway.checkoutResult(gateway.pay(orderId)));
    return { page, consoleErrors, loads };
  }

  async function fillPledge(page: Page, lang: Lang, donor: { name: string; email: string; phone: string }): Promise<void> {
    const form = page.getByTestId('donate-form');
    await form.getByLabel(say(lang, 'donate.amount')).fill('1,250');
    await form.getByLabel(say(lang, 'donate.citizenshipIndian')).check();
    await form.getByLabel(say(lang, 'donate.name')).fill(donor.name);
    await form.getByLabel(say(lang, 'donate.email')).fill(donor.email);
    await form.getByLabel(say(lang, 'donate.phone')).fill(donor.phone);
    await form.getByRole('button', { name: say(lang, 'donate.submit') }).click();
    await page.getByTestId('pay-step').waitFor(UI_WAIT);
  }

  async function verificationOf(reference: string) {
    const events = await harness.server.services.eventStore.readStream(`donation-${reference.replace('-', '')}`);
    return events.find((event) => event.type === 'DonationVerified')?.data as { mode: string; paymentId?: string; orderId?: string; receipt: { serial: string } } | undefined;
  }

  it(
    'in Hindi, from the home page: Pay online first, Checkout loaded only on the tap with the pledge’s order and what the donor typed, the donation verified and the receipt downloaded',
    { timeout: 180_000 },
    async () => {
      const lang = 'hi';
      const { page, consoleErrors, loads } = await phonePage();
      await page.goto('/?lang=hi');
      await waitForApp(page);
      // An in-app link to /donate loads the page, so that /donate's own CSP (which lets Checkout in) applies.
      // A mark on the home page's window: gone once /donate is a document of its own.
      await page.evaluate(() => ((window as TestWindow).__homeDocument = true));
      await page.locator('main a[href^="/donate"]').first().click();
      await page.waitForURL((url) => url.pathname === '/donate' && url.searchParams.get('lang') === 'hi');
      await waitForApp(page);
      expect(await page.evaluate(() => (window as TestWindow).__homeDocument)).toBeUndefined();
      const email = `donor.${crypto.randomBytes(4).toString('hex')}@example.org`;
      await fillPledge(page, lang, { name: 'Meera Sharma', email, phone: '98765 43210' });

      // The pay step: paying online is offered first; UPI and bank transfer are still there below it.
      const online = page.getByTestId('online-pay');
      const payOnline = online.getByRole('button', { name: say(lang, 'onlinePay.pay', { amount: '₹1,250' }) });
      await payOnline.waitFor(UI_WAIT);
      const order = await page.evaluate(() => [...document.querySelectorAll('[data-testid="online-pay"], [data-testid="upi-section"], [data-testid="bank-account"], #proof-heading')].map((node) => node.getAttribute('data-testid') ?? node.id));
      expect(order).toEqual(['online-pay', 'upi-section', 'bank-account', 'proof-heading']);
      const reference = ((await page.getByTestId('donation-reference').textContent()) ?? '').trim();
      expect(reference).toMatch(REFERENCE);
      // Not a byte of Checkout before the tap.
      expect(loads).toEqual([]);
      expect(await page.evaluate(() => document.querySelectorAll('script[src*="razorpay"]').length)).toBe(0);
      await expectNoSideScroll(page, 'pay step with online payment (hi, 360 px)');
      await expectNoAxeViolations(page, 'pay step with online payment (hi, 360 px)');

      await payOnline.click();
      const paid = page.getByTestId('online-paid');
      await paid.waitFor(UI_WAIT);
      expect(loads).toHaveLength(1);
      // Checkout was opened on the pledge's order, its amount, and only what the donor typed.
      const options = (await page.evaluate(() => (window as TestWindow).__checkoutOptions)) ?? {};
      const orderId = String(options.order_id);
      expect(gateway.orders.get(orderId)?.receipt).toBe(reference);
      expect(options).toMatchObject({ key: gateway.config.keyId, amount: 125_000, currency: 'INR', name: expect.any(String), description: say(lang, 'onlinePay.description', { reference }) });
      expect(options.prefill).toEqual({ name: 'Meera Sharma', email, contact: '9876543210' });

      // The thanks: the receipt is on its way; focus on the heading for a screen reader.
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('paid-heading');
      expect(await paid.getByRole('heading', { level: 2 }).textContent()).toBe(say(lang, 'onlinePay.paidHeading', { amount: '₹1,250' }));
      const verification = await verificationOf(reference);
      expect(verification).toMatchObject({ mode: 'online', orderId, paymentId: expect.stringMatching(/^pay_/) });
      expect(await paid.textContent()).toContain(say(lang, 'onlinePay.receiptOnItsWay', { serial: verification!.receipt.serial, contact: email }));
      // Nothing more to pay or prove.
      expect(await page.getByTestId('upi-section').count()).toBe(0);
      expect(await page.getByTestId('proof-form').count()).toBe(0);
      await expectNoSideScroll(page, 'paid online (hi, 360 px)');
      await expectNoAxeViolations(page, 'paid online (hi, 360 px)');

      // The status page, by the reference: verified, and the receipt downloads.
      await paid.getByTestId('online-paid-status').click();
      await page.waitForURL('**/donate/status?**');
      await expect.poll(() => page.getByTestId('donation-state').textContent(), UI_WAIT).toBe(say(lang, 'donation.statuses.verified'));
      await expect
        .poll(
          async () => {
            if ((await page.getByTestId('receipt-download').count()) === 0) await page.getByTestId('receipt-refresh').click();
            return page.getByTestId('receipt-download').count();
          },
          { timeout: 60_000, interval: 1500 },
        )
        .toBe(1);
      const [download] = await Promise.all([page.waitForEvent('download', { timeout: 20_000 }), page.getByTestId('receipt-download').click()]);
      const pdf = fs.readFileSync((await download.path())!);
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      await expectNoAxeViolations(page, '/donate/status paid online (hi, 360 px)');
      expect(consoleErrors).toEqual([]);
      await page.context().close();
    },
  );

  it(
    'in English: Checkout closed before paying, then a failed attempt, each said with UPI and bank transfer still there; then paid',
    { timeout: 120_000 },
    async () => {
      const lang = 'en';
      const { page, consoleErrors, loads } = await phonePage();
      await page.goto('/donate');
      await waitForApp(page);
      await fillPledge(page, lang, { name: 'Ravi Kumar', email: '', phone: '9876501234' });
      const reference = ((await page.getByTestId('donation-reference').textContent()) ?? '').trim();
      const online = page.getByTestId('online-pay');
      const alert = online.getByRole('alert');

      // Closed before paying.
      await page.evaluate(() => ((window as TestWindow).__checkoutWill = 'dismiss'));
      await online.getByRole('button', { name: say(lang, 'onlinePay.pay', { amount: '₹1,250' }) }).click();
      await expect.poll(() => alert.textContent(), UI_WAIT).toBe(say(lang, 'onlinePay.dismissed'));
      expect(await page.getByTestId('upi-section').isVisible()).toBe(true);
      expect(await page.getByTestId('bank-account').isVisible()).toBe(true);
      expect(await page.getByTestId('proof-form').isVisible()).toBe(true);
      const tryAgain = online.getByRole('button', { name: say(lang, 'onlinePay.payAgain', { amount: '₹1,250' }) });
      expect(await tryAgain.isEnabled()).toBe(true);
      // Only the phone was typed: only the name and the phone are prefilled.
      expect(await page.evaluate(() => (window as TestWindow).__checkoutOptions?.prefill)).toEqual({ name: 'Ravi Kumar', contact: '9876501234' });
      await expectNoSideScroll(page, 'Checkout closed (en, 360 px)');
      await expectNoAxeViolations(page, 'Checkout closed (en, 360 px)');
      expect(await verificationOf(reference)).toBeUndefined();

      // A failed attempt, then closed.
      await page.evaluate(() => ((window as TestWindow).__checkoutWill = 'fail'));
      await tryAgain.click();
      await expect.poll(() => alert.textContent(), UI_WAIT).toBe(say(lang, 'onlinePay.failed'));
      expect(await page.getByTestId('upi-section').isVisible()).toBe(true);
      await expectNoAxeViolations(page, 'Checkout failed (en, 360 px)');
      expect(await verificationOf(reference)).toBeUndefined();

      // Then paid: one script load for the three openings.
      await page.evaluate(() => ((window as TestWindow).__checkoutWill = 'pay'));
      await tryAgain.click();
      await page.getByTestId('online-paid').waitFor(UI_WAIT);
      expect(loads).toHaveLength(1);
      const verification = await verificationOf(reference);
      expect(verification).toMatchObject({ mode: 'online', paymentId: expect.stringMatching(/^pay_/) });
      expect(await page.getByTestId('online-paid').textContent()).toContain(say(lang, 'onlinePay.receiptOnItsWay', { serial: verification!.receipt.serial, contact: '9876501234' }));
      await expectNoAxeViolations(page, 'paid online (en, 360 px)');
      expect(consoleErrors).toEqual([]);
      await page.context().close();
    },
  );

  it(
    'in Hindi, from /donate/status: a pledge made while the gateway was down is paid online later, its order made on the tap and Checkout opened at once (decision 081)',
    { timeout: 120_000 },
    async () => {
      const lang = 'hi';
      const { page, consoleErrors, loads } = await phonePage();
      // The pledge while the gateway is down: no order, UPI and bank transfer only.
      const email = `donor.${crypto.randomBytes(4).toString('hex')}@example.org`;
      gateway.failWith = 503;
      let reference: string;
      try {
        await page.goto('/donate?lang=hi');
        await waitForApp(page);
        await fillPledge(page, lang, { name: 'Meera Sharma', email, phone: '' });
        reference = ((await page.getByTestId('donation-reference').textContent()) ?? '').trim();
        expect(await page.getByTestId('online-pay').count()).toBe(0);
      } finally {
        gateway.failWith = null;
      }
      const ordersBefore = gateway.orders.size;

      // Later, on the status page (loaded as a document: its policy lets Checkout in).
      await page.goto('/donate/status?lang=hi');
      await waitForApp(page);
      await page.locator('[name=reference]').fill(reference);
      await page.locator('[name=contact]').fill(email);
      await page.getByRole('button', { name: say(lang, 'donationStatus.submit') }).click();
      const online = page.getByTestId('online-pay');
      const payOnline = online.getByRole('button', { name: say(lang, 'onlinePay.pay', { amount: '₹1,250' }) });
      await payOnline.waitFor(UI_WAIT);
      // Offered first, UPI and bank transfer below; no order and no script yet.
      const order = await page.evaluate(() => [...document.querySelectorAll('[data-testid="online-pay"], [data-testid="upi-section"], [data-testid="bank-account"]')].map((node) => node.getAttribute('data-testid')));
      expect(order).toEqual(['online-pay', 'upi-section', 'bank-account']);
      expect(gateway.orders.size).toBe(ordersBefore);
      expect(loads).toEqual([]);
      await expectNoSideScroll(page, '/donate/status, unpaid, pay online offered (hi, 360 px)');
      await expectNoAxeViolations(page, '/donate/status, unpaid, pay online offered (hi, 360 px)');

      // One tap: the order is made and Checkout opens on it; the fake pays; the donation is verified.
      await payOnline.click();
      const paid = page.getByTestId('online-paid');
      await paid.waitFor(UI_WAIT);
      expect(loads).toHaveLength(1);
      expect(gateway.orders.size).toBe(ordersBefore + 1);
      const options = (await page.evaluate(() => (window as TestWindow).__checkoutOptions)) ?? {};
      expect(gateway.orders.get(String(options.order_id))).toMatchObject({ receipt: reference, amount: 125_000 });
      expect(options).toMatchObject({ key: gateway.config.keyId, amount: 125_000, currency: 'INR' });
      expect(await verificationOf(reference)).toMatchObject({ mode: 'online', orderId: String(options.order_id) });
      await expectNoSideScroll(page, '/donate/status paid online (hi, 360 px)');
      await expectNoAxeViolations(page, '/donate/status paid online (hi, 360 px)');
      expect(consoleErrors).toEqual([]);
      await page.context().close();
    },
  );
});
