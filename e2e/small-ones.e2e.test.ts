import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForSignInCode } from '#server/testing/two-factor';
import { callProcedure, expectNoAxeViolations, expectNoSideScroll, signIn, startHarness, tokenFor, waitForApp, type Harness, type HarnessAccount } from './harness.ts';

/**
 * Issue 32's smaller items on a 360 px phone, in Hindi and in English: the Kanyadan form's empty
 * fields, the fee step and its UTR, the printed acknowledgement's address and a returning family;
 * the admin sign-in without its code; links shared from a Hindi page.
 */

const SHOTS_DIR = process.env.SAHAY_E2E_SHOTS ?? path.join(os.tmpdir(), 'sahay-e2e-small-ones');
const UI_WAIT = { timeout: 15_000 };

/** The page's words, as the dictionaries have them. */
const WORDS = {
  hi: {
    send: 'आवेदन भेजें',
    girlName: 'बालिका का नाम लिखें।',
    fatherName: 'पिता का नाम लिखें।',
    dob: 'बालिका की जन्म तिथि लिखें।',
    phone: 'फ़ोन नंबर लिखें।',
    summary: 'कृपया नीचे चिह्नित जानकारी ठीक करें।',
    after: 'भुगतान के बाद नीचे उसका UTR भेजें।',
    sendUtr: 'UTR भेजें',
    waiting: 'पंजीकरण शुल्क की प्रतीक्षा',
    received: 'शुल्क का संदर्भ (UTR) मिल गया, जाँच जारी',
    nothingToSend: 'कुछ भेजना नहीं',
    receiptStep: 'रसीद',
    statusStep: 'स्थिति',
    returning: 'इस डिवाइस से आपका आवेदन',
    another: 'दूसरी बालिका का पंजीकरण करें',
    codeNeeded: 'अपने ऑथेंटिकेटर ऐप का 6 अंकों का कोड डालें',
    login: 'लॉग इन',
  },
  en: {
    send: 'Send the application',
    girlName: "Enter the girl's name.",
    fatherName: "Enter the father's name.",
    dob: "Enter the girl's date of birth.",
    phone: 'Enter the phone number.',
    summary: 'Please correct the fields marked below.',
    after: 'After paying, send its UTR below.',
    sendUtr: 'Send the UTR',
    waiting: 'Waiting for the registration fee',
    received: 'Fee reference received, being checked',
    nothingToSend: 'nothing to send',
    receiptStep: 'Receipt',
    statusStep: 'Status',
    returning: 'Your application from this device',
    another: 'Register another girl',
    codeNeeded: 'enter the 6-digit code from your authenticator app',
    login: 'Login',
  },
} as const;

/** YYYY-MM-DD, `years` whole years (and ten days) before today in India. */
function yearsAgo(years: number): string {
  const today = new Date(Date.now() + 330 * 60_000);
  today.setUTCFullYear(today.getUTCFullYear() - years);
  today.setUTCDate(today.getUTCDate() - 10);
  return today.toISOString().slice(0, 10);
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage: true });
}

/** The error text shown under a form field (the field's aria-describedby names it). */
async function fieldError(page: Page, name: string): Promise<string> {
  return page.locator(`[name=${name}]`).evaluate((field) => {
    const ids = (field.getAttribute('aria-describedby') ?? '').split(' ');
    return ids.map((id) => document.getElementById(id)).find((element) => element?.classList.contains('field-error'))?.textContent ?? '';
  });
}

