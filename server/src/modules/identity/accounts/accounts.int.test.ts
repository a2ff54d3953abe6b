import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextSignInCode } from '#server/testing/two-factor';
import { createTestApp, uniqueEmail, type TestApp } from '#server/testing/test-services';
import { testDbKinds } from '#server/testing/test-db';
import { ADMIN_LOGIN_FAILED, LOGIN_FAILED, TOTP_CODE_NEEDED } from './login.ts';
import { rejection } from '#server/testing/assertions';

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
      // A super-admin holds finance: the password alone is not enough, the authenticator's code is (and is asked for).
      expect((await rejection((await app.caller()).identity.adminLogin({ userId: admin.userId, password: admin.password }))).message).toBe(TOTP_CODE_NEEDED);
      const signedIn = await (await app.caller()).identity.adminLogin({ userId: admin.userId, password: admin.password, totpCode: nextSignInCode(admin.authenticator!, app.services.now()) });
      expect(signedIn).toMatchObject({ role: 'admin', twoFactorSetupRequired: false });
    });
  });

  describe('invite codes and the admin dashboard', () => {
    it('lets an admin with the members permission generate codes that the admin then holds', async () => {
      const codes = await (await app.caller({ token: admin.token })).community.epins.generate({ count: 3 });
      expect(codes.epins).toHaveLength(3);
      for (const epin of codes.epins) expect(epin).toMatchObject({ used: false, usedBy: null, assignedTo: admin.userId });
      expect(new Set(codes.epins.map((epin) => epin.code)).size).toBe(3);
      const listed = await (await app.caller({ token: admin.token })).community.epins.getMany();
      expect(listed.epins.map((epin) => epin.code)).toEqual(expect.arrayContaining(codes.epins.map((epin) => epin.code)));
    });

    it('refuses visitors (401), members and admins without the permission (403), and writes nothing', async () => {
      const member = await app.account();
      const contentAdmin = await app.account({ role: 'admin', permissions: ['content'] });
      const before = await app.eventCount();
      expect((await rejection((await app.caller()).community.epins.generate({ count: 1 }))).code).toBe('UNAUTHORIZED');
      expect((await rejection((await app.caller({ token: member.token })).community.epins.generate({ count: 1 }))).code).toBe('FORBIDDEN');
      expect((await rejection((await app.caller({ token: contentAdmin.token })).community.epins.generate({ count: 1 }))).code).toBe('FORBIDDEN');
      expect((await rejection((await app.caller({ token: member.token })).community.epins.getMany())).code).toBe('FORBIDDEN');
      expect((await rejection((await app.caller({ token: member.token })).admin.getDashboard())).code).toBe('FORBIDDEN');
      expect(await app.eventCount()).toBe(before);
    });

    it('refuses a count below 1 or above the batch limit', async () => {
      const caller = await app.caller({ token: admin.token });
      expect((await rejection(caller.community.epins.generate({ count: 0 }))).code).toBe('BAD_REQUEST');
      expect((await rejection(caller.community.epins.generate({ count: 501 }))).code).toBe('BAD_REQUEST');
      expect((await rejection(caller.community.epins.generate({ count: 1.5 }))).code).toBe('BAD_REQUEST');
    });

    it('counts members for the admin dashboard', async () => {
      const before = (await (await app.caller({ token: admin.token })).admin.getDashboard()).memberCount;
      await app.account();
      const after = (await (await app.caller({ token: admin.token })).admin.getDashboard()).memberCount;
      expect(after).toBe(before + 1);
    });
  });
});
