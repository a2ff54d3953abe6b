import crypto from 'node:crypto';
import Razorpay from 'razorpay';
import type { AxiosInstance } from 'axios';
import { z } from 'zod';
import type { RazorpayConfig } from '#server/config';

/**
 * The calls Sahay makes to Razorpay (issue 33), through the official `razorpay` package. Its
 * constructor has no option for the API's address (it always names https://api.razorpay.com), so a
 * configured RAZORPAY_API_BASE is set on the package's own HTTP client after construction; the same
 * client gets a time limit, which the package leaves unset (docs/decisions/066).
 */

/** What a 503 for a gateway that cannot be reached says to wait (Retry-After) before asking again. */
export const GATEWAY_RETRY_AFTER_SECONDS = 60;

/** How long one call may take before the pledge goes on without the gateway. */
export const GATEWAY_TIMEOUT_MS = 5_000;

/**
 * An order and a payment as Razorpay answers them: the fields read here, checked, so that an answer
 * of another shape is an error of the call (the pledge goes on without the gateway; a webhook's
 * payment is not recorded) rather than a value trusted blindly. Other fields are let through.
 */
const ZGatewayOrderSchema = z.object({ id: z.string().min(1), amount: z.number().int(), currency: z.string(), receipt: z.string().nullable(), status: z.string() });
export type GatewayOrder = z.infer<typeof ZGatewayOrderSchema>;

const ZGatewayPaymentSchema = z.object({ id: z.string().min(1), amount: z.number().int(), currency: z.string(), status: z.string(), order_id: z.string().nullable() });
export type GatewayPayment = z.infer<typeof ZGatewayPaymentSchema>;

const ZGatewayRefundSchema = z.object({ id: z.string().regex(/^rfnd_[A-Za-z0-9]+$/), amount: z.number().int(), currency: z.string(), payment_id: z.string(), status: z.enum(['pending', 'processed', 'failed']) });
export type GatewayRefundEntity = z.infer<typeof ZGatewayRefundSchema>;

const ZGatewayListedPaymentSchema = z.object({ id: z.string().min(1), amount: z.number().int(), currency: z.string(), status: z.string(), order_id: z.string().nullable(), captured: z.boolean(), created_at: z.number().int() });
export type GatewayListedPayment = z.infer<typeof ZGatewayListedPaymentSchema>;
const ZGatewayCollectionSchema = z.object({ items: z.array(ZGatewayListedPaymentSchema) });

/**
 * One transaction of the settlement recon report (GET /v1/settlements/recon/combined), as Razorpay
 * documents it: the fields read here. `type` is payment, refund, transfer or adjustment; for a payment,
 * `entity_id` is its ID, `amount` what the donor paid, `fee` Razorpay's fee (tax included) and `credit`
 * what reached the bank account.
 */
const ZGatewaySettledSchema = z.object({
  entity_id: z.string().min(1),
  type: z.string(),
  amount: z.union([z.number(), z.string()]).transform(Number).pipe(z.number().int()),
  credit: z.number().int(),
  fee: z.number().int(),
  tax: z.number().int(),
  settled: z.boolean(),
  settled_at: z.number().int().nullable(),
  settlement_id: z.string().nullable(),
});
export type GatewaySettledTransaction = z.infer<typeof ZGatewaySettledSchema>;
const ZGatewaySettledCollectionSchema = z.object({ items: z.array(ZGatewaySettledSchema) });

/** Transactions asked for per page of the settlement recon report (Razorpay's most). */
export const SETTLEMENT_RECON_PAGE_SIZE = 1000;

/** Payments asked for per page of GET /v1/payments (Razorpay's most). */
export const PAYMENTS_PAGE_SIZE = 100;

export interface RazorpayClient {
  keyId: string;
  createOrder(input: { amountPaise: number; receipt: string; notes: Record<string, string> }): Promise<GatewayOrder>;
  fetchOrder(orderId: string): Promise<GatewayOrder>;
  fetchPayment(paymentId: string): Promise<GatewayPayment>;
  /** POST /v1/payments/:id/refund (`payments.refund`): the amount in paise, at normal speed, the reference as its receipt and note. */
  refundPayment(paymentId: string, input: { amountPaise: number; reference: string }): Promise<GatewayRefundEntity>;
  /** GET /v1/payments?from&to (`payments.all`, unix seconds, both ends included), every page. */
  listPayments(input: { from: number; to: number }): Promise<GatewayListedPayment[]>;
  /** GET /v1/settlements/recon/combined?year&month&day (`settlements.reports`): every transaction settled that day, every page. */
  listSettledTransactions(date: string): Promise<GatewaySettledTransaction[]>;
}

