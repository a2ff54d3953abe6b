import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayAndCompare } from '#server/event-store/replay';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, uniqueEmail, type AppCaller, type TestApp } from '#server/testing/test-services';
import { TRANSFER_FAILED, TRANSFER_USER_NOT_FOUND } from './epins/epin-transfers.ts';
import { rejection } from '#server/testing/assertions';
import { TRANSFER_INVALID_COUNT, TRANSFER_SELF } from './epins/epin.decider.ts';

describe.each(testDbKinds())('community on %s', (kind) => {
  let app: TestApp;
  let admin: Awaited<ReturnType<TestApp['account']>>;
  let adminCaller: AppCaller;

  beforeAll(async () => {
    app = await createTestApp(kind);
    admin = await app.account({ role: 'admin', fullName: 'Office Admin' });
    adminCaller = await app.caller({ token: admin.token });
  });
  afterAll(async () => {
    await app?.close();
  });

  /** Registers a member under a sponsor with one of the holder's codes, and signs them in. */
  async function join(sponsorId: string | null, name: string, holderToken = admin.token) {
    // A fresh code from the admin (so that joins may run side by side), or the holder's oldest unused one.
    const [code] =
      holderToken === admin.token
        ? (await adminCaller.community.epins.generate({ count: 1 })).epins
        : (await (await app.caller({ token: holderToken })).community.epins.getHeld()).epins.filter((epin) => !epin.used);
    const password = 'long password';
    const { userId } = await (await app.caller()).community.register({
      referralId: sponsorId ?? '',
      fullName: name,
      email: uniqueEmail(name.toLowerCase().replace(/\W/g, '')),
      phone: '9876543210',
      epin: code!.code,
      password,
      address: 'Lane 1',
      city: 'Indore',
      state: 'Madhya Pradesh',
      pinCode: '452001',
    });
    const { logIn } = await import('#server/modules/identity/identity.api');
    const { token } = await logIn(app.services, { userId, password }, { kind: 'bearer' });
    return { userId, token, caller: await app.caller({ token }) };
  }

  describe('team tree', () => {
    it('counts direct joinees and each level, and pages the members of a level', async () => {
      const root = await join(null, 'Root Person');
      const a = await join(root.userId, 'Level One A');
      const b = await join(root.userId, 'Level One B');
      const a1 = await join(a.userId, 'Level Two A1');
      await join(a1.userId, 'Level Three');
      await join(b.userId, 'Level Two B1');

      const summary = await root.caller.community.team.getSummary();
      expect(summary).toMatchObject({ userId: root.userId, directJoinees: 2, teamSize: 5, verifiedGivingPaise: 0, fundsRaisedPaise: 0, tier: null });
      const { levels } = await root.caller.community.team.getLevels();
      expect(levels).toHaveLength(20);
      expect(levels.slice(0, 4).map((level) => level.count)).toEqual([2, 2, 1, 0]);

      const level2 = await root.caller.community.team.getLevelMembers({ level: 2 });
      expect(level2).toMatchObject({ level: 2, page: 1, pageCount: 1, count: 2 });
      expect(level2.members.map((member) => member.fullName)).toEqual(['Level Two A1', 'Level Two B1']);
      expect(level2.members[0]).toMatchObject({ sponsorId: a.userId, sponsorName: 'Level One A', isActive: false });

      const direct = await root.caller.community.team.getDirect();
      expect(direct.active).toEqual([]);
      expect(direct.nonActive.map((member) => member.userId)).toEqual([a.userId, b.userId]);
      expect((await a.caller.community.team.getSummary()).teamSize).toBe(2);
    });

    it('keeps 20 levels and no more', async () => {
      let sponsor = await join(null, 'Chain Top');
      const top = sponsor;
      for (let depth = 1; depth <= 21; depth++) sponsor = await join(sponsor.userId, `Chain ${depth}`);
      const { levels } = await top.caller.community.team.getLevels();
      expect(levels.map((level) => level.count)).toEqual(Array.from({ length: 20 }, () => 1));
      expect((await top.caller.community.team.getSummary()).teamSize).toBe(20);
    });

    it('shows a member only their own team; admins with the members permission any; refusals change nothing', async () => {
      const one = await join(null, 'One');
      const other = await join(null, 'Other');
      expect((await rejection(one.caller.community.team.getSummary({ userId: other.userId }))).code).toBe('FORBIDDEN');
      expect((await rejection(one.caller.community.team.getLevelMembers({ userId: other.userId, level: 1 }))).code).toBe('FORBIDDEN');
      expect((await rejection((await app.caller()).community.team.getSummary())).code).toBe('UNAUTHORIZED');
      const contentAdmin = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['content'] })).token });
      expect((await rejection(contentAdmin.community.team.getSummary({ userId: other.userId }))).code).toBe('FORBIDDEN');
      expect((await adminCaller.community.team.getSummary({ userId: other.userId })).userId).toBe(other.userId);
      expect((await rejection(one.caller.community.team.getLevelMembers({ level: 21 }))).code).toBe('BAD_REQUEST');
    });
  });

  describe('invite-code transfers', () => {
    it('passes codes from admin to A to B, each an event on both holders, and B’s code registers someone under A', async () => {
      const a = await join(null, 'Holder A');
      const b = await join(null, 'Holder B');
      await adminCaller.community.epins.generate({ count: 5 });
      const before = (await adminCaller.community.epins.getHeld()).epins.filter((epin) => !epin.used).length;
      const toA = await adminCaller.community.epins.transfer({ toUserId: a.userId.toLowerCase(), count: 5 });
      expect(toA).toMatchObject({ toUserId: a.userId, toName: 'Holder A', remaining: before - 5 });
      expect(toA.codes).toHaveLength(5);
      const toB = await a.caller.community.epins.transfer({ toUserId: b.userId, count: 2 });
      expect(toB.remaining).toBe(3);
      expect((await b.caller.community.epins.getHeld()).epins.map((epin) => epin.code).sort()).toEqual([...toB.codes].sort());

      // The report is an async projection: it shows the transfers once its processor has read them.
      await app.runJobs();
      const history = await a.caller.community.epins.getTransferHistory();
      expect(history.transfers.map((transfer) => [transfer.direction, transfer.otherUserId, transfer.count])).toEqual([
        ['sent', b.userId, 2],
        ['received', admin.userId, 5],
      ]);
      const holderEvents = await app.services.eventStore.readStream(`epin-holder-${b.userId}`);
      expect(holderEvents.map((event) => event.type)).toEqual(['EpinsReceived']);
      const codeEvents = await app.services.eventStore.readStream(`epin-${toB.codes[0]}`);
      expect(codeEvents.map((event) => event.type)).toEqual(['EpinGenerated', 'EpinTransferred', 'EpinTransferred']);

      const joined = await join(a.userId, 'Joined With B Code', b.token);
      expect((await a.caller.community.team.getDirect()).nonActive.map((member) => member.userId)).toContain(joined.userId);
      expect((await b.caller.community.epins.getHeld()).epins.filter((epin) => epin.used)).toHaveLength(1);
    });

    it.each([
      ['themselves', 'self', 1, 'BAD_REQUEST', TRANSFER_SELF],
      ['an unknown user', 'SH0000001', 1, 'NOT_FOUND', TRANSFER_USER_NOT_FOUND],
      ['more than they hold', 'other', 99, 'BAD_REQUEST', TRANSFER_INVALID_COUNT],
    ])('refuses a transfer to %s and writes nothing', async (_label, to, count, code, message) => {
      const a = await join(null, 'Sender');
      const other = await join(null, 'Receiver');
      await adminCaller.community.epins.transfer({ toUserId: a.userId, count: 1 }).catch(async () => {
        await adminCaller.community.epins.generate({ count: 1 });
        await adminCaller.community.epins.transfer({ toUserId: a.userId, count: 1 });
      });
      const before = await app.eventCount();
      const toUserId = to === 'self' ? a.userId : to === 'other' ? other.userId : to;
      const error = await rejection(a.caller.community.epins.transfer({ toUserId, count }));
      expect([error.code, error.message]).toEqual([code, message]);
      const zero = await rejection(a.caller.community.epins.transfer({ toUserId: other.userId, count: 0 }));
      expect([zero.code, (zero.cause as { issues?: { message: string }[] }).issues?.[0]?.message]).toEqual(['BAD_REQUEST', TRANSFER_INVALID_COUNT]);
      expect(await app.eventCount()).toBe(before);
    });

    it('never duplicates a code or goes below zero when transfers race for the last codes', async () => {
      const a = await join(null, 'Racer');
      const receivers = await Promise.all([join(null, 'R1'), join(null, 'R2'), join(null, 'R3')]);
      await adminCaller.community.epins.generate({ count: 3 });
      await adminCaller.community.epins.transfer({ toUserId: a.userId, count: 3 });
      const results = await Promise.allSettled(receivers.map((receiver) => a.caller.community.epins.transfer({ toUserId: receiver.userId, count: 2 })));
      const won = results.filter((result) => result.status === 'fulfilled');
      expect(won).toHaveLength(1);
      for (const result of results) {
        if (result.status === 'rejected') expect([result.reason.code, result.reason.message]).toContainEqual(expect.stringMatching(/CONFLICT|BAD_REQUEST/));
        if (result.status === 'rejected' && result.reason.code === 'CONFLICT') expect(result.reason.message).toBe(TRANSFER_FAILED);
      }
      const held = await Promise.all([a, ...receivers].map(async (member) => (await member.caller.community.epins.getHeld()).epins.map((epin) => epin.code)));
      const all = held.flat();
      expect(all).toHaveLength(3);
      expect(new Set(all).size).toBe(3);
      expect(held[0]).toHaveLength(1);
    });

    it('keeps a member’s codes and transfers private', async () => {
      const a = await join(null, 'Private A');
      const b = await join(null, 'Private B');
      expect((await rejection(a.caller.community.epins.getHeld({ userId: b.userId }))).code).toBe('FORBIDDEN');
      expect((await rejection(a.caller.community.epins.getTransferHistory({ userId: b.userId }))).code).toBe('FORBIDDEN');
      expect((await rejection((await app.caller()).community.epins.transfer({ toUserId: b.userId, count: 1 }))).code).toBe('UNAUTHORIZED');
    });
  });

  describe('admin members page', () => {
    it('finds members by ID, name, phone and e-mail; shows detail with sponsor, team size and history', async () => {
      const sponsor = await join(null, 'Savitri Unique');
      const member = await join(sponsor.userId, 'Mohan Findable');
      expect((await adminCaller.admin.members.search({ query: member.userId.toLowerCase() })).members[0]?.userId).toBe(member.userId);
      expect((await adminCaller.admin.members.search({ query: 'findable' })).members.map((entry) => entry.userId)).toContain(member.userId);
      const detail = await adminCaller.admin.members.get({ userId: member.userId });
      expect(detail).toMatchObject({ sponsorName: 'Savitri Unique', teamSize: 0 });
      expect(detail.history[0]).toMatchObject({ type: 'AccountRegistered' });
      expect((await adminCaller.admin.members.get({ userId: sponsor.userId })).teamSize).toBe(1);
      expect((await adminCaller.admin.members.getCompanyDirects()).members.map((entry) => entry.userId)).toContain(sponsor.userId);
      expect((await adminCaller.admin.members.getCompanyDirects()).members.map((entry) => entry.userId)).not.toContain(member.userId);
    });

    it('suspends with a reason (no sign-in, non-active, signed out) and reactivates', async () => {
      const sponsor = await join(null, 'Sponsor S');
      const member = await join(sponsor.userId, 'Suspended Sam');
      const suspended = await adminCaller.admin.members.suspend({ userId: member.userId, reason: 'Reported misuse' });
      expect(suspended.status).toBe('suspended');
      expect(await member.caller.identity.me()).toBeNull();
      const login = await rejection((await app.caller()).identity.login({ userId: member.userId, password: 'long password' }));
      expect(login.code).toBe('FORBIDDEN');
      expect((await sponsor.caller.community.team.getDirect()).nonActive.map((entry) => entry.userId)).toContain(member.userId);
      expect((await rejection(adminCaller.admin.members.suspend({ userId: member.userId, reason: 'again' }))).code).toBe('CONFLICT');
      const history = (await adminCaller.admin.members.get({ userId: member.userId })).history;
      expect(history.at(-1)).toMatchObject({ type: 'MemberSuspended', actor: admin.userId, reason: 'Reported misuse' });

      expect((await adminCaller.admin.members.reactivate({ userId: member.userId, reason: 'Cleared' })).status).toBe('active');
      expect((await (await app.caller()).identity.login({ userId: member.userId, password: 'long password' })).userId).toBe(member.userId);
    });

    it('is for admins with the members permission only; refusals change nothing', async () => {
      const member = await join(null, 'Plain Member');
      const contentAdmin = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['content'] })).token });
      const before = await app.eventCount();
      expect((await rejection(member.caller.admin.members.search({ query: 'plain' }))).code).toBe('FORBIDDEN');
      expect((await rejection(contentAdmin.admin.members.suspend({ userId: member.userId, reason: 'no reason' }))).code).toBe('FORBIDDEN');
      expect((await rejection(member.caller.admin.members.suspend({ userId: member.userId, reason: 'self' }))).code).toBe('FORBIDDEN');
      expect((await rejection(adminCaller.admin.members.suspend({ userId: member.userId, reason: '' }))).code).toBe('BAD_REQUEST');
      expect((await rejection(adminCaller.admin.members.suspend({ userId: 'SH0000002', reason: 'unknown' }))).code).toBe('NOT_FOUND');
      expect(await app.eventCount()).toBe(before);
    });

    it('pages the company directs and every invite code, the newest first; a page below 1 or an unknown field is refused', async () => {
      await adminCaller.community.epins.generate({ count: 25 });
      const firstCodes = await adminCaller.community.epins.getMany();
      expect(firstCodes.total).toBeGreaterThanOrEqual(25);
      expect(firstCodes).toMatchObject({ page: 1, pageCount: Math.ceil(firstCodes.total / 20) });
      expect(firstCodes.epins).toHaveLength(20);
      const secondCodes = await adminCaller.community.epins.getMany({ page: 2 });
      expect(secondCodes.page).toBe(2);
      expect(secondCodes.epins.length).toBeGreaterThan(0);
      expect(secondCodes.epins.filter((epin) => firstCodes.epins.some((first) => first.code === epin.code))).toEqual([]);
      const created = [...firstCodes.epins, ...secondCodes.epins].map((epin) => epin.createdAt);
      expect(created).toEqual([...created].sort().reverse());

      const newest = await join(null, 'Newest Direct');
      const directs = await adminCaller.admin.members.getCompanyDirects();
      expect(directs).toMatchObject({ page: 1, pageCount: Math.max(1, Math.ceil(directs.total / 20)) });
      expect(directs.members.length).toBe(Math.min(20, directs.total));
      expect(directs.members[0]?.userId).toBe(newest.userId);
      const joined = directs.members.map((member) => member.joinedAt);
      expect(joined).toEqual([...joined].sort().reverse());
      expect((await adminCaller.admin.members.getCompanyDirects({ page: directs.pageCount + 1 })).members).toEqual([]);

      const before = await app.eventCount();
      for (const input of [{ page: 0 }, { page: 1.5 }, { page: 1, sort: 'oldest' }]) {
        expect((await rejection(adminCaller.admin.members.getCompanyDirects(input as { page: number }))).code).toBe('BAD_REQUEST');
        expect((await rejection(adminCaller.community.epins.getMany(input as { page: number }))).code).toBe('BAD_REQUEST');
      }
      expect(await app.eventCount()).toBe(before);
    });
  });

  describe('REST', () => {
    it('serves team summary, direct joinees, levels and transfers to the member and admins; 403 to another member', async () => {
      const http = app.http();
      const root = await join(null, 'Rest Root');
      const child = await join(root.userId, 'Rest Child');
      const other = await join(null, 'Rest Other');
      const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

      expect((await request(http).get(`/api/users/team-summary/${root.userId}`).set(auth(root.token))).body).toMatchObject({ totalMembers: 1 });
      expect((await request(http).get(`/api/users/downline/direct/${root.userId}`).set(auth(root.token))).body.members).toEqual([
        { userId: child.userId, fullName: 'Rest Child', joinedAt: expect.any(String), isActive: false },
      ]);
      const levels = await request(http).get(`/api/users/downline-levels/${root.userId}?level=1&page=1`).set(auth(root.token));
      expect(levels.body.levels[0]).toMatchObject({ level: 1, count: 1, page: 1, pageCount: 1 });
      expect(levels.body.levels[0].members[0].userId).toBe(child.userId);
      expect(levels.body.levels[1]).toMatchObject({ level: 2, count: 0, members: [] });

      for (const path of ['/api/users/team-summary/', '/api/users/downline/direct/', '/api/users/downline-levels/', '/api/epintransfer/user/', '/api/epintransfer/transfer-history/']) {
        const response = await request(http).get(`${path}${root.userId}`).set(auth(other.token));
        expect([path, response.status]).toEqual([path, 403]);
        expect(Object.keys(response.body).sort()).toEqual(['message', 'requestId']);
        expect((await request(http).get(`${path}${root.userId}`)).status).toBe(401);
        expect((await request(http).get(`${path}${root.userId}`).set(auth(admin.token))).status).toBe(200);
        // An ID that names no account: 404, not a page of zeros (issue 12).
        const unknown = await request(http).get(`${path}SH9999999`).set(auth(admin.token));
        expect([path, unknown.status, unknown.body.message]).toEqual([path, 404, 'Member not found']);
      }

      await adminCaller.community.epins.generate({ count: 1 });
      const transfer = await request(http).post('/api/epintransfer/transfer').set(auth(admin.token)).send({ toUserId: root.userId, count: 1 });
      expect(transfer.status).toBe(201);
      expect((await request(http).get(`/api/epintransfer/user/${root.userId}`).set(auth(root.token))).body.epins).toHaveLength(1);
      const bad = await request(http).post('/api/epintransfer/transfer').set(auth(root.token)).send({ toUserId: root.userId, count: 1 });
      expect(bad.status).toBe(400);

      expect((await request(http).get('/api/admin/company-directs').set(auth(admin.token))).body.members.map((m: { userId: string }) => m.userId)).toContain(
        root.userId,
      );
      expect((await request(http).get('/api/admin/company-directs').set(auth(root.token))).status).toBe(403);
      expect((await request(http).get('/api/admin/direct-company-joiners').set(auth(admin.token))).status).toBe(200);
    });
  });

  it('read models equal a replay of the events', async () => {
    const results = await replayAndCompare(app.services);
    for (const result of results) expect({ projection: result.projection, differences: result.differences }).toEqual({ projection: result.projection, differences: [] });
    expect(results.map((result) => result.projection)).toEqual(expect.arrayContaining(['team_tree', 'epin_transfers', 'epins']));
  });
});
