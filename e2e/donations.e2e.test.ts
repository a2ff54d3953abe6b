import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base32Decode, totp } from '#server/lib/totp';
import { readOutbox } from '#server/testing/outbox';
import { callProcedure, expectAccessible, expectNoAxeViolations, expectNoSideScroll, signIn, startHarness, tokenFor, waitForApp, type Harness } from './harness.ts';

type Account = Awaited<ReturnType<Harness['account']>>;

/** Screenshots, the downloaded receipt and its first page as PNG land here, to be looked at by a person. */
const SHOTS_DIR = process.env.SAHAY_E2E_SHOTS ?? path.join(os.tmpdir(), 'sahay-e2e-donations');

const HI_MESSAGES = (JSON.parse(fs.readFileSync(new URL('../web/src/i18n/hi/messages.json', import.meta.url), 'utf8')) as { serverMessages: Record<string, string> }).serverMessages;

const PAYMENT_SETTINGS = {
  upiVpa: 'sahayfoundation@sbi',
  upiPayeeName: 'Sahay Foundation',
  // A verified merchant VPA: the pay step offers the tap-to-pay link (issue 33); a later test turns it into a personal one.
  upiIsMerchant: true,
  upiMerchantCode: '8398',
  bankAccountName: 'Sahay Foundation',
  bankAccountNumber: '123456789012',
  bankIfsc: 'SBIN0001234',
  bankName: 'State Bank of India',
  pan: 'AAATS1234F',
  phone: '+91 98765 43210',
};

const REFERENCE = /^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{4}-[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{4}$/;
const SERIAL = /^SAHAY\/\d{4}-\d{2}\/\d{6}$/;


async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage: true });
}

/** The SVG path QrSvg draws for `text` (web/src/ui/qr-svg.tsx): the page's QR code must be exactly this. */
function qrPathOf(text: string): string {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  let d = '';
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) if (modules.get(row, column)) d += `M${column + 4} ${row + 4}h1v1h-1z`;
  }
  return d;
}

/** A photo-like PNG of about 1 MB (noise does not compress): big enough to see the upload progress on a slow line. */
async function screenshotFile(): Promise<string> {
  const file = path.join(SHOTS_DIR, 'payment-screenshot.png');
  const width = 600;
  const height = 560;
  await sharp(crypto.randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toFile(file);
  return file;
}

/** A phone on a slow upload (as many donors are): Chromium's own network throttling. */
async function slowUpload(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 40, downloadThroughput: -1, uploadThroughput: 256 * 1024 });
  return cdp;
}

/**
 * The signature a receipt's QR code carries (scheme 1 of server/src/modules/donations/receipts/receipt-signature.ts),
 * made from the server's own vault: the module does not export its signer, and the test may not
 * import the module's internals. If the scheme changes, the genuine check below fails and says so.
 */
function receiptSignature(harness: Harness, serial: string): string {
  const key = harness.server.services.vault.deriveKey('donation-receipt');
  return `1.${crypto.createHmac('sha256', key).update(`donation-receipt\u00001\u0000${serial}`).digest().subarray(0, 16).toString('base64url')}`;
}

async function counterTarget(page: Page, testId: string): Promise<number> {
  return Number(await page.getByTestId(testId).getAttribute('data-target'));
}

