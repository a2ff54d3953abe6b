import { metaOf } from '#server/trpc/context';
import { adminProcedure } from '#server/trpc/procedures';
import { ZRefundOnlinePaymentRequestSchema, ZRefundOnlinePaymentResponseSchema } from './refund-online-payment.schema.ts';
import { refundOnlinePayment } from './online-refunds.ts';

/** Finance, signed in with the second factor as for every finance action (authedProcedure refuses an account still without it). */
export const refundOnlinePaymentRoute = adminProcedure('finance')
  .input(ZRefundOnlinePaymentRequestSchema)
  .output(ZRefundOnlinePaymentResponseSchema)
  .mutation(({ ctx, input }) => refundOnlinePayment(ctx.services, input, metaOf(ctx)));
