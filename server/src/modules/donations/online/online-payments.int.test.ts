import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { raceCalls } from '#server/testing/assertions';
import { readOutbox } from '#server/testing/outbox';
import { type SignedWebhook, type TestRazorpayGateway } from '#server/testing/razorpay-gateway';
import { createGatewayTestApp } from '#server/testing/gateway-test-app';
import { testDbKinds } from '#server/testing/test-db';
import { type TestApp } from '#server/testing/test-services';
import { razorpaySignature } from '../donations.api.ts';
import { expectNothingWritten, expectOnlyDeliveriesRecorded, lastPosition, pledgeInput, recordedSince, writes } from '../donations.test-helper.ts';
import { CHECKOUT_FLAGGED, CHECKOUT_SIGNATURE_INVALID, openOrder, WEBHOOK_BODY_INVALID, WEBHOOK_SIGNATURE_INVALID } from './online-payments.ts';

/**
 * Online payments through Razorpay (issue 33), against the local gateway in testing/: the pledge's
 * order, the webhook and the page's callback. The webhook records each delivery and answers
 * `received`; its job handles it (decision 083). Whichever of callback and webhook comes first
 * verifies the donation with one receipt serial; everything after records nothing more.
 */
const CALLS = 10;

describe.each(testDbKinds())('online payments through the gateway on %s', (kind) => {
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

  async function typesOn(reference: string): Promise<string[]> {
    return (await app.services.eventStore.readStream(`donation-${reference.replace('-', '')}`)).map((event) => event.type);
  }

  async function pledge(amountPaise = 125_000): Promise<{ reference: string; orderId: string; email: string }> {
    const input = pledgeInput({ amountPaise });
    const pay = await (await app.caller()).donations.create(input);
    if (!pay.razorpay) throw new Error('the pledge made no order');
    return { reference: pay.reference, orderId: pay.razorpay.orderId, email: input.email! };
  }

  function deliver(webhook: SignedWebhook) {
    return request(http).post('/api/payments/razorpay/webhook').set(webhook.headers).send(webhook.body);
  }

  /** A first delivery: answered `received` at once, then handled by its job. */
  async function deliverAndHandle(webhook: SignedWebhook): Promise<void> {
    const res = await deliver(webhook);
    expect([res.status, res.body]).toEqual([200, { status: 'received' }]);
    await app.runJobs();
  }

  async function flagsOf(paymentId: string) {
    return app.services.eventStore.readStream(`online-payment-${paymentId}`);
  }

  async function verification(reference: string) {
    const events = await app.services.eventStore.readStream(`donation-${reference.replace('-', '')}`);
    return events.find((event) => event.type === 'DonationVerified')?.data as { mode: string; paymentId?: string; orderId?: string; utr: string | null; amountPaise: number; receipt: { serial: string } } | undefined;
  }

  it('a pledge makes an order of its amount in paise, in INR, with the reference as its receipt, and answers its ID and the key ID', async () => {
    const input = pledgeInput({ amountPaise: 250_050, donorName: 'Kavita Sharma' });
    const pay = await (await app.caller()).donations.create(input);
    expect(pay.razorpay).toEqual({ orderId: expect.stringMatching(/^order_/), keyId: gateway.config.keyId });
    const order = gateway.orders.get(pay.razorpay!.orderId)!;
    expect([order.amount, order.currency, order.receipt]).toEqual([250_050, 'INR', pay.reference]);
    expect(order.notes).toEqual({ reference: pay.reference, cause: input.cause });
    expect(await typesOn(pay.reference)).toEqual(['DonationPledged', 'DonationOrderCreated']);
    // IDs and the amount only: nothing of the donor in the event or in what the gateway was sent.
    const [, created] = await app.services.eventStore.readStream(`donation-${pay.reference.replace('-', '')}`);
    expect(JSON.stringify(created!.data)).not.toMatch(/Kavita|example\.org/);
    expect(JSON.stringify(order)).not.toMatch(/Kavita|example\.org/);
  });

  it('POST /api/donations answers razorpay { orderId, keyId } too', async () => {
    const res = await request(http).post('/api/donations').send({ amount: 501, cause: 'kanyadan', donorName: 'Sunita Devi', phone: '9876543210' });
    expect(res.status).toBe(201);
    expect(res.body.razorpay).toEqual({ orderId: expect.stringMatching(/^order_/), keyId: gateway.config.keyId });
    expect(gateway.orders.get(res.body.razorpay.orderId)?.amount).toBe(50_100);
  });

  it('a gateway that fails leaves the pledge standing, without an order: the donor pays by UPI or bank transfer', async () => {
    gateway.failWith = 503;
    const pay = await (await app.caller()).donations.create(pledgeInput());
    expect(pay.razorpay).toBeUndefined();
    expect(pay.reference).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(await typesOn(pay.reference)).toEqual(['DonationPledged']);
  });

  it('a foreign contribution gets no order: it is paid only into the FCRA account', async () => {
    const meta = { actor: 'anonymous', correlationId: 'foreign-order-test' };
    const gift = { reference: 'ABCD2345', amountPaise: 100_000, cause: 'education' };
    const requestsBefore = gateway.requests.length;
    expect(await openOrder(app.services, { ...gift, isForeignContribution: true }, meta)).toBeNull();
    expect(gateway.requests.length).toBe(requestsBefore);
    // The same gift from an Indian citizen asks the gateway for an order.
    expect(await openOrder(app.services, { ...gift, isForeignContribution: false }, meta)).toMatchObject({ orderId: expect.stringMatching(/^order_/) });
    expect(gateway.requests.length).toBe(requestsBefore + 1);
  });

  it('the first payment.captured verifies the donation (mode online, the payment ID its reference) and issues the receipt; repeats record nothing', async () => {
    const { reference, orderId } = await pledge();
    const payment = gateway.pay(orderId);
    const webhook = gateway.webhook('payment.captured', payment);
    const first = await deliver(webhook);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ status: 'received' });
    // Answered before anything was verified: the delivery is recorded, and its job verifies.
    expect(await typesOn(reference)).toEqual(['DonationPledged', 'DonationOrderCreated']);
    await app.runJobs();
    const verified = await verification(reference);
    expect(verified).toMatchObject({ mode: 'online', paymentId: payment.id, orderId, utr: null, amountPaise: 125_000 });
    expect(verified!.receipt.serial).toMatch(/\/\d{4}-\d{2}\/\d{6}$/);
    expect((await app.services.eventStore.readStream(`razorpay-event-${webhook.headers['x-razorpay-event-id']}`)).map((event) => event.type)).toEqual(['GatewayEventReceived', 'GatewayEventHandled']);
    await app.runJobs();
    expect(await typesOn(reference)).toContain('ReceiptRendered');

    const before = await writes(app);
    const position = await lastPosition(app);
    // The same delivery again, the order.paid that follows, and the page's callback: nothing more
    // than the order.paid's own record (another event ID), whose job finds the donation verified.
    expect((await deliver(webhook)).body).toEqual({ status: 'duplicate' });
    await deliverAndHandle(gateway.webhook('order.paid', payment));
    const confirmed = await (await app.caller()).donations.confirmOnlinePayment(gateway.checkoutResult(payment));
    expect(confirmed).toEqual({ reference, status: 'verified', receiptSerial: verified!.receipt.serial });
    await app.runJobs();
    await expectOnlyDeliveriesRecorded(app, before, position, 1);
  });

  it('the page’s callback first verifies; the webhook after it records nothing', async () => {
    const { reference, orderId } = await pledge();
    const payment = gateway.pay(orderId);
    const res = await request(http).post('/api/payments/razorpay/callback').send(gateway.checkoutResult(payment));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ reference, status: 'verified', receiptSerial: expect.any(String) });
    expect((await verification(reference))?.paymentId).toBe(payment.id);
    await app.runJobs();
    const before = await writes(app);
    const position = await lastPosition(app);
    await deliverAndHandle(gateway.webhook('payment.captured', payment));
    await expectOnlyDeliveriesRecorded(app, before, position, 1);
  });

  it('refuses a forged or missing webhook signature with 400 and writes nothing', async () => {
    const { reference, orderId } = await pledge();
    const webhook = gateway.webhook('payment.captured', gateway.pay(orderId));
    const before = await writes(app);
    const forgedBody = await request(http).post('/api/payments/razorpay/webhook').set(webhook.headers).send(webhook.body.replace('"amount":125000', '"amount":100'));
    const forgedSignature = await request(http).post('/api/payments/razorpay/webhook').set({ ...webhook.headers, 'X-Razorpay-Signature': 'f'.repeat(64) }).send(webhook.body);
    const { 'X-Razorpay-Signature': _dropped, ...unsigned } = webhook.headers;
    const missing = await request(http).post('/api/payments/razorpay/webhook').set(unsigned).send(webhook.body);
    for (const res of [forgedBody, forgedSignature, missing]) {
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(WEBHOOK_SIGNATURE_INVALID);
    }
    await expectNothingWritten(app, before);
    expect(await typesOn(reference)).toEqual(['DonationPledged', 'DonationOrderCreated']);
  });

  it('refuses a signed body that is not an event with 400, and records nothing, so no job runs', async () => {
    const { reference, orderId } = await pledge();
    const payment = gateway.pay(orderId);
    const before = await writes(app);
    const position = await lastPosition(app);
    const requests = gateway.requests.length;
    for (const body of ['{"entity":"event"', JSON.stringify({ entity: 'event', event: 'payment.captured', payload: { payment: { entity: { ...payment, amount: -1 } } } }), JSON.stringify({ entity: 'order', event: 'order.paid', payload: {} })]) {
      const res = await request(http).post('/api/payments/razorpay/webhook').set({ 'Content-Type': 'application/json', 'X-Razorpay-Signature': razorpaySignature(body, gateway.config.webhookSecret), 'x-razorpay-event-id': 'evt_BadBody01' }).send(body);
      expect([res.status, res.body.message]).toEqual([400, WEBHOOK_BODY_INVALID]);
    }
    await app.runJobs();
    await expectNothingWritten(app, before);
    expect(await recordedSince(app, position)).toEqual([]);
    // No job asked the gateway anything, and the donation is as it was.
    expect(gateway.requests.length).toBe(requests);
    expect(await typesOn(reference)).toEqual(['DonationPledged', 'DonationOrderCreated']);
  });

  it('acknowledges an event it does not handle with 200 and writes nothing (Razorpay retries anything else)', async () => {
    const { orderId } = await pledge();
    const before = await writes(app);
    const res = await deliver(gateway.webhook('payment.authorized', gateway.pay(orderId)));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ignored' });
    await app.runJobs();
    await expectNothingWritten(app, before);
  });

  it('records IDs, amounts and states only: nothing of the payer Razorpay puts in the payment reaches the events', async () => {
    const { reference, orderId } = await pledge();
    const payment = gateway.pay(orderId);
    const payer = { email: 'payer.inbox.8721@example.org', contact: '+919812349871', vpa: 'payer8721@okaxis', card: { last4: '8721', name: 'Payer Kumari' } };
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_SahayTest0001',
      event: 'payment.captured',
      contains: ['payment'],
      payload: { payment: { entity: { ...payment, method: 'upi', ...payer, notes: { donor: 'Payer Kumari', phone: '9812349871' } } } },
      created_at: Math.floor(Date.now() / 1000),
    });
    const headers = { 'Content-Type': 'application/json', 'X-Razorpay-Signature': razorpaySignature(body, gateway.config.webhookSecret), 'x-razorpay-event-id': `evt_Payer${Date.now()}` };
    const res = await request(http).post('/api/payments/razorpay/webhook').set(headers).send(body);
    expect(res.body).toEqual({ status: 'received' });
    await app.runJobs();
    expect((await verification(reference))?.paymentId).toBe(payment.id);
    const [received] = await app.services.eventStore.readStream(`razorpay-event-${headers['x-razorpay-event-id']}`);
    expect(received?.data).toEqual({
      gateway: 'razorpay',
      eventId: headers['x-razorpay-event-id'],
      eventIdFrom: 'header',
      event: 'payment.captured',
      payment: { id: payment.id, amountPaise: 125_000, currency: 'INR', status: 'captured', orderId, errorCode: null, errorReason: null },
      order: null,
      refund: null,
      subscription: null,
      receivedAt: expect.any(String),
    });
    const { rows } = await app.services.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM events WHERE data::text ~* $1 OR metadata::text ~* $1`,
      ['payer\\.inbox|9812349871|payer8721|Payer Kumari|okaxis'],
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('a delivery without an event ID is deduplicated by a hash of its signed body', async () => {
    const { reference, orderId } = await pledge();
    const payment = gateway.pay(orderId);
    const webhook = gateway.webhook('payment.captured', payment);
    const { 'x-razorpay-event-id': _none, ...headers } = webhook.headers;
    const answers = await Promise.all(Array.from({ length: 3 }, () => request(http).post('/api/payments/razorpay/webhook').set(headers).send(webhook.body)));
    expect(answers.map((res) => res.body.status).sort()).toEqual(['duplicate', 'duplicate', 'received']);
    const { rows } = await app.services.db.query<{ stream_id: string; data: { eventIdFrom: string } }>(`SELECT stream_id, data FROM events WHERE type = 'GatewayEventReceived' AND data->'payment'->>'id' = $1`, [payment.id]);
    expect(rows).toEqual([{ stream_id: expect.stringMatching(/^razorpay-event-body-[A-Za-z0-9_-]{43}$/), data: expect.objectContaining({ eventIdFrom: 'body' }) }]);
    await app.runJobs();
    expect((await verification(reference))?.paymentId).toBe(payment.id);
  });

  it('a payment of another amount verifies nothing and is flagged for finance, once', async () => {
    const { reference, orderId } = await pledge();
    const payment = gateway.pay(orderId, { amount: 100_000 });
    const webhook = gateway.webhook('payment.captured', payment);
    await deliverAndHandle(webhook);
    expect(await typesOn(reference)).toEqual(['DonationPledged', 'DonationOrderCreated']);
    const flags = await flagsOf(payment.id);
    expect(flags.map((event) => [event.type, event.data])).toEqual([
      ['OnlinePaymentFlagged', expect.objectContaining({ reason: 'amount-differs', reference: reference.replace('-', ''), paidPaise: 100_000, expectedPaise: 125_000, orderId })],
    ]);
    const before = await writes(app);
    const position = await lastPosition(app);
    expect((await deliver(webhook)).body).toEqual({ status: 'duplicate' });
    // Another event ID of the same payment: recorded, and its job finds the payment flagged already.
    await deliverAndHandle(gateway.webhook('order.paid', payment));
    const callback = await request(http).post('/api/payments/razorpay/callback').send(gateway.checkoutResult(payment));
    expect(callback.status).toBe(409);
    expect(callback.body.message).toBe(CHECKOUT_FLAGGED);
    await expectOnlyDeliveriesRecorded(app, before, position, 1);
    expect(await flagsOf(payment.id)).toHaveLength(1);
  });

  it('a payment in another currency is flagged', async () => {
    const { orderId } = await pledge();
    const payment = gateway.pay(orderId, { currency: 'USD' });
    await deliverAndHandle(gateway.webhook('payment.captured', payment));
    const [flag] = await flagsOf(payment.id);
    expect(flag?.data).toMatchObject({ reason: 'currency-differs', paidCurrency: 'USD' });
  });

  it('a payment of an order no pledge made is flagged as an unknown order, and verifies nothing', async () => {
    const stranger = await pledge();
    // An order made on the same account by something else, whose receipt happens to be a reference of ours.
    const client = (await import('./razorpay-client.ts')).razorpayClientOf(app.services.config.razorpay!);
    const order = await client.createOrder({ amountPaise: 125_000, receipt: stranger.reference, notes: {} });
    const payment = gateway.pay(order.id);
    await deliverAndHandle(gateway.webhook('order.paid', payment));
    expect(await typesOn(stranger.reference)).toEqual(['DonationPledged', 'DonationOrderCreated']);
    const [flag] = await flagsOf(payment.id);
    expect(flag?.data).toMatchObject({ reason: 'unknown-order', orderId: order.id });
    const none = await client.createOrder({ amountPaise: 10_000, receipt: 'not-ours-42', notes: {} });
    const other = gateway.pay(none.id);
    await deliverAndHandle(gateway.webhook('payment.captured', other));
    expect((await flagsOf(other.id))[0]?.data).toMatchObject({ reason: 'unknown-order', reference: null });
  });

  it('refuses a callback with a forged signature with 400 and writes nothing', async () => {
    const { reference, orderId } = await pledge();
    const payment = gateway.pay(orderId);
    const before = await writes(app);
    const result = gateway.checkoutResult(payment);
    const res = await request(http).post('/api/payments/razorpay/callback').send({ ...result, razorpay_signature: result.razorpay_signature.replace(/^./, (c) => (c === '0' ? '1' : '0')) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(CHECKOUT_SIGNATURE_INVALID);
    // A real signature of another order's payment does not pass for this one either.
    const other = gateway.pay((await pledge()).orderId);
    const before2 = await writes(app);
    const swapped = await request(http).post('/api/payments/razorpay/callback').send({ ...gateway.checkoutResult(other), razorpay_order_id: orderId });
    expect(swapped.status).toBe(400);
    await expectNothingWritten(app, before2);
    expect(before.events).toBeLessThan(before2.events);
    expect(await typesOn(reference)).toEqual(['DonationPledged', 'DonationOrderCreated']);
  });

  it('race: ten identical webhooks at once are one recorded delivery, one verification, one receipt serial and one mail', async () => {
    const { reference, orderId, email } = await pledge();
    const webhook = gateway.webhook('payment.captured', gateway.pay(orderId));
    const position = await lastPosition(app);
    const answers = await Promise.all(Array.from({ length: CALLS }, () => deliver(webhook)));
    expect(answers.map((res) => res.status)).toEqual(Array(CALLS).fill(200));
    expect(answers.map((res) => res.body.status).sort()).toEqual(['received', ...Array(CALLS - 1).fill('duplicate')].sort());
    expect(await recordedSince(app, position)).toEqual(['GatewayEventReceived']);
    await app.runJobs();
    expect(await typesOn(reference)).toEqual(['DonationPledged', 'DonationOrderCreated', 'DonationVerified']);
    const serial = (await verification(reference))!.receipt.serial;
    const { rows } = await app.services.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM events WHERE type = 'ReceiptSerialAllocated' AND data->>'reference' = $1`, [reference.replace('-', '')]);
    expect(rows[0]!.n).toBe(1);
    await app.runJobs();
    await app.runJobs();
    // The pledge's mail with its reference, then one receipt mail: not one per delivery.
    const receiptMails = readOutbox(app.dataDir).filter((mail) => mail.text.includes(`To: ${email}`) && /^Subject: .*Donation_receipt/m.test(mail.text));
    expect(receiptMails).toHaveLength(1);
    expect(receiptMails[0]!.text).toContain(serial);
  });

  it('race: callbacks and webhooks of one payment at once, and their jobs, are one verification; every callback answers its serial', async () => {
    const { reference, orderId } = await pledge();
    const payment = gateway.pay(orderId);
    const { succeeded, refusals } = await raceCalls(CALLS, async (index) =>
      index % 2 === 0
        ? (await app.caller()).donations.confirmOnlinePayment(gateway.checkoutResult(payment))
        : (await deliver(gateway.webhook(index % 4 === 1 ? 'payment.captured' : 'order.paid', payment))).body,
    );
    expect(refusals).toEqual([]);
    expect(await typesOn(reference)).toEqual(['DonationPledged', 'DonationOrderCreated', 'DonationVerified']);
    // The webhooks' jobs run while callbacks still come in: the receipt is the only thing added.
    const late = await Promise.all([app.runJobs().then(() => null), ...Array.from({ length: 4 }, async () => (await app.caller()).donations.confirmOnlinePayment(gateway.checkoutResult(payment)))]);
    await app.runJobs();
    expect(await typesOn(reference)).toEqual(['DonationPledged', 'DonationOrderCreated', 'DonationVerified', 'ReceiptRendered']);
    const serial = (await verification(reference))!.receipt.serial;
    for (const answer of [...succeeded, ...late]) if (answer && 'receiptSerial' in answer) expect(answer.receiptSerial).toBe(serial);
    expect(succeeded.filter((answer) => 'status' in answer && answer.status === 'received')).toHaveLength(CALLS / 2);
  });

  it('a job that finds the gateway down (the order asked for) is retried, and then verifies the donation', async () => {
    const { reference, orderId } = await pledge();
    const payment = gateway.pay(orderId);
    expect((await deliver(gateway.webhook('payment.captured', payment))).body).toEqual({ status: 'received' });
    const orderFetches = () => gateway.requests.filter((entry) => entry.method === 'GET' && entry.path === `/v1/orders/${orderId}`).length;
    const fetchesBefore = orderFetches();
    gateway.failWith = 503;
    const jobs = app.runJobs();
    // The first attempt fails at the gateway and records nothing; the gateway then comes back.
    for (let waited = 0; orderFetches() === fetchesBefore && waited < 5_000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(orderFetches()).toBeGreaterThan(fetchesBefore);
    expect(await verification(reference)).toBeUndefined();
    gateway.failWith = null;
    await jobs;
    expect(orderFetches()).toBeGreaterThan(fetchesBefore + 1);
    expect(await verification(reference)).toMatchObject({ mode: 'online', paymentId: payment.id, orderId });
    const { rows } = await app.services.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM job_failures WHERE handler = 'process-razorpay-event'`);
    expect(rows[0]!.n).toBe(0);
  });
});
