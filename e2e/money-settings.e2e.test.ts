import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, signIn, startHarness, waitForApp, type Harness } from './harness.ts';

type Account = Awaited<ReturnType<Harness['account']>>;

const FINANCE_ONLY = {
  en: 'Only finance staff, signed in with a second factor, can change this',
  hi: 'इसे केवल दूसरे चरण (टू-फ़ैक्टर) से साइन-इन किया हुआ वित्त स्टाफ़ बदल सकता है',
};

const SETTINGS_STAFF_ONLY = {
  en: 'Only staff with the settings permission can change this',
  hi: 'इसे केवल सेटिंग्स की अनुमति वाले स्टाफ़ बदल सकते हैं',
};

/**
 * Issue 29: where donors' money goes is finance's. On a phone, a settings-only admin sees the
 * payment settings greyed with the reason, in both languages; finance changes the UPI ID; every
 * admin's dashboard then says who changed it.
 */
describe('settings that decide where money goes, in Chromium', () => {
  let harness: Harness;
  let settingsOnly: Account;
  let finance: Account;
  let members: Account;

  beforeAll(async () => {
    harness = await startHarness();
    settingsOnly = await harness.account({ role: 'admin', permissions: ['settings'], fullName: 'Settings Desk' });
    finance = await harness.account({ role: 'admin', permissions: ['settings', 'finance'], fullName: 'Farida Finance' });
    members = await harness.account({ role: 'admin', permissions: ['members'], fullName: 'Members Desk' });
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('greys the money settings for a settings-only admin at 360 px, with the reason in English and Hindi, and saves the rest', { timeout: 90_000 }, async () => {
    const { page } = await harness.page({ width: 360 });
    await signIn(page, settingsOnly);
    for (const lang of ['en', 'hi'] as const) {
      await page.goto(`/admin/settings?lang=${lang}`);
      await waitForApp(page);
      const upi = page.getByLabel(lang === 'en' ? 'UPI ID' : 'UPI आईडी', { exact: true });
      await expect.poll(() => upi.isVisible()).toBe(true);
      expect(await upi.isDisabled()).toBe(true);
      // The reason is the field's own hint, read out with it.
      const describedBy = (await upi.getAttribute('aria-describedby')) ?? '';
      const hint = await page.locator(`[id="${describedBy.split(' ')[0]}"]`).textContent();
      expect(hint).toContain(FINANCE_ONLY[lang]);
      expect(await page.getByLabel(lang === 'en' ? 'Daily evening meeting link' : 'रोज़ शाम की मीटिंग का लिंक').isDisabled()).toBe(false);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await expectNoAxeViolations(page, `settings for a settings-only admin (${lang})`);
    }
    await page.goto('/admin/settings?lang=en');
    await waitForApp(page);
    await page.getByLabel('Daily evening meeting link').fill('https://meet.example/money-test');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => page.getByRole('status').first().textContent()).toContain('Saved.');
    await page.context().close();
  });

  it('opens the settings to a finance-only clerk at 360 px: money settings and the signing certificate editable, the rest greyed with the reason, in both languages', { timeout: 90_000 }, async () => {
    const financeOnly = await harness.account({ role: 'admin', permissions: ['finance'], fullName: 'Fatima Finance' });
    const { page } = await harness.page({ width: 360 });
    await signIn(page, financeOnly);
    for (const lang of ['en', 'hi'] as const) {
      // From the dashboard's own link, as a clerk finds it.
      await page.goto(`/admin/dashboard?lang=${lang}`);
      await waitForApp(page);
      await page.locator('a[href^="/admin/settings"]').first().click();
      const meeting = page.getByLabel(lang === 'en' ? 'Daily evening meeting link' : 'रोज़ शाम की मीटिंग का लिंक');
      await expect.poll(() => meeting.isVisible()).toBe(true);
      expect(await meeting.isDisabled()).toBe(true);
      const describedBy = (await meeting.getAttribute('aria-describedby')) ?? '';
      expect(await page.locator(`[id="${describedBy.split(' ')[0]}"]`).textContent()).toContain(SETTINGS_STAFF_ONLY[lang]);
      expect(await page.getByLabel(lang === 'en' ? 'UPI ID' : 'UPI आईडी', { exact: true }).isDisabled()).toBe(false);
      expect(await page.locator('#certificate-file').isVisible()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await expectNoAxeViolations(page, `settings for a finance-only clerk (${lang})`);
    }
    await page.goto('/admin/settings?lang=en');
    await waitForApp(page);
    await page.getByLabel('UPI ID', { exact: true }).fill('sahay.clerk@oksbi');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => page.getByRole('status').first().textContent()).toContain('Saved.');
    await page.context().close();
  });

  it('lets finance change the UPI ID, and shows the change on another admin’s dashboard in both languages', { timeout: 90_000 }, async () => {
    const { page } = await harness.page();
    await signIn(page, finance);
    await page.goto('/admin/settings');
    await waitForApp(page);
    const upi = page.getByLabel('UPI ID', { exact: true });
    await expect.poll(() => upi.isVisible()).toBe(true);
    expect(await upi.isDisabled()).toBe(false);
    await upi.fill('sahay.trust@oksbi');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => page.getByRole('status').first().textContent()).toContain('Saved.');
    await page.context().close();

    const phone = await harness.page({ width: 360 });
    await signIn(phone.page, members);
    for (const [lang, heading, field] of [
      ['en', 'Where the money goes was changed this week', 'UPI ID'],
      ['hi', 'इस हफ़्ते बदला गया कि पैसा कहाँ जाए', 'UPI आईडी'],
    ] as const) {
      await phone.page.goto(`/admin/dashboard?lang=${lang}`);
      await waitForApp(phone.page);
      const notice = phone.page.getByTestId('money-settings-changes');
      await expect.poll(() => notice.isVisible()).toBe(true);
      const text = (await notice.textContent()) ?? '';
      expect(text).toContain(heading);
      expect(text).toContain('Farida Finance');
      expect(text).toContain(field);
      expect(text).not.toContain('sahay.trust@oksbi');
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    }
    await expectNoAxeViolations(phone.page, 'dashboard with a money settings notice');
    await phone.page.context().close();
  });
});
