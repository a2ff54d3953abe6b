import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callProcedure, expectAccessible, expectNoSideScroll, signIn, startHarness, tokenFor, waitForApp, type Harness } from './harness.ts';

/** Screenshots and the downloaded I-cards, to be looked at by a person (both languages). */
const SHOTS_DIR = process.env.SAHAY_E2E_SHOTS ?? path.join(os.tmpdir(), 'sahay-e2e-id-photo');
const WIDTH = 360;

/** What the member reads, per language (web/src/i18n/{en,hi}/member.json). */
const TEXT = {
  en: {
    label: 'Photo for the I-card',
    upload: 'Upload photo',
    ready: 'Your new photo is ready. Your next I-card download will carry it.',
    alt: 'Your I-card photo',
    download: 'Download I-Card',
    remove: 'Remove photo',
    removed: 'The photo is removed. Your I-card is made without one.',
    staffAlt: (name: string) => `Photo of ${name} on the I-card`,
    staffNone: 'None added',
  },
  hi: {
    label: 'आई-कार्ड के लिए फ़ोटो',
    upload: 'फ़ोटो अपलोड करें',
    ready: 'आपकी नई फ़ोटो तैयार है। अगली बार डाउनलोड किए आई-कार्ड पर यही होगी।',
    alt: 'आपकी आई-कार्ड फ़ोटो',
    download: 'आई-कार्ड डाउनलोड करें',
    remove: 'फ़ोटो हटाएँ',
    removed: 'फ़ोटो हटा दी गई। आपका आई-कार्ड बिना फ़ोटो के बनेगा।',
    staffAlt: (name: string) => `आई-कार्ड पर ${name} की फ़ोटो`,
    staffNone: 'नहीं लगाई गई',
  },
} as const;

