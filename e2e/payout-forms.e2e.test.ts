import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardsOf, expectAccessible, expectNoSideScroll, indiaDay, signIn, startHarness, waitForApp, type Harness } from './harness.ts';

type Account = Awaited<ReturnType<Harness['account']>>;

/** Screenshots, to be looked at by a person (both languages). */
const SHOTS_DIR = process.env.SAHAY_E2E_SHOTS ?? path.join(os.tmpdir(), 'sahay-e2e-payout-forms');
const WIDTH = 360;

/** In the banks' published list (State Bank of India); the other has the shape but no such branch. */
const LISTED = 'SBIN0001234';
const UNLISTED = 'SBIN0999999';

/** What the member and the admin read, per language (web/src/i18n/{en,hi}). */
const TEXT = {
  en: {
    send: 'Send request',
    notInList: 'This IFSC is not in the banks’ published list. Check it on your cheque book or passbook.',
    bank: 'Bank: State Bank of India',
    confirmHeading: 'Check the account for this request',
    readBack: 'Account holder Asha Verma, account number 301245678901, IFSC SBIN0001234 (State Bank of India)',
    confirm: 'Confirm and send',
    change: 'Change',
    queueCaption: '1 request — page 1 of 1',
    labels: ['Number', 'Title', 'Category', 'Amount needed', 'Requester', 'Requested', 'Identity matched'],
  },
  hi: {
    send: 'अनुरोध भेजें',
    notInList: 'यह IFSC कोड बैंकों की प्रकाशित सूची में नहीं है। इसे अपनी चेकबुक या पासबुक से मिलाकर देखें।',
    bank: 'बैंक: State Bank of India',
    confirmHeading: 'इस अनुरोध का खाता जाँच लें',
    readBack: 'खाताधारक Asha Verma, खाता संख्या 301245678901, IFSC कोड SBIN0001234 (State Bank of India)',
    confirm: 'पुष्टि करें और भेजें',
    change: 'बदलें',
    // The English run sent one request before this one.
    queueCaption: '2 अनुरोध, सबसे पुराने पहले — पृष्ठ 1 में से 1',
    labels: null,
  },
} as const;


async function estimatePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([420, 595]);
  page.drawText('District Hospital, Jaipur', { x: 40, y: 530, size: 16, font });
  page.drawText('Estimate: knee operation, Rs 40,000', { x: 40, y: 500, size: 11, font });
  return Buffer.from(await doc.save());
}

/** The error text shown beside a field of the form (aria-describedby's `-error` element). */
async function fieldErrorOf(page: Page, name: string): Promise<string | null> {
  const input = page.locator(`[data-testid="ask-help-form"] [name="${name}"]`);
  if ((await input.getAttribute('aria-invalid')) !== 'true') return null;
  const errorId = (await input.getAttribute('aria-describedby'))?.split(' ').find((id) => id.endsWith('-error'));
  return errorId ? page.locator(`[id="${errorId}"]`).textContent() : null;
}

/**
 * Issue 16 in Chromium at 360 px, in English and Hindi: the ask-for-help form names the IFSC's bank
 * from the published list or refuses it with the list's words, and reads the payout back before
 * anything is sent; the admin's help queue shows the request as a labelled card.
 */
