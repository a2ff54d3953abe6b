import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail, type TestApp } from '#server/testing/test-services';
import { testDbKinds } from '#server/testing/test-db';
import { EMAIL_TAKEN, EPIN_REQUIRED, EPIN_UNKNOWN, EPIN_USED, INVALID_REFERRAL } from './register.decide.ts';
import { ADMIN_LOGIN_FAILED, LOGIN_FAILED } from './login.ts';
import type { TRegisterRequest } from './register.schema.ts';
import { fieldErrorsOf, rejection } from '#server/testing/assertions';

describe.each(testDbKinds())('identity on %s', (kind) => {
  let app: TestApp;
  let admin: Awaited<ReturnType<TestApp['account']>>;

  beforeAll(async () => {
    app = await createTestApp(kind);
    admin = await app.account({ role: 'admin' });
  });
  afterAll(async () => {
    await app?.close();
  });

  async function newEpins(count: number): Promise<string[]> {
    const result = await (await app.caller({ token: admin.token })).epins.generate({ count });
    return result.epins.map((epin) => epin.code);
  }

  async function registration(overrides: Partial<TRegisterRequest> = {}): Promise<TRegisterRequest> {
    const [epin] = overrides.epin === undefined ? await newEpins(1) : [overrides.epin];
    return {
      fullName: 'Sunita Devi',
      email: uniqueEmail('sunita'),
      phone: '+91 98765 43210',
      epin,
      password: 'a strong password',
      address: '12 Station Road',
      city: 'Jaipur',
      state: 'Rajasthan',
      ...overrides,
    };
  }

  describe('register', () => {
    it('registers through a referral, consumes the invite code, and signs the member in', async () => {
      const sponsor = await app.account({ fullName: 'Ramesh Kumar' });
      const input = await registration({ referralId: sponsor.userId.toLowerCase() });
      let cookie: string | null = null;
      const caller = await app.caller();
      const { services } = app;
      const { createInnerContext } = await import('#server/trpc/context');
      const { createCallerFactory } = await import('#server/trpc/procedures');
      const { appRouter } = await import('#server/trpc/router');
      const withCookie = createCallerFactory(appRouter)(createInnerContext(services, { setSessionCookie: (token) => (cookie = token) }));
      const result = await withCookie.identity.register(input);

      expect(result.userId).toMatch(/^SH\d{7}$/);
      expect(result.fullName).toBe('Sunita Devi');
      expect(cookie).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      const me = await (await app.caller({ token: cookie! })).identity.me();
      expect(me).toMatchObject({ userId: result.userId, sponsorId: sponsor.userId, sponsorName: 'Ramesh Kumar', role: 'member' });
      const epins = await (await app.caller({ token: admin.token })).epins.getMany();
      expect(epins.epins.find((epin) => epin.code === input.epin)).toMatchObject({ used: true, usedBy: result.userId });
      expect(await caller.identity.getPublicCard({ userId: result.userId })).toEqual({ userId: result.userId, fullName: 'Sunita Devi' });
    });

    it('makes the foundation the sponsor when there is no referral', async () => {
      const result = await (await app.caller()).identity.register(await registration());
      const token = (await app.services.db.query<{ id_hash: string }>(`SELECT id_hash FROM sessions WHERE user_id = $1`, [result.userId])).rows;
      expect(token).toHaveLength(1);
      const { rows } = await app.services.db.query<{ sponsor_id: string | null }>(`SELECT sponsor_id FROM users WHERE user_id = $1`, [result.userId]);
      expect(rows[0]?.sponsor_id).toBeNull();
    });

    it('keeps personal data out of the events table in plain text', async () => {
      const input = await registration({ fullName: 'Kamla Unique Name', email: uniqueEmail('kamla') });
      await (await app.caller()).identity.register(input);
      const { rows } = await app.services.db.query<{ hits: number }>(
        `SELECT count(*)::int AS hits FROM events WHERE data::text LIKE '%Kamla Unique%' OR data::text LIKE $1 OR metadata::text LIKE '%Kamla%'`,
        [`%${input.email}%`],
      );
      expect(rows[0]?.hits).toBe(0);
    });

    const badInputs: [string, Partial<TRegisterRequest>, string, string][] = [
      ['a missing name', { fullName: '' }, 'fullName', 'Full name must be at least 2 characters'],
      ['a malformed e-mail', { email: 'not-an-email' }, 'email', 'Enter a valid e-mail address'],
      ['a short password', { password: 'short7!' }, 'password', 'Password must be at least 8 characters'],
      ['a phone that is not an Indian mobile', { phone: '5123456789' }, 'phone', 'Enter a 10-digit Indian mobile number'],
      ['a landline-length number', { phone: '98765' }, 'phone', 'Enter a 10-digit Indian mobile number'],
      ['a malformed referral ID', { referralId: 'robert' }, 'referralId', 'Enter a valid user ID, like SH1234567'],
      ['a missing city', { city: '' }, 'city', 'City must be at least 2 characters'],
    ];
    it.each(badInputs)('refuses %s with a field error and writes nothing', async (_label, override, field, message) => {
      const input = await registration(override);
      const before = await app.eventCount();
      const error = await rejection((await app.caller()).identity.register(input));
      expect(error.code).toBe('BAD_REQUEST');
      expect(fieldErrorsOf(error)[field]).toContain(message);
      expect(await app.eventCount()).toBe(before);
    });

    it('refuses an unknown referral ID', async () => {
      const input = await registration({ referralId: 'SH0000000' });
      const before = await app.eventCount();
      const error = await rejection((await app.caller()).identity.register(input));
      expect(error.code).toBe('BAD_REQUEST');
      expect(error.message).toBe(INVALID_REFERRAL);
      expect(await app.eventCount()).toBe(before);
    });

    it('refuses a duplicate e-mail with a conflict', async () => {
      const first = await registration();
      await (await app.caller()).identity.register(first);
      const second = await registration({ email: first.email.toUpperCase() });
      const before = await app.eventCount();
      const error = await rejection((await app.caller()).identity.register(second));
      expect(error.code).toBe('CONFLICT');
      expect(error.message).toBe(EMAIL_TAKEN);
      expect(await app.eventCount()).toBe(before);
    });

    it('refuses a used, an unknown, and a missing invite code', async () => {
      const first = await registration();
      await (await app.caller()).identity.register(first);
      const [withUsed, withUnknown, withNone] = [
        await registration({ epin: first.epin }),
        await registration({ epin: 'ZZZZZZZZZZ' }),
        await registration({ epin: '' }),
      ];
      const before = await app.eventCount();
      const used = await rejection((await app.caller()).identity.register(withUsed));
      expect([used.code, used.message]).toEqual(['CONFLICT', EPIN_USED]);
      const unknown = await rejection((await app.caller()).identity.register(withUnknown));
      expect([unknown.code, unknown.message]).toEqual(['BAD_REQUEST', EPIN_UNKNOWN]);
      const missing = await rejection((await app.caller()).identity.register(withNone));
      expect([missing.code, missing.message]).toEqual(['BAD_REQUEST', EPIN_REQUIRED]);
      expect(await app.eventCount()).toBe(before);
    });

    it('lets exactly one of several registrations racing for one invite code succeed', async () => {
      const [code] = await newEpins(1);
      const inputs = await Promise.all(Array.from({ length: 6 }, () => registration({ epin: code })));
      const results = await Promise.allSettled(inputs.map(async (input) => (await app.caller()).identity.register(input)));
      const won = results.filter((result) => result.status === 'fulfilled');
      const lost = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(5);
      for (const loss of lost) expect([loss.reason.code, loss.reason.message]).toEqual(['CONFLICT', EPIN_USED]);
      const { rows } = await app.services.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM events WHERE stream_id = $1`, [`epin-${code}`]);
      expect(rows[0]?.count).toBe(2);
    });

    it('lets exactly one of two registrations racing for one e-mail succeed', async () => {
      const email = uniqueEmail('twin');
      const inputs = await Promise.all([registration({ email }), registration({ email })]);
      const results = await Promise.allSettled(inputs.map(async (input) => (await app.caller()).identity.register(input)));
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      const loss = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
      expect([loss?.reason.code, loss?.reason.message]).toEqual(['CONFLICT', EMAIL_TAKEN]);
    });
  });

  describe('login', () => {
    it('signs in by user ID and by e-mail, and rotates the session', async () => {
      const member = await app.account({ fullName: 'Asha' });
      const tokens: string[] = [];
      const { createInnerContext } = await import('#server/trpc/context');
      const { createCallerFactory } = await import('#server/trpc/procedures');
      const { appRouter } = await import('#server/trpc/router');
      const callerWith = (sessionToken: string | null) =>
        createCallerFactory(appRouter)(createInnerContext(app.services, { sessionToken, setSessionCookie: (token) => token && tokens.push(token) }));

      const byId = await callerWith(null).identity.login({ userId: member.userId, password: member.password });
      expect(byId).toMatchObject({ userId: member.userId, fullName: 'Asha', role: 'member' });
      const byEmail = await callerWith(tokens[0]!).identity.login({ email: member.email.toUpperCase(), password: member.password });
      expect(byEmail.userId).toBe(member.userId);
      expect(tokens).toHaveLength(2);
      expect(tokens[0]).not.toBe(tokens[1]);
      // The session the second login came with is gone: rotation.
      expect(await (await app.caller({ token: tokens[0]! })).identity.me()).toBeNull();
      expect(await (await app.caller({ token: tokens[1]! })).identity.me()).toMatchObject({ userId: member.userId });
    });

    it('says the same thing for a wrong password and an unknown account', async () => {
      const member = await app.account();
      const wrong = await rejection((await app.caller()).identity.login({ userId: member.userId, password: 'wrong password' }));
      const unknown = await rejection((await app.caller()).identity.login({ email: uniqueEmail('nobody'), password: 'whatever1' }));
      expect([wrong.code, wrong.message]).toEqual(['UNAUTHORIZED', LOGIN_FAILED]);
      expect([unknown.code, unknown.message]).toEqual(['UNAUTHORIZED', LOGIN_FAILED]);
    });

    it('slows down and then locks an account after repeated failures', async () => {
      let now = new Date('2026-11-21T10:00:00Z');
      const slow = await createTestApp(kind, { now: () => now });
      try {
        const member = await slow.account();
        const attempt = async () => (await slow.caller()).identity.login({ userId: member.userId, password: 'wrong password' });
        for (let failure = 1; failure <= 3; failure++) expect((await rejection(attempt())).code).toBe('UNAUTHORIZED');
        const waiting = await rejection(attempt());
        expect(waiting.code).toBe('TOO_MANY_REQUESTS');
        expect(waiting.message).toMatch(/try again in 1 second/);
        // Even the right password waits while the account is locked.
        expect((await rejection((await slow.caller()).identity.login({ userId: member.userId, password: member.password }))).code).toBe('TOO_MANY_REQUESTS');
        for (let failure = 4; failure <= 6; failure++) {
          now = new Date(now.getTime() + 60_000);
          expect((await rejection(attempt())).code).toBe('UNAUTHORIZED');
        }
        const locked = await rejection(attempt());
        expect(locked.message).toMatch(/locked; try again in 15 minutes/);
        now = new Date(now.getTime() + 15 * 60_000 + 1000);
        expect((await (await slow.caller()).identity.login({ userId: member.userId, password: member.password })).userId).toBe(member.userId);
      } finally {
        await slow.close();
      }
    });

    it('limits attempts per IP address with 429', async () => {
      const limited = await createTestApp(kind, { limits: { loginPerIp: { limit: 2, windowSeconds: 60 } } });
      try {
        const member = await limited.account();
        const attempt = async () => (await limited.caller({ ip: '203.0.113.9' })).identity.login({ userId: member.userId, password: member.password });
        await attempt();
        await attempt();
        const error = await rejection(attempt());
        expect(error.code).toBe('TOO_MANY_REQUESTS');
        // Another address is not affected.
        expect((await (await limited.caller({ ip: '203.0.113.10' })).identity.login({ userId: member.userId, password: member.password })).userId).toBe(member.userId);
      } finally {
        await limited.close();
      }
    });

    it('logs out by revoking the session', async () => {
      const member = await app.account();
      expect(await (await app.caller({ token: member.token })).identity.me()).not.toBeNull();
      await (await app.caller({ token: member.token })).identity.logout();
      expect(await (await app.caller({ token: member.token })).identity.me()).toBeNull();
    });

    it('admits only admins through the admin login', async () => {
      const member = await app.account();
      const error = await rejection((await app.caller()).identity.adminLogin({ userId: member.userId, password: member.password }));
      expect([error.code, error.message]).toEqual(['UNAUTHORIZED', ADMIN_LOGIN_FAILED]);
      const wrong = await rejection((await app.caller()).identity.adminLogin({ userId: admin.userId, password: 'not the password' }));
      expect(wrong.message).toBe(ADMIN_LOGIN_FAILED);
      expect((await (await app.caller()).identity.adminLogin({ userId: admin.userId, password: admin.password })).role).toBe('admin');
    });
  });

  describe('invite codes and the admin dashboard', () => {
    it('lets an admin with the members permission generate codes that the admin then holds', async () => {
      const codes = await (await app.caller({ token: admin.token })).epins.generate({ count: 3 });
      expect(codes.epins).toHaveLength(3);
      for (const epin of codes.epins) expect(epin).toMatchObject({ used: false, usedBy: null, assignedTo: admin.userId });
      expect(new Set(codes.epins.map((epin) => epin.code)).size).toBe(3);
      const listed = await (await app.caller({ token: admin.token })).epins.getMany();
      expect(listed.epins.map((epin) => epin.code)).toEqual(expect.arrayContaining(codes.epins.map((epin) => epin.code)));
    });

    it('refuses visitors (401), members and admins without the permission (403), and writes nothing', async () => {
      const member = await app.account();
      const contentAdmin = await app.account({ role: 'admin', permissions: ['content'] });
      const before = await app.eventCount();
      expect((await rejection((await app.caller()).epins.generate({ count: 1 }))).code).toBe('UNAUTHORIZED');
      expect((await rejection((await app.caller({ token: member.token })).epins.generate({ count: 1 }))).code).toBe('FORBIDDEN');
      expect((await rejection((await app.caller({ token: contentAdmin.token })).epins.generate({ count: 1 }))).code).toBe('FORBIDDEN');
      expect((await rejection((await app.caller({ token: member.token })).epins.getMany())).code).toBe('FORBIDDEN');
      expect((await rejection((await app.caller({ token: member.token })).admin.getDashboard())).code).toBe('FORBIDDEN');
      expect(await app.eventCount()).toBe(before);
    });

    it('refuses a count below 1 or above the batch limit', async () => {
      const caller = await app.caller({ token: admin.token });
      expect((await rejection(caller.epins.generate({ count: 0 }))).code).toBe('BAD_REQUEST');
      expect((await rejection(caller.epins.generate({ count: 501 }))).code).toBe('BAD_REQUEST');
      expect((await rejection(caller.epins.generate({ count: 1.5 }))).code).toBe('BAD_REQUEST');
    });

    it('counts members for the admin dashboard', async () => {
      const before = (await (await app.caller({ token: admin.token })).admin.getDashboard()).memberCount;
      await app.account();
      const after = (await (await app.caller({ token: admin.token })).admin.getDashboard()).memberCount;
      expect(after).toBe(before + 1);
    });
  });
});
