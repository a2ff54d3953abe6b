import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callProcedure, expectNoAxeViolations, expectNoSideScroll, startHarness, tokenFor, waitForApp, type Harness } from './harness.ts';

/** Screenshots at 360 × 740, to be looked at by a person. */
const SHOTS_DIR = process.env.SAHAY_E2E_SHOTS ?? path.join(os.tmpdir(), 'sahay-e2e-fcra');

const TEXT = {
  en: {
    foreign: 'No, a foreign citizen (OCI card holders too)',
    refused: 'We cannot accept a gift from a foreign citizen',
    why: 'not registered under the Foreign Contribution (Regulation) Act, 2010',
    indianAbroad: 'If you are an Indian citizen living abroad, choose “Yes, an Indian citizen”.',
    submit: 'Continue to payment',
    name: 'Your name',
    email: 'E-mail',
  },
  hi: {
    foreign: 'नहीं, विदेशी नागरिक (OCI कार्ड धारक भी)',
    refused: 'हम विदेशी नागरिक का दान स्वीकार नहीं कर सकते',
    why: 'विदेशी अंशदान (विनियमन) अधिनियम, 2010 के तहत पंजीकृत नहीं है',
    indianAbroad: 'यदि आप विदेश में रहने वाले भारतीय नागरिक हैं, तो “हाँ, भारतीय नागरिक” चुनें।',
    submit: 'आगे: भुगतान करें',
    name: 'आपका नाम',
    email: 'ई-मेल',
  },
} as const;

/**
 * Issue 31, FCRA 2010: a foreign citizen on /donate, on a phone (360 × 740), in English and Hindi.
 * Without the foundation's FCRA registration they are told at once that the gift cannot be taken,
 * why, and what they can do instead, and nothing is recorded; with one, they give their country and
 * are shown the FCRA account alone.
 */
