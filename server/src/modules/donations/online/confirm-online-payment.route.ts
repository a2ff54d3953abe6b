import { metaOf } from '#server/trpc/context';
import { publicProcedure } from '#server/trpc/procedures';
import { ZConfirmOnlinePaymentRequestSchema, ZConfirmOnlinePaymentResponseSchema } from './online-payments.schema.ts';
import { confirmCheckoutPayment } from './online-payments.ts';

/** The page's callback after Checkout (issue 33): checked, then recorded as the webhook records it. */
export const confirmOnlinePaymentRoute = publicProcedure
  .input(ZConfirmOnlinePaymentRequestSchema)
  .output(ZConfirmOnlinePaymentResponseSchema)
  .mutation(({ ctx, input }) => confirmCheckoutPayment(ctx.services, input, metaOf(ctx)));
