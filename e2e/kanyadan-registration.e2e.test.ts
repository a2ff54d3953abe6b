import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import crypto from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callProcedure, expectNoAxeViolations, startHarness, tokenFor, waitForApp, type Harness } from './harness.ts';

declare global {
  interface Window {
    /** How often the page asked to print (the test's stand-in for window.print). */
    __printed?: number;
  }
}

/** Screenshots land here, to be looked at by a person. */
const SHOTS_DIR = process.env.SAHAY_E2E_SHOTS ?? path.join(os.tmpdir(), 'sahay-e2e-kanyadan');
const REG_NO = /^[A-Z]{5}\d{7}$/;

/** YYYY-MM-DD, `years` whole years before today in India. */
function yearsAgo(years: number): string {
  const today = new Date(Date.now() + 330 * 60_000);
  today.setUTCFullYear(today.getUTCFullYear() - years);
  today.setUTCDate(today.getUTCDate() - 10);
  return today.toISOString().slice(0, 10);
}

async function noSideScroll(page: Page, label: string): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
  expect(scrollWidth, label).toBeLessThanOrEqual(clientWidth);
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage: true });
}

async function imageFile(name: string, format: 'png' | 'jpeg'): Promise<string> {
  const file = path.join(SHOTS_DIR, name);
  await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 200, g: 120, b: 60 } } })
    .toFormat(format)
    .toFile(file);
  return file;
}

async function fillApplication(page: Page, files: { certificate: string; photo: string }): Promise<void> {
  await page.locator('[name=girlName]').fill('आशा कुमारी');
  await page.locator('[name=dob]').fill(yearsAgo(8));
  await page.locator('[name=aadhaar]').fill('2341 2341 2346');
  await page.locator('[name=fatherName]').fill('Ramesh Kumar');
  await page.locator('[name=phone]').fill('98765 43210');
  await page.locator('[name=schoolName]').fill('Govt. Primary School');
  await page.locator('[name=district]').fill('Patna');
  await page.locator('[name=state]').selectOption('bihar');
  await page.locator('[name=guardianName]').fill('Ramesh Kumar');
  await page.locator('[name=guardianRelation]').selectOption('father');
  await page.locator('input[name=birthCertificate]').setInputFiles(files.certificate);
  await page.locator('input[name=photo]').setInputFiles(files.photo);
  await page.locator('input[name=girlAadhaar]').setInputFiles(files.photo);
  await page.locator('input[name=fatherAadhaar]').setInputFiles(files.certificate);
  await expect.poll(() => page.getByTestId('document-photo').textContent()).toContain('photo.jpg');
}

