import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callProcedure, expectAccessible, expectNoSideScroll, indiaDay, signIn, startHarness, tokenFor, waitForApp, type Harness } from './harness.ts';

type Account = Awaited<ReturnType<Harness['account']>>;

/** Screenshots, to be looked at by a person (both languages). */
const SHOTS_DIR = process.env.SAHAY_E2E_SHOTS ?? path.join(os.tmpdir(), 'sahay-e2e-payout-holder');
const WIDTH = 360;
const UI_WAIT = { timeout: 15_000 } as const;

/** Ravi's own payout details, as his profile holds them: he leaves the request's payout empty, so they are taken. */
const RAVIS_PROFILE = { upiId: 'ravi.kumar@okaxis', bankName: 'State Bank of India', accountHolder: 'RAVI KUMAR', accountNumber: '301245678901', confirmAccountNumber: '301245678901', ifsc: 'SBIN0001234' };

/** What each person reads, per language (web/src/i18n/{en,hi}). */
const TEXT = {
  en: {
    warningHeading: 'The money would not go to the beneficiary’s own account',
    warningUpi: 'The UPI ID is the requester’s.',
    warningBank: 'The bank account is the requester’s.',
    reveal: 'Show beneficiary and payout details',
    upiOfRequester: 'ravi.kumar@okaxisof Ravi Kumar, the requester — not the beneficiary',
    accountOfRequester: '301245678901of RAVI KUMAR, the requester — not the beneficiary',
    directHeading: 'Give directly by UPI',
    whose: 'This UPI ID is the account of the member who asked for this help for Kamla — not Kamla’s own.',
    straightToKamla: 'This money goes straight to Kamla',
    beneficiary: 'Beneficiary',
    upiId: 'UPI ID',
    accountNumber: 'Account number',
    accountHolder: 'Account holder',
  },
  hi: {
    warningHeading: 'पैसा लाभार्थी के अपने खाते में नहीं जाएगा',
    warningUpi: 'यूपीआई आईडी अनुरोधकर्ता की है।',
    warningBank: 'बैंक खाता अनुरोधकर्ता का है।',
    reveal: 'लाभार्थी और भुगतान का विवरण दिखाएँ',
    upiOfRequester: 'ravi.kumar@okaxisRavi Kumar की, जो अनुरोधकर्ता हैं — लाभार्थी की नहीं',
    accountOfRequester: '301245678901RAVI KUMAR की, जो अनुरोधकर्ता हैं — लाभार्थी की नहीं',
    directHeading: 'सीधे यूपीआई से दें',
    whose: 'यह यूपीआई आईडी Kamla के लिए सहायता माँगने वाले सदस्य के खाते की है — Kamla की अपनी नहीं।',
    straightToKamla: 'यह पैसा सीधे Kamla के पास जाता है',
    beneficiary: 'लाभार्थी',
    upiId: null,
    accountNumber: null,
    accountHolder: null,
  },
} as const;

async function estimatePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([420, 595]);
  page.drawText('District Hospital, Jaipur', { x: 40, y: 530, size: 16, font });
  page.drawText(`Estimate of ${indiaDay(-5)}. Patient: Kamla Devi. Cataract operation: Rs 30,000`, { x: 40, y: 500, size: 9, font });
  return Buffer.from(await doc.save());
}