/** A stand-in for a phone's selfie: a face-like drawing on a blue ground, landscape, JPEG. */
function selfie(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">
    <rect width="1200" height="900" fill="#1d4ed8"/>
    <ellipse cx="600" cy="420" rx="200" ry="260" fill="#e0ac69"/>
    <circle cx="530" cy="380" r="22" fill="#1c1917"/><circle cx="670" cy="380" r="22" fill="#1c1917"/>
    <path d="M520 540 Q600 600 680 540" stroke="#7c2d12" stroke-width="14" fill="none"/>
    <rect x="380" y="700" width="440" height="200" fill="#f59e0b"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/**
 * The share of the card's photo box (web/src/features/identity/id-card-canvas.ts PHOTO_BOX) in the
 * selfie's blue: nothing else on the card is blue.
 */
async function blueShareOfPhotoBox(png: Buffer): Promise<number> {
  const { data, info } = await sharp(png).extract({ left: 60, top: 170, width: 176, height: 220 }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let blue = 0;
  for (let i = 0; i < data.length; i += info.channels) if (data[i + 2]! > data[i]! + 80 && data[i + 2]! > data[i + 1]! + 40) blue += 1;
  return blue / (info.width * info.height);
}

/**
 * Issue 16 in Chromium at 360 px, in English and Hindi: an active member uploads a photo for the
 * I-card, sees it, downloads the card with it, and can remove it; the public card check shows none.
 */
describe('the I-card photo in Chromium', () => {
  let harness: Harness;
  let photo: Buffer;

  beforeAll(async () => {
    harness = await startHarness();
    fs.mkdirSync(SHOTS_DIR, { recursive: true });
    photo = await selfie();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it.each(['en', 'hi'] as const)('%s: uploads a photo, sees it, downloads the I-card carrying it, and removes it', { timeout: 120_000 }, async (lang) => {
    const text = TEXT[lang];
    const fullName = lang === 'hi' ? 'आशा वर्मा' : 'Asha Verma';
    const member = await harness.account({ fullName });
    const { page, consoleErrors } = await harness.page({ width: WIDTH });
    await signIn(page, member, 'member');
    await page.goto(lang === 'hi' ? '/profile?lang=hi' : '/profile');
    await waitForApp(page);
    const section = page.getByTestId('id-photo');
    await section.waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);

    await section.getByLabel(text.label).setInputFiles({ name: 'selfie.jpg', mimeType: 'image/jpeg', buffer: photo });
    await section.getByRole('button', { name: text.upload, exact: true }).click();
    const preview = section.getByRole('img', { name: text.alt });
    await expect.poll(() => preview.count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => preview.evaluate((image) => (image as HTMLImageElement).naturalWidth), { timeout: 10_000 }).toBe(300);
    expect(await preview.evaluate((image) => (image as HTMLImageElement).naturalHeight)).toBe(375);
    expect(await preview.getAttribute('src')).toMatch(new RegExp(`^/api/users/profile-assets/${member.userId}/id-photo/[0-9a-f-]{36}$`));
    await expect.poll(() => section.getByTestId('id-photo-status').textContent()).toBe(text.ready);

    await section.scrollIntoViewIfNeeded();
    await expectNoSideScroll(page, `profile with the I-card photo (${lang}, 360 px)`);
    await expectAccessible(page, `profile with the I-card photo (${lang}, 360 px)`);
    await page.screenshot({ path: path.join(SHOTS_DIR, `profile-id-photo-${lang}-360.png`), fullPage: true });

    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 20_000 }), page.getByRole('button', { name: text.download }).click()]);
    const file = path.join(SHOTS_DIR, `i-card-with-photo-${lang}.png`);
    await download.saveAs(file);
    const card = fs.readFileSync(file);
    expect(await sharp(card).metadata()).toMatchObject({ format: 'png', width: 1012, height: 638 });
    // The photo box holds the photo: its blue ground shows around the face.
    expect(await blueShareOfPhotoBox(card)).toBeGreaterThan(0.2);
    const shown = page.getByTestId('id-card-image');
    await expect.poll(() => shown.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(1012);
    await shown.scrollIntoViewIfNeeded();
    await expectNoSideScroll(page, `profile with the I-card (${lang}, 360 px)`);
    await expectAccessible(page, `profile with the I-card (${lang}, 360 px)`);
    await page.screenshot({ path: path.join(SHOTS_DIR, `profile-id-card-${lang}-360.png`), fullPage: true });

    // The public card check: name and status, never the photo.
    const token = await tokenFor(harness, member);
    const idCard = (await callProcedure(harness, 'community.getIdCard', { token })).body.result?.data as { verifyUrl: string; photoUrl: string | null };
    expect(idCard.photoUrl).toBe(await preview.getAttribute('src'));
    const visitor = await harness.page({ width: WIDTH });
    const verifyUrl = new URL(idCard.verifyUrl);
    await visitor.page.goto(verifyUrl.pathname + verifyUrl.search);
    await waitForApp(visitor.page);
    await expect.poll(() => visitor.page.getByTestId('verify-result').locator('.verdict-good').count()).toBe(1);
    expect(await visitor.page.evaluate(() => [...document.images].map((image) => image.src).filter((src) => src.includes('id-photo')))).toEqual([]);
    expect(await visitor.page.content()).not.toContain('/profile-assets/');
    await visitor.page.context().close();

    // Staff who look after members see the photo on the member's record (admin/members/:id).
    const officer = await harness.account({ role: 'admin', permissions: ['members'] });
    const staff = await harness.page({ width: WIDTH });
    await signIn(staff.page, officer, 'admin');
    const record = `/admin/members/${member.userId}${lang === 'hi' ? '?lang=hi' : ''}`;
    await staff.page.goto(record);
    const onRecord = staff.page.getByTestId('member-id-photo').getByRole('img', { name: text.staffAlt(fullName) });
    await expect.poll(() => onRecord.count(), { timeout: 10_000 }).toBe(1);
    expect(await onRecord.getAttribute('src')).toBe(await preview.getAttribute('src'));
    await expect.poll(() => onRecord.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(300);
    await expectNoSideScroll(staff.page, `a member's record with the I-card photo (${lang}, 360 px)`);
    await expectAccessible(staff.page, `a member's record with the I-card photo (${lang}, 360 px)`);
    await staff.page.screenshot({ path: path.join(SHOTS_DIR, `admin-member-id-photo-${lang}-360.png`), fullPage: true });

    // Removed: no preview, and the next card is drawn without it.
    await section.getByRole('button', { name: text.remove }).click();
    await expect.poll(() => section.getByTestId('id-photo-status').textContent()).toBe(text.removed);
    await staff.page.reload();
    await expect.poll(() => staff.page.getByTestId('member-id-photo').textContent(), { timeout: 10_000 }).toBe(text.staffNone);
    expect(staff.consoleErrors, JSON.stringify(staff.consoleErrors)).toEqual([]);
    await staff.page.context().close();
    expect(await preview.count()).toBe(0);
    await expectAccessible(page, `profile after removing the I-card photo (${lang}, 360 px)`);
    const [again] = await Promise.all([page.waitForEvent('download', { timeout: 20_000 }), page.getByRole('button', { name: text.download }).click()]);
    const withoutFile = path.join(SHOTS_DIR, `i-card-without-photo-${lang}.png`);
    await again.saveAs(withoutFile);
    // The name and facts take the photo's place.
    expect(await blueShareOfPhotoBox(fs.readFileSync(withoutFile))).toBe(0);

    expect(consoleErrors, JSON.stringify(consoleErrors)).toEqual([]);
    await page.context().close();
  });
});
