import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer } from '#server/lib/mailer';
import { callProcedure, expectAccessible, signIn, startHarness, tokenFor, waitForApp, type Harness } from './harness.ts';

describe('failed jobs in Chromium', () => {
  let harness: Harness;
  let admin: Awaited<ReturnType<Harness['account']>>;

  beforeAll(async () => {
    harness = await startHarness();
    admin = await harness.account({ role: 'admin', permissions: ['settings'], fullName: 'Office Admin' });
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('shows an admin the job that gave up, at 360 px, and Retry runs it once the cause is fixed', { timeout: 90_000 }, async () => {
    const { services } = harness.server;
    const realMailer = services.mailer;
    // The mail server is down: the job that mails the foundation about a contact message fails for real.
    const downMailer: Mailer = {
      kind: 'smtp',
      async send() {
        throw new Error('connect ECONNREFUSED 10.0.0.25:587');
      },
      close() {},
    };
    services.mailer = downMailer;
    const sent = await callProcedure(harness, 'site.contact.create', {
      kind: 'mutation',
      input: { name: 'Kavita Sharma', email: 'kavita@example.org', message: 'Please call me about Kanyadan.' },
    });
    expect(sent.status).toBe(200);
    const token = await tokenFor(harness, admin);
    type Listed = { jobs: { jobId: string; name: string; source: { kind: string; eventType?: string } }[] };
    const failedJobs = async () => ((await callProcedure(harness, 'admin.jobs.getFailed', { token })).body.result?.data as Listed | undefined)?.jobs ?? [];
    // Five attempts with backoff (0.2 + 0.4 + 0.8 + 1.6 s), then it gives up.
    await expect.poll(failedJobs, { timeout: 20_000, interval: 250 }).toHaveLength(1);
    const [failed] = await failedJobs();
    expect(failed!.source).toEqual({ kind: 'event', eventType: 'ContactMessageReceived', streamId: expect.any(String) });

    const { page, consoleErrors } = await harness.page({ width: 360 });
    await signIn(page, admin);
    await page.getByRole('link', { name: 'Failed jobs' }).click();
    await page.waitForURL('**/admin/jobs');
    await waitForApp(page);
    const table = page.getByTestId('failed-jobs');
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    const row = table.getByRole('row').nth(1);
    const text = await row.textContent();
    expect(text).toContain(failed!.name);
    expect(text).toContain(failed!.jobId);
    expect(text).toContain('ContactMessageReceived');
    expect(text).toContain('connect ECONNREFUSED 10.0.0.25:587');
    expect(text).not.toContain('kavita@example.org');
    // Each value labelled with its column (a card on a phone): the job's name, what started it, then its attempts.
    expect(await row.getByRole('cell').nth(2).getAttribute('data-label')).toBe('Attempts');
    expect(await row.getByRole('cell').nth(2).textContent()).toBe('5');
    // The table scrolls in its own box; the page itself does not scroll sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page, 'failed jobs');

    services.mailer = realMailer;
    await row.getByRole('button', { name: `Retry ${failed!.name}` }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'will run again' }).count()).toBe(1);
    await expect.poll(() => page.getByTestId('failed-jobs-empty').count(), { timeout: 20_000 }).toBe(1);
    expect(await page.getByTestId('failed-jobs-empty').textContent()).toBe('No failed jobs: all background work has run.');
    expect(await failedJobs()).toEqual([]);
    const outbox = path.join(harness.dataDir, 'outbox');
    expect(fs.readdirSync(outbox).some((file) => fs.readFileSync(path.join(outbox, file), 'utf8').includes('Please call me about Kanyadan.'))).toBe(true);
    await expectAccessible(page, 'failed jobs, empty');
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });

  it('is not offered to an admin without the settings permission', async () => {
    const contentAdmin = await harness.account({ role: 'admin', permissions: ['content'] });
    const { page } = await harness.page();
    await signIn(page, contentAdmin);
    expect(await page.getByRole('link', { name: 'Failed jobs' }).count()).toBe(0);
    await page.goto('/admin/jobs');
    await waitForApp(page);
    await expect.poll(() => page.getByRole('heading', { name: 'Access Denied!' }).count()).toBe(1);
    expect(await page.getByTestId('failed-jobs').count()).toBe(0);
    await page.context().close();
  });
});
