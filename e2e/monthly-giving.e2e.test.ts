import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '#server/testing/outbox';
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
