import fs from 'node:fs';
import path from 'node:path';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayAndCompare } from '#server/event-store/replay';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, uniqueEmail, type AppCaller, type TestApp } from '#server/testing/test-services';
import { CONTENT_CONFLICT } from './content/content.decider.ts';
import { SETTINGS_CONFLICT } from './settings/settings.decider.ts';
import { rejection } from '#server/testing/assertions';

/** The fields named in a refusal, from zod's issues or from the decider's own field errors. */
function fieldErrors(error: TRPCError): Record<string, unknown> {
  const cause = error.cause as { issues?: { path: PropertyKey[] }[]; fieldErrors?: Record<string, string[]> } | undefined;
  return { ...Object.fromEntries((cause?.issues ?? []).map((issue) => [issue.path.map(String).join('.'), true])), ...cause?.fieldErrors };
}

describe.each(testDbKinds())('site on %s', (kind) => {
  let app: TestApp;
  let visitor: AppCaller;
  let member: AppCaller;
  let superAdmin: AppCaller;
  let contentAdmin: AppCaller;
  let contentAdminId: string;
  let settingsAdmin: AppCaller;

  beforeAll(async () => {
    app = await createTestApp(kind, { limits: { contactPerIp: { limit: 5, windowSeconds: 3600 } } });
    visitor = await app.caller();
    member = await app.caller({ token: (await app.account()).token });
    const admin = await app.account({ role: 'admin' });
    superAdmin = await app.caller({ token: admin.token });
    const editor = await app.account({ role: 'admin', permissions: ['content'] });
    contentAdminId = editor.userId;
    contentAdmin = await app.caller({ token: editor.token });
    settingsAdmin = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['settings'] })).token });
  });
  afterAll(async () => {
    await app?.close();
  });

  describe('settings', () => {
    it('serves the defaults to anyone, then an admin’s change with its version', async () => {
      const before = await visitor.site.settings.get();
      expect(before.settings.memberIdPrefix).toBe('SH');
      expect(before.settings.baselineHappyDonors).toBe(5000);
      const after = await settingsAdmin.site.settings.update({
        expectedVersion: before.version,
        data: { meetingLink: 'https://meet.example.org/evening', phone: '+91 98765 43210' },
      });
      expect(after.version).toBe(before.version + 1);
      expect((await visitor.site.settings.get()).settings).toMatchObject({ meetingLink: 'https://meet.example.org/evening', phone: '+91 98765 43210' });
      const [event] = (await app.services.eventStore.readStream('site-settings')).slice(-1);
      expect(event?.data).toMatchObject({ changes: { meetingLink: 'https://meet.example.org/evening' } });
    });

    it.each([
      ['email', { email: 'not-an-email' }],
      ['mapLink', { mapLink: 'javascript:alert(1)' }],
      ['pan', { pan: 'ABCDE12345' }],
      ['bankIfsc', { bankIfsc: 'SBIN1234567' }],
      ['upiVpa', { upiVpa: 'no-at-sign' }],
      ['bankAccountNumber', { bankAccountNumber: '12345' }],
      ['baselineHappyDonors', { baselineHappyDonors: -1 }],
      ['kanyadanPrefix', { kanyadanPrefix: 'KNY' }],
      ['disbursementChargeBasisPoints', { disbursementChargeBasisPoints: 9000 }],
      ['approvalIssuedOn', { approvalIssuedOn: '2026-02-30' }],
      ['approvalValidFrom', { approvalValidFrom: '01/04/2026' }],
      ['section10bdCode', { section10bdCode: 'section 133' }],
      ['form10bdDueOn', { form10bdDueOn: '02-29' }],
      ['fcraRegistrationNumber', { fcraRegistrationNumber: 'FCRA-123' }],
      ['signatoryName', { signatoryName: 'Asha\nSharma' }],
      ['approvalValidUntil', { approvalValidFrom: '2026-04-01', approvalValidUntil: '2026-03-31' }],
      ['upiMerchantCode', { upiMerchantCode: '83' }],
      ['upiPerPaymentCapPaise', { upiPerPaymentCapPaise: 0 }],
    ])('refuses a bad %s and records nothing', async (field, data) => {
      const { version } = await visitor.site.settings.get();
      const before = await app.eventCount();
      const error = await rejection(settingsAdmin.site.settings.update({ expectedVersion: version, data: data as never }));
      expect(error.code).toBe('BAD_REQUEST');
      expect(Object.keys(fieldErrors(error)).some((key) => key.includes(field))).toBe(true);
      expect(await app.eventCount()).toBe(before);
    });

    it('refuses finance a merchant UPI ID without its category code, and records nothing (issue 33)', async () => {
      const finance = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['finance'] })).token });
      const { version } = await visitor.site.settings.get();
      const before = await app.eventCount();
      const error = await rejection(finance.site.settings.update({ expectedVersion: version, data: { upiIsMerchant: true, upiMerchantCode: '' } }));
      expect(error.code).toBe('BAD_REQUEST');
      expect(Object.keys(fieldErrors(error))).toEqual(['upiMerchantCode']);
      expect(await app.eventCount()).toBe(before);
    });

    it('refuses visitors, members and admins without the settings permission, and changes nothing', async () => {
      const { version, settings } = await visitor.site.settings.get();
      const before = await app.eventCount();
      const data = { meetingLink: 'https://evil.example.org' };
      expect((await rejection(visitor.site.settings.update({ expectedVersion: version, data }))).code).toBe('UNAUTHORIZED');
      expect((await rejection(member.site.settings.update({ expectedVersion: version, data }))).code).toBe('FORBIDDEN');
      expect((await rejection(contentAdmin.site.settings.update({ expectedVersion: version, data }))).code).toBe('FORBIDDEN');
      expect(await app.eventCount()).toBe(before);
      expect((await visitor.site.settings.get()).settings.meetingLink).toBe(settings.meetingLink);
    });

    it('lets exactly one of two admins saving from the same version win', async () => {
      const { version } = await visitor.site.settings.get();
      const results = await Promise.allSettled([
        settingsAdmin.site.settings.update({ expectedVersion: version, data: { groupLink: 'https://chat.example.org/a' } }),
        superAdmin.site.settings.update({ expectedVersion: version, data: { groupLink: 'https://chat.example.org/b' } }),
      ]);
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      const loss = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
      expect([loss?.reason.code, loss?.reason.message]).toEqual(['CONFLICT', SETTINGS_CONFLICT]);
      expect((await visitor.site.settings.get()).version).toBe(version + 1);
    });

    it('drives registration: invite-only off lets people join without a code, with the new ID prefix', async () => {
      const { version } = await visitor.site.settings.get();
      await superAdmin.site.settings.update({ expectedVersion: version, data: { isInviteOnly: false, memberIdPrefix: 'SF' } });
      try {
        const result = await visitor.community.register({
          fullName: 'Open Door',
          email: uniqueEmail('open'),
          phone: '9876512345',
          epin: '',
          password: 'long password',
          address: 'Road 1',
          city: 'Pune',
          state: 'Maharashtra',
          pinCode: '411001',
        });
        expect(result.userId).toMatch(/^SF\d{7}$/);
      } finally {
        const current = await visitor.site.settings.get();
        await superAdmin.site.settings.update({ expectedVersion: current.version, data: { isInviteOnly: true, memberIdPrefix: 'SH' } });
      }
    });
  });

  describe('content pages', () => {
    it('serves the seed content, rendered safely, with the foundation’s facts filled in', async () => {
      const legals = await visitor.site.content.get({ slug: 'legals' });
      expect(legals).toMatchObject({ slug: 'legals', version: 1, updatedBy: 'system' });
      expect(legals.title.hi.length).toBeGreaterThan(0);
      expect(legals.html.en).not.toMatch(/\{\{\w+\}\}/);
      const { version } = await visitor.site.settings.get();
      await superAdmin.site.settings.update({ expectedVersion: version, data: { registrationNo: 'REG/2019/000123' } });
      expect((await visitor.site.content.get({ slug: 'legals' })).html.hi).toContain('REG/2019/000123');
    });

    it('records every save with its editor, shows history and old versions, and restores one as a new version', async () => {
      const original = await visitor.site.content.get({ slug: 'about' });
      const edited = await contentAdmin.site.content.update({
        slug: 'about',
        expectedVersion: original.version,
        data: { title: { en: 'About Sahay', hi: 'सहाय के बारे में' }, body: { en: '## New text\n\n<script>alert(1)</script>', hi: '## नया पाठ' } },
      });
      expect(edited.version).toBe(original.version + 1);
      expect(edited.html.en).toContain('<h2>New text</h2>');
      expect(edited.html.en).not.toContain('<script>');
      expect((await visitor.site.content.get({ slug: 'about' })).title.en).toBe('About Sahay');

      const history = await contentAdmin.site.content.getHistory({ slug: 'about' });
      expect(history.versions[0]).toMatchObject({ version: edited.version, updatedBy: contentAdminId, restoredFromVersion: null });
      expect(history.versions.at(-1)).toMatchObject({ version: 1, updatedBy: 'system' });

      const old = await contentAdmin.site.content.getVersion({ slug: 'about', version: original.version });
      expect(old.body).toEqual(original.body);
      const restored = await contentAdmin.site.content.restore({ slug: 'about', version: original.version, expectedVersion: edited.version });
      expect(restored.version).toBe(edited.version + 1);
      expect(restored.body).toEqual(original.body);
      expect((await contentAdmin.site.content.getHistory({ slug: 'about' })).versions[0]).toMatchObject({
        version: restored.version,
        restoredFromVersion: original.version,
        updatedBy: contentAdminId,
      });
    });

    it('lets exactly one of two admins saving the same version win', async () => {
      const page = await visitor.site.content.get({ slug: 'mission' });
      const draft = (text: string) => ({ slug: 'mission' as const, expectedVersion: page.version, data: { title: page.title, body: { en: text, hi: text } } });
      const results = await Promise.allSettled([contentAdmin.site.content.update(draft('one')), superAdmin.site.content.update(draft('two'))]);
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      const loss = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
      expect([loss?.reason.code, loss?.reason.message]).toEqual(['CONFLICT', CONTENT_CONFLICT]);
    });

    it('refuses visitors, members and admins without the content permission, and bad input; nothing changes', async () => {
      const page = await visitor.site.content.get({ slug: 'plan' });
      const input = { slug: 'plan' as const, expectedVersion: page.version, data: { title: page.title, body: { en: 'Hacked', hi: 'Hacked' } } };
      const before = await app.eventCount();
      expect((await rejection(visitor.site.content.update(input))).code).toBe('UNAUTHORIZED');
      expect((await rejection(member.site.content.update(input))).code).toBe('FORBIDDEN');
      expect((await rejection(settingsAdmin.site.content.update(input))).code).toBe('FORBIDDEN');
      expect((await rejection(member.site.content.getHistory({ slug: 'plan' }))).code).toBe('FORBIDDEN');
      expect((await rejection(member.site.content.restore({ slug: 'plan', version: 1, expectedVersion: page.version }))).code).toBe('FORBIDDEN');
      expect((await rejection(contentAdmin.site.content.update({ ...input, data: { ...input.data, title: { en: '', hi: 'x' } } }))).code).toBe('BAD_REQUEST');
      expect(
        (await rejection(contentAdmin.site.content.update({ ...input, data: { ...input.data, body: { en: 'x'.repeat(50_001), hi: 'x' } } }))).code,
      ).toBe('BAD_REQUEST');
      expect((await rejection(visitor.site.content.get({ slug: 'secrets' as never }))).code).toBe('BAD_REQUEST');
      expect((await rejection(contentAdmin.site.content.getVersion({ slug: 'plan', version: 99 }))).code).toBe('NOT_FOUND');
      expect(await app.eventCount()).toBe(before);
      expect((await visitor.site.content.get({ slug: 'plan' })).body).toEqual(page.body);
    });

    it('previews Markdown for editors only', async () => {
      expect((await contentAdmin.site.content.preview({ markdown: '**bold** <i>x</i>' })).html).toBe('<p><strong>bold</strong> &lt;i&gt;x&lt;/i&gt;</p>\n');
      // Exactly as the saved page will show it: placeholders filled, in the language asked for.
      const { settings } = await contentAdmin.site.settings.get();
      expect((await contentAdmin.site.content.preview({ markdown: 'We are {{foundationName}}.' })).html).toBe(`<p>We are ${settings.foundationName.en}.</p>\n`);
      expect((await contentAdmin.site.content.preview({ markdown: 'हम {{foundationName}} हैं।', lang: 'hi' })).html).toBe(`<p>हम ${settings.foundationName.hi} हैं।</p>\n`);
      expect((await rejection(member.site.content.preview({ markdown: 'x' }))).code).toBe('FORBIDDEN');
    });
  });

  describe('counters', () => {
    it('add verified figures to the admin-set baselines', async () => {
      const counters = await visitor.transparency.counters.get();
      const { settings, version } = await visitor.site.settings.get();
      expect(counters.happyDonors).toBe(settings.baselineHappyDonors);
      expect(counters.fundsRaisedPaise).toBe(settings.baselineFundsRaisedPaise);
      await superAdmin.site.settings.update({ expectedVersion: version, data: { baselinePeopleHelped: settings.baselinePeopleHelped + 10 } });
      expect((await visitor.transparency.counters.get()).peopleHelped).toBe(counters.peopleHelped + 10);
    });
  });

  describe('contact', () => {
    const message = { name: 'Kavita', email: 'kavita@example.org', message: 'How can I volunteer on weekends?' };

    it('lands in the admin inbox and e-mails the foundation', async () => {
      const ip = '198.51.100.1';
      await (await app.caller({ ip })).site.contact.create(message);
      const inbox = await contentAdmin.site.contact.getMany({ status: 'open' });
      const received = inbox.messages.find((entry) => entry.message === message.message);
      expect(received).toMatchObject({ name: 'Kavita', email: 'kavita@example.org', phone: null, handledAt: null });

      await app.runJobs();
      const outbox = path.join(app.dataDir, 'outbox');
      const { settings } = await visitor.site.settings.get();
      const mails = fs.readdirSync(outbox).map((file) => fs.readFileSync(path.join(outbox, file), 'utf8'));
      expect(mails.some((mail) => mail.includes(`To: ${settings.email}`) && mail.includes('volunteer on weekends'))).toBe(true);

      const handled = await contentAdmin.site.contact.markHandled({ id: received!.id });
      expect(handled).toMatchObject({ handledBy: contentAdminId, handledAt: expect.any(String) });
      expect((await contentAdmin.site.contact.getMany({ status: 'open' })).messages.map((entry) => entry.id)).not.toContain(received!.id);
      const before = await app.eventCount();
      await contentAdmin.site.contact.markHandled({ id: received!.id });
      expect(await app.eventCount()).toBe(before);
    });

    it('drops a message whose honeypot is filled, silently', async () => {
      const before = await app.eventCount();
      expect(await (await app.caller({ ip: '198.51.100.2' })).site.contact.create({ ...message, website: 'http://spam.example' })).toEqual({ ok: true });
      expect(await app.eventCount()).toBe(before);
    });

    it('refuses the sixth message in an hour from one address with a clear 429', async () => {
      const caller = await app.caller({ ip: '198.51.100.3' });
      for (let sent = 0; sent < 5; sent++) await caller.site.contact.create({ ...message, message: `Message ${sent}` });
      const before = await app.eventCount();
      const error = await rejection(caller.site.contact.create(message));
      expect(error.code).toBe('TOO_MANY_REQUESTS');
      // The window is a clock hour, so near its end the wait is counted in seconds.
      expect(error.message).toMatch(/^You have sent too many messages\. Please try again in \d+ (minutes?|seconds?)\.$/);
      expect(await app.eventCount()).toBe(before);
    });

    it.each([
      ['an empty message', { ...message, message: '   ' }, 'message'],
      ['a message over 5,000 characters', { ...message, message: 'x'.repeat(5001) }, 'message'],
      ['neither e-mail nor phone', { name: 'Anon', message: 'Hello' }, 'email'],
      ['a bad e-mail', { ...message, email: 'nope' }, 'email'],
      ['a phone over 15 characters', { name: 'A', phone: '+91 98765 43210 99', message: 'Hi' }, 'phone'],
    ])('refuses %s with a field error and writes nothing', async (_label, input, field) => {
      const before = await app.eventCount();
      const error = await rejection((await app.caller({ ip: '198.51.100.4' })).site.contact.create(input));
      expect(error.code).toBe('BAD_REQUEST');
      expect(Object.keys(fieldErrors(error))).toContain(field);
      expect(await app.eventCount()).toBe(before);
    });

    it('keeps the inbox from visitors, members and admins without the content permission', async () => {
      expect((await rejection(visitor.site.contact.getMany({ status: 'all' }))).code).toBe('UNAUTHORIZED');
      expect((await rejection(member.site.contact.getMany({ status: 'all' }))).code).toBe('FORBIDDEN');
      expect((await rejection(settingsAdmin.site.contact.getMany({ status: 'all' }))).code).toBe('FORBIDDEN');
      const [any] = (await superAdmin.site.contact.getMany({ status: 'all' })).messages;
      expect((await rejection(member.site.contact.markHandled({ id: any!.id }))).code).toBe('FORBIDDEN');
      expect((await rejection(superAdmin.site.contact.get({ id: '00000000-0000-4000-8000-000000000000' }))).code).toBe('NOT_FOUND');
    });
  });

  it('read models equal a replay of the events', async () => {
    const results = await replayAndCompare(app.services);
    for (const result of results) expect({ projection: result.projection, differences: result.differences }).toEqual({ projection: result.projection, differences: [] });
    expect(results.map((result) => result.projection)).toEqual(expect.arrayContaining(['site_settings', 'content_pages', 'contact_messages', 'users', 'epins']));
  });
});