/** A tRPC mutation as `token`'s holder: its answer, after checking it was taken. */
async function mutate(harness: Harness, procedure: string, input: unknown, token?: string): Promise<unknown> {
  const answer = await callProcedure(harness, procedure, { kind: 'mutation', input, token });
  expect(answer.status, `${procedure}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body.result?.data;
}

/** What a `<dl>` of facts says: each term with its description. */
async function factsOf(page: Page, testId: string): Promise<Record<string, string>> {
  return page.getByTestId(testId).evaluate((list) =>
    Object.fromEntries([...list.querySelectorAll(':scope > div')].map((fact) => [fact.querySelector('dt')?.textContent ?? '', fact.querySelector('dd')?.textContent ?? ''])),
  );
}

/**
 * Issue 32, item 5, in Chromium at 360 px in English and Hindi: Ravi Kumar asks help for his mother
 * Kamla Devi and his own profile's UPI ID and bank account are taken. Verification staff are warned
 * before publishing, and see whose each account is once they open the details; the public "give
 * directly" box no longer says the money goes straight to Kamla; finance's "where to pay" names the
 * requester beside the UPI ID and the account.
 */
describe('whose account a help request pays, in Chromium at 360 px', () => {
  let harness: Harness;
  let ravi: Account;
  let verifier: Account;
  let finance: Account;
  let requestId: string;

  beforeAll(async () => {
    harness = await startHarness();
    fs.mkdirSync(SHOTS_DIR, { recursive: true });
    ravi = await harness.account({ fullName: 'Ravi Kumar' });
    verifier = await harness.account({ role: 'admin', permissions: ['verification'], fullName: 'Verification Desk' });
    finance = await harness.account({ role: 'admin', permissions: ['finance'], fullName: 'Finance Desk' });
    const raviToken = await tokenFor(harness, ravi);
    await mutate(harness, 'identity.updateProfile', RAVIS_PROFILE, raviToken);
    // POST /api/help as the form sends it, the payout left empty: the profile's is taken.
    const form = new FormData();
    const fields = {
      category: 'medical',
      titleEn: 'Cataract operation for my mother',
      storyEn: 'My mother Kamla needs a cataract operation at the district hospital in Jaipur; the estimate is 30,000 rupees and we can pay a third.',
      amountNeeded: '30000',
      beneficiaryName: 'Kamla Devi',
      relation: 'parent',
      document1Kind: 'hospital-estimate',
      document1Date: indiaDay(-5),
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('document1', new Blob([new Uint8Array(await estimatePdf())], { type: 'application/pdf' }), 'estimate.pdf');
    const response = await fetch(`${harness.url}/api/help`, { method: 'POST', headers: { Authorization: `Bearer ${raviToken}` }, body: form });
    const body = (await response.json()) as { id?: string };
    expect(response.status, JSON.stringify(body)).toBe(201);
    requestId = body.id!;
    await mutate(harness, 'help.admin.checkIdentity', { id: requestId, idKind: 'aadhaar', isMatched: true }, await tokenFor(harness, verifier));
  });
  afterAll(async () => {
    await harness?.close();
  });

  it.each(['hi', 'en'] as const)('%s: verification staff are warned before publishing, see whose each account is, and can still publish', { timeout: 120_000 }, async (lang) => {
    const text = TEXT[lang];
    const { page, consoleErrors } = await harness.page({ width: WIDTH });
    await signIn(page, verifier, 'admin');
    await page.goto(`/admin/help/${requestId}${lang === 'hi' ? '?lang=hi' : ''}`);
    await waitForApp(page);
    const warning = page.getByTestId('help-payout-elsewhere');
    await warning.waitFor(UI_WAIT);
    expect(await warning.innerText()).toContain(text.warningHeading);
    expect(await warning.getByRole('listitem').allTextContents()).toEqual([text.warningUpi, text.warningBank]);
    // Said without the names, which open on request and are logged.
    expect(await warning.innerText()).not.toContain('Ravi');
    const publish = page.getByTestId('help-publish');
    expect(await publish.isDisabled()).toBe(false);
    const describedBy = (await publish.getAttribute('aria-describedby')) ?? '';
    expect(describedBy.split(' ')).toContain(await warning.getAttribute('id'));
    await expectNoSideScroll(page, `warning before publishing (${lang}, 360 px)`);
    await expectAccessible(page, `warning before publishing (${lang}, 360 px)`);
    await warning.screenshot({ path: path.join(SHOTS_DIR, `publish-warning-${lang}-360.png`) });

    await page.getByRole('button', { name: text.reveal }).click();
    await expect.poll(() => page.getByTestId('upi-holder').count(), UI_WAIT).toBe(1);
    const facts = page.getByTestId('help-beneficiary-details');
    expect(await facts.locator('dd', { has: page.getByTestId('upi-holder') }).textContent()).toBe(text.upiOfRequester);
    expect(await facts.locator('dd', { has: page.getByTestId('bank-holder') }).textContent()).toBe(text.accountOfRequester);
    await expectNoSideScroll(page, `beneficiary details (${lang}, 360 px)`);
    await expectAccessible(page, `beneficiary details (${lang}, 360 px)`);
    await page.getByTestId('help-beneficiary').screenshot({ path: path.join(SHOTS_DIR, `beneficiary-details-${lang}-360.png`) });

    if (lang === 'en') {
      await publish.click();
      await expect.poll(() => page.getByTestId('help-status').textContent(), UI_WAIT).toBe('Published');
    }
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });

  it.each(['en', 'hi'] as const)('%s: the public “give directly” box says the UPI ID is the requester’s, not Kamla’s, and shows no name or account more', { timeout: 120_000 }, async (lang) => {
    const text = TEXT[lang];
    const { page, consoleErrors } = await harness.page({ width: WIDTH });
    await page.goto(`/help/${requestId}${lang === 'hi' ? '?lang=hi' : ''}`);
    await waitForApp(page);
    const direct = page.getByTestId('give-directly');
    await direct.waitFor();
    expect(await direct.getByRole('heading', { level: 3 }).textContent()).toBe(text.directHeading);
    expect(await page.getByTestId('direct-upi-holder').textContent()).toBe(text.whose);
    expect(await page.getByTestId('copy-direct-upi').inputValue()).toBe(RAVIS_PROFILE.upiId);
    expect(await direct.innerText()).not.toContain(text.straightToKamla);
    const html = await page.content();
    for (const hidden of ['Ravi Kumar', 'RAVI KUMAR', 'Kamla Devi', RAVIS_PROFILE.accountNumber, RAVIS_PROFILE.ifsc]) expect(html).not.toContain(hidden);
    await expectNoSideScroll(page, `give directly (${lang}, 360 px)`);
    await expectAccessible(page, `give directly (${lang}, 360 px)`);
    await direct.screenshot({ path: path.join(SHOTS_DIR, `give-directly-${lang}-360.png`) });
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });

  it.each(['en', 'hi'] as const)('%s: finance’s “where to pay” names the requester beside the UPI ID and the account', { timeout: 180_000 }, async (lang) => {
    const text = TEXT[lang];
    if (lang === 'en') {
      // A donation through the foundation for the request, verified, earmarked by its job; then Ravi asks to withdraw.
      const email = `anita.${crypto.randomBytes(4).toString('hex')}@example.org`;
      const { reference } = (await mutate(harness, 'donations.create', { amountPaise: 5_000_00, cause: 'general', donorName: 'Anita Sharma', email, showName: false, helpRequestId: requestId })) as { reference: string };
      await mutate(harness, 'donations.submitProof', { reference, contact: email, utr: String(crypto.randomInt(100_000_000_000, 999_999_999_999)) });
      const financeToken = await tokenFor(harness, finance);
      await mutate(harness, 'donations.admin.verify', { reference, receivedOn: indiaDay(0), mode: 'upi' }, financeToken);
      const raviToken = await tokenFor(harness, ravi);
      await expect
        .poll(async () => ((await callProcedure(harness, 'help.disbursements.get', { input: { id: requestId }, token: raviToken })).body.result?.data as { availablePaise?: number } | undefined)?.availablePaise, { timeout: 30_000, interval: 500 })
        .toBe(5_000_00);
      await mutate(harness, 'help.disbursements.request', { id: requestId, disbursementId: crypto.randomUUID(), amountPaise: 2_000_00, contactNumber: '98290 12345' }, raviToken);
    }
    const { page, consoleErrors } = await harness.page({ width: WIDTH });
    await signIn(page, finance, 'admin');
    await page.goto(`/admin/disbursements${lang === 'hi' ? '?lang=hi' : ''}`);
    await waitForApp(page);
    const table = page.getByTestId('disbursements');
    await table.waitFor(UI_WAIT);
    const row = table.locator('tbody tr').filter({ hasText: requestId });
    await row.getByTestId('disbursement-details').click();
    const dialog = page.getByTestId('disbursement-details-dialog');
    await dialog.getByTestId('disbursement-details-facts').waitFor(UI_WAIT);
    const facts = await factsOf(page, 'disbursement-details-facts');
    expect(facts[text.beneficiary]).toBe('Kamla Devi');
    expect(await dialog.locator('dd', { has: page.getByTestId('upi-holder') }).textContent()).toBe(text.upiOfRequester);
    expect(await dialog.locator('dd', { has: page.getByTestId('bank-holder') }).textContent()).toBe(text.accountOfRequester);
    if (text.upiId) {
      expect(facts).toMatchObject({ [text.upiId]: text.upiOfRequester, [text.accountNumber]: text.accountOfRequester, [text.accountHolder]: 'RAVI KUMAR' });
    }
    await expectNoSideScroll(page, `where to pay (${lang}, 360 px)`);
    await expectAccessible(page, `where to pay (${lang}, 360 px)`);
    await page.screenshot({ path: path.join(SHOTS_DIR, `where-to-pay-${lang}-360.png`) });
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });
});
