import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificatePdf, zipOfFiles } from '#server/testing/form-10be-certificates';
import { readOutbox, readSmsOutbox } from '#server/testing/outbox';
import { callProcedure, expectAccessible, expectNoAxeViolations, expectNoSideScroll, indiaDay, signIn, startHarness, tokenFor, waitForApp, type Harness, type HarnessAccount } from './harness.ts';
import { lastFinancialYear, personalPan } from './tax-year.ts';

/** Screenshots and the downloaded certificates, to be looked at by a person. */
const SHOTS_DIR = process.env.SAHAY_E2E_SHOTS ?? path.join(os.tmpdir(), 'sahay-e2e-form-10be');
const FOUNDATION_PAN = 'AAATS1234F';

/**
 * Issue 31: finance uploads the portal's ZIP of Form 10BE certificates — one for a verified donor
 * whose name was typed in Devanagari (matched by PAN and the name's Latin spelling), one for
 * nobody (left waiting) — and the donor, at 360 × 740, gets theirs on /donate/status after the
 * one-time code, byte for byte as uploaded, in Hindi (code by SMS) and in English (code by e-mail).
 */
describe('Form 10BE certificates from upload to the donor, in Chromium', () => {
  let harness: Harness;
  let finance: HarnessAccount;
  let financeToken: string;
  const { fy, day } = lastFinancialYear();
  const email = `rahul.${Date.now()}@example.org`;
  const phone = '9812345671';
  const pan = personalPan();
  let matchedPdf: Buffer;

  beforeAll(async () => {
    harness = await startHarness();
    fs.mkdirSync(SHOTS_DIR, { recursive: true });
    // The foundation's PAN in settings: certificates issued to another organisation are refused.
    const settingsToken = await tokenFor(harness, await harness.account({ role: 'admin', permissions: ['settings'] }));
    const current = await callProcedure(harness, 'site.settings.get', { token: settingsToken });
    const { version } = current.body.result?.data as { version: number };
    const updated = await callProcedure(harness, 'site.settings.update', { kind: 'mutation', token: settingsToken, input: { expectedVersion: version, data: { pan: FOUNDATION_PAN } } });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);

    finance = await harness.account({ role: 'admin', permissions: ['finance'], fullName: 'Finance Admin' });
    financeToken = await tokenFor(harness, finance);
    const recorded = await callProcedure(harness, 'donations.admin.recordOffline', {
      kind: 'mutation',
      token: financeToken,
      input: { amountPaise: 12_500_00, cause: 'education', donorName: 'राहुल कुमार शर्मा', email, phone, pan, address: '12 सिविल लाइंस, जयपुर', showName: false, mode: 'cash', receivedOn: day },
    });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    matchedPdf = await certificatePdf({ foundationPan: FOUNDATION_PAN, arn: '123456789012345', idNumber: pan, donorName: 'RAHUL KUMAR SHARMA', amount: '12,500', financialYear: fy });
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

  async function downloaded(page: Page, linkName: string, file: string): Promise<Buffer> {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: linkName }).click()]);
    const saved = path.join(SHOTS_DIR, file);
    await download.saveAs(saved);
    return fs.readFileSync(saved);
  }

  it('finance uploads a ZIP of two certificates: one matched to the Devanagari-named donor, one waiting with its reason (360 px)', { timeout: 120_000 }, async () => {
    const zip = path.join(SHOTS_DIR, 'Form10BE.zip');
    fs.writeFileSync(
      zip,
      await zipOfFiles([
        { name: 'Form10BE/1.pdf', bytes: matchedPdf },
        { name: 'Form10BE/2.pdf', bytes: await certificatePdf({ foundationPan: FOUNDATION_PAN, arn: '123456789012346', idNumber: personalPan(), donorName: 'KAMLA DEVI', amount: '5,100', financialYear: fy }) },
      ]),
    );
    const { page, consoleErrors } = await harness.page({ width: 360 });
    await signIn(page, finance);
    await page.getByRole('link', { name: 'Form 10BE certificates' }).click();
    await page.waitForURL('**/admin/form-10be');
    await waitForApp(page);
    // Nothing chosen: said beside the field, nothing sent.
    await page.getByRole('button', { name: 'Upload and match' }).click();
    await expect.poll(() => page.getByText('Choose the certificates to upload: PDF files, or the portal’s ZIP file.').count()).toBe(1);

    await page.getByTestId('form-10be-files').setInputFiles(zip);
    await page.getByRole('button', { name: 'Upload and match' }).click();
    const summary = page.getByTestId('form-10be-summary');
    await expect.poll(() => summary.textContent(), { timeout: 20_000 }).toBe('Certificates read: 2 — matched: 1, waiting for you: 1. Files not taken: 0.');
    const answer = page.getByTestId('form-10be-answer');
    expect(await answer.locator('[data-status="matched"]').textContent()).toContain('RAHUL KUMAR SHARMA');
    expect(await answer.locator('[data-status="unmatched"]').textContent()).toContain('no verified gift of the year has this ID number');

    // The year's figures: the uploaded certificates' year is shown.
    expect(await page.getByTestId('form-10be-year').inputValue()).toBe(fy);
    const figures = page.getByTestId('form-10be-figures');
    const figure = (key: string) => figures.locator(`[data-figure="${key}"] dd`).textContent();
    await expect.poll(() => figure('uploaded')).toBe('2');
    expect(await figure('matched')).toBe('1');
    expect(await figure('unmatched')).toBe('1');
    expect(await figure('donorsInFiling')).toBe('1');
    expect(await figure('missing')).toBe('0');
    expect(await figures.textContent()).toContain('Form 10BD is due by');
    const waiting = page.getByTestId('form-10be-waiting');
    expect(await waiting.getByRole('heading', { level: 2 }).textContent()).toBe('Waiting for you: 1');
    expect(await waiting.getByTestId('form-10be-waiting-certificate').textContent()).toContain('KAMLA DEVI');
    expect(await waiting.getByTestId('form-10be-waiting-certificate').textContent()).toContain('No verified gift of this year carries this ID number.');
    await expectNoSideScroll(page, '/admin/form-10be (en, 360 px)');
    await expectAccessible(page, '/admin/form-10be (en, 360 px)');
    await page.screenshot({ path: path.join(SHOTS_DIR, 'form-10be-admin-en-360.png'), fullPage: true });

    // The same ZIP again records nothing new.
    await page.getByRole('button', { name: 'Upload and match' }).click();
    await expect.poll(() => answer.textContent(), { timeout: 20_000 }).toContain('(uploaded before: nothing new recorded)');
    await expect.poll(() => figure('uploaded')).toBe('2');

    // In Hindi, the same page and figures.
    await page.goto('/admin/form-10be?lang=hi');
    await waitForApp(page);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('फ़ॉर्म 10BE प्रमाणपत्र');
    await page.getByLabel('वित्तीय वर्ष').selectOption(fy);
    await expect.poll(() => page.getByTestId('form-10be-waiting').getByRole('heading', { level: 2 }).textContent()).toBe('आपके लिए रुके: 1');
    await expectNoSideScroll(page, '/admin/form-10be (hi, 360 px)');
    await expectAccessible(page, '/admin/form-10be (hi, 360 px)');
    await page.screenshot({ path: path.join(SHOTS_DIR, 'form-10be-admin-hi-360.png'), fullPage: true });
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });

  it('the donor gets the certificate on /donate/status after the code, as uploaded, in Hindi (SMS) and English (e-mail), at 360 × 740', { timeout: 150_000 }, async () => {
    for (const { lang, contact } of [
      { lang: 'hi', contact: phone },
      { lang: 'en', contact: email },
    ] as const) {
      const { page, consoleErrors } = await harness.page({ width: 360 });
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto(`/donate/status?lang=${lang}`);
      await waitForApp(page);
      const statement = page.getByTestId('statement-by-code');
      await statement.getByRole('textbox', { name: lang === 'hi' ? 'दानों के साथ दिया गया ई-मेल या मोबाइल नंबर' : 'E-mail or mobile number given with your donations' }).fill(contact);
      await statement.getByRole('button', { name: lang === 'hi' ? 'कोड भेजें' : 'Send code' }).click();
      const code = await codeSentTo(contact);
      await statement.getByRole('textbox', { name: lang === 'hi' ? '6 अंकों का कोड' : '6-digit code' }).fill(code);
      await statement.getByRole('button', { name: lang === 'hi' ? 'कोड पुष्टि करें' : 'Confirm code' }).click();

      const certificates = page.getByTestId('form-10be-certificates');
      await expect.poll(() => certificates.getByRole('heading', { level: 2 }).textContent(), { timeout: 15_000 }).toBe(lang === 'hi' ? 'कर कटौती प्रमाणपत्र (फ़ॉर्म 10BE)' : 'Tax deduction certificates (Form 10BE)');
      await expect.poll(() => certificates.getByRole('row').count()).toBe(2);
      const row = await certificates.getByRole('row').nth(1).textContent();
      expect(row).toContain(fy);
      expect(row).toContain('12,500');
      await expectNoSideScroll(page, `/donate/status certificates (${lang}, 360 px)`);
      await expectNoAxeViolations(page, `/donate/status certificates (${lang}, 360 px)`);
      await page.screenshot({ path: path.join(SHOTS_DIR, `form-10be-donor-${lang}-360.png`), fullPage: true });
      const bytes = await downloaded(page, lang === 'hi' ? `डाउनलोड करें (${fy} का फ़ॉर्म 10BE, PDF)` : `Download (Form 10BE for ${fy}, PDF)`, `form-10be-${lang}.pdf`);
      expect(Buffer.compare(bytes, matchedPdf)).toBe(0);
      expect(consoleErrors, JSON.stringify(consoleErrors)).toEqual([]);
      await page.context().close();
    }
    // The download was recorded as opened, once.
    const dashboard = await callProcedure(harness, 'donations.admin.form10be.dashboard', { token: financeToken, input: { fy } });
    expect(dashboard.body.result?.data).toMatchObject({ financialYear: fy, matched: 1, unmatched: 1, opened: 1 });
  });

  it('a donor whose contact has no certificate is told when certificates come (English, 360 px)', { timeout: 90_000 }, async () => {
    const other = `meera.${Date.now()}@example.org`;
    const recorded = await callProcedure(harness, 'donations.admin.recordOffline', {
      kind: 'mutation',
      token: financeToken,
      input: { amountPaise: 2_100_00, cause: 'general', donorName: 'मीरा श्रीवास्तव', email: other, showName: false, mode: 'cash', receivedOn: day },
    });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    const { page, consoleErrors } = await harness.page({ width: 360 });
    await page.goto('/donate/status?lang=en');
    await waitForApp(page);
    const statement = page.getByTestId('statement-by-code');
    await statement.getByRole('textbox', { name: 'E-mail or mobile number given with your donations' }).fill(other);
    await statement.getByRole('button', { name: 'Send code' }).click();
    await statement.getByRole('textbox', { name: '6-digit code' }).fill(await codeSentTo(other));
    await statement.getByRole('button', { name: 'Confirm code' }).click();
    await expect.poll(() => page.getByTestId('form-10be-none').textContent(), { timeout: 15_000 }).toContain('due by 31 May');
    expect(await page.getByTestId('form-10be-certificates').getByRole('link').count()).toBe(0);
    await expectNoAxeViolations(page, '/donate/status no certificates (en, 360 px)');
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });

  it("a member finds the certificate of a gift made signed in under My donations, and downloads it (360 px, Hindi)", { timeout: 120_000 }, async () => {
    // A gift of this financial year, given while signed in, verified today.
    const today = indiaDay();
    const startYear = Number(today.slice(5, 7)) >= 4 ? Number(today.slice(0, 4)) : Number(today.slice(0, 4)) - 1;
    const thisYear = `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;
    const member = await harness.account({ fullName: 'Krishna Srivastava', phone: '9812345672' });
    const memberToken = await tokenFor(harness, member);
    const memberPan = personalPan();
    const created = await callProcedure(harness, 'donations.create', {
      kind: 'mutation',
      token: memberToken,
      input: { amountPaise: 3_100_00, cause: 'general', donorName: 'कृष्ण श्रीवास्तव', email: member.email, pan: memberPan, showName: false },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const reference = (created.body.result?.data as { reference: string }).reference;
    const proof = await callProcedure(harness, 'donations.submitProof', { kind: 'mutation', input: { reference, contact: member.email, utr: String(crypto.randomInt(100_000_000_000, 999_999_999_999)) } });
    expect(proof.status, JSON.stringify(proof.body)).toBe(200);
    const verified = await callProcedure(harness, 'donations.admin.verify', { kind: 'mutation', token: financeToken, input: { reference, receivedOn: today, mode: 'upi' } });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);

    const pdf = await certificatePdf({ foundationPan: FOUNDATION_PAN, arn: '123456789012347', idNumber: memberPan, donorName: 'KRISHNA SRIVASTAVA', amount: '3,100', financialYear: thisYear });
    const upload = new FormData();
    upload.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'certificate.pdf');
    const answer = await fetch(`${harness.url}/api/admin/form-10be`, { method: 'POST', headers: { Authorization: `Bearer ${financeToken}`, 'x-sahay-csrf': '1' }, body: upload });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ certificates: [{ status: 'matched', donorName: 'KRISHNA SRIVASTAVA' }], refused: [] });

    const { page, consoleErrors } = await harness.page({ width: 360 });
    await signIn(page, member, 'member');
    await page.goto('/dashboard?lang=hi');
    await waitForApp(page);
    const certificates = page.getByTestId('my-donations').getByTestId('form-10be-certificates');
    await expect.poll(() => certificates.getByRole('row').count(), { timeout: 15_000 }).toBe(2);
    expect(await certificates.getByRole('heading', { level: 3 }).textContent()).toBe('कर कटौती प्रमाणपत्र (फ़ॉर्म 10BE)');
    expect(await certificates.getByRole('row').nth(1).textContent()).toContain('3,100');
    await expectNoSideScroll(page, 'My donations certificates (hi, 360 px)');
    await expectAccessible(page, 'My donations certificates (hi, 360 px)');
    await page.screenshot({ path: path.join(SHOTS_DIR, 'form-10be-member-hi-360.png'), fullPage: true });
    const bytes = await downloaded(page, `डाउनलोड करें (${thisYear} का फ़ॉर्म 10BE, PDF)`, 'form-10be-member.pdf');
    expect(Buffer.compare(bytes, pdf)).toBe(0);
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });

  it('finance gives a certificate two donors sharing a PAN could own to one of them by hand, and is told plainly when another admin did first (360 px)', { timeout: 120_000 }, async () => {
    const today = indiaDay();
    const startYear = Number(today.slice(5, 7)) >= 4 ? Number(today.slice(0, 4)) : Number(today.slice(0, 4)) - 1;
    const thisYear = `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;
    const sharedPan = personalPan();
    const references: string[] = [];
    for (const donorName of ['सुनीता देवी', 'सुनील देव', 'सुनीता वर्मा']) {
      const recorded = await callProcedure(harness, 'donations.admin.recordOffline', {
        kind: 'mutation',
        token: financeToken,
        input: { amountPaise: 1_000_00, cause: 'general', donorName, email: `${crypto.randomBytes(4).toString('hex')}@example.org`, pan: sharedPan, showName: false, mode: 'cash', receivedOn: today },
      });
      expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
      references.push((recorded.body.result?.data as { reference: string }).reference);
    }
    const uploadOne = async (donorName: string, arn: string) => {
      const body = new FormData();
      const pdf = await certificatePdf({ foundationPan: FOUNDATION_PAN, arn, idNumber: sharedPan, donorName, amount: '1,000', financialYear: thisYear });
      body.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'certificate.pdf');
      const answer = await fetch(`${harness.url}/api/admin/form-10be`, { method: 'POST', headers: { Authorization: `Bearer ${financeToken}`, 'x-sahay-csrf': '1' }, body });
      expect(answer.status).toBe(200);
      return ((await answer.json()) as { certificates: { id: string; status: string }[] }).certificates[0]!;
    };
    const first = await uploadOne('SUNITA KUMARI', '123456789012348');
    const second = await uploadOne('SUNITA K', '123456789012349');
    expect([first.status, second.status]).toEqual(['unmatched', 'unmatched']);

    const { page, consoleErrors } = await harness.page({ width: 360 });
    await signIn(page, finance);
    await page.goto('/admin/form-10be');
    await waitForApp(page);
    await page.getByTestId('form-10be-year').selectOption(thisYear);
    const cards = page.getByTestId('form-10be-waiting-certificate');
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(2);
    const card = cards.filter({ hasText: 'SUNITA KUMARI' });
    expect(await card.getByRole('radio').count()).toBe(3);
    // Nothing chosen: said beside the choices, nothing sent.
    await card.getByRole('button', { name: 'Give the certificate to this donor' }).click();
    await expect.poll(() => card.getByText('Choose the donation whose donor this certificate belongs to.').count()).toBe(1);
    await card.getByRole('radio', { name: /^सुनीता देवी/ }).check();
    await card.getByRole('button', { name: 'Give the certificate to this donor' }).click();
    await expect.poll(() => page.getByTestId('form-10be-matched').textContent()).toBe('The certificate was given to सुनीता देवी; it is being sent to them.');
    await expect.poll(() => cards.count()).toBe(1);

    // Another admin gives the other certificate to one donor while this page offers it: the page's choice is refused (409) and said so.
    const other = cards.filter({ hasText: 'SUNITA K' });
    await other.getByRole('radio', { name: /^सुनीता वर्मा/ }).check();
    const byOther = await callProcedure(harness, 'donations.admin.form10be.match', { kind: 'mutation', token: financeToken, input: { id: second.id, reference: references[1] } });
    expect(byOther.status, JSON.stringify(byOther.body)).toBe(200);
    await other.getByRole('button', { name: 'Give the certificate to this donor' }).click();
    await expect.poll(() => page.getByTestId('form-10be-waiting').getByRole('alert').textContent()).toContain('Another admin matched the certificate of SUNITA K meanwhile, so your choice was not recorded.');
    await expect.poll(() => cards.count()).toBe(0);
    await expectNoSideScroll(page, '/admin/form-10be hand match (360 px)');
    await expectAccessible(page, '/admin/form-10be hand match (360 px)');
    await page.screenshot({ path: path.join(SHOTS_DIR, 'form-10be-hand-match-en-360.png'), fullPage: true });
    const listed = await callProcedure(harness, 'donations.admin.form10be.getMany', { token: financeToken, input: { fy: thisYear, status: 'matched' } });
    const matched = (listed.body.result?.data as { certificates: { id: string; references: string[]; matchedHow: string }[] }).certificates;
    expect(matched.find((certificate) => certificate.id === first.id)).toMatchObject({ matchedHow: 'by-hand' });
    expect(matched.find((certificate) => certificate.id === second.id)?.references).toHaveLength(1);
    expect(consoleErrors.filter((message) => !/status of 409/.test(message))).toEqual([]);
    await page.context().close();
  });
});
