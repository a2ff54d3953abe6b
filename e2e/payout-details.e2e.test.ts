import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectNoSideScroll, signIn, startHarness, type Harness } from './harness.ts';

/** Screenshots, to be looked at by a person (both languages). */
const SHOTS_DIR = process.env.SAHAY_E2E_SHOTS ?? path.join(os.tmpdir(), 'sahay-e2e-payout');
const WIDTH = 360;

/** In the banks' published list (State Bank of India); the other has the shape but no such branch. */
const LISTED = 'SBIN0001234';
const UNLISTED = 'SBIN0999999';

/** What the member reads, per language (web/src/i18n/{en,hi}). */
const TEXT = {
  en: {
    notInList: 'This IFSC is not in the banks’ published list. Check it on your cheque book or passbook.',
    numbersDiffer: 'The two account numbers are not the same. Check both against your passbook.',
    bank: 'Bank: State Bank of India',
    save: 'Save details',
    confirmHeading: 'Check your payout details',
    readBack: 'Account holder Asha Verma, account number 301245678901, IFSC SBIN0001234 (State Bank of India)',
    confirm: 'Confirm and save',
    saved: /^Your details were saved on \d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{1,2}:\d{2}\s?[ap]m\.$/i,
    dashboardMenu: 'Dashboard',
    backToDashboard: 'Back to your dashboard',
    leave: 'Your changes to your details are not saved yet. Leave this page and lose them?',
  },
  hi: {
    notInList: 'यह IFSC कोड बैंकों की प्रकाशित सूची में नहीं है। इसे अपनी चेकबुक या पासबुक से मिलाकर देखें।',
    numbersDiffer: 'दोनों खाता संख्याएँ एक जैसी नहीं हैं। दोनों को अपनी पासबुक से मिलाकर देखें।',
    bank: 'बैंक: State Bank of India',
    save: 'जानकारी सहेजें',
    confirmHeading: 'अपनी भुगतान की जानकारी जाँच लें',
    readBack: 'खाताधारक Asha Verma, खाता संख्या 301245678901, IFSC कोड SBIN0001234 (State Bank of India)',
    confirm: 'पुष्टि करें और सहेजें',
    // The time of day in Hindi words before the hour (issue 32), never am/pm.
    saved: /^आपकी जानकारी \d{1,2} \S+ \d{4}, (?:सुबह|दोपहर|शाम|रात) \d{1,2}:\d{2} पर सहेज ली गई।$/,
    dashboardMenu: 'डैशबोर्ड',
    backToDashboard: 'अपने डैशबोर्ड पर वापस जाएँ',
    leave: 'आपकी जानकारी में किए गए बदलाव अभी सहेजे नहीं गए हैं। क्या यह पेज छोड़कर उन्हें खो देना है?',
  },
} as const;


/** The error text shown beside a field (aria-describedby's `-error` element). */
async function fieldErrorOf(page: Page, name: string): Promise<string | null> {
  const input = page.locator(`[data-testid="personal-details"] [name="${name}"]`);
  if ((await input.getAttribute('aria-invalid')) !== 'true') return null;
  const errorId = (await input.getAttribute('aria-describedby'))?.split(' ').find((id) => id.endsWith('-error'));
  return errorId ? page.locator(`[id="${errorId}"]`).textContent() : null;
}

/** The form's own status line (not the IFSC's): empty until a save is answered. */
function savedStatusOf(page: Page): Promise<string> {
  return page.getByTestId('profile-saved').innerText();
}

/** Where the Confirm button is against the viewport and the fixed bottom menu, and whether a tap at its middle reaches it. */
async function confirmButtonPlace(page: Page, name: string) {
  return page.getByTestId('payout-confirmation').getByRole('button', { name }).evaluate((button) => {
    const box = button.getBoundingClientRect();
    const menuTop = document.querySelector('.member-nav')?.getBoundingClientRect().top ?? window.innerHeight;
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return { isAboveMenu: box.top >= 0 && box.bottom <= menuTop, isTapReached: hit !== null && button.contains(hit) };
  });
}

/**
 * Issue 16 in Chromium at 360 px: the profile's payout details ask the account number twice, name
 * the IFSC's bank from the published list (kept on the server) or say it is not there, and read
 * the details back for a Confirm before saving — in English and in Hindi.
 */
