import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayAndCompare } from '#server/event-store/replay';
import { TWO_FACTOR_SETUP_REQUIRED } from '#server/modules/identity/identity.api';
import { expectOnlyRefusals, raceCalls, rejection } from '#server/testing/assertions';
import { type SignedWebhook, type TestRazorpayGateway } from '#server/testing/razorpay-gateway';
import { createGatewayTestApp } from '#server/testing/gateway-test-app';
import { testDbKinds } from '#server/testing/test-db';
import { itRaces } from '#server/testing/requires';
import { type AppCaller, type TestApp } from '#server/testing/test-services';
import { REASON_TOO_SHORT } from '../donation-fields.schema.ts';
import { expectNothingWritten, pledgeInput, writes } from '../donations.test-helper.ts';
import { FLAG_NOT_FOUND, FLAG_RESOLVED_ALREADY } from './online-payment-flag.decider.ts';

/**
 * Finance marks a flagged online payment resolved, with what was done (issue 33, decision 081): the
 * list then shows it among the resolved ones; once per flag.
 */
const CALLS = 10;

describe.each(testDbKinds())('resolving flagged online payments on %s', (kind) => {
  let gateway: TestRazorpayGateway;
  let app: TestApp;
  let finance: AppCaller;

  beforeAll(async () => {
    ({ gateway, app } = await createGatewayTestApp(kind));
    finance = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['finance'] })).token });
  });
  afterAll(async () => {
    await app?.close();
    await gateway?.close();
  });

  const deliver = (webhook: SignedWebhook) => request(app.http()).post('/api/payments/razorpay/webhook').set(webhook.headers).send(webhook.body);

  /** A payment of another amount than its pledge: captured, flagged, verifying nothing. */
  async function flaggedPayment(): Promise<string> {
    const pledge = await (await app.caller()).donations.create(pledgeInput({ amountPaise: 50_000 }));
    const payment = gateway.pay(pledge.razorpay!.orderId, { amount: 40_000 });
    expect((await deliver(gateway.webhook('payment.captured', payment))).body).toEqual({ status: 'received' });
    await app.runJobs();
    expect((await app.services.eventStore.readStream(`online-payment-${payment.id}`)).map((event) => event.type)).toEqual(['OnlinePaymentFlagged']);
    return payment.id;
  }

  it('marks a flag resolved with finance’s note; the list shows it resolved, apart from the open ones; a second call is refused', async () => {
    const resolvedId = await flaggedPayment();
    const openId = await flaggedPayment();
    const before = await finance.donations.admin.flaggedPayments({});
    expect(before.items.find((item) => item.paymentId === resolvedId)?.resolution).toBeNull();

    const answer = await finance.donations.admin.resolveFlaggedPayment({ paymentId: resolvedId, note: '  Refunded in the Razorpay dashboard  ' });
    expect(answer.paymentId).toBe(resolvedId);

    const after = await finance.donations.admin.flaggedPayments({});
    expect(after.total).toBe(before.total);
    expect(after.openCount).toBe(before.openCount - 1);
    const resolved = after.items.find((item) => item.paymentId === resolvedId)!;
    expect(resolved.resolution).toEqual({ resolvedAt: answer.resolvedAt, note: 'Refunded in the Razorpay dashboard' });
    // Open flags come first.
    const firstResolved = after.items.findIndex((item) => item.resolution !== null);
    expect(after.items.findIndex((item) => item.paymentId === openId)).toBeLessThan(firstResolved);
    expect(after.items.slice(firstResolved).every((item) => item.resolution !== null)).toBe(true);

    const events = await app.services.eventStore.readStream(`online-payment-${resolvedId}`);
    expect(events.map((event) => event.type)).toEqual(['OnlinePaymentFlagged', 'OnlinePaymentFlagResolved']);
    expect(events[1]!.data).toMatchObject({ paymentId: resolvedId, note: 'Refunded in the Razorpay dashboard', resolvedBy: expect.any(String) });

    const written = await writes(app);
    expect(await rejection(finance.donations.admin.resolveFlaggedPayment({ paymentId: resolvedId, note: 'Again' }))).toMatchObject({ code: 'CONFLICT', message: FLAG_RESOLVED_ALREADY });
    await expectNothingWritten(app, written);
    const [replay] = await replayAndCompare(app.services, 'online_payment_flags');
    expect(replay!.differences).toEqual([]);
  });

  it('refuses an unknown payment, a bad note, unknown fields and anyone but finance with its second factor, writing nothing', async () => {
    const paymentId = await flaggedPayment();
    const noSecondFactor = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['finance'], twoFactor: false })).token });
    const membersAdmin = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['members'] })).token });
    const member = await app.caller({ token: (await app.account()).token });
    const note = 'Refunded in the Razorpay dashboard';
    const written = await writes(app);

    expect(await rejection(finance.donations.admin.resolveFlaggedPayment({ paymentId: 'pay_NeverFlagged1', note }))).toMatchObject({ code: 'NOT_FOUND', message: FLAG_NOT_FOUND });
    const short = await rejection(finance.donations.admin.resolveFlaggedPayment({ paymentId, note: 'ok' }));
    expect(short.code).toBe('BAD_REQUEST');
    expect(JSON.stringify(short.cause)).toContain(REASON_TOO_SHORT);
    expect((await rejection(finance.donations.admin.resolveFlaggedPayment({ paymentId, note: '=HYPERLINK("x")' }))).code).toBe('BAD_REQUEST');
    expect((await rejection(finance.donations.admin.resolveFlaggedPayment({ paymentId: 'order_X1', note }))).code).toBe('BAD_REQUEST');
    expect((await rejection(finance.donations.admin.resolveFlaggedPayment({ paymentId, note, resolvedBy: 'someone' } as never))).code).toBe('BAD_REQUEST');
    expect(await rejection(noSecondFactor.donations.admin.resolveFlaggedPayment({ paymentId, note }))).toMatchObject({ code: 'FORBIDDEN', message: TWO_FACTOR_SETUP_REQUIRED });
    expect((await rejection(membersAdmin.donations.admin.resolveFlaggedPayment({ paymentId, note }))).code).toBe('FORBIDDEN');
    expect((await rejection(member.donations.admin.resolveFlaggedPayment({ paymentId, note }))).code).toBe('FORBIDDEN');
    expect((await rejection((await app.caller()).donations.admin.resolveFlaggedPayment({ paymentId, note }))).code).toBe('UNAUTHORIZED');
    expect((await rejection(membersAdmin.donations.admin.flaggedPayments({}))).code).toBe('FORBIDDEN');
    await expectNothingWritten(app, written);
  });

  itRaces(kind, 'race: ten calls at once resolve the flag once', async () => {
    const paymentId = await flaggedPayment();
    const { succeeded, refusals } = await raceCalls(CALLS, () => finance.donations.admin.resolveFlaggedPayment({ paymentId, note: 'Refunded in the Razorpay dashboard' }));
    expect(succeeded).toHaveLength(1);
    expect(refusals).toHaveLength(CALLS - 1);
    expectOnlyRefusals(refusals, [['CONFLICT', FLAG_RESOLVED_ALREADY]]);
    const events = await app.services.eventStore.readStream(`online-payment-${paymentId}`);
    expect(events.filter((event) => event.type === 'OnlinePaymentFlagResolved')).toHaveLength(1);
  });
});