describe('payout details in the ask-for-help form, and the admin queue as cards, at 360 px', () => {
  let harness: Harness;
  let member: Account;
  let admin: Account;
  let pdfFile: string;

  beforeAll(async () => {
    harness = await startHarness();
    fs.mkdirSync(SHOTS_DIR, { recursive: true });
    member = await harness.account({ fullName: 'Asha Verma' });
    admin = await harness.account({ role: 'admin', permissions: ['verification'], fullName: 'Verification Desk' });
    pdfFile = path.join(SHOTS_DIR, 'knee-estimate.pdf');
    fs.writeFileSync(pdfFile, await estimatePdf());
  });
  afterAll(async () => {
    await harness?.close();
  });

  it.each(['en', 'hi'] as const)('%s: a wrong IFSC is refused with the list’s words, a right one names its bank, and the payout is read back before sending', { timeout: 120_000 }, async (lang) => {
    const text = TEXT[lang];
    const { page, consoleErrors } = await harness.page({ width: WIDTH });
    await signIn(page, member, 'member');
    await page.goto(lang === 'hi' ? '/my-help/new?lang=hi' : '/my-help/new');
    await waitForApp(page);
    const form = page.getByTestId('ask-help-form');
    await form.locator('[name=category]').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
    const input = (name: string) => form.locator(`[name="${name}"]`);
    const bankStatus = page.getByTestId('ifsc-bank');

    await input('category').selectOption('medical');
    await input('amountNeeded').fill('40000');
    await input('titleEn').fill(`Knee operation for my mother (${lang})`);
    await input('storyEn').fill('My mother needs a knee operation at the district hospital in Jaipur; the estimate is 40,000 rupees and we have none of it.');
    await input('beneficiaryName').fill('Kamla Verma');
    await input('relation').selectOption('parent');
    // Paid into a bank account: the number typed twice, and an IFSC the list does not have.
    await input('accountHolder').fill('Asha Verma');
    await input('accountNumber').fill('3012 4567 8901');
    await input('confirmAccountNumber').fill('301245678901');
    await input('ifsc').fill(UNLISTED.toLowerCase());
    const slot = page.getByTestId('help-document1');
    await slot.locator('[name=document1Kind]').selectOption('hospital-estimate');
    await slot.locator('[name=document1Date]').fill(indiaDay(-5));
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), slot.getByTestId('choose-document1').click()]);
    await chooser.setFiles(pdfFile);
    await expect.poll(() => slot.textContent()).toContain('knee-estimate.pdf');

    // Said under the field as soon as the list answers.
    await expect.poll(() => bankStatus.textContent(), { timeout: 10_000 }).toBe(text.notInList);
    expect(await bankStatus.getAttribute('class')).toBe('field-error');
    await expectNoSideScroll(page, `unlisted IFSC (${lang})`);
    await page.screenshot({ path: path.join(SHOTS_DIR, `ask-help-unlisted-ifsc-${lang}-360.png`), fullPage: true });

    // Send: refused beside the IFSC, said once; nothing read back, nothing sent.
    await form.getByRole('button', { name: text.send }).click();
    await expect.poll(() => fieldErrorOf(page, 'ifsc')).toBe(text.notInList);
    expect([await bankStatus.textContent(), await bankStatus.getAttribute('class')]).toEqual(['', 'field-hint']);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('ifsc');
    expect(await page.getByTestId('payout-confirmation').count()).toBe(0);
    expect(page.url()).toContain('/my-help/new');
    await expectAccessible(page, `ask-help with the IFSC refused (${lang}, 360 px)`);

    // Corrected: the listed IFSC names its bank.
    await input('ifsc').fill(LISTED.toLowerCase());
    await expect.poll(() => bankStatus.textContent(), { timeout: 10_000 }).toBe(text.bank);
    expect(await fieldErrorOf(page, 'ifsc')).toBeNull();
    await page.screenshot({ path: path.join(SHOTS_DIR, `ask-help-listed-ifsc-${lang}-360.png`), fullPage: true });

    // Send reads the payout back, focused for a screen reader; Change goes back to the fields.
    await form.getByRole('button', { name: text.send }).click();
    const confirmation = page.getByTestId('payout-confirmation');
    await expect.poll(() => confirmation.count()).toBe(1);
    expect(await confirmation.getByRole('heading').textContent()).toBe(text.confirmHeading);
    expect(await confirmation.getByRole('listitem').allTextContents()).toEqual([text.readBack]);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('payout-confirm-heading');
    expect(await form.getByRole('button', { name: text.send }).count()).toBe(0);
    expect(page.url()).toContain('/my-help/new');
    await expectAccessible(page, `ask-help read-back (${lang}, 360 px)`);
    await expectNoSideScroll(page, `ask-help read-back (${lang})`);
    await page.screenshot({ path: path.join(SHOTS_DIR, `ask-help-read-back-${lang}-360.png`), fullPage: true });

    await confirmation.getByRole('button', { name: text.change }).click();
    expect(await confirmation.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('upiId');
    await form.getByRole('button', { name: text.send }).click();
    await expect.poll(() => confirmation.count()).toBe(1);

    // Confirm sends it: the server takes the account (the number's second copy with it) and the listed IFSC.
    await confirmation.getByRole('button', { name: text.confirm }).click();
    await page.waitForURL(/\/my-help\?(.*&)?sent=/, { timeout: 30_000 });
    expect(consoleErrors).toEqual([]);
    await page.context().close();

    // Staff see it in the help queue: a labelled card per request on a phone, no sideways scroll.
    const office = await harness.page({ width: WIDTH });
    await signIn(office.page, admin, 'admin');
    await office.page.goto(lang === 'hi' ? '/admin/help?lang=hi' : '/admin/help');
    await waitForApp(office.page);
    const queue = office.page.getByTestId('help-queue');
    await queue.waitFor();
    expect(await queue.locator('caption').textContent()).toBe(text.queueCaption);
    const cards = await cardsOf(office.page, 'help-queue');
    expect(cards.headingsShown).toBe(false);
    expect(cards.cells.every((cell) => cell.label !== '' && cell.isGrid && cell.fits)).toBe(true);
    const labels = [...new Set(cards.cells.map((cell) => cell.label))];
    if (text.labels) expect(labels).toEqual(text.labels);
    else expect(labels.every((label) => /[\u0900-\u097F]/.test(label))).toBe(true);
    expect(cards.cells.map((cell) => cell.text)).toContain(`Knee operation for my mother (${lang})`);
    await expectNoSideScroll(office.page, `/admin/help (${lang}, 360 px)`);
    await expectAccessible(office.page, `/admin/help (${lang}, 360 px)`);
    await office.page.screenshot({ path: path.join(SHOTS_DIR, `admin-help-queue-${lang}-360.png`), fullPage: true });
    expect(office.consoleErrors).toEqual([]);
    await office.page.context().close();
  });
});
