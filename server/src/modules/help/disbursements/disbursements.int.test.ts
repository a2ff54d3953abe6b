import crypto from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayAndCompare } from '#server/event-store/replay';
import { expectOnlyRefusals, raceCalls } from '#server/testing/assertions';
import { testDbKinds } from '#server/testing/test-db';
import { itRaces } from '#server/testing/requires';
import { createTestApp, type AppCaller, type TestApp } from '#server/testing/test-services';
import { HELP_OWN_REQUEST, HELP_REQUEST_NOT_FOUND, amountAboveBalance, CONTACT_NUMBER_REQUIRED, CONTACT_NUMBER_TOO_LONG, DISBURSEMENT_ALREADY_APPROVED, DISBURSEMENT_ID_TAKEN, INVALID_WITHDRAWAL_AMOUNT, NOT_THE_REQUESTER, UTR_USED } from '../help-request.decider.ts';
import { HELP_NOT_OPEN_FOR_GIFTS } from '../requests/help-reads.ts';
import { listDisbursements } from './disbursements.ts';
import type { TDisbursementQueue } from './disbursements.schema.ts';
import { helpAccessStreamId, helpStreamId } from '../help.events.ts';
import { publishedHelpRequest, submittedHelpRequest } from '../help.test-helper.ts';

const TODAY = '2031-07-01';
const RECENT = '2031-06-10';

/**
 * Money the foundation holds for a help request, end to end on each database (issue 14): gifts
 * through the foundation earmarked once verified and taken back when cancelled, the beneficiary's
 * withdrawals with the admin charge, finance's approval, details and payment, the public figures
 * they feed, every refusal writing nothing, replay equal to live, and the races on PostgreSQL.
 */
