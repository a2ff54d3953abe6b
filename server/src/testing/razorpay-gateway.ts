import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RazorpayConfig } from '#server/config';
import { razorpaySignature } from '#server/modules/donations/donations.api';

/**
 * Razorpay on 127.0.0.1, for tests (the gateway cannot be reached from these machines): the
 * endpoints Sahay calls, as Razorpay documents them — POST /v1/orders, GET /v1/orders/:id,
 * GET /v1/payments/:id, GET /v1/payments?from&to&count&skip, POST /v1/payments/:id/refund,
 * GET /v1/payments/:id/refunds, GET /v1/settlements/recon/combined?year&month[&day]&count&skip,
 * POST /v1/plans, GET /v1/plans/:id, POST /v1/subscriptions,
 * GET|PATCH /v1/subscriptions/:id, POST /v1/subscriptions/:id/pause|resume|cancel, with Basic auth
 * by key ID and secret and Razorpay's error shape — and
 * what the dashboard, the bank and Checkout would do: a donor paying an order (`pay`), authorising a
 * subscription (`authorise`), a month's charge (`charge`), and webhooks signed as Razorpay signs them
 * (`webhook`, `subscriptionWebhook`).
 */

export interface FakeOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}

export interface FakePayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'captured' | 'failed' | 'refunded';
  order_id: string;
  method: 'upi' | 'card' | 'netbanking';
  captured: boolean;
  amount_refunded: number;
  refund_status: null | 'partial' | 'full';
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  created_at: number;
}

/** A refund entity as Razorpay documents it (the fields it answers). */
export interface FakeRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: Record<string, string> | [];
  receipt: string | null;
  acquirer_data: { arn: string | null };
  created_at: number;
  batch_id: null;
  status: 'pending' | 'processed' | 'failed';
  speed_processed: 'normal' | 'instant';
  speed_requested: 'normal' | 'optimum';
}

/**
 * One transaction of the settlement recon report as Razorpay documents it (GET
 * /v1/settlements/recon/combined): here always a payment, its fee 2% with 18% tax on it.
 */
export interface FakeSettledTransaction {
  entity_id: string;
  type: 'payment' | 'refund' | 'transfer' | 'adjustment';
  debit: number;
  credit: number;
  amount: number;
  currency: string;
  fee: number;
  tax: number;
  on_hold: boolean;
  settled: boolean;
  created_at: number;
  settled_at: number;
  settlement_id: string;
  posted_at: number | null;
  credit_type: 'default';
  description: string | null;
  notes: Record<string, string> | [];
  payment_id: string | null;
  settlement_utr: string;
  order_id: string | null;
  order_receipt: string | null;
  method: string;
  card_network: string | null;
  card_issuer: string | null;
  card_type: string | null;
  dispute_id: string | null;
}

/** A plan as Razorpay documents it (POST /v1/plans): ₹N every `interval` `period`s. */
export interface FakePlan {
  id: string;
  entity: 'plan';
  interval: number;
  period: 'daily' | 'weekly' | 'monthly' | 'yearly';
  item: { id: string; active: boolean; name: string; description: string | null; amount: number; unit_amount: number; currency: string; type: 'plan'; created_at: number };
  notes: Record<string, string> | [];
  created_at: number;
}

/** A subscription as Razorpay documents it (POST /v1/subscriptions). */
export interface FakeSubscription {
  id: string;
  entity: 'subscription';
  plan_id: string;
  customer_id: string | null;
  status: 'created' | 'authenticated' | 'active' | 'pending' | 'halted' | 'cancelled' | 'completed' | 'expired' | 'paused';
  current_start: number | null;
  current_end: number | null;
  ended_at: number | null;
  quantity: number;
  notes: Record<string, string> | [];
  charge_at: number | null;
  start_at: number | null;
  end_at: number | null;
  auth_attempts: number;
  total_count: number;
  paid_count: number;
  customer_notify: boolean;
  created_at: number;
  expire_by: number | null;
  short_url: string;
  has_scheduled_changes: boolean;
  change_scheduled_at: number | null;
  source: 'api';
  payment_method: 'upi' | 'card' | 'emandate' | null;
  remaining_count: number;
}

/** A webhook delivery as Razorpay sends it: the raw body and its headers. */
export interface SignedWebhook {
  body: string;
  headers: Record<string, string>;
}

