import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { raceCalls, rejection } from '#server/testing/assertions';
import { type SignedWebhook, type TestRazorpayGateway } from '#server/testing/razorpay-gateway';
import { createGatewayTestApp, gatewayEnv } from '#server/testing/gateway-test-app';
import { testDbKinds } from '#server/testing/test-db';
import { itRaces } from '#server/testing/requires';
import { createTestApp, type TestApp } from '#server/testing/test-services';
import { NO_MATCHING_DONATION } from '../donation.decider.ts';
import { expectNothingWritten, pledgeInput, uniqueDonor, uniqueUtr, writes } from '../donations.test-helper.ts';
import { PAY_ONLINE_GATEWAY_DOWN, PAY_ONLINE_NOT_PAYABLE, PAY_ONLINE_PROOF_SENT } from './pay-online.ts';

/**
 * Paying online from /donate/status (issue 33, decision 081): the status of an unpaid pledge carries
 * its order, or says one can be made; `donations.payOnline`, by reference and contact, answers the
 * pledge's one order, making it only when there is none.
 */
const CALLS = 10;

describe.each(testDbKinds())('paying an unpaid pledge online from its status on %s', (kind) => {
  let gateway: TestRazorpayGateway;
  let app: TestApp;

  beforeAll(async () => {
    ({ gateway, app } = await createGatewayTestApp(kind, { limits: { donationLookupPerIp: { limit: 1000, windowSeconds: 3600 } } }));
  });
  afterAll(async () => {
    await app?.close();
    await gateway?.close();
  });
  beforeEach(() => {
    gateway.failWith = null;
  });

  const orderCalls = () => gateway.requests.filter((entry) => entry.method === 'POST' && entry.path === '/v1/orders').length;
  const deliver = (webhook: SignedWebhook) => request(app.http()).post('/api/payments/razorpay/webhook').set(webhook.headers).send(webhook.body);
  const ordersOn = async (reference: string) => (await app.services.eventStore.readStream(`donation-${reference.replace('-', '')}`)).filter((event) => event.type === 'DonationOrderCreated');

  /** A pledge made while the gateway was down: no order. */
  async function pledgeWithoutOrder(overrides: Parameters<typeof pledgeInput>[0] = {}) {
    const input = pledgeInput(overrides);
    gateway.failWith = 503;
    const pay = await (await app.caller()).donations.create(input);
    gateway.failWith = null;
    expect(pay.razorpay).toBeUndefined();
    return { reference: pay.reference, contact: input.email! };
  }

  it('makes the order of a pledge that has none on the tap, once; the status then carries it, and its payment verifies the gift', async () => {
    const { reference, contact } = await pledgeWithoutOrder();
    const visitor = await app.caller();
    const before = await visitor.donations.getStatus({ reference, contact });
    expect(before).toMatchObject({ status: 'awaiting_payment', canPayOnline: true });
    expect(before.pay!.razorpay).toBeUndefined();

    const calls = orderCalls();
    const answer = await visitor.donations.payOnline({ reference, contact: contact.toUpperCase() });
    expect(answer).toEqual({ orderId: expect.stringMatching(/^order_/), keyId: gateway.config.keyId });
    expect(orderCalls()).toBe(calls + 1);
    expect(gateway.orders.get(answer.orderId)).toMatchObject({ amount: 125_000, currency: 'INR', receipt: reference });

    // Asked again (another tap, another tab): the same order, and no call to the gateway.
    expect(await visitor.donations.payOnline({ reference, contact })).toEqual(answer);
    expect(orderCalls()).toBe(calls + 1);
    const after = await visitor.donations.getStatus({ reference, contact });
    expect(after.canPayOnline).toBeUndefined();
    expect(after.pay!.razorpay).toEqual(answer);
    expect(await ordersOn(reference)).toHaveLength(1);

    const payment = gateway.pay(answer.orderId);
    expect((await deliver(gateway.webhook('payment.captured', payment))).body).toEqual({ status: 'received' });
    await app.runJobs();
    expect(await visitor.donations.getStatus({ reference, contact })).toMatchObject({ status: 'verified' });
    expect(await rejection(visitor.donations.payOnline({ reference, contact }))).toMatchObject({ code: 'CONFLICT', message: PAY_ONLINE_NOT_PAYABLE });
  });

  it('answers a pledge’s own order, made with it, on the status and on the tap, without asking the gateway again', async () => {
    const input = pledgeInput();
    const pay = await (await app.caller()).donations.create(input);
    const status = await (await app.caller()).donations.getStatus({ reference: pay.reference, contact: input.email! });
    expect(status.pay!.razorpay).toEqual(pay.razorpay);
    expect(status.canPayOnline).toBeUndefined();
    const calls = orderCalls();
    expect(await (await app.caller()).donations.payOnline({ reference: pay.reference, contact: input.email! })).toEqual(pay.razorpay);
    expect(orderCalls()).toBe(calls);
  });

  it('refuses a wrong contact, a pledge with proof sent, a gateway that is down and unknown fields, writing nothing', async () => {
    const { reference, contact } = await pledgeWithoutOrder();
    const withProof = await pledgeWithoutOrder();
    await (await app.caller()).donations.submitProof({ reference: withProof.reference, contact: withProof.contact, utr: uniqueUtr() });
    const visitor = await app.caller();
    const written = await writes(app);
    const calls = orderCalls();

    expect(await rejection(visitor.donations.payOnline({ reference, contact: uniqueDonor().email }))).toMatchObject({ code: 'NOT_FOUND', message: NO_MATCHING_DONATION });
    expect(await rejection(visitor.donations.payOnline({ reference: 'ABCD-2345', contact }))).toMatchObject({ code: 'NOT_FOUND', message: NO_MATCHING_DONATION });
    expect(await rejection(visitor.donations.payOnline({ reference: withProof.reference, contact: withProof.contact }))).toMatchObject({ code: 'CONFLICT', message: PAY_ONLINE_PROOF_SENT });
    expect((await rejection(visitor.donations.payOnline({ reference, contact, amountPaise: 100 } as never))).code).toBe('BAD_REQUEST');
    expect(orderCalls()).toBe(calls);
    gateway.failWith = 503;
    expect(await rejection(visitor.donations.payOnline({ reference, contact }))).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: PAY_ONLINE_GATEWAY_DOWN });
    gateway.failWith = null;
    await expectNothingWritten(app, written);
  });

  it('over REST too: POST /api/donations/{reference}/pay-online with the contact (decision 081)', async () => {
    const { reference, contact } = await pledgeWithoutOrder();
    const http = app.http();
    const made = await request(http).post(`/api/donations/${reference}/pay-online`).send({ contact });
    expect([made.status, made.body]).toEqual([200, { orderId: expect.stringMatching(/^order_/), keyId: gateway.config.keyId }]);
    expect(made.headers['cache-control']).toBe('private, no-store');
    expect((await request(http).post(`/api/donations/${reference}/pay-online`).send({ contact })).body).toEqual(made.body);
    const written = await writes(app);
    expect((await request(http).post(`/api/donations/${reference}/pay-online`).send({ contact: uniqueDonor().email })).status).toBe(404);
    expect((await request(http).post(`/api/donations/${reference}/pay-online`).send({ contact, amount: 1 })).status).toBe(400);
    expect((await request(http).post(`/api/donations/not-a-reference/pay-online`).send({ contact })).status).toBe(400);
    await expectNothingWritten(app, written);
  });

  it('counts against the status look-up’s limit per address', async () => {
    const limited = await createTestApp(kind, {
      env: gatewayEnv(gateway),
      limits: { donationLookupPerIp: { limit: 2, windowSeconds: 3600 } },
    });
    try {
      const pay = await (await limited.caller()).donations.create(pledgeInput());
      const fromOneAddress = await limited.caller({ ip: '203.0.113.81' });
      const own = { reference: pay.reference, contact: 'nobody@example.org' };
      expect((await rejection(fromOneAddress.donations.payOnline(own))).code).toBe('NOT_FOUND');
      expect((await rejection(fromOneAddress.donations.getStatus(own))).code).toBe('NOT_FOUND');
      expect((await rejection(fromOneAddress.donations.payOnline(own))).code).toBe('TOO_MANY_REQUESTS');
    } finally {
      await limited.close();
    }
  });

  itRaces(kind, 'race: ten taps at once on a pledge without an order make one order at the gateway and record it once', async () => {
    const { reference, contact } = await pledgeWithoutOrder();
    const calls = orderCalls();
    const { succeeded, refusals } = await raceCalls(CALLS, async () => (await app.caller()).donations.payOnline({ reference, contact }));
    expect(refusals).toEqual([]);
    expect(new Set(succeeded.map((answer) => answer.orderId)).size).toBe(1);
    expect(orderCalls()).toBe(calls + 1);
    expect(await ordersOn(reference)).toHaveLength(1);
  });
});