describe('Kanyadan registration (/kanyadanRegistration)', () => {
  let harness: Harness;
  let files: { certificate: string; photo: string };

  beforeAll(async () => {
    harness = await startHarness();
    fs.mkdirSync(SHOTS_DIR, { recursive: true });
    files = { certificate: await imageFile('birth-certificate.png', 'png'), photo: await imageFile('photo.jpg', 'jpeg') };
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('on a 360 px phone: steps above the form, no side scroll, keeps a draft with its files across a reload, sends, and opens the receipt', async () => {
    const { page, consoleErrors } = await harness.page({ width: 360 });
    await page.goto('/kanyadanRegistration');
    await waitForApp(page);
    await noSideScroll(page, 'form');
    const steps = await page.getByTestId('kanyadan-steps').boundingBox();
    const form = await page.getByTestId('kanyadan-form').boundingBox();
    expect(steps!.y + steps!.height).toBeLessThanOrEqual(form!.y);
    await expect.poll(() => page.locator('[aria-current="step"]').textContent()).toContain('पंजीकरण');
    await expectNoAxeViolations(page, 'registration form');

    // School fields are disabled under 4 years.
    await page.locator('[name=dob]').fill(yearsAgo(2));
    expect(await page.locator('[name=schoolName]').isDisabled()).toBe(true);

    // A file whose content is not an image is refused before sending, whatever its name.
    const fake = path.join(SHOTS_DIR, 'not-a-photo.jpg');
    fs.writeFileSync(fake, 'just text, not an image');
    await page.locator('input[name=photo]').setInputFiles(fake);
    await expect.poll(() => page.getByTestId('document-photo').textContent()).toContain('केवल JPEG, PNG या WebP तस्वीरें');

    await fillApplication(page, files);
    expect(await page.locator('[name=schoolName]').isDisabled()).toBe(false);
    await expect.poll(() => page.getByTestId('draft-status').textContent()).toContain('सहेज लिया गया');
    await shot(page, 'form-filled-360');

    // The draft survives a reload, files included.
    await page.reload();
    await waitForApp(page);
    await expect.poll(() => page.locator('[name=girlName]').inputValue()).toBe('आशा कुमारी');
    expect(await page.locator('[name=district]').inputValue()).toBe('Patna');
    await expect.poll(() => page.getByTestId('document-birthCertificate').textContent()).toContain('birth-certificate.png');
    expect(await page.getByTestId('document-photo').locator('img').count()).toBe(1);
    // All four documents came back from the draft.
    expect(await page.getByTestId('document-girlAadhaar').textContent()).toContain('photo.jpg');
    expect(await page.getByTestId('document-fatherAadhaar').textContent()).toContain('birth-certificate.png');

    // Consent is given when sending, not kept in the draft.
    expect(await page.locator('[name=consent]').isChecked()).toBe(false);
    await page.getByRole('button', { name: 'आवेदन भेजें' }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('नीचे चिह्नित');
    await page.locator('[name=consent]').check();

    // Offline: said plainly, and nothing is lost.
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'आवेदन भेजें' }).click();
    await expect.poll(() => page.locator('.form-error').textContent()).toContain('आप ऑफ़लाइन हैं');
    await page.context().setOffline(false);

    await page.getByRole('button', { name: 'आवेदन भेजें' }).click();
    await page.getByTestId('kanyadan-sent').waitFor();
    await page.getByTestId('kanyadan-receipt').waitFor();
    expect(await page.locator('[aria-current="step"]').textContent()).toContain('रसीद');
    const regNo = (await page.getByTestId('receipt-reg-no').textContent())!.trim();
    expect(regNo).toMatch(REG_NO);
    const receipt = await page.getByTestId('kanyadan-receipt').textContent();
    expect(receipt).toContain('आशा कुमारी');
    expect(receipt).toContain('XXXX XXXX 2346');
    expect(receipt).not.toContain('234123412346');
    await noSideScroll(page, 'receipt');
    await shot(page, 'receipt-360');

    // The number (only the number) is remembered on the device; the draft is gone.
    expect(await page.evaluate(() => localStorage.getItem('sahay.kanyadan.recent'))).toBe(JSON.stringify([regNo]));

    // Printing that the browser blocks gets instructions.
    await page.evaluate(() => {
      window.print = () => {
        throw new Error('blocked');
      };
    });
    await page.getByTestId('print-receipt').click();
    await page.getByTestId('print-blocked').waitFor();

    // Status: the device's list fills the number; the phone finds it.
    await page.getByRole('button', { name: 'स्थिति देखें' }).first().click();
    await page.getByTestId('kanyadan-recent').getByRole('button', { name: regNo }).click();
    expect(await page.locator('[name=regNo]').inputValue()).toBe(regNo);
    await page.getByTestId('kanyadan-status-form').locator('[name=phone]').fill('9876543210');
    await page.getByTestId('kanyadan-status-form').getByRole('button').click();
    await expect.poll(() => page.getByTestId('kanyadan-state').textContent()).toBe('भेजा गया, जाँच की प्रतीक्षा');
    await shot(page, 'status-360');

    // A family that lost the acknowledgement prints the status instead: the number, the date and the
    // state, and nothing about the girl; the look-up form and the device's list stay off the paper.
    await page.evaluate(() => {
      window.__printed = 0;
      window.print = () => {
        window.__printed = (window.__printed ?? 0) + 1;
      };
    });
    await page.getByTestId('print-status').click();
    await expect.poll(() => page.evaluate(() => window.__printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    const paper = await page.locator('main').innerText();
    for (const part of [regNo, 'भेजा गया, जाँच की प्रतीक्षा', 'फ़ाउंडेशन की वेबसाइट से प्रिंट किया गया', 'यह पैसे का वादा नहीं है']) expect(paper).toContain(part);
    for (const hidden of ['आशा कुमारी', '9876543210', 'स्थिति देखें', 'यह स्थिति प्रिंट करें']) expect(paper).not.toContain(hidden);
    expect(await page.getByTestId('kanyadan-status-form').isVisible()).toBe(false);
    await shot(page, 'status-printed-360');
    await page.emulateMedia({ media: 'screen' });
    expect(await page.getByTestId('kanyadan-printed-on').isVisible()).toBe(false);

    // A wrong phone is "not found".
    await page.getByTestId('kanyadan-status-form').locator('[name=phone]').fill('9123456789');
    await page.getByTestId('kanyadan-status-form').getByRole('button').click();
    await expect.poll(() => page.getByTestId('kanyadan-status-form').getByRole('alert').textContent()).not.toBe('');

    await page.reload();
    await waitForApp(page);
    await page.waitForTimeout(500);
    expect(await page.locator('[name=girlName]').inputValue()).toBe('');
    expect(consoleErrors.filter((error) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED|404/.test(error))).toEqual([]);
  });

  it('discards the draft only after a confirmation, by keyboard', async () => {
    const { page } = await harness.page({ width: 360 });
    await page.goto('/kanyadanRegistration?lang=en');
    await waitForApp(page);
    await page.locator('[name=girlName]').fill('Meena');
    await expect.poll(() => page.getByTestId('draft-status').textContent()).toBe('Draft saved on this device.');
    await page.getByTestId('discard-draft').focus();
    await page.keyboard.press('Enter');
    // The question takes focus on its safe answer.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('No, keep it');
    await page.keyboard.press('Enter');
    expect(await page.locator('[name=girlName]').inputValue()).toBe('Meena');
    await page.getByTestId('discard-draft').click();
    await page.getByTestId('discard-yes').click();
    await expect.poll(() => page.getByTestId('draft-status').textContent()).toBe('The draft has been deleted from this device.');
    expect(await page.locator('[name=girlName]').inputValue()).toBe('');
    await page.reload();
    await waitForApp(page);
    await page.waitForTimeout(500);
    expect(await page.locator('[name=girlName]').inputValue()).toBe('');
  });

  it('shows the fee, the UPI link with the registration number, and the Payment step when a fee is set', async () => {
    const admin = await harness.account({ role: 'admin', fullName: 'Settings Admin' });
    const { version } = (await callProcedure(harness, 'site.settings.get')).body.result?.data as { version: number };
    const saved = await callProcedure(harness, 'site.settings.update', {
      kind: 'mutation',
      token: await tokenFor(harness, admin),
      input: { expectedVersion: version, data: { kanyadanFeePaise: 10_000, upiVpa: 'sahayfoundation@sbi', upiPayeeName: 'Sahay Foundation', bankAccountNumber: '123456789012', bankIfsc: 'SBIN0001234' } },
    });
    expect(saved.status).toBe(200);

    const { page } = await harness.page({ width: 360 });
    await page.goto('/kanyadanRegistration?lang=en');
    await waitForApp(page);
    expect(await page.getByTestId('kanyadan-steps').locator('li').allTextContents()).toHaveLength(4);
    await fillApplication(page, files);
    await page.locator('[name=consent]').check();
    // A photo of ~300 KB that does not compress, sent on a slow line: each document shows its progress.
    const noisy = path.join(SHOTS_DIR, 'noisy-photo.png');
    await sharp(crypto.randomBytes(320 * 320 * 3), { raw: { width: 320, height: 320, channels: 3 } }).png({ compressionLevel: 0 }).toFile(noisy);
    await page.locator('input[name=photo]').setInputFiles(noisy);
    await expect.poll(() => page.getByTestId('document-photo').textContent()).toContain('noisy-photo.png');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 40, downloadThroughput: -1, uploadThroughput: 128 * 1024 });
    await page.getByRole('button', { name: 'Send the application' }).click();
    await page.getByTestId('progress-photo').waitFor();
    await page.getByTestId('progress-birthCertificate').waitFor();
    await page.getByTestId('kanyadan-payment').waitFor({ timeout: 30_000 });
    expect(await page.locator('[aria-current="step"]').textContent()).toContain('Payment');
    const regNo = (await page.getByTestId('kanyadan-sent').textContent())!.match(/[A-Z]{5}\d{7}/)![0];
    expect(await page.getByTestId('fee-amount').textContent()).toContain('₹100');
    // A personal UPI ID: the QR carries the fee and the number; no tap-to-pay link, the steps to type the ID instead (issue 33).
    expect(await page.getByTestId('fee-upi-qr').getAttribute('data-qr-text')).toBe(
      `upi://pay?pa=sahayfoundation@sbi&pn=Sahay%20Foundation&am=100.00&cu=INR&tn=Kanyadan%20registration%20${regNo}&tr=${regNo}`,
    );
    expect(await page.getByTestId('fee-upi-link').count()).toBe(0);
    expect(await page.getByTestId('fee-upi-steps').textContent()).toContain(`type sahayfoundation@sbi, enter ₹100 and write ${regNo} in the remark`);
    await noSideScroll(page, 'payment');
    await expectNoAxeViolations(page, 'payment step');
    await shot(page, 'payment-360');

    // Paid: the family gives the UTR with the application's phone; finance will match it.
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    const proof = page.getByTestId('fee-proof');
    await proof.locator('[name=phone]').fill('9876543210');
    await proof.locator('[name=utr]').fill('12345');
    await proof.getByRole('button', { name: 'Send the UTR' }).click();
    await expect.poll(() => proof.textContent()).toContain('Enter the bank’s UTR');
    await proof.locator('[name=utr]').fill('4321 5678 9012');
    await proof.getByRole('button', { name: 'Send the UTR' }).click();
    await expect.poll(() => page.getByTestId('fee-utr-sent').textContent()).toContain('432156789012');
    await expectNoAxeViolations(page, 'payment step, UTR sent');
  });
});
