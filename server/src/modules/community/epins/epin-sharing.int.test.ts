import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOnlyRefusals, fieldErrorsOf, raceCalls, rejection } from '#server/testing/assertions';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, uniqueEmail, type AppCaller, type TestApp } from '#server/testing/test-services';
import { epinStreamId } from './epin.events.ts';
import { SHARE_NO_CODE } from './epin-sharing.ts';
import { SHARE_NOT_YOURS, TRANSFER_INVALID_COUNT } from './epin.decider.ts';

/**
 * Sharing an invite code in a link (issue 16): the code is kept for the link 48 hours — not
 * transferred, not shared again — and free again after it; anyone with the link registers with it.
 */
describe.each(testDbKinds())('invite codes shared in a link on %s', (kind) => {
  let app: TestApp;
  let clock = new Date('2031-06-01T09:00:00.000Z');
  let adminCaller: AppCaller;

  beforeAll(async () => {
    app = await createTestApp(kind, { now: () => clock });
    const admin = await app.account({ role: 'admin', permissions: ['members'] });
    adminCaller = await app.caller({ token: admin.token });
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A member holding `count` fresh codes, oldest first, and a caller acting as them. */
  async function memberWithCodes(count: number) {
    const member = await app.account({ fullName: 'Kavita Meena' });
    const codes = (await adminCaller.community.epins.generate({ count })).epins.map((epin) => epin.code);
    await adminCaller.community.epins.transfer({ toUserId: member.userId, count });
    const held = (await (await app.caller({ token: member.token })).community.epins.getHeld({})).epins.map((epin) => epin.code);
    expect(new Set(held)).toEqual(new Set(codes));
    return { member, caller: () => app.caller({ token: member.token }) };
  }

  const reservations = async (code: string) => (await app.services.eventStore.readStream(epinStreamId(code))).filter((event) => event.type === 'EpinReserved');

  it('keeps the shared code 48 hours: the same link again, transfers pass over it, and it is free again after', async () => {
    const { member, caller } = await memberWithCodes(2);
    const shared = await (await caller()).community.epins.share({});
    expect(Date.parse(shared.reservedUntil) - clock.getTime()).toBe(48 * 3600_000);
    // Asked again (the Share button twice, another tab): the same code, nothing new recorded.
    expect(await (await caller()).community.epins.share({})).toEqual(shared);
    expect(await (await caller()).community.epins.share({ code: shared.code.toLowerCase() })).toEqual(shared);
    expect(await reservations(shared.code)).toHaveLength(1);
    const held = (await (await caller()).community.epins.getHeld({})).epins;
    expect(held.find((epin) => epin.code === shared.code)?.reservedUntil).toBe(shared.reservedUntil);

    // Of two codes, one is kept for the link: only one can be transferred.
    const friend = await app.account({ fullName: 'Friend' });
    const tooMany = await rejection((await caller()).community.epins.transfer({ toUserId: friend.userId, count: 2 }));
    expect(fieldErrorsOf(tooMany)).toEqual({ count: [TRANSFER_INVALID_COUNT] });
    const sent = await (await caller()).community.epins.transfer({ toUserId: friend.userId, count: 1 });
    expect(sent.codes).not.toContain(shared.code);

    // After 48 hours unused, it is free again: transferable, and a new share keeps it anew.
    const saved = clock;
    clock = new Date(saved.getTime() + 48 * 3600_000 + 1000);
    try {
      expect((await (await caller()).community.epins.getHeld({})).epins.find((epin) => epin.code === shared.code)?.reservedUntil).toBeNull();
      const again = await (await caller()).community.epins.share({});
      expect(again.code).toBe(shared.code);
      expect(Date.parse(again.reservedUntil)).toBeGreaterThan(Date.parse(shared.reservedUntil));
      expect(await reservations(shared.code)).toHaveLength(2);
    } finally {
      clock = saved;
    }
    expect(member.userId).toMatch(/^SH/);
  });

  it('lets whoever has the link register with the kept code, once', async () => {
    const { member, caller } = await memberWithCodes(1);
    const { code } = await (await caller()).community.epins.share({});
    const registration = { fullName: 'Naya Sadasya', phone: '9123456780', epin: code, password: 'a strong password', address: '1 Gali', city: 'Kota', state: 'Rajasthan', pinCode: '302001', referralId: member.userId };
    const joined = await (await app.caller()).community.register({ ...registration, email: uniqueEmail('joiner') });
    expect(joined.userId).toMatch(/^SH/);
    // Used: it cannot be shared again.
    const refused = await rejection((await caller()).community.epins.share({ code }));
    expect([refused.code, refused.message]).toEqual(['CONFLICT', SHARE_NOT_YOURS]);
  });

  it('refuses another member’s code, no code left, a malformed code and unknown fields, recording nothing', async () => {
    const { caller } = await memberWithCodes(1);
    const other = await memberWithCodes(1);
    const othersCode = (await (await other.caller()).community.epins.getHeld({})).epins[0]!.code;
    const empty = await app.account();
    const before = await app.eventCount();
    expect(await rejection((await caller()).community.epins.share({ code: othersCode }))).toMatchObject({ code: 'CONFLICT', message: SHARE_NOT_YOURS });
    expect(await rejection((await app.caller({ token: empty.token })).community.epins.share({}))).toMatchObject({ code: 'NOT_FOUND', message: SHARE_NO_CODE });
    expect(fieldErrorsOf(await rejection((await caller()).community.epins.share({ code: 'no!' })))).toHaveProperty('code');
    // @ts-expect-error -- a field the schema does not have
    expect((await rejection((await caller()).community.epins.share({ code: othersCode, forUserId: 'SH1234567' }))).code).toBe('BAD_REQUEST');
    expect((await rejection((await app.caller()).community.epins.share({}))).code).toBe('UNAUTHORIZED');
    expect(await app.eventCount()).toBe(before);
  });

  it('ten taps on Share at once keep one code, once', async () => {
    const { caller } = await memberWithCodes(3);
    const { succeeded, refusals } = await raceCalls(10, async () => (await caller()).community.epins.share({}));
    expectOnlyRefusals(refusals, []);
    expect(new Set(succeeded.map((shared) => shared.code)).size).toBe(1);
    expect(await reservations(succeeded[0]!.code)).toHaveLength(1);
  });
});
