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
    saved: 'Saved.',
  },
  hi: {
    notInList: 'यह IFSC कोड बैंकों की प्रकाशित सूची में नहीं है। इसे अपनी चेकबुक या पासबुक से मिलाकर देखें।',
    numbersDiffer: 'दोनों खाता संख्याएँ एक जैसी नहीं हैं। दोनों को अपनी पासबुक से मिलाकर देखें।',
    bank: 'बैंक: State Bank of India',
    save: 'जानकारी सहेजें',
    confirmHeading: 'अपनी भुगतान की जानकारी जाँच लें',
    readBack: 'खाताधारक Asha Verma, खाता संख्या 301245678901, IFSC कोड SBIN0001234 (State Bank of India)',
    confirm: 'पुष्टि करें और सहेजें',
    saved: 'सहेज लिया गया।',
  },
} as const;


/** The error text shown beside a field (aria-describedby's `-error` element). */
async function fieldErrorOf(page: Page, name: string): Promise<string | null> {
  const input = page.locator(`[data-testid="personal-details"] [name="${name}"]`);
  if ((await input.getAttribute('aria-invalid')) !== 'true') return null;
  const errorId = (await input.getAttribute('aria-describedby'))?.split(' ').find((id) => id.endsWith('-error'));
  return errorId ? page.locator(`[id="${errorId}"]`).textContent() : null;
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
    await expect.poll(() => details.getByRole('status').filter({ hasText: text.saved }).count(), { timeout: 10_000 }).toBe(1);
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
});
