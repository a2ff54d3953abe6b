import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, startHarness, type Harness } from './harness.ts';

describe('platform slice in Chromium', () => {
  let harness: Harness;
  let sponsor: Awaited<ReturnType<Harness['account']>>;
  let admin: Awaited<ReturnType<Harness['account']>>;
  let adminToken: string;

  beforeAll(async () => {
    harness = await startHarness();
    sponsor = await harness.account({ fullName: 'Ramesh Kumar' });
    admin = await harness.account({ role: 'admin', fullName: 'Office Admin' });
    const login = await fetch(`${harness.url}/api/users/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ userId: admin.userId, password: admin.password }),
    });
    adminToken = ((await login.json()) as { token: string }).token;
  });
  afterAll(async () => {
    await harness?.close();
  });

  async function inviteCode(): Promise<string> {
    const response = await fetch(`${harness.url}/api/epins/generate-epins`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ count: 1 }),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { epins: { code: string }[] }).epins[0]!.code;
  }

  it('registers through a referral link with an invite code, logs out, and logs back in by e-mail', async () => {
    const code = await inviteCode();
    const { page, consoleErrors } = await harness.page();
    await page.goto(`/register/${sponsor.userId}`);
    await expect.poll(() => page.getByLabel('Sponsor name').inputValue()).toBe('Ramesh Kumar');
    expect(await page.getByLabel('Referral ID').inputValue()).toBe(sponsor.userId);
    await expectAccessible(page, 'register');

    const email = `sunita.${Date.now()}@example.org`;
    await page.getByLabel('Full name').fill('Sunita Devi');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Mobile number').fill('9876543210');
    await page.getByLabel('Invite code (E-PIN)').fill(code);
    await page.getByLabel('Password').fill('a long password');
    await page.getByLabel('Address').fill('12 Station Road');
    await page.getByLabel('City').fill('Jaipur');
    await page.getByLabel('State').fill('Rajasthan');
    await page.getByRole('button', { name: 'Register', exact: true }).click();

    await page.waitForURL('**/dashboard', { timeout: 15_000 });
    const userId = await page.getByTestId('user-id').textContent();
    expect(userId).toMatch(/^SH\d{7}$/);
    expect(await page.getByTestId('sponsor-name').textContent()).toBe('Ramesh Kumar');
    expect(await page.getByTestId('referral-link').inputValue()).toBe(`${harness.url}/register/${userId}`);
    await expectAccessible(page, 'dashboard');

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    await page.goto('/dashboard');
    await page.waitForURL('**/login?next=%2Fdashboard');

    await page.getByLabel('E-mail', { exact: true }).check();
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await page.getByLabel('Password').fill('a long password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL('**/dashboard');
    expect(await page.getByTestId('user-id').textContent()).toBe(userId);
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });

  it('shows the message for a wrong password', async () => {
    const { page } = await harness.page();
    await page.goto('/login');
    await expectAccessible(page, 'login');
    await page.getByRole('textbox', { name: 'User ID' }).fill(sponsor.userId);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Invalid user ID/e-mail or password');
    expect(page.url()).toMatch(/\/login$/);
    await page.context().close();
  });

  it('shows the 404 page, with HTTP status 404, for an unknown path', async () => {
    const { page, consoleErrors } = await harness.page();
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page Not Found');
    expect(await page.getByRole('link', { name: 'Go to the home page' }).count()).toBeGreaterThan(0);
    await expectAccessible(page, '404');
    // The 404 response itself is logged by Chromium as a failed resource; nothing else may be.
    expect(consoleErrors.filter((text) => !text.includes('404'))).toEqual([]);
    await page.context().close();
  });

  it('turns the navigation into Hindi with the language toggle, and remembers it', async () => {
    const { page, consoleErrors } = await harness.page();
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect.poll(() => nav.getByRole('link', { name: 'Become a Donor' }).count()).toBe(1);
    await expectAccessible(page, 'home');
    await page.getByTestId('lang-toggle').click();
    const hindiNav = page.getByRole('navigation', { name: 'मुख्य' });
    await expect.poll(() => hindiNav.getByRole('link', { name: 'दानदाता बनें' }).count()).toBe(1);
    expect(await hindiNav.getByRole('link', { name: 'संपर्क' }).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');
    await expectAccessible(page, 'home in Hindi');
    await page.reload();
    await expect.poll(() => page.getByRole('navigation', { name: 'मुख्य' }).getByRole('link', { name: 'दानदाता बनें' }).count()).toBe(1);
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });

  it('lets an admin sign in, see the member count and generate invite codes; members get Access Denied', async () => {
    const { page } = await harness.page();
    await page.goto('/admin-login');
    await expectAccessible(page, 'admin login');
    await page.getByLabel('User ID or e-mail').fill(sponsor.userId);
    await page.getByLabel('Password').fill(sponsor.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Invalid Admin Credentials');

    await page.getByLabel('User ID or e-mail').fill(admin.userId);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL('**/admin/dashboard');
    await expect.poll(async () => Number((await page.getByTestId('member-count').textContent())?.replace(/\D/g, ''))).toBeGreaterThanOrEqual(2);
    await expectAccessible(page, 'admin dashboard');
    await page.context().close();

    const member = await harness.page();
    await member.page.goto('/login');
    await member.page.getByRole('textbox', { name: 'User ID' }).fill(sponsor.userId);
    await member.page.getByLabel('Password').fill(sponsor.password);
    await member.page.getByRole('button', { name: 'Login', exact: true }).click();
    await member.page.waitForURL('**/dashboard');
    await member.page.goto('/admin/dashboard');
    await expect.poll(() => member.page.getByText('Access Denied!').count()).toBeGreaterThan(0);
    await member.page.waitForURL('**/admin-login', { timeout: 5_000 });
    await member.page.context().close();
  });
});
