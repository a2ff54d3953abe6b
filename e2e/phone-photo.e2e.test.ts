import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phonePhoto } from '#server/uploads/phone-photo.test-helper';
import { startHarness, waitForApp, type Harness } from './harness.ts';

declare global {
  interface Window {
    /** Every file the page put in a form it sent (the test's own recorder). */
    __sentFiles?: Array<{ name: string; file: Blob }>;
  }
}

const SHOTS_DIR = process.env.SAHAY_E2E_SHOTS ?? path.join(os.tmpdir(), 'sahay-e2e-phone-photo');
const FIVE_MB = 5 * 1024 * 1024;

/** YYYY-MM-DD, `years` whole years before today in India. */
function yearsAgo(years: number): string {
  const today = new Date(Date.now() + 330 * 60_000);
  today.setUTCFullYear(today.getUTCFullYear() - years);
  today.setUTCDate(today.getUTCDate() - 10);
  return today.toISOString().slice(0, 10);
}

/**
 * Issue 29: a father sends the Kanyadan form from a phone with photos straight from its camera. A
 * 13-MP photo of more than 5 MB, refused as it is, is made smaller in the browser (long side 2,000 px,
 * JPEG) and accepted; a send the server never answers says so and keeps the form, not "offline".
 */
describe('a phone camera’s photos in the Kanyadan form, in Chromium', () => {
  let harness: Harness;
  let bigPhoto: string;
  let certificate: string;

  beforeAll(async () => {
    harness = await startHarness();
    fs.mkdirSync(SHOTS_DIR, { recursive: true });
    // As a phone camera makes it: 13 MP, over the 5 MB limit.
    let photo = await phonePhoto({ width: 4160, height: 3120, noise: 16, seed: 29 });
    for (let noise = 20; photo.bytes.length <= FIVE_MB && noise <= 40; noise += 4) photo = await phonePhoto({ width: 4160, height: 3120, noise, seed: 29 });
    expect(photo.bytes.length).toBeGreaterThan(FIVE_MB);
    bigPhoto = path.join(SHOTS_DIR, 'IMG_20261129_101500.jpg');
    fs.writeFileSync(bigPhoto, photo.bytes);
    certificate = path.join(SHOTS_DIR, 'birth-certificate.png');
    await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 200, g: 120, b: 60 } } }).png().toFile(certificate);
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('shrinks a 13-MP photo of more than 5 MB before sending it, keeps the form when the server does not answer, and sends it', { timeout: 180_000 }, async () => {
    const { page } = await harness.page({ width: 360 });
    // Keeps every file the page sends, to look at what left the phone.
    await page.addInitScript(() => {
      const send = XMLHttpRequest.prototype.send;
      XMLHttpRequest.prototype.send = function (body?: Document | XMLHttpRequestBodyInit | null) {
        if (body instanceof FormData) {
          const store = (window.__sentFiles ??= []);
          for (const [name, value] of body.entries()) if (value instanceof Blob) store.push({ name, file: value });
        }
        return send.call(this, body);
      };
    });
    await page.goto('/kanyadanRegistration');
    await waitForApp(page);
    await page.locator('[name=girlName]').fill('आशा कुमारी');
    await page.locator('[name=dob]').fill(yearsAgo(8));
    await page.locator('[name=aadhaar]').fill('2341 2341 2346');
    await page.locator('[name=fatherName]').fill('रमेश कुमार');
    await page.locator('[name=phone]').fill('98765 43210');
    await page.locator('[name=schoolName]').fill('Govt. Primary School');
    await page.locator('[name=district]').fill('Patna');
    await page.locator('[name=state]').selectOption('bihar');
    await page.locator('[name=guardianName]').fill('रमेश कुमार');
    await page.locator('[name=guardianRelation]').selectOption('father');
    await page.locator('input[name=birthCertificate]').setInputFiles(certificate);
    await page.locator('input[name=photo]').setInputFiles(bigPhoto);
    await page.locator('input[name=girlAadhaar]').setInputFiles(bigPhoto);
    await page.locator('input[name=fatherAadhaar]').setInputFiles(certificate);
    // Accepted, not refused as too large.
    await expect.poll(() => page.getByTestId('document-photo').textContent(), { timeout: 60_000 }).toContain('IMG_20261129');
    expect(await page.getByTestId('document-photo').textContent()).not.toContain('5 MB');
    await page.locator('[name=consent]').check();

    // The server never answers: said so, and the form stays as it was.
    await page.route('**/api/kanyadan/**', (route) => (route.request().method() === 'POST' ? route.abort('connectionreset') : route.continue()));
    await page.getByRole('button', { name: 'आवेदन भेजें' }).click();
    await expect.poll(() => page.locator('.form-error').textContent(), { timeout: 30_000 }).toContain('सर्वर से कोई जवाब नहीं आया');
    expect(await page.locator('.form-error').textContent()).not.toContain('ऑफ़लाइन');
    expect(await page.locator('[name=girlName]').inputValue()).toBe('आशा कुमारी');
    await page.unroute('**/api/kanyadan/**');

    // Sent: the server takes it (it refuses any file over 5 MB), and what went were the photos made smaller.
    await page.getByRole('button', { name: 'आवेदन भेजें' }).click();
    await page.getByTestId('kanyadan-receipt').waitFor({ timeout: 60_000 });
    expect((await page.getByTestId('receipt-reg-no').textContent())!.trim()).toMatch(/^[A-Z]{5}\d{7}$/);
    const sentPhotos = await page.evaluate(async () => {
      const sent = window.__sentFiles ?? [];
      return Promise.all(
        sent
          .filter((entry) => entry.name === 'photo' || entry.name === 'girlAadhaar')
          .map(async (entry) => {
            const bitmap = await createImageBitmap(entry.file);
            return { name: entry.name, type: entry.file.type, bytes: entry.file.size, longSide: Math.max(bitmap.width, bitmap.height) };
          }),
      );
    });
    // The last send (the first was cut off) carried each photo once, as a JPEG of at most 2,000 px.
    const lastTwo = sentPhotos.slice(-2);
    expect(lastTwo.map((photo) => photo.name).sort()).toEqual(['girlAadhaar', 'photo']);
    for (const photo of lastTwo) {
      expect(photo.type).toBe('image/jpeg');
      expect(photo.longSide).toBeLessThanOrEqual(2000);
      expect(photo.longSide).toBeGreaterThanOrEqual(1900);
      expect(photo.bytes).toBeLessThan(FIVE_MB);
    }
    await page.screenshot({ path: path.join(SHOTS_DIR, 'sent-360.png'), fullPage: true });

    await page.context().close();
  });
});