describe.each(testDbKinds())('help disbursements on %s', (kind) => {
  let app: TestApp;
  const clock = new Date(`${TODAY}T06:00:00.000Z`);
  let member: { userId: string; token: string };
  let memberCaller: AppCaller;
  let other: AppCaller;
  let verifier: AppCaller;
  let finance: AppCaller;
  let financeToken: string;
  let visitor: AppCaller;

  beforeAll(async () => {
    app = await createTestApp(kind, { now: () => clock });
    member = await app.account();
    memberCaller = await app.caller({ token: member.token });
    other = await app.caller({ token: (await app.account()).token });
    verifier = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['verification'] })).token });
    const cashier = await app.account({ role: 'admin', permissions: ['finance'] });
    financeToken = cashier.token;
    finance = await app.caller({ token: cashier.token });
    visitor = await app.caller();
  });
  afterAll(async () => {
    await app?.close();
  });

  async function writes(): Promise<number> {
    return app.eventCount();
  }

  let utrCounter = 0;
  const uniqueUtr = () => `${String(4_000_000_000_00 + process.pid * 1000 + (utrCounter += 1)).padStart(12, '0').slice(-12)}`;

  /** A gift through the foundation for the request, pledged by a visitor and verified by finance: its reference. */
  async function verifiedGift(requestId: string, amountPaise: number): Promise<string> {
    const email = `donor.${crypto.randomBytes(4).toString('hex')}@example.org`;
    const { reference } = await visitor.donations.create({ amountPaise, cause: 'general', donorName: 'Sunita Devi', email, showName: false, helpRequestId: requestId });
    await visitor.donations.submitProof({ reference, contact: email, utr: uniqueUtr() });
    await finance.donations.admin.verify({ reference, receivedOn: TODAY, mode: 'upi' });
    await app.runJobs();
    return reference;
  }

  /** A published request of the member's holding `amountPaise` through one verified gift. */
  async function fundedRequest(amountPaise: number): Promise<string> {
    const id = await publishedHelpRequest(app, member.token, verifier, RECENT);
    await verifiedGift(id, amountPaise);
    return id;
  }

  const ask = (id: string, amountPaise: number, contactNumber = '98765 43210', caller = memberCaller) =>
    caller.help.disbursements.request({ id, disbursementId: crypto.randomUUID(), amountPaise, contactNumber });

  it('earmarks a verified gift for its request under the request’s cause, and the request shows it raised', async () => {
    const id = await publishedHelpRequest(app, member.token, verifier, RECENT);
    const reference = await verifiedGift(id, 12_500_00);
    expect((await visitor.help.get({ id })).raisedPaise).toBe(12_500_00);
    const donation = await finance.donations.admin.get({ reference });
    expect(donation.cause).toBe('medical'); // the request's category, whatever the form sent
    expect(donation.helpRequestId).toBe(id);
    const held = await memberCaller.help.disbursements.get({ id });
    expect(held).toMatchObject({ earmarkedPaise: 12_500_00, availablePaise: 12_500_00, disbursements: [] });

    // The job delivered twice earmarks once.
    await app.runJobs();
    const earmarks = (await app.services.eventStore.readStream(helpStreamId(id))).filter((event) => event.type === 'HelpDonationEarmarked');
    expect(earmarks).toHaveLength(1);

    // A cancelled gift is taken back.
    await finance.donations.admin.cancel({ reference, reason: 'The cheque bounced' });
    await app.runJobs();
    expect((await memberCaller.help.disbursements.get({ id })).availablePaise).toBe(0);
    expect((await visitor.help.get({ id })).raisedPaise).toBe(0);
  });

  it('closes a request as funded with the gift that reaches the amount needed; its money stays to withdraw', async () => {
    const id = await publishedHelpRequest(app, member.token, verifier, RECENT, { amountNeeded: '3000' });
    await verifiedGift(id, 2_000_00);
    expect((await visitor.help.get({ id })).status).toBe('published');
    await verifiedGift(id, 1_000_00);
    expect(await visitor.help.get({ id })).toMatchObject({ status: 'closed', closedReason: 'funded', raisedPaise: 3_000_00 });
    const closes = (await app.services.eventStore.readStream(helpStreamId(id))).filter((event) => event.type === 'HelpRequestClosed');
    expect(closes).toHaveLength(1);
    expect((await memberCaller.help.disbursements.get({ id })).availablePaise).toBe(3_000_00);
  });

  it('refuses a gift for a request that is not published or is closed, writing nothing', async () => {
    const unpublished = await submittedHelpRequest(app, member.token, RECENT);
    const closed = await publishedHelpRequest(app, member.token, verifier, RECENT);
    await memberCaller.help.close({ id: closed });
    const pledge = { amountPaise: 500_00, cause: 'general' as const, donorName: 'Asha Rao', email: 'asha.rao@example.org', showName: false };
    const before = await writes();
    await expect(visitor.donations.create({ ...pledge, helpRequestId: unpublished })).rejects.toMatchObject({ code: 'NOT_FOUND', message: HELP_REQUEST_NOT_FOUND });
    await expect(visitor.donations.create({ ...pledge, helpRequestId: closed })).rejects.toMatchObject({ code: 'CONFLICT', message: HELP_NOT_OPEN_FOR_GIFTS });
    await expect(visitor.donations.create({ ...pledge, helpRequestId: 'not-an-id' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await writes()).toBe(before);
  });

  it('refuses bad withdrawals with the form’s messages and writes nothing; only the requester may ask or look', async () => {
    const id = await fundedRequest(1_000_00);
    const before = await writes();
    await expect(ask(id, 0)).rejects.toMatchObject({ code: 'BAD_REQUEST', message: INVALID_WITHDRAWAL_AMOUNT });
    await expect(ask(id, 1_000_01)).rejects.toMatchObject({ code: 'BAD_REQUEST', message: amountAboveBalance(1_000_00) });
    await expect(ask(id, 100_00, '')).rejects.toMatchObject({ code: 'BAD_REQUEST', message: CONTACT_NUMBER_REQUIRED });
    await expect(ask(id, 100_00, '1234567890123456')).rejects.toMatchObject({ code: 'BAD_REQUEST', message: CONTACT_NUMBER_TOO_LONG });
    await expect(ask(id, 100_00, '98765 43210', other)).rejects.toMatchObject({ code: 'FORBIDDEN', message: NOT_THE_REQUESTER });
    await expect(other.help.disbursements.get({ id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const rest = await request(app.http()).post(`/api/help/${id}/disbursements`).set({ Authorization: `Bearer ${member.token}` }).send({ amount: '10', contactNumber: '98765', extra: 1 });
    expect(rest.status).toBe(400);
    expect(await writes()).toBe(before);
  });

  it('takes a withdrawal from request to payment: the charge fixed when asked, details opened on record, the UTR used once, the public figures moved', async () => {
    const settingsAdmin = await app.caller({ token: (await app.account({ role: 'admin' })).token });
    const { version } = await settingsAdmin.site.settings.get();
    await settingsAdmin.site.settings.update({ expectedVersion: version, data: { disbursementChargeBasisPoints: 250 } });
    const countersBefore = await visitor.transparency.counters.get();
    const id = await fundedRequest(2_000_00);

    const created = await ask(id, 1_000_00);
    expect(created).toEqual({ id: expect.any(String), adminChargePaise: 25_00, netPaise: 975_00 });
    const held = await memberCaller.help.disbursements.get({ id });
    expect(held).toMatchObject({ earmarkedPaise: 2_000_00, availablePaise: 1_000_00, chargeBasisPoints: 250 });
    expect(held.disbursements).toEqual([expect.objectContaining({ disbursementId: created.id, amountPaise: 1_000_00, adminChargePaise: 25_00, netPaise: 975_00, status: 'requested', utr: null })]);

    const queue = await finance.help.admin.disbursements.getMany({});
    expect(queue.disbursements.map((entry) => entry.disbursementId)).toContain(created.id);
    await expect(memberCaller.help.admin.disbursements.getMany({})).rejects.toMatchObject({ code: 'FORBIDDEN' });

    const details = await request(app.http()).get(`/api/admin/disbursements/${created.id}/details`).set({ Authorization: `Bearer ${financeToken}` });
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({ beneficiaryName: 'Ramesh Kumar', upiId: 'ramesh.kumar@okbank', contactNumber: '98765 43210', bankName: null });
    expect((await app.services.eventStore.readStream(helpAccessStreamId(id))).map((event) => event.type)).toContain('HelpDisbursementDetailsViewed');

    expect(await finance.help.admin.disbursements.approve({ disbursementId: created.id })).toEqual({ disbursementId: created.id, status: 'approved' });
    const utr = uniqueUtr();
    expect(await finance.help.admin.disbursements.markPaid({ disbursementId: created.id, utr, paidOn: TODAY })).toEqual({ disbursementId: created.id, status: 'paid' });
    // The beneficiary sees the payment's UTR, to find it on their bank statement (issue 32), on the page and over REST.
    expect((await memberCaller.help.disbursements.get({ id })).disbursements).toEqual([expect.objectContaining({ disbursementId: created.id, status: 'paid', paidOn: TODAY, utr })]);
    const restHeld = await request(app.http()).get(`/api/help/${id}/disbursements`).set({ Authorization: `Bearer ${member.token}` });
    expect(restHeld.body.disbursements).toEqual([expect.objectContaining({ id: created.id, status: 'paid', utr })]);

    // The same UTR for another withdrawal is refused; nothing written.
    const second = await ask(id, 500_00);
    await finance.help.admin.disbursements.approve({ disbursementId: second.id });
    const before = await writes();
    await expect(finance.help.admin.disbursements.markPaid({ disbursementId: second.id, utr, paidOn: TODAY })).rejects.toMatchObject({ code: 'CONFLICT', message: UTR_USED });
    expect(await writes()).toBe(before);

    // The transparency page's disbursed figures and the People Helped counter (async projections).
    await app.runJobs();
    const counters = await visitor.transparency.counters.get();
    expect(counters.peopleHelped).toBe(countersBefore.peopleHelped + 1);
    const transparency = await visitor.transparency.report.get({});
    expect(transparency.causes.find((cause) => cause.cause === 'medical')?.disbursedPaise).toBeGreaterThanOrEqual(975_00);
    // And on its list of payments out: what reached the beneficiary, nobody named.
    expect(transparency.payments.items).toContainEqual({ paidOn: TODAY, amountPaise: 975_00, cause: 'medical', scheme: 'help' });
    expect(JSON.stringify(transparency)).not.toContain('Ramesh');
  });

  it('names a withdrawal by its ID in any case, and refuses one ID for two requests', async () => {
    const id = await fundedRequest(1_000_00);
    const key = crypto.randomUUID().toUpperCase();
    const asked = await request(app.http()).post(`/api/help/${id}/disbursements`).set({ Authorization: `Bearer ${member.token}`, 'Idempotency-Key': key }).send({ amount: 100, contactNumber: '98765' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect(asked.body.id).toBe(key.toLowerCase());
    expect(await finance.help.admin.disbursements.approve({ disbursementId: key })).toEqual({ disbursementId: key.toLowerCase(), status: 'approved' });
    // The same ID again in the other case is the same withdrawal: nothing more reserved.
    await memberCaller.help.disbursements.request({ id, disbursementId: key.toLowerCase(), amountPaise: 100_00, contactNumber: '98765' });
    expect((await memberCaller.help.disbursements.get({ id })).availablePaise).toBe(900_00);
    // The ID on another request is refused, writing nothing.
    const second = await fundedRequest(500_00);
    const before = await writes();
    await expect(memberCaller.help.disbursements.request({ id: second, disbursementId: key, amountPaise: 100_00, contactNumber: '98765' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: DISBURSEMENT_ID_TAKEN,
    });
    expect(await writes()).toBe(before);
  });

  it('lets no finance admin decide on a withdrawal for their own help request', async () => {
    const cashier = await app.account({ role: 'admin', permissions: ['finance'] });
    const id = await publishedHelpRequest(app, cashier.token, verifier, RECENT);
    await verifiedGift(id, 300_00);
    const own = await app.caller({ token: cashier.token });
    const { id: disbursementId } = await ask(id, 100_00, '98765 43210', own);
    await expect(own.help.admin.disbursements.approve({ disbursementId })).rejects.toMatchObject({ code: 'FORBIDDEN', message: HELP_OWN_REQUEST });
  });

  it('lets no finance admin mark their own withdrawal paid, once another has approved it; writing nothing, over tRPC or REST', async () => {
    const cashier = await app.account({ role: 'admin', permissions: ['finance'] });
    const id = await publishedHelpRequest(app, cashier.token, verifier, RECENT);
    await verifiedGift(id, 300_00);
    const own = await app.caller({ token: cashier.token });
    const { id: disbursementId } = await ask(id, 100_00, '98765 43210', own);
    expect(await finance.help.admin.disbursements.approve({ disbursementId })).toEqual({ disbursementId, status: 'approved' });
    const before = await writes();

    await expect(own.help.admin.disbursements.markPaid({ disbursementId, utr: uniqueUtr(), paidOn: TODAY })).rejects.toMatchObject({ code: 'FORBIDDEN', message: HELP_OWN_REQUEST });
    const rest = await request(app.http()).post(`/api/admin/disbursements/${disbursementId}/paid`).set({ Authorization: `Bearer ${cashier.token}` }).send({ utr: uniqueUtr(), paidOn: TODAY });
    expect([rest.status, rest.body.message]).toEqual([403, HELP_OWN_REQUEST]);
    expect(await writes()).toBe(before);
    expect((await own.help.disbursements.get({ id })).disbursements).toEqual([expect.objectContaining({ disbursementId, status: 'approved', paidOn: null })]);

    // Another finance admin may.
    expect(await finance.help.admin.disbursements.markPaid({ disbursementId, utr: uniqueUtr(), paidOn: TODAY })).toEqual({ disbursementId, status: 'paid' });
  });

  it('lists what waits oldest first and what is done newest first, and says when more are in a state than are listed', async () => {
    const id = await fundedRequest(1_000_00);
    const at = (time: string) => clock.setTime(Date.parse(time));
    const mine: string[] = [];
    const rejected: string[] = [];
    try {
      // Asked at 07:00, 08:00 and 09:00 (the other tests ask at 06:00).
      for (const hour of ['07', '08', '09']) {
        at(`${TODAY}T${hour}:00:00.000Z`);
        mine.push((await ask(id, 100_00)).id);
      }
      for (const disbursementId of mine) await finance.help.admin.disbursements.approve({ disbursementId });
      at(`${TODAY}T10:00:00.000Z`);
      await finance.help.admin.disbursements.markPaid({ disbursementId: mine[1]!, utr: uniqueUtr(), paidOn: TODAY });
      await finance.help.admin.disbursements.markPaid({ disbursementId: mine[2]!, utr: uniqueUtr(), paidOn: TODAY });
      // The first asked is paid a day later: paid last, it heads the record of payments.
      at('2031-07-02T10:00:00.000Z');
      await finance.help.admin.disbursements.markPaid({ disbursementId: mine[0]!, utr: uniqueUtr(), paidOn: '2031-07-02' });
      // Three more wait.
      for (const hour of ['07', '08', '09']) {
        at(`2031-07-02T${hour}:30:00.000Z`);
        mine.push((await ask(id, 100_00)).id);
      }
      // Two more, asked at 10:30 and 11:30, are rejected in the order asked: the later asked heads the rejected.
      for (const hour of ['10', '11']) {
        at(`2031-07-02T${hour}:30:00.000Z`);
        rejected.push((await ask(id, 100_00)).id);
      }
      for (const disbursementId of rejected) await finance.help.admin.disbursements.reject({ disbursementId, reason: 'The account number does not match' });
    } finally {
      at(`${TODAY}T06:00:00.000Z`);
    }
    const ids = (list: TDisbursementQueue) => list.disbursements.map((entry) => entry.disbursementId);
    const mineIn = (list: TDisbursementQueue) => ids(list).filter((disbursementId) => mine.includes(disbursementId));

    const paid = await listDisbursements(app.services, { status: 'paid' });
    expect(paid.hasMore).toBe(false);
    expect(ids(paid).slice(0, 3)).toEqual([mine[0], mine[2], mine[1]]);
    const paidDays = paid.disbursements.map((entry) => entry.paidOn ?? '');
    expect(paidDays).toEqual([...paidDays].sort().reverse());

    const waiting = await listDisbursements(app.services, { status: 'requested' });
    expect(mineIn(waiting)).toEqual(mine.slice(3));
    const asked = waiting.disbursements.map((entry) => entry.requestedAt);
    expect(asked).toEqual([...asked].sort());

    const refused = await listDisbursements(app.services, { status: 'rejected' });
    expect(ids(refused).filter((disbursementId) => rejected.includes(disbursementId))).toEqual([rejected[1], rejected[0]]);
    const refusedAsked = refused.disbursements.map((entry) => entry.requestedAt);
    expect(refusedAsked).toEqual([...refusedAsked].sort().reverse());

    // Cut to two: the first two of the whole list, and a word that more are there.
    for (const [status, whole] of [['paid', paid], ['requested', waiting]] as const) {
      expect(whole.disbursements.length).toBeGreaterThan(2);
      const cut = await listDisbursements(app.services, { status }, 2);
      expect([ids(cut), cut.hasMore]).toEqual([ids(whole).slice(0, 2), true]);
      expect((await listDisbursements(app.services, { status }, whole.disbursements.length)).hasMore).toBe(false);
    }
    // Through the API, as finance's page asks.
    expect(await finance.help.admin.disbursements.getMany({ status: 'paid' })).toEqual(paid);
  });

  it('replays into the same read models', async () => {
    for (const name of ['help_requests', 'site_counters', 'site_transparency']) {
      for (const projection of await replayAndCompare(app.services, name)) expect(projection.differences, projection.projection).toEqual([]);
    }
  });

  itRaces(kind, 'races: two withdrawals for the last rupees, one wins; two admins approving at once, one approval; the balance never below zero', async () => {
    const id = await fundedRequest(1_000_00);
    const asks = await raceCalls(6, () => ask(id, 600_00));
    expect(asks.succeeded).toHaveLength(1);
    expectOnlyRefusals(asks.refusals, [['BAD_REQUEST', amountAboveBalance(400_00)]]);
    const held = await memberCaller.help.disbursements.get({ id });
    expect(held.availablePaise).toBe(400_00);

    const otherCashier = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['finance'] })).token });
    const disbursementId = asks.succeeded[0]!.id;
    const approvals = await raceCalls(6, (index) => (index % 2 === 0 ? finance : otherCashier).help.admin.disbursements.approve({ disbursementId }));
    expectOnlyRefusals(approvals.refusals, [['CONFLICT', DISBURSEMENT_ALREADY_APPROVED]]);
    const approved = (await app.services.eventStore.readStream(helpStreamId(id))).filter((event) => event.type === 'DisbursementApproved');
    expect(approved).toHaveLength(1);
  });
});
