import { foldStream, handleCommand } from '#server/event-store/command-handler';
import { AppError } from '#server/errors/app-error';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import type { Services } from '#server/services';
import { contactKeyOf } from '../donor-keys.ts';
import { formatReference } from '../donation-fields.schema.ts';
import { evolveDonation, isForeignContribution, NO_MATCHING_DONATION, noDonation } from '../donation.decider.ts';
import { donationStreamId, type DonationOrderCreated } from '../donations.events.ts';
import { consumeLookup } from '../giving/submit-proof.ts';
import { ONLINE_PAYMENTS_OFF } from './online-payments.schema.ts';
import { GATEWAY_RETRY_AFTER_SECONDS, razorpayClientOf, type GatewayOrder } from './razorpay-client.ts';

export const PAY_ONLINE_NOT_PAYABLE = 'This donation cannot be paid now: it is paid, or was cancelled or rejected. Its status shows what happened.';
export const PAY_ONLINE_PROOF_SENT = 'A proof of payment was sent for this donation already: it is being checked, so it is not paid online again.';
export const PAY_ONLINE_FOREIGN = 'A foreign contribution is paid only into the foundation’s FCRA account, by bank transfer.';
export const PAY_ONLINE_GATEWAY_DOWN = 'Paying online is not available just now. Please pay by UPI or bank transfer below, or try again later.';

/** The first key of the advisory lock that lets one call at a time make a pledge's order ("Sahay" 5e41, 0081). */
const ORDER_LOCK_NAMESPACE = 0x5e410081;

/**
 * `donations.payOnline` (decision 081): the order to open Checkout on for an unpaid pledge, from the
 * status page. The look-up counts against the same per-address limit as the status, and one answer
 * serves every wrong reference-and-contact pair. A pledge has one order: the one it has is answered
 * again; one is asked of the gateway only when it has none (the gateway was down at the pledge, or
 * not configured then), under a lock on the pledge, so ten calls at once make one order.
 */
export async function payOnline(services: Services, input: { reference: string; contact: string }, meta: RequestMeta): Promise<{ orderId: string; keyId: string }> {
  // Counted first, whatever follows: the same limit as the status look-up.
  await consumeLookup(services, meta);
  const config = services.config.razorpay;
  if (!config) throw new AppError('NOT_FOUND', { userMessage: ONLINE_PAYMENTS_OFF });
  const contactKey = contactKeyOf((purpose, value) => services.vault.blindIndex(purpose, value), input.contact);
  const { rows } = await services.db.query<{ reference: string }>(`SELECT reference FROM donations WHERE reference = $1 AND $2 = ANY(contact_keys)`, [input.reference, contactKey]);
  if (!rows[0]) throw new AppError('NOT_FOUND', { userMessage: NO_MATCHING_DONATION });
  const client = razorpayClientOf(config);
  const streamId = donationStreamId(input.reference);
  // Kept across a retried attempt: an order the gateway made is not asked for twice.
  let made: GatewayOrder | null = null;
  const { state } = await handleCommand(services, {
    async read(tx) {
      await tx.query(`SELECT pg_advisory_xact_lock($1, hashtext($2))`, [ORDER_LOCK_NAMESPACE, streamId]);
      const donation = await foldStream(services.eventStore, tx, streamId, evolveDonation, noDonation);
      const current = donation.state;
      if (!current.exists) throw new AppError('NOT_FOUND', { userMessage: NO_MATCHING_DONATION });
      if (current.status !== 'awaiting_payment' && current.status !== 'abandoned') {
        throw new AppError('CONFLICT', { userMessage: current.status === 'proof_received' ? PAY_ONLINE_PROOF_SENT : PAY_ONLINE_NOT_PAYABLE });
      }
      if (isForeignContribution(current)) throw new AppError('CONFLICT', { userMessage: PAY_ONLINE_FOREIGN });
      if (current.order === null && made === null) {
        try {
          made = await client.createOrder({ amountPaise: current.amountPaise, receipt: formatReference(current.reference), notes: { reference: formatReference(current.reference), cause: current.cause } });
        } catch (error) {
          services.log.warn({ reference: input.reference, err: error instanceof Error ? error.message : String(error) }, 'payment gateway: no order for the pledge on its status page');
          throw new AppError('SERVICE_UNAVAILABLE', { userMessage: PAY_ONLINE_GATEWAY_DOWN, retryAfterSeconds: GATEWAY_RETRY_AFTER_SECONDS });
        }
      }
      return donation;
    },
    decide(current) {
      if (current.order !== null || made === null) return [];
      const created: DonationOrderCreated = {
        type: 'DonationOrderCreated',
        data: { reference: current.reference, gateway: 'razorpay', orderId: made.id, amountPaise: made.amount, createdAt: services.now().toISOString() },
      };
      return [{ streamId, events: [created] }];
    },
    metadata: eventMetadata(meta),
  });
  const orderId = state.order?.orderId ?? made!.id;
  return { orderId, keyId: client.keyId };
}
