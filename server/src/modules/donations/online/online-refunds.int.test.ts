import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { replayAndCompare } from '#server/event-store/replay';
import { TWO_FACTOR_SETUP_REQUIRED } from '#server/modules/identity/identity.api';
import { expectOnlyRefusals, raceCalls, rejection } from '#server/testing/assertions';
import { type SignedWebhook, type TestRazorpayGateway } from '#server/testing/razorpay-gateway';
import { createGatewayTestApp } from '#server/testing/gateway-test-app';
import { testDbKinds } from '#server/testing/test-db';
import { itRaces } from '#server/testing/requires';
import { type AppCaller, type TestApp } from '#server/testing/test-services';
import { REASON_TOO_SHORT } from '../donation-fields.schema.ts';
import { indiaDateOf } from '../receipts/receipt-serial.ts';
import { expectNothingWritten, expectOnlyDeliveriesRecorded, lastPosition, pledgeInput, recordedSince, uniqueDonor, verifiedDonation, writes } from '../donations.test-helper.ts';
import { REFUND_ALREADY_MADE, REFUND_ALREADY_MADE_OR_CANCELLED, REFUND_GATEWAY_DOWN, REFUND_IN_PROGRESS, REFUND_NOT_ONLINE, REFUND_NOT_VERIFIED, REFUND_REFUSED, REFUNDED_BY_GATEWAY } from './online-refund.decider.ts';

/**
 * Refunds of online gifts and failed attempts (issue 33, decision 069), against the local gateway:
 * finance asks, the gateway takes the refund, and its `refund.processed` cancels the gift (the receipt
 * keeps its serial and is re-issued marked CANCELLED); `payment.failed` is shown to the donor. Each
 * webhook is answered `received` and handled by its job (decision 083).
 */
const CALLS = 10;

