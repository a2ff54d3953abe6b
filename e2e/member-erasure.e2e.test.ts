import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callProcedure, expectNoAxeViolations, expectNoSideScroll, signIn, startHarness, tokenFor, waitForApp, type Harness } from './harness.ts';

type Account = Awaited<ReturnType<Harness['account']>>;

/** A day in the financial year that ended last 31 March. */
function lastYearsDay(): string {
  const now = new Date();
  const startYear = now.getUTCMonth() >= 3 ? now.getUTCFullYear() - 1 : now.getUTCFullYear() - 2;
  return `${startYear + 1}-02-10`;
}

const TEXT = {
  en: { reason: 'Reason', confirm: 'I understand that this cannot be undone.', erase: 'Erase personal data', records: 'Records erased:', kept: 'income-tax law requires receipts', status: 'Erased' },
  hi: { reason: 'कारण', confirm: 'मैं समझता/समझती हूँ कि इसे वापस नहीं किया जा सकता।', erase: 'निजी जानकारी मिटाएँ', records: 'मिटाए गए रिकॉर्ड:', kept: 'आयकर क़ानून', status: 'मिटाया' },
} as const;

/**
 * Issue 29, "Erasure everywhere", as staff see it: a member who gave a verified donation is erased
 * from the console on a phone (360 px), once in English and once in Hindi. The console says how many
 * records went and that the donation's receipt data is kept, sealed, for the tax retention period,
 * until when; the member's page then shows the person erased, and their donation's status and
 * receipt are no longer served on its reference and their e-mail.
 */
describe('erasing a member who donated, from the console, in Chromium', () => {
  let harness: Harness;
  let admin: Account;
  let financeToken: string;

  beforeAll(async () => {
    harness = await startHarness();
    admin = await harness.account({ role: 'admin', fullName: 'Console Admin' });
    financeToken = await tokenFor(harness, await harness.account({ role: 'admin', permissions: ['finance'] }));
  });
  afterAll(async () => {
    await harness?.close();
  });

  for (const lang of ['en', 'hi'] as const) {
    it(`erases them at 360 px in ${lang === 'en' ? 'English' : 'Hindi'}, says what went and what the law keeps until when, and serves their donation no more`, { timeout: 120_000 }, async () => {
      const member = await harness.account({ fullName: lang === 'en' ? 'Kavita Erasable' : 'कविता शर्मा' });
      const recorded = await callProcedure(harness, 'donations.admin.recordOffline', {
        kind: 'mutation',
        token: financeToken,
        input: { amountPaise: 2_100_00, cause: 'education', donorName: 'Kavita Sharma', email: member.email, pan: 'ABCDE1234F', address: '12 Station Road, Jaipur', showName: false, mode: 'cash', receivedOn: lastYearsDay() },
      });
      expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
      const { reference } = recorded.body.result?.data as { reference: string };
      const status = () => callProcedure(harness, 'donations.getStatus', { input: { reference, contact: member.email } });
      expect((await status()).status).toBe(200);

      const { page, consoleErrors } = await harness.page({ width: 360 });
      await signIn(page, admin);
      await page.goto(`/admin/members/${member.userId}?lang=${lang}`);
      await waitForApp(page);
      await expect.poll(() => page.getByTestId('member-user-id').textContent()).toBe(member.userId);
      const erasure = page.locator('#erasure-heading').locator('xpath=..');
      await erasure.getByLabel(TEXT[lang].reason, { exact: true }).fill(lang === 'en' ? 'The member asked to be forgotten' : 'सदस्य ने अपनी जानकारी मिटाने को कहा');
      await erasure.getByLabel(TEXT[lang].confirm).check();
      await erasure.getByRole('button', { name: TEXT[lang].erase }).click();

      const outcome = page.getByRole('status').filter({ hasText: TEXT[lang].records });
      await expect.poll(() => outcome.count(), { timeout: 30_000 }).toBeGreaterThan(0);
      const said = (await outcome.first().textContent()) ?? '';
      expect(said).toContain(TEXT[lang].kept);
      expect(said).toContain(reference.replace('-', '').slice(0, 4));
      await expect.poll(() => page.getByTestId('member-status').textContent()).toContain(TEXT[lang].status);
      await expectNoSideScroll(page, `member erased (${lang}, 360 px)`);
      await expectNoAxeViolations(page, `member erased (${lang}, 360 px)`);

      // Their donation is not served on its reference and their e-mail any more.
      expect((await status()).status).toBe(404);
      expect(consoleErrors.filter((text) => !/status of 4\d\d/.test(text))).toEqual([]);
      await page.context().close();
    });
  }
});
