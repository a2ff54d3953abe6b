import type { TPaymentDetails } from '@sahay/server/modules/donations/giving/create-donation.schema';

/**
 * Razorpay Checkout (issue 33; docs/decisions/068): its script is added to the page only when the
 * donor chooses to pay online, never with the page, so /donate and every other public page keep
 * their JavaScript budget. The server's CSP allows the script on /donate only (and only with the
 * gateway configured); a load that fails tells the donor to pay by UPI or bank transfer instead.
 */
export const CHECKOUT_SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js';
/** A script that has not arrived by then is treated as failed (a slow network, a blocked host). */
export const CHECKOUT_LOAD_TIMEOUT_MS = 20_000;

/** What Checkout hands the page after a payment: sent as is to donations.confirmOnlinePayment. */
export interface CheckoutSuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

/** What both of Razorpay's Checkout forms this site opens take. */
interface CheckoutCommonOptions {
  key: string;
  name: string;
  description: string;
  /** Only what the donor typed into the form; nothing else is sent to the gateway. */
  prefill: { name?: string; email?: string; contact?: string };
  modal: { ondismiss: () => void };
}

/** The Checkout options this page uses (Razorpay's "Checkout form" options). */
export interface CheckoutOptions extends CheckoutCommonOptions {
  order_id: string;
  amount: number;
  currency: 'INR';
  handler: (response: CheckoutSuccess) => void;
}

/**
 * Checkout's subscription form (monthly giving, decision 079): the subscription instead of an order.
 * What it hands back is not needed: the gateway's signed webhooks record the authorisation and every charge.
 */
export interface SubscriptionCheckoutOptions extends CheckoutCommonOptions {
  subscription_id: string;
  handler: () => void;
}

export interface CheckoutInstance {
  open(): void;
  on(event: 'payment.failed', callback: (response: unknown) => void): void;
}
export type CheckoutConstructor = new (options: CheckoutOptions | SubscriptionCheckoutOptions) => CheckoutInstance;

declare global {
  interface Window {
    Razorpay?: CheckoutConstructor;
  }
}

/** Per window (one in a browser; tests bring their own): the load in progress or done. */
const loads = new WeakMap<Window, Promise<CheckoutConstructor>>();

/**
 * Adds Checkout's script to the page once and resolves to its constructor. A failed load (offline,
 * blocked by the CSP, timed out) rejects and may be tried again: its script element is removed.
 */
export function loadCheckout(doc: Document = document, win: Window = window, timeoutMs = CHECKOUT_LOAD_TIMEOUT_MS): Promise<CheckoutConstructor> {
  if (win.Razorpay) return Promise.resolve(win.Razorpay);
  const pending = loads.get(win);
  if (pending) return pending;
  const load = new Promise<CheckoutConstructor>((resolve, reject) => {
    const script = doc.createElement('script');
    const fail = (reason: string) => {
      win.clearTimeout(timer);
      script.remove();
      loads.delete(win);
      reject(new Error(`Checkout: ${reason}`));
    };
    const timer = win.setTimeout(() => fail('timed out'), timeoutMs);
    script.src = CHECKOUT_SCRIPT_URL;
    script.async = true;
    script.onload = () => {
      win.clearTimeout(timer);
      if (win.Razorpay) resolve(win.Razorpay);
      else fail('the script defined no Razorpay');
    };
    script.onerror = () => fail('the script could not be loaded');
    doc.head.append(script);
  });
  loads.set(win, load);
  return load;
}

/** The fields of the donate form that Checkout may be prefilled with. */
export interface TypedDonor {
  donorName: string;
  email: string;
  phone: string;
}

/**
 * Checkout's options for a pledge with a gateway order: the key and order from the pledge's answer,
 * its amount in paise, the foundation's name, and as prefill only the fields the donor filled in.
 */
export function checkoutOptionsOf(
  pay: { amountPaise: number; razorpay: NonNullable<TPaymentDetails['razorpay']> },
  donor: TypedDonor | null,
  texts: { name: string; description: string },
): Omit<CheckoutOptions, 'handler' | 'modal'> {
  const prefill: CheckoutOptions['prefill'] = {};
  if (donor?.donorName.trim()) prefill.name = donor.donorName.trim();
  if (donor?.email.trim()) prefill.email = donor.email.trim();
  if (donor?.phone.trim()) prefill.contact = donor.phone.replace(/[\s-]/g, '');
  return { key: pay.razorpay.keyId, order_id: pay.razorpay.orderId, amount: pay.amountPaise, currency: 'INR', name: texts.name, description: texts.description, prefill };
}