describe('issue 32, the smaller ones, at 360 px in Hindi and English', () => {
  let harness: Harness;
  let files: { certificate: string; photo: string };
  let admin: HarnessAccount;

  beforeAll(async () => {
    harness = await startHarness();
    fs.mkdirSync(SHOTS_DIR, { recursive: true });
    const certificate = path.join(SHOTS_DIR, 'birth-certificate.png');
    const photo = path.join(SHOTS_DIR, 'photo.jpg');
    await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 200, g: 120, b: 60 } } }).png().toFile(certificate);
    await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 60, g: 120, b: 200 } } }).jpeg().toFile(photo);
    files = { certificate, photo };
    // A registration fee with the foundation's UPI ID, and open registration (a referral link for every member).
    admin = await harness.account({ role: 'admin', fullName: 'Settings Admin' });
    const { version } = (await callProcedure(harness, 'site.settings.get')).body.result?.data as { version: number };
    const saved = await callProcedure(harness, 'site.settings.update', {
      kind: 'mutation',
      token: await tokenFor(harness, admin),
      input: { expectedVersion: version, data: { kanyadanFeePaise: 10_000, upiVpa: 'sahayfoundation@sbi', upiPayeeName: 'Sahay Foundation', isInviteOnly: false } },
    });
    expect(saved.status).toBe(200);
  });
  afterAll(async () => {
    await harness?.close();
  });

  for (const lang of ['hi', 'en'] as const) {
    const words = WORDS[lang];
    const query = lang === 'en' ? '?lang=en' : '';

    it(`Kanyadan (${lang}): each empty field says which it is; the fee step asks for the UTR, and the status then says the reference was received; the acknowledgement prints the status page's address; coming back shows the application`, { timeout: 180_000 }, async () => {
      const { page, consoleErrors } = await harness.page({ width: 360, height: 740 });
      await page.goto(`/kanyadanRegistration${query}`);
      await waitForApp(page);

      // The empty form: one message per field, naming it; the first takes the cursor.
      await page.getByRole('button', { name: words.send }).click();
      await expect.poll(() => fieldError(page, 'girlName'), UI_WAIT).toBe(words.girlName);
      expect(await fieldError(page, 'fatherName')).toBe(words.fatherName);
      expect(await fieldError(page, 'dob')).toBe(words.dob);
      expect(await fieldError(page, 'phone')).toBe(words.phone);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('girlName');
      expect(await page.locator('.form-error').first().textContent()).toContain(words.summary);
      await expectNoSideScroll(page, `empty form (${lang})`);
      await expectNoAxeViolations(page, `empty form (${lang})`);
      await shot(page, `kanyadan-empty-${lang}-360`);

      await page.locator('[name=girlName]').fill(lang === 'hi' ? 'आशा कुमारी' : 'Asha Kumari');
      await page.locator('[name=dob]').fill(yearsAgo(8));
      await page.locator('[name=fatherName]').fill('Ramesh Kumar');
      await page.locator('[name=phone]').fill('98765 43210');
      await page.locator('[name=district]').fill('Patna');
      await page.locator('[name=state]').selectOption('bihar');
      await page.locator('[name=guardianName]').fill('Ramesh Kumar');
      await page.locator('[name=guardianRelation]').selectOption('father');
      await page.locator('input[name=birthCertificate]').setInputFiles(files.certificate);
      await page.locator('input[name=photo]').setInputFiles(files.photo);
      await expect.poll(() => page.getByTestId('document-photo').textContent(), UI_WAIT).toContain('photo.jpg');
      await page.locator('[name=consent]').check();
      await page.getByRole('button', { name: words.send }).click();

      // The fee step: pay, then send the UTR — no "nothing to send" above the UTR form.
      await page.getByTestId('kanyadan-payment').waitFor({ timeout: 30_000 });
      const regNo = (await page.getByTestId('kanyadan-sent').textContent())!.match(/[A-Z]{5}\d{7}/)![0];
      const payment = (await page.getByTestId('kanyadan-payment').textContent()) ?? '';
      expect(payment).toContain(words.after);
      expect(payment).not.toContain(words.nothingToSend);
      const proof = page.getByTestId('fee-proof');
      await proof.locator('[name=phone]').fill('9876543210');
      await proof.locator('[name=utr]').fill('4321 5678 9012');
      await proof.getByRole('button', { name: words.sendUtr }).click();
      await expect.poll(() => page.getByTestId('fee-utr-sent').textContent(), UI_WAIT).toContain('432156789012');
      await expectNoSideScroll(page, `payment step (${lang})`);
      await expectNoAxeViolations(page, `payment step, UTR sent (${lang})`);

      // The acknowledgement: the status as it is now, and the status page's full address from PUBLIC_URL.
      await page.getByTestId('kanyadan-steps').getByRole('button', { name: words.receiptStep }).click();
      await page.getByTestId('kanyadan-receipt').waitFor();
      expect(await page.getByTestId('receipt-status').textContent()).toBe(words.received);
      const address = `${harness.url}/kanyadanRegistration?step=status${lang === 'en' ? '&lang=en' : ''}`;
      expect(await page.getByTestId('receipt-status-address').getByRole('link').textContent()).toBe(address);
      await page.emulateMedia({ media: 'print' });
      const paper = await page.locator('main').innerText();
      expect(paper).toContain(address);
      expect(paper).toContain(regNo);
      await page.emulateMedia({ media: 'screen' });
      await expectNoSideScroll(page, `receipt (${lang})`);
      await expectNoAxeViolations(page, `receipt (${lang})`);
      await shot(page, `kanyadan-receipt-${lang}-360`);

      // Status by number and phone: the reference was received and is being checked.
      await page.getByTestId('kanyadan-steps').getByRole('button', { name: words.statusStep }).click();
      const lookup = page.getByTestId('kanyadan-status-form');
      await lookup.locator('[name=regNo]').fill(regNo);
      await lookup.locator('[name=phone]').fill('9876543210');
      await lookup.getByRole('button').click();
      await expect.poll(() => page.getByTestId('kanyadan-state').textContent(), UI_WAIT).toBe(words.received);
      expect(await page.getByTestId('kanyadan-next').textContent()).toContain('432156789012');

      // Coming back on this device: the application first, its number filled in, not an empty form.
      await page.goto(`/kanyadanRegistration${query}`);
      await waitForApp(page);
      await page.getByTestId('kanyadan-returning').waitFor(UI_WAIT);
      expect(await page.getByTestId('kanyadan-returning').textContent()).toContain(`${words.returning}: ${regNo}`);
      expect(await page.getByTestId('step-registration').isVisible()).toBe(false);
      expect(await page.locator('[aria-current="step"]').textContent()).toContain(words.statusStep);
      expect(await page.getByTestId('kanyadan-status-form').locator('[name=regNo]').inputValue()).toBe(regNo);
      await page.getByTestId('kanyadan-status-form').locator('[name=phone]').fill('9876543210');
      await page.getByTestId('kanyadan-status-form').getByRole('button').click();
      await expect.poll(() => page.getByTestId('kanyadan-state').textContent(), UI_WAIT).toBe(words.received);
      await expectNoSideScroll(page, `returning (${lang})`);
      await expectNoAxeViolations(page, `returning (${lang})`);
      await shot(page, `kanyadan-returning-${lang}-360`);
      // A new application is one tap away.
      await page.getByTestId('kanyadan-returning').getByRole('button', { name: words.another }).click();
      await expect.poll(() => page.getByTestId('step-registration').isVisible(), UI_WAIT).toBe(true);
      expect(await page.locator('[name=girlName]').inputValue()).toBe('');
      expect(consoleErrors).toEqual([]);
      await page.context().close();
    });

    it(`admin sign-in (${lang}): the right password without the code asks for the code beside its field`, async () => {
      const officer = await harness.account({ role: 'admin', permissions: ['finance'], fullName: 'Finance Officer' });
      const { page, consoleErrors } = await harness.page({ width: 360, height: 740 });
      await page.goto(`/admin-login${lang === 'hi' ? '?lang=hi' : ''}`);
      await waitForApp(page);
      await page.locator('[name=identifier]').fill(officer.userId);
      await page.locator('[name=password]').fill(officer.password);
      await page.getByRole('button', { name: words.login, exact: true }).click();
      await expect.poll(() => fieldError(page, 'totpCode'), UI_WAIT).toContain(words.codeNeeded);
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')), UI_WAIT).toBe('totpCode');
      // Not the failed-sign-in message: nothing above the button.
      expect(await page.locator('.form-error').count()).toBe(0);
      await expectNoSideScroll(page, `admin login, code asked (${lang})`);
      await expectNoAxeViolations(page, `admin login, code asked (${lang})`);
      await shot(page, `admin-login-code-${lang}-360`);
      await page.locator('[name=totpCode]').fill(await waitForSignInCode(officer.authenticator!));
      await page.getByRole('button', { name: words.login, exact: true }).click();
      await page.waitForURL(/\/admin\/dashboard(\?|$)/);
      // The refused sign-in is a 401 the browser logs; nothing else.
      expect(consoleErrors.filter((error) => !error.includes('status of 401'))).toEqual([]);
      await page.context().close();
    });

    it(`member links (${lang}): the referral and donate links open in the language of the page they were shared from`, async () => {
      const member = await harness.account({ fullName: 'Sunita Devi' });
      const { page, consoleErrors } = await harness.page({ width: 360, height: 740 });
      await signIn(page, member, 'member');
      await page.goto(`/dashboard?lang=${lang}`);
      await waitForApp(page);
      const referral = new URL(await page.getByTestId('referral-link').inputValue());
      expect(referral.pathname).toBe(`/register/${member.userId}`);
      expect(referral.searchParams.get('lang')).toBe(lang === 'hi' ? 'hi' : null);
      const donate = new URL(await page.getByTestId('donate-link').inputValue());
      expect(donate.pathname).toBe('/donate');
      expect(donate.searchParams.get('ref')).toBe(member.userId);
      expect(donate.searchParams.get('lang')).toBe(lang === 'hi' ? 'hi' : null);
      expect(new URL(await page.getByTestId('whatsapp-share').getAttribute('href') ?? '').searchParams.get('text')).toContain(referral.href);
      await expectNoSideScroll(page, `dashboard links (${lang})`);

      // A friend with no language remembered opens the link in the page's language.
      const friend = await harness.page({ width: 360, height: 740 });
      await friend.page.goto(donate.href);
      await waitForApp(friend.page);
      expect(await friend.page.locator('html').getAttribute('lang')).toBe(lang);
      await friend.page.goto(referral.href);
      await waitForApp(friend.page);
      expect(await friend.page.locator('html').getAttribute('lang')).toBe(lang);
      expect(friend.consoleErrors).toEqual([]);
      await friend.page.context().close();
      expect(consoleErrors).toEqual([]);
      await page.context().close();
    });
  }
});
