import fs from 'node:fs';
import path from 'node:path';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, uniqueEmail, type TestApp } from '#server/testing/test-services';
import { isEventOf } from '#server/event-store/types';
import { createConfirmationToken, readConfirmationToken } from './email-confirmation.ts';
import { sendConfirmationEmailJob } from './send-confirmation-email.job.ts';
import type { AccountRegistered } from '../identity.events.ts';
import { CONFIRMATION_INVALID } from '../user.decider.ts';

describe.each(testDbKinds())('e-mail confirmation on %s', (kind) => {
  let app: TestApp;
  let adminToken: string;

  beforeAll(async () => {
    app = await createTestApp(kind);
    adminToken = (await app.account({ role: 'admin' })).token;
  });
  afterAll(async () => {
    await app?.close();
  });

  const outbox = () => path.join(app.dataDir, 'outbox');
  /** The outbox's .eml files, with their quoted-printable bodies decoded. */
  const mails = () =>
    fs.existsSync(outbox())
      ? fs.readdirSync(outbox()).map((file) =>
          Buffer.from(
            fs
              .readFileSync(path.join(outbox(), file), 'latin1')
              .replace(/=\r?\n/g, '')
              .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
        )
      : [];

  const runJobs = () => app.runJobs();

  async function register(): Promise<{ userId: string; email: string; token: string }> {
    const [epin] = (await (await app.caller({ token: adminToken })).community.epins.generate({ count: 1 })).epins;
    const email = uniqueEmail('confirm');
    const input = { fullName: 'Geeta Sharma', email, phone: '9876501234', epin: epin!.code, password: 'long password', address: 'Lane 5', city: 'Patna', state: 'Bihar', pinCode: '800001' };
    const { userId } = await (await app.caller()).community.register(input);
    const { logIn } = await import('../accounts/login.ts');
    const { token } = await logIn(app.services, { userId, password: input.password }, { kind: 'bearer' });
    return { userId, email, token };
  }

  it('e-mails a link through the relay and the job queue, which confirms the address', async () => {
    const member = await register();
    expect((await (await app.caller({ token: member.token })).identity.me())?.isEmailVerified).toBe(false);
    await runJobs();
    const mail = mails().find((text) => text.includes(`To: ${member.email}`));
    expect(mail).toBeDefined();
    expect(mail).toContain(member.userId);
    expect(mail).toContain('सहाय फ़ाउंडेशन में आपका स्वागत है');
    const link = /confirm-email\?token=(\S+)/.exec(mail!)?.[1];
    expect(link).toBeDefined();

    const confirmed = await (await app.caller()).identity.confirmEmail({ token: decodeURIComponent(link!) });
    expect(confirmed.userId).toBe(member.userId);
    expect(await (await app.caller({ token: member.token })).identity.me()).toMatchObject({ isEmailVerified: true, isActive: true });

    // Opening the link again changes nothing and records nothing.
    const before = await app.eventCount();
    await (await app.caller()).identity.confirmEmail({ token: decodeURIComponent(link!) });
    expect(await app.eventCount()).toBe(before);
  });

  it('sends once even when the same job is delivered twice', async () => {
    const member = await register();
    await runJobs();
    const count = mails().length;
    const { rows } = await app.services.db.query<{ event_id: string }>(`SELECT event_id FROM events WHERE stream_id = $1 AND type = 'AccountRegistered'`, [`user-${member.userId}`]);
    const event = (await app.services.eventStore.readStream(`user-${member.userId}`)).find((recorded) => isEventOf<AccountRegistered>(recorded, ['AccountRegistered']));
    const job = { id: `${rows[0]!.event_id}_${sendConfirmationEmailJob.name}`, event: event! };
    await sendConfirmationEmailJob.run(job, app.services);
    await sendConfirmationEmailJob.run(job, app.services);
    expect(mails().length).toBe(count);
  });

  it('refuses forged, tampered and expired links, and writes nothing', async () => {
    const member = await register();
    const now = app.services.now();
    const good = createConfirmationToken(app.services, member.userId, now);
    expect(readConfirmationToken(app.services, good, now)).toBe(member.userId);
    const tampered = good.replace(member.userId, 'SH0000000');
    const expired = createConfirmationToken(app.services, member.userId, new Date(now.getTime() - 8 * 24 * 3600 * 1000));
    const before = await app.eventCount();
    for (const token of [tampered, expired, 'nonsense', `${member.userId}.9999999999999.${'A'.repeat(43)}`]) {
      const error = await (await app.caller()).identity.confirmEmail({ token }).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(TRPCError);
      expect((error as TRPCError).message).toBe(CONFIRMATION_INVALID);
    }
    expect(await app.eventCount()).toBe(before);
  });

  it('resends on request, at most three times an hour, and only to the signed-in member', async () => {
    const member = await register();
    await runJobs();
    const count = mails().length;
    const caller = await app.caller({ token: member.token });
    await caller.identity.resendConfirmation();
    await runJobs();
    expect(mails().length).toBe(count + 1);
    await caller.identity.resendConfirmation();
    await caller.identity.resendConfirmation();
    const limited = await caller.identity.resendConfirmation().then(
      () => null,
      (caught: unknown) => caught as TRPCError,
    );
    expect(limited?.code).toBe('TOO_MANY_REQUESTS');
    const visitor = await (await app.caller()).identity.resendConfirmation().then(
      () => null,
      (caught: unknown) => caught as TRPCError,
    );
    expect(visitor?.code).toBe('UNAUTHORIZED');
  });
});
