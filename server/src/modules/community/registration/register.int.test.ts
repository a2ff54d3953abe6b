import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail, type TestApp } from '#server/testing/test-services';
import { testDbKinds } from '#server/testing/test-db';
import { EMAIL_TAKEN, INVALID_REFERRAL } from '#server/modules/identity/identity.api';
import { EPIN_REQUIRED, EPIN_UNKNOWN, EPIN_USED } from '../epins/epin.decider.ts';
import type { TRegisterRequest } from './register.schema.ts';
import { fieldErrorsOf, rejection } from '#server/testing/assertions';

describe.each(testDbKinds())('registration on %s', (kind) => {
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
    const result = await (await app.caller({ token: admin.token })).community.epins.generate({ count });
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
      pinCode: '302001',
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
      const result = await withCookie.community.register(input);

      expect(result.userId).toMatch(/^SH\d{7}$/);
      expect(result.fullName).toBe('Sunita Devi');
      expect(cookie).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      const me = await (await app.caller({ token: cookie! })).identity.me();
      expect(me).toMatchObject({ userId: result.userId, sponsorId: sponsor.userId, sponsorName: 'Ramesh Kumar', role: 'member' });
      const epins = await (await app.caller({ token: admin.token })).community.epins.getMany();
      expect(epins.epins.find((epin) => epin.code === input.epin)).toMatchObject({ used: true, usedBy: result.userId });
      expect(await caller.identity.getPublicCard({ userId: result.userId })).toEqual({ userId: result.userId, fullName: 'Sunita Devi' });
    });

    it('makes the foundation the sponsor when there is no referral', async () => {
      const result = await (await app.caller()).community.register(await registration());
      const token = (await app.services.db.query<{ id_hash: string }>(`SELECT id_hash FROM sessions WHERE user_id = $1`, [result.userId])).rows;
      expect(token).toHaveLength(1);
      const { rows } = await app.services.db.query<{ sponsor_id: string | null }>(`SELECT sponsor_id FROM users WHERE user_id = $1`, [result.userId]);
      expect(rows[0]?.sponsor_id).toBeNull();
    });

    it('keeps the state chosen from the list under its English name, and the PIN code with the address', async () => {
      const result = await (await app.caller()).community.register(await registration({ state: 'madhya-pradesh', pinCode: '452 001' }));
      const { rows } = await app.services.db.query<{ state: string; pin_code: string }>(`SELECT state, pin_code FROM users WHERE user_id = $1`, [result.userId]);
      expect(rows[0]).toEqual({ state: 'Madhya Pradesh', pin_code: '452001' });
      const typed = await (await app.caller()).community.register(await registration({ state: '  jammu AND kashmir ', email: uniqueEmail('jk') }));
      const jk = await app.services.db.query<{ state: string }>(`SELECT state FROM users WHERE user_id = $1`, [typed.userId]);
      expect(jk.rows[0]?.state).toBe('Jammu and Kashmir');
    });

    it('keeps personal data out of the events table in plain text', async () => {
      const input = await registration({ fullName: 'Kamla Unique Name', email: uniqueEmail('kamla') });
      await (await app.caller()).community.register(input);
      const { rows } = await app.services.db.query<{ hits: number }>(
        `SELECT count(*)::int AS hits FROM events WHERE data::text LIKE '%Kamla Unique%' OR data::text LIKE $1 OR metadata::text LIKE '%Kamla%'`,
        [`%${input.email}%`],
      );
      expect(rows[0]?.hits).toBe(0);
    });

    const badInputs: [string, Partial<TRegisterRequest>, string, string][] = [
      ['an empty name', { fullName: '' }, 'fullName', 'Please enter your full name'],
      ['a name of spaces', { fullName: '   ' }, 'fullName', 'Please enter your full name'],
      ['a one-letter name', { fullName: 'K' }, 'fullName', 'Full name must be at least 2 characters'],
      ['an empty e-mail', { email: '' }, 'email', 'Please enter your e-mail address'],
      ['an empty phone', { phone: ' ' }, 'phone', 'Please enter your mobile number'],
      ['an empty password', { password: '' }, 'password', 'Please enter a password'],
      ['an empty address', { address: '' }, 'address', 'Please enter your address'],
      ['an empty state', { state: '' }, 'state', 'Please choose your state or union territory'],
      ['a state not in the list', { state: 'Atlantis' }, 'state', 'Choose a state or union territory from the list'],
      ['an empty PIN code', { pinCode: '' }, 'pinCode', 'Please enter your PIN code'],
      ['a missing PIN code', { pinCode: undefined }, 'pinCode', 'Please enter your PIN code'],
      ['a 5-digit PIN code', { pinCode: '30200' }, 'pinCode', 'Enter the 6-digit PIN code'],
      ['a PIN code starting with 0', { pinCode: '012345' }, 'pinCode', 'Enter the 6-digit PIN code'],
      ['a malformed e-mail', { email: 'not-an-email' }, 'email', 'Enter a valid e-mail address'],
      ['a short password', { password: 'short7!' }, 'password', 'Password must be at least 8 characters'],
      ['a phone that is not an Indian mobile', { phone: '5123456789' }, 'phone', 'Enter a 10-digit Indian mobile number'],
      ['a landline-length number', { phone: '98765' }, 'phone', 'Enter a 10-digit Indian mobile number'],
      ['a malformed referral ID', { referralId: 'robert' }, 'referralId', 'Enter a valid user ID, like SH1234567'],
      ['an empty city', { city: '' }, 'city', 'Please enter your city or town'],
    ];
    it.each(badInputs)('refuses %s with a field error and writes nothing', async (_label, override, field, message) => {
      const input = await registration(override);
      const before = await app.eventCount();
      const error = await rejection((await app.caller()).community.register(input));
      expect(error.code).toBe('BAD_REQUEST');
      expect(fieldErrorsOf(error)[field]).toContain(message);
      expect(await app.eventCount()).toBe(before);
    });

    it('refuses an unknown referral ID', async () => {
      const input = await registration({ referralId: 'SH0000000' });
      const before = await app.eventCount();
      const error = await rejection((await app.caller()).community.register(input));
      expect(error.code).toBe('BAD_REQUEST');
      expect(error.message).toBe(INVALID_REFERRAL);
      expect(await app.eventCount()).toBe(before);
    });

    it('refuses a duplicate e-mail with a conflict', async () => {
      const first = await registration();
      await (await app.caller()).community.register(first);
      const second = await registration({ email: first.email.toUpperCase() });
      const before = await app.eventCount();
      const error = await rejection((await app.caller()).community.register(second));
      expect(error.code).toBe('CONFLICT');
      expect(error.message).toBe(EMAIL_TAKEN);
      expect(await app.eventCount()).toBe(before);
    });

    it('refuses a used, an unknown, and a missing invite code', async () => {
      const first = await registration();
      await (await app.caller()).community.register(first);
      const [withUsed, withUnknown, withNone] = [
        await registration({ epin: first.epin }),
        await registration({ epin: 'ZZZZZZZZZZ' }),
        await registration({ epin: '' }),
      ];
      const before = await app.eventCount();
      const used = await rejection((await app.caller()).community.register(withUsed));
      expect([used.code, used.message]).toEqual(['CONFLICT', EPIN_USED]);
      const unknown = await rejection((await app.caller()).community.register(withUnknown));
      expect([unknown.code, unknown.message]).toEqual(['BAD_REQUEST', EPIN_UNKNOWN]);
      const missing = await rejection((await app.caller()).community.register(withNone));
      expect([missing.code, missing.message]).toEqual(['BAD_REQUEST', EPIN_REQUIRED]);
      expect(await app.eventCount()).toBe(before);
    });

    it('lets exactly one of several registrations racing for one invite code succeed', async () => {
      const [code] = await newEpins(1);
      const inputs = await Promise.all(Array.from({ length: 6 }, () => registration({ epin: code })));
      const results = await Promise.allSettled(inputs.map(async (input) => (await app.caller()).community.register(input)));
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
      const results = await Promise.allSettled(inputs.map(async (input) => (await app.caller()).community.register(input)));
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      const loss = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
      expect([loss?.reason.code, loss?.reason.message]).toEqual(['CONFLICT', EMAIL_TAKEN]);
    });
  });

});
