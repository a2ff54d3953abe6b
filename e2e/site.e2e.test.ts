import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callProcedure, expectNoAxeViolations, signIn, startHarness, tokenFor, waitForApp, type Harness } from './harness.ts';

type Account = Awaited<ReturnType<Harness['account']>>;

const PUBLIC_PAGES = ['/', '/about', '/mission', '/KanyadanYojna', '/donor', '/plan', '/legals', '/contact', '/login', '/register', '/admin-login'];

/** The page's address for a reader of `lang` (the page's own language needs no parameter). */
function inLang(pathname: string, lang: 'en' | 'hi'): string {
  const pageLang = pathname === '/KanyadanYojna' ? 'hi' : 'en';
  return lang === pageLang ? pathname : `${pathname}?lang=${lang}`;
}

function unexpected(consoleErrors: string[]): string[] {
  // The 404 page's own response is logged by Chromium as a failed resource; nothing else may be.
  return consoleErrors.filter((text) => !/status of 404/.test(text));
}

async function currentSlide(page: Page, carousel = 0): Promise<number> {
  return Number(await page.getByTestId('carousel-track').nth(carousel).getAttribute('data-index'));
}

describe('public site in Chromium', () => {
  let harness: Harness;
  let admin: Account;
  let member: Account;

  beforeAll(async () => {
    harness = await startHarness();
    admin = await harness.account({ role: 'admin', fullName: 'Content Admin' });
    member = await harness.account({ fullName: 'Plain Member' });
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('renders every public page in English and in Hindi, without console errors or axe violations', { timeout: 240_000 }, async () => {
    const { page, consoleErrors } = await harness.page();
    // English first: a page opened at an address naming its language remembers that choice.
    for (const lang of ['en', 'hi'] as const) {
      for (const pathname of [...PUBLIC_PAGES, '/no-such-page']) {
        const label = `${pathname} (${lang})`;
        const response = await page.goto(inLang(pathname, lang));
        expect(response?.status(), label).toBe(pathname === '/no-such-page' ? 404 : 200);
        await waitForApp(page);
        expect(await page.evaluate(() => document.documentElement.lang), label).toBe(lang);
        const heading = (await page.getByRole('heading', { level: 1 }).first().textContent()) ?? '';
        expect(heading.length, label).toBeGreaterThan(0);
        if (lang === 'hi') expect(await page.locator('main').textContent(), label).toMatch(/[\u0900-\u097F]{4}/);
        else expect(heading, label).not.toMatch(/[\u0900-\u097F]/);
        await expectNoAxeViolations(page, label);
      }
    }
    expect(unexpected(consoleErrors)).toEqual([]);
    await page.context().close();
  });

  it('switches language with the toggle to the page at its own address, and remembers the choice', async () => {
    const { page, consoleErrors } = await harness.page();
    await page.goto('/about');
    await waitForApp(page);
    await page.getByTestId('lang-toggle').click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('हमारे बारे में');
    expect(new URL(page.url()).search).toBe('?lang=hi');
    // The next page without ?lang= comes from the server in Hindi straight away.
    await page.goto('/mission');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');
    // /KanyadanYojna opens in Hindi; its English version has its own address.
    await page.goto('/KanyadanYojna?lang=en');
    await waitForApp(page);
    expect(await page.getByTestId('kanyadan-honest').textContent()).toContain('It is not a government scheme');
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });

  it('says "Invalid referral ID" when the server knows no such member, malformed or not', async () => {
    const { page, consoleErrors } = await harness.page();
    for (const referral of ['not-an-id', 'SH0000001']) {
      await page.goto(`/register/${referral}`);
      await waitForApp(page);
      await expect.poll(() => page.getByText('Invalid referral ID').count()).toBe(1);
    }
    await page.goto(`/register/${member.userId}`);
    await expect.poll(() => page.getByLabel('Sponsor name').inputValue()).toBe('Plain Member');
    expect(consoleErrors.filter((text) => !/status of (400|404)/.test(text))).toEqual([]);
    await page.context().close();
  });

  it('keeps what a visitor typed before the page code arrived, and waits for it before submitting', async () => {
    const { page, consoleErrors } = await harness.page();
    // A slow network: the app's entry module arrives 1.5 s after the page.
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'User ID' }).fill(member.userId);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    expect(await page.getByRole('button', { name: 'Login', exact: true }).isDisabled()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-ready'))).toBe(false);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL('**/dashboard');
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });

  it('opens and closes the dropdown menus with the keyboard', async () => {
    const { page } = await harness.page();
    await page.goto('/');
    await waitForApp(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const about = nav.getByRole('button', { name: 'About' });
    await about.focus();
    await page.keyboard.press('Enter');
    expect(await about.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('About Us');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Mission & Vision');
    await page.keyboard.press('Escape');
    expect(await about.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('About');

    const kanyadan = nav.getByRole('button', { name: 'Kanyadan' });
    await kanyadan.focus();
    await page.keyboard.press('ArrowDown');
    expect(await kanyadan.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('About Kanyadan Yojana');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/KanyadanYojna?lang=en');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Kanyadan Yojana of Sahay Foundation');
    expect(await kanyadan.getAttribute('aria-expanded')).toBe('false');
    await page.context().close();
  });

  it('opens and closes the menu with the hamburger at 360 px', async () => {
    const { page } = await harness.page({ width: 360 });
    await page.goto('/');
    await waitForApp(page);
    const menu = page.getByRole('button', { name: 'Menu' });
    const contact = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' });
    expect(await menu.isVisible()).toBe(true);
    expect(await contact.isVisible()).toBe(false);
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    expect(await contact.isVisible()).toBe(true);
    await menu.click();
    expect(await contact.isVisible()).toBe(false);
    await menu.click();
    await page.keyboard.press('Escape');
    expect(await contact.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('site-menu-button');
    // The page does not scroll sideways at this width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.context().close();
  });

  it('wraps the slider arrows both ways, and moves by the arrow keys on the Kanyadan page', async () => {
    const { page } = await harness.page({ reducedMotion: true });
    await page.goto('/');
    await waitForApp(page);
    const hero = page.getByRole('region', { name: 'Highlights' });
    expect(await currentSlide(page)).toBe(0);
    await hero.getByTestId('carousel-prev').click();
    expect(await currentSlide(page)).toBe(3);
    expect(await hero.locator('.carousel-slide.is-current h2').textContent()).toBe('Give hope, spread smiles');
    await hero.getByTestId('carousel-next').click();
    expect(await currentSlide(page)).toBe(0);
    expect(await hero.locator('.carousel-slide.is-current h2').textContent()).toBe('Empower a life, donate with heart');
    // The cause carousel wraps too, and Read More leads to that cause's help requests.
    const causes = page.getByRole('region', { name: 'Causes' });
    await causes.getByTestId('carousel-prev').click();
    expect(await currentSlide(page, 1)).toBe(5);
    expect(await causes.locator('.carousel-slide.is-current a').getAttribute('href')).toBe('/help?cause=education');

    await page.goto('/KanyadanYojna');
    await waitForApp(page);
    await page.getByTestId('carousel-next').focus();
    await page.keyboard.press('ArrowRight');
    expect(await currentSlide(page)).toBe(1);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect(await currentSlide(page)).toBe(2);
    await page.context().close();
  });

  it('advances the slider every 5 s, stops on hover, on focus and with the pause button, and never moves for reduced motion', { timeout: 90_000 }, async () => {
    // The page's own clock, moved on by the test: the slider's 5 s and the 6 s it must stay still
    // pass at once instead of in real time.
    const moving = await harness.page();
    await moving.page.clock.install();
    await moving.page.goto('/');
    await waitForApp(moving.page);
    await moving.page.mouse.move(5, 880);
    await moving.page.clock.runFor(5_100);
    await expect.poll(() => currentSlide(moving.page)).toBe(1);
    expect(await moving.page.getByTestId('carousel-pause').first().textContent()).toBe('Pause');
    await moving.page.getByRole('region', { name: 'Highlights' }).locator('.carousel-track').hover();
    const hovered = await currentSlide(moving.page);
    await moving.page.clock.runFor(6_000);
    expect(await currentSlide(moving.page)).toBe(hovered);
    // Focus inside it holds it too: a keyboard reader on one of its controls, the mouse elsewhere.
    await moving.page.mouse.move(5, 880);
    await moving.page.getByRole('region', { name: 'Highlights' }).getByRole('button').first().focus();
    const focused = await currentSlide(moving.page);
    await moving.page.clock.runFor(6_000);
    expect(await currentSlide(moving.page)).toBe(focused);
    await moving.page.mouse.move(5, 880);
    await moving.page.getByTestId('carousel-pause').first().click();
    await moving.page.mouse.move(5, 880);
    await moving.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    expect(await moving.page.getByTestId('carousel-pause').first().textContent()).toBe('Play');
    const paused = await currentSlide(moving.page);
    await moving.page.clock.runFor(6_000);
    expect(await currentSlide(moving.page)).toBe(paused);
    await moving.page.context().close();

    const still = await harness.page({ reducedMotion: true });
    await still.page.clock.install();
    await still.page.goto('/');
    await waitForApp(still.page);
    await still.page.clock.runFor(6_000);
    expect(await currentSlide(still.page)).toBe(0);
    expect(await currentSlide(still.page, 1)).toBe(0);
    expect(await still.page.getByTestId('carousel-pause').first().textContent()).toBe('Play');
    // The contact line never moves (for anyone: it is a static line now), and the counters show their figures without counting.
    expect(await still.page.locator('.top-bar *').evaluateAll((elements) => elements.filter((element) => getComputedStyle(element).animationName !== 'none').length)).toBe(0);
    await still.page.getByTestId('counter-donors').scrollIntoViewIfNeeded();
    for (let sample = 0; sample < 5; sample += 1) {
      expect(await still.page.getByTestId('counter-donors').locator('[aria-hidden="true"]').textContent()).toBe('5,000');
      await still.page.clock.runFor(100);
    }
    await still.page.context().close();
  });

  it('counts the counters up from 0 to their targets when they are scrolled into view', async () => {
    const { page } = await harness.page();
    await page.goto('/');
    await waitForApp(page);
    const donors = page.getByTestId('counter-donors').locator('[aria-hidden="true"]');
    await page.getByTestId('counter-donors').scrollIntoViewIfNeeded();
    const seen: string[] = [];
    for (let sample = 0; sample < 30; sample += 1) {
      seen.push((await donors.textContent()) ?? '');
      await page.waitForTimeout(100);
    }
    const values = seen.map((text) => Number(text.replace(/\D/g, '')));
    expect(values[0]).toBeLessThan(5000);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(values.at(-1)).toBe(5000);
    await expect.poll(() => donors.textContent()).toBe('5,000');
    // Twelve lakh as the short form: whole rupees, never paise, and it fits a half-width card.
    expect(await page.getByTestId('counter-funds').locator('[aria-hidden="true"]').textContent()).toBe('₹12 lakh');
    expect(await page.getByTestId('counter-campaigns').locator('[aria-hidden="true"]').textContent()).toBe('100');
    expect(await page.getByTestId('counter-people').locator('[aria-hidden="true"]').textContent()).toBe('24,000');
    await page.context().close();

    // At 360 px, in Hindi, no counter spills out of its card.
    const phone = await harness.page({ width: 360, reducedMotion: true });
    await phone.page.goto('/?lang=hi');
    await waitForApp(phone.page);
    expect(await phone.page.getByTestId('counter-funds').locator('[aria-hidden="true"]').textContent()).toBe('₹12 लाख');
    const spilled = await phone.page.locator('.counter').evaluateAll((cards) =>
      cards.filter((card) => [...card.querySelectorAll('.counter-value span[aria-hidden="true"]')].some((value) => value.getBoundingClientRect().right > card.getBoundingClientRect().right + 0.5)).length,
    );
    expect(spilled).toBe(0);
    await phone.page.context().close();
  });

  it('asks for the Kanyadan counters again every 10 minutes, and shows the new figures without reloading the page', async () => {
    const { page, consoleErrors } = await harness.page({ reducedMotion: true });
    await page.clock.install();
    await page.goto('/KanyadanYojna?lang=en');
    await waitForApp(page);
    const girls = page.getByTestId('counter-girls').locator('[aria-hidden="true"]');
    await expect.poll(() => girls.textContent()).toBe('12,456');
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    const { version } = (await callProcedure(harness, 'site.settings.get')).body.result?.data as { version: number };
    const saved = await callProcedure(harness, 'site.settings.update', { kind: 'mutation', token: await tokenFor(harness, admin), input: { expectedVersion: version, data: { baselineKanyadanGirls: 13_000 } } });
    expect(saved.status).toBe(200);
    const asked = () => page.waitForRequest((request) => request.url().includes('transparency.counters.get'), { timeout: 5_000 });

    // Not before the 10 minutes are up...
    await page.clock.runFor(9 * 60_000);
    await page.waitForTimeout(500);
    expect(await girls.textContent()).toBe('12,456');
    // ...and then, in the same document.
    const request = asked();
    await page.clock.runFor(60_000);
    await request;
    await expect.poll(() => girls.textContent()).toBe('13,000');
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    // And again ten minutes later.
    const again = asked();
    await page.clock.runFor(10 * 60_000);
    await again;
    expect(consoleErrors).toEqual([]);
    await page.context().close();
    const restored = await callProcedure(harness, 'site.settings.update', { kind: 'mutation', token: await tokenFor(harness, admin), input: { expectedVersion: version + 1, data: { baselineKanyadanGirls: 12_456 } } });
    expect(restored.status).toBe(200);
  });

  describe('contact form', () => {
    const token = crypto.randomBytes(4).toString('hex');
    let sentFromThisAddress = 0;
    /** The clock hour the messages counted above were sent in. */
    let sentInHour = Math.floor(Date.now() / 3_600_000);

    async function send(page: Page, fields: { name: string; email?: string; phone?: string; message: string; website?: string }) {
      await page.getByLabel('Your name').fill(fields.name);
      await page.getByRole('textbox', { name: 'E-mail' }).fill(fields.email ?? '');
      await page.getByRole('textbox', { name: 'Phone' }).fill(fields.phone ?? '');
      await page.getByRole('textbox', { name: 'Message' }).fill(fields.message);
      if (fields.website) await page.locator('input[name="website"]').fill(fields.website, { force: true });
      await page.getByRole('button', { name: 'Send message' }).click();
    }

    it('delivers a message to the admin inbox and e-mails the foundation', { timeout: 90_000 }, async () => {
      const visitor = await harness.page();
      await visitor.page.goto('/contact');
      await waitForApp(visitor.page);
      await visitor.page.getByRole('button', { name: 'Send message' }).click();
      await expect.poll(() => visitor.page.getByText('Name is required').count()).toBe(1);
      expect(await visitor.page.getByText('Give an e-mail address or a phone number so that we can reply').count()).toBe(1);

      await send(visitor.page, { name: 'Kavita Sharma', email: 'kavita@example.org', message: `Please call me about Kanyadan. Token ${token}` });
      await expect.poll(() => visitor.page.getByRole('status').textContent()).toContain('Your message has reached us');
      sentFromThisAddress += 1;
      sentInHour = Math.floor(Date.now() / 3_600_000);
      expect(await visitor.page.getByLabel('Your name').inputValue()).toBe('');
      expect(visitor.consoleErrors).toEqual([]);
      await visitor.page.context().close();

      const outbox = path.join(harness.dataDir, 'outbox');
      await expect
        .poll(() => (fs.existsSync(outbox) ? fs.readdirSync(outbox).some((file) => fs.readFileSync(path.join(outbox, file), 'utf8').includes(`Token ${token}`)) : false), {
          timeout: 20_000,
          interval: 250,
        })
        .toBe(true);

      const { page } = await harness.page();
      await signIn(page, admin);
      await page.getByRole('link', { name: 'Contact messages', exact: true }).click();
      await page.waitForURL('**/admin/contact');
      await page.getByTestId('contact-inbox').getByRole('link', { name: 'Kavita Sharma' }).first().click();
      await expect.poll(() => page.getByTestId('contact-message').textContent()).toContain(`Token ${token}`);
      expect(await page.getByTestId('contact-message').textContent()).toContain('kavita@example.org');
      await expectNoAxeViolations(page, 'contact message');
      await page.getByRole('button', { name: 'Mark as handled' }).click();
      await expect.poll(() => page.getByTestId('contact-message').textContent()).toContain(`by ${admin.userId}`);
      await page.getByRole('link', { name: 'Back to all messages' }).click();
      await expect.poll(() => page.getByText('No messages here.').count()).toBe(1);
      await page.getByRole('link', { name: 'Handled' }).click();
      await expect.poll(() => page.getByTestId('contact-inbox').getByRole('link', { name: 'Kavita Sharma' }).count()).toBe(1);
      await page.context().close();
    });

    it('drops a message whose honeypot is filled, while answering as usual', async () => {
      const { page } = await harness.page();
      await page.goto('/contact');
      await waitForApp(page);
      await send(page, { name: 'Spam Bot', email: 'bot@example.org', message: 'Cheap offers', website: 'https://spam.example' });
      await expect.poll(() => page.getByRole('status').textContent()).toContain('Your message has reached us');
      await page.context().close();
      const messages = await callProcedure(harness, 'site.contact.getMany', { input: { status: 'all' }, token: await tokenFor(harness, admin) });
      const names = (messages.body.result?.data as { messages: { name: string }[] }).messages.map((message) => message.name);
      expect(names).toContain('Kavita Sharma');
      expect(names).not.toContain('Spam Bot');
    });

    it('refuses the 6th message from one address within an hour, with the wait in the reader language', { timeout: 90_000 }, async () => {
      const { page } = await harness.page();
      // The limit counts in clock hours (rate-limit.ts: fixed windows). Too close to the next hour,
      // the 6th message would land in a fresh window: wait it out, and count from nothing. The
      // same when the messages of the test before were sent in an earlier hour.
      const hourOf = (ms: number) => Math.floor(ms / 3_600_000);
      if (3_600_000 - (Date.now() % 3_600_000) < 90_000) await page.waitForTimeout(3_600_000 - (Date.now() % 3_600_000) + 1000);
      if (hourOf(Date.now()) !== sentInHour) sentFromThisAddress = 0;
      await page.goto('/contact');
      await waitForApp(page);
      while (sentFromThisAddress < 5) {
        await send(page, { name: `Visitor ${sentFromThisAddress}`, phone: '+91 98765 43210', message: 'A question' });
        await expect.poll(() => page.getByRole('status').textContent()).toContain('Your message has reached us');
        sentFromThisAddress += 1;
      }
      await send(page, { name: 'One Too Many', phone: '+91 98765 43210', message: 'Another question' });
      await expect.poll(() => page.getByRole('alert').first().textContent()).toMatch(/You have sent too many messages\. Please try again in \d+ (minutes?|seconds?)\./);
      // What was typed stays, so nothing is lost.
      expect(await page.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('Another question');
      await page.getByTestId('lang-toggle').click();
      await page.getByRole('button', { name: 'संदेश भेजें' }).click();
      await expect.poll(() => page.getByRole('alert').first().textContent()).toMatch(/आपने बहुत सारे संदेश भेज दिए हैं। कृपया \d+ (मिनट|सेकंड) बाद फिर से कोशिश करें।/);
      await page.context().close();
    });
  });

  it('lets an admin edit About, shows the edit on the public page and in the history with the admin user ID, and restores the old version', { timeout: 90_000 }, async () => {
    const { page, consoleErrors } = await harness.page();
    await signIn(page, admin);
    await page.getByRole('link', { name: 'Content pages' }).click();
    await page.waitForURL('**/admin/content/about');
    await waitForApp(page);
    const english = page.getByRole('group', { name: 'English' });
    await expect.poll(() => english.getByLabel('Title').inputValue()).toBe('About Us');
    await expectNoAxeViolations(page, 'content editor');
    const body = english.getByLabel('Text (Markdown)');
    const stamp = crypto.randomBytes(4).toString('hex');
    await english.getByLabel('Title').fill('About Sahay');
    await body.fill(`${await body.inputValue()}\n\nEdited in the browser test ${stamp}.`);
    await english.getByRole('button', { name: 'Preview English' }).click();
    await expect.poll(() => page.getByTestId('content-preview').textContent()).toContain(`Edited in the browser test ${stamp}.`);
    // As the public page will show it: the seed text's {{placeholders}} filled from the settings.
    expect(await page.getByTestId('content-preview').textContent()).toContain('Sahay Foundation is a registered non-profit');
    expect(await page.getByTestId('content-preview').textContent()).not.toContain('{{');
    await page.getByRole('button', { name: 'Save page' }).click();
    await expect.poll(() => page.getByRole('status').first().textContent()).toMatch(/Saved as version \d+/);
    const history = page.getByTestId('content-history');
    await expect.poll(() => history.locator('tbody tr').first().textContent()).toContain(admin.userId);
    expect(await history.locator('tbody tr').first().textContent()).toContain('About Sahay');
    expect(await history.locator('tbody tr').last().textContent()).toContain('system');

    const visitor = await harness.page();
    await visitor.page.goto('/about');
    expect(await visitor.page.getByRole('heading', { level: 1 }).textContent()).toBe('About Sahay');
    expect(await visitor.page.getByTestId('content-body').textContent()).toContain(`Edited in the browser test ${stamp}.`);

    // View the first version, then restore it: a new version, and the public page shows it.
    const versions = await history.locator('tbody tr').count();
    await history.getByRole('button', { name: 'View version 1' }).click();
    await expect.poll(() => page.getByTestId('content-old-version').textContent()).toContain('About Us');
    await history.getByRole('button', { name: 'Restore version 1' }).click();
    await expect.poll(() => history.locator('tbody tr').count()).toBe(versions + 1);
    expect(await history.locator('tbody tr').first().textContent()).toContain('restored from version 1');
    await visitor.page.reload();
    expect(await visitor.page.getByRole('heading', { level: 1 }).textContent()).toBe('About Us');
    expect(consoleErrors).toEqual([]);
    await visitor.page.context().close();
    await page.context().close();
  });

  it('refuses a member who tries to change content or settings (403), and nothing changes', async () => {
    const token = await tokenFor(harness, member);
    const before = await callProcedure(harness, 'site.content.get', { input: { slug: 'legals' } });
    const page = before.body.result?.data as { version: number; title: { en: string; hi: string }; body: { en: string; hi: string } };
    const edit = await callProcedure(harness, 'site.content.update', {
      kind: 'mutation',
      token,
      input: { slug: 'legals', expectedVersion: page.version, data: { title: { en: 'Hacked', hi: 'Hacked' }, body: page.body } },
    });
    expect(edit.status).toBe(403);
    const settings = await callProcedure(harness, 'site.settings.get');
    const { version } = settings.body.result?.data as { version: number };
    const change = await callProcedure(harness, 'site.settings.update', { kind: 'mutation', token, input: { expectedVersion: version, data: { email: 'thief@example.org' } } });
    expect(change.status).toBe(403);
    expect(((await callProcedure(harness, 'site.content.get', { input: { slug: 'legals' } })).body.result?.data as { version: number; title: { en: string } }).title.en).toBe(page.title.en);
    const after = (await callProcedure(harness, 'site.settings.get')).body.result?.data as { version: number; settings: { email: string } };
    expect(after.version).toBe(version);
    expect(after.settings.email).not.toBe('thief@example.org');

    // In the browser, the member sees "Access Denied!" on the admin pages.
    const { page: browser } = await harness.page();
    await signIn(browser, member, 'member');
    for (const adminPath of ['/admin/settings', '/admin/content/about']) {
      await browser.goto(adminPath);
      await expect.poll(() => browser.getByText('Access Denied!').count()).toBeGreaterThan(0);
    }
    await browser.context().close();
  });

  it('shows an admin settings change in the top bar, at once and on every page after', async () => {
    const { page, consoleErrors } = await harness.page();
    await signIn(page, admin);
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL('**/admin/settings');
    await waitForApp(page);
    const meeting = page.getByLabel('Daily evening meeting link');
    await expect.poll(() => meeting.isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'settings editor');
    // Checked in the browser with the server's schema, error beside the field.
    await meeting.fill('not a web address');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => page.getByText('Enter a full web address starting with https://').count()).toBe(1);
    expect(await meeting.getAttribute('aria-invalid')).toBe('true');
    await meeting.fill('https://meet.example/sahay-daily');
    await page.getByLabel('E-mail', { exact: true }).fill('office@sahay.example');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => page.getByRole('status').first().textContent()).toContain('Saved.');
    await expect.poll(() => page.getByTestId('top-bar-email').textContent()).toBe('office@sahay.example');
    expect(await page.locator('.banner-items a', { hasText: 'Daily evening meeting' }).getAttribute('href')).toBe('https://meet.example/sahay-daily');

    // On a phone the contact line wraps, whole words on screen, in both languages.
    const visitor = await harness.page({ width: 360 });
    for (const lang of ['en', 'hi']) {
      await visitor.page.goto(`/contact?lang=${lang}`);
      expect(await visitor.page.getByTestId('top-bar-email').textContent()).toBe('office@sahay.example');
      expect(await visitor.page.locator('.banner-items a', { hasText: lang === 'en' ? 'Daily evening meeting' : 'रोज़ शाम की मीटिंग' }).getAttribute('href')).toBe('https://meet.example/sahay-daily');
      const outside = await visitor.page.locator('.banner-items li').evaluateAll((items) => items.filter((item) => item.getBoundingClientRect().right > window.innerWidth + 0.5).length);
      expect(outside, `contact line items past the edge (${lang})`).toBe(0);
      expect(await visitor.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await visitor.page.screenshot({ path: path.join(os.tmpdir(), `sahay-top-bar-${lang}-360.png`), clip: { x: 0, y: 0, width: 360, height: 160 } });
    }
    await visitor.page.context().close();

    // Another admin's change meanwhile: 409 with the server's message, and Reload shows theirs.
    const { version } = (await callProcedure(harness, 'site.settings.get')).body.result?.data as { version: number };
    const other = await callProcedure(harness, 'site.settings.update', { kind: 'mutation', token: await tokenFor(harness, admin), input: { expectedVersion: version, data: { groupLink: 'https://chat.example/sahay' } } });
    expect(other.status).toBe(200);
    await page.getByLabel('Messaging group link').fill('https://chat.example/mine');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('Someone else changed the settings meanwhile. Reload to see their changes.');
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => page.getByLabel('Messaging group link').inputValue()).toBe('https://chat.example/sahay');
    expect(consoleErrors.filter((text) => !/status of 409/.test(text))).toEqual([]);
    await page.context().close();
  });

  it('serves robots.txt, a sitemap with both languages, and the NGO description without a CSP violation', async () => {
    const robots = await fetch(`${harness.url}/robots.txt`).then((response) => response.text());
    expect(robots).toContain('Disallow: /admin/');
    const sitemap = await fetch(`${harness.url}/sitemap.xml`).then((response) => response.text());
    expect(sitemap).toMatch(/<loc>[^<]*\/KanyadanYojna\?lang=en<\/loc>/);
    const { page, consoleErrors } = await harness.page();
    // Listening from before the first byte: a blocked script would be reported here and in the console.
    await page.addInitScript(() => {
      const found: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = found;
      document.addEventListener('securitypolicyviolation', (event) => found.push(`${event.violatedDirective} ${event.blockedURI}`));
    });
    await page.goto('/');
    await waitForApp(page);
    const ngo = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(ngo['@type']).toBe('NGO');
    expect(ngo.name).toBe('Sahay Foundation');
    const reported = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
    expect(reported).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });
  it('shows the page before any of its code is asked for, started by the one inline script the CSP allows by hash, and asks no third party for anything', async () => {
    for (const pathname of ['/', '/KanyadanYojna', '/contact']) {
      // A fresh browser context each time: nothing cached, every script fetched and timed.
      const { page, consoleErrors } = await harness.page({ width: 412 });
      const requested: string[] = [];
      page.on('request', (request) => requested.push(request.url()));
      const response = await page.goto(pathname);
      const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(response?.headers()['content-security-policy'] ?? '')?.[1];
      expect(scriptSrc, pathname).toMatch(/^'self' 'sha256-[A-Za-z0-9+/]{43}='$/);
      await waitForApp(page);
      const timings = await page.evaluate(() => ({
        firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => /\/assets\/.*\.js$/.test(entry.name))
          .map((entry) => ({ name: entry.name, startTime: entry.startTime })),
      }));
      // The app's code is fetched (and so has hydrated the page) only after the text was on screen.
      expect(timings.scripts.length, pathname).toBeGreaterThan(3);
      for (const script of timings.scripts) expect(script.startTime, `${pathname} ${script.name}`).toBeGreaterThanOrEqual(timings.firstPaint);
      // Nothing from anyone else: no font, script or image service sees the visitor.
      expect(requested.filter((url) => !url.startsWith(`${harness.url}/`) && !url.startsWith('data:')), pathname).toEqual([]);
      expect(consoleErrors, pathname).toEqual([]);
      await page.context().close();
    }
  });
});
