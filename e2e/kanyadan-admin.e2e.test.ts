import type { Locator, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callProcedure, expectNoAxeViolations, signIn, startHarness, tokenFor, waitForApp, type Harness } from './harness.ts';
import { birthCertificatePdf, photoWithExif, submit } from './kanyadan-fixtures.ts';

type Account = Awaited<ReturnType<Harness['account']>>;
interface Detail {
  regNo: string;
  status: string;
  duplicateOf: string[];
  documentsReady: number;
  documentsSent: number;
  history: { type: string; actor: string; summary: string | null }[];
}

/** The same girl sent twice (same name, date of birth, father's name and Aadhaar), and another girl. */
const GIRL = 'Kavya Meena';
const FATHER = 'Mahesh Meena';
const AADHAAR = '234123412346';
const OTHER_GIRL = 'Pooja Yadav';
const OTHER_FATHER = 'Suresh Yadav';

/** YYYY-MM-DD, `years` whole years (and ten days) before today in India. */
function yearsAgo(years: number): string {
  const today = new Date(Date.now() + 330 * 60_000);
  today.setUTCFullYear(today.getUTCFullYear() - years);
  today.setUTCDate(today.getUTCDate() - 10);
  return today.toISOString().slice(0, 10);
}

function applicationFields(overrides: Record<string, string>): Record<string, string> {
  return {
    girlName: GIRL,
    fatherName: FATHER,
    motherName: 'Sita Meena',
    dob: yearsAgo(9),
    aadhaar: AADHAAR,
    phone: '9876543210',
    gender: 'female',
    schoolName: 'Government Primary School',
    className: '3',
    district: 'Jaipur',
    state: 'rajasthan',
    guardianName: FATHER,
    guardianRelation: 'father',
    consent: 'true',
    ...overrides,
  };
}

async function detailOf(harness: Harness, token: string, regNo: string): Promise<Detail> {
  const answer = await callProcedure(harness, 'kanyadan.admin.get', { token, input: { regNo } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result?.data as Detail;
}

async function noSideScroll(page: Page, label: string): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
  expect(scrollWidth, label).toBeLessThanOrEqual(clientWidth);
}

/** The queue's row of one application: the one whose first cell is its number (a duplicate's row links the other in a later cell). */
function queueRow(page: Page, regNo: string): Locator {
  return page.getByTestId('kanyadan-queue').locator('tbody tr').filter({ has: page.locator('td:first-child', { hasText: regNo }) });
}

/** The history's rows as [event, details, by]. */
async function historyRows(page: Page): Promise<string[][]> {
  return page
    .getByTestId('kanyadan-history')
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => Array.from(row.querySelectorAll('td')).slice(0, 3).map((cell) => (cell.textContent ?? '').trim())));
}

async function naturalWidth(image: Locator): Promise<number> {
  return image.evaluate((element) => (element as HTMLImageElement).naturalWidth).catch(() => 0);
}

