import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRazorpayGateway, type SignedWebhook, type TestRazorpayGateway } from '#server/testing/razorpay-gateway';
import { callProcedure, expectAccessible, signIn, startHarness, waitForApp, type Harness } from './harness.ts';

/** Screenshots land here, to be looked at by a person. */
const SHOTS_DIR = process.env.SAHAY_E2E_SHOTS ?? path.join(os.tmpdir(), 'sahay-e2e-refunds');

async function noSideScroll(page: Page, label: string): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
  expect(scrollWidth, label).toBeLessThanOrEqual(clientWidth);
}

/** Finance refunds an online gift from its page at 360 px (decision 069), against the local gateway. */
describe('online refunds in Chromium', () => {
  let harness: Harness;
  let gateway: TestRazorpayGateway;
  let admin: Awaited<ReturnType<Harness['account']>>;

  beforeAll(async () => {
    gateway = await startTestRazorpayGateway();
    const { keyId, keySecret, webhookSecret } = gateway.config;
    harness = await startHarness({ env: { RAZORPAY_KEY_ID: keyId, RAZORPAY_KEY_SECRET: keySecret, RAZORPAY_WEBHOOK_SECRET: webhookSecret, RAZORPAY_API_BASE: gateway.url } });
    fs.mkdirSync(SHOTS_DIR, { recursive: true });
    admin = await harness.account({ role: 'admin', permissions: ['finance'], fullName: 'Finance Admin' });
  });
  afterAll(async () => {
    await harness?.close();
    await gateway?.close();
  });

  async function deliver(webhook: SignedWebhook): Promise<unknown> {
    const response = await fetch(`${harness.url}/api/payments/razorpay/webhook`, { method: 'POST', headers: webhook.headers, body: webhook.body });
    return response.json();
  }

  /** A delivery answered `received`, then handled by its job in the server's queue (decision 083): its stream says so. */
  async function deliverAndWait(webhook: SignedWebhook): Promise<void> {
    expect(await deliver(webhook)).toEqual({ status: 'received' });
    const stream = `razorpay-event-${webhook.headers['x-razorpay-event-id']}`;
    await expect.poll(async () => (await harness.server.services.eventStore.readStream(stream)).map((event) => event.type), { timeout: 15_000 }).toEqual(['GatewayEventReceived', 'GatewayEventHandled']);
  }

  it('finance reads the refund in Hindi, then refunds in English with a reason and a confirmation; refund.processed cancels the gift', { timeout: 180_000 }, async () => {
    const created = await callProcedure(harness, 'donations.create', { kind: 'mutation', input: { amountPaise: 1_250_00, cause: 'general', donorName: 'Online Donor', email: 'online.refund@example.org', showName: false } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { reference, razorpay } = created.body.result!.data as { reference: string; razorpay: { orderId: string } };
    const payment = gateway.pay(razorpay.orderId);
    await deliverAndWait(gateway.webhook('payment.captured', payment));

    const { page, consoleErrors } = await harness.page({ width: 360 });
    await signIn(page, admin);
    await page.goto(`/admin/donations/${reference.replace('-', '')}?lang=hi`);
    await waitForApp(page);
    await expect.poll(() => page.getByTestId('refund-form').textContent()).toContain('ऑनलाइन भुगतान का रिफ़ंड करें');
    expect(await page.getByTestId('online-payment').textContent()).toContain(payment.id);
    await noSideScroll(page, 'refund (hi, 360 px)');
    await expectAccessible(page, 'refund (hi, 360 px)');
    await page.screenshot({ path: path.join(SHOTS_DIR, 'refund-hi-360.png'), fullPage: true });

    await page.goto(`/admin/donations/${reference.replace('-', '')}?lang=en`);
    await waitForApp(page);
    const form = page.getByTestId('refund-form');
    // Without a reason: told beside the field, and no dialog.
    await form.getByRole('button', { name: 'Refund ₹1,250…' }).click();
    await expect.poll(() => form.textContent()).toContain('Give a reason of at least 3 characters');
    expect(await page.getByTestId('refund-dialog').count()).toBe(0);
    await form.getByLabel('Reason').fill('The donor paid twice by mistake');
    await form.getByRole('button', { name: 'Refund ₹1,250…' }).click();
    const dialog = page.getByTestId('refund-dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expectAccessible(page, 'refund dialog (en, 360 px)');
    await page.screenshot({ path: path.join(SHOTS_DIR, 'refund-dialog-en-360.png'), fullPage: true });
    // "Do not refund" closes it and nothing is asked of the gateway.
    await dialog.getByRole('button', { name: 'Do not refund' }).click();
    await expect.poll(() => page.getByTestId('refund-dialog').count()).toBe(0);
    expect(gateway.refunds.size).toBe(0);

    await form.getByRole('button', { name: 'Refund ₹1,250…' }).click();
    await page.getByTestId('refund-confirm').click();
    await expect.poll(() => page.getByTestId('refund-status').textContent()).toContain('Taken by the gateway; the money is on its way back');
    expect(gateway.refunds.size).toBe(1);
    const [refund] = [...gateway.refunds.values()];
    await deliverAndWait(gateway.refundWebhook('refund.processed', gateway.settleRefund(refund!.id)));
    await page.reload();
    await waitForApp(page);
    await expect.poll(() => page.getByTestId('refund-status').textContent()).toContain('Refunded; the donation is cancelled');
    expect(await page.getByTestId('donation-status').textContent()).toMatch(/Cancelled/i);
    await noSideScroll(page, 'refunded (en, 360 px)');
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });

  it('a donor whose online payment failed is told so on the status page at 360 px, in English and Hindi, and offered the other ways to pay', { timeout: 120_000 }, async () => {
    const email = 'failed.payment@example.org';
    const created = await callProcedure(harness, 'donations.create', { kind: 'mutation', input: { amountPaise: 501_00, cause: 'general', donorName: 'Declined Donor', email, showName: false } });
    const { reference, razorpay } = created.body.result!.data as { reference: string; razorpay: { orderId: string } };
    await deliverAndWait(gateway.webhook('payment.failed', gateway.fail(razorpay.orderId)));
    const { page, consoleErrors } = await harness.page({ width: 360 });
    for (const [lang, label, expected] of [
      ['en', { reference: 'Donation reference', contact: 'E-mail or mobile number', submit: 'Check' }, 'Your online payment did not go through.'],
      ['hi', null, 'आपका ऑनलाइन भुगतान पूरा नहीं हुआ।'],
    ] as const) {
      await page.goto(`/donate/status?reference=${reference}${lang === 'hi' ? '&lang=hi' : ''}`);
      await waitForApp(page);
      // The status form's fields in order: the reference (filled from the address), then the contact.
      // The yearly statement's form further down has a contact field too, once its part has loaded.
      const form = page.getByTestId('status-form');
      if (label) {
        await form.getByLabel(label.contact, { exact: true }).fill(email);
        await form.getByRole('button', { name: label.submit, exact: true }).click();
      } else {
        await form.locator('input').nth(1).fill(email);
        await form.locator('button[type="submit"]').first().click();
      }
      await expect.poll(() => page.getByTestId('online-payment-failed').textContent()).toContain(expected);
      await noSideScroll(page, `/donate/status payment failed (${lang}, 360 px)`);
      await expectAccessible(page, `/donate/status payment failed (${lang}, 360 px)`);
      await page.screenshot({ path: path.join(SHOTS_DIR, `payment-failed-${lang}-360.png`), fullPage: true });
    }
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });

  it('finance marks a flagged payment resolved with a note, in Hindi at 360 px; the list then shows it among the resolved, in English too (decision 081)', { timeout: 120_000 }, async () => {
    // A payment of another amount than its pledge: captured, flagged, verifying nothing.
    const created = await callProcedure(harness, 'donations.create', { kind: 'mutation', input: { amountPaise: 2_000_00, cause: 'general', donorName: 'Online Donor', email: 'flagged.donor@example.org', showName: false } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { razorpay } = created.body.result!.data as { razorpay: { orderId: string } };
    const payment = gateway.pay(razorpay.orderId, { amount: 1_500_00 });
    await deliverAndWait(gateway.webhook('payment.captured', payment));

    const { page, consoleErrors } = await harness.page({ width: 360 });
    await signIn(page, admin);
    await page.goto('/admin/online-payments?lang=hi');
    await waitForApp(page);
    const open = page.getByTestId('flagged-payments');
    await expect.poll(() => open.textContent()).toContain(payment.id);
    await noSideScroll(page, 'flagged payments (hi, 360 px)');
    await expectAccessible(page, 'flagged payments (hi, 360 px)');
    // Too short a note: told in the dialog, nothing recorded.
    await page.getByTestId(`resolve-${payment.id}`).click();
    const dialog = page.getByTestId('resolve-dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'निपटा हुआ दर्ज करें' }).click();
    await expect.poll(() => dialog.getByRole('textbox').getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page, 'resolve dialog (hi, 360 px)');
    await page.screenshot({ path: path.join(SHOTS_DIR, 'resolve-flag-hi-360.png'), fullPage: true });
    await dialog.getByRole('textbox').fill('Razorpay डैशबोर्ड में रिफ़ंड किया');
    await dialog.getByRole('button', { name: 'निपटा हुआ दर्ज करें' }).click();
    await expect.poll(() => page.getByTestId('resolve-dialog').count()).toBe(0);
    const resolved = page.getByTestId('resolved-payments');
    await expect.poll(() => resolved.textContent()).toContain('Razorpay डैशबोर्ड में रिफ़ंड किया');
    expect(await resolved.textContent()).toContain(payment.id);
    expect(await page.getByTestId(`resolve-${payment.id}`).count()).toBe(0);
    const events = await harness.server.services.eventStore.readStream(`online-payment-${payment.id}`);
    expect(events.map((event) => event.type)).toEqual(['OnlinePaymentFlagged', 'OnlinePaymentFlagResolved']);

    await page.goto('/admin/online-payments?lang=en');
    await waitForApp(page);
    await expect.poll(() => page.getByTestId('resolved-payments').textContent()).toContain(payment.id);
    expect(await page.getByRole('heading', { name: /^Resolved \(\d+\)$/ }).count()).toBe(1);
    await noSideScroll(page, 'flagged payments with a resolved one (en, 360 px)');
    await expectAccessible(page, 'flagged payments with a resolved one (en, 360 px)');
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });
});
