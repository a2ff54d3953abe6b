import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox, readSmsOutbox } from '#server/testing/outbox';
import { callProcedure, expectAccessible, expectNoSideScroll, recordShares, sharedSoFar, signIn, startHarness, tokenFor, waitForApp, type Harness } from './harness.ts';

/** Screenshots to be looked at by a person. */
const SHOTS_DIR = process.env.SAHAY_E2E_SHOTS ?? path.join(os.tmpdir(), 'sahay-e2e-phone-first');


/**
 * Signing in and recovering for people who mostly use a phone (issue 16), at 360 px in English and
 * Hindi: the mobile number signs in, "Forgot user ID?" sends the ID by SMS and e-mail, and the login
 * page says what just happened after a logout or a password reset.
 */
describe('phone-first sign-in in Chromium', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness();
    fs.mkdirSync(SHOTS_DIR, { recursive: true });
  });
  afterAll(async () => {
    await harness?.close();
  });

  /** Changes settings as an admin with the settings permission would, from the console. */
  async function updateSettings(data: Record<string, unknown>): Promise<void> {
    const token = await tokenFor(harness, await harness.account({ role: 'admin', permissions: ['settings', 'finance'] }));
    const { version } = (await callProcedure(harness, 'site.settings.get', { token })).body.result?.data as { version: number };
    const saved = await callProcedure(harness, 'site.settings.update', { kind: 'mutation', token, input: { expectedVersion: version, data } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }

  it('signs in with the mobile number, logs out to "You are logged out.", and sends a forgotten user ID by SMS and e-mail (360 px, Hindi and English)', { timeout: 90_000 }, async () => {
    const member = await harness.account({ fullName: 'Lakshmi Devi', phone: '7012345678', password: 'lakshmi password' });
    const { page, consoleErrors } = await harness.page({ width: 360 });
    await page.goto('/login?lang=hi');
    await waitForApp(page);
    await page.getByRole('textbox', { name: 'यूज़र आईडी या मोबाइल नंबर' }).fill('70123 45678');
    await page.getByLabel('पासवर्ड', { exact: true }).fill('lakshmi password');
    await page.getByRole('button', { name: 'लॉग इन', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByRole('button', { name: /लॉग आउट|Logout/ }).first().click();
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('done') === 'logout');
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'आप लॉग आउट हो गए हैं।' }).count()).toBe(1);
    await expectNoSideScroll(page, 'login after logout (hi, 360 px)');
    await expectAccessible(page, 'login after logout (hi, 360 px)');
    await page.screenshot({ path: path.join(SHOTS_DIR, 'login-logged-out-hi-360.png'), fullPage: true });

    // Forgot user ID, by mobile number (Hindi), then by e-mail (English).
    await page.getByRole('link', { name: 'यूज़र आईडी भूल गए?' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-user-id');
    await page.getByRole('button', { name: 'मेरा यूज़र आईडी भेजें' }).click();
    await expect.poll(() => page.getByText('कृपया अपना ई-मेल पता या मोबाइल नंबर भरें।').count()).toBe(1);
    await page.getByRole('textbox', { name: 'ई-मेल या मोबाइल नंबर' }).fill('SH1234567');
    await page.getByRole('button', { name: 'मेरा यूज़र आईडी भेजें' }).click();
    await expect.poll(() => page.getByText('वह ई-मेल पता या 10 अंकों का मोबाइल नंबर लिखें जिससे आपने पंजीकरण किया था').count()).toBe(1);
    await page.getByRole('textbox', { name: 'ई-मेल या मोबाइल नंबर' }).fill('+91 70123 45678');
    await page.getByRole('button', { name: 'मेरा यूज़र आईडी भेजें' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('हमने उसका यूज़र आईडी वहाँ भेज दिया है');
    await expectNoSideScroll(page, 'forgot user ID (hi, 360 px)');
    await expectAccessible(page, 'forgot user ID (hi, 360 px)');
    await page.screenshot({ path: path.join(SHOTS_DIR, 'forgot-user-id-hi-360.png'), fullPage: true });
    await expect
      .poll(() => readSmsOutbox(harness.dataDir).some((sms) => sms.text.startsWith('To: +917012345678') && sms.text.includes(member.userId)), { timeout: 20_000 })
      .toBe(true);

    await page.goto('/forgot-user-id?lang=en');
    await waitForApp(page);
    await page.getByRole('textbox', { name: 'E-mail or mobile number' }).fill(member.email);
    await page.getByRole('button', { name: 'Send my user ID' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('we have sent its user ID there');
    await expect
      .poll(() => readOutbox(harness.dataDir).some((mail) => mail.text.includes(`To: ${member.email}`) && mail.text.includes(`Your user ID is ${member.userId}`)), { timeout: 20_000 })
      .toBe(true);
    await expectNoSideScroll(page, 'forgot user ID (en, 360 px)');
    await page.screenshot({ path: path.join(SHOTS_DIR, 'forgot-user-id-en-360.png'), fullPage: true });
    expect(consoleErrors.filter((text) => !/status of 400/.test(text)), JSON.stringify(consoleErrors)).toEqual([]);
    await page.context().close();
  });

  it('a member shares a code in a link; a friend registers through it in Hindi without typing the code (360 px)', { timeout: 90_000 }, async () => {
    const admin = await harness.account({ role: 'admin', permissions: ['members'], fullName: 'Members Desk' });
    const token = await tokenFor(harness, admin);
    const member = await harness.account({ fullName: 'Kavita Meena', phone: '7011122233' });
    expect((await callProcedure(harness, 'community.epins.generate', { kind: 'mutation', token, input: { count: 2 } })).status).toBe(200);
    expect((await callProcedure(harness, 'community.epins.transfer', { kind: 'mutation', token, input: { toUserId: member.userId, count: 2 } })).status).toBe(200);

    const { page, consoleErrors } = await harness.page({ width: 360 });
    await signIn(page, member, 'member');
    await page.goto('/epin-dashboard?lang=hi');
    const copy = page.getByRole('button', { name: /लिंक कॉपी करें/ }).first();
    // The codes arrive after the page's first paint: on a loaded machine later than expect.poll's 1 s default.
    await expect.poll(() => copy.count(), { timeout: 10_000 }).toBe(1);
    const code = ((await copy.getAttribute('data-testid')) ?? '').replace('copy-code-', '');
    expect(code).toMatch(/^[A-Z0-9]{10}$/);
    await copy.click();
    // Kept for the link: the list says until when.
    await expect.poll(() => page.getByTestId('held-epins').textContent()).toContain('आपके शेयर किए लिंक के लिए');
    await expectNoSideScroll(page, 'codes list with share buttons (hi, 360 px)');
    await expectAccessible(page, 'codes list with share buttons (hi, 360 px)');
    await page.screenshot({ path: path.join(SHOTS_DIR, 'codes-share-hi-360.png'), fullPage: true });
    expect(consoleErrors).toEqual([]);
    await page.context().close();

    // The dashboard and the footer's Refer share the other code, not the one kept for the first link.
    const sharer = await harness.page({ width: 360 });
    await recordShares(sharer.page, harness.url);
    await signIn(sharer.page, member, 'member');
    await sharer.page.goto('/dashboard?lang=hi');
    const invite = sharer.page.getByTestId('invite-with-code');
    await expect.poll(() => invite.textContent()).toMatch(/बिना इस्तेमाल हुआ कोड [A-Z0-9]{10}/);
    const otherCode = /कोड ([A-Z0-9]{10})/.exec((await invite.textContent()) ?? '')?.[1];
    expect(otherCode).toBeDefined();
    expect(otherCode).not.toBe(code);
    await expectAccessible(sharer.page, 'dashboard with a code to share (hi, 360 px)');
    await sharer.page.screenshot({ path: path.join(SHOTS_DIR, 'dashboard-invite-hi-360.png'), fullPage: true });
    await sharer.page.getByTestId('footer-refer').click();
    const invitation = `${harness.url}/register/${member.userId}?code=${otherCode}&lang=hi`;
    await expect.poll(async () => (await sharedSoFar(sharer.page)).map((data) => data.url)).toEqual([invitation]);
    expect(await sharer.page.evaluate(() => navigator.clipboard.readText())).toBe(invitation);
    expect((await sharedSoFar(sharer.page))[0]?.text).toContain(otherCode);
    // Both codes are now kept for links: nothing is left to share, and the dashboard says so.
    await expect.poll(() => invite.textContent(), { timeout: 10_000 }).toContain('अभी आपके पास शेयर करने के लिए बिना इस्तेमाल हुआ कोई आमंत्रण कोड नहीं है');
    expect(sharer.consoleErrors).toEqual([]);
    await sharer.page.context().close();

    // The friend opens the link: the code is there, and says where it came from.
    const friend = await harness.page({ width: 360 });
    await friend.page.goto(`/register/${member.userId}?code=${code}&lang=hi`);
    await waitForApp(friend.page);
    expect(await friend.page.locator('input[name="epin"]').inputValue()).toBe(code);
    await expect.poll(() => friend.page.getByText('आपको भेजे गए लिंक से भरा गया।').count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => friend.page.locator('input[name="sponsorName"]').inputValue()).toBe('Kavita Meena');
    await friend.page.locator('input[name="fullName"]').fill('Sita Kumari');
    await friend.page.locator('input[name="email"]').fill('sita.kumari@example.org');
    await friend.page.locator('input[name="phone"]').fill('7012398765');
    await friend.page.locator('input[name="password"]').fill('sita kumari password');
    await friend.page.locator('textarea[name="address"]').fill('4 Mandir Marg');
    await friend.page.locator('input[name="city"]').fill('Kota');
    // The state from the list, named in Hindi; and the PIN code.
    await friend.page.getByLabel('राज्य', { exact: true }).selectOption({ label: 'राजस्थान' });
    await friend.page.locator('input[name="pinCode"]').fill('324 001');
    await friend.page.getByRole('button', { name: 'रजिस्टर करें', exact: true }).click();
    await expect.poll(() => friend.page.getByRole('status').first().textContent(), { timeout: 15_000 }).toContain('स्वागत है, Sita Kumari!');
    await friend.page.screenshot({ path: path.join(SHOTS_DIR, 'register-by-link-hi-360.png'), fullPage: true });
    // Her profile: its sections reachable from the top, and no I-card before her e-mail is confirmed.
    await friend.page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 15_000 });
    // Her own gifts are hers: /donate fills in her name, and credits nobody — not the member who invited her.
    await updateSettings({ upiVpa: 'sahayfoundation@sbi', upiPayeeName: 'Sahay Foundation' });
    await friend.page.goto('/donate?lang=hi');
    await waitForApp(friend.page);
    const donateForm = friend.page.getByTestId('donate-form');
    await expect.poll(() => donateForm.locator('input[name="donorName"]').inputValue()).toBe('Sita Kumari');
    expect(await donateForm.locator('input[name="referralId"]').inputValue()).toBe('');
    await friend.page.goto('/profile?lang=hi');
    const sections = friend.page.getByRole('navigation', { name: 'इस पेज पर' });
    await expect.poll(() => sections.getByRole('link').count()).toBe(5);
    await sections.getByRole('link', { name: 'सदस्य आई-कार्ड' }).click();
    await expect.poll(() => friend.page.getByTestId('id-card-not-active').isVisible()).toBe(true);
    expect(await friend.page.getByRole('button', { name: /आई-कार्ड डाउनलोड/ }).count()).toBe(0);
    await expectNoSideScroll(friend.page, 'profile (hi, 360 px)');
    await expectAccessible(friend.page, 'profile with sections (hi, 360 px)');
    await friend.page.screenshot({ path: path.join(SHOTS_DIR, 'profile-hi-360.png'), fullPage: true });
    expect(friend.consoleErrors).toEqual([]);
    await friend.page.context().close();

    // Without a code, a visitor is told how to get one.
    const visitor = await harness.page({ width: 360 });
    await visitor.page.goto('/register?lang=en');
    await waitForApp(visitor.page);
    await expect.poll(() => visitor.page.getByText('No invite code? Ask the member who invited you').count()).toBe(1);
    await visitor.page.context().close();
  });

  it('the registration form: an empty field says "Please enter …" beside it, the state is a list, the PIN code is asked, the password can be shown (360 px, English and Hindi)', { timeout: 90_000 }, async () => {
    const { page, consoleErrors } = await harness.page({ width: 360 });
    await page.goto('/register?lang=hi');
    await waitForApp(page);
    await page.getByRole('button', { name: 'रजिस्टर करें', exact: true }).click();
    // Every empty field says what to fill in, in Hindi, and the first is focused.
    const form = page.locator('form');
    for (const message of ['कृपया अपना पूरा नाम भरें', 'कृपया अपना ई-मेल पता भरें', 'कृपया अपना मोबाइल नंबर भरें', 'कृपया आमंत्रण कोड भरें', 'कृपया पासवर्ड भरें', 'कृपया अपना पता भरें', 'कृपया अपना शहर या कस्बा भरें', 'कृपया अपना राज्य या केंद्र शासित प्रदेश चुनें', 'कृपया अपना पिन कोड भरें']) {
      await expect.poll(() => form.getByText(message, { exact: true }).count(), { message }).toBe(1);
    }
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('fullName');
    // No length rule for a field left empty.
    expect((await form.locator('.field-error').allTextContents()).join(' ')).not.toContain('कम से कम');
    // India's 28 states and 8 union territories, in two groups, named in Hindi.
    const state = page.getByLabel('राज्य', { exact: true });
    expect(await state.locator('optgroup').count()).toBe(2);
    expect(await state.locator('option[value]:not([value=""])').count()).toBe(36);
    await state.selectOption({ label: 'तमिलनाडु' });
    expect(await state.inputValue()).toBe('tamil-nadu');
    // A PIN code of 5 digits is refused beside the field.
    await page.locator('input[name="pinCode"]').fill('30200');
    await page.getByRole('button', { name: 'रजिस्टर करें', exact: true }).click();
    await expect.poll(() => form.getByText('6 अंकों का पिन कोड भरें', { exact: true }).count()).toBe(1);
    // Show, then hide, the password.
    const password = page.locator('input[name="password"]');
    await password.fill('meri gupt baat');
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'पासवर्ड दिखाएँ' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    expect(await password.inputValue()).toBe('meri gupt baat');
    await expectNoSideScroll(page, 'registration with errors (hi, 360 px)');
    await expectAccessible(page, 'registration with errors (hi, 360 px)');
    await page.screenshot({ path: path.join(SHOTS_DIR, 'register-errors-hi-360.png'), fullPage: true });
    await page.getByRole('button', { name: 'पासवर्ड छिपाएँ' }).click();
    expect(await password.getAttribute('type')).toBe('password');

    // In English: the same rules in English words.
    await page.goto('/register?lang=en');
    await waitForApp(page);
    await page.locator('input[name="fullName"]').fill('Meena Devi');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect.poll(() => form.getByText('Please enter your e-mail address', { exact: true }).count()).toBe(1);
    await expect.poll(() => form.getByText('Please choose your state or union territory', { exact: true }).count()).toBe(1);
    expect(await form.getByText('Please enter your full name').count()).toBe(0);
    expect(await page.getByLabel('State', { exact: true }).locator('option', { hasText: 'Andaman and Nicobar Islands' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await page.locator('input[name="password"]').getAttribute('type')).toBe('text');
    await expectNoSideScroll(page, 'registration with errors (en, 360 px)');
    await expectAccessible(page, 'registration with errors (en, 360 px)');
    await page.screenshot({ path: path.join(SHOTS_DIR, 'register-errors-en-360.png'), fullPage: true });
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });

  it('with "invite only" turned off, a visitor joins without a code; turned back on, the form asks for one again (360 px, English)', { timeout: 90_000 }, async () => {
    const setInviteOnly = (isInviteOnly: boolean) => updateSettings({ isInviteOnly });
    const { page, consoleErrors } = await harness.page({ width: 360 });
    await setInviteOnly(false);
    try {
      await page.goto('/register');
      await waitForApp(page);
      const code = page.getByLabel('Invite code (E-PIN, optional)');
      await expect.poll(() => code.count()).toBe(1);
      expect(await code.getAttribute('required')).toBeNull();
      await page.locator('input[name="fullName"]').fill('Open Door');
      await page.locator('input[name="email"]').fill(`open.door.${Date.now()}@example.org`);
      await page.locator('input[name="phone"]').fill('7012300001');
      await page.locator('input[name="password"]').fill('open door password');
      await page.locator('textarea[name="address"]').fill('9 Station Road');
      await page.locator('input[name="city"]').fill('Ajmer');
      await page.getByLabel('State', { exact: true }).selectOption({ label: 'Rajasthan' });
      await page.locator('input[name="pinCode"]').fill('305001');
      await page.getByRole('button', { name: 'Register', exact: true }).click();
      await expect.poll(() => page.getByRole('status').first().textContent(), { timeout: 15_000 }).toContain('Welcome, Open Door!');
      await expectAccessible(page, 'registered without a code (en, 360 px)');
    } finally {
      await setInviteOnly(true);
    }
    const visitor = await harness.page({ width: 360 });
    await visitor.page.goto('/register');
    await waitForApp(visitor.page);
    await expect.poll(() => visitor.page.getByLabel('Invite code (E-PIN)', { exact: true }).getAttribute('required')).toBe('');
    await visitor.page.context().close();
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });

  it('after a password reset by the code sent by SMS, the login page says the password changed', { timeout: 90_000 }, async () => {
    const member = await harness.account({ fullName: 'Ravi Verma', phone: '7098765432', password: 'ravi old password' });
    const { page, consoleErrors } = await harness.page({ width: 360 });
    await page.goto('/forgot-password?lang=en');
    await waitForApp(page);
    await page.getByRole('textbox', { name: 'User ID' }).fill(member.userId);
    await page.getByRole('textbox', { name: /Phone|Mobile/ }).fill('7098765432');
    await page.getByRole('button', { name: /code/i }).first().click();
    let code: string | undefined;
    await expect
      .poll(
        () => {
          const sms = readSmsOutbox(harness.dataDir).find((message) => message.text.startsWith('To: +917098765432') && message.text.includes('password reset code'));
          code = sms && /reset code is (\d{6})/.exec(sms.text)?.[1];
          return code ?? null;
        },
        { timeout: 20_000 },
      )
      .not.toBeNull();
    await page.getByRole('textbox', { name: /code/i }).fill(code!);
    const passwords = page.locator('input[type="password"]');
    await passwords.nth(0).fill('ravi new password');
    await passwords.nth(1).fill('ravi new password');
    await page.getByRole('button', { name: /password/i }).last().click();
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('done') === 'reset', { timeout: 10_000 });
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Password changed. Log in with your new password.' }).count()).toBe(1);
    await page.getByRole('textbox', { name: 'User ID or mobile number' }).fill('7098765432');
    await page.getByLabel('Password', { exact: true }).fill('ravi new password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.screenshot({ path: path.join(SHOTS_DIR, 'dashboard-after-reset-en-360.png'), fullPage: false });
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });
});
