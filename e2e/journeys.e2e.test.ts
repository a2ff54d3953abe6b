import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForSignInCode } from '#server/testing/two-factor';
import { callProcedure, expectAccessible, expectNoSideScroll, indiaDay, recordShares, sharedSoFar, signIn, startHarness, tokenFor, waitForApp, type Harness, type HarnessAccount } from './harness.ts';
import { birthCertificatePdf, photoWithExif, submit } from './kanyadan-fixtures.ts';

/**
 * Issue 32's six journeys, walked as their people would on a 360 × 740 phone, once in English and
 * once in Hindi: a donor from a member's link, a father applying for his daughter, a newcomer
 * invited by a friend, a person asking for help, finance and verification staff, and someone typing
 * the original site's addresses. Every page the person sees is checked with axe and for sideways
 * scrolling; what they must read is asserted in the page's language, from the web's dictionaries.
 * Steps that are not the journey's point are set up through the server's procedures.
 */

const LANGS = ['en', 'hi'] as const;
type Lang = (typeof LANGS)[number];

/** Screenshots of every page checked, to be looked at by a person: only when asked for (they cost time). */
const SHOTS_DIR = process.env.SAHAY_E2E_SHOTS;
const PHONE = { width: 360, height: 740 } as const;
const UI_WAIT = { timeout: 15_000 } as const;
const REFERENCE = /^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{4}-[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{4}$/;
const REG_NO = /[A-Z]{5}\d{7}/;

const SETTINGS = {
  upiVpa: 'sahayfoundation@sbi',
  upiPayeeName: 'Sahay Foundation',
  bankAccountName: 'Sahay Foundation',
  bankAccountNumber: '123456789012',
  bankIfsc: 'SBIN0001234',
  bankName: 'State Bank of India',
  phone: '+91 98765 43210',
  kanyadanFeePaise: 10_000,
} as const;

/** Every dictionary of a language, flattened to "a.b.c" keys (a key is unique across the files). */
function dictionaryOf(lang: Lang): Map<string, string> {
  const dir = new URL(`../web/src/i18n/${lang}/`, import.meta.url);
  const entries = new Map<string, string>();
  const walk = (node: unknown, prefix: string) => {
    if (typeof node === 'string') {
      if (!entries.has(prefix)) entries.set(prefix, node);
      return;
    }
    if (node && typeof node === 'object') for (const [key, value] of Object.entries(node)) walk(value, prefix ? `${prefix}.${key}` : key);
  };
  for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.json')).sort()) walk(JSON.parse(fs.readFileSync(new URL(file, dir), 'utf8')), '');
  return entries;
}
const DICTIONARIES = { en: dictionaryOf('en'), hi: dictionaryOf('hi') };

/** What the page says for `key` in `lang`, with its {placeholders} filled in. */
function say(lang: Lang, key: string, values: Record<string, string> = {}): string {
  const text = DICTIONARIES[lang].get(key);
  if (text === undefined) throw new Error(`No ${lang} text for ${key}`);
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** Axe and no sideways scroll: what every page of every journey must pass. */
async function checkPage(page: Page, label: string): Promise<void> {
  await expectNoSideScroll(page, label);
  await expectAccessible(page, label);
  if (SHOTS_DIR) await page.screenshot({ path: path.join(SHOTS_DIR, `${label.replace(/[^a-z0-9]+/gi, '-')}.png`), fullPage: true });
}

/** The page is in `lang`: the <html lang> the server and the client set. */
async function expectLanguage(page: Page, lang: Lang): Promise<void> {
  await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(lang);
}

/** A staff member signs in on /admin-login in `lang`, with the authenticator's code as the second factor. */
async function staffSignIn(page: Page, account: HarnessAccount, lang: Lang): Promise<void> {
  await page.goto(`/admin-login?lang=${lang}`);
  await waitForApp(page);
  await checkPage(page, `admin-login (${lang})`);
  await page.locator('[name=identifier]').fill(account.userId);
  await page.locator('[name=password]').fill(account.password);
  await page.locator('[name=totpCode]').fill(await waitForSignInCode(account.authenticator!));
  await page.getByRole('button', { name: say(lang, 'adminLogin.submit'), exact: true }).click();
  await page.waitForURL(/\/admin\/dashboard(\?|$)/, UI_WAIT);
}

/** A member signs in on /login, which opens in the language the browser remembers (`lang`). */
async function memberSignIn(page: Page, account: HarnessAccount, lang: Lang): Promise<void> {
  await page.goto('/login');
  await waitForApp(page);
  await expectLanguage(page, lang);
  await page.locator('[name=userId]').fill(account.userId);
  await page.locator('[name=password]').fill(account.password);
  await page.getByRole('button', { name: say(lang, 'login.submit'), exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard', UI_WAIT);
}

async function mutate(harness: Harness, procedure: string, input: unknown, token?: string): Promise<unknown> {
  const answer = await callProcedure(harness, procedure, { kind: 'mutation', input, token });
  expect(answer.status, `${procedure}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body.result?.data;
}

/** 12 digits: a UPI reference no other step uses. */
function utr(): string {
  return String(crypto.randomInt(100_000_000_000, 999_999_999_999));
}

/** A mobile number no other step uses. */
function mobile(): string {
  return `7${String(crypto.randomInt(100_000_000, 999_999_999))}`;
}

/** YYYY-MM-DD, `years` whole years (and ten days) before today in India. */
function yearsAgo(years: number): string {
  const today = new Date(Date.now() + 330 * 60_000);
  today.setUTCFullYear(today.getUTCFullYear() - years);
  today.setUTCDate(today.getUTCDate() - 10);
  return today.toISOString().slice(0, 10);
}

async function estimatePdf(file: string): Promise<void> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([420, 595]);
  page.drawText('District Hospital, Jaipur', { x: 40, y: 530, size: 16, font });
  page.drawText(`Estimate of ${indiaDay(-5)}. Patient: Kamla Devi. Cataract operation: Rs 30,000`, { x: 40, y: 500, size: 9, font });
  fs.writeFileSync(file, await doc.save());
}

describe('issue 32: the six journeys at 360 px', () => {
  let harness: Harness;
  let adminToken: string;
  /** The files people choose: a UPI screenshot, a birth certificate, a photo, a hospital estimate. */
  let filesDir = '';
  const files = { screenshot: '', certificate: '', photo: '', estimate: '' };

  beforeAll(async () => {
    harness = await startHarness();
    if (SHOTS_DIR) fs.mkdirSync(SHOTS_DIR, { recursive: true });
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahay-e2e-journeys-'));
    files.screenshot = path.join(filesDir, 'upi-screenshot.png');
    files.certificate = path.join(filesDir, 'birth-certificate.png');
    files.photo = path.join(filesDir, 'photo.jpg');
    files.estimate = path.join(filesDir, 'estimate.pdf');
    await sharp({ create: { width: 360, height: 640, channels: 3, background: { r: 240, g: 244, b: 248 } } }).png().toFile(files.screenshot);
    await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 200, g: 120, b: 60 } } }).png().toFile(files.certificate);
    await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 60, g: 120, b: 200 } } }).jpeg().toFile(files.photo);
    await estimatePdf(files.estimate);
    const admin = await harness.account({ role: 'admin', fullName: 'Office Admin' });
    adminToken = await tokenFor(harness, admin);
    const { version } = (await callProcedure(harness, 'site.settings.get')).body.result?.data as { version: number };
    await mutate(harness, 'site.settings.update', { expectedVersion: version, data: SETTINGS }, adminToken);
  });
  afterAll(async () => {
    await harness?.close();
    if (filesDir) fs.rmSync(filesDir, { recursive: true, force: true });
  });

  describe.each(LANGS)('in %s', (lang) => {
    it('1. a donor follows a member’s link, pledges with only a phone, pays by UPI with the UTR and a screenshot, and sees the reference and the status', { timeout: 90_000 }, async () => {
      // The member copies the donate link from the dashboard.
      const member = await harness.account({ fullName: 'Sunita Devi' });
      const sharer = await harness.page(PHONE);
      await signIn(sharer.page, member, 'member');
      await sharer.page.goto(`/dashboard?lang=${lang}`);
      await waitForApp(sharer.page);
      const link = new URL(await sharer.page.getByTestId('donate-link').inputValue());
      expect(link.pathname).toBe('/donate');
      expect(link.searchParams.get('ref')).toBe(member.userId);
      await checkPage(sharer.page, `member dashboard (${lang})`);
      await sharer.page.context().close();

      // The donor opens it: the page in the member's language, the member credited.
      const { page, consoleErrors } = await harness.page(PHONE);
      await page.goto(link.href.replace(link.origin, ''));
      await waitForApp(page);
      await expectLanguage(page, lang);
      const form = page.getByTestId('donate-form');
      expect(await form.locator('input[name="referralId"]').inputValue()).toBe(member.userId);
      await expect.poll(() => form.textContent(), UI_WAIT).toContain(say(lang, 'donate.referralCredited', { name: 'Sunita Devi' }));
      await checkPage(page, `donate from a member's link (${lang})`);
      await form.getByLabel(say(lang, 'donate.amount')).fill('500');
      await form.getByLabel(say(lang, 'donate.citizenshipIndian')).check();
      await form.getByLabel(say(lang, 'donate.name')).fill('Meera Sharma');
      const donorPhone = mobile();
      await form.getByLabel(say(lang, 'donate.phone')).fill(donorPhone);
      await form.getByRole('button', { name: say(lang, 'donate.submit') }).click();

      // The pay step: the reference to write in the remark.
      await page.getByTestId('pay-step').waitFor(UI_WAIT);
      const reference = ((await page.getByTestId('donation-reference').textContent()) ?? '').trim();
      expect(reference).toMatch(REFERENCE);
      // The QR a UPI app scans carries the foundation's UPI ID, the amount and the reference; the
      // UPI ID is a personal one, so no tap-to-pay link (apps refuse it), the steps to type it instead (issue 33).
      const upi = new URL((await page.getByTestId('upi-qr').getAttribute('data-qr-text')) ?? '');
      expect([upi.protocol, upi.searchParams.get('pa'), upi.searchParams.get('am'), upi.searchParams.get('tn')]).toEqual(['upi:', SETTINGS.upiVpa, '500.00', `Donation ${reference}`]);
      expect(await page.getByTestId('upi-link').count()).toBe(0);
      expect(await page.getByTestId('upi-steps').locator('li').nth(1).textContent()).toBe(say(lang, 'donate.pay.upiStepVpa', { vpa: SETTINGS.upiVpa, payee: SETTINGS.upiPayeeName }));
      await checkPage(page, `donate pay step (${lang})`);

      // The UTR from the UPI app, and its screenshot.
      const proof = page.getByTestId('proof-form');
      await proof.getByLabel(say(lang, 'donate.proof.utr')).fill(utr());
      await proof.getByLabel(say(lang, 'donate.proof.screenshot')).setInputFiles(files.screenshot);
      await proof.getByRole('button', { name: say(lang, 'donate.proof.submit') }).click();
      await expect.poll(() => page.getByTestId('proof-sent').textContent(), UI_WAIT).toContain(say(lang, 'donate.proof.thanks'));
      await checkPage(page, `donate proof sent (${lang})`);

      // The status page: this donation, its proof being checked.
      await page.getByTestId('see-status').click();
      await page.waitForURL('**/donate/status?**');
      await expect.poll(() => page.getByTestId('donation-state').textContent(), UI_WAIT).toBe(say(lang, 'donation.statuses.proof_received'));
      expect(await page.getByTestId('donation-found').getByRole('heading', { level: 2 }).textContent()).toBe(say(lang, 'donationStatus.found', { reference }));
      await expectLanguage(page, lang);
      await checkPage(page, `donation status (${lang})`);

      // Days later, on the same phone: the reference is remembered; only the phone number is asked.
      await page.goto(`/donate/status?lang=${lang}`);
      await waitForApp(page);
      const lookup = page.getByTestId('status-form');
      const remembered = lookup.locator('[name=reference]');
      await expect.poll(() => remembered.inputValue(), UI_WAIT).toBe(reference);
      expect(await lookup.textContent()).toContain(say(lang, 'donationStatus.referenceFromDevice'));
      await lookup.locator('[name=contact]').fill(donorPhone);
      await lookup.getByRole('button', { name: say(lang, 'donationStatus.submit') }).click();
      await expect.poll(() => page.getByTestId('donation-state').textContent(), UI_WAIT).toBe(say(lang, 'donation.statuses.proof_received'));
      await checkPage(page, `donation status, remembered (${lang})`);
      expect(consoleErrors).toEqual([]);
      await page.context().close();
    });

    it('2. a father applies for his daughter, gets the registration number and the acknowledgement, and finds the application first when he comes back', { timeout: 120_000 }, async () => {
      const { page, consoleErrors } = await harness.page(PHONE);
      await page.goto(`/kanyadanRegistration?lang=${lang}`);
      await waitForApp(page);
      await expectLanguage(page, lang);
      await checkPage(page, `kanyadan form (${lang})`);
      const phone = mobile();
      await page.locator('[name=girlName]').fill(lang === 'hi' ? 'आशा कुमारी' : 'Asha Kumari');
      await page.locator('[name=dob]').fill(yearsAgo(8));
      await page.locator('[name=fatherName]').fill('Ramesh Kumar');
      await page.locator('[name=phone]').fill(phone);
      await page.locator('[name=district]').fill('Patna');
      await page.locator('[name=state]').selectOption('bihar');
      await page.locator('[name=guardianName]').fill('Ramesh Kumar');
      await page.locator('[name=guardianRelation]').selectOption('father');
      await page.locator('input[name=birthCertificate]').setInputFiles(files.certificate);
      await page.locator('input[name=photo]').setInputFiles(files.photo);
      await expect.poll(() => page.getByTestId('document-photo').textContent(), UI_WAIT).toContain('photo.jpg');
      await page.locator('[name=consent]').check();
      await checkPage(page, `kanyadan form filled (${lang})`);
      await page.getByRole('button', { name: say(lang, 'kanyadan.registration.submit.button') }).click();

      // Sent: the registration number, then the fee and its UTR.
      await page.getByTestId('kanyadan-payment').waitFor({ timeout: 30_000 });
      const sent = (await page.getByTestId('kanyadan-sent').textContent()) ?? '';
      const regNo = REG_NO.exec(sent)?.[0] ?? '';
      expect(regNo).toMatch(REG_NO);
      expect(sent).toContain(say(lang, 'kanyadan.registration.submit.sentText', { regNo }));
      await checkPage(page, `kanyadan sent, fee step (${lang})`);
      const proof = page.getByTestId('fee-proof');
      await proof.locator('[name=phone]').fill(phone);
      const feeUtr = utr();
      await proof.locator('[name=utr]').fill(feeUtr);
      await proof.getByRole('button').last().click();
      await expect.poll(() => page.getByTestId('fee-utr-sent').textContent(), UI_WAIT).toContain(feeUtr);

      // The acknowledgement: the number and the state, in the page's language.
      await page.getByTestId('kanyadan-steps').getByRole('button', { name: say(lang, 'kanyadan.registration.receipt.heading') }).click();
      const receipt = page.getByTestId('kanyadan-receipt');
      await receipt.waitFor(UI_WAIT);
      expect(await receipt.textContent()).toContain(regNo);
      expect(await page.getByTestId('receipt-status').textContent()).toBe(say(lang, 'kanyadan.registration.status.feeReferenceReceived'));
      await checkPage(page, `kanyadan acknowledgement (${lang})`);

      // Coming back on this phone: the application first, not an empty form.
      await page.goto(`/kanyadanRegistration?lang=${lang}`);
      await waitForApp(page);
      const returning = page.getByTestId('kanyadan-returning');
      await returning.waitFor(UI_WAIT);
      expect(await returning.textContent()).toContain(say(lang, 'kanyadan.registration.status.returning', { regNo }));
      expect(await page.getByTestId('step-registration').isVisible()).toBe(false);
      await checkPage(page, `kanyadan returning (${lang})`);
      expect(consoleErrors).toEqual([]);
      await page.context().close();
    });

    it('3. a newcomer registers through a friend’s invite link and lands on the dashboard; a member without codes is told how to get one', { timeout: 120_000 }, async () => {
      const inviter = await harness.account({ fullName: 'Kavita Meena' });
      await mutate(harness, 'community.epins.generate', { count: 1 }, adminToken);
      await mutate(harness, 'community.epins.transfer', { toUserId: inviter.userId, count: 1 }, adminToken);

      // The member shares the link with a code from the dashboard (the footer's Refer).
      const sharer = await harness.page(PHONE);
      await recordShares(sharer.page, harness.url);
      await signIn(sharer.page, inviter, 'member');
      await sharer.page.goto(`/dashboard?lang=${lang}`);
      await waitForApp(sharer.page);
      const invite = sharer.page.getByTestId('invite-with-code');
      await expect.poll(() => invite.textContent(), UI_WAIT).toMatch(/[A-Z0-9]{10}/);
      const code = /[A-Z0-9]{10}/.exec((await invite.textContent()) ?? '')![0];
      expect(await invite.textContent()).toContain(say(lang, 'inviteWithCode.ready', { code }));
      await checkPage(sharer.page, `dashboard with a code (${lang})`);
      await sharer.page.getByTestId('footer-refer').click();
      await expect.poll(async () => (await sharedSoFar(sharer.page)).length, UI_WAIT).toBe(1);
      const link = new URL((await sharedSoFar(sharer.page))[0]!.url!);
      expect(link.pathname).toBe(`/register/${inviter.userId}`);
      expect(link.searchParams.get('code')).toBe(code);
      await sharer.page.context().close();

      // The newcomer opens it: the code and the inviter already filled in.
      const { page, consoleErrors } = await harness.page(PHONE);
      await page.goto(link.href.replace(link.origin, ''));
      await waitForApp(page);
      await expectLanguage(page, lang);
      expect(await page.locator('input[name="epin"]').inputValue()).toBe(code);
      await expect.poll(() => page.locator('input[name="sponsorName"]').inputValue(), UI_WAIT).toBe('Kavita Meena');
      await checkPage(page, `register from an invite (${lang})`);
      await page.locator('input[name="fullName"]').fill('Sita Kumari');
      await page.locator('input[name="email"]').fill(`sita.${crypto.randomBytes(4).toString('hex')}@example.org`);
      await page.locator('input[name="phone"]').fill(mobile());
      await page.locator('input[name="password"]').fill('sita kumari password');
      await page.locator('textarea[name="address"]').fill('4 Mandir Marg');
      await page.locator('input[name="city"]').fill('Kota');
      await page.locator('select[name="state"]').selectOption('rajasthan');
      await page.locator('input[name="pinCode"]').fill('324001');
      await page.getByRole('button', { name: say(lang, 'register.submit'), exact: true }).click();
      await expect.poll(() => page.getByRole('status').first().textContent(), UI_WAIT).toContain(say(lang, 'register.welcome', { name: 'Sita Kumari' }).split('!')[0]!);
      await page.waitForURL((url) => url.pathname === '/dashboard', UI_WAIT);
      await waitForApp(page);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent(), UI_WAIT).toBe(say(lang, 'dashboard.welcome', { name: 'Sita Kumari' }));
      await expectLanguage(page, lang);
      await checkPage(page, `newcomer's dashboard (${lang})`);
      expect(consoleErrors).toEqual([]);
      await page.context().close();

      // The newcomer has no code of her own: she is told how to get one, and Refer shares nothing.
      const newcomer = await harness.page(PHONE);
      await recordShares(newcomer.page, harness.url);
      const lonely = await harness.account({ fullName: 'Lonely Member' });
      await signIn(newcomer.page, lonely, 'member');
      await newcomer.page.goto(`/dashboard?lang=${lang}`);
      await waitForApp(newcomer.page);
      const none = newcomer.page.getByTestId('no-code-to-share');
      await none.waitFor(UI_WAIT);
      expect(await none.textContent()).toContain(say(lang, 'inviteWithCode.none'));
      // The office's phone (and e-mail, when the site has one) to ask.
      expect(await none.textContent()).toContain(`${say(lang, 'inviteWithCode.askOffice', { contact: '\u0000' }).split('\u0000')[0]}${SETTINGS.phone}`);
      expect(await newcomer.page.getByTestId('invite-with-code').getByRole('button').count()).toBe(0);
      await newcomer.page.getByTestId('footer-refer').click();
      await expect.poll(() => newcomer.page.evaluate(() => document.activeElement?.id)).toBe('invite-with-code');
      expect(await sharedSoFar(newcomer.page)).toEqual([]);
      await checkPage(newcomer.page, `dashboard without a code (${lang})`);
      expect(newcomer.consoleErrors).toEqual([]);
      await newcomer.page.context().close();
    });

    it('4. a member asks for help for his mother with his own UPI ID, and sees where the request stands', { timeout: 120_000 }, async () => {
      const ravi = await harness.account({ fullName: 'Ravi Kumar' });
      const upiId = `ravi.${crypto.randomBytes(3).toString('hex')}@okaxis`;
      await mutate(harness, 'identity.updateProfile', { upiId }, await tokenFor(harness, ravi));
      const { page, consoleErrors } = await harness.page(PHONE);
      await signIn(page, ravi, 'member');
      await page.goto(`/my-help/new?lang=${lang}`);
      await waitForApp(page);
      await expectLanguage(page, lang);
      const form = page.getByTestId('ask-help-form');
      await form.locator('[name=category]').waitFor(UI_WAIT);
      await checkPage(page, `ask for help (${lang})`);
      await form.locator('[name=category]').selectOption('medical');
      await form.locator('[name=amountNeeded]').fill('30000');
      await form.locator('[name=titleEn]').fill('Cataract operation for my mother');
      await form.locator('[name=titleHi]').fill('मेरी माँ के मोतियाबिंद के ऑपरेशन के लिए सहायता');
      await form.locator('[name=storyEn]').fill('My mother Kamla needs a cataract operation at the district hospital in Jaipur; the estimate is 30,000 rupees and we can pay a third.');
      await form.locator('[name=storyHi]').fill('मेरी माँ कमला को जयपुर के ज़िला अस्पताल में मोतियाबिंद का ऑपरेशन करवाना है; अनुमान 30,000 रुपये है और हम एक तिहाई दे सकते हैं।');
      await form.locator('[name=beneficiaryName]').fill('Kamla Devi');
      await form.locator('[name=relation]').selectOption('parent');
      // His own UPI ID, typed as his phone's keyboard may write it.
      await form.locator('[name=upiId]').fill(upiId.toUpperCase());
      const slot = page.getByTestId('help-document1');
      await slot.locator('[name=document1Kind]').selectOption('hospital-estimate');
      await slot.locator('[name=document1Date]').fill(indiaDay(-5));
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), slot.getByTestId('choose-document1').click()]);
      await chooser.setFiles(files.estimate);
      await expect.poll(() => slot.textContent(), UI_WAIT).toContain('estimate.pdf');
      await form.getByRole('button', { name: say(lang, 'myHelp.form.submit') }).click();
      const readBack = page.getByTestId('payout-confirmation');
      await readBack.waitFor(UI_WAIT);
      expect((await readBack.textContent())?.toLowerCase()).toContain(upiId);
      await checkPage(page, `help payout read back (${lang})`);
      await readBack.getByRole('button', { name: say(lang, 'myHelp.form.readBackConfirm') }).click();
      await page.waitForURL(/\/my-help\?(.*&)?sent=/, { timeout: 30_000 });
      const requestId = new URL(page.url()).searchParams.get('sent')!;
      await waitForApp(page);
      await expect.poll(() => page.getByTestId('my-help-notice').textContent(), UI_WAIT).toContain(say(lang, 'myHelp.sent', { id: requestId }));
      const card = page.getByTestId(`my-help-${requestId}`);
      await expect.poll(() => card.getByTestId('my-help-status').textContent(), UI_WAIT).toBe(say(lang, 'myHelp.statuses.submitted'));
      await checkPage(page, `my help, being checked (${lang})`);

      // Staff check and publish it (not this journey's point); the member sees it published.
      const verifier = await harness.account({ role: 'admin', permissions: ['verification'], fullName: 'Verification Desk' });
      const verifierToken = await tokenFor(harness, verifier);
      await mutate(harness, 'help.admin.checkIdentity', { id: requestId, idKind: 'aadhaar', isMatched: true }, verifierToken);
      await mutate(harness, 'help.admin.publish', { id: requestId }, verifierToken);
      await page.goto(`/my-help?lang=${lang}`);
      await waitForApp(page);
      await expect.poll(() => card.getByTestId('my-help-status').textContent(), UI_WAIT).toBe(say(lang, 'myHelp.statuses.published'));
      await checkPage(page, `my help, published (${lang})`);

      // The public page says whose UPI ID it is: the requester's, not his mother's.
      await page.goto(`/help/${requestId}?lang=${lang}`);
      await waitForApp(page);
      // The public page names the beneficiary by her first name only.
      expect(await page.getByTestId('direct-upi-holder').textContent()).toBe(say(lang, 'help.direct.whose.requester', { name: 'Kamla' }));
      expect(await page.getByTestId('copy-direct-upi').inputValue()).toBe(upiId);
      await checkPage(page, `public help request (${lang})`);
      expect(consoleErrors).toEqual([]);
      await page.context().close();
    });

    it('5. staff sign in with a second factor; finance records a Kanyadan fee with the UTR typed from the bank statement and verifies a donation; verification opens every document before Verify', { timeout: 150_000 }, async () => {
      const finance = await harness.account({ role: 'admin', permissions: ['finance'], fullName: 'Finance Desk' });
      const verifier = await harness.account({ role: 'admin', permissions: ['verification'], fullName: 'Verification Desk' });
      const verifierToken = await tokenFor(harness, verifier);
      // An application with its fee's UTR, and a pledge with its proof, as families and donors send them.
      const phone = mobile();
      const regNo = await submit(
        harness,
        {
          girlName: 'Kavya Meena',
          fatherName: 'Mahesh Meena',
          dob: yearsAgo(9),
          phone,
          district: 'Jaipur',
          state: 'rajasthan',
          guardianName: 'Mahesh Meena',
          guardianRelation: 'father',
          consent: 'true',
        },
        { photo: await photoWithExif(), birthCertificate: await birthCertificatePdf() },
      );
      const feeUtr = utr();
      await mutate(harness, 'kanyadan.submitFeeProof', { regNo, phone, utr: feeUtr });
      const donorPhone = mobile();
      const { reference } = (await mutate(harness, 'donations.create', { amountPaise: 1_100_00, cause: 'general', donorName: 'Anita Sharma', phone: donorPhone, showName: false, citizenship: 'indian' })) as { reference: string };
      const donationUtr = utr();
      await mutate(harness, 'donations.submitProof', { reference, contact: donorPhone, utr: donationUtr });

      // Finance: the fee form is empty; the UTR is typed from the bank statement.
      const office = await harness.page(PHONE);
      await staffSignIn(office.page, finance, lang);
      await office.page.goto(`/admin/kanyadan/${regNo}?lang=${lang}`);
      await waitForApp(office.page);
      const fee = office.page.getByTestId('fee-form');
      await fee.waitFor(UI_WAIT);
      expect(await office.page.getByTestId('fee-utr-given').textContent()).toContain(feeUtr);
      expect(await fee.locator('[name=utr]').inputValue()).toBe('');
      await checkPage(office.page, `finance: kanyadan fee (${lang})`);
      await fee.locator('[name=utr]').fill(feeUtr);
      await fee.getByRole('button', { name: say(lang, 'admin.kanyadan.recordFee') }).click();
      await expect.poll(() => office.page.getByTestId('application-status').textContent(), UI_WAIT).toBe(say(lang, 'admin.kanyadan.statuses.paid'));
      expect(await office.page.getByTestId('action-outcome').textContent()).toBe(say(lang, 'admin.kanyadan.feeDone'));
      await checkPage(office.page, `finance: fee recorded (${lang})`);

      // Finance verifies the donation whose UTR the donor sent.
      await office.page.goto(`/admin/donations/${reference.replace('-', '')}?lang=${lang}`);
      await waitForApp(office.page);
      await expect.poll(() => office.page.getByTestId('donation-utr').textContent(), UI_WAIT).toContain(donationUtr);
      await checkPage(office.page, `finance: donation (${lang})`);
      await office.page.getByTestId('verify-form').getByRole('button', { name: say(lang, 'adminDonations.verify') }).click();
      await expect.poll(() => office.page.getByTestId('donation-status').textContent(), UI_WAIT).toBe(say(lang, 'donation.statuses.verified'));
      await checkPage(office.page, `finance: donation verified (${lang})`);
      expect(office.consoleErrors).toEqual([]);
      await office.page.context().close();

      // Verification: Verify waits until every document has been opened.
      await expect
        .poll(async () => {
          const detail = (await callProcedure(harness, 'kanyadan.admin.get', { token: verifierToken, input: { regNo } })).body.result?.data as { documentsReady: number; documentsSent: number } | undefined;
          return detail ? detail.documentsSent === 2 && detail.documentsReady === 2 : false;
        }, { timeout: 30_000, interval: 500 })
        .toBe(true);
      const desk = await harness.page(PHONE);
      await staffSignIn(desk.page, verifier, lang);
      await desk.page.goto(`/admin/kanyadan/${regNo}?lang=${lang}`);
      await waitForApp(desk.page);
      const verify = desk.page.getByTestId('verify-button');
      await verify.waitFor(UI_WAIT);
      expect(await verify.isDisabled()).toBe(true);
      expect(await desk.page.getByTestId('verify-waits').textContent()).toContain(say(lang, 'admin.kanyadan.openEveryDocument'));
      expect(await desk.page.getByTestId('verify-waits').getByRole('listitem').count()).toBe(2);
      await checkPage(desk.page, `verification: documents not opened (${lang})`);
      for (const kind of ['photo', 'birthCertificate']) {
        await desk.page.getByTestId(`document-${kind}`).getByRole('button').first().click();
        await expect.poll(() => desk.page.getByTestId(`opened-${kind}`).textContent(), UI_WAIT).toBe(say(lang, 'admin.kanyadan.openedByYou'));
      }
      await expect.poll(() => verify.isDisabled(), UI_WAIT).toBe(false);
      await checkPage(desk.page, `verification: documents opened (${lang})`);
      await verify.click();
      await expect.poll(() => desk.page.getByTestId('application-status').textContent(), UI_WAIT).toBe(say(lang, 'admin.kanyadan.statuses.verified'));
      expect(await desk.page.getByTestId('action-outcome').textContent()).toBe(say(lang, 'admin.kanyadan.verifiedDone'));
      await checkPage(desk.page, `verification: verified (${lang})`);
      expect(desk.consoleErrors).toEqual([]);
      await desk.page.context().close();
    });

    it('6. someone typing the original site’s addresses lands on the right page in their language', { timeout: 90_000 }, async () => {
      const member = await harness.account({ fullName: 'Old Member' });
      const { page, consoleErrors } = await harness.page(PHONE);
      // The language chosen once (the link they were sent, or the switch); then old addresses typed without it.
      await page.goto(`/?lang=${lang}`);
      await waitForApp(page);
      const landings: [string, string, string][] = [
        ['/global-payment', '/no-paid-levels', say(lang, 'noPaidLevels.heading')],
        ['/gold-matrix/SH1234567', '/no-paid-levels', say(lang, 'noPaidLevels.heading')],
        ['/admin/login', '/admin-login', say(lang, 'adminLogin.heading')],
      ];
      for (const [old, now, heading] of landings) {
        const response = await page.goto(old);
        expect(response?.status(), old).toBe(200);
        await waitForApp(page);
        expect(new URL(page.url()).pathname, old).toBe(now);
        await expectLanguage(page, lang);
        await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent(), UI_WAIT).toBe(heading);
        await checkPage(page, `${old} (${lang})`);
      }
      // A link with its language in it keeps it across the redirect.
      const other: Lang = lang === 'en' ? 'hi' : 'en';
      await page.goto(`/UnlockPaymentSection?lang=${other}`);
      await waitForApp(page);
      expect(new URL(page.url()).pathname).toBe('/no-paid-levels');
      await expectLanguage(page, other);
      await page.goto(`/KanyadanYojna?lang=${lang}`);
      await waitForApp(page);
      await expectLanguage(page, lang);
      await checkPage(page, `/KanyadanYojna (${lang})`);

      // A member's old bookmarks: withdrawals are with the help requests now, the team by level on /LevelTree.
      await memberSignIn(page, member, lang);
      for (const [old, now, heading] of [
        ['/withdrawal', '/my-help', say(lang, 'myHelp.heading')],
        ['/sponsor-history/SH1234567', '/LevelTree', say(lang, 'team.tree.heading')],
      ]) {
        const response = await page.goto(`${old}?lang=${lang}`);
        // A member's page is sent as an empty shell: it has a title before its own arrives (axe document-title).
        expect(/<title>([^<]*)<\/title>/.exec((await response?.text()) ?? '')?.[1], old).toBe(say(lang, 'site.name'));
        await waitForApp(page);
        expect(await page.title(), old).not.toBe('');
        expect(new URL(page.url()).pathname, old).toBe(now);
        await expectLanguage(page, lang);
        await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent(), UI_WAIT).toBe(heading);
        await checkPage(page, `${old} (${lang})`);
      }
      expect(consoleErrors).toEqual([]);
      await page.context().close();
    });
  });
});