/** expect.poll for hooks (it works only inside a test): asks until `check` holds, or fails after `timeoutMs`. */
async function waitUntil(label: string, timeoutMs: number, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${label}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const isDocumentResponse = (kind: string) => (response: Response) => response.url().includes(`/documents/${kind}?page=1`);

describe('Kanyadan verification in Chromium (/admin/kanyadan)', () => {
  let harness: Harness;
  let verifier: Account;
  let finance: Account;
  let verifierToken: string;
  let first: string;
  let second: string;
  let unrelated: string;

  beforeAll(async () => {
    harness = await startHarness();
    verifier = await harness.account({ role: 'admin', permissions: ['verification'], fullName: 'Verification Desk' });
    finance = await harness.account({ role: 'admin', permissions: ['finance'], fullName: 'Finance Desk' });
    verifierToken = await tokenFor(harness, verifier);
    const files = { photo: await photoWithExif(), birthCertificate: await birthCertificatePdf() };
    first = await submit(harness, applicationFields({ phone: '9876543210' }), files);
    second = await submit(harness, applicationFields({ phone: '9812345670', district: 'Ajmer' }), files);
    unrelated = await submit(
      harness,
      applicationFields({ girlName: OTHER_GIRL, fatherName: OTHER_FATHER, guardianName: OTHER_FATHER, motherName: 'Geeta Yadav', dob: yearsAgo(6), aadhaar: '', phone: '9123456780', district: 'Patna', state: 'bihar' }),
      files,
    );
    // The embedded server runs the document job in its own process: wait until each application's documents are made safe.
    for (const regNo of [first, second, unrelated]) {
      await waitUntil(`${regNo}: documents ready`, 30_000, async () => {
        const detail = await detailOf(harness, verifierToken, regNo);
        return detail.documentsSent === 2 && detail.documentsReady === detail.documentsSent;
      });
    }
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('flags the duplicates in the queue, shows one masked, records each document view and the full details, verifies it; nothing scrolls sideways at 360 px', { timeout: 90_000 }, async () => {
    const { page, consoleErrors } = await harness.page();
    await signIn(page, verifier, 'admin');
    await page.goto('/admin/kanyadan');
    await waitForApp(page);
    const queue = page.getByTestId('kanyadan-queue');
    await expect.poll(() => queue.locator('tbody tr').count(), { timeout: 15_000 }).toBe(3);
    for (const regNo of [first, second, unrelated]) expect(await queueRow(page, regNo).count(), regNo).toBe(1);
    expect(await queueRow(page, unrelated).getByTestId('duplicate-cell').textContent()).toBe('—');
    expect(await queueRow(page, first).locator('td').last().textContent()).toBe('2 of 2 ready');

    // Only possible duplicates: the two, each naming the other; not the unrelated girl.
    const filters = page.getByTestId('kanyadan-filters');
    await filters.getByLabel('Only possible duplicates').check();
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL('**/admin/kanyadan?duplicates=yes');
    await expect.poll(() => queue.locator('tbody tr').count()).toBe(2);
    expect(await queueRow(page, unrelated).count()).toBe(0);
    for (const [regNo, other] of [
      [first, second],
      [second, first],
    ] as const) {
      const cell = queueRow(page, regNo).getByTestId('duplicate-cell');
      expect(await cell.textContent()).toBe(`Possible duplicateMatches: ${other}`);
      expect(await cell.getByRole('link', { name: other }).getAttribute('href')).toBe(`/admin/kanyadan/${other}`);
    }
    // Applying filters replaces the filter form, never adds a second one (same ids, same landmark name).
    expect(await page.locator('form[data-testid="kanyadan-filters"]').count(), 'filter forms on the page after "Apply filters"').toBe(1);
    await expectNoAxeViolations(page, '/admin/kanyadan?duplicates=yes (after Apply)');
    // The filtered view as reloaded (a bookmark, a shared link): the same two, the box ticked, nothing for axe.
    await page.reload();
    await waitForApp(page);
    await expect.poll(() => queue.locator('tbody tr').count()).toBe(2);
    expect(await queueRow(page, unrelated).count()).toBe(0);
    expect(await filters.getByLabel('Only possible duplicates').isChecked()).toBe(true);
    await expectNoAxeViolations(page, '/admin/kanyadan?duplicates=yes');

    // The second application's page: masked, with the link to the first.
    await queueRow(page, second).getByRole('link', { name: second, exact: true }).click();
    await page.waitForURL(`**/admin/kanyadan/${second}`);
    await page.getByRole('heading', { level: 1, name: `Application ${second}` }).waitFor();
    const masked = page.getByTestId('applicant-masked');
    expect(await masked.textContent()).toContain('K•••• M••••');
    expect(await masked.textContent()).toContain('XXXX XXXX 2346');
    const main = page.locator('main');
    for (const secret of ['Kavya', 'Mahesh', AADHAAR, '9812345670']) expect(await main.textContent(), secret).not.toContain(secret);
    const notice = page.getByTestId('duplicate-notice');
    expect(await notice.getByRole('link').allTextContents()).toEqual([first]);
    expect(await notice.getByRole('link', { name: first }).getAttribute('href')).toBe(`/admin/kanyadan/${first}`);
    // Nothing is loaded before someone presses View.
    expect(await page.getByTestId('documents').locator('img').count()).toBe(0);
    const before = await historyRows(page);
    expect(before.filter(([event]) => event === 'Document viewed' || event === 'Full details viewed')).toEqual([]);

    // Verify waits until this verifier has opened every document, and says which are left (issue 32).
    const verifyButton = page.getByTestId('verify-button');
    expect(await verifyButton.isDisabled()).toBe(true);
    expect(await page.getByTestId('verify-waits').textContent()).toContain('Open every document below before verifying');
    expect(await page.getByTestId('verify-waits').getByRole('listitem').allTextContents()).toEqual(['Birth certificate', 'Photo']);

    // The photo: JPEG, re-encoded (upright: 320 × 480 after the EXIF rotation).
    const photo = page.getByTestId('document-photo');
    const [photoResponse] = await Promise.all([page.waitForResponse(isDocumentResponse('photo')), photo.getByRole('button', { name: 'View Photo' }).click()]);
    expect(photoResponse.status()).toBe(200);
    expect(photoResponse.headers()['content-type']).toBe('image/jpeg');
    expect(photoResponse.headers()['cache-control']).toBe('private, no-store');
    const photoImage = photo.getByRole('img', { name: `Photo of application ${second}, page 1 of 1` });
    await expect.poll(() => naturalWidth(photoImage)).toBe(320);
    expect(await photoImage.evaluate((element) => (element as HTMLImageElement).naturalHeight)).toBe(480);

    // The birth certificate: page 1 of the PDF, drawn as a PNG.
    const certificate = page.getByTestId('document-birthCertificate');
    expect(await certificate.textContent()).toContain('PDF, pages: 1');
    const [pdfResponse] = await Promise.all([
      page.waitForResponse(isDocumentResponse('birthCertificate')),
      certificate.getByRole('button', { name: 'View Birth certificate' }).click(),
    ]);
    expect(pdfResponse.status()).toBe(200);
    expect(pdfResponse.headers()['content-type']).toBe('image/png');
    const pdfImage = certificate.getByRole('img', { name: `Birth certificate of application ${second}, page 1 of 1` });
    await expect.poll(() => naturalWidth(pdfImage)).toBeGreaterThan(400);

    // The history, asked for again after each load, names both views and who made them.
    const views = async () => (await historyRows(page)).filter(([event]) => event === 'Document viewed');
    await expect
      .poll(views)
      .toEqual([
        ['Document viewed', 'Document viewed: photo, page 1', verifier.userId],
        ['Document viewed', 'Document viewed: birth certificate, page 1', verifier.userId],
      ]);

    // Full details: shown on request, and the view recorded.
    await page.getByTestId('reveal').getByRole('button', { name: 'Show full details' }).click();
    const full = page.getByTestId('applicant-full');
    await full.waitFor();
    expect(await full.textContent()).toContain(GIRL);
    expect(await full.textContent()).toContain(FATHER);
    expect(await full.textContent()).toContain('9812345670');
    expect(await page.getByTestId('reveal').count()).toBe(0);
    await expect
      .poll(async () => (await historyRows(page)).filter(([event]) => event === 'Full details viewed'))
      .toEqual([['Full details viewed', 'Full details viewed', verifier.userId]]);
    expect((await detailOf(harness, verifierToken, second)).history.filter((entry) => entry.type.endsWith('Viewed')).map((entry) => [entry.type, entry.actor])).toEqual([
      ['KanyadanDocumentViewed', verifier.userId],
      ['KanyadanDocumentViewed', verifier.userId],
      ['KanyadanDetailsViewed', verifier.userId],
    ]);
    // Soft, as the filter forms above: the verification below is still checked when this fails.
    await expectNoAxeViolations(page, `/admin/kanyadan/${second} (documents and full details open)`);

    // Both opened: Verify is enabled, the list gone.
    await expect.poll(() => verifyButton.isDisabled()).toBe(false);
    expect(await page.getByTestId('verify-waits').count()).toBe(0);
    expect(await page.getByTestId('opened-photo').textContent()).toBe('You have opened it.');

    // Verify (one press, no confirmation step): the status, the outcome, and the text for the family's SMS.
    const verifyForm = page.getByTestId('verify-form');
    await verifyForm.getByRole('button', { name: 'Verify application' }).click();
    await expect.poll(() => page.getByTestId('application-status').textContent()).toBe('Verified');
    expect(await page.getByTestId('action-outcome').textContent()).toBe('The application is verified. Send the family the text below.');
    const smsText = `Sahay Kanyadan ${second}: आपका आवेदन सत्यापित हो गया है। Your application has been verified.`;
    await expect.poll(() => page.getByTestId('sms-text').getByLabel('SMS text (English and Hindi)').inputValue()).toBe(smsText);
    expect(await verifyForm.count()).toBe(0);
    expect(await page.getByTestId('reject-form').count()).toBe(0);
    await expect.poll(async () => (await historyRows(page)).filter(([event]) => event === 'Verified')).toEqual([['Verified', 'Application verified', verifier.userId]]);

    await page.reload();
    await waitForApp(page);
    await expect.poll(() => page.getByTestId('application-status').textContent()).toBe('Verified');
    expect(await page.getByTestId('sms-text').getByLabel('SMS text (English and Hindi)').inputValue()).toBe(smsText);
    expect(await page.getByTestId('applicant-full').count()).toBe(0);
    expect((await detailOf(harness, verifierToken, second)).status).toBe('verified');

    // A phone's width: the page does not scroll sideways; the history table scrolls in its own box.
    await page.setViewportSize({ width: 360, height: 800 });
    await noSideScroll(page, `/admin/kanyadan/${second} (360 px)`);
    expect(await page.locator('.table-scroll').getByTestId('kanyadan-history').count()).toBe(1);
    await page.goto('/admin/kanyadan');
    await waitForApp(page);
    await expect.poll(() => queue.locator('tbody tr').count()).toBe(3);
    expect(await queueRow(page, second).locator('td').nth(1).textContent()).toBe('Verified');
    expect(await page.locator('.table-scroll').getByTestId('kanyadan-queue').count()).toBe(1);
    await noSideScroll(page, '/admin/kanyadan (360 px)');
    await page.goto('/admin/kanyadan?duplicates=yes');
    await waitForApp(page);
    await expect.poll(() => queue.locator('tbody tr').count()).toBe(2);
    await noSideScroll(page, '/admin/kanyadan?duplicates=yes (360 px)');

    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });

  it('shows a finance-only admin the application without documents or full details; the document URL answers 403 and records nothing', async () => {
    const before = await detailOf(harness, verifierToken, first);
    const { page, consoleErrors } = await harness.page();
    await signIn(page, finance, 'admin');
    await page.goto(`/admin/kanyadan/${first}`);
    await waitForApp(page);
    await page.getByRole('heading', { level: 1, name: `Application ${first}` }).waitFor();
    const documents = page.getByTestId('documents');
    expect(await documents.textContent()).toContain('Only the verification team can open the documents.');
    expect(await documents.getByRole('button').count()).toBe(0);
    expect(await page.locator('[data-testid^="view-"]').count()).toBe(0);
    expect(await documents.locator('img').count()).toBe(0);
    expect(await page.getByTestId('reveal').count()).toBe(0);
    expect(await page.getByTestId('verify-form').count()).toBe(0);
    expect(await page.getByTestId('applicant-masked').textContent()).toContain('K•••• M••••');
    expect(await page.getByTestId('duplicate-notice').getByRole('link').allTextContents()).toEqual([second]);
    const rowsBefore = await historyRows(page);

    // The same URL the View button would load, with this admin's session cookie.
    const answers = await page.evaluate(async (regNo) => {
      const statusOf = async (kind: string) => (await fetch(`/api/admin/kanyadan/applications/${regNo}/documents/${kind}?page=1`)).status;
      return [await statusOf('photo'), await statusOf('birthCertificate')];
    }, first);
    expect(answers).toEqual([403, 403]);
    const detailAnswer = await page.evaluate(async (regNo) => (await fetch(`/api/admin/kanyadan/applications/${regNo}`)).status, first);
    expect(detailAnswer).toBe(200);

    // No access was recorded: the history is as it was, on the page and at the server.
    await page.reload();
    await waitForApp(page);
    await page.getByTestId('kanyadan-history').waitFor();
    expect(await historyRows(page)).toEqual(rowsBefore);
    const after = await detailOf(harness, verifierToken, first);
    expect(after.history).toEqual(before.history);
    expect(after.history.some((entry) => entry.type === 'KanyadanDocumentViewed' || entry.type === 'KanyadanDetailsViewed')).toBe(false);

    await page.setViewportSize({ width: 360, height: 800 });
    await noSideScroll(page, `/admin/kanyadan/${first} as finance (360 px)`);
    expect(consoleErrors.filter((text) => !/status of 403/.test(text))).toEqual([]);
    await page.context().close();
  });
});