export interface TestRazorpayGateway {
  /** Its address, as RAZORPAY_API_BASE names it. */
  url: string;
  /** Keys that match it, for the server's configuration. */
  config: RazorpayConfig;
  orders: Map<string, FakeOrder>;
  payments: Map<string, FakePayment>;
  refunds: Map<string, FakeRefund>;
  /** The settlement recon report's transactions, in the order they were settled. */
  settled: FakeSettledTransaction[];
  plans: Map<string, FakePlan>;
  subscriptions: Map<string, FakeSubscription>;
  /** Every request, in order (method and path). */
  requests: { method: string; path: string }[];
  /** Answers every call with this status from now on (a gateway that is down), or null to serve. */
  failWith: number | null;
  /** The donor pays an order in Checkout: a captured payment (of another amount, if given). */
  pay(orderId: string, options?: { amount?: number; currency?: string; createdAt?: number }): FakePayment;
  /** The donor's attempt fails in Checkout (a bank's decline): a failed payment of the order, with Razorpay's error fields. */
  fail(orderId: string): FakePayment;
  /** A refund made in the Razorpay dashboard (of the whole payment, or `amount`), as the API would make it. */
  refundInDashboard(paymentId: string, options?: { amount?: number }): FakeRefund;
  /** The bank returned the money: the refund becomes processed (or failed), as its webhook then reports. */
  settleRefund(refundId: string, status?: 'processed' | 'failed'): FakeRefund;
  /**
   * Razorpay settles captured payments to the bank account (one settlement): each becomes a transaction
   * of the recon report, settled at `settledAt` (unix seconds; now by default), of its amount or `amount`.
   */
  settle(paymentIds: string[], options?: { settledAt?: number; amount?: number }): FakeSettledTransaction[];
  /** What Checkout hands the page: the payment's and order's IDs and their signature by the key secret. */
  checkoutResult(payment: FakePayment): { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };
  /** A webhook as Razorpay delivers it, signed with the webhook secret; `eventId` defaults to a new one. */
  webhook(event: 'payment.captured' | 'order.paid' | 'payment.failed' | string, payment: FakePayment, options?: { eventId?: string }): SignedWebhook;
  /** `refund.processed` / `refund.failed` / `refund.created` as Razorpay delivers them: the refund and its payment. */
  refundWebhook(event: 'refund.processed' | 'refund.failed' | 'refund.created', refund: FakeRefund, options?: { eventId?: string }): SignedWebhook;
  /** The donor authorises the subscription in Checkout (UPI AutoPay, e-mandate or card): authenticated; its first charge makes it active. */
  authorise(subscriptionId: string, options?: { method?: 'upi' | 'card' | 'emandate' }): FakeSubscription;
  /** A month's charge: a captured payment of the subscription's plan amount times its quantity, with its invoice's order. */
  charge(subscriptionId: string): FakePayment;
  /** The bank refused every retry: the subscription is halted. */
  halt(subscriptionId: string): FakeSubscription;
  /** Cancelled from Razorpay's dashboard (or by the donor at their bank). */
  cancelInDashboard(subscriptionId: string): FakeSubscription;
  /** A subscription.* webhook as Razorpay delivers it: the subscription and, for subscription.charged, the payment. */
  subscriptionWebhook(event: string, subscription: FakeSubscription, options?: { payment?: FakePayment; eventId?: string }): SignedWebhook;
  close(): Promise<void>;
}

function randomId(prefix: string): string {
  return `${prefix}_${crypto.randomBytes(7).toString('base64url').replace(/[-_]/g, 'x')}`;
}

function errorBody(code: string, description: string): string {
  return JSON.stringify({ error: { code, description, source: 'business', step: 'payment_initiation', reason: 'input_validation_failed', metadata: {} } });
}