describe('donations in Chromium', () => {
  let harness: Harness;
  let admin: Account;
  let sunita: Account;

  beforeAll(async () => {
    harness = await startHarness();
    fs.mkdirSync(SHOTS_DIR, { recursive: true });
    admin = await harness.account({ role: 'admin', fullName: 'Finance Admin' });
    sunita = await harness.account({ fullName: 'Sunita Devi' });
    const { version } = (await callProcedure(harness, 'site.settings.get')).body.result?.data as { version: number };
    const saved = await callProcedure(harness, 'site.settings.update', { kind: 'mutation', token: await tokenFor(harness, admin), input: { expectedVersion: version, data: PAYMENT_SETTINGS } });
    expect(saved.status).toBe(200);
  });
  afterAll(async () => {
    await harness?.close();
  });

  it(
    'takes ₹1,250 for Kanyadan through a member’s link at 360 px in Hindi: QR and UPI link carry the reference, proof with a screenshot, the admin verifies, the receipt downloads, the referrer and the home counter show it',
    { timeout: 240_000 },
    async () => {
      // The home counters before.
      const home = await harness.page();
      await home.page.goto('/');
      await waitForApp(home.page);
      const fundsBefore = await counterTarget(home.page, 'counter-funds');
      const donorsBefore = await counterTarget(home.page, 'counter-donors');

      // The donor follows Sunita's donate link for Kanyadan, on a phone, in Hindi.
      const donor = await harness.page({ width: 360 });
      await donor.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: harness.url });
      const response = await donor.page.goto(`/donate?ref=${sunita.userId}&cause=kanyadan&lang=hi`);
      expect(response?.status()).toBe(200);
      // Server-rendered with the cause and the referral already filled in.
      const html = (await response?.text()) ?? '';
      expect(html).toContain('दान करें');
      expect(html).toContain(`value="${sunita.userId}"`);
      await waitForApp(donor.page);
      const form = donor.page.getByTestId('donate-form');
      expect(await form.getByLabel('उद्देश्य').inputValue()).toBe('kanyadan');
      expect(await form.getByLabel('रेफ़रल आईडी (ज़रूरी नहीं)').inputValue()).toBe(sunita.userId);
      await expect.poll(() => form.textContent()).toContain('आपका दान Sunita Devi की जुटाई गई राशि में गिना जाएगा।');
      expect(await form.getByLabel('पारदर्शिता पेज पर मेरा नाम दिखाएँ').isChecked()).toBe(false);
      await expectNoSideScroll(donor.page, '/donate (hi, 360 px)');
      await expectNoAxeViolations(donor.page, '/donate (hi, 360 px)');
      await shot(donor.page, 'donate-hi-360');

      // A preset fills the amount; the donor types another one. Missing name: the error sits beside the field.
      await form.getByRole('radio', { name: '₹2,000' }).check();
      expect(await form.getByLabel('राशि (₹)').inputValue()).toBe('2000');
      await form.getByLabel('राशि (₹)').fill('1,250');
      const email = `donor.${crypto.randomBytes(4).toString('hex')}@example.org`;
      await form.getByLabel('ई-मेल').fill(email);
      await form.getByLabel('पैन', { exact: true }).fill('abcde1234f');
      // The citizenship question is required on the form: unanswered, it is the first field with an error.
      await form.getByRole('button', { name: 'आगे: भुगतान करें' }).click();
      await expect.poll(() => donor.page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('citizenship');
      expect(await form.getByTestId('citizenship').textContent()).toContain('बताएँ कि आप भारतीय नागरिक हैं या नहीं।');
      await form.getByLabel('हाँ, भारतीय नागरिक').check();
      await form.getByRole('button', { name: 'आगे: भुगतान करें' }).click();
      const name = form.getByLabel('आपका नाम');
      await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
      expect(await donor.page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('donorName');
      // The schema's message in Hindi: the server messages' translations came with the form, not the page.
      expect(await form.textContent()).toContain(HI_MESSAGES['Enter the donor’s name']);
      await expectNoAxeViolations(donor.page, '/donate with a field error (hi, 360 px)');
      await name.fill('Meera Sharma');
      await form.getByRole('button', { name: 'आगे: भुगतान करें' }).click();

      // The pay step: the reference, the UPI link and QR code carrying it, the bank details, Copy buttons.
      const pay = donor.page.getByTestId('pay-step');
      await expect.poll(() => pay.count(), { timeout: 15_000 }).toBe(1);
      const reference = ((await donor.page.getByTestId('donation-reference').textContent()) ?? '').trim();
      expect(reference).toMatch(REFERENCE);
      const compact = reference.replace('-', '');
      expect(await donor.page.evaluate(() => document.activeElement?.id)).toBe('pay-heading');
      expect(await donor.page.getByRole('heading', { level: 2, name: '₹1,250 का भुगतान करें' }).count()).toBe(1);
      const upiLink = `upi://pay?pa=sahayfoundation@sbi&pn=Sahay%20Foundation&mc=8398&am=1250.00&cu=INR&tn=Donation%20${reference}&tr=${compact}`;
      expect(await donor.page.getByTestId('upi-link').getAttribute('href')).toBe(upiLink);
      const qrPath = donor.page.getByTestId('upi-qr').locator('path');
      await expect.poll(() => qrPath.getAttribute('d')).toBe(qrPathOf(upiLink));
      expect(await donor.page.getByTestId('upi-qr').getByRole('img').getAttribute('aria-label')).toContain(reference);
      expect(await donor.page.getByTestId('copy-account-number').inputValue()).toBe('123456789012');
      expect(await donor.page.getByTestId('copy-ifsc').inputValue()).toBe('SBIN0001234');
      expect(await pay.textContent()).toContain(`रिमार्क में ${reference} लिखें`);
      await donor.page.getByRole('button', { name: 'कॉपी करें दान की संदर्भ संख्या' }).click();
      await expect.poll(() => donor.page.getByTestId('copy-status').textContent()).toBe('कॉपी हो गया: दान की संदर्भ संख्या');
      expect(await donor.page.evaluate(() => navigator.clipboard.readText())).toBe(reference);
      await donor.page.getByRole('button', { name: 'कॉपी करें आईएफ़एससी (IFSC)' }).click();
      expect(await donor.page.evaluate(() => navigator.clipboard.readText())).toBe('SBIN0001234');
      await expectNoSideScroll(donor.page, 'pay step (hi, 360 px)');
      await expectNoAxeViolations(donor.page, 'pay step (hi, 360 px)');
      await shot(donor.page, 'donate-pay-hi-360');

      // The proof: a bad UTR is refused beside the field; then the UTR and a screenshot, sent on a slow line with a progress bar.
      const proof = donor.page.getByTestId('proof-form');
      const utr = proof.getByLabel('यूटीआर (बैंक संदर्भ नंबर)');
      await utr.fill('12345');
      await proof.getByRole('button', { name: 'भुगतान का ब्योरा भेजें' }).click();
      await expect.poll(() => utr.getAttribute('aria-invalid')).toBe('true');
      await utr.fill('412345678901');
      expect(await donor.page.getByTestId('utr-kind').textContent()).toBe('यह यूपीआई या IMPS का संदर्भ नंबर है (12 अंक)।');
      await proof.getByLabel('भुगतान का स्क्रीनशॉट (ज़रूरी नहीं)').setInputFiles(await screenshotFile());
      const cdp = await slowUpload(donor.page);
      await proof.getByRole('button', { name: 'भुगतान का ब्योरा भेजें' }).click();
      const progress = donor.page.getByTestId('proof-progress');
      await expect.poll(() => progress.evaluate((bar) => (bar as HTMLProgressElement).value), { timeout: 10_000 }).toBeGreaterThan(0);
      const midway = await progress.evaluate((bar) => (bar as HTMLProgressElement).value).catch(() => 100);
      expect(midway).toBeLessThan(100);
      await expect.poll(() => donor.page.getByTestId('proof-sent').count(), { timeout: 30_000 }).toBe(1);
      await cdp.detach();
      expect(await donor.page.getByTestId('proof-sent').textContent()).toContain('धन्यवाद! आपके भुगतान का ब्योरा हमें मिल गया है।');
      await donor.page.getByTestId('see-status').click();
      await donor.page.waitForURL('**/donate/status?**');
      await expect.poll(() => donor.page.getByTestId('donation-state').textContent()).toBe('भुगतान का ब्योरा मिला — जाँच जारी है');

      // The finance admin finds it in the queue, sees the screenshot and the UTR, and verifies it.
      const office = await harness.page({ width: 360 });
      await signIn(office.page, admin, 'admin');
      await office.page.getByRole('link', { name: 'Donations', exact: true }).click();
      await office.page.waitForURL('**/admin/donations');
      const queue = office.page.getByTestId('donations-queue');
      await expect.poll(() => queue.textContent()).toContain(reference);
      expect(await queue.textContent()).toContain('412345678901');
      await expectNoSideScroll(office.page, 'admin donations (360 px)');
      await expectAccessible(office.page, 'admin donations (360 px)');
      await shot(office.page, 'admin-donations-en-360');
      await queue.getByRole('link', { name: reference }).click();
      await office.page.waitForURL(`**/admin/donations/${compact}`);
      await expect.poll(() => office.page.getByTestId('donor-name').textContent()).toBe('Meera Sharma');
      expect(await office.page.getByTestId('donation-utr').textContent()).toContain('412345678901');
      expect(await office.page.getByTestId('donation-amount').textContent()).toBe('₹1,250');
      // The screenshot comes through the finance-only route once the job has re-encoded it.
      await expect
        .poll(
          async () => {
            await office.page.reload();
            return office.page.getByTestId('proof-screenshot').evaluate((image) => (image as HTMLImageElement).naturalWidth).catch(() => 0);
          },
          { timeout: 30_000, interval: 1000 },
        )
        .toBe(600);
      const screenshotUrl = (await office.page.getByTestId('proof-screenshot').getAttribute('src')) ?? '';
      expect((await fetch(`${harness.url}${screenshotUrl}`)).status).toBe(401);
      await expectNoSideScroll(office.page, 'admin donation detail (360 px)');
      await expectAccessible(office.page, 'admin donation detail (360 px)');
      await shot(office.page, 'admin-donation-detail-en-360');
      const verify = office.page.getByTestId('verify-form');
      expect(await verify.getByLabel('Mode').inputValue()).toBe('upi');
      await verify.getByRole('button', { name: 'Verify and issue the receipt' }).click();
      await expect.poll(() => office.page.getByTestId('donation-status').textContent()).toBe('Verified');
      const serial = ((await office.page.getByTestId('donation-receipt').locator('.mono').textContent()) ?? '').trim();
      expect(serial).toMatch(SERIAL);

      // A second pledge claiming the same UTR: the admin gets a conflict naming the donation that holds it.
      const second = await callProcedure(harness, 'donations.create', {
        kind: 'mutation',
        input: { amountPaise: 1_250_00, cause: 'general', donorName: 'Someone Else', email: 'someone.else@example.org', showName: false },
      });
      const secondReference = (second.body.result?.data as { reference: string }).reference;
      const secondProof = await callProcedure(harness, 'donations.submitProof', { kind: 'mutation', input: { reference: secondReference, contact: 'someone.else@example.org', utr: '412345678901' } });
      expect(secondProof.status).toBe(200);
      await office.page.goto(`/admin/donations/${secondReference}`);
      await office.page.getByTestId('verify-form').getByRole('button', { name: 'Verify and issue the receipt' }).click();
      await expect.poll(() => office.page.getByTestId('verify-form').getByRole('alert').textContent()).toContain(`This UTR already verified donation ${reference}.`);
      expect(await office.page.getByTestId('donation-status').textContent()).toBe('Proof received — being checked');
      await expectAccessible(office.page, 'admin verify conflict (360 px)');
      await office.page.context().close();

      // The donor's status page: a wrong pair gets the one plain answer; the right pair shows Verified and the receipt.
      await donor.page.goto('/donate/status?lang=hi');
      await waitForApp(donor.page);
      const lookup = donor.page.getByTestId('status-form');
      // The donation pledged on this phone is filled in, and the hint says where it came from (issue 32).
      await expect.poll(() => lookup.getByLabel('दान की संदर्भ संख्या').inputValue()).toBe(reference);
      expect(await lookup.textContent()).toContain('इस डिवाइस पर आपके पिछले दान का संदर्भ भरा गया है।');
      await lookup.getByLabel('दान की संदर्भ संख्या').fill(reference.toLowerCase());
      await lookup.getByLabel('ई-मेल या मोबाइल नंबर').fill('someone.else@example.org');
      await lookup.getByRole('button', { name: 'देखें' }).click();
      const noMatch = HI_MESSAGES['No donation matches this reference and contact.'];
      expect(noMatch, 'Hindi for the wrong-pair message in messages.json').toMatch(/[\u0900-\u097F]/);
      await expect.poll(() => lookup.getByRole('alert').textContent()).toContain(noMatch);
      await expectNoAxeViolations(donor.page, '/donate/status wrong pair (hi, 360 px)');
      await lookup.getByLabel('ई-मेल या मोबाइल नंबर').fill(email.toUpperCase());
      await lookup.getByRole('button', { name: 'देखें' }).click();
      await expect.poll(() => donor.page.getByTestId('donation-state').textContent()).toBe('सत्यापित');
      expect(await donor.page.getByTestId('receipt-serial').textContent()).toBe(serial);
      // The receipt is drawn by a job: the page says so and asks again until it is ready.
      await expect
        .poll(
          async () => {
            if ((await donor.page.getByTestId('receipt-download').count()) === 0) await donor.page.getByTestId('receipt-refresh').click();
            return donor.page.getByTestId('receipt-download').count();
          },
          { timeout: 60_000, interval: 1500 },
        )
        .toBe(1);
      await expectNoSideScroll(donor.page, '/donate/status verified (hi, 360 px)');
      await expectNoAxeViolations(donor.page, '/donate/status verified (hi, 360 px)');
      await shot(donor.page, 'donate-status-verified-hi-360');
      const [download] = await Promise.all([donor.page.waitForEvent('download', { timeout: 20_000 }), donor.page.getByTestId('receipt-download').click()]);
      const pdfFile = path.join(SHOTS_DIR, 'receipt.pdf');
      await download.saveAs(pdfFile);
      const pdf = fs.readFileSync(pdfFile);
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // Its first page as a picture (poppler), for a person to look at, and its size checked: A4 at 100 dpi.
      execFileSync('pdftoppm', ['-png', '-r', '100', '-f', '1', '-l', '1', '-singlefile', pdfFile, path.join(SHOTS_DIR, 'receipt-page-1')]);
      const page1 = await sharp(path.join(SHOTS_DIR, 'receipt-page-1.png')).metadata();
      expect({ format: page1.format, width: page1.width, height: page1.height }).toEqual({ format: 'png', width: 827, height: 1170 });
      expect(donor.consoleErrors.filter((text) => !/status of (400|404)/.test(text))).toEqual([]);
      await donor.page.context().close();

      // The public check behind the receipt's QR code.
      const visitor = await harness.page({ width: 360 });
      // The link printed under the QR code (the QR's own text, checked module for module in receipt-pdf.test.ts).
      const pdfText = execFileSync('pdftotext', ['-layout', pdfFile, '-'], { encoding: 'utf8' });
      const checkUrl = pdfText.match(/http:\/\/127\.0\.0\.1:\d+\/donate\/receipt\/\S+/)?.[0] ?? '';
      expect(checkUrl).toBe(`${harness.url}/donate/receipt/${encodeURIComponent(serial)}?s=${encodeURIComponent(receiptSignature(harness, serial))}`);
      await visitor.page.goto(`${checkUrl}&lang=hi`);
      await waitForApp(visitor.page);
      await expect.poll(() => visitor.page.getByTestId('receipt-check').textContent()).toContain('असली रसीद');
      expect(await visitor.page.getByTestId('receipt-check').textContent()).toContain('₹1,250');
      expect(await visitor.page.getByTestId('receipt-check').textContent()).not.toContain('Meera');
      await expectNoSideScroll(visitor.page, 'receipt check (hi, 360 px)');
      await expectNoAxeViolations(visitor.page, 'receipt check (hi, 360 px)');
      await shot(visitor.page, 'receipt-check-hi-360');
      await visitor.page.goto(`/donate/receipt/${encodeURIComponent(serial)}?s=${encodeURIComponent('1.AAAAAAAAAAAAAAAAAAAAAA')}`);
      await waitForApp(visitor.page);
      await expect.poll(() => visitor.page.getByTestId('receipt-check').textContent()).toContain('यह रसीद असली नहीं है');
      await visitor.page.context().close();

      // The referrer's dashboard: ₹1,250 raised through her link.
      const referrer = await harness.page({ width: 360 });
      await signIn(referrer.page, sunita, 'member');
      await expect
        .poll(
          async () => {
            await referrer.page.reload();
            return referrer.page.getByTestId('impact-funds-raised').textContent();
          },
          { timeout: 30_000, interval: 1000 },
        )
        .toBe('₹1,250');
      await referrer.page.context().close();

      // The home counters rose by the gift and its donor.
      await expect
        .poll(
          async () => {
            await home.page.reload();
            await waitForApp(home.page);
            return [(await counterTarget(home.page, 'counter-funds')) - fundsBefore, (await counterTarget(home.page, 'counter-donors')) - donorsBefore];
          },
          { timeout: 30_000, interval: 1000 },
        )
        .toEqual([1_250_00, 1]);
      await home.page.context().close();
    },
  );

  it('prefills a signed-in member’s name and contact, lists the gift under My donations with its receipt, and names the bank account for gifts above ₹10,00,000', { timeout: 120_000 }, async () => {
    const mohan = await harness.account({ fullName: 'Mohan Lal' });
    const { page, consoleErrors } = await harness.page({ width: 360 });
    await signIn(page, mohan, 'member');
    await page.goto('/donate');
    await waitForApp(page);
    const form = page.getByTestId('donate-form');
    await expect.poll(() => form.getByLabel('Your name').inputValue()).toBe('Mohan Lal');
    expect(await form.getByLabel('E-mail').inputValue()).toBe(mohan.email);
    expect(await form.getByLabel('Mobile number').inputValue()).toBe('9876543210');

    // Above the online limit: said at once, and the server's answer names the bank account.
    await form.getByLabel('Yes, an Indian citizen').check();
    await form.getByLabel('Amount (₹)').fill('15,00,000');
    await expect.poll(() => page.getByTestId('large-gift').textContent()).toContain('Gifts above ₹10,00,000 cannot be made online.');
    await form.getByRole('button', { name: 'Continue to payment' }).click();
    await expect.poll(() => form.textContent()).toContain('account 123456789012, IFSC SBIN0001234');
    expect(await form.getByLabel('Amount (₹)').getAttribute('aria-invalid')).toBe('true');

    await form.getByRole('radio', { name: '₹500' }).check();
    await form.getByRole('button', { name: 'Continue to payment' }).click();
    await expect.poll(() => page.getByTestId('donation-reference').count(), { timeout: 15_000 }).toBe(1);
    const reference = ((await page.getByTestId('donation-reference').textContent()) ?? '').trim();
    await page.getByTestId('proof-form').getByLabel('UTR (bank reference)').fill('SBIN426123456789');
    expect(await page.getByTestId('utr-kind').textContent()).toBe('This is a NEFT or RTGS reference.');
    await page.getByTestId('proof-form').getByRole('button', { name: 'Send the payment details' }).click();
    await expect.poll(() => page.getByTestId('proof-sent').count()).toBe(1);

    const token = await tokenFor(harness, admin);
    const verified = await callProcedure(harness, 'donations.admin.verify', {
      kind: 'mutation',
      token,
      input: { reference, receivedOn: new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date()), mode: 'bank-transfer' },
    });
    expect(verified.status).toBe(200);

    await page.goto('/dashboard');
    const mine = page.getByTestId('my-donations-table');
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.waitForSelector('[data-testid="my-donations-table"]');
          return mine.getByRole('link').count();
        },
        { timeout: 60_000, interval: 1500 },
      )
      .toBe(1);
    expect(await mine.textContent()).toContain('₹500');
    expect(await mine.textContent()).toContain('Verified');
    expect(await page.getByTestId('donate-link').inputValue()).toBe(`${harness.url}/donate?ref=${mohan.userId}`);
    await expectNoSideScroll(page, 'dashboard with My donations (360 px)');
    await expectAccessible(page, 'dashboard with My donations (360 px)');
    await shot(page, 'dashboard-my-donations-en-360');
    const receiptUrl = (await mine.getByRole('link').getAttribute('href')) ?? '';
    const receipt = await page.evaluate(async (url) => {
      const answer = await fetch(url);
      return { status: answer.status, type: answer.headers.get('content-type') };
    }, receiptUrl);
    expect(receipt).toEqual({ status: 200, type: 'application/pdf' });
    await page.goto('/dashboard?lang=hi');
    await expect.poll(() => page.getByRole('heading', { name: 'मेरे दान' }).count()).toBe(1);
    await expectNoSideScroll(page, 'dashboard with My donations (hi, 360 px)');
    await shot(page, 'dashboard-my-donations-hi-360');
    expect(consoleErrors.filter((text) => !/status of 400/.test(text))).toEqual([]);
    await page.context().close();
  });

  it('lets a finance admin filter the queue, reject a pledge with a reason the donor sees, record an office gift and cancel it', { timeout: 120_000 }, async () => {
    const pledge = await callProcedure(harness, 'donations.create', {
      kind: 'mutation',
      input: { amountPaise: 777_00, cause: 'medical', donorName: 'Ravi Verma', phone: '9812345678', showName: false },
    });
    const reference = (pledge.body.result?.data as { reference: string }).reference;

    const { page, consoleErrors } = await harness.page({ width: 360 });
    await signIn(page, admin, 'admin');
    await page.goto('/admin/donations?status=awaiting_payment');
    const filters = page.getByTestId('donation-filters');
    await filters.getByLabel('Cause').selectOption('medical');
    await filters.getByLabel('PAN').selectOption('no');
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL('**/admin/donations?status=awaiting_payment&cause=medical&pan=no');
    await expect.poll(() => page.getByTestId('donations-queue').textContent()).toContain(reference);
    await filters.getByLabel('PAN').selectOption('yes');
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => page.getByTestId('donations-empty').count()).toBe(1);

    await page.goto(`/admin/donations/${reference}`);
    const reject = page.getByTestId('reject-form');
    await reject.getByLabel('Reason').fill('no');
    await reject.getByRole('button', { name: 'Reject' }).click();
    await expect.poll(() => reject.textContent()).toContain('Give a reason of at least 3 characters');
    await reject.getByLabel('Reason').fill('No such credit in the bank statement');
    await reject.getByRole('button', { name: 'Reject' }).click();
    await expect.poll(() => page.getByTestId('donation-status').textContent()).toBe('Rejected');
    expect(await page.getByTestId('donation-history').textContent()).toContain('Rejected');

    // The donor sees the reason.
    const status = await callProcedure(harness, 'donations.getStatus', { input: { reference, contact: '98123 45678' } });
    expect(status.body.result?.data).toMatchObject({ status: 'rejected', reason: 'No such credit in the bank statement' });

    // An office gift in cash above ₹2,000: recorded, with the note about the deduction.
    await page.goto('/admin/donations');
    await page.getByRole('link', { name: 'Record an offline donation' }).click();
    await page.waitForURL('**/admin/donations/offline');
    const offline = page.getByTestId('offline-form');
    await offline.getByLabel('Amount (₹)').fill('5000');
    await expect.poll(() => offline.textContent()).toContain('cannot be claimed as a tax deduction');
    await offline.getByLabel('Donor’s name').fill('Kamla Devi');
    await offline.getByLabel('Yes, an Indian citizen').check();
    await offline.getByLabel('Mobile number').fill('9123456780');
    await offline.getByRole('button', { name: 'Record and issue the receipt' }).click();
    await expect.poll(() => page.getByTestId('offline-recorded').textContent()).toMatch(/Receipt SAHAY\/\d{4}-\d{2}\/\d{6} issued/);
    await expectNoSideScroll(page, 'offline donation (360 px)');
    await expectAccessible(page, 'offline donation (360 px)');
    await shot(page, 'admin-offline-en-360');
    await page.getByRole('link', { name: 'Open the donation' }).click();
    await expect.poll(() => page.getByTestId('donation-status').textContent()).toBe('Verified');
    const cancel = page.getByTestId('cancel-form');
    await cancel.getByLabel('Reason').fill('Entered twice by mistake');
    await cancel.getByRole('button', { name: 'Cancel the donation' }).click();
    await expect.poll(() => page.getByTestId('donation-status').textContent()).toBe('Cancelled');
    await page.goto(`${new URL(page.url()).pathname}?lang=hi`);
    await expect.poll(() => page.getByTestId('donation-status').textContent()).toBe('रद्द');
    await expectNoSideScroll(page, 'admin donation detail (hi, 360 px)');
    await shot(page, 'admin-donation-detail-hi-360');
    await page.goto('/admin/donations?status=all&lang=hi');
    await expect.poll(() => page.getByTestId('donations-queue').count()).toBe(1);
    await expectNoSideScroll(page, 'admin donations (hi, 360 px)');
    await shot(page, 'admin-donations-hi-360');
    await page.goto('/admin/donations/offline?lang=hi');
    await expect.poll(() => page.getByTestId('offline-form').count()).toBe(1);
    await shot(page, 'admin-offline-hi-360');
    expect(consoleErrors.filter((text) => !/status of 400/.test(text))).toEqual([]);
    await page.context().close();
  });

  it('counts a donor’s proof in a finance admin’s dashboard queue within 10 s, without a reload', { timeout: 90_000 }, async () => {
    const cashier = await harness.account({ role: 'admin', permissions: ['finance'], fullName: 'Queue Cashier' });
    const { page, consoleErrors } = await harness.page({ width: 360 });
    await signIn(page, cashier, 'admin');
    await page.goto('/admin/dashboard');
    const count = page.getByTestId('queue-count-donationsToVerify');
    await expect.poll(() => count.count()).toBe(1);
    const before = Number((await count.textContent())!.replaceAll(',', ''));
    // Only finance's queues: no Kanyadan verification, no contact messages.
    expect(await page.getByTestId('queue-count-contactMessages').count()).toBe(0);
    expect(await page.getByTestId('queue-count-kanyadanToVerify').count()).toBe(0);
    // A mark on the document a reload would wipe.
    await page.evaluate(() => (document.documentElement.dataset.notReloaded = 'yes'));

    const email = 'queue.donor@example.org';
    const pledge = await callProcedure(harness, 'donations.create', {
      kind: 'mutation',
      input: { amountPaise: 901_00, cause: 'general', donorName: 'Queue Donor', email, showName: false },
    });
    const reference = (pledge.body.result?.data as { reference: string }).reference;
    const proof = await callProcedure(harness, 'donations.submitProof', { kind: 'mutation', input: { reference, contact: email, utr: '512345678903' } });
    expect(proof.status).toBe(200);
    // The 10 s refresh, and a little for a busy machine.
    await expect.poll(async () => Number((await count.textContent())!.replaceAll(',', '')), { timeout: 12_000, interval: 250 }).toBe(before + 1);
    expect(await page.evaluate(() => document.documentElement.dataset.notReloaded)).toBe('yes');

    await expectNoSideScroll(page, 'admin dashboard queues (360 px)');
    await expectAccessible(page, 'admin dashboard queues (360 px)');
    await shot(page, 'admin-dashboard-queues-en-360');
    await page.getByTestId('staff-queues').getByRole('link', { name: /Donations to verify/ }).click();
    await page.waitForURL('**/admin/donations?status=proof_received');
    await expect.poll(() => page.getByTestId('donations-queue').textContent()).toContain(reference);
    await page.goto('/admin/dashboard?lang=hi');
    await expect.poll(() => page.getByTestId('staff-queues').textContent()).toContain('सत्यापन के लिए दान');
    await expectNoSideScroll(page, 'admin dashboard queues (hi, 360 px)');
    await shot(page, 'admin-dashboard-queues-hi-360');
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });

  it('a super-admin invites a finance clerk by e-mail, who sets a password and two-factor sign-in at 360 px and then verifies a donation', { timeout: 150_000 }, async () => {
    // The super-admin invites from the console.
    const office = await harness.page();
    await signIn(office.page, admin, 'admin');
    await office.page.getByRole('link', { name: 'Staff invitations', exact: true }).click();
    await office.page.waitForURL('**/admin/staff');
    const email = `clerk.${crypto.randomBytes(4).toString('hex')}@example.org`;
    await office.page.getByLabel('Full name').fill('Kavita Rao');
    await office.page.getByLabel('E-mail').fill(email);
    await office.page.getByRole('button', { name: 'Send the invitation' }).click();
    await expect.poll(() => office.page.locator('#invite-permissions-error').textContent()).toContain('Choose at least one permission.');
    await office.page.getByLabel(/^Finance/).check();
    await office.page.getByRole('button', { name: 'Send the invitation' }).click();
    await expect.poll(() => office.page.getByRole('status').filter({ hasText: 'The invitation is on its way' }).count()).toBe(1);
    await expect.poll(() => office.page.getByTestId('staff-invitations').textContent()).toContain('Kavita Rao');
    await expectAccessible(office.page, 'staff invitations');

    // The link from the e-mail (the embedded mailer's outbox).
    const invitationLink = () =>
      readOutbox(harness.dataDir)
        .filter((mail) => mail.text.includes(`To: ${email}`))
        .map((mail) => /http:\/\/127\.0\.0\.1:\d+\/staff-invitation\?token=[A-Za-z0-9_.%-]+/.exec(mail.text)?.[0])
        .find(Boolean) ?? null;
    await expect.poll(invitationLink, { timeout: 20_000 }).not.toBeNull();
    const link = invitationLink()!;

    // The clerk, on a phone: password (typed twice), mobile, then two-factor set-up.
    const clerk = await harness.page({ width: 360 });
    await clerk.page.goto(link);
    await expect.poll(() => clerk.page.getByRole('heading', { name: 'Join the Sahay Foundation staff' }).count()).toBe(1);
    await expect.poll(() => clerk.page.getByText('Welcome, Kavita Rao.').count()).toBe(1);
    await expectNoSideScroll(clerk.page, 'staff invitation (360 px)');
    await expectAccessible(clerk.page, 'staff invitation (360 px)');
    await shot(clerk.page, 'staff-invitation-en-360');
    await clerk.page.getByLabel('Choose a password').fill('kavita clerk password');
    await clerk.page.getByLabel('Type the password again').fill('kavita clerk passwort');
    await clerk.page.getByLabel('Mobile number').fill('98765 12345');
    await clerk.page.getByRole('button', { name: 'Create my staff account' }).click();
    await expect.poll(() => clerk.page.getByText('The two passwords are not the same.').count()).toBe(1);
    await clerk.page.getByLabel('Type the password again').fill('kavita clerk password');
    await clerk.page.getByRole('button', { name: 'Create my staff account' }).click();
    await expect.poll(() => clerk.page.getByTestId('new-user-id').textContent()).toMatch(/^SH\d{7}$/);
    await shot(clerk.page, 'staff-invitation-ready-en-360');
    await clerk.page.getByRole('link', { name: 'Set up two-factor sign-in' }).click();
    await clerk.page.waitForURL('**/admin/security');
    await clerk.page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await expect.poll(() => clerk.page.getByTestId('totp-secret').isVisible()).toBe(true);
    const secret = base32Decode((await clerk.page.getByTestId('totp-secret').textContent()) ?? '');
    await clerk.page.getByLabel('Code from your authenticator app').fill(totp(secret, new Date()));
    await clerk.page.getByRole('button', { name: 'Turn on' }).click();
    await expect.poll(() => clerk.page.getByTestId('totp-status').textContent()).toContain('On since');

    // A donor's proof waits; the clerk verifies it.
    const donorEmail = 'invited.clerk.donor@example.org';
    const pledge = await callProcedure(harness, 'donations.create', {
      kind: 'mutation',
      input: { amountPaise: 2_100_00, cause: 'general', donorName: 'Clerk Donor', email: donorEmail, showName: false },
    });
    const reference = (pledge.body.result?.data as { reference: string }).reference;
    expect((await callProcedure(harness, 'donations.submitProof', { kind: 'mutation', input: { reference, contact: donorEmail, utr: '612345678905' } })).status).toBe(200);
    await clerk.page.goto('/admin/donations');
    const queue = clerk.page.getByTestId('donations-queue');
    await expect.poll(() => queue.textContent()).toContain(reference);
    await queue.getByRole('link', { name: reference }).click();
    await clerk.page.getByTestId('verify-form').getByRole('button', { name: 'Verify and issue the receipt' }).click();
    await expect.poll(() => clerk.page.getByTestId('donation-status').textContent()).toBe('Verified');
    await expectNoSideScroll(clerk.page, 'donation verified by the invited clerk (360 px)');

    // The invitation is used: the super-admin's list says who joined; the link works no more.
    await office.page.reload();
    await expect.poll(() => office.page.getByTestId('staff-invitations').textContent()).toContain('Joined on');
    await office.page.setViewportSize({ width: 360, height: 780 });
    await office.page.goto('/admin/staff?lang=hi');
    await expect.poll(() => office.page.getByTestId('staff-invitations').textContent()).toContain('को जुड़े');
    await expectNoSideScroll(office.page, 'staff invitations (hi, 360 px)');
    await expectAccessible(office.page, 'staff invitations (hi, 360 px)');
    await shot(office.page, 'staff-invitations-hi-360');
    const again = await harness.page();
    await again.page.goto(link);
    await expect.poll(() => again.page.getByRole('alert').first().textContent()).toContain('This invitation has already been used.');
    expect(clerk.consoleErrors.filter((text) => !/status of 400/.test(text)), JSON.stringify(clerk.consoleErrors)).toEqual([]);
    expect(again.consoleErrors.filter((text) => !/status of 409/.test(text))).toEqual([]);
    for (const opened of [office, clerk, again]) await opened.page.context().close();
  });

  it('offers a personal UPI ID as a QR to scan and steps to type it, with no tap-to-pay link, and no UPI above its limit on one payment (English and Hindi, 360 px)', { timeout: 120_000 }, async () => {
    // First, as set in beforeAll, a verified merchant VPA: the tap-to-pay link with its mc code, in English at 360 px too (the Kanyadan donor saw it in Hindi).
    {
      const { page, consoleErrors } = await harness.page({ width: 360 });
      await page.goto('/donate?lang=en');
      await waitForApp(page);
      const form = page.getByTestId('donate-form');
      await form.locator('[name=amount]').fill('1500');
      await form.getByLabel('Your name').fill('Ravi Kumar');
      await form.locator('[name=phone]').fill('9812345672');
      await form.locator('[name=citizenship][value=indian]').check();
      await form.getByRole('button', { name: 'Continue to payment' }).click();
      await page.getByTestId('pay-step').waitFor({ timeout: 15_000 });
      const reference = ((await page.getByTestId('donation-reference').textContent()) ?? '').trim();
      const link = `upi://pay?pa=sahayfoundation@sbi&pn=Sahay%20Foundation&mc=8398&am=1500.00&cu=INR&tn=Donation%20${reference}&tr=${reference.replace('-', '')}`;
      expect(await page.getByTestId('upi-link').getAttribute('href')).toBe(link);
      expect(await page.getByTestId('upi-link').textContent()).toContain('₹1,500');
      expect(await page.getByTestId('upi-steps').count()).toBe(0);
      await expectNoSideScroll(page, 'pay step, merchant VPA (en, 360 px)');
      await expectNoAxeViolations(page, 'pay step, merchant VPA (en, 360 px)');
      await shot(page, 'donate-pay-merchant-vpa-en-360');
      expect(consoleErrors).toEqual([]);
      await page.context().close();
    }
    // Finance marks the UPI ID as a personal one and lowers the limit on one payment to ₹50,000.
    const { version } = (await callProcedure(harness, 'site.settings.get')).body.result?.data as { version: number };
    const saved = await callProcedure(harness, 'site.settings.update', {
      kind: 'mutation',
      token: await tokenFor(harness, admin),
      input: { expectedVersion: version, data: { upiIsMerchant: false, upiMerchantCode: '', upiPerPaymentCapPaise: 50_000_00 } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const { page, consoleErrors } = await harness.page({ width: 360 });
    const texts = {
      en: { name: 'Your name', submit: 'Continue to payment', steps: 'Type sahayfoundation@sbi and check that the name shown is Sahay Foundation.', cap: 'UPI takes at most ₹50,000 in one payment: please pay this amount by bank transfer.' },
      hi: { name: 'आपका नाम', submit: 'आगे: भुगतान करें', steps: 'sahayfoundation@sbi टाइप करें और देखें कि दिखने वाला नाम Sahay Foundation है।', cap: 'यूपीआई से एक बार में अधिकतम ₹50,000 दिए जा सकते हैं: कृपया यह राशि बैंक ट्रांसफ़र से दें।' },
    } as const;
    for (const [lang, amount] of [
      ['en', '1500'],
      ['hi', '2500'],
      ['en', '60000'],
    ] as const) {
      await page.goto(`/donate?lang=${lang}`);
      await waitForApp(page);
      const form = page.getByTestId('donate-form');
      await form.locator('[name=amount]').fill(amount);
      await form.getByLabel(texts[lang].name).fill('Ravi Kumar');
      await form.locator('[name=phone]').fill('9812345672');
      await form.locator('[name=citizenship][value=indian]').check();
      await form.getByRole('button', { name: texts[lang].submit }).click();
      await page.getByTestId('pay-step').waitFor({ timeout: 15_000 });
      const reference = ((await page.getByTestId('donation-reference').textContent()) ?? '').trim();
      expect(await page.getByTestId('upi-link').count()).toBe(0);
      if (amount === '60000') {
        // Above the limit: no QR, no UPI ID; the bank account, and why.
        expect(await page.getByTestId('upi-section').count()).toBe(0);
        expect(await page.getByTestId('upi-above-cap').textContent()).toBe(texts[lang].cap);
        expect(await page.getByTestId('copy-account-number').inputValue()).toBe('123456789012');
      } else {
        const qrText = await page.getByTestId('upi-qr').getAttribute('data-qr-text');
        expect(qrText).toBe(`upi://pay?pa=sahayfoundation@sbi&pn=Sahay%20Foundation&am=${amount}.00&cu=INR&tn=Donation%20${reference}&tr=${reference.replace('-', '')}`);
        await expect.poll(() => page.getByTestId('upi-qr').locator('path').getAttribute('d')).toBe(qrPathOf(qrText!));
        const steps = await page.getByTestId('upi-steps').locator('li').allTextContents();
        expect(steps).toHaveLength(4);
        expect(steps[1]).toBe(texts[lang].steps);
        expect(steps[3]).toContain(reference);
        expect(await page.getByTestId('copy-vpa').inputValue()).toBe('sahayfoundation@sbi');
      }
      await expectNoSideScroll(page, `pay step, personal UPI ID, ₹${amount} (${lang}, 360 px)`);
      await expectNoAxeViolations(page, `pay step, personal UPI ID, ₹${amount} (${lang}, 360 px)`);
      await shot(page, `donate-pay-personal-vpa-${amount}-${lang}-360`);
    }
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });

  it('shows the public donation pages in English at 360 px too, with no axe violation', async () => {
    const { page, consoleErrors } = await harness.page({ width: 360 });
    for (const [pathname, name] of [
      ['/donate?lang=en', 'donate-en-360'],
      ['/donate/status?lang=en', 'donate-status-en-360'],
    ] as const) {
      await page.goto(pathname);
      await waitForApp(page);
      await expectNoSideScroll(page, pathname);
      await expectNoAxeViolations(page, pathname);
      await shot(page, name);
    }
    await page.goto('/donate/status?lang=hi');
    await waitForApp(page);
    await shot(page, 'donate-status-hi-360');
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });
});
