import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callProcedure, expectAccessible, expectNoSideScroll, signIn, startHarness, tokenFor, waitForApp, type Harness } from './harness.ts';

type Account = Awaited<ReturnType<Harness['account']>>;

/** Screenshots at 360 px, to be looked at by a person. */
const SHOTS_DIR = process.env.SAHAY_E2E_SHOTS ?? path.join(os.tmpdir(), 'sahay-e2e-smaller-ones');

const LANGS = ['en', 'hi'] as const;

/** axe's target-size rule alone (WCAG 2.2 AA, 2.5.8): every target at least 24 × 24 px, or spaced so. */
async function targetSizeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withRules(['target-size']).analyze();
  return results.violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} — ${node.failureSummary ?? ''}`));
}

/** Issue 32, item 7 (the second half of the smaller ones), on a 360 × 740 phone in English and Hindi. */
describe('the smaller ones of issue 32 in Chromium, at 360 px', () => {
  let harness: Harness;
  let admin: Account;

  beforeAll(async () => {
    harness = await startHarness();
    fs.mkdirSync(SHOTS_DIR, { recursive: true });
    admin = await harness.account({ role: 'admin', fullName: 'Office Admin' });
    const token = await tokenFor(harness, admin);
    const { version } = (await callProcedure(harness, 'site.settings.get')).body.result?.data as { version: number };
    const saved = await callProcedure(harness, 'site.settings.update', {
      kind: 'mutation',
      token,
      input: {
        expectedVersion: version,
        data: {
          phone: '+91 98765 43210',
          meetingLink: 'https://meet.example.org/sahay-evening',
          groupLink: 'https://chat.example.org/sahay',
          socialFacebook: 'https://facebook.example.org/sahay',
          socialYoutube: 'https://youtube.example.org/sahay',
          upiVpa: 'sahayfoundation@sbi',
          upiPayeeName: 'Sahay Foundation',
        },
      },
    });
    expect(saved.status).toBe(200);
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('makes the top bar’s meeting and group links tap targets of at least 24 px, spaced apart (axe target-size)', async () => {
    const { page, consoleErrors } = await harness.page({ width: 360, height: 740 });
    for (const lang of LANGS) {
      await page.goto(`/?lang=${lang}`);
      await waitForApp(page);
      const bar = page.getByRole('list', { name: lang === 'hi' ? 'संपर्क और समुदाय' : 'Contact and community' });
      const links = [
        bar.getByRole('link', { name: lang === 'hi' ? 'रोज़ शाम की मीटिंग' : 'Daily evening meeting' }),
        bar.getByRole('link', { name: lang === 'hi' ? 'हमारे ग्रुप से जुड़ें' : 'Join our group' }),
      ];
      for (const link of links) {
        const box = await link.boundingBox();
        expect(box && box.height >= 24 && box.width >= 24, `${lang}: ${JSON.stringify(box)}`).toBe(true);
      }
      expect(await targetSizeViolations(page), lang).toEqual([]);
      await expectNoSideScroll(page, `home (${lang}, 360 px)`);
      await page.locator('.top-bar').screenshot({ path: path.join(SHOTS_DIR, `top-bar-${lang}-360.png`) });
    }
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });

  it('shows no empty team-tree levels, and says so when nobody has joined yet', async () => {
    const member = await harness.account({ fullName: 'Lonely Member' });
    const { page } = await harness.page({ width: 360, height: 740 });
    await signIn(page, member, 'member');
    for (const lang of LANGS) {
      await page.goto(`/LevelTree?lang=${lang}`);
      const none = page.getByTestId('level-tree-none');
      await expect.poll(() => none.textContent(), { timeout: 15_000 }).toBe(
        lang === 'hi'
          ? 'अभी तक आपके लिंक से कोई नहीं जुड़ा है, इसलिए आपकी टीम में कोई स्तर नहीं है। जब कोई आपके आमंत्रण लिंक से जुड़ेगा, तो वह यहाँ स्तर 1 पर दिखेगा।'
          : 'Nobody has joined through your link yet, so your team has no levels. When someone joins with your invite link, they appear here at level 1.',
      );
      expect(await page.locator('[data-testid^="level-"][aria-expanded]').count()).toBe(0);
      expect(await page.getByText(lang === 'hi' ? 'सदस्य: 0' : 'Members: 0').count()).toBe(0);
      await expectNoSideScroll(page, `team tree (${lang}, 360 px)`);
      await expectAccessible(page, `team tree (${lang}, 360 px)`);
    }
    await page.context().close();
  });

  it('shows the as-of view with readable labels in both languages, and times in Hindi the Hindi way', { timeout: 120_000 }, async () => {
    const pledged = await callProcedure(harness, 'donations.create', {
      kind: 'mutation',
      input: { amountPaise: 2_100_00, cause: 'medical', donorName: 'Asha Verma', email: 'asha.verma@example.org', pan: 'ABCDE1234F', showName: false, citizenship: 'indian' },
    });
    expect(pledged.status, JSON.stringify(pledged.body)).toBe(200);
    const reference = (pledged.body.result?.data as { reference: string }).reference.replace('-', '');
    const { page, consoleErrors } = await harness.page({ width: 360, height: 740 });
    await signIn(page, admin, 'admin');
    for (const lang of LANGS) {
      await page.goto(`/admin/audit?q=${reference}&stream=donation-${reference}&lang=${lang}`);
      const events = page.getByTestId('audit-events');
      const card = events.locator('[data-type="DonationPledged"]');
      await expect.poll(() => card.getByRole('heading', { level: 3 }).textContent(), { timeout: 15_000 }).toBe(lang === 'hi' ? '#1 दान का वचन दिया गया DonationPledged' : '#1 Donation pledged DonationPledged');
      await card.getByText(lang === 'hi' ? 'क्या दर्ज हुआ' : 'What was recorded').click();
      const fields = card.locator('.audit-fields');
      const labels = await fields.locator('dt').allTextContents();
      const values = await fields.locator('dd').allTextContents();
      const shown = Object.fromEntries(labels.map((label, index) => [label, values[index]]));
      expect(shown).toMatchObject(
        lang === 'hi'
          ? { 'दान संदर्भ': reference, 'राशि': '₹2,100', 'दाता › नाम': 'Asha Verma', 'दाता › ई-मेल': 'asha.verma@example.org', 'नाम सार्वजनिक रूप से दिखे': 'नहीं' }
          : { 'Donation reference': reference, Amount: '₹2,100', 'Donor › Name': 'Asha Verma', 'Donor › E-mail': 'asha.verma@example.org', 'Name shown publicly': 'No' },
      );
      // No JSON anywhere in the events or the record's state.
      expect(await events.textContent()).not.toMatch(/[{}"]/);
      const state = page.locator('section[aria-labelledby="audit-state-heading"]');
      expect(await state.locator('summary').first().textContent()).toContain(lang === 'hi' ? 'दान (1)' : 'Donations (1)');
      expect(await state.textContent()).not.toMatch(/[{}]/);
      // When: India time in the reader's language; in Hindi no "am"/"pm".
      const when = (await card.locator('dd').first().textContent()) ?? '';
      if (lang === 'hi') expect(when).toMatch(/(सुबह|दोपहर|शाम|रात) \d{1,2}:\d{2}/);
      expect(when.replace(/\S*T\S*Z/, '')).toMatch(lang === 'hi' ? /^[^a-z]*$/i : /[ap]m/i);
      await expectNoSideScroll(page, `audit (${lang}, 360 px)`);
      await expectAccessible(page, `audit (${lang}, 360 px)`);
      await page.screenshot({ path: path.join(SHOTS_DIR, `audit-${lang}-360.png`), fullPage: true });
    }
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });

  it('takes an amount typed in Devanagari digits on /donate', async () => {
    for (const lang of LANGS) {
      const { page, consoleErrors } = await harness.page({ width: 360, height: 740 });
      await page.goto(`/donate?lang=${lang}`);
      await waitForApp(page);
      const form = page.getByTestId('donate-form');
      const amount = form.getByLabel(lang === 'hi' ? 'राशि (₹)' : 'Amount (₹)');
      await amount.fill('१,०००');
      // Read as ₹1,000: the matching preset is chosen, and nothing is said against it.
      await expect.poll(() => form.getByRole('radio', { name: '₹1,000' }).isChecked()).toBe(true);
      await form.getByLabel(lang === 'hi' ? 'हाँ, भारतीय नागरिक' : 'Yes, an Indian citizen').check();
      await form.getByLabel(lang === 'hi' ? 'आपका नाम' : 'Your name').fill('Meera Sharma');
      await form.getByLabel(lang === 'hi' ? 'मोबाइल नंबर' : 'Mobile number').fill('9812345678');
      await form.getByRole('button', { name: lang === 'hi' ? 'आगे: भुगतान करें' : 'Continue to payment' }).click();
      await expect.poll(() => page.getByTestId('pay-step').count(), { timeout: 15_000 }).toBe(1);
      expect(await page.getByRole('heading', { level: 2, name: lang === 'hi' ? '₹1,000 का भुगतान करें' : 'Pay ₹1,000' }).count()).toBe(1);
      await expectNoSideScroll(page, `/donate pay step (${lang}, 360 px)`);
      expect(consoleErrors).toEqual([]);
      await page.context().close();
    }
  });
});
