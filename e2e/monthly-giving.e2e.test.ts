import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '#server/testing/outbox';
import { startTestRazorpayGateway, type SignedWebhook, type TestRazorpayGateway } from '#server/testing/razorpay-gateway';
import { callProcedure, expectNoAxeViolations, expectNoSideScroll, startHarness, tokenFor, waitForApp, type Harness } from './harness.ts';

const PAYMENT_SETTINGS = { upiVpa: 'sahayfoundation@sbi', upiPayeeName: 'Sahay Foundation', bankAccountName: 'Sahay Foundation', bankAccountNumber: '123456789012', bankIfsc: 'SBIN0001234', bankName: 'State Bank of India' };

/**
 * Issue 33, decision 079: a monthly donor starts "every month" on /donate and pauses it from the
 * signed link in the message they were sent, with no account — at 360 px, in English and in Hindi,
 * axe clean. The link's token is in the fragment, so the server never sees it in a request line.
 */
describe('a monthly donor pausing from the link, in Chromium', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness();
    const admin = await harness.account({ role: 'admin', fullName: 'Finance Admin' });
    const { version } = (await callProcedure(harness, 'site.settings.get')).body.result?.data as { version: number };
    const saved = await callProcedure(harness, 'site.settings.update', { kind: 'mutation', token: await tokenFor(harness, admin), input: { expectedVersion: version, data: PAYMENT_SETTINGS } });
    expect(saved.status).toBe(200);
  });
  afterAll(async () => {
    await harness?.close();
  });

  async function linkMailedTo(email: string): Promise<string> {
    let link = '';
    await expect
      .poll(
        () => {
          const mail = readOutbox(harness.dataDir).find((sent) => sent.text.includes(`To: ${email}`) && sent.text.includes('/donate/monthly'));
          link = /(http\S+\/donate\/monthly\S*#\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
          return link !== '';
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    return link;
  }

  /** The link as the donor's browser opens it, on the harness's own address. */
  function onHarness(link: string): string {
    const url = new URL(link);
    return `${url.pathname}${url.search}${url.hash}`;
  }

  async function pause(page: Page, texts: { pause: string; paused: string; state: string; resume: string }): Promise<void> {
    await expect.poll(() => page.getByTestId('monthly-status').textContent(), { timeout: 15_000 }).toBe(texts.state);
    await page.getByRole('button', { name: texts.pause }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: texts.paused }).count()).toBe(1);
    expect(await page.getByRole('button', { name: texts.resume }).count()).toBe(1);
  }

  it('starts a monthly gift on /donate and pauses it from the mailed link (English, 360 px)', { timeout: 120_000 }, async () => {
    const email = `meera.monthly.${Date.now()}@example.org`;
    const { page, consoleErrors } = await harness.page({ width: 360 });
    await page.goto('/donate?lang=en');
    await waitForApp(page);
    const form = page.getByTestId('donate-form');
    await form.getByRole('radio', { name: 'Every month' }).check();
    await form.getByLabel('Amount (₹)').fill('750');
    await form.getByLabel('Day of the month (1 to 28)').selectOption('12');
    await form.getByLabel('Yes, an Indian citizen').check();
    await form.getByLabel('Your name').fill('Meera Monthly');
    await form.getByLabel('E-mail').fill(email);
    expect(await form.getByLabel('Referral ID', { exact: false }).count()).toBe(0);
    await expectNoAxeViolations(page, '/donate every month');
    await form.getByRole('button', { name: 'Continue to payment' }).click();
    const started = page.getByTestId('monthly-started');
    await expect.poll(() => started.textContent(), { timeout: 15_000 }).toContain('You give ₹750 on day 12 of every month');
    expect(await started.textContent()).toContain('We have e-mailed you a private link');
    await expectNoAxeViolations(page, '/donate monthly started');
    await expectNoSideScroll(page, '/donate monthly started');

    const link = await linkMailedTo(email);
    expect(link).not.toContain('lang=hi');
    await page.goto(onHarness(link));
    await waitForApp(page);
    await pause(page, { state: 'Active', pause: 'Pause my monthly gift', paused: 'Your monthly gift is paused.', resume: 'Resume my monthly gift' });
    expect(await page.getByTestId('monthly-status').textContent()).toBe('Paused');
    expect(await page.getByTestId('monthly-plan').textContent()).not.toContain('Meera');
    await expectNoAxeViolations(page, '/donate/monthly paused');
    await expectNoSideScroll(page, '/donate/monthly paused');

    // A tampered link: one clear message, and the plan is untouched.
    await page.goto(`${onHarness(link).slice(0, -3)}AAA`);
    await waitForApp(page);
    await expect.poll(() => page.locator('.page-monthly').textContent(), { timeout: 15_000 }).toContain('This link is not valid.');
    expect(consoleErrors.filter((error) => !error.includes('403'))).toEqual([]);
  });

  it('pauses from the link in Hindi (360 px)', { timeout: 120_000 }, async () => {
    const email = `kavita.masik.${Date.now()}@example.org`;
    const started = await callProcedure(harness, 'donations.monthly.start', {
      kind: 'mutation',
      input: { amountPaise: 1_001_00, dayOfMonth: 3, cause: 'medical', donorName: 'कविता शर्मा', email, showName: false, citizenship: 'indian', language: 'hi' },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const link = await linkMailedTo(email);
    expect(link).toContain('?lang=hi#');
    const { page, consoleErrors } = await harness.page({ width: 360 });
    await page.goto(onHarness(link));
    await waitForApp(page);
    expect(await page.locator('h1').textContent()).toBe('आपका मासिक दान');
    await pause(page, { state: 'चालू', pause: 'मेरा मासिक दान रोकें', paused: 'आपका मासिक दान रुक गया है।', resume: 'मेरा मासिक दान फिर शुरू करें' });
    expect(await page.getByTestId('monthly-status').textContent()).toBe('रुका हुआ');
    expect(await page.getByTestId('monthly-plan').textContent()).toContain('₹1,001');
    await expectNoAxeViolations(page, '/donate/monthly paused (hi)');
    await expectNoSideScroll(page, '/donate/monthly paused (hi)');
    expect(consoleErrors).toEqual([]);
  });
});

/**
 * With the gateway (decision 079), in Hindi at 360 px: "every month" makes a subscription, the
 * donor authorises it in Checkout (a fake checkout.js served by the test, as in
 * online-payments.e2e.test.ts, that has the local gateway authorise the subscription), a charge's
 * signed webhook verifies the month's gift, and pausing from the link pauses the subscription at
 * the gateway.
 */
describe('a monthly gift by automatic payment, in Chromium', () => {
  let gateway: TestRazorpayGateway;
  let harness: Harness;
  const FAKE_CHECKOUT = `
window.Razorpay = function (options) {
  window.__checkoutOptions = JSON.parse(JSON.stringify(options));
  this.on = function () {};
  this.open = function () { window.gatewayAuthorises(options.subscription_id).then(function () { options.handler({}); }); };
};
`;

  beforeAll(async () => {
    gateway = await startTestRazorpayGateway();
    const { keyId, keySecret, webhookSecret } = gateway.config;
    harness = await startHarness({ env: { RAZORPAY_KEY_ID: keyId, RAZORPAY_KEY_SECRET: keySecret, RAZORPAY_WEBHOOK_SECRET: webhookSecret, RAZORPAY_API_BASE: gateway.url } });
    const admin = await harness.account({ role: 'admin', fullName: 'Finance Admin' });
    const { version } = (await callProcedure(harness, 'site.settings.get')).body.result?.data as { version: number };
    const saved = await callProcedure(harness, 'site.settings.update', { kind: 'mutation', token: await tokenFor(harness, admin), input: { expectedVersion: version, data: PAYMENT_SETTINGS } });
    expect(saved.status).toBe(200);
  });
  afterAll(async () => {
    await harness?.close();
    await gateway?.close();
  });

  async function deliver(webhook: SignedWebhook): Promise<unknown> {
    const response = await fetch(`${harness.url}/api/payments/razorpay/webhook`, { method: 'POST', headers: webhook.headers, body: webhook.body });
    expect(response.status).toBe(200);
    return response.json();
  }

  it('authorises in Checkout, a charge verifies the month’s gift with its receipt, and pausing from the link pauses the subscription (Hindi, 360 px)', { timeout: 120_000 }, async () => {
    const email = `asha.autopay.${Date.now()}@example.org`;
    const { page, consoleErrors } = await harness.page({ width: 360 });
    await page.route('https://checkout.razorpay.com/v1/checkout.js', (route) => route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_CHECKOUT }));
    await page.exposeFunction('gatewayAuthorises', (subscriptionId: string) => {
      gateway.authorise(subscriptionId);
    });
    await page.goto('/donate?lang=hi');
    await waitForApp(page);
    const form = page.getByTestId('donate-form');
    await form.getByRole('radio', { name: 'हर महीने' }).check();
    await form.getByLabel('राशि (₹)').fill('500');
    await form.getByLabel('महीने की तारीख़ (1 से 28)').selectOption('15');
    await form.getByLabel('हाँ, भारतीय नागरिक').check();
    await form.getByLabel('आपका नाम').fill('आशा वर्मा');
    await form.getByLabel('ई-मेल').fill(email);
    await form.getByRole('button', { name: 'आगे: भुगतान करें' }).click();
    const started = page.getByTestId('monthly-started');
    await page.getByRole('button', { name: 'स्वचालित भुगतान चालू करें' }).click();
    await expect.poll(() => started.textContent(), { timeout: 15_000 }).toContain('स्वचालित भुगतान चालू हो गया।');
    const options = await page.evaluate(() => (window as Window & { __checkoutOptions?: Record<string, unknown> }).__checkoutOptions);
    const subscriptionId = String(options?.subscription_id);
    expect(options).toMatchObject({ key: gateway.config.keyId, prefill: { name: 'आशा वर्मा', email } });
    expect(gateway.subscriptions.get(subscriptionId)?.status).toBe('authenticated');
    await expectNoAxeViolations(page, '/donate monthly authorised (hi)');
    await expectNoSideScroll(page, '/donate monthly authorised (hi)');

    const subscription = gateway.subscriptions.get(subscriptionId)!;
    // Each answered at once and handled by its job (decision 083): the charge's receipt mail says it verified.
    expect(await deliver(gateway.subscriptionWebhook('subscription.authenticated', subscription))).toEqual({ status: 'received' });
    const payment = gateway.charge(subscriptionId);
    expect(await deliver(gateway.subscriptionWebhook('subscription.charged', subscription, { payment }))).toEqual({ status: 'received' });
    await expect
      .poll(() => readOutbox(harness.dataDir).filter((mail) => mail.text.includes(`To: ${email}`) && /^Subject: .*Donation_receipt/m.test(mail.text)).length, { timeout: 30_000 })
      .toBe(1);

    await page.goto(onHarnessLink(await linkMailedTo(harness, email)));
    await waitForApp(page);
    await expect.poll(() => page.getByTestId('monthly-plan').textContent(), { timeout: 15_000 }).toContain('स्वचालित भुगतान (UPI AutoPay, ई-मैंडेट या कार्ड)');
    expect(await page.getByTestId('monthly-plan').textContent()).toContain('₹500');
    await page.getByRole('button', { name: 'मेरा मासिक दान रोकें' }).click();
    await expect.poll(() => page.getByTestId('monthly-status').textContent()).toBe('रुका हुआ');
    // The sync job tells the gateway.
    await expect.poll(() => gateway.subscriptions.get(subscriptionId)?.status, { timeout: 30_000 }).toBe('paused');
    await expectNoAxeViolations(page, '/donate/monthly automatic, paused (hi)');
    expect(consoleErrors).toEqual([]);
  });
});

async function linkMailedTo(harness: Harness, email: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        const mail = readOutbox(harness.dataDir).find((sent) => sent.text.includes(`To: ${email}`) && sent.text.includes('/donate/monthly'));
        link = /(http\S+\/donate\/monthly\S*#\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
        return link !== '';
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return link;
}

function onHarnessLink(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}${url.hash}`;
}
