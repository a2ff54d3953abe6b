import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callProcedure, expectAccessible, expectNoSideScroll, indiaDay, signIn, startHarness, tokenFor, type Harness } from './harness.ts';
import { birthCertificatePdf, photoWithExif, submit } from './kanyadan-fixtures.ts';

/** Screenshots to be looked at by a person. */
const SHOTS_DIR = process.env.SAHAY_E2E_SHOTS ?? path.join(os.tmpdir(), 'sahay-e2e-benefit');
const DAY_MS = 86_400_000;


/**
 * The staff's benefit request in the console (issue 16): a girl registered at 10 is 18 now, her
 * marriage is fixed, and a verification admin records the family's account through the form — the
 * IFSC checked against the banks' list and its bank named, the account number typed twice, the
 * account read back before it is recorded. The server's clock is moved back for the registration
 * alone (a girl of 18 cannot be registered), then runs in real time again.
 */
describe('the Kanyadan benefit request in Chromium', () => {
  let harness: Harness;
  let clock: Date | null = null;

  beforeAll(async () => {
    harness = await startHarness({ now: () => clock ?? new Date() });
    fs.mkdirSync(SHOTS_DIR, { recursive: true });
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('records the family’s account after the IFSC list and a read-back, at 360 px (English, then the Hindi read-back)', { timeout: 120_000 }, async () => {
    // Registered eight years ago at 10 (18 years and a week before today): 18 now.
    const dob = new Date(Date.now() - (18 * 365.25 + 7) * DAY_MS).toISOString().slice(0, 10);
    clock = new Date(Date.now() - 8 * 365.25 * DAY_MS);
    const regNo = await submit(
      harness,
      {
        girlName: 'Radha Kumari',
        fatherName: 'Mohan Lal',
        motherName: 'Geeta Devi',
        dob,
        phone: '9876501234',
        gender: 'female',
        schoolName: 'Government Girls School',
        className: '5',
        district: 'Ajmer',
        state: 'rajasthan',
        guardianName: 'Mohan Lal',
        guardianRelation: 'father',
        consent: 'true',
      },
      { photo: await photoWithExif(), birthCertificate: await birthCertificatePdf() },
    );
    clock = null;

    const verifier = await harness.account({ role: 'admin', permissions: ['verification'], fullName: 'Verification Desk' });
    const token = await tokenFor(harness, verifier);
    // The verifier opens both documents first, as Verify asks (issue 32), once they are processed.
    const documentsOf = async () =>
      ((await callProcedure(harness, 'kanyadan.admin.get', { kind: 'query', token, input: { regNo } })).body as { result: { data: { documents: { kind: string; status: string }[] } } }).result.data.documents;
    await expect.poll(async () => (await documentsOf()).map((document) => document.status), { timeout: 30_000 }).toEqual(['ready', 'ready']);
    for (const { kind } of await documentsOf()) {
      const view = await fetch(`${harness.url}/api/admin/kanyadan/applications/${regNo}/documents/${kind}`, { headers: { Authorization: `Bearer ${token}` } });
      expect(view.status).toBe(200);
    }
    const verified = await callProcedure(harness, 'kanyadan.admin.verify', { kind: 'mutation', token, input: { regNo } });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);

    const { page, consoleErrors } = await harness.page({ width: 360 });
    await signIn(page, verifier);
    await page.goto(`/admin/kanyadan/${regNo}`);
    const form = page.getByTestId('benefit-request-form');
    await form.waitFor();
    await form.getByLabel('Marriage date').fill(indiaDay(30));
    await form.getByLabel('Account holder’s name').fill('Mohan Lal');
    await form.getByLabel('Account number', { exact: true }).fill('301245678901');
    await form.getByLabel('Account number again').fill('301245678901');
    await form.locator('input[name="marriageProof"]').setInputFiles({ name: 'card.jpg', mimeType: 'image/jpeg', buffer: await photoWithExif() });

    // An IFSC with the right shape that is not in the banks' list: said under the field, nothing sent.
    await form.getByLabel('IFSC', { exact: true }).fill('SBIN0999999');
    await expect.poll(() => form.getByTestId('ifsc-bank').textContent()).toBe('This IFSC is not in the banks’ published list. Check it on your cheque book or passbook.');
    await form.getByRole('button', { name: 'Record benefit request' }).click();
    await expect.poll(() => form.getByText('This IFSC is not in the banks’ published list. Check it on your cheque book or passbook.').count()).toBe(1);
    expect(await page.getByTestId('benefit-read-back').count()).toBe(0);

    // The right one names the bank; the account is read back before anything is recorded.
    await form.getByLabel('IFSC', { exact: true }).fill('SBIN0001234');
    await expect.poll(() => form.getByTestId('ifsc-bank').textContent()).toBe('Bank: State Bank of India');
    await form.getByRole('button', { name: 'Record benefit request' }).click();
    const readBack = page.getByTestId('benefit-read-back');
    await readBack.waitFor();
    expect(await readBack.getByRole('heading').textContent()).toBe('Check the account before recording');
    expect(await readBack.getByRole('listitem').allTextContents()).toEqual(['Account holder Mohan Lal, account number 301245678901, IFSC SBIN0001234 (State Bank of India)']);
    expect(await readBack.getByRole('button', { name: 'Confirm and record' }).count()).toBe(1);
    let detail = await callProcedure(harness, 'kanyadan.admin.get', { token, input: { regNo } });
    expect((detail.body.result?.data as { status: string }).status).toBe('verified');
    await expectNoSideScroll(page, 'benefit read-back (en, 360 px)');
    await expectAccessible(page, 'benefit read-back (en, 360 px)');
    await page.screenshot({ path: path.join(SHOTS_DIR, 'benefit-read-back-en-360.png'), fullPage: true });

    // Change goes back to the fields; the Hindi console reads the account back in Hindi.
    await readBack.getByRole('button', { name: 'Change' }).click();
    expect(await page.getByTestId('benefit-read-back').count()).toBe(0);
    await page.goto(`/admin/kanyadan/${regNo}?lang=hi`);
    const hindiForm = page.getByTestId('benefit-request-form');
    await hindiForm.waitFor();
    await hindiForm.locator('input[name="marriageDate"]').fill(indiaDay(30));
    await hindiForm.locator('input[name="accountHolder"]').fill('Mohan Lal');
    await hindiForm.locator('input[name="accountNumber"]').fill('301245678901');
    await hindiForm.locator('input[name="confirmAccountNumber"]').fill('301245678901');
    await hindiForm.locator('input[name="ifsc"]').fill('SBIN0001234');
    await hindiForm.locator('input[name="marriageProof"]').setInputFiles({ name: 'card.jpg', mimeType: 'image/jpeg', buffer: await photoWithExif() });
    await expect.poll(() => hindiForm.getByTestId('ifsc-bank').textContent()).toBe('बैंक: State Bank of India');
    await hindiForm.locator('button[type="submit"]').click();
    const hindiReadBack = page.getByTestId('benefit-read-back');
    await hindiReadBack.waitFor();
    expect(await hindiReadBack.getByRole('listitem').allTextContents()).toEqual(['खाताधारक Mohan Lal, खाता संख्या 301245678901, IFSC कोड SBIN0001234 (State Bank of India)']);
    await expectAccessible(page, 'benefit read-back (hi, 360 px)');
    await page.screenshot({ path: path.join(SHOTS_DIR, 'benefit-read-back-hi-360.png'), fullPage: true });

    // Confirm records it: the server took the account number's second copy.
    await hindiReadBack.getByRole('button', { name: 'पुष्टि करें और दर्ज करें' }).click();
    await expect
      .poll(async () => {
        detail = await callProcedure(harness, 'kanyadan.admin.get', { token, input: { regNo } });
        return (detail.body.result?.data as { status: string }).status;
      }, { timeout: 15_000 })
      .toBe('benefit_requested');
    // The page says so too: the status, and the outcome above the forms.
    await expect.poll(() => page.getByTestId('application-status').textContent()).toContain('लाभ का अनुरोध हुआ');
    expect(await page.getByTestId('action-outcome').textContent()).toBe('लाभ का अनुरोध दर्ज हो गया। अब वित्त टीम राशि स्वीकृत करेगी।');
    await page.screenshot({ path: path.join(SHOTS_DIR, 'benefit-requested-hi-360.png'), fullPage: true });
    expect((detail.body.result?.data as { benefit: { accountLast4: string; marriageDate: string } }).benefit).toMatchObject({ accountLast4: '8901', marriageDate: indiaDay(30) });
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });
});