describe.each(testDbKinds())('online refunds and failed payments on %s', (kind) => {
  let gateway: TestRazorpayGateway;
  let app: TestApp;
  let http: ReturnType<TestApp['http']>;
  let finance: AppCaller;

  beforeAll(async () => {
    ({ gateway, app } = await createGatewayTestApp(kind, { limits: { donationLookupPerIp: { limit: 1000, windowSeconds: 3600 } } }));
    http = app.http();
    finance = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['finance'] })).token });
  });
  afterAll(async () => {
    await app?.close();
    await gateway?.close();
  });
  beforeEach(() => {
    gateway.failWith = null;
  });

  const streamOf = (reference: string) => `donation-${reference.replace('-', '')}`;
  async function typesOn(reference: string): Promise<string[]> {
    return (await app.services.eventStore.readStream(streamOf(reference))).map((event) => event.type);
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
  const refundCalls = () => gateway.requests.filter((entry) => entry.method === 'POST' && entry.path.endsWith('/refund')).length;

  /** A pledge paid online and verified by its webhook: the reference, the payment, the serial and the donor's e-mail. */
  async function paidOnline(amountPaise = 125_000) {
    const input = pledgeInput({ amountPaise, email: uniqueDonor('refund').email });
    const pay = await (await app.caller()).donations.create(input);
    const payment = gateway.pay(pay.razorpay!.orderId);
    await deliverAndHandle(gateway.webhook('payment.captured', payment));
    const detail = await finance.donations.admin.get({ reference: pay.reference });
    expect(detail).toMatchObject({ status: 'verified', online: { paymentId: payment.id } });
    return { reference: pay.reference, orderId: pay.razorpay!.orderId, payment, serial: detail.receiptSerial!, email: input.email! };
  }

  it('finance refunds an online gift: the gateway takes the whole payment back, and its refund.processed cancels the gift, the receipt keeping its serial', async () => {
    const { reference, payment, serial, email } = await paidOnline();
    await app.runJobs();
    const before = refundCalls();
    const answer = await finance.donations.admin.refund({ reference, reason: 'The donor paid twice by mistake' });
    expect(answer).toEqual({ reference, refundId: expect.stringMatching(/^rfnd_/), status: 'pending' });
    expect(refundCalls()).toBe(before + 1);
    const refund = gateway.refunds.get(answer.refundId)!;
    expect([refund.amount, refund.payment_id, refund.receipt, refund.notes]).toEqual([125_000, payment.id, reference, { reference }]);
    expect(await typesOn(reference)).toEqual(['DonationPledged', 'DonationOrderCreated', 'DonationVerified', 'ReceiptRendered', 'DonationRefundRequested', 'DonationRefundCreated']);
    // Until the bank returns the money the gift stands, and the page shows the refund under way.
    const pending = await finance.donations.admin.get({ reference });
    expect(pending).toMatchObject({ status: 'verified', online: { paymentId: payment.id, refund: { status: 'pending', refundId: answer.refundId } } });

    const webhook = gateway.refundWebhook('refund.processed', gateway.settleRefund(answer.refundId));
    await deliverAndHandle(webhook);
    expect((await typesOn(reference)).slice(-2)).toEqual(['DonationRefundProcessed', 'DonationCancelled']);
    await app.runJobs();
    const cancelled = await finance.donations.admin.get({ reference });
    expect(cancelled).toMatchObject({ status: 'cancelled', receiptSerial: serial, reason: 'The donor paid twice by mistake', online: { refund: { status: 'processed' } } });
    expect((await app.services.eventStore.readStream(streamOf(reference))).filter((event) => event.type === 'ReceiptRendered').map((event) => (event.data as { variant: string; serial: string }).variant)).toEqual([
      'issued',
      'cancelled',
    ]);
    expect(await (await app.caller()).donations.getStatus({ reference, contact: email })).toMatchObject({ status: 'cancelled', receiptSerial: serial, reason: 'The donor paid twice by mistake' });

    // The same delivery again, another delivery of it, and a second click: nothing more, at the gateway or here.
    const after = await writes(app);
    const position = await lastPosition(app);
    expect((await deliver(webhook)).body).toEqual({ status: 'duplicate' });
    await deliverAndHandle(gateway.refundWebhook('refund.processed', refund));
    expect(await rejection(finance.donations.admin.refund({ reference, reason: 'Again' }))).toMatchObject({ code: 'CONFLICT', message: REFUND_ALREADY_MADE });
    expect(refundCalls()).toBe(before + 1);
    await expectOnlyDeliveriesRecorded(app, after, position, 1);
  });

  it('refuses what cannot be refunded here with 4xx, writing nothing and calling no gateway', async () => {
    const offline = await verifiedDonation(app, finance, { receivedOn: indiaDateOf(app.services.now()) });
    const pledged = await (await app.caller()).donations.create(pledgeInput());
    const online = await paidOnline();
    const cancelledByHand = await paidOnline();
    await finance.donations.admin.cancel({ reference: cancelledByHand.reference, reason: 'Entered twice' });
    const noSecondFactor = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['finance'], twoFactor: false })).token });
    const membersAdmin = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['members'] })).token });
    const member = await app.caller({ token: (await app.account()).token });
    const calls = refundCalls();
    const before = await writes(app);
    const reason = 'Asked by the donor';

    expect(await rejection(finance.donations.admin.refund({ reference: offline.reference, reason }))).toMatchObject({ code: 'BAD_REQUEST', message: REFUND_NOT_ONLINE });
    expect(await rejection(finance.donations.admin.refund({ reference: pledged.reference, reason }))).toMatchObject({ code: 'CONFLICT', message: REFUND_NOT_VERIFIED });
    expect(await rejection(finance.donations.admin.refund({ reference: cancelledByHand.reference, reason }))).toMatchObject({ code: 'CONFLICT', message: REFUND_ALREADY_MADE_OR_CANCELLED });
    expect(await rejection(finance.donations.admin.refund({ reference: 'ABCD-2345', reason }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await rejection(noSecondFactor.donations.admin.refund({ reference: online.reference, reason }))).toMatchObject({ code: 'FORBIDDEN', message: TWO_FACTOR_SETUP_REQUIRED });
    expect((await rejection(membersAdmin.donations.admin.refund({ reference: online.reference, reason }))).code).toBe('FORBIDDEN');
    expect((await rejection(member.donations.admin.refund({ reference: online.reference, reason }))).code).toBe('FORBIDDEN');
    expect((await rejection((await app.caller()).donations.admin.refund({ reference: online.reference, reason }))).code).toBe('UNAUTHORIZED');
    const short = await rejection(finance.donations.admin.refund({ reference: online.reference, reason: 'x' }));
    expect(short.code).toBe('BAD_REQUEST');
    expect(JSON.stringify(short.cause)).toContain(REASON_TOO_SHORT);
    expect((await rejection(finance.donations.admin.refund({ reference: online.reference, reason, amountPaise: 100 } as never))).code).toBe('BAD_REQUEST');
    expect((await rejection(finance.donations.admin.refund({ reference: 'not a reference', reason }))).code).toBe('BAD_REQUEST');

    await expectNothingWritten(app, before);
    expect(refundCalls()).toBe(calls);
  });

  it('a gateway that refuses or is down records why, refunds nothing, and lets finance ask again', async () => {
    const { reference, payment } = await paidOnline();
    gateway.failWith = 503;
    expect(await rejection(finance.donations.admin.refund({ reference, reason: 'Asked by the donor' }))).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: REFUND_GATEWAY_DOWN });
    gateway.failWith = null;
    expect((await typesOn(reference)).slice(-2)).toEqual(['DonationRefundRequested', 'DonationRefundFailed']);
    expect(await finance.donations.admin.get({ reference })).toMatchObject({ status: 'verified', online: { refund: { status: 'failed' } } });

    // Refunded meanwhile in the gateway's dashboard: the gateway refuses a second refund of it.
    const dashboard = gateway.refundInDashboard(payment.id);
    expect(await rejection(finance.donations.admin.refund({ reference, reason: 'Asked by the donor' }))).toMatchObject({ code: 'CONFLICT', message: REFUND_REFUSED });
    expect(gateway.refunds.size).toBeGreaterThan(0);
    // Its refund.processed still cancels the gift, with the reason finance gave.
    await deliverAndHandle(gateway.refundWebhook('refund.processed', gateway.settleRefund(dashboard.id)));
    expect(await finance.donations.admin.get({ reference })).toMatchObject({ status: 'cancelled', reason: 'Asked by the donor' });
  });

  it('a refund made only in the gateway’s dashboard cancels the gift too; a partial one is flagged for finance instead', async () => {
    const whole = await paidOnline();
    const refund = gateway.settleRefund(gateway.refundInDashboard(whole.payment.id).id);
    await deliverAndHandle(gateway.refundWebhook('refund.processed', refund));
    expect(await finance.donations.admin.get({ reference: whole.reference })).toMatchObject({ status: 'cancelled', reason: REFUNDED_BY_GATEWAY });

    const part = await paidOnline();
    const partial = gateway.settleRefund(gateway.refundInDashboard(part.payment.id, { amount: 25_000 }).id);
    await deliverAndHandle(gateway.refundWebhook('refund.processed', partial));
    expect(await finance.donations.admin.get({ reference: part.reference })).toMatchObject({ status: 'verified' });
    const [flag] = await app.services.eventStore.readStream(`online-payment-${part.payment.id}`);
    expect(flag?.data).toMatchObject({ reason: 'partial-refund', paidPaise: 25_000, expectedPaise: 125_000, reference: part.reference.replace('-', '') });
    const before = await writes(app);
    const position = await lastPosition(app);
    await deliverAndHandle(gateway.refundWebhook('refund.processed', partial));
    await expectOnlyDeliveriesRecorded(app, before, position, 1);
  });

  it('refund.failed lets finance ask again; a refund of a payment that verified nothing records nothing', async () => {
    const { reference } = await paidOnline();
    const { refundId } = await finance.donations.admin.refund({ reference, reason: 'Asked by the donor' });
    await deliverAndHandle(gateway.refundWebhook('refund.failed', gateway.settleRefund(refundId, 'failed')));
    expect(await finance.donations.admin.get({ reference })).toMatchObject({ status: 'verified', online: { refund: { status: 'failed' } } });
    expect(await finance.donations.admin.refund({ reference, reason: 'Asked by the donor' })).toMatchObject({ status: 'pending' });

    // A second payment of a paid order (flagged), given back in the dashboard: the gift it did not verify stands.
    const paid = await paidOnline();
    const second = gateway.pay(paid.orderId);
    await deliverAndHandle(gateway.webhook('payment.captured', second));
    expect((await app.services.eventStore.readStream(`online-payment-${second.id}`)).map((event) => event.type)).toEqual(['OnlinePaymentFlagged']);
    const before = await writes(app);
    const position = await lastPosition(app);
    await deliverAndHandle(gateway.refundWebhook('refund.processed', gateway.settleRefund(gateway.refundInDashboard(second.id).id)));
    await expectOnlyDeliveriesRecorded(app, before, position, 1);
    expect(await finance.donations.admin.get({ reference: paid.reference })).toMatchObject({ status: 'verified' });
  });

  it('payment.failed is recorded once on the unpaid donation, and the donor’s status page says so; after payment it is no longer shown', async () => {
    const input = pledgeInput({ email: uniqueDonor('failed').email });
    const pay = await (await app.caller()).donations.create(input);
    const failed = gateway.fail(pay.razorpay!.orderId);
    const webhook = gateway.webhook('payment.failed', failed);
    await deliverAndHandle(webhook);
    const events = await app.services.eventStore.readStream(streamOf(pay.reference));
    expect(events.at(-1)).toMatchObject({ type: 'OnlinePaymentFailed', data: { paymentId: failed.id, errorCode: 'BAD_REQUEST_ERROR', errorReason: 'payment_declined' } });
    // IDs and the gateway's codes only: nothing of the donor.
    expect(JSON.stringify(events.at(-1)!.data)).not.toMatch(/example\.org|Sunita/);
    const visitor = await app.caller();
    expect(await visitor.donations.getStatus({ reference: pay.reference, contact: input.email! })).toMatchObject({ status: 'awaiting_payment', onlinePaymentFailed: true, pay: expect.any(Object) });
    expect((await finance.donations.admin.get({ reference: pay.reference })).online).toMatchObject({ failedPayments: [{ paymentId: failed.id, errorCode: 'BAD_REQUEST_ERROR', errorReason: 'payment_declined' }] });

    const before = await writes(app);
    const position = await lastPosition(app);
    expect((await deliver(webhook)).body).toEqual({ status: 'duplicate' });
    // The same failure under another event ID: recorded as a delivery, and its job records nothing more.
    await deliverAndHandle(gateway.webhook('payment.failed', failed));
    await expectOnlyDeliveriesRecorded(app, before, position, 1);

    // Paid on the next try: verified, and the failure no longer shown.
    await deliverAndHandle(gateway.webhook('payment.captured', gateway.pay(pay.razorpay!.orderId)));
    expect(await visitor.donations.getStatus({ reference: pay.reference, contact: input.email! })).toMatchObject({ status: 'verified' });
    expect(await visitor.donations.getStatus({ reference: pay.reference, contact: input.email! })).not.toHaveProperty('onlinePaymentFailed');
    await app.runJobs();
    const after = await writes(app);
    const afterPosition = await lastPosition(app);
    await deliverAndHandle(gateway.webhook('payment.failed', gateway.fail(pay.razorpay!.orderId)));
    await expectOnlyDeliveriesRecorded(app, after, afterPosition, 1);
  });

  it('refuses a forged refund.processed with 400 and writes nothing', async () => {
    const { payment } = await paidOnline();
    const webhook = gateway.refundWebhook('refund.processed', gateway.settleRefund(gateway.refundInDashboard(payment.id).id));
    const before = await writes(app);
    const res = await request(http).post('/api/payments/razorpay/webhook').set({ ...webhook.headers, 'X-Razorpay-Signature': '0'.repeat(64) }).send(webhook.body);
    expect(res.status).toBe(400);
    await expectNothingWritten(app, before);
  });

  it('finance lists the flagged payments, newest first, with reason, amounts and IDs; no one else may; replay equals live', async () => {
    const input = pledgeInput({ amountPaise: 150_000 });
    const pay = await (await app.caller()).donations.create(input);
    const short = gateway.pay(pay.razorpay!.orderId, { amount: 100_000 });
    await deliverAndHandle(gateway.webhook('payment.captured', short));
    const { items, total } = await finance.donations.admin.flaggedPayments({});
    expect(total).toBe(items.length);
    expect(items[0]).toEqual({
      paymentId: short.id,
      orderId: pay.razorpay!.orderId,
      reference: pay.reference,
      reason: 'amount-differs',
      paidPaise: 100_000,
      paidCurrency: 'INR',
      expectedPaise: 150_000,
      flaggedAt: expect.any(String),
      resolution: null,
    });
    // A partial refund flagged before it is listed too (the earlier test), older.
    expect(items.map((item) => item.reason)).toContain('partial-refund');
    expect(items.map((item) => item.flaggedAt)).toEqual([...items.map((item) => item.flaggedAt)].sort().reverse());

    const membersAdmin = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['members'] })).token });
    expect((await rejection(membersAdmin.donations.admin.flaggedPayments({}))).code).toBe('FORBIDDEN');
    expect((await rejection((await app.caller()).donations.admin.flaggedPayments({}))).code).toBe('UNAUTHORIZED');
    expect((await rejection(finance.donations.admin.flaggedPayments({ limit: 5 } as never))).code).toBe('BAD_REQUEST');
    const [replay] = await replayAndCompare(app.services, 'online_payment_flags');
    expect(replay!.differences).toEqual([]);
    expect(replay!.events).toBeGreaterThanOrEqual(2);
  });

  it('refunds over REST too: POST /api/admin/donations/{reference}/refund, finance only, with the same refusals (decision 081)', async () => {
    const online = await paidOnline();
    const financeToken = (await app.account({ role: 'admin', permissions: ['finance'] })).token;
    const membersToken = (await app.account({ role: 'admin', permissions: ['members'] })).token;
    const path = `/api/admin/donations/${online.reference}/refund`;
    const before = await writes(app);
    const calls = refundCalls();
    expect((await request(http).post(path).send({ reason: 'Asked by the donor' })).status).toBe(401);
    expect((await request(http).post(path).set('Authorization', `Bearer ${membersToken}`).send({ reason: 'Asked by the donor' })).status).toBe(403);
    expect((await request(http).post(path).set('Authorization', `Bearer ${financeToken}`).send({ reason: 'x' })).status).toBe(400);
    expect((await request(http).post(path).set('Authorization', `Bearer ${financeToken}`).send({ reason: 'Asked by the donor', amountPaise: 100 })).status).toBe(400);
    expect(refundCalls()).toBe(calls);
    await expectNothingWritten(app, before);
    const refunded = await request(http).post(path).set('Authorization', `Bearer ${financeToken}`).send({ reason: 'Asked by the donor' });
    expect([refunded.status, refunded.body]).toEqual([200, { reference: online.reference, refundId: expect.stringMatching(/^rfnd_/), status: 'pending' }]);
    expect(refundCalls()).toBe(calls + 1);
    const again = await request(http).post(path).set('Authorization', `Bearer ${financeToken}`).send({ reason: 'Asked by the donor' });
    expect([again.status, again.body.message]).toEqual([409, REFUND_ALREADY_MADE]);
  });

  itRaces(kind, 'race: ten refund calls at once are one request, one refund at the gateway; ten refund.processed at once are one cancellation', async () => {
    const { reference } = await paidOnline();
    const calls = refundCalls();
    const { succeeded, refusals } = await raceCalls(CALLS, () => finance.donations.admin.refund({ reference, reason: 'Asked by the donor' }));
    expect(succeeded).toHaveLength(1);
    expect(refusals).toHaveLength(CALLS - 1);
    expectOnlyRefusals(refusals, [
      ['CONFLICT', REFUND_IN_PROGRESS],
      ['CONFLICT', REFUND_ALREADY_MADE],
    ]);
    expect(refundCalls()).toBe(calls + 1);
    expect((await typesOn(reference)).filter((type) => type === 'DonationRefundRequested')).toHaveLength(1);

    const webhook = gateway.refundWebhook('refund.processed', gateway.settleRefund(succeeded[0]!.refundId));
    const position = await lastPosition(app);
    const answers = await Promise.all(Array.from({ length: CALLS }, () => deliver(webhook)));
    expect(answers.map((res) => res.status)).toEqual(Array(CALLS).fill(200));
    expect(answers.filter((res) => res.body.status === 'received')).toHaveLength(1);
    expect(answers.filter((res) => res.body.status === 'duplicate')).toHaveLength(CALLS - 1);
    expect(await recordedSince(app, position)).toEqual(['GatewayEventReceived']);
    await app.runJobs();
    expect((await typesOn(reference)).filter((type) => type === 'DonationCancelled' || type === 'DonationRefundProcessed')).toEqual(['DonationRefundProcessed', 'DonationCancelled']);
  });
});
