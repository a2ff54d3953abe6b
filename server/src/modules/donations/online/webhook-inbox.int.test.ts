import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { raceCalls } from '#server/testing/assertions';
import { readOutbox } from '#server/testing/outbox';
import { type FakePayment, type SignedWebhook, type TestRazorpayGateway } from '#server/testing/razorpay-gateway';
import { createGatewayTestApp } from '#server/testing/gateway-test-app';
import { testDbKinds } from '#server/testing/test-db';
import { type TestApp } from '#server/testing/test-services';
import { razorpaySignature } from '../donations.api.ts';
import { contactKeyOf } from '../donor-keys.ts';
import type { GatewayEventReceived } from '../donations.events.ts';
import { expectNothingWritten, lastPosition, pledgeInput, recordedSince, uniqueDonor, writes } from '../donations.test-helper.ts';
import { eraseDonation } from '../erase-donation.ts';
import { manageTokenOf } from '../monthly/monthly-plans.ts';
import { handleRazorpayWebhook, processRazorpayDelivery, WEBHOOK_BODY_INVALID } from './online-payments.ts';

/**
 * A hostile review of the webhook inbox (issue 33, decision 083): the page's callback and the
 * delivery's job at once, a job run again after its commit, deliveries handled in another order
 * than the gateway's, the endpoint's edges, and the payer's details kept out of events and logs.
 * The job is also called here directly (as a second worker or a retry would run it), beside the
 * queue's own run of it.
 */
const CALLS = 9;