describe('payout details on the profile in Chromium', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness();
    fs.mkdirSync(SHOTS_DIR, { recursive: true });
  });
  afterAll(async () => {
    await harness?.close();
  });

  it.each(['en', 'hi'] as const)('%s: an unlisted IFSC and different account numbers are refused, a listed IFSC names its bank, the details are read back and Confirm saves them', { timeout: 120_000 }, async (lang) => {
    const text = TEXT[lang];
    const member = await harness.account({ fullName: 'Asha Verma' });
    const { page, consoleErrors } = await harness.page({ width: WIDTH });
    await signIn(page, member, 'member');
    await page.goto(lang === 'hi' ? '/profile?lang=hi' : '/profile');
    const details = page.getByTestId('personal-details');
    await details.waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
    const input = (name: string) => details.locator(`[name="${name}"]`);
    const bankStatus = page.getByTestId('ifsc-bank');

    // The second copy is asked for only once an account number is typed.
    expect(await input('confirmAccountNumber').count()).toBe(0);
    await input('bankName').fill('State Bank of India');
    await input('accountHolder').fill('Asha Verma');
    await input('accountNumber').fill('3012 4567 8901');
    await input('confirmAccountNumber').fill('3012 4567 8910');
    await input('ifsc').fill(UNLISTED.toLowerCase());
    await expect.poll(() => bankStatus.textContent(), { timeout: 10_000 }).toBe(text.notInList);
    await expectNoSideScroll(page, `unlisted IFSC (${lang})`);
    await page.screenshot({ path: path.join(SHOTS_DIR, `unlisted-ifsc-${lang}-360.png`), fullPage: true });

    // Save: both refused beside their fields, what was typed kept, nothing read back yet.
    await details.getByRole('button', { name: text.save }).click();
    await expect.poll(() => fieldErrorOf(page, 'confirmAccountNumber')).toBe(text.numbersDiffer);
    expect(await fieldErrorOf(page, 'ifsc')).toBe(text.notInList);
    // Said once, beside the field, not again under it.
    expect([await bankStatus.textContent(), await bankStatus.getAttribute('class')]).toEqual(['', 'field-hint']);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('confirmAccountNumber');
    expect(await input('accountNumber').inputValue()).toBe('3012 4567 8901');
    expect(await page.getByTestId('payout-confirmation').count()).toBe(0);
    await expectAccessible(page, `profile with payout errors (${lang}, 360 px)`);
    await expectNoSideScroll(page, `payout errors (${lang})`);
    await page.screenshot({ path: path.join(SHOTS_DIR, `payout-errors-${lang}-360.png`), fullPage: true });

    // Corrected: the listed IFSC names its bank.
    await input('confirmAccountNumber').fill('301245678901');
    await input('ifsc').fill(LISTED.toLowerCase());
    await expect.poll(() => bankStatus.textContent(), { timeout: 10_000 }).toBe(text.bank);
    await page.screenshot({ path: path.join(SHOTS_DIR, `listed-ifsc-${lang}-360.png`), fullPage: true });

    // Save reads the details back; nothing is saved until Confirm.
    await details.getByRole('button', { name: text.save }).click();
    const confirmation = page.getByTestId('payout-confirmation');
    await expect.poll(() => confirmation.count()).toBe(1);
    expect(await confirmation.getByRole('heading').textContent()).toBe(text.confirmHeading);
    expect(await confirmation.getByRole('listitem').allTextContents()).toEqual([text.readBack]);
    expect(await details.getByRole('button', { name: text.save }).count()).toBe(0);
    await expectAccessible(page, `payout read-back (${lang}, 360 px)`);
    await expectNoSideScroll(page, `payout read-back (${lang})`);
    await page.screenshot({ path: path.join(SHOTS_DIR, `read-back-${lang}-360.png`), fullPage: true });

    expect(await page.evaluate(() => document.activeElement?.id)).toBe('payout-confirm-heading');
    await confirmation.getByRole('button', { name: text.confirm }).click();
    await expect.poll(() => savedStatusOf(page), { timeout: 10_000 }).toMatch(text.saved);
    expect(await confirmation.count()).toBe(0);
    // Saved as the server normalised it; the number now saved asks for no second copy.
    expect(await input('accountNumber').inputValue()).toBe('301245678901');
    expect(await input('ifsc').inputValue()).toBe(LISTED);
    expect(await input('confirmAccountNumber').count()).toBe(0);
    await page.screenshot({ path: path.join(SHOTS_DIR, `saved-${lang}-360.png`), fullPage: true });

    await page.reload();
    await details.waitFor();
    await expect.poll(() => input('ifsc').inputValue()).toBe(LISTED);
    expect(await input('accountNumber').inputValue()).toBe('301245678901');
    await expectNoSideScroll(page, `saved (${lang})`);
    await expectAccessible(page, `profile after saving (${lang}, 360 px)`);

    // The refused save was answered on the client; no request failed on the way.
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });

  it.each(['en', 'hi'] as const)(
    '%s, 360×740: the read-back is brought into view above the bottom menu, leaving with unsaved details asks first, and the save says when',
    { timeout: 120_000 },
    async (lang) => {
      const text = TEXT[lang];
      const member = await harness.account({ fullName: 'Asha Verma' });
      const { page, consoleErrors } = await harness.page({ width: WIDTH, height: 740 });
      const dialogs: { type: string; message: string }[] = [];
      /** What the next dialog is answered with. */
      let answer: 'dismiss' | 'accept' = 'dismiss';
      page.on('dialog', (dialog) => {
        dialogs.push({ type: dialog.type(), message: dialog.message() });
        void (answer === 'accept' ? dialog.accept() : dialog.dismiss());
      });
      await signIn(page, member, 'member');
      await page.goto(lang === 'hi' ? '/profile?lang=hi' : '/profile');
      const details = page.getByTestId('personal-details');
      await details.waitFor();
      const input = (name: string) => details.locator(`[name="${name}"]`);
      // The menu fixed to the bottom of a phone's screen.
      const menu = page.locator('nav.member-nav');

      // Nothing typed yet: the bottom menu leaves without a question.
      await menu.getByRole('link', { name: text.dashboardMenu }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await page.goBack();
      await details.waitFor();
      expect(dialogs).toEqual([]);

      await input('upiId').fill('asha.verma@oksbi');
      await input('bankName').fill('State Bank of India');
      await input('accountHolder').fill('Asha Verma');
      await input('accountNumber').fill('301245678901');
      await input('confirmAccountNumber').fill('301245678901');
      await input('ifsc').fill(LISTED);
      await expect.poll(() => page.getByTestId('ifsc-bank').textContent(), { timeout: 10_000 }).toBe(text.bank);

      // The bottom menu and a link on the page ask, in the page's language; staying keeps what was typed.
      await menu.getByRole('link', { name: text.dashboardMenu }).click();
      await page.getByRole('link', { name: text.backToDashboard }).click();
      await expect.poll(() => dialogs.length).toBe(2);
      expect(dialogs).toEqual([
        { type: 'confirm', message: text.leave },
        { type: 'confirm', message: text.leave },
      ]);
      expect(new URL(page.url()).pathname).toBe('/profile');
      expect(await input('upiId').inputValue()).toBe('asha.verma@oksbi');

      // Closing or reloading the page: the browser asks its own question first.
      await page.reload({ timeout: 3000 }).catch(() => undefined);
      await expect.poll(() => dialogs.length).toBe(3);
      expect(dialogs[2]?.type).toBe('beforeunload');
      expect(await input('accountNumber').inputValue()).toBe('301245678901');

      // The browser's Forward (to the dashboard visited before) asks too; staying keeps the page, its
      // address and what was typed. (Back would leave the app's document: the browser's own question.)
      await page.goForward({ timeout: 3000 }).catch(() => undefined);
      await expect.poll(() => dialogs.length).toBe(4);
      expect(dialogs[3]).toEqual({ type: 'confirm', message: text.leave });
      expect(new URL(page.url()).pathname).toBe('/profile');
      expect(await input('accountNumber').inputValue()).toBe('301245678901');

      // Save: the read-back and its Confirm come into view whole, above the fixed bottom menu.
      await details.getByRole('button', { name: text.save }).click();
      const confirmation = page.getByTestId('payout-confirmation');
      await confirmation.waitFor();
      await expect.poll(() => confirmButtonPlace(page, text.confirm)).toEqual({ isAboveMenu: true, isTapReached: true });
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('payout-confirm-heading');
      await expectAccessible(page, `payout read-back at 360×740 (${lang})`);
      await page.screenshot({ path: path.join(SHOTS_DIR, `read-back-in-view-${lang}-360x740.png`) });

      // Still unsaved while the read-back waits for its Confirm.
      await menu.getByRole('link', { name: text.dashboardMenu }).click();
      await expect.poll(() => dialogs.length).toBe(5);
      expect(new URL(page.url()).pathname).toBe('/profile');

      // Confirmed: the status says when, and leaving asks nothing any more.
      await confirmation.getByRole('button', { name: text.confirm }).click();
      await expect.poll(() => savedStatusOf(page), { timeout: 10_000 }).toMatch(text.saved);
      expect(await page.getByTestId('profile-saved').getAttribute('role')).toBe('status');
      await page.screenshot({ path: path.join(SHOTS_DIR, `saved-at-${lang}-360x740.png`) });
      await menu.getByRole('link', { name: text.dashboardMenu }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard');
      expect(dialogs).toHaveLength(5);

      // Typed again and left on purpose: the page goes, and what was typed with it.
      await page.goBack();
      await details.waitFor();
      await input('upiId').fill('asha.new@oksbi');
      answer = 'accept';
      await menu.getByRole('link', { name: text.dashboardMenu }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard');
      expect(dialogs).toHaveLength(6);

      // Typed again and left by Back on purpose: the browser goes back where it was headed.
      await page.goBack();
      await details.waitFor();
      await input('upiId').fill('asha.back@oksbi');
      await page.goBack({ timeout: 3000 }).catch(() => undefined);
      await page.waitForURL((url) => url.pathname === '/dashboard');
      expect(dialogs).toHaveLength(7);
      expect(consoleErrors).toEqual([]);
      await page.context().close();
    },
  );
});
