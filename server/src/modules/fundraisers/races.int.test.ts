import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectOnlyRefusals, raceCalls } from '#server/testing/assertions';
import { describeWhere, needsPostgres } from '#server/testing/requires';
import { BUSY_WITH_UPLOADS } from '#server/uploads/form-gate';
import { createTestApp, uniqueEmail, type AppCaller, type TestApp } from '#server/testing/test-services';
import { addDays, FUNDRAISER_ALREADY_PUBLIC } from './fundraiser.decider.ts';
import { fundraiserFields, postFundraiser, smallPhoto } from './fundraisers.test-helper.ts';

const TODAY = '2031-03-01';
const CALLS = 10;

/**
 * Race tests (issue 33) for the fundraisers' commands on PostgreSQL, where ten identical calls
 * really overlap: each records the right number of events, never ten, and every call that does not
 * succeed is refused with a clear 4xx. Without TEST_DATABASE_URL they are skipped, saying why.
 */
describeWhere([needsPostgres], 'fundraiser commands racing on PostgreSQL', () => {
  let app: TestApp;
  let member: { userId: string; token: string };
  let memberCaller: AppCaller;
  let verifier: AppCaller;
  let verifierB: AppCaller;
  let finance: AppCaller;

  beforeAll(async () => {
    app = await createTestApp('postgres', { now: () => new Date(`${TODAY}T04:30:00.000Z`) });
    member = await app.account();
    memberCaller = await app.caller({ token: member.token });
    verifier = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['verification'] })).token });
    verifierB = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['verification'] })).token });
    finance = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['finance'] })).token });
  });
  afterAll(async () => {
    await app?.close();
  });

  async function count(streamId: string, type: string): Promise<number> {
    const { rows } = await app.services.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM events WHERE stream_id = $1 AND type = $2`, [streamId, type]);
    return rows[0]!.count;
  }

  async function started(): Promise<string> {
    const res = await postFundraiser(app, member.token, fundraiserFields(addDays(TODAY, 30)), { bytes: await smallPhoto() });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  }

  it('start: the same submission ten times at once records one fundraiser and one photo, and answers it to every call let in', async () => {
    const key = crypto.randomUUID();
    const photo = await smallPhoto();
    const fields = fundraiserFields(addDays(TODAY, 20));
    const answers = await Promise.all(Array.from({ length: CALLS }, () => postFundraiser(app, member.token, fields, { bytes: photo }, key)));
    // Forms with a photo beyond the gate's few at once are told to send again (503), never half-recorded.
    const accepted = answers.filter((res) => res.status === 201);
    for (const res of answers.filter((answer) => answer.status !== 201)) expect([res.status, res.body.message]).toEqual([503, BUSY_WITH_UPLOADS]);
    expect(accepted.length).toBeGreaterThanOrEqual(2);
    const ids = new Set(accepted.map((res) => res.body.id as string));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    expect(await count(`fundraiser-${id}`, 'FundraiserStarted')).toBe(1);
    const { rows } = await app.services.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM files WHERE subject_id = $1`, [`fundraiser-${id}`]);
    expect(rows[0]!.count).toBe(1);
  });

  it('approve: ten times at once by two staff records one approval, every call answered approved', async () => {
    const id = await started();
    const { succeeded, refusals } = await raceCalls(CALLS, async (index) => (index % 2 ? verifier : verifierB).fundraisers.admin.approve({ id }));
    expect(refusals).toEqual([]);
    expect(succeeded).toEqual(Array(CALLS).fill({ id, status: 'approved' }));
    expect(await count(`fundraiser-${id}`, 'FundraiserApproved')).toBe(1);
  });

  it('approve and reject at once: exactly one decision is recorded, the others told clearly', async () => {
    const id = await started();
    const { succeeded, refusals } = await raceCalls(CALLS, async (index) =>
      index % 2 ? verifier.fundraisers.admin.approve({ id }) : verifierB.fundraisers.admin.reject({ id, reason: 'Not a cause the foundation runs.' }),
    );
    expect(succeeded.length).toBeGreaterThanOrEqual(1);
    expectOnlyRefusals(refusals, [
      ['CONFLICT', FUNDRAISER_ALREADY_PUBLIC],
      ['CONFLICT', 'This fundraiser was refused and cannot be changed.'],
    ]);
    expect((await count(`fundraiser-${id}`, 'FundraiserApproved')) + (await count(`fundraiser-${id}`, 'FundraiserRejected'))).toBe(1);
  });

  it('close: its member closing ten times at once records one closing', async () => {
    const id = await started();
    await verifier.fundraisers.admin.approve({ id });
    const { succeeded, refusals } = await raceCalls(CALLS, async () => memberCaller.fundraisers.close({ id }));
    expect(refusals).toEqual([]);
    expect(succeeded).toEqual(Array(CALLS).fill({ id, status: 'closed' }));
    expect(await count(`fundraiser-${id}`, 'FundraiserClosed')).toBe(1);
  });

  it('hide: two staff hiding one message ten times at once record one hiding', async () => {
    const id = await started();
    await verifier.fundraisers.admin.approve({ id });
    const email = uniqueEmail('supporter');
    const visitor = await app.caller();
    const pay = await visitor.donations.create({ amountPaise: 800_00, cause: 'general', donorName: 'Racing Supporter', email, showName: true, fundraiserId: id, message: 'Buy them good shoes' });
    await visitor.donations.submitProof({ reference: pay.reference, contact: email, utr: String(8_200_000_000_00 + (process.pid % 99_999_999)).slice(-12) });
    await finance.donations.admin.verify({ reference: pay.reference, receivedOn: TODAY, mode: 'upi' });
    const { succeeded, refusals } = await raceCalls(CALLS, async (index) => (index % 2 ? verifier : verifierB).fundraisers.admin.hideMessage({ id, reference: pay.reference }));
    expect(refusals).toEqual([]);
    expect(succeeded).toHaveLength(CALLS);
    expect(await count(`fundraiser-${id}`, 'FundraiserMessageHidden')).toBe(1);
    expect((await visitor.fundraisers.get({ id })).supporters).toEqual([{ name: 'Racing Supporter', message: null, givenAt: expect.any(String) }]);
  });
});
