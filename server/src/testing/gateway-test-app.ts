import { startTestRazorpayGateway, type TestRazorpayGateway } from './razorpay-gateway.ts';
import type { TestDbKind } from './test-db.ts';
import { createTestApp, type TestApp, type TestAppOptions } from './test-services.ts';

export interface GatewayTestApp {
  gateway: TestRazorpayGateway;
  app: TestApp;
}

/** The app's configuration variables that point it at the local gateway, with the gateway's keys. */
export function gatewayEnv(gateway: TestRazorpayGateway): Record<string, string> {
  const { keyId, keySecret, webhookSecret } = gateway.config;
  return { RAZORPAY_KEY_ID: keyId, RAZORPAY_KEY_SECRET: keySecret, RAZORPAY_WEBHOOK_SECRET: webhookSecret, RAZORPAY_API_BASE: gateway.url };
}

/**
 * A test app paid through a local gateway started for it (server/src/testing/razorpay-gateway.ts):
 * the gateway's keys in the app's configuration, and room for a file's many pledges from one
 * address (a thousand an hour; `options.limits` may say more). Given `options.env` is added to the
 * gateway's variables. The caller closes the app, then the gateway.
 */
export async function createGatewayTestApp(kind: TestDbKind, options: TestAppOptions = {}): Promise<GatewayTestApp> {
  const gateway = await startTestRazorpayGateway();
  try {
    const app = await createTestApp(kind, {
      ...options,
      env: { ...gatewayEnv(gateway), ...options.env },
      limits: { donationPledgePerIp: { limit: 1000, windowSeconds: 3600 }, ...options.limits },
    });
    return { gateway, app };
  } catch (error) {
    await gateway.close();
    throw error;
  }
}
