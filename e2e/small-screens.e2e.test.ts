import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callProcedure, cardsOf, expectAccessible, signIn, startHarness, tokenFor, type Harness } from './harness.ts';

type Account = Awaited<ReturnType<Harness['account']>>;

/** Screenshots at 360 px, to be looked at by a person. */
const SHOTS_DIR = process.env.SAHAY_E2E_SHOTS ?? path.join(os.tmpdir(), 'sahay-e2e-small');

/** A name long enough to overflow a phone's row unless it wraps. */
const LONG_NAME = 'Shrimati Rajkumari Devi Chaturvedi Bhattacharya Vishwakarma';

/** The page width is the viewport's: nothing makes the page itself scroll sideways. */
async function pageScrollWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

describe('tables on a 360 px screen', () => {
  let harness: Harness;
  let admin: Account;
  let sponsor: Account;

  beforeAll(async () => {
    harness = await startHarness();
    fs.mkdirSync(SHOTS_DIR, { recursive: true });
    admin = await harness.account({ role: 'admin', fullName: 'Office Admin' });
    sponsor = await harness.account({ fullName: 'Kamla Sponsor' });
    // More company directs (members without a sponsor) than fit on one page of the admin list.
    for (let index = 0; index < 22; index++) await harness.account({ fullName: `Direct Member ${index + 1}` });

    // Two people join through the sponsor's link, one with a very long name; the sponsor holds codes.
    const adminToken = await tokenFor(harness, admin);
    const generated = await callProcedure(harness, 'community.epins.generate', { kind: 'mutation', token: adminToken, input: { count: 5 } });
    const codes = (generated.body.result?.data as { epins: { code: string }[] }).epins.map((epin) => epin.code);
    for (const [index, fullName] of [LONG_NAME, 'Mohan Lal'].entries()) {
      const joined = await callProcedure(harness, 'community.register', {
        kind: 'mutation',
        input: {
          referralId: sponsor.userId,
          fullName,
          email: `${crypto.randomBytes(5).toString('hex')}@example.org`,
          phone: '9876543210',
          epin: codes[index],
          password: 'correct horse battery',
          address: '1 Test Road',
          city: 'Jaipur',
          state: 'Rajasthan',
          pinCode: '302001',
        },
      });
      expect(joined.status).toBe(200);
    }
    const transferred = await callProcedure(harness, 'community.epins.transfer', { kind: 'mutation', token: adminToken, input: { toUserId: sponsor.userId, count: 3 } });
    expect(transferred.status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await harness?.close();
  });

  it('shows a member’s direct joinees and codes as labelled cards, in English and Hindi, with no sideways scroll', { timeout: 120_000 }, async () => {
    const { page, consoleErrors } = await harness.page({ width: 360 });
    await signIn(page, sponsor, 'member');
    for (const lang of ['en', 'hi'] as const) {
      await page.goto(`/direct-joining?lang=${lang}`);
      await page.getByTestId('direct-non-active').waitFor();
      const joinees = await cardsOf(page, 'direct-non-active');
      expect(joinees.headingsShown).toBe(false);
      const labels = [...new Set(joinees.cells.map((cell) => cell.label))];
      if (lang === 'en') expect(labels).toEqual(['User ID', 'Name', 'Joined']);
      else expect(labels.every((label) => /[\u0900-\u097F]/.test(label))).toBe(true);
      expect(joinees.cells.every((cell) => cell.label !== '' && cell.isGrid && cell.fits)).toBe(true);
      expect(joinees.cells.map((cell) => cell.text)).toContain(LONG_NAME);
      expect(joinees.cells).toHaveLength(6);
      expect(await pageScrollWidth(page)).toBeLessThanOrEqual(360);
      await expectAccessible(page, `direct joinees (${lang}, 360 px)`);
      await page.screenshot({ path: path.join(SHOTS_DIR, `direct-joining-${lang}-360.png`), fullPage: true });

      await page.goto(`/epin-dashboard?lang=${lang}`);
      await page.getByTestId('held-epins').waitFor();
      const codes = await cardsOf(page, 'held-epins');
      expect(codes.headingsShown).toBe(false);
      // Code, status, used by, date, and the Copy link / Share buttons of an unused code.
      expect(codes.cells).toHaveLength(3 * 5);
      expect(codes.cells.every((cell) => cell.label !== '' && cell.isGrid && cell.fits)).toBe(true);
      if (lang === 'en') expect([...new Set(codes.cells.map((cell) => cell.label))]).toEqual(['Code', 'Status', 'Used by', 'Date', 'Invite a friend']);
      else expect(codes.cells.every((cell) => /[\u0900-\u097F]/.test(cell.label))).toBe(true);
      expect(await pageScrollWidth(page)).toBeLessThanOrEqual(360);
      await expectAccessible(page, `codes list (${lang}, 360 px)`);
      await page.screenshot({ path: path.join(SHOTS_DIR, `epin-list-${lang}-360.png`), fullPage: true });
    }
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });

  it('pages the admin’s company directs, the newest first, as cards on a phone', { timeout: 120_000 }, async () => {
    const { page, consoleErrors } = await harness.page({ width: 360 });
    await signIn(page, admin, 'admin');
    for (const lang of ['en', 'hi'] as const) {
      await page.goto(`/admin/members?lang=${lang}`);
      await page.getByTestId('company-directs').waitFor();
      const pager = page.getByTestId('company-directs-pager');
      const pageOne = lang === 'en' ? 'Page 1 of 2' : '2 में से पेज 1';
      await expect.poll(() => pager.locator('span').textContent()).toBe(pageOne);
      const caption = (await page.getByTestId('company-directs').locator('caption').textContent()) ?? '';
      expect(caption).toMatch(lang === 'en' ? /^Company directs: 23 members, newest first$/ : /^कंपनी डायरेक्ट: 23 सदस्य, नए पहले$/);
      const first = await cardsOf(page, 'company-directs');
      expect(first.cells).toHaveLength(20 * 6);
      expect(first.cells.every((cell) => cell.label !== '' && cell.isGrid && cell.fits)).toBe(true);
      // Newest first: the last account made leads the first page; the sponsor made first is on the second.
      expect(first.cells.filter((cell) => cell.text.startsWith('Direct Member')).map((cell) => cell.text)[0]).toBe('Direct Member 22');
      expect(await pageScrollWidth(page)).toBeLessThanOrEqual(360);
      await expectAccessible(page, `admin members (${lang}, 360 px)`);
      await page.screenshot({ path: path.join(SHOTS_DIR, `admin-members-${lang}-360.png`), fullPage: true });

      await pager.getByRole('button', { name: lang === 'en' ? 'Next page' : 'अगला पेज' }).click();
      await expect.poll(() => pager.locator('span').textContent()).toBe(lang === 'en' ? 'Page 2 of 2' : '2 में से पेज 2');
      const second = await cardsOf(page, 'company-directs');
      expect(second.cells).toHaveLength(3 * 6);
      expect(second.cells.map((cell) => cell.text)).toContain(sponsor.userId);
      expect(await pager.getByRole('button', { name: lang === 'en' ? 'Next page' : 'अगला पेज' }).isDisabled()).toBe(true);
      expect(await pageScrollWidth(page)).toBeLessThanOrEqual(360);
      await expectAccessible(page, `admin members page 2 (${lang}, 360 px)`);
      await page.screenshot({ path: path.join(SHOTS_DIR, `admin-members-page2-${lang}-360.png`), fullPage: true });
    }
    // The codes on the dashboard: cards too, with the count said in words.
    await page.goto('/admin/dashboard?lang=en');
    await page.getByTestId('admin-epins').waitFor();
    expect(await page.getByTestId('admin-epins').locator('caption').textContent()).toBe('All invite codes: 5 codes, newest first');
    const codes = await cardsOf(page, 'admin-epins');
    expect(codes.cells.every((cell) => cell.label !== '' && cell.isGrid && cell.fits)).toBe(true);
    expect(await pageScrollWidth(page)).toBeLessThanOrEqual(360);
    await page.getByTestId('admin-epins').screenshot({ path: path.join(SHOTS_DIR, 'admin-epins-en-360.png') });
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });
});