describe.each(testDbKinds())('the webhook inbox under attack on %s', (kind) => {
  let gateway: TestRazorpayGateway;
  let app: TestApp;
  let http: ReturnType<TestApp['http']>;

  beforeAll(async () => {
    ({ gateway, app } = await createGatewayTestApp(kind));
    http = app.http();
  });
  afterAll(async () => {
    await app?.close();
    await gateway?.close();
  });
  beforeEach(() => {
    gateway.failWith = null;
  });

  const typesOn = async (stream: string) => (await app.services.eventStore.readStream(stream)).map((event) => event.type);
  const donationTypes = (reference: string) => typesOn(`donation-${reference.replace('-', '')}`);

  async function pledge(amountPaise = 125_000): Promise<{ reference: string; orderId: string; email: string }> {
    const input = pledgeInput({ amountPaise });
    const pay = await (await app.caller()).donations.create(input);
    if (!pay.razorpay) throw new Error('the pledge made no order');
    return { reference: pay.reference.replace('-', ''), orderId: pay.razorpay.orderId, email: input.email! };
  }

  function deliver(webhook: SignedWebhook) {
    return request(http).post('/api/payments/razorpay/webhook').set(webhook.headers).send(webhook.body);
  }

  function signedBody(body: string, eventId?: string): SignedWebhook {
    return {
      body,
      headers: { 'Content-Type': 'application/json', 'X-Razorpay-Signature': razorpaySignature(body, gateway.config.webhookSecret), ...(eventId === undefined ? {} : { 'x-razorpay-event-id': eventId }) },
    };
  }

  /** Delivers it (answered `received`) and gives back what it recorded, for running its job by hand. */
  async function record(webhook: SignedWebhook): Promise<GatewayEventReceived['data']> {
    const res = await deliver(webhook);
    expect([res.status, res.body]).toEqual([200, { status: 'received' }]);
    const eventId = webhook.headers['x-razorpay-event-id']!;
    const [received] = await app.services.eventStore.readStream(`razorpay-event-${eventId}`);
    return received!.data as GatewayEventReceived['data'];
  }

  /** The delivery's job, run as a retry or a second worker runs it. */
  function runJob(received: GatewayEventReceived['data'], services: Parameters<typeof processRazorpayDelivery>[0] = app.services) {
    return processRazorpayDelivery(services, received, { actor: 'razorpay', correlationId: `review-${received.eventId}` });
  }

  async function serialsOf(reference: string): Promise<number> {
    const { rows } = await app.services.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM events WHERE type = 'ReceiptSerialAllocated' AND data->>'reference' = $1`, [reference]);
    return rows[0]!.n;
  }

  function receiptMails(email: string) {
    return readOutbox(app.dataDir).filter((mail) => mail.text.includes(`To: ${email}`) && /^Subject: .*Donation_receipt/m.test(mail.text));
  }

  // ---- the page's callback and the jobs ----

  it('race: the page’s callbacks and the jobs of payment.captured and order.paid, each run several times at once, are one verification, one serial and one mail', async () => {
    const { reference, orderId, email } = await pledge();
    const payment = gateway.pay(orderId);
    const captured = await record(gateway.webhook('payment.captured', payment));
    const paid = await record(gateway.webhook('order.paid', payment));
    const { succeeded, refusals } = await raceCalls(CALLS, async (index) =>
      index % 3 === 0 ? (await app.caller()).donations.confirmOnlinePayment(gateway.checkoutResult(payment)) : runJob(index % 3 === 1 ? captured : paid),
    );
    expect(refusals).toEqual([]);
    // The queue's own runs of both jobs come after: nothing more.
    await app.runJobs();
    await app.runJobs();
    expect(await donationTypes(reference)).toEqual(['DonationPledged', 'DonationOrderCreated', 'DonationVerified', 'ReceiptRendered']);
    expect(await serialsOf(reference)).toBe(1);
    const [verified] = (await app.services.eventStore.readStream(`donation-${reference}`)).filter((event) => event.type === 'DonationVerified');
    const serial = (verified!.data as { receipt: { serial: string } }).receipt.serial;
    for (const answer of succeeded) if (typeof answer === 'object') expect(answer.receiptSerial).toBe(serial);
    expect(succeeded.filter((answer) => answer === 'verified').length).toBeLessThanOrEqual(1);
    expect(receiptMails(email)).toHaveLength(1);
  });

  it('a delivery’s job run again after its commit (a retry, a second worker) records nothing: payment, failure, refund', async () => {
    const { reference, orderId } = await pledge();
    const failed = await record(gateway.webhook('payment.failed', gateway.fail(orderId)));
    const payment = gateway.pay(orderId);
    const captured = await record(gateway.webhook('payment.captured', payment));
    expect(await runJob(failed)).toBe('failure-recorded');
    expect(await runJob(captured)).toBe('verified');
    const refund = gateway.settleRefund(gateway.refundInDashboard(payment.id).id);
    const refunded = await record(gateway.refundWebhook('refund.processed', refund));
    expect(await runJob(refunded)).toBe('refunded');
    await app.runJobs();
    const position = await lastPosition(app);
    const again = await Promise.all([runJob(failed), runJob(captured), runJob(refunded), runJob(captured), runJob(refunded)]);
    expect(again).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);
    await app.runJobs();
    expect(await recordedSince(app, position)).toEqual([]);
    expect((await donationTypes(reference)).filter((type) => type === 'DonationVerified' || type === 'DonationRefundProcessed' || type === 'DonationCancelled' || type === 'OnlinePaymentFailed')).toEqual([
      'OnlinePaymentFailed',
      'DonationVerified',
      'DonationRefundProcessed',
      'DonationCancelled',
    ]);
    expect(await serialsOf(reference)).toBe(1);
  });

  it('a job whose gateway fails partway (the refund’s payment asked for) records nothing, and its next run handles it once', async () => {
    const { reference, orderId } = await pledge();
    const payment = gateway.pay(orderId);
    await record(gateway.webhook('payment.captured', payment));
    await app.runJobs();
    const refund = gateway.settleRefund(gateway.refundInDashboard(payment.id).id);
    // Without its payment in the body, the job asks the gateway for the payment, then its order.
    const body = JSON.stringify({ entity: 'event', event: 'refund.processed', contains: ['refund'], payload: { refund: { entity: { ...refund, notes: [] } } }, created_at: 1 });
    const eventId = `evt_Partway${Date.now()}`;
    const received = await record(signedBody(body, eventId));
    const position = await lastPosition(app);
    gateway.failWith = 503;
    await expect(runJob(received)).rejects.toThrow();
    expect(await recordedSince(app, position)).toEqual([]);
    gateway.failWith = null;
    expect(await runJob(received)).toBe('refunded');
    expect(await runJob(received)).toBe('duplicate');
    await app.runJobs();
    expect((await donationTypes(reference)).filter((type) => type === 'DonationRefundProcessed' || type === 'DonationCancelled')).toEqual(['DonationRefundProcessed', 'DonationCancelled']);
  });

  it('a payment of a pledge erased before its job ran still verifies it (the money came), once, with nothing of the donor to read', async () => {
    const { reference, orderId, email } = await pledge();
    const payment = gateway.pay(orderId);
    const captured = await record(gateway.webhook('payment.captured', payment));
    const admin = await app.account({ role: 'admin', permissions: ['finance'] });
    await eraseDonation(app.services, { reference, reason: 'The donor asked to be forgotten' }, { actor: admin.userId, correlationId: 'review-erase' });
    await app.runJobs();
    expect(await runJob(captured)).toBe('duplicate');
    await app.runJobs();
    // Verified with its serial, so the accounts add up; no receipt drawn or mailed for a donor erased.
    expect(await donationTypes(reference)).toEqual(['DonationPledged', 'DonationOrderCreated', 'PersonalDataErased', 'DonationVerified']);
    expect(await serialsOf(reference)).toBe(1);
    expect(receiptMails(email)).toHaveLength(0);
  });

  // ---- refunds in another order ----

  it('refund.processed handled before its payment’s verification job: the job is retried, not completed, and the gift ends cancelled, not receipted', async () => {
    const { reference, orderId } = await pledge();
    const payment = gateway.pay(orderId);
    const captured = await record(gateway.webhook('payment.captured', payment));
    const refund = gateway.settleRefund(gateway.refundInDashboard(payment.id).id);
    const refunded = await record(gateway.refundWebhook('refund.processed', refund));
    const position = await lastPosition(app);
    // The refund's job first (four run at once; the payment's may be retrying at a gateway that was down).
    await expect(runJob(refunded)).rejects.toThrow(/not verified yet/);
    expect(await recordedSince(app, position)).toEqual([]);
    expect(await runJob(captured)).toBe('verified');
    expect(await runJob(refunded)).toBe('refunded');
    await app.runJobs();
    expect((await donationTypes(reference)).filter((type) => type !== 'ReceiptRendered')).toEqual(['DonationPledged', 'DonationOrderCreated', 'DonationVerified', 'DonationRefundProcessed', 'DonationCancelled']);
  });

  it('an instant refund delivered just after its payment: the queue’s two jobs at once end with the gift cancelled and no job given up', async () => {
    const pledges = await Promise.all(Array.from({ length: 3 }, () => pledge()));
    for (const { orderId } of pledges) {
      const payment = gateway.pay(orderId);
      await record(gateway.webhook('payment.captured', payment));
      await record(gateway.refundWebhook('refund.processed', gateway.settleRefund(gateway.refundInDashboard(payment.id).id)));
    }
    await app.runJobs();
    await app.runJobs();
    for (const { reference } of pledges) {
      expect((await donationTypes(reference)).filter((type) => type !== 'ReceiptRendered')).toEqual(['DonationPledged', 'DonationOrderCreated', 'DonationVerified', 'DonationRefundProcessed', 'DonationCancelled']);
    }
    const { rows } = await app.services.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM job_failures WHERE handler = 'process-razorpay-event'`);
    expect(rows[0]!.n).toBe(0);
  });

  it('a refund of a flagged payment (another amount) before anything verified is ignored at once, as before: finance gives such money back', async () => {
    const { reference, orderId } = await pledge();
    const payment = gateway.pay(orderId, { amount: 99_900 });
    await record(gateway.webhook('payment.captured', payment));
    await app.runJobs();
    expect(await app.services.eventStore.readStream(`online-payment-${payment.id}`)).toHaveLength(1);
    const refunded = await record(gateway.refundWebhook('refund.processed', gateway.settleRefund(gateway.refundInDashboard(payment.id).id)));
    expect(await runJob(refunded)).toBe('ignored');
    expect(await donationTypes(reference)).toEqual(['DonationPledged', 'DonationOrderCreated']);
  });

  it('refund.failed, then a refund processed: the gift is refundable again after the failure and ends cancelled once', async () => {
    const { reference, orderId } = await pledge();
    const payment = gateway.pay(orderId);
    await record(gateway.webhook('payment.captured', payment));
    await app.runJobs();
    const first = gateway.settleRefund(gateway.refundInDashboard(payment.id).id, 'failed');
    const failed = await record(gateway.refundWebhook('refund.failed', first));
    expect(await runJob(failed)).toBe('refund-failed');
    const second = gateway.settleRefund(gateway.refundInDashboard(payment.id).id);
    const processed = await record(gateway.refundWebhook('refund.processed', second));
    // The failure's late repeat under another ID after the money went back changes nothing.
    const lateFailure = await record(gateway.refundWebhook('refund.failed', first));
    expect(await runJob(processed)).toBe('refunded');
    expect(await runJob(lateFailure)).toBe('refund-failed');
    await app.runJobs();
    expect((await donationTypes(reference)).filter((type) => type.startsWith('DonationRefund') || type === 'DonationCancelled')).toEqual(['DonationRefundFailed', 'DonationRefundProcessed', 'DonationCancelled']);
  });

  // ---- monthly subscriptions in another order ----

  async function startPlan(amountPaise = 50_000) {
    const donor = uniqueDonor('autopay');
    const answer = await (await app.caller()).donations.monthly.start({ amountPaise, dayOfMonth: 10, cause: 'medical', donorName: 'Asha Autopay', email: donor.email, showName: false });
    const { rows } = await app.services.db.query<{ plan_id: string }>(`SELECT plan_id::text FROM monthly_plans WHERE $1 = ANY(contact_keys)`, [
      contactKeyOf((purpose, value) => app.services.vault.blindIndex(purpose, value), donor.email),
    ]);
    const planId = rows[0]!.plan_id;
    return { planId, token: manageTokenOf(app.services.vault, planId), subscriptionId: answer.razorpay!.subscriptionId };
  }
  const planOf = async (token: string) => (await app.caller()).donations.monthly.get({ token });
  const chargesOf = async (planId: string) => (await app.services.eventStore.readStream(`monthly-plan-${planId}`)).filter((event) => event.type === 'MonthlyGiftCharged').map((event) => (event.data as { paymentId: string }).paymentId);

  it('a charge handled before the subscription’s activation, and two charges in one month: each payment one gift; the plan ends active', async () => {
    const { planId, token, subscriptionId } = await startPlan();
    const subscription = gateway.authorise(subscriptionId);
    const first = gateway.charge(subscriptionId);
    const second = gateway.charge(subscriptionId);
    const activated = await record(gateway.subscriptionWebhook('subscription.activated', { ...subscription, status: 'active' }));
    const charged = await record(gateway.subscriptionWebhook('subscription.charged', { ...subscription, status: 'active' }, { payment: first }));
    const chargedAgain = await record(gateway.subscriptionWebhook('subscription.charged', { ...subscription, status: 'active' }, { payment: first }));
    const secondCharge = await record(gateway.subscriptionWebhook('subscription.charged', { ...subscription, status: 'active' }, { payment: second }));
    expect(await runJob(charged)).toBe('verified');
    expect(await runJob(secondCharge)).toBe('verified');
    expect(await runJob(activated)).toBe('subscription-updated');
    expect(await runJob(chargedAgain)).toBe('duplicate');
    await app.runJobs();
    // A second run of the charge's own job.
    expect(await runJob(charged)).toBe('duplicate');
    expect(await chargesOf(planId)).toEqual([first.id, second.id]);
    expect(await planOf(token)).toMatchObject({ status: 'active', subscriptionStatus: 'active', gifts: 2 });
  });

  it('a cancellation handled before the month’s charge: the charge still verifies its gift (the money came) and the plan stays stopped', async () => {
    const { planId, token, subscriptionId } = await startPlan();
    const subscription = gateway.authorise(subscriptionId);
    const payment = gateway.charge(subscriptionId);
    const charged = await record(gateway.subscriptionWebhook('subscription.charged', { ...subscription, status: 'active' }, { payment }));
    const cancelled = await record(gateway.subscriptionWebhook('subscription.cancelled', gateway.cancelInDashboard(subscriptionId)));
    expect(await runJob(cancelled)).toBe('subscription-updated');
    expect(await runJob(charged)).toBe('verified');
    await app.runJobs();
    expect(await chargesOf(planId)).toEqual([payment.id]);
    expect(await planOf(token)).toMatchObject({ status: 'stopped', stoppedBy: 'gateway', subscriptionStatus: 'cancelled', gifts: 1 });
  });

  it('a subscription state’s job run again after a newer state was handled records nothing over it (paused, resumed, then paused’s job again)', async () => {
    const { planId, token, subscriptionId } = await startPlan();
    const subscription = gateway.authorise(subscriptionId);
    const activated = await record(gateway.subscriptionWebhook('subscription.activated', { ...subscription, status: 'active' }));
    const paused = await record(gateway.subscriptionWebhook('subscription.paused', { ...subscription, status: 'paused' }));
    const resumed = await record(gateway.subscriptionWebhook('subscription.resumed', { ...subscription, status: 'active' }));
    // Handled in the gateway's order, one by one (the queue's four at once may take any order).
    expect(await runJob(activated)).toBe('subscription-updated');
    expect(await runJob(paused)).toBe('subscription-updated');
    expect(await runJob(resumed)).toBe('subscription-updated');
    const position = await lastPosition(app);
    // The queue's own runs of the three come after them: second runs.
    await app.runJobs();
    expect(await planOf(token)).toMatchObject({ status: 'active', subscriptionStatus: 'active' });
    expect(await runJob(paused)).toBe('duplicate');
    expect(await runJob(activated)).toBe('duplicate');
    expect(await runJob(resumed)).toBe('duplicate');
    expect(await recordedSince(app, position)).toEqual([]);
    expect(await planOf(token)).toMatchObject({ status: 'active', subscriptionStatus: 'active' });
    // And after a cancellation, the activation's job again does not show the subscription active.
    const cancelled = await record(gateway.subscriptionWebhook('subscription.cancelled', gateway.cancelInDashboard(subscriptionId)));
    expect(await runJob(cancelled)).toBe('subscription-updated');
    expect(await runJob(activated)).toBe('duplicate');
    expect(await planOf(token)).toMatchObject({ status: 'stopped', subscriptionStatus: 'cancelled' });
    expect(await typesOn(`monthly-plan-${planId}`)).toContain('MonthlyPlanStopped');
  });

  // ---- the endpoint's edges ----

  it('event IDs at the edge of the pattern: 64 characters are Razorpay’s; 65, another character or our own body- prefix are replaced by the body’s hash', async () => {
    const { orderId } = await pledge();
    const streams = async (paymentId: string) => {
      const { rows } = await app.services.db.query<{ stream_id: string; from: string }>(`SELECT stream_id, data->>'eventIdFrom' AS from FROM events WHERE type = 'GatewayEventReceived' AND data->'payment'->>'id' = $1`, [paymentId]);
      return rows;
    };
    const longest = `evt_${'a'.repeat(60)}`;
    const atEdge = gateway.pay(orderId);
    expect((await deliver(gateway.webhook('payment.captured', atEdge, { eventId: longest }))).body).toEqual({ status: 'received' });
    expect(await streams(atEdge.id)).toEqual([{ stream_id: `razorpay-event-${longest}`, from: 'header' }]);
    for (const odd of [`${longest}b`, 'evt.dotted', 'evt ok', `body-${'A'.repeat(43)}`]) {
      const payment = gateway.pay(orderId);
      expect((await deliver(gateway.webhook('payment.captured', payment, { eventId: odd }))).body).toEqual({ status: 'received' });
      expect(await streams(payment.id)).toEqual([{ stream_id: expect.stringMatching(/^razorpay-event-body-[A-Za-z0-9_-]{43}$/), from: 'body' }]);
    }
    await app.runJobs();
  });

  it('a header ID that is another delivery’s body hash is not taken as that delivery’s repeat', async () => {
    const { reference, orderId } = await pledge();
    const { reference: otherReference, orderId: otherOrder } = await pledge();
    const unnamed = gateway.webhook('payment.captured', gateway.pay(otherOrder));
    const { 'x-razorpay-event-id': _none, ...headers } = unnamed.headers;
    expect((await deliver({ body: unnamed.body, headers })).body).toEqual({ status: 'received' });
    const [hashed] = (await app.services.db.query<{ stream_id: string }>(`SELECT stream_id FROM events WHERE type = 'GatewayEventReceived' ORDER BY global_position DESC LIMIT 1`)).rows;
    const hashId = hashed!.stream_id.replace('razorpay-event-', '');
    expect(hashId).toMatch(/^body-/);
    const payment = gateway.pay(orderId);
    expect((await deliver(gateway.webhook('payment.captured', payment, { eventId: hashId }))).body).toEqual({ status: 'received' });
    await app.runJobs();
    expect(await donationTypes(reference)).toContain('DonationVerified');
    expect(await donationTypes(otherReference)).toContain('DonationVerified');
  });

  it('a repeat of an event ID with another body is a duplicate: nothing recorded, the first body’s record unchanged, and its job handles the first', async () => {
    const { reference, orderId } = await pledge();
    const { reference: otherReference, orderId: otherOrder } = await pledge();
    const eventId = `evt_Replay${Date.now()}`;
    const first = gateway.pay(orderId);
    const received = await record(gateway.webhook('payment.captured', first, { eventId }));
    const position = await lastPosition(app);
    const replay = gateway.webhook('payment.captured', gateway.pay(otherOrder), { eventId });
    expect((await deliver(replay)).body).toEqual({ status: 'duplicate' });
    expect(await recordedSince(app, position)).toEqual([]);
    const events = await app.services.eventStore.readStream(`razorpay-event-${eventId}`);
    expect(events[0]!.data).toEqual(received);
    expect(received.payment?.id).toBe(first.id);
    await app.runJobs();
    expect(await donationTypes(reference)).toContain('DonationVerified');
    expect(await donationTypes(otherReference)).toEqual(['DonationPledged', 'DonationOrderCreated']);
  });

  it('a signed body over the size limit, or not JSON, or JSON that is no object, is refused with 4xx and nothing written', async () => {
    const { orderId } = await pledge();
    const payment = gateway.pay(orderId);
    await app.runJobs();
    const before = await writes(app);
    const position = await lastPosition(app);
    const huge = JSON.stringify({ entity: 'event', event: 'payment.captured', payload: { payment: { entity: { ...payment, description: 'x'.repeat(70_000) } } } });
    const hugeAnswer = await deliver(signedBody(huge, 'evt_Huge0001'));
    expect(hugeAnswer.status).toBe(413);
    for (const body of ['not json at all', '\u0000\u0001', 'null', '[]', '"event"', '{"entity":"event","event":"payment.captured","payload":null}']) {
      const res = await deliver(signedBody(body, 'evt_NotJson01'));
      expect([res.status, res.body.message]).toEqual([400, WEBHOOK_BODY_INVALID]);
    }
    await app.runJobs();
    await expectNothingWritten(app, before);
    expect(await recordedSince(app, position)).toEqual([]);
  });

  it('unknown fields anywhere in a signed event are taken and not kept', async () => {
    const { reference, orderId } = await pledge();
    const payment = gateway.pay(orderId);
    const body = JSON.stringify({ entity: 'event', event: 'payment.captured', surprise: { nested: 'UnknownTopLevel7' }, payload: { payment: { entity: { ...payment, brand_new_field: 'UnknownEntity7' } }, extra: { entity: { id: 'x' } } } });
    const eventId = `evt_Unknown${Date.now()}`;
    expect((await deliver(signedBody(body, eventId))).body).toEqual({ status: 'received' });
    const [received] = await app.services.eventStore.readStream(`razorpay-event-${eventId}`);
    expect(JSON.stringify(received!.data)).not.toMatch(/Unknown(TopLevel|Entity)7|brand_new_field|surprise/);
    await app.runJobs();
    expect(await donationTypes(reference)).toContain('DonationVerified');
  });

  // ---- the payer's details ----

  it('nothing of the payer (e-mail, phone, VPA, card, notes) reaches the events or the log, through captured, failed, refund and subscription deliveries', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'trace' }, new Writable({ write(chunk, _encoding, done) { lines.push(String(chunk)); done(); } }));
    const services = { ...app.services, log };
    const payer = { email: 'payer.secret.5531@example.org', contact: '+919812345531', vpa: 'payer5531@okicici', card: { last4: '5531', name: 'Payer Devi' }, notes: { donor: 'Payer Devi', phone: '9812345531' }, description: 'Payer Devi 5531' };
    const { orderId } = await pledge();
    const failedPayment = { ...gateway.fail(orderId), ...payer } as FakePayment;
    const payment = gateway.pay(orderId);
    const withPayer = { ...payment, ...payer } as FakePayment;
    const bodies = [
      JSON.stringify({ entity: 'event', event: 'payment.failed', payload: { payment: { entity: failedPayment } } }),
      JSON.stringify({ entity: 'event', event: 'payment.captured', payload: { payment: { entity: withPayer } } }),
      JSON.stringify({ entity: 'event', event: 'payment.authorized', payload: { payment: { entity: withPayer } } }),
      JSON.stringify({ entity: 'event', event: 'order.paid', payload: { payment: { entity: withPayer }, order: { entity: { id: orderId, receipt: 'Payer Devi 5531' } } } }),
    ];
    const refund = gateway.settleRefund(gateway.refundInDashboard(payment.id).id);
    bodies.push(JSON.stringify({ entity: 'event', event: 'refund.processed', payload: { refund: { entity: { ...refund, notes: payer.notes } }, payment: { entity: withPayer } } }));
    const meta = { actor: 'razorpay', correlationId: 'review-payer' };
    let index = 0;
    for (const body of bodies) {
      const eventId = `evt_Payer${index++}x${Date.now()}`;
      const answer = await handleRazorpayWebhook(services, { rawBody: Buffer.from(body), signature: razorpaySignature(body, gateway.config.webhookSecret), eventId }, meta);
      if (answer.status !== 'received') continue;
      const [received] = await app.services.eventStore.readStream(`razorpay-event-${eventId}`);
      await processRazorpayDelivery(services, received!.data as GatewayEventReceived['data'], meta);
    }
    await app.runJobs();
    const secrets = /payer\.secret|9812345531|payer5531|okicici|Payer Devi/;
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).not.toMatch(secrets);
    const { rows } = await app.services.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM events WHERE data::text ~* $1 OR metadata::text ~* $1`, ['payer\\.secret|9812345531|payer5531|okicici|Payer Devi']);
    expect(rows[0]!.n).toBe(0);
  });
});
