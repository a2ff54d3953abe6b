import { z } from 'zod';
import { defineJob } from '#server/queue/job';
import type { GatewayEventReceived } from '../donations.events.ts';
import { processRazorpayDelivery } from './online-payments.ts';

const ZPaymentNoticeSchema = z.object({
  id: z.string(),
  amountPaise: z.number().int(),
  currency: z.string(),
  status: z.string(),
  orderId: z.string().nullable(),
  errorCode: z.string().nullable(),
  errorReason: z.string().nullable(),
});

const ZReceivedSchema = z.object({
  gateway: z.literal('razorpay'),
  eventId: z.string(),
  eventIdFrom: z.enum(['header', 'body']),
  event: z.string(),
  payment: ZPaymentNoticeSchema.nullable(),
  order: z.object({ id: z.string(), reference: z.string().nullable() }).nullable(),
  refund: z.object({ id: z.string(), paymentId: z.string(), amountPaise: z.number().int(), currency: z.string(), status: z.string(), noteReference: z.string().nullable() }).nullable(),
  subscription: z.object({ id: z.string(), status: z.string() }).nullable(),
  receivedAt: z.string(),
}) satisfies z.ZodType<GatewayEventReceived['data']>;

/**
 * A webhook delivery the endpoint recorded and answered `received` (decision 083), handled here as
 * the endpoint handled it before: a captured payment verifies its donation (or is flagged), a refund
 * cancels its gift, a failed payment is shown, a subscription's charge verifies its month's gift.
 * Exactly once in effect, whichever of the page's callback and this job comes first; a retry, or a
 * second run, records nothing more. A gateway that cannot be reached fails the job, and the queue
 * retries it; one that never answers leaves it in the failed jobs' list, and the nightly check
 * lists its payment as captured but not verified (decision 069).
 */
export const processRazorpayEventJob = defineJob<GatewayEventReceived, GatewayEventReceived['data']>({
  name: 'process-razorpay-event',
  on: ['GatewayEventReceived'],
  payload: ZReceivedSchema,
  async run({ event, payload }, context) {
    const outcome = await processRazorpayDelivery(context, payload, { actor: 'razorpay', correlationId: event.metadata.correlationId, causationId: event.eventId });
    context.log.info({ event: payload.event, eventId: payload.eventId, outcome }, 'payment gateway: webhook delivery handled');
  },
});
