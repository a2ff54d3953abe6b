import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayAndCompare } from '#server/event-store/replay';
import { type SignedWebhook, type TestRazorpayGateway } from '#server/testing/razorpay-gateway';
import { createGatewayTestApp } from '#server/testing/gateway-test-app';
import { testDbKinds } from '#server/testing/test-db';
import { itRaces } from '#server/testing/requires';
import { type AppCaller, type TestApp } from '#server/testing/test-services';
import { pledgeInput } from '../donations.test-helper.ts';
import { checkOnlinePayments, checkOnlinePaymentsJob, indiaDayBounds } from './check-online-payments.job.ts';

/**
 * The nightly check (issue 33, decision 069) against the local gateway: a day's captured payments
 * (GET /v1/payments?from&to, every page) against the donations verified online that day.
 */
describe.each(testDbKinds())('the nightly check of online payments on %s', (kind) => {
  // The day checked: 10 August 2031 in India. Payments are verified "today" by the clock below.
  const day = '2031-08-10';
  let clock = new Date('2031-08-10T06:00:00.000Z');
  let gateway: TestRazorpayGateway;
  let app: TestApp;
  let finance: AppCaller;

  beforeAll(async () => {
    ({ gateway, app } = await createGatewayTestApp(kind, { now: () => clock }));
    finance = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['finance'] })).token });
  });
  afterAll(async () => {
    await app?.close();
    await gateway?.close();
  });

  const deliver = (webhook: SignedWebhook) => request(app.http()).post('/api/payments/razorpay/webhook').set(webhook.headers).send(webhook.body);
  /** Delivered and answered `received`; handled by its job at the next runJobs (decision 083). */
  const deliverReceived = async (webhook: SignedWebhook) => expect((await deliver(webhook)).body).toEqual({ status: 'received' });
  /** The payments of these IDs that verified a donation. */
  const verifiedBy = async (paymentIds: readonly string[]) =>
    (await app.services.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM events WHERE type = 'DonationVerified' AND data->>'paymentId' = ANY($1::text[])`, [paymentIds])).rows[0]!.n;
  const { from, to } = indiaDayBounds(day);

  it('the day in India runs from 18:30 UTC the day before to 18:29:59', () => {
    expect([new Date(from * 1000).toISOString(), new Date(to * 1000).toISOString()]).toEqual(['2031-08-09T18:30:00.000Z', '2031-08-10T18:29:59.000Z']);
  });

  // 108 payments verified and their receipts drawn by the jobs: 6 s alone, over 30 s on a loaded CI machine.
  it('finds a captured payment no donation was verified by, a verified donation the gateway does not show captured, and records the day once', { timeout: 120_000 }, async () => {
    // 105 matching payments (more than one page of 100), one made just before midnight the day before.
    const matched: string[] = [];
    for (let index = 0; index < 105; index += 1) {
      const pay = await (await app.caller()).donations.create(pledgeInput({ amountPaise: 10_000 + index }));
      const payment = gateway.pay(pay.razorpay!.orderId, { createdAt: index === 0 ? from - 60 : from + 3600 + index });
      await deliverReceived(gateway.webhook('payment.captured', payment));
      matched.push(payment.id);
    }
    await app.runJobs();
    expect(await verifiedBy(matched)).toBe(105);
    // Paid the wrong amount: captured at the gateway, flagged, verifies nothing.
    const short = await (await app.caller()).donations.create(pledgeInput({ amountPaise: 50_000 }));
    const shortPayment = gateway.pay(short.razorpay!.orderId, { amount: 40_000, createdAt: from + 7200 });
    await deliverReceived(gateway.webhook('payment.captured', shortPayment));
    await app.runJobs();
    expect((await app.services.eventStore.readStream(`online-payment-${shortPayment.id}`)).map((event) => event.type)).toEqual(['OnlinePaymentFlagged']);
    // Verified here, but the gateway no longer knows the payment as captured (a test of what a mismatch looks like).
    const lost = await (await app.caller()).donations.create(pledgeInput({ amountPaise: 30_000 }));
    const lostPayment = gateway.pay(lost.razorpay!.orderId, { createdAt: from + 9000 });
    await deliverReceived(gateway.webhook('payment.captured', lostPayment));
    await app.runJobs();
    expect(await verifiedBy([lostPayment.id])).toBe(1);
    Object.assign(lostPayment, { status: 'failed', captured: false });
    // Another day's payment is not this day's.
    gateway.pay((await (await app.caller()).donations.create(pledgeInput())).razorpay!.orderId, { createdAt: to + 10 });

    clock = new Date('2031-08-11T00:00:00.000Z');
    const pagesBefore = gateway.requests.filter((entry) => entry.path === '/v1/payments').length;
    await checkOnlinePaymentsJob.run({ id: 'repeat:check-online-payments:1', scheduledAt: new Date('2031-08-11T00:00:00.000Z') }, app.services);
    // Two pages for the day, one for the day a settlement window before (decision 081).
    expect(gateway.requests.filter((entry) => entry.path === '/v1/payments').length - pagesBefore).toBe(3);

    const { checks } = await finance.donations.admin.flaggedPayments({});
    expect(checks).toHaveLength(1);
    const [check] = checks;
    expect(check).toMatchObject({ date: day, capturedCount: 105, verifiedCount: 106, settlements: { settledCount: 0, capturedOn: '2031-08-03', capturedCount: 0 } });
    expect(check!.differences).toEqual([
      { kind: 'captured-not-verified', paymentId: shortPayment.id, reference: null, gatewayPaise: 40_000, verifiedPaise: null, isFlagged: true },
      { kind: 'verified-not-captured', paymentId: lostPayment.id, reference: lost.reference, gatewayPaise: null, verifiedPaise: 30_000, isFlagged: false },
    ]);
    expect(matched).toHaveLength(105);

    // Run again (a retried slot): nothing more.
    const events = await app.eventCount();
    expect(await checkOnlinePayments(app.services, day, clock)).toBeNull();
    expect(await app.eventCount()).toBe(events);
    const [replay] = await replayAndCompare(app.services, 'online_payment_checks');
    expect(replay!.differences).toEqual([]);
  });

  it('compares the settlements: a payment captured a week ago that no settlement paid, and one settled for another amount (decision 081)', async () => {
    const date = '2031-09-20';
    const capturedOn = '2031-09-13';
    const window = indiaDayBounds(capturedOn);
    clock = new Date('2031-09-13T06:00:00.000Z');
    const paid: { reference: string; paymentId: string }[] = [];
    for (const amountPaise of [10_000, 20_000, 30_000]) {
      const pledge = await (await app.caller()).donations.create(pledgeInput({ amountPaise }));
      const payment = gateway.pay(pledge.razorpay!.orderId, { createdAt: window.from + 3600 });
      await deliverReceived(gateway.webhook('payment.captured', payment));
      paid.push({ reference: pledge.reference, paymentId: payment.id });
    }
    await app.runJobs();
    expect(await verifiedBy(paid.map((payment) => payment.paymentId))).toBe(3);
    const [settledInTime, settledShort, neverSettled] = paid as [(typeof paid)[number], (typeof paid)[number], (typeof paid)[number]];
    // Settled two days later; the second for less than was paid (on the checked day); the third never.
    gateway.settle([settledInTime.paymentId], { settledAt: indiaDayBounds('2031-09-15').from + 7200 });
    gateway.settle([settledShort.paymentId], { settledAt: indiaDayBounds(date).from + 7200, amount: 25_000 });
    // A settlement outside the window is not read: it cannot hide the payment that was never settled.
    const recon = () => gateway.requests.filter((entry) => entry.path === '/v1/settlements/recon/combined').length;
    const reconBefore = recon();

    clock = new Date('2031-09-21T00:00:00.000Z');
    expect(await checkOnlinePayments(app.services, date, clock)).toBe(2);
    expect(recon() - reconBefore).toBe(8);
    const check = (await finance.donations.admin.flaggedPayments({})).checks.find((item) => item.date === date)!;
    expect(check.settlements).toEqual({ settledCount: 1, settledPaise: 25_000, feesPaise: 590, creditedPaise: 24_410, capturedOn, capturedCount: 3 });
    expect(check.differences).toEqual([
      { kind: 'captured-not-settled', paymentId: neverSettled.paymentId, reference: neverSettled.reference, gatewayPaise: 30_000, verifiedPaise: 30_000, isFlagged: false },
      { kind: 'settled-amount-differs', paymentId: settledShort.paymentId, reference: settledShort.reference, gatewayPaise: 25_000, verifiedPaise: 20_000, isFlagged: false },
    ]);
    const [replay] = await replayAndCompare(app.services, 'online_payment_checks');
    expect(replay!.differences).toEqual([]);
  });

  it('records nothing when the gateway cannot give the settlements (the job is retried)', async () => {
    const events = await app.eventCount();
    gateway.failWith = 503;
    try {
      await expect(checkOnlinePayments(app.services, '2031-10-01', clock)).rejects.toBeTruthy();
    } finally {
      gateway.failWith = null;
    }
    expect(await app.eventCount()).toBe(events);
  });

  itRaces(kind, 'race: five runs of one day at once record one check', async () => {
    const date = '2031-08-05';
    await Promise.allSettled(Array.from({ length: 5 }, () => checkOnlinePayments(app.services, date, clock)));
    const events = await app.services.eventStore.readStream(`online-payments-check-${date}`);
    expect(events.map((event) => event.type)).toEqual(['OnlinePaymentsChecked']);
  });

  it('does nothing without the gateway configured', async () => {
    const events = await app.eventCount();
    expect(await checkOnlinePayments({ ...app.services, config: { ...app.services.config, razorpay: null } }, '2031-08-09', clock)).toBeNull();
    expect(await app.eventCount()).toBe(events);
  });
});
