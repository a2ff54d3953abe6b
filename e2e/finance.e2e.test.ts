import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '#server/testing/outbox';
import { callProcedure, expectAccessible, expectNoAxeViolations, signIn, startHarness, tokenFor, waitForApp, type Harness } from './harness.ts';

/** Screenshots land here, to be looked at by a person. */
const SHOTS_DIR = process.env.SAHAY_E2E_SHOTS ?? path.join(os.tmpdir(), 'sahay-e2e-finance');

type Account = Awaited<ReturnType<Harness['account']>>;

async function noSideScroll(page: Page, label: string): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
  expect(scrollWidth, label).toBeLessThanOrEqual(clientWidth);
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage: true });
}

/** 12 digits no other test in this file uses. */
function utr(): string {
  return String(crypto.randomInt(100_000_000_000, 999_999_999_999));
}

describe('transparency and bank-statement matching in Chromium', () => {
  let harness: Harness;
  let admin: Account;
  let adminToken: string;

  /** A pledge with its proof (the donor's UTR), through the same procedures the donate page calls. */
  async function pledgeWithProof(input: { donorName: string; amountPaise: number; showName: boolean; utr: string }): Promise<string> {
    const email = `donor.${crypto.randomBytes(4).toString('hex')}@example.org`;
    const created = await callProcedure(harness, 'donations.create', { kind: 'mutation', input: { amountPaise: input.amountPaise, cause: 'general', donorName: input.donorName, email, showName: input.showName } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const reference = (created.body.result?.data as { reference: string }).reference;
    const proof = await callProcedure(harness, 'donations.submitProof', { kind: 'mutation', input: { reference, contact: email, utr: input.utr } });
    expect(proof.status, JSON.stringify(proof.body)).toBe(200);
    return reference;
  }

  beforeAll(async () => {
    harness = await startHarness();
    fs.mkdirSync(SHOTS_DIR, { recursive: true });
    admin = await harness.account({ role: 'admin', fullName: 'Finance Admin' });
    adminToken = await tokenFor(harness, admin);
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('shows the transparency chart, its tables and the verified gifts at 360 px in English and Hindi, naming only donors who agreed', { timeout: 120_000 }, async () => {
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    for (const gift of [
      { donorName: 'सुनीता देवी', amountPaise: 1_250_00, showName: true },
      { donorName: 'Private Person', amountPaise: 5_000_00, showName: false },
    ]) {
      const reference = await pledgeWithProof({ ...gift, utr: utr() });
      const verified = await callProcedure(harness, 'donations.admin.verify', { kind: 'mutation', token: adminToken, input: { reference, receivedOn: today, mode: 'upi' } });
      expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    }
    // The worker projects the figures a moment after the verification.
    await expect.poll(async () => ((await callProcedure(harness, 'transparency.report.get', { input: {} })).body.result?.data as { gifts: { total: number } }).gifts.total, { timeout: 15_000 }).toBe(2);

    for (const lang of ['en', 'hi'] as const) {
      const { page, consoleErrors } = await harness.page({ width: 360 });
      const response = await page.goto(lang === 'hi' ? '/transparency?lang=hi' : '/transparency');
      expect(response?.status()).toBe(200);
      // Server-rendered: the charts and the names are in the HTML before any script runs.
      const html = (await response?.text()) ?? '';
      expect(html.match(/<svg[^>]*role="img"/g)).toHaveLength(2);
      expect(html).toContain('सुनीता देवी');
      expect(html).not.toContain('Private Person');
      await waitForApp(page);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(lang === 'hi' ? 'पारदर्शिता' : 'Transparency');
      expect(await page.getByRole('img').count()).toBeGreaterThanOrEqual(2);
      const gifts = page.locator('section[aria-labelledby="transparency-gifts"] .gift');
      expect(await gifts.count()).toBe(2);
      expect(await gifts.nth(0).textContent()).toContain(lang === 'hi' ? 'गुमनाम' : 'Anonymous');
      expect(await gifts.nth(1).textContent()).toContain('सुनीता देवी');
      // The causes' table shows; the 24 months' table opens from its summary.
      expect(await page.getByRole('table').count()).toBe(1);
      await page.locator('details.chart-table summary').click();
      expect(await page.getByRole('table').count()).toBe(2);
      await noSideScroll(page, `/transparency (${lang}, 360 px)`);
      await expectNoAxeViolations(page, `/transparency (${lang}, 360 px)`);
      await shot(page, `transparency-${lang}-360`);

      // "Download as CSV" gives exactly the page's list, in its language.
      const csvHref = await page.getByRole('link', { name: lang === 'hi' ? 'यह पन्ना CSV (स्प्रेडशीट) में डाउनलोड करें' : 'Download this page as CSV (spreadsheet)' }).getAttribute('href');
      const bytes = Buffer.from(await (await fetch(`${harness.url}${csvHref}`)).arrayBuffer());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const csv = bytes.toString('utf8');
      expect(csv).toContain('सुनीता देवी');
      expect(csv).toContain(lang === 'hi' ? 'गुमनाम' : 'Anonymous');
      expect(csv).not.toContain('Private Person');
      expect(consoleErrors).toEqual([]);
      await page.context().close();
    }
  });

  it('a finance admin uploads a bank statement and verifies its two sure matches in one action; both receipts arrive by e-mail', { timeout: 180_000 }, async () => {
    const utrs = [utr(), utr()];
    const references = [
      await pledgeWithProof({ donorName: 'Meera Shah', amountPaise: 1_111_00, showName: false, utr: utrs[0]! }),
      await pledgeWithProof({ donorName: 'Ravi Kumar', amountPaise: 2_222_50, showName: false, utr: utrs[1]! }),
    ];
    const day = new Date(Date.now() + 330 * 60_000);
    const bankDate = `${String(day.getUTCDate()).padStart(2, '0')}/${String(day.getUTCMonth() + 1).padStart(2, '0')}/${day.getUTCFullYear()}`;
    const file = path.join(SHOTS_DIR, 'statement.csv');
    fs.writeFileSync(
      file,
      [
        'Account Statement,SAHAY FOUNDATION',
        '',
        'Date,Narration,Chq./Ref.No.,Withdrawal Amt.,Deposit Amt.,Closing Balance',
        `${bankDate},"UPI/${utrs[0]}/MEERA SHAH/meera@okaxis",,,"1,111.00","10,000.00"`,
        `${bankDate},"UPI/${utrs[1]}/RAVI KUMAR/ravi@ybl",,,"2,222.50","12,222.50"`,
        `${bankDate},"ATM WDL JAIPUR",,"500.00",,"11,722.50"`,
        `${bankDate},"NEFT-HDFCR52026112599999999-UNKNOWN PAYER",,,"9,999.00","21,721.50"`,
      ].join('\n'),
    );

    const { page, consoleErrors } = await harness.page({ width: 360 });
    await signIn(page, admin);
    await page.goto('/admin/bank-statements');
    await waitForApp(page);
    await page.getByTestId('statement-file').setInputFiles(file);
    await page.getByTestId('statement-match').click();
    const sure = page.getByTestId('statement-sure');
    await expect.poll(() => sure.textContent(), { timeout: 15_000 }).toContain(references[0]!);
    expect(await sure.textContent()).toContain(references[1]!);
    expect(await page.getByTestId('statement-unmatched').textContent()).toContain('9,999');
    await noSideScroll(page, '/admin/bank-statements (360 px)');
    await expectAccessible(page, '/admin/bank-statements (360 px)');
    await shot(page, 'bank-statement-matched-en-360');

    const outboxBefore = readOutbox(harness.dataDir).length;
    await page.getByTestId('statement-verify').click();
    const notice = page.getByTestId('statement-verified-notice');
    await expect.poll(() => notice.textContent(), { timeout: 15_000 }).toContain(references[0]!);
    const serials = [...((await notice.textContent()) ?? '').matchAll(/SAHAY\/\d{4}-\d{2}\/\d{6}/g)].map((match) => match[0]);
    expect(serials).toHaveLength(2);
    expect(await page.getByTestId('statement-verified').textContent()).toContain(references[1]!);
    await shot(page, 'bank-statement-verified-en-360');

    for (const reference of references) {
      const status = await callProcedure(harness, 'donations.admin.get', { token: adminToken, input: { reference } });
      expect((status.body.result?.data as { status: string }).status).toBe('verified');
    }
    // Each verification e-mails its own receipt.
    await expect
      .poll(() => readOutbox(harness.dataDir).slice(outboxBefore).filter((mail) => serials.some((serial) => mail.text.includes(serial))).length, { timeout: 30_000 })
      .toBe(2);
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });

  it('records the Aadhaar of a donor who gave no PAN, from the donation page at 360 px, for Form 10BD', { timeout: 120_000 }, async () => {
    const reference = await pledgeWithProof({ donorName: 'Kamla Devi', amountPaise: 501_00, showName: false, utr: utr() });
    const { page, consoleErrors } = await harness.page({ width: 360 });
    await signIn(page, admin);
    await page.goto(`/admin/donations/${reference}`);
    await waitForApp(page);
    const form = page.getByTestId('donor-id-form');
    await form.getByLabel('ID number').fill('2341 2341 2347');
    await form.getByRole('button', { name: 'Record the ID' }).click();
    await expect.poll(() => form.textContent()).toContain('This Aadhaar number is not valid. Please check each digit.');
    await form.getByLabel('ID number').fill('2341 2341 2346');
    await form.getByRole('button', { name: 'Record the ID' }).click();
    await expect.poll(() => page.getByTestId('donor-id').textContent()).toContain('234123412346');
    await noSideScroll(page, '/admin/donations/:reference donor ID (360 px)');
    await expectAccessible(page, '/admin/donations/:reference donor ID (360 px)');
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });
  it('walks an audit: a receipt serial finds the donation, its history names who verified it, and the record as it stood before the verification shows what changed since', { timeout: 120_000 }, async () => {
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    const reference = await pledgeWithProof({ donorName: 'Audit Walk Donor', amountPaise: 3_100_00, showName: false, utr: utr() });
    const verified = await callProcedure(harness, 'donations.admin.verify', { kind: 'mutation', token: adminToken, input: { reference, receivedOn: today, mode: 'upi' } });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    const serial = (verified.body.result?.data as { receiptSerial: string }).receiptSerial;

    const { page, consoleErrors } = await harness.page({ width: 360 });
    await signIn(page, admin, 'admin');
    await page.goto('/admin/dashboard');
    await page.getByRole('link', { name: 'Audit a record' }).click();
    await page.waitForURL('**/admin/audit');
    await waitForApp(page);
    await page.getByLabel(/Reference, receipt serial/).fill(serial);
    await page.getByTestId('audit-search').getByRole('button', { name: 'Find' }).click();
    const streamId = `donation-${reference.replace('-', '')}`;
    await page.getByTestId('audit-matches').getByRole('link', { name: streamId }).click();

    const events = page.getByTestId('audit-events');
    await expect.poll(() => events.locator('[data-type]').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-type')))).toEqual(
      expect.arrayContaining(['DonationPledged', 'DonationProofSubmitted', 'DonationVerified']),
    );
    const verifiedCard = events.locator('[data-type="DonationVerified"]');
    expect(await verifiedCard.textContent()).toContain('Finance Admin');
    expect(await verifiedCard.textContent()).toContain(admin.userId);
    await noSideScroll(page, 'audit history (360 px)');
    await expectAccessible(page, 'audit history (360 px)');
    await shot(page, 'admin-audit-history-en-360');

    // As of just after the proof: two events, awaiting verification; and what changed since then.
    await events.locator('[data-type="DonationProofSubmitted"]').getByRole('link', { name: 'The record just after this event' }).click();
    await expect.poll(() => page.getByTestId('audit-moment').textContent()).toContain('As it stood at');
    await expect.poll(() => events.locator('[data-type]').count()).toBe(2);
    await expect.poll(() => page.getByTestId('audit-diff').textContent()).toMatch(/Status: proof_received → verified/);
    await noSideScroll(page, 'audit as of (360 px)');
    await expectAccessible(page, 'audit as of (360 px)');
    await shot(page, 'admin-audit-as-of-en-360');

    // The dispute bundle: asked for, made by the worker, downloaded as a PDF.
    await page.getByTestId('audit-bundle').getByRole('button', { name: 'Make the bundle' }).click();
    const download = page.getByTestId('audit-bundle-download');
    await expect.poll(() => download.count(), { timeout: 20_000 }).toBe(1);
    const pdf = await page.request.get((await download.getAttribute('href'))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    await page.goto(`${new URL(page.url()).pathname}${new URL(page.url()).search}&lang=hi`);
    await expect.poll(() => page.getByTestId('audit-diff').textContent()).toContain('क्या बदला');
    await noSideScroll(page, 'audit as of (hi, 360 px)');
    await shot(page, 'admin-audit-as-of-hi-360');

    // The access log lists those looks for this record.
    await page.goto(`/admin/access-log?record=${reference.replace('-', '')}`);
    await expect.poll(() => page.getByTestId('access-log').locator('[data-type="AuditRecordViewed"]').count()).toBeGreaterThanOrEqual(3);
    expect(await page.getByTestId('access-log').textContent()).toContain(admin.userId);
    await expectAccessible(page, 'access log (360 px)');
    await shot(page, 'admin-access-log-en-360');

    // Each look was recorded on the admin's access stream.
    const looks = await harness.server.services.eventStore.readStream(`audit_access-${admin.userId}`);
    expect(looks.filter((event) => event.type === 'AuditRecordViewed').length).toBeGreaterThanOrEqual(3);
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });
});
