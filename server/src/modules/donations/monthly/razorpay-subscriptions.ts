import Razorpay from 'razorpay';
import { z } from 'zod';
import type { RazorpayConfig } from '#server/config';
import { GATEWAY_TIMEOUT_MS, packageHttpClientOf } from '../online/razorpay-client.ts';

/**
 * Razorpay's Plans and Subscriptions (decision 079), through the official package as the rest of
 * the gateway is (decision 066: its HTTP client pointed at RAZORPAY_API_BASE, with a time limit).
 * One plan per amount: a plan of ₹N every month, made when a subscription needs it.
 */

const ZPlanSchema = z.object({ id: z.string().regex(/^plan_[A-Za-z0-9]+$/), item: z.object({ amount: z.number().int(), currency: z.string() }) });
export type GatewayPlan = z.infer<typeof ZPlanSchema>;
const ZSubscriptionSchema = z.object({
  id: z.string().regex(/^sub_[A-Za-z0-9]+$/),
  plan_id: z.string(),
  status: z.string(),
  short_url: z.string().nullable().optional(),
  notes: z.unknown().optional(),
});
export type GatewaySubscription = z.infer<typeof ZSubscriptionSchema>;

/** Monthly charges a subscription is made for: ten years (Razorpay allows up to a hundred). */
export const SUBSCRIPTION_TOTAL_COUNT = 120;

export interface SubscriptionsClient {
  keyId: string;
  createPlan(input: { amountPaise: number; name: string }): Promise<GatewayPlan>;
  createSubscription(input: { gatewayPlanId: string; startAt: number; planId: string }): Promise<GatewaySubscription>;
  fetchSubscription(subscriptionId: string): Promise<GatewaySubscription>;
  fetchPlan(gatewayPlanId: string): Promise<GatewayPlan>;
  pause(subscriptionId: string): Promise<GatewaySubscription>;
  resume(subscriptionId: string): Promise<GatewaySubscription>;
  cancel(subscriptionId: string): Promise<GatewaySubscription>;
  changePlan(subscriptionId: string, gatewayPlanId: string): Promise<GatewaySubscription>;
}

const clients = new WeakMap<RazorpayConfig, SubscriptionsClient>();

export function subscriptionsClientOf(config: RazorpayConfig): SubscriptionsClient {
  let client = clients.get(config);
  if (!client) {
    client = createClient(config);
    clients.set(config, client);
  }
  return client;
}

function createClient(config: RazorpayConfig): SubscriptionsClient {
  const instance = new Razorpay({ key_id: config.keyId, key_secret: config.keySecret });
  const http = packageHttpClientOf(instance.api);
  http.defaults.baseURL = config.apiBase;
  http.defaults.timeout = GATEWAY_TIMEOUT_MS;
  const subscription = async (answer: unknown) => ZSubscriptionSchema.parse(await answer);
  return {
    keyId: config.keyId,
    async createPlan({ amountPaise, name }) {
      return ZPlanSchema.parse(await instance.plans.create({ period: 'monthly', interval: 1, item: { name, amount: amountPaise, currency: 'INR' } }));
    },
    createSubscription: ({ gatewayPlanId, startAt, planId }) =>
      subscription(instance.subscriptions.create({ plan_id: gatewayPlanId, total_count: SUBSCRIPTION_TOTAL_COUNT, quantity: 1, customer_notify: 1, start_at: startAt, notes: { monthlyPlan: planId } })),
    fetchSubscription: (subscriptionId) => subscription(instance.subscriptions.fetch(subscriptionId)),
    async fetchPlan(gatewayPlanId) {
      return ZPlanSchema.parse(await instance.plans.fetch(gatewayPlanId));
    },
    pause: (subscriptionId) => subscription(instance.subscriptions.pause(subscriptionId, { pause_at: 'now' })),
    resume: (subscriptionId) => subscription(instance.subscriptions.resume(subscriptionId, { resume_at: 'now' })),
    cancel: (subscriptionId) => subscription(instance.subscriptions.cancel(subscriptionId, false)),
    changePlan: (subscriptionId, gatewayPlanId) => subscription(instance.subscriptions.update(subscriptionId, { plan_id: gatewayPlanId, schedule_change_at: 'now' })),
  };
}