describe('a foreign citizen on /donate, in Chromium', () => {
  let harness: Harness;
  let adminToken: string;

  async function updateSettings(data: Record<string, unknown>): Promise<void> {
    const { version } = (await callProcedure(harness, 'site.settings.get')).body.result?.data as { version: number };
    const saved = await callProcedure(harness, 'site.settings.update', { kind: 'mutation', token: adminToken, input: { expectedVersion: version, data } });
    expect(saved.status).toBe(200);
  }

  async function eventCount(): Promise<number> {
    const { rows } = await harness.server.services.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM events WHERE type LIKE 'Donation%'`);
    return rows[0]!.count;
  }

  async function shot(page: Page, name: string): Promise<void> {
    await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage: true });
  }

  beforeAll(async () => {
    harness = await startHarness();
    fs.mkdirSync(SHOTS_DIR, { recursive: true });
    adminToken = await tokenFor(harness, await harness.account({ role: 'admin', fullName: 'Finance Admin' }));
    await updateSettings({ upiVpa: 'sahayfoundation@sbi', upiPayeeName: 'Sahay Foundation', bankAccountName: 'Sahay Foundation', bankAccountNumber: '123456789012', bankIfsc: 'SBIN0001234', bankName: 'State Bank of India', phone: '+91 98765 43210', email: 'contact@sahay.example' });
  });
  afterAll(async () => {
    await harness?.close();
  });

  for (const lang of ['en', 'hi'] as const) {
    it(`refuses a foreign citizen without an FCRA registration at 360 × 740 in ${lang === 'en' ? 'English' : 'Hindi'}, saying what to do instead, and records nothing`, { timeout: 90_000 }, async () => {
      const text = TEXT[lang];
      const { page, consoleErrors } = await harness.page({ width: 360, height: 740 });
      await page.goto(`/donate?lang=${lang}`);
      await waitForApp(page);
      const form = page.getByTestId('donate-form');
      await form.getByRole('radio', { name: '₹1,000' }).check();
      await form.getByLabel(text.name).fill(lang === 'en' ? 'Emily Carter' : 'एमिली कार्टर');
      await form.getByLabel(text.email).fill(`emily.${lang}.${process.pid}@example.org`);
      await form.getByLabel(text.foreign).check();

      const refused = page.getByTestId('foreign-refused');
      await expect.poll(() => refused.count()).toBe(1);
      expect(await refused.getAttribute('role')).toBe('alert');
      const said = (await refused.textContent()) ?? '';
      expect(said).toContain(text.refused);
      expect(said).toContain(text.why);
      expect(said).toContain(text.indianAbroad);
      expect(await refused.getByRole('link', { name: 'contact@sahay.example' }).getAttribute('href')).toBe('mailto:contact@sahay.example');
      // No country is asked: there is nothing to give it for.
      expect(await page.getByTestId('donate-country').count()).toBe(0);

      const before = await eventCount();
      await form.getByRole('button', { name: text.submit }).click();
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('citizenship');
      expect(await form.getByTestId('citizenship').getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByTestId('pay-step').count()).toBe(0);
      expect(await eventCount()).toBe(before);

      await expectNoSideScroll(page, `/donate foreign refused (${lang}, 360 × 740)`);
      await expectNoAxeViolations(page, `/donate foreign refused (${lang}, 360 × 740)`);
      await shot(page, `donate-foreign-refused-${lang}-360`);
      expect(consoleErrors).toEqual([]);
      await page.context().close();
    });
  }

  it('with an FCRA registration asks the country, tells the donor their name is published, and shows only the FCRA account (360 × 740, English)', { timeout: 90_000 }, async () => {
    await updateSettings({
      fcraRegistrationNumber: '231650123',
      fcraBankAccountName: 'Sahay Foundation FCRA Account',
      fcraBankAccountNumber: '40001234567',
      fcraBankIfsc: 'SBIN0000691',
      fcraBankName: 'State Bank of India, New Delhi Main Branch',
    });
    const { page, consoleErrors } = await harness.page({ width: 360, height: 740 });
    await page.goto('/donate?lang=en');
    await waitForApp(page);
    const form = page.getByTestId('donate-form');
    await form.getByRole('radio', { name: '₹1,000' }).check();
    await form.getByLabel('Your name').fill('Emily Carter');
    await form.getByLabel('E-mail').fill(`emily.fcra.${process.pid}@example.org`);
    await form.getByLabel(TEXT.en.foreign).check();
    expect(await page.getByTestId('foreign-refused').count()).toBe(0);
    const country = page.getByTestId('donate-country');
    await expect.poll(() => country.count()).toBe(1);
    expect(await page.getByTestId('foreign-notice').textContent()).toContain('your name, country, the amount, the date and the purpose are published every quarter');
    // No country chosen: the form says so beside the field.
    await form.getByRole('button', { name: 'Continue to payment' }).click();
    await expect.poll(() => country.getAttribute('aria-invalid')).toBe('true');
    await country.selectOption({ label: 'United States' });
    await expectNoSideScroll(page, '/donate foreign with FCRA (en, 360 × 740)');
    await expectNoAxeViolations(page, '/donate foreign with FCRA (en, 360 × 740)');
    await form.getByRole('button', { name: 'Continue to payment' }).click();

    const account = page.getByTestId('fcra-account');
    await expect.poll(() => account.count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByTestId('copy-account-number').inputValue()).toBe('40001234567');
    expect(await page.getByTestId('copy-ifsc').inputValue()).toBe('SBIN0000691');
    expect(await page.getByTestId('upi-qr').count()).toBe(0);
    expect(await page.getByTestId('upi-link').count()).toBe(0);
    expect(await page.getByTestId('pay-step').textContent()).not.toContain('123456789012');
    await expectNoSideScroll(page, 'pay step, FCRA account (en, 360 × 740)');
    await shot(page, 'donate-fcra-pay-en-360');
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });
});
