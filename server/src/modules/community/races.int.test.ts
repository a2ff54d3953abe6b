import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_TAKEN, emailHash } from '#server/modules/identity/identity.api';
import { raceCalls } from '#server/testing/assertions';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, uniqueEmail, type AppCaller, type TestApp } from '#server/testing/test-services';
import { epinHolderStreamId, epinStreamId } from './epins/epin.events.ts';
import { TRANSFER_INVALID_COUNT } from './epins/epin.decider.ts';
import { EPIN_USED } from './epins/epin.decider.ts';
import type { TRegisterRequest } from './registration/register.schema.ts';

/**
 * Race tests (issue 9) for the community's commands: ten identical calls at once record exactly the
 * right number of events, every call that does not succeed is refused with a clear 4xx, and the read
 * models agree. On PGlite the calls are serialised; on PostgreSQL (TEST_DATABASE_URL) they overlap.
 */

const CALLS = 10;

describe.each(testDbKinds())('community commands racing on %s', (kind) => {
  let app: TestApp;
  let admin: Awaited<ReturnType<TestApp['account']>>;
  let adminCaller: AppCaller;

  beforeAll(async () => {
    app = await createTestApp(kind, { now: () => new Date('2031-05-01T09:00:00.000Z') });
    admin = await app.account({ role: 'admin', permissions: ['members'] });
    adminCaller = await app.caller({ token: admin.token });
  });
  afterAll(async () => {
    await app?.close();
  });

  async function newCodes(count: number): Promise<string[]> {
    return (await adminCaller.community.epins.generate({ count })).epins.map((epin) => epin.code);
  }

  function registration(epin: string, email = uniqueEmail('racer')): TRegisterRequest {
    return { fullName: 'Sunita Devi', email, phone: '9876543210', epin, password: 'a strong password', address: '12 Station Road', city: 'Jaipur', state: 'Rajasthan', pinCode: '302001' };
  }

  /** [stream, type] of every event on the given streams, in order. */
  async function eventsOn(streamIds: readonly string[], type: string): Promise<{ stream_id: string; data: Record<string, unknown> }[]> {
    const { rows } = await app.services.db.query<{ stream_id: string; data: Record<string, unknown> }>(
      `SELECT stream_id, data FROM events WHERE stream_id = ANY($1::text[]) AND type = $2 ORDER BY global_position`,
      [streamIds, type],
    );
    return rows;
  }

  async function epinRows(codes: readonly string[]): Promise<{ code: string; held_by: string | null; used_by: string | null }[]> {
    const { rows } = await app.services.db.query<{ code: string; held_by: string | null; used_by: string | null }>(
      `SELECT code, held_by, used_by FROM epins WHERE code = ANY($1::text[]) ORDER BY code`,
      [codes],
    );
    return rows;
  }

  it('register with one invite code and ten e-mails: one account uses it, one EpinUsed, nine told it is used', async () => {
    const [code] = await newCodes(1);
    const { succeeded, refusals } = await raceCalls(CALLS, async () => (await app.caller()).community.register(registration(code!)));
    expect(succeeded).toHaveLength(1);
    expect(refusals).toEqual(Array(CALLS - 1).fill(['CONFLICT', EPIN_USED]));
    const winner = succeeded[0]!.userId;
    expect((await eventsOn([epinStreamId(code!)], 'EpinUsed')).map((event) => event.data.usedBy)).toEqual([winner]);
    const { rows: registered } = await app.services.db.query<{ stream_id: string }>(`SELECT stream_id FROM events WHERE type = 'AccountRegistered' AND data->>'epin' = $1`, [
      code,
    ]);
    expect(registered.map((row) => row.stream_id)).toEqual([`user-${winner}`]);
    expect(await epinRows([code!])).toEqual([{ code, held_by: admin.userId, used_by: winner }]);
  });

  it('register with one e-mail and ten invite codes: one account, one code used, nine told the e-mail is taken', async () => {
    const codes = await newCodes(CALLS);
    const email = uniqueEmail('twin');
    const { succeeded, refusals } = await raceCalls(CALLS, async (index) => (await app.caller()).community.register(registration(codes[index]!, email)));
    expect(succeeded).toHaveLength(1);
    expect(refusals).toEqual(Array(CALLS - 1).fill(['CONFLICT', EMAIL_TAKEN]));
    const winner = succeeded[0]!.userId;
    const hash = emailHash(app.services, email);
    const { rows: registered } = await app.services.db.query<{ stream_id: string }>(
      `SELECT stream_id FROM events WHERE type = 'AccountRegistered' AND data->>'emailHash' = $1`,
      [hash],
    );
    expect(registered.map((row) => row.stream_id)).toEqual([`user-${winner}`]);
    expect((await eventsOn(codes.map(epinStreamId), 'EpinUsed')).map((event) => event.data.usedBy)).toEqual([winner]);
    const { rows: users } = await app.services.db.query<{ user_id: string }>(`SELECT user_id FROM users WHERE email_hash = $1`, [hash]);
    expect(users.map((row) => row.user_id)).toEqual([winner]);
    expect((await epinRows(codes)).filter((row) => row.used_by !== null).map((row) => row.used_by)).toEqual([winner]);
  });

  it('epins.generate with count 1, ten times: ten distinct codes, ten EpinGenerated', async () => {
    const { succeeded, refusals } = await raceCalls(CALLS, async () => (await app.caller({ token: admin.token })).community.epins.generate({ count: 1 }));
    expect(refusals).toEqual([]);
    const codes = succeeded.flatMap((result) => result.epins.map((epin) => epin.code));
    expect(codes).toHaveLength(CALLS);
    expect(new Set(codes).size).toBe(CALLS);
    const generated = await eventsOn(codes.map(epinStreamId), 'EpinGenerated');
    expect(generated.map((event) => event.data.code).sort()).toEqual([...codes].sort());
    expect(await epinRows(codes)).toEqual([...codes].sort().map((code) => ({ code, held_by: admin.userId, used_by: null })));
  });

  it('epins.transfer of one code, ten times, from a holder of three: three succeed, three codes move, none twice', async () => {
    const holder = await app.account({ fullName: 'Code Holder' });
    const receiver = await app.account({ fullName: 'Code Receiver' });
    await newCodes(3);
    // The admin passes on its three oldest unused codes (earlier tests left some): those are the holder's.
    const { codes: held } = await adminCaller.community.epins.transfer({ toUserId: holder.userId, count: 3 });
    const { succeeded, refusals } = await raceCalls(CALLS, async () => (await app.caller({ token: holder.token })).community.epins.transfer({ toUserId: receiver.userId, count: 1 }));
    expect(succeeded).toHaveLength(3);
    expect(refusals).toEqual(Array(CALLS - 3).fill(['BAD_REQUEST', TRANSFER_INVALID_COUNT]));
    const moved = succeeded.flatMap((result) => result.codes);
    expect([...moved].sort()).toEqual([...held].sort());

    // On each code's stream one transfer from the holder; on each holder's stream three (one code each).
    const transferred = await eventsOn(held.map(epinStreamId), 'EpinTransferred');
    expect(transferred.filter((event) => event.data.from === holder.userId).map((event) => [event.data.code, event.data.to]).sort()).toEqual(
      [...held].sort().map((code) => [code, receiver.userId]),
    );
    const sent = await eventsOn([epinHolderStreamId(holder.userId)], 'EpinsSent');
    const received = await eventsOn([epinHolderStreamId(receiver.userId)], 'EpinsReceived');
    expect(sent.map((event) => event.data.codes)).toEqual(Array(3).fill([expect.any(String)]));
    expect(sent.flatMap((event) => event.data.codes as string[]).sort()).toEqual([...held].sort());
    expect(received.flatMap((event) => event.data.codes as string[]).sort()).toEqual([...held].sort());

    // The read models: the holder has none left, the receiver holds exactly those three, once each.
    expect((await (await app.caller({ token: holder.token })).community.epins.getHeld()).epins).toEqual([]);
    const receiverCodes = (await (await app.caller({ token: receiver.token })).community.epins.getHeld()).epins.map((epin) => epin.code);
    expect(receiverCodes.sort()).toEqual([...held].sort());
    expect(await epinRows(held)).toEqual([...held].sort().map((code) => ({ code, held_by: receiver.userId, used_by: null })));
    await app.runJobs(); // the transfer report is an async projection
    const history = (await (await app.caller({ token: holder.token })).community.epins.getTransferHistory()).transfers;
    expect(history.filter((entry) => entry.direction === 'sent').map((entry) => [entry.otherUserId, entry.count])).toEqual(Array(3).fill([receiver.userId, 1]));
  });
});
