import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractPdfText } from '#server/testing/pdf/pdf-render';
import { readOutbox, readSmsOutbox } from '#server/testing/outbox';
import { callProcedure, expectNoAxeViolations, expectNoSideScroll, startHarness, tokenFor, waitForApp, type Harness } from './harness.ts';

/** Screenshots and the downloaded statements, to be looked at by a person. */
const SHOTS_DIR = process.env.SAHAY_E2E_SHOTS ?? path.join(os.tmpdir(), 'sahay-e2e-statement-code');

/** The financial year that ended last 31 March (the page offers it first), and a day in it. */
function lastFinancialYear(): { fy: string; day: string } {
  const now = new Date();
  const startYear = now.getUTCMonth() >= 3 ? now.getUTCFullYear() - 1 : now.getUTCFullYear() - 2;
  return { fy: `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`, day: `${startYear + 1}-02-10` };
}

/**
 * Issue 29, decision 040: a donor who is not signed in gets the yearly statement on /donate/status
 * only after entering a one-time code sent to the e-mail or phone given with the donations — at
 * 360 px, in English (code by e-mail) and in Hindi (code by SMS).
 */
describe('the yearly statement after a one-time code, in Chromium', () => {
  let harness: Harness;
  const email = `asha.${Date.now()}@example.org`;
  const phone = '9812345670';
  const { fy, day } = lastFinancialYear();
  let serial = '';

  beforeAll(async () => {
    harness = await startHarness();
    fs.mkdirSync(SHOTS_DIR, { recursive: true });
    const finance = await tokenFor(harness, await harness.account({ role: 'admin', permissions: ['finance'] }));
    const recorded = await callProcedure(harness, 'donations.admin.recordOffline', {
      kind: 'mutation',
      token: finance,
      input: { amountPaise: 1_500_00, cause: 'education', donorName: 'Asha Menon', email, phone, pan: 'ABCDE1234F', address: '7 Lake View, Kochi', showName: false, mode: 'cash', receivedOn: day },
    });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    serial = (recorded.body.result?.data as { receiptSerial: string }).receiptSerial;
  });
  afterAll(async () => {
    await harness?.close();
  });

  async function codeSentTo(contact: string): Promise<string> {
    let code: string | undefined;
    await expect
      .poll(
        () => {
          const sent = contact.includes('@')
            ? readOutbox(harness.dataDir).filter((mail) => mail.text.includes(`To: ${contact}`) && mail.text.includes('donation statement'))
            : readSmsOutbox(harness.dataDir).filter((sms) => sms.text.startsWith(`To: +91${contact}`) && sms.text.includes('donation statement'));
          code = /(?:code is:|statement is) (\d{6})/.exec(sent.at(-1)?.text ?? '')?.[1];
          return code !== undefined;
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    return code!;
  }

  async function downloadedText(page: Page, linkName: string, file: string): Promise<string> {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: linkName }).click()]);
    const saved = path.join(SHOTS_DIR, file);
    await download.saveAs(saved);
    return extractPdfText(fs.readFileSync(saved));
  }

  it('asks for a code by e-mail, refuses a wrong one, and downloads the statement with the right one (English, 360 px)', { timeout: 90_000 }, async () => {
    const { page, consoleErrors } = await harness.page({ width: 360 });
    await page.goto('/donate/status?lang=en');
    await waitForApp(page);
    const section = page.getByTestId('statement-by-code');
    await section.getByRole('textbox', { name: 'E-mail or mobile number given with your donations' }).fill(email);
    await section.getByRole('button', { name: 'Send code' }).click();
    await expect.poll(() => section.getByRole('status').textContent()).toContain('we have sent a 6-digit code to it.');
    const code = await codeSentTo(email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await section.getByRole('textbox', { name: '6-digit code' }).fill(wrong);
    await section.getByRole('button', { name: 'Confirm code' }).click();
    await expect.poll(() => section.getByText('This code is not correct or is no longer valid. Check the 6 digits in the latest message we sent, or ask for a new code.').count()).toBe(1);
    await expectNoSideScroll(page, 'statement code (en, 360 px)');
    await expectNoAxeViolations(page, 'statement code (en, 360 px)');
    await page.screenshot({ path: path.join(SHOTS_DIR, 'statement-code-en-360.png'), fullPage: true });
    await section.getByRole('textbox', { name: '6-digit code' }).fill(code);
    await section.getByRole('button', { name: 'Confirm code' }).click();
    await expect.poll(() => section.getByRole('status').textContent()).toContain('Code confirmed.');
    await expect.poll(() => section.getByRole('combobox', { name: 'Financial year' }).inputValue()).toBe(fy);
    const text = await downloadedText(page, `Download the statement for ${fy} (PDF)`, `statement-${fy}-en.pdf`);
    expect(text).toContain(serial);
    expect(text).toContain('XXXXX1234F');
    await expectNoSideScroll(page, 'statement download (en, 360 px)');
    await expectNoAxeViolations(page, 'statement download (en, 360 px)');
    await page.screenshot({ path: path.join(SHOTS_DIR, 'statement-download-en-360.png'), fullPage: true });
    expect(consoleErrors.filter((message) => !/status of 400/.test(message)), JSON.stringify(consoleErrors)).toEqual([]);
  });

  it('asks for a code by SMS and downloads the statement (Hindi, 360 px)', { timeout: 90_000 }, async () => {
    const { page, consoleErrors } = await harness.page({ width: 360 });
    await page.goto('/donate/status?lang=hi');
    await waitForApp(page);
    const section = page.getByTestId('statement-by-code');
    await section.getByRole('button', { name: 'कोड भेजें' }).click();
    await expect.poll(() => section.getByText('दान के साथ दिया गया ई-मेल पता या मोबाइल नंबर भरें।').count()).toBeGreaterThan(0);
    await section.getByRole('textbox', { name: 'दानों के साथ दिया गया ई-मेल या मोबाइल नंबर' }).fill(`+91 ${phone}`);
    await section.getByRole('button', { name: 'कोड भेजें' }).click();
    await expect.poll(() => section.getByRole('status').textContent()).toContain('तो हमने इस पर 6 अंकों का कोड भेज दिया है।');
    const code = await codeSentTo(phone);
    await section.getByRole('textbox', { name: '6 अंकों का कोड' }).fill(code);
    await section.getByRole('button', { name: 'कोड पुष्टि करें' }).click();
    await expect.poll(() => section.getByRole('status').textContent()).toContain('कोड की पुष्टि हो गई।');
    await expectNoSideScroll(page, 'statement download (hi, 360 px)');
    await expectNoAxeViolations(page, 'statement download (hi, 360 px)');
    await page.screenshot({ path: path.join(SHOTS_DIR, 'statement-download-hi-360.png'), fullPage: true });
    const text = await downloadedText(page, `${fy} का विवरण डाउनलोड करें (PDF)`, `statement-${fy}-hi.pdf`);
    expect(text).toContain(serial);
    expect(consoleErrors.filter((message) => !/status of 400/.test(message)), JSON.stringify(consoleErrors)).toEqual([]);
  });
});
