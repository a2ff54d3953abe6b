import request from 'supertest';
import { replayAndCompare } from '#server/event-store/replay';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rejection } from '#server/testing/assertions';
import { readOutbox } from '#server/testing/outbox';
import { type SignedWebhook, type TestRazorpayGateway } from '#server/testing/razorpay-gateway';
import { createGatewayTestApp } from '#server/testing/gateway-test-app';
import { testDbKinds } from '#server/testing/test-db';
import { type TestApp } from '#server/testing/test-services';
import { contactKeyOf } from '../donor-keys.ts';
import { expectNothingWritten, expectOnlyDeliveriesRecorded, lastPosition, recordedSince, uniqueDonor, writes } from '../donations.test-helper.ts';
import { MONTHLY_DAY_FIXED_BY_MANDATE } from './monthly-plan.decider.ts';
import { manageTokenOf } from './monthly-plans.ts';

/**
 * Monthly giving through Razorpay Subscriptions (issue 33, decision 079), against the local gateway
 * in testing/: the plan and subscription, signed subscription.* webhooks, one donation and one
 * receipt per charge, halted and cancelled shown to the donor and finance, and the donor's changes
 * passed on to the gateway.
 */
const CALLS = 10;

describe.each(testDbKinds())('monthly giving through the gateway on %s', (kind) => {
  let gateway: TestRazorpayGateway;
  let app: TestApp;
  let http: ReturnType<TestApp['http']>;
  const clock = new Date('2032-01-03T06:00:00.000Z');

  beforeAll(async () => {
    ({ gateway, app } = await createGatewayTestApp(kind, { now: () => clock }));
    http = app.http();
  });
  afterAll(async () => {
    await app?.close();
    await gateway?.close();
  });
  beforeEach(() => {
    gateway.failWith = null;
  });

  function deliver(webhook: SignedWebhook) {
    return request(http).post('/api/payments/razorpay/webhook').set(webhook.headers).send(webhook.body);
  }
  /** A first delivery: answered `received` at once, then handled by its job (decision 083). */
  async function deliverAndHandle(webhook: SignedWebhook): Promise<void> {
    const res = await deliver(webhook);
    expect([res.status, res.body]).toEqual([200, { status: 'received' }]);
    await app.runJobs();
  }

  async function start(amountPaise = 50_000) {
    const donor = uniqueDonor('autopay');
    const answer = await (await app.caller()).donations.monthly.start({ amountPaise, dayOfMonth: 10, cause: 'medical', donorName: 'Asha Autopay', email: donor.email, showName: false });
    const { rows } = await app.services.db.query<{ plan_id: string }>(`SELECT plan_id::text FROM monthly_plans WHERE $1 = ANY(contact_keys)`, [
      contactKeyOf((purpose, value) => app.services.vault.blindIndex(purpose, value), donor.email),
    ]);
    const planId = rows[0]!.plan_id;
    return { answer, planId, token: manageTokenOf(app.services.vault, planId), email: donor.email, subscriptionId: answer.razorpay!.subscriptionId };
  }

  const typesOn = async (stream: string) => (await app.services.eventStore.readStream(stream)).map((event) => event.type);

  it('starts a subscription of a plan of the amount, charging monthly from the chosen day at 10:00 in India; the answer opens Checkout on it', async () => {
    const { answer, planId, subscriptionId } = await start();
    expect(answer).toEqual({ amountPaise: 50_000, dayOfMonth: 10, linkSentBy: 'email', firstOn: '2032-01-10', razorpay: { subscriptionId, keyId: gateway.config.keyId } });
    const subscription = gateway.subscriptions.get(subscriptionId)!;
    expect(subscription).toMatchObject({ status: 'created', start_at: Date.parse('2032-01-10T04:30:00.000Z') / 1000, total_count: 120, notes: { monthlyPlan: planId } });
    expect(gateway.plans.get(subscription.plan_id)).toMatchObject({ period: 'monthly', interval: 1, item: { amount: 50_000, currency: 'INR' } });
    expect(await typesOn(`monthly-plan-${planId}`)).toEqual(['MonthlyPlanStarted', 'MonthlySubscriptionCreated']);
  });

  it('without the gateway answering, the plan sends reminders instead', async () => {
    gateway.failWith = 503;
    const donor = uniqueDonor('fallback');
    const answer = await (await app.caller()).donations.monthly.start({ amountPaise: 50_000, dayOfMonth: 10, cause: 'medical', donorName: 'Asha', email: donor.email, showName: false });
    expect(answer.razorpay).toBeUndefined();
    expect((await app.services.db.query(`SELECT kind FROM monthly_plans WHERE $1 = ANY(contact_keys)`, [contactKeyOf((p, v) => app.services.vault.blindIndex(p, v), donor.email)])).rows).toEqual([{ kind: 'reminder' }]);
  });

  it('each charge verifies its own donation with its own receipt; the states show to the donor; a forged, unknown or repeated notice records nothing', async () => {
    const { planId, token, subscriptionId, email } = await start();
    const subscription = gateway.authorise(subscriptionId);
    await deliverAndHandle(gateway.subscriptionWebhook('subscription.authenticated', subscription));
    const first = gateway.charge(subscriptionId);
    await deliverAndHandle(gateway.subscriptionWebhook('subscription.activated', subscription));
    await deliverAndHandle(gateway.subscriptionWebhook('subscription.charged', subscription, { payment: first }));
    const second = gateway.charge(subscriptionId);
    await deliverAndHandle(gateway.subscriptionWebhook('subscription.charged', subscription, { payment: second }));
    const charges = (await app.services.eventStore.readStream(`monthly-plan-${planId}`)).filter((event) => event.type === 'MonthlyGiftCharged').map((event) => event.data as { reference: string; paymentId: string });
    expect(charges.map((charge) => charge.paymentId)).toEqual([first.id, second.id]);
    const serials = [];
    for (const charge of charges) {
      const events = await app.services.eventStore.readStream(`donation-${charge.reference}`);
      // The first month's receipt is drawn by the jobs run after the second month's delivery.
      expect(events.map((event) => event.type).filter((type) => type !== 'ReceiptRendered')).toEqual(['DonationPledged', 'DonationVerified']);
      const verified = events[1]!.data as { mode: string; paymentId: string; amountPaise: number; receipt: { serial: string } };
      expect(verified).toMatchObject({ mode: 'online', paymentId: charge.paymentId, amountPaise: 50_000 });
      serials.push(verified.receipt.serial);
    }
    expect(new Set(serials).size).toBe(2);
    expect(await (await app.caller()).donations.monthly.get({ token })).toMatchObject({ status: 'active', kind: 'gateway', subscriptionStatus: 'active', gifts: 2 });

    await app.runJobs();
    // Nothing written: a forged signature (400). Nothing but their own records (decision 083): a
    // subscription of no plan of ours, a repeat of a charge or a state under another event ID.
    const before = await writes(app);
    const position = await lastPosition(app);
    const forged = gateway.subscriptionWebhook('subscription.charged', subscription, { payment: gateway.charge(subscriptionId) });
    expect((await deliver({ ...forged, headers: { ...forged.headers, 'X-Razorpay-Signature': '0'.repeat(64) } })).status).toBe(400);
    await expectNothingWritten(app, before);
    const stranger = { ...subscription, id: 'sub_NotOurs000001' };
    await deliverAndHandle(gateway.subscriptionWebhook('subscription.halted', stranger));
    await deliverAndHandle(gateway.subscriptionWebhook('subscription.charged', subscription, { payment: first }));
    await deliverAndHandle(gateway.subscriptionWebhook('subscription.activated', subscription));
    await expectOnlyDeliveriesRecorded(app, before, position, 3);
    const repeat = gateway.subscriptionWebhook('subscription.activated', subscription);
    await deliverAndHandle(repeat);
    expect((await deliver(repeat)).body).toEqual({ status: 'duplicate' });
    await expectOnlyDeliveriesRecorded(app, before, position, 4);

    // Halted: the donor is told, and finance sees it first.
    await app.runJobs();
    const mailsBefore = readOutbox(app.dataDir).filter((mail) => mail.text.includes(`To: ${email}`)).length;
    await deliverAndHandle(gateway.subscriptionWebhook('subscription.halted', gateway.halt(subscriptionId)));
    await app.runJobs();
    const told = readOutbox(app.dataDir).filter((mail) => mail.text.includes(`To: ${email}`)).slice(mailsBefore);
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('could not be collected');
    expect(told[0]!.text).toContain(`/donate/monthly#${token}`);
    const finance = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['finance'] })).token });
    const list = await finance.donations.admin.monthlyPlans({ status: 'halted' });
    expect(list.plans.map((plan) => [plan.planId, plan.subscriptionStatus])).toContainEqual([planId, 'halted']);
    expect(list.counts.halted).toBeGreaterThanOrEqual(1);

    // Cancelled at the bank or in the dashboard: the plan stops, and the donor sees it stopped by the gateway.
    await deliverAndHandle(gateway.subscriptionWebhook('subscription.cancelled', gateway.cancelInDashboard(subscriptionId)));
    expect(await (await app.caller()).donations.monthly.get({ token })).toMatchObject({ status: 'stopped', stoppedBy: 'gateway', subscriptionStatus: 'cancelled' });
  });

  it('race: ten identical subscription.charged deliveries at once are one donation, one serial and one receipt mail', async () => {
    const { planId, subscriptionId, email } = await start(70_000);
    const subscription = gateway.authorise(subscriptionId);
    await app.runJobs();
    const webhook = gateway.subscriptionWebhook('subscription.charged', subscription, { payment: gateway.charge(subscriptionId) });
    const position = await lastPosition(app);
    const answers = await Promise.all(Array.from({ length: CALLS }, () => deliver(webhook)));
    expect(answers.map((res) => res.status)).toEqual(Array(CALLS).fill(200));
    expect(answers.filter((res) => res.body.status === 'received')).toHaveLength(1);
    expect(answers.filter((res) => res.body.status === 'duplicate')).toHaveLength(CALLS - 1);
    expect(await recordedSince(app, position)).toEqual(['GatewayEventReceived']);
    await app.runJobs();
    const charges = (await app.services.eventStore.readStream(`monthly-plan-${planId}`)).filter((event) => event.type === 'MonthlyGiftCharged');
    expect(charges).toHaveLength(1);
    const reference = (charges[0]!.data as { reference: string }).reference;
    const { rows } = await app.services.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM events WHERE type = 'ReceiptSerialAllocated' AND data->>'reference' = $1`, [reference]);
    expect(rows[0]!.n).toBe(1);
    const { rows: pledges } = await app.services.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM events WHERE type = 'DonationPledged' AND data->>'monthlyPlanId' = $1`, [planId]);
    expect(pledges[0]!.n).toBe(1);
    await app.runJobs();
    const receiptMails = readOutbox(app.dataDir).filter((mail) => mail.text.includes(`To: ${email}`) && /^Subject: .*Donation_receipt/m.test(mail.text));
    expect(receiptMails).toHaveLength(1);
    // The month's receipt carries the plan's manage link, as every message of the plan does.
    expect(receiptMails[0]!.text).toContain(`/donate/monthly#${manageTokenOf(app.services.vault, planId)}`);
  });

  it('finance refunds one month’s charge like any online gift: refund.processed cancels that month’s donation only', async () => {
    const { planId, subscriptionId, token } = await start(30_000);
    const subscription = gateway.authorise(subscriptionId);
    for (let month = 0; month < 2; month += 1) await deliverAndHandle(gateway.subscriptionWebhook('subscription.charged', subscription, { payment: gateway.charge(subscriptionId) }));
    const [first, second] = (await app.services.eventStore.readStream(`monthly-plan-${planId}`)).filter((event) => event.type === 'MonthlyGiftCharged').map((event) => (event.data as { reference: string }).reference);
    const finance = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['finance'] })).token });
    const answer = await finance.donations.admin.refund({ reference: first!, reason: 'The donor asked for this month back' });
    const refund = gateway.settleRefund(answer.refundId, 'processed');
    await deliverAndHandle(gateway.refundWebhook('refund.processed', refund));
    expect((await finance.donations.admin.get({ reference: first! })).status).toBe('cancelled');
    expect((await finance.donations.admin.get({ reference: second! })).status).toBe('verified');
    expect(await (await app.caller()).donations.monthly.get({ token })).toMatchObject({ status: 'active', gifts: 2 });
  });

  it('the donor’s pause, resume, new amount and stop reach the gateway once each; the day stays the mandate’s', async () => {
    const { token, subscriptionId } = await start(40_000);
    gateway.authorise(subscriptionId);
    gateway.charge(subscriptionId);
    const visitor = await app.caller();
    const calls = (action: string) => gateway.requests.filter((req) => req.path === `/v1/subscriptions/${subscriptionId}/${action}`).length;

    await Promise.all(Array.from({ length: CALLS }, async () => (await app.caller()).donations.monthly.manage({ token, change: { action: 'pause' } })));
    await app.runJobs();
    expect([gateway.subscriptions.get(subscriptionId)!.status, calls('pause')]).toEqual(['paused', 1]);
    await visitor.donations.monthly.manage({ token, change: { action: 'resume' } });
    await app.runJobs();
    expect([gateway.subscriptions.get(subscriptionId)!.status, calls('resume')]).toEqual(['active', 1]);

    await visitor.donations.monthly.manage({ token, change: { action: 'change', amountPaise: 90_000 } });
    await app.runJobs();
    expect(gateway.plans.get(gateway.subscriptions.get(subscriptionId)!.plan_id)!.item.amount).toBe(90_000);

    const before = await writes(app);
    const error = await rejection(visitor.donations.monthly.manage({ token, change: { action: 'change', dayOfMonth: 3 } }));
    expect([error.code, error.message]).toEqual(['BAD_REQUEST', MONTHLY_DAY_FIXED_BY_MANDATE]);
    await expectNothingWritten(app, before);

    await visitor.donations.monthly.manage({ token, change: { action: 'stop' } });
    await app.runJobs();
    expect([gateway.subscriptions.get(subscriptionId)!.status, calls('cancel')]).toEqual(['cancelled', 1]);
    for (const projection of await replayAndCompare(app.services)) expect(projection.differences, projection.projection).toEqual([]);
  });
});