const clients = new WeakMap<RazorpayConfig, RazorpayClient>();

/** The client for these keys, made once per configuration. */
export function razorpayClientOf(config: RazorpayConfig): RazorpayClient {
  let client = clients.get(config);
  if (!client) {
    client = createRazorpayClient(config);
    clients.set(config, client);
  }
  return client;
}

function createRazorpayClient(config: RazorpayConfig): RazorpayClient {
  const instance = new Razorpay({ key_id: config.keyId, key_secret: config.keySecret });
  // The package's HTTP client (axios), not part of its typed surface: the address and the time limit.
  const http = packageHttpClientOf(instance.api);
  http.defaults.baseURL = config.apiBase;
  http.defaults.timeout = GATEWAY_TIMEOUT_MS;
  return {
    keyId: config.keyId,
    async createOrder({ amountPaise, receipt, notes }) {
      return ZGatewayOrderSchema.parse(await instance.orders.create({ amount: amountPaise, currency: 'INR', receipt, notes }));
    },
    async fetchOrder(orderId) {
      return ZGatewayOrderSchema.parse(await instance.orders.fetch(orderId));
    },
    async fetchPayment(paymentId) {
      return ZGatewayPaymentSchema.parse(await instance.payments.fetch(paymentId));
    },
    async refundPayment(paymentId, { amountPaise, reference }) {
      return ZGatewayRefundSchema.parse(await instance.payments.refund(paymentId, { amount: amountPaise, speed: 'normal', receipt: reference, notes: { reference } }));
    },
    async listPayments({ from, to }) {
      const payments: GatewayListedPayment[] = [];
      for (let skip = 0; ; skip += PAYMENTS_PAGE_SIZE) {
        const page = ZGatewayCollectionSchema.parse(await instance.payments.all({ from, to, count: PAYMENTS_PAGE_SIZE, skip }));
        payments.push(...page.items);
        if (page.items.length < PAYMENTS_PAGE_SIZE) return payments;
      }
    },
    async listSettledTransactions(date) {
      const [year, month, day] = date.split('-').map(Number) as [number, number, number];
      const settled: GatewaySettledTransaction[] = [];
      for (let skip = 0; ; skip += SETTLEMENT_RECON_PAGE_SIZE) {
        const page = ZGatewaySettledCollectionSchema.parse(await instance.settlements.reports({ year, month, day, count: SETTLEMENT_RECON_PAGE_SIZE, skip }));
        settled.push(...page.items);
        if (page.items.length < SETTLEMENT_RECON_PAGE_SIZE) return settled;
      }
    },
  };
}

/** HMAC-SHA256 in hex, as Razorpay signs webhooks (the raw body) and payments (`order_id|payment_id`). */
export function razorpaySignature(payload: string | Buffer, secret: string): string {
  return crypto.createHmac('sha256', secret).update(payload).digest('hex');
}

/** A signature checked in constant time; anything but 64 hex digits is false. */
export function isRazorpaySignature(payload: string | Buffer, signature: string | undefined, secret: string): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = Buffer.from(razorpaySignature(payload, secret), 'hex');
  return crypto.timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

/**
 * The axios instance the package keeps as `api.rq`. Checked, not assumed: a package version that
 * renames it fails here, at the first call, instead of sending the keys to Razorpay's real address.
 */
export function packageHttpClientOf(api: unknown): AxiosInstance {
  const rq: unknown = typeof api === 'object' && api !== null && 'rq' in api ? api.rq : undefined;
  if (typeof rq !== 'function' || !('defaults' in rq) || typeof rq.defaults !== 'object' || rq.defaults === null) {
    throw new Error('razorpay: the package no longer keeps its HTTP client as api.rq; see docs/decisions/066');
  }
  return rq as AxiosInstance;
}
