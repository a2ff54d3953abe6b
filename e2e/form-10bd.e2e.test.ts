import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callProcedure, expectAccessible, expectNoSideScroll, indiaDay, signIn, startHarness, tokenFor, waitForApp, type Harness, type HarnessAccount } from './harness.ts';
import { lastFinancialYear, personalPan } from './tax-year.ts';

/** The downloaded statements, to be looked at by a person. */
const SHOTS_DIR = process.env.SAHAY_E2E_SHOTS ?? path.join(os.tmpdir(), 'sahay-e2e-form-10bd');

/**
 * Issue 31: finance files a year's Form 10BD from /admin/form-10bd at 360 × 740. The statement is
 * downloaded as the portal takes it (byte-order mark, CRLF, the name as on the PAN); a gift with no
 * ID is listed apart with its reason; an acknowledgement number in the wrong shape is refused
 * beside its field and nothing is recorded; the filing is recorded in English, a gift recorded
 * afterwards shows as changed since, and the revision is recorded in Hindi, after which the revised
 * statement carries the acknowledgement number.
 */
describe('Form 10BD filings in Chromium', () => {
  let harness: Harness;
  let finance: HarnessAccount;
  let financeToken: string;
  const { fy, day } = lastFinancialYear();
  const pan = personalPan();

  async function recordOfflineGift(input: Record<string, unknown>): Promise<string> {
    const recorded = await callProcedure(harness, 'donations.admin.recordOffline', {
      kind: 'mutation',
      token: financeToken,
      input: { cause: 'education', showName: false, mode: 'cheque', receivedOn: day, ...input },
    });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    return (recorded.body.result?.data as { reference: string }).reference;
  }

  async function downloaded(page: Page, testId: string, file: string): Promise<string> {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
    const saved = path.join(SHOTS_DIR, file);
    await download.saveAs(saved);
    return fs.readFileSync(saved, 'utf8');
  }

  beforeAll(async () => {
    harness = await startHarness();
    fs.mkdirSync(SHOTS_DIR, { recursive: true });
    // The 80G approval's number and date of issue in settings: the URN columns of every row.
    const settingsToken = await tokenFor(harness, await harness.account({ role: 'admin', permissions: ['settings'] }));
    const current = await callProcedure(harness, 'site.settings.get', { token: settingsToken });
    const { version } = current.body.result?.data as { version: number };
    const updated = await callProcedure(harness, 'site.settings.update', {
      kind: 'mutation',
      token: settingsToken,
      input: { expectedVersion: version, data: { taxExemptionNo: 'AAATS1234FF20214', approvalIssuedOn: '2021-09-24' } },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    finance = await harness.account({ role: 'admin', permissions: ['finance'], fullName: 'Finance Admin' });
    financeToken = await tokenFor(harness, finance);
    // A gift the portal takes (a PAN and the name as on it), and one it cannot (no ID at all).
    await recordOfflineGift({ amountPaise: 12_500_50, donorName: 'श्रीमती कमला शर्मा', phone: '9812345671', panName: 'KAMLA SHARMA', pan, address: 'म.न. 12,, गली नं. 3 ; जयपुर', instrumentNumber: '004512', instrumentBank: 'State Bank of India', instrumentDate: day });
    await recordOfflineGift({ amountPaise: 2_100_00, donorName: 'रामू काका', phone: '9812345670', mode: 'cash' });
  }, 120_000);
  afterAll(async () => {
    await harness?.close();
  });

  it('downloads the statement, refuses a malformed acknowledgement number, records the filing (English), then the revision in Hindi', { timeout: 150_000 }, async () => {
    const { page, consoleErrors } = await harness.page({ width: 360 });
    await signIn(page, finance);
    await page.getByRole('link', { name: 'Form 10BD filings' }).click();
    await page.waitForURL('**/admin/form-10bd');
    await waitForApp(page);
    expect(await page.getByLabel('Financial year').inputValue()).toBe(fy);

    const statement = page.getByTestId('form-10bd-statement');
    await expect.poll(() => statement.textContent()).toContain('Rows in the statement: 1; ₹12,500.50 in all.');
    const csv = await downloaded(page, 'form-10bd-download-link', `form-10bd-${fy}.csv`);
    expect(csv.startsWith('\uFEFFSl. No.,Pre Acknowledgement Number,ID Code,Unique Identification Number,Section Code,')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[1]).toMatch(new RegExp(`^1,,Permanent Account Number,${pan},Section 80G,AAATS1234FF20214,24-09-2021,KAMLA SHARMA,"म.न. 12, गली नं. 3, जयपुर",Others,Electronic modes including account payee cheque/draft,12500.50$`));

    // The gift without an ID is not in the statement: listed apart, with what to do.
    const unfileable = page.getByTestId('form-10bd-unfileable');
    expect(await unfileable.textContent()).toContain('No PAN or other ID: ask the donor and record one');
    expect(await page.getByTestId('form-10bd-filings').textContent()).toContain('No filing is recorded for this year.');
    await expectNoSideScroll(page, '/admin/form-10bd (360 px, English)');
    await expectAccessible(page, '/admin/form-10bd (360 px, English)');

    // An acknowledgement number with letters: said beside the field, nothing recorded.
    const form = page.getByTestId('form-10bd-filing-form');
    await form.getByLabel('Filed on').fill(indiaDay(-2));
    await form.getByLabel('Acknowledgement number').fill('ARN 12345');
    await form.getByRole('button', { name: 'Record the filing' }).click();
    await expect.poll(() => form.textContent()).toContain('Enter the acknowledgement number the portal gave: 10 to 20 digits.');
    expect(await page.getByTestId('form-10bd-filings').textContent()).toContain('No filing is recorded for this year.');
    await expectAccessible(page, '/admin/form-10bd with a refused acknowledgement number');

    await form.getByLabel('Acknowledgement number').fill('123456789012345');
    await form.getByRole('button', { name: 'Record the filing' }).click();
    await expect.poll(() => form.textContent()).toContain('The filing was recorded.');
    const filings = page.getByTestId('form-10bd-filings');
    await expect.poll(() => filings.textContent()).toContain('123456789012345');
    expect(await filings.textContent()).toContain('Original');

    // A gift of that year recorded after the filing: changed since, for a revised statement.
    const late = await recordOfflineGift({ amountPaise: 5_000_00, donorName: 'Arjun Singh', email: 'arjun.singh@example.org', pan: personalPan(), address: '4 Mall Road, Shimla', instrumentNumber: '778812', instrumentBank: 'Punjab National Bank', instrumentDate: day });

    await page.goto('/admin/form-10bd?lang=hi');
    await waitForApp(page);
    expect(await page.getByLabel('वित्त वर्ष').inputValue()).toBe(fy);
    const changed = page.getByTestId('form-10bd-changed');
    await expect.poll(() => changed.textContent()).toContain(late);
    expect(await changed.textContent()).toContain('पिछले फ़ाइलिंग के बाद बदले');
    const hindiForm = page.getByTestId('form-10bd-filing-form');
    await hindiForm.getByLabel('दाखिल करने की तारीख़').fill(indiaDay(0));
    await hindiForm.getByLabel('पावती संख्या').fill('123456789012399');
    await hindiForm.getByRole('button', { name: 'फ़ाइलिंग दर्ज करें' }).click();
    await expect.poll(() => hindiForm.textContent()).toContain('फ़ाइलिंग दर्ज हो गया।');
    await expect.poll(() => page.getByTestId('form-10bd-filings').textContent()).toContain('संशोधन');
    expect(await page.getByTestId('form-10bd-filings').textContent()).toContain('मूल');
    await expectNoSideScroll(page, '/admin/form-10bd (360 px, Hindi)');
    await expectAccessible(page, '/admin/form-10bd (360 px, Hindi)');

    // The revised statement names the latest acknowledgement on every row, and now has both gifts.
    const revised = await downloaded(page, 'form-10bd-revised-link', `form-10bd-${fy}-revised.csv`);
    const revisedRows = revised.slice(1).split('\r\n').slice(1).filter(Boolean);
    expect(revisedRows).toHaveLength(2);
    for (const row of revisedRows) expect(row.split(',')[1]).toBe('123456789012399');
    expect(revisedRows.join('\n')).toContain('Arjun Singh');
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });
});