export async function startTestRazorpayGateway(keys: Partial<RazorpayConfig> = {}): Promise<TestRazorpayGateway> {
  const keyId = keys.keyId ?? 'rzp_test_Sahay1234567';
  const keySecret = keys.keySecret ?? 'test-key-secret-0123';
  const webhookSecret = keys.webhookSecret ?? 'test-webhook-secret-0123';
  const orders = new Map<string, FakeOrder>();
  const payments = new Map<string, FakePayment>();
  const refunds = new Map<string, FakeRefund>();
  const settled: FakeSettledTransaction[] = [];
  const plans = new Map<string, FakePlan>();
  const subscriptions = new Map<string, FakeSubscription>();
  const requests: { method: string; path: string }[] = [];
  const state = { failWith: null as number | null };
  const expectedAuth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;

  const newPayment = (order: FakeOrder, fields: Partial<FakePayment>): FakePayment => ({
    id: randomId('pay'),
    entity: 'payment',
    amount: order.amount,
    currency: order.currency,
    status: 'captured',
    order_id: order.id,
    method: 'upi',
    captured: true,
    amount_refunded: 0,
    refund_status: null,
    error_code: null,
    error_description: null,
    error_source: null,
    error_step: null,
    error_reason: null,
    created_at: Math.floor(Date.now() / 1000),
    ...fields,
  });

  /** POST /v1/payments/:id/refund as Razorpay answers it: the refund, or its error for a payment it cannot refund. */
  const createRefund = (payment: FakePayment, input: { amount?: unknown; receipt?: unknown; notes?: unknown }): { status: number; body: string; refund?: FakeRefund } => {
    if (payment.status === 'failed' || !payment.captured) return { status: 400, body: errorBody('BAD_REQUEST_ERROR', 'The payment has not been captured') };
    if (payment.refund_status === 'full') return { status: 400, body: errorBody('BAD_REQUEST_ERROR', 'The payment has been fully refunded already') };
    const amount = input.amount === undefined ? payment.amount - payment.amount_refunded : input.amount;
    if (!Number.isInteger(amount) || (amount as number) < 100) return { status: 400, body: errorBody('BAD_REQUEST_ERROR', 'The amount must be atleast INR 1.00') };
    if ((amount as number) > payment.amount - payment.amount_refunded) return { status: 400, body: errorBody('BAD_REQUEST_ERROR', 'The refund amount provided is greater than amount captured') };
    const notes: FakeRefund['notes'] = input.notes && typeof input.notes === 'object' && !Array.isArray(input.notes) && Object.keys(input.notes).length > 0 ? (input.notes as Record<string, string>) : [];
    const refund: FakeRefund = {
      id: randomId('rfnd'),
      entity: 'refund',
      amount: amount as number,
      currency: payment.currency,
      payment_id: payment.id,
      notes,
      receipt: typeof input.receipt === 'string' ? input.receipt : null,
      acquirer_data: { arn: null },
      created_at: Math.floor(Date.now() / 1000),
      batch_id: null,
      status: 'pending',
      speed_processed: 'normal',
      speed_requested: 'normal',
    };
    refunds.set(refund.id, refund);
    payment.amount_refunded += refund.amount;
    payment.refund_status = payment.amount_refunded === payment.amount ? 'full' : 'partial';
    if (payment.refund_status === 'full') payment.status = 'refunded';
    return { status: 200, body: JSON.stringify(refund), refund };
  };

  const now = () => Math.floor(Date.now() / 1000);
  /** Plans and Subscriptions as Razorpay documents them; null for any other path. */
  const subscriptionsRoute = (method: string, path: string, raw: string): { status: number; body: string } | null => {
    if (!path.startsWith('/v1/plans') && !path.startsWith('/v1/subscriptions')) return null;
    let input: Record<string, unknown>;
    try {
      input = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
    } catch {
      return { status: 400, body: errorBody('BAD_REQUEST_ERROR', 'The request body is not JSON.') };
    }
    const ok = (entity: unknown) => ({ status: 200, body: JSON.stringify(entity) });
    const bad = (description: string) => ({ status: 400, body: errorBody('BAD_REQUEST_ERROR', description) });
    if (method === 'POST' && path === '/v1/plans') {
      const item = (input.item ?? {}) as { name?: unknown; amount?: unknown; currency?: unknown; description?: unknown };
      if (!['daily', 'weekly', 'monthly', 'yearly'].includes(input.period as string)) return bad('The period must be daily, weekly, monthly or yearly.');
      if (!Number.isInteger(input.interval) || (input.interval as number) < 1) return bad('The interval must be at least 1.');
      if (typeof item.name !== 'string' || item.name === '') return bad('The item name field is required.');
      if (!Number.isInteger(item.amount) || (item.amount as number) < 100) return bad('The amount must be atleast INR 1.00');
      if (item.currency !== 'INR') return bad('Currency is not supported');
      const plan: FakePlan = {
        id: randomId('plan'),
        entity: 'plan',
        interval: input.interval as number,
        period: input.period as FakePlan['period'],
        item: { id: randomId('item'), active: true, name: item.name, description: typeof item.description === 'string' ? item.description : null, amount: item.amount as number, unit_amount: item.amount as number, currency: 'INR', type: 'plan', created_at: now() },
        notes: [],
        created_at: now(),
      };
      plans.set(plan.id, plan);
      return ok(plan);
    }
    const planMatch = /^\/v1\/plans\/([A-Za-z0-9_]+)$/.exec(path);
    if (method === 'GET' && planMatch) {
      const plan = plans.get(planMatch[1]!);
      return plan ? ok(plan) : bad('The id provided does not exist');
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      const plan = plans.get(input.plan_id as string);
      if (!plan) return bad('The id provided does not exist');
      if (!Number.isInteger(input.total_count) || (input.total_count as number) < 1) return bad('The total count field is required.');
      if (input.start_at !== undefined && (!Number.isInteger(input.start_at) || (input.start_at as number) < now() - 60)) return bad('Start time should be in the future.');
      const notes: FakeSubscription['notes'] = input.notes && typeof input.notes === 'object' && Object.keys(input.notes).length > 0 ? (input.notes as Record<string, string>) : [];
      const subscription: FakeSubscription = {
        id: randomId('sub'),
        entity: 'subscription',
        plan_id: plan.id,
        customer_id: null,
        status: 'created',
        current_start: null,
        current_end: null,
        ended_at: null,
        quantity: Number.isInteger(input.quantity) ? (input.quantity as number) : 1,
        notes,
        charge_at: (input.start_at as number | undefined) ?? null,
        start_at: (input.start_at as number | undefined) ?? null,
        end_at: null,
        auth_attempts: 0,
        total_count: input.total_count as number,
        paid_count: 0,
        customer_notify: input.customer_notify !== 0 && input.customer_notify !== false,
        created_at: now(),
        expire_by: null,
        short_url: `https://rzp.io/i/${randomId('x').slice(2)}`,
        has_scheduled_changes: false,
        change_scheduled_at: null,
        source: 'api',
        payment_method: null,
        remaining_count: input.total_count as number,
      };
      subscriptions.set(subscription.id, subscription);
      return ok(subscription);
    }
    const subMatch = /^\/v1\/subscriptions\/([A-Za-z0-9_]+)(?:\/(pause|resume|cancel))?$/.exec(path);
    if (!subMatch) return { status: 404, body: errorBody('BAD_REQUEST_ERROR', 'The requested URL was not found on the server.') };
    const subscription = subscriptions.get(subMatch[1]!);
    if (!subscription) return bad('The id provided does not exist');
    const action = subMatch[2];
    if (method === 'GET' && !action) return ok(subscription);
    if (method === 'PATCH' && !action) {
      if (!['authenticated', 'active'].includes(subscription.status)) return bad('Subscription can only be updated when it is in authenticated or active state.');
      if (input.plan_id !== undefined) {
        if (!plans.has(input.plan_id as string)) return bad('The id provided does not exist');
        subscription.plan_id = input.plan_id as string;
      }
      return ok(subscription);
    }
    if (method === 'POST' && action === 'pause') {
      if (input.pause_at !== 'now') return bad('pause_at must be now.');
      if (subscription.status !== 'active') return bad('Subscription can only be paused when it is in active state.');
      subscription.status = 'paused';
      return ok(subscription);
    }
    if (method === 'POST' && action === 'resume') {
      if (input.resume_at !== 'now') return bad('resume_at must be now.');
      if (subscription.status !== 'paused') return bad('Subscription is not paused.');
      subscription.status = 'active';
      return ok(subscription);
    }
    if (method === 'POST' && action === 'cancel') {
      if (['cancelled', 'completed', 'expired'].includes(subscription.status)) return bad('Subscription is not cancellable in cancelled status.');
      Object.assign(subscription, { status: 'cancelled', ended_at: now() });
      return ok(subscription);
    }
    return { status: 404, body: errorBody('BAD_REQUEST_ERROR', 'The requested URL was not found on the server.') };
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]!;
      requests.push({ method: req.method ?? '', path });
      const send = (status: number, body: string) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(body);
      if (state.failWith !== null) return send(state.failWith, errorBody('SERVER_ERROR', 'The server is unavailable.'));
      if (req.headers.authorization !== expectedAuth) return send(401, errorBody('BAD_REQUEST_ERROR', 'Authentication failed'));
      if (req.method === 'POST' && path === '/v1/orders') {
        let input: { amount?: unknown; currency?: unknown; receipt?: unknown; notes?: unknown };
        try {
          input = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof input;
        } catch {
          return send(400, errorBody('BAD_REQUEST_ERROR', 'The request body is not JSON.'));
        }
        if (!Number.isInteger(input.amount) || (input.amount as number) < 100) return send(400, errorBody('BAD_REQUEST_ERROR', 'Order amount less than minimum amount allowed'));
        if (input.currency !== 'INR') return send(400, errorBody('BAD_REQUEST_ERROR', 'Currency is not supported'));
        if (input.receipt !== undefined && (typeof input.receipt !== 'string' || input.receipt.length > 40)) return send(400, errorBody('BAD_REQUEST_ERROR', 'receipt: the length must be no more than 40.'));
        const order: FakeOrder = {
          id: randomId('order'),
          entity: 'order',
          amount: input.amount as number,
          amount_paid: 0,
          amount_due: input.amount as number,
          currency: 'INR',
          receipt: (input.receipt as string | undefined) ?? null,
          offer_id: null,
          status: 'created',
          attempts: 0,
          notes: (input.notes as Record<string, string> | undefined) ?? {},
          created_at: Math.floor(Date.now() / 1000),
        };
        orders.set(order.id, order);
        return send(200, JSON.stringify(order));
      }
      const answer = subscriptionsRoute(req.method ?? '', path, Buffer.concat(chunks).toString('utf8'));
      if (answer) return send(answer.status, answer.body);
      if (req.method === 'GET' && path === '/v1/payments') {
        // Newest first, as Razorpay lists them; from and to are unix seconds, both included.
        const query = new URL(req.url ?? '', 'http://gateway').searchParams;
        const number = (name: string, fallback: number) => (query.has(name) ? Number(query.get(name)) : fallback);
        const [from, to, count, skip] = [number('from', 0), number('to', Number.MAX_SAFE_INTEGER), number('count', 10), number('skip', 0)];
        if (![from, to, count, skip].every(Number.isInteger) || count < 1 || count > 100) return send(400, errorBody('BAD_REQUEST_ERROR', 'The count must be between 1 and 100.'));
        const items = [...payments.values()].filter((payment) => payment.created_at >= from && payment.created_at <= to).sort((a, b) => b.created_at - a.created_at || (a.id < b.id ? -1 : 1));
        const page = items.slice(skip, skip + count);
        return send(200, JSON.stringify({ entity: 'collection', count: page.length, items: page }));
      }
      if (req.method === 'GET' && path === '/v1/settlements/recon/combined') {
        // The transactions settled in a month, or on one day of it (India's calendar, as the dashboard shows it).
        const query = new URL(req.url ?? '', 'http://gateway').searchParams;
        const [year, month, day, count, skip] = ['year', 'month', 'day', 'count', 'skip'].map((name) => (query.has(name) ? Number(query.get(name)) : null)) as [number | null, number | null, number | null, number | null, number | null];
        if (!Number.isInteger(year) || !Number.isInteger(month) || month! < 1 || month! > 12) return send(400, errorBody('BAD_REQUEST_ERROR', 'The year and month fields are required.'));
        if (day !== null && (!Number.isInteger(day) || day < 1 || day > 31)) return send(400, errorBody('BAD_REQUEST_ERROR', 'The day must be between 1 and 31.'));
        const [size, offset] = [count ?? 10, skip ?? 0];
        if (!Number.isInteger(size) || size < 1 || size > 1000 || !Number.isInteger(offset) || offset < 0) return send(400, errorBody('BAD_REQUEST_ERROR', 'The count must be between 1 and 1000.'));
        const prefix = `${year}-${String(month).padStart(2, '0')}${day === null ? '' : `-${String(day).padStart(2, '0')}`}`;
        const items = settled.filter((item) => new Date((item.settled_at + 330 * 60) * 1000).toISOString().startsWith(prefix));
        const page = items.slice(offset, offset + size);
        return send(200, JSON.stringify({ entity: 'collection', count: page.length, items: page }));
      }
      const refundMatch = /^\/v1\/payments\/([A-Za-z0-9_]+)\/(refund|refunds)$/.exec(path);
      if (refundMatch) {
        const payment = payments.get(refundMatch[1]!);
        if (!payment) return send(400, errorBody('BAD_REQUEST_ERROR', 'The id provided does not exist'));
        if (req.method === 'GET' && refundMatch[2] === 'refunds') {
          const items = [...refunds.values()].filter((refund) => refund.payment_id === payment.id);
          return send(200, JSON.stringify({ entity: 'collection', count: items.length, items }));
        }
        if (req.method === 'POST' && refundMatch[2] === 'refund') {
          let input: { amount?: unknown; receipt?: unknown; notes?: unknown };
          try {
            input = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as typeof input;
          } catch {
            return send(400, errorBody('BAD_REQUEST_ERROR', 'The request body is not JSON.'));
          }
          const answer = createRefund(payment, input);
          return send(answer.status, answer.body);
        }
      }
      const match = /^\/v1\/(orders|payments)\/([A-Za-z0-9_]+)$/.exec(path);
      if (req.method === 'GET' && match) {
        const found = match[1] === 'orders' ? orders.get(match[2]!) : payments.get(match[2]!);
        return found ? send(200, JSON.stringify(found)) : send(400, errorBody('BAD_REQUEST_ERROR', 'The id provided does not exist'));
      }
      return send(404, errorBody('BAD_REQUEST_ERROR', 'The requested URL was not found on the server.'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function signed(event: string, payload: Record<string, unknown>, eventId: string | undefined): SignedWebhook {
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_SahayTest0001',
      event,
      contains: Object.keys(payload),
      payload,
      created_at: Math.floor(Date.now() / 1000),
    });
    return {
      body,
      headers: {
        'Content-Type': 'application/json',
        'X-Razorpay-Signature': razorpaySignature(body, webhookSecret),
        'x-razorpay-event-id': eventId ?? randomId('evt'),
      },
    };
  }

  return {
    url,
    config: { keyId, keySecret, webhookSecret, apiBase: url },
    orders,
    payments,
    refunds,
    settled,
    plans,
    subscriptions,
    requests,
    get failWith() {
      return state.failWith;
    },
    set failWith(value) {
      state.failWith = value;
    },
    pay(orderId, options = {}) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`pay: no order ${orderId}`);
      const payment = newPayment(order, { amount: options.amount ?? order.amount, currency: options.currency ?? order.currency, ...(options.createdAt ? { created_at: options.createdAt } : {}) });
      payments.set(payment.id, payment);
      order.attempts += 1;
      if (payment.amount === order.amount) Object.assign(order, { status: 'paid', amount_paid: order.amount, amount_due: 0 });
      return payment;
    },
    fail(orderId) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`fail: no order ${orderId}`);
      const payment = newPayment(order, {
        status: 'failed',
        captured: false,
        error_code: 'BAD_REQUEST_ERROR',
        error_description: 'Payment was unsuccessful as the bank declined the transaction.',
        error_source: 'bank',
        error_step: 'payment_authorization',
        error_reason: 'payment_declined',
      });
      payments.set(payment.id, payment);
      order.attempts += 1;
      order.status = order.status === 'paid' ? 'paid' : 'attempted';
      return payment;
    },
    refundInDashboard(paymentId, options = {}) {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`refundInDashboard: no payment ${paymentId}`);
      const answer = createRefund(payment, { amount: options.amount });
      if (!answer.refund) throw new Error(`refundInDashboard: ${answer.body}`);
      return answer.refund;
    },
    settleRefund(refundId, status = 'processed') {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`settleRefund: no refund ${refundId}`);
      refund.status = status;
      if (status === 'processed') refund.acquirer_data = { arn: `ARN${refund.created_at}` };
      if (status === 'failed') {
        // The money stays with the merchant: the payment is refundable again.
        const payment = payments.get(refund.payment_id)!;
        payment.amount_refunded -= refund.amount;
        payment.refund_status = payment.amount_refunded === 0 ? null : 'partial';
        payment.status = 'captured';
      }
      return refund;
    },
    settle(paymentIds, options = {}) {
      const settledAt = options.settledAt ?? Math.floor(Date.now() / 1000);
      const settlementId = randomId('setl');
      const utr = `${settledAt}${crypto.randomBytes(3).toString('hex')}`;
      return paymentIds.map((paymentId) => {
        const payment = payments.get(paymentId);
        if (!payment || !payment.captured) throw new Error(`settle: no captured payment ${paymentId}`);
        const amount = options.amount ?? payment.amount;
        const fee = Math.round(amount * 0.02 * 1.18);
        const item: FakeSettledTransaction = {
          entity_id: payment.id,
          type: 'payment',
          debit: 0,
          credit: amount - fee,
          amount,
          currency: payment.currency,
          fee,
          tax: fee - Math.round(amount * 0.02),
          on_hold: false,
          settled: true,
          created_at: payment.created_at,
          settled_at: settledAt,
          settlement_id: settlementId,
          posted_at: settledAt,
          credit_type: 'default',
          description: null,
          notes: [],
          payment_id: null,
          settlement_utr: utr,
          order_id: payment.order_id,
          order_receipt: orders.get(payment.order_id)?.receipt ?? null,
          method: payment.method,
          card_network: null,
          card_issuer: null,
          card_type: null,
          dispute_id: null,
        };
        settled.push(item);
        return item;
      });
    },
    checkoutResult(payment) {
      return { razorpay_payment_id: payment.id, razorpay_order_id: payment.order_id, razorpay_signature: razorpaySignature(`${payment.order_id}|${payment.id}`, keySecret) };
    },
    webhook(event, payment, options = {}) {
      const order = orders.get(payment.order_id);
      const payload: Record<string, unknown> = { payment: { entity: payment } };
      if (event === 'order.paid' && order) payload.order = { entity: order };
      return signed(event, payload, options.eventId);
    },
    refundWebhook(event, refund, options = {}) {
      const payment = payments.get(refund.payment_id);
      // Razorpay's refund events carry the refund and its payment.
      return signed(event, { refund: { entity: refund }, ...(payment ? { payment: { entity: payment } } : {}) }, options.eventId);
    },
    authorise(subscriptionId, options = {}) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`authorise: no subscription ${subscriptionId}`);
      Object.assign(subscription, { status: 'authenticated', auth_attempts: subscription.auth_attempts + 1, customer_id: randomId('cust'), payment_method: options.method ?? 'upi' });
      return subscription;
    },
    charge(subscriptionId) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`charge: no subscription ${subscriptionId}`);
      const plan = plans.get(subscription.plan_id)!;
      const amount = plan.item.amount * subscription.quantity;
      // Each charge is an invoice with its own order, paid by the mandate.
      const order: FakeOrder = { id: randomId('order'), entity: 'order', amount, amount_paid: amount, amount_due: 0, currency: 'INR', receipt: null, offer_id: null, status: 'paid', attempts: 1, notes: {}, created_at: now() };
      orders.set(order.id, order);
      const payment = newPayment(order, { method: subscription.payment_method === 'card' ? 'card' : 'upi' });
      payments.set(payment.id, payment);
      // The first charge on its start day makes an authenticated subscription active.
      Object.assign(subscription, { status: subscription.status === 'authenticated' ? 'active' : subscription.status, paid_count: subscription.paid_count + 1, remaining_count: subscription.remaining_count - 1, current_start: now() });
      return payment;
    },
    halt(subscriptionId) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`halt: no subscription ${subscriptionId}`);
      subscription.status = 'halted';
      return subscription;
    },
    cancelInDashboard(subscriptionId) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`cancelInDashboard: no subscription ${subscriptionId}`);
      Object.assign(subscription, { status: 'cancelled', ended_at: now() });
      return subscription;
    },
    subscriptionWebhook(event, subscription, options = {}) {
      // Razorpay's subscription events carry the subscription, and subscription.charged its payment too.
      return signed(event, { subscription: { entity: { ...subscription } }, ...(options.payment ? { payment: { entity: options.payment } } : {}) }, options.eventId);
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
